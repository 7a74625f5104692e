"""The vendored fonts: registration, text measurement, glyph coverage and font fallback.

Every backend draws text with these fonts, so a card measures the same everywhere. Text is
split into runs: DejaVu Sans first (Latin, symbols), Droid Sans Fallback for what DejaVu lacks
(Traditional Chinese). Bold Chinese is a true bold, Noto Sans CJK TC Bold (a subset of the
characters zh-TW cards print, fonts/make_cjk_bold.py); a bold character outside it falls back
to Droid Sans Fallback with its outline stroked (`FAUX_BOLD`). Characters no font has are
reported by `missing()` so the build can name the card; ReportLab itself would silently draw an
empty box.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..load.paths import FONTS_DIR

# (registered name, file) in fallback order, per weight
FACES = {
    False: [("DejaVuSans", "DejaVuSans.ttf"), ("DroidSansFallback", "DroidSansFallback.ttf")],
    True: [("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"), ("NotoSansTC-Bold", "NotoSansTC-Bold-subset.ttf"),
           ("DroidSansFallback", "DroidSansFallback.ttf")],
}
REGULAR = "DejaVuSans"
# Outline stroke, as a fraction of the type size, for a face with no bold weight (a bold Chinese
# character the bold subset lacks): light enough that the counters of a dense character such as
# 醬 stay open at 600 dpi (tests/render/test_cjk_bold.py); at 3.5 % they filled in.
FAUX_BOLD = 0.015


def has_bold(name: str) -> bool:
    """Whether the bold text list draws this face as a true bold (else it is emboldened)."""
    return name in {n for n, _ in FACES[True]} - {n for n, _ in FACES[False]}


@lru_cache(maxsize=None)
def _font(name: str, filename: str) -> TTFont:
    path = Path(FONTS_DIR) / filename
    font = TTFont(name, str(path))
    pdfmetrics.registerFont(font)
    return font


def register() -> None:
    """Register the first face of each weight. The fallbacks (the 4 MB CJK face) are read only
    when a character the first face lacks asks for them (`_has`), so an English build never
    parses them."""
    for faces in FACES.values():
        _font(*faces[0])


@lru_cache(maxsize=4096)
def _has(name: str, filename: str, ch: str) -> bool:
    return ord(ch) in _font(name, filename).face.charToGlyph


def font_for(ch: str, bold: bool = False) -> str | None:
    if ch in " \n":
        return FACES[bold][0][0]
    for name, filename in FACES[bold]:
        if _has(name, filename, ch):
            return name
    return None


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """Split text into (font name, substring) runs; characters no font has go to the first font."""
    return list(_runs(text, bold))


@lru_cache(maxsize=16384)
def _runs(text: str, bold: bool) -> tuple[tuple[str, str], ...]:
    # cached: text setting measures the same words many times while it breaks lines and shrinks type
    if text.isascii() and text.isprintable():  # the first face of each weight has every one of these
        return ((FACES[bold][0][0], text),) if text else ()
    out: list[tuple[str, str]] = []
    for ch in text:
        name = font_for(ch, bold) or FACES[bold][0][0]
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + ch)
        else:
            out.append((name, ch))
    return tuple(out)


def width(text: str, size: float, bold: bool = False) -> float:
    """Width of `text` at `size` points, in millimetres (text is as wide as its size: measured
    once at 1 pt, however many sizes the setter tries)."""
    return _unit_width(text, bold) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, bold: bool) -> float:
    register()
    pts = sum(pdfmetrics.stringWidth(s, name, 1.0) for name, s in _runs(text, bold))
    return pts * 25.4 / 72


def fit(text: str, size: float, max_width_mm: float, bold: bool = False, min_size: float = 4.0) -> float:
    """The largest size not above `size` at which `text` fits `max_width_mm`."""
    w = width(text, size, bold)
    if w <= max_width_mm or w == 0:
        return size
    return max(min_size, size * max_width_mm / w)


def missing(text: str, bold: bool = False) -> list[str]:
    """Characters of `text` that no vendored font can draw, in order of first appearance."""
    seen: list[str] = []
    for ch in text:
        if ch not in seen and font_for(ch, bold) is None and ch.isprintable():
            seen.append(ch)
        elif ch not in seen and not ch.isprintable() and ch not in "\n":
            seen.append(ch)
    return seen
