"""The fonts: registration, text measurement, glyph coverage and font fallback.

Every backend draws text with these fonts, so a card measures the same everywhere. Text is
split into runs: DejaVu Sans first (Latin, symbols), Droid Sans Fallback for what DejaVu lacks
(Traditional Chinese). Bold Chinese is a true bold, Noto Sans CJK TC Bold (a subset of the
characters zh-TW cards print, fonts/make_cjk_bold.py); a bold character outside it falls back
to Droid Sans Fallback with its outline stroked (`FAUX_BOLD`). Italic is DejaVu Sans Oblique
(and Bold Oblique); Chinese has no italic and is set upright. Characters no font has are
reported by `missing()` so the build can name the card; ReportLab itself would silently draw an
empty box.

A layout may declare families of its own (`fonts:`, pnp/load/typefaces.py): `add_family` registers
their files under each file's PostScript name, and a text whose `family` names one is set in it
first, falling back to the shipped faces of the same style for what it lacks (`fallen_back`
tells which characters did, for the build's report). A family without a bold or italic file sets
that style in its regular (bold: stroked, as the CJK fallback).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..folders import FONTS_DIR
from .fontcache import ttfont

# (registered name, file) in fallback order, per weight
FACES = {
    False: [("DejaVuSans", "DejaVuSans.ttf"), ("DroidSansFallback", "DroidSansFallback.ttf")],
    True: [("DejaVuSans-Bold", "DejaVuSans-Bold.ttf"), ("NotoSansTC-Bold", "NotoSansTC-Bold-subset.ttf"),
           ("DroidSansFallback", "DroidSansFallback.ttf")],
}
# ... and per (bold, italic): the obliques first, then the upright faces for what they lack (Chinese)
STYLES = {
    (False, False): FACES[False],
    (True, False): FACES[True],
    (False, True): [("DejaVuSans-Oblique", "DejaVuSans-Oblique.ttf"), *FACES[False][1:]],
    (True, True): [("DejaVuSans-BoldOblique", "DejaVuSans-BoldOblique.ttf"), *FACES[True][1:]],
}
SHIPPED = {name for faces in STYLES.values() for name, _ in faces}
# true bold faces: those the bold styles list that no regular style does (Droid, the CJK fallback,
# is in both: emboldened by a stroke); a layout's own bold files join them (add_family)
BOLD = {n for (bold, _), faces in STYLES.items() if bold for n, _ in faces} - \
    {n for (bold, _), faces in STYLES.items() if not bold for n, _ in faces}
REGULAR = "DejaVuSans"
STYLE_KEYS = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}
_FAMILIES: dict[str, dict[str, tuple[str, str]]] = {}  # family -> style key -> (registered name, file path)
# Outline stroke, as a fraction of the type size, for a face with no bold weight (a bold Chinese
# character the bold subset lacks): light enough that the counters of a dense character such as
# 醬 stay open at 600 dpi (tests/render/test_cjk_bold.py); at 3.5 % they filled in.
FAUX_BOLD = 0.015


def has_bold(name: str) -> bool:
    """Whether this face is a true bold (else a bold run in it is emboldened by a stroke)."""
    return name in BOLD


@lru_cache(maxsize=None)
def _font(name: str, filename: str) -> TTFont:
    path = Path(FONTS_DIR) / filename  # a family's own file is an absolute path: it stays as it is
    font = ttfont(name, str(path))  # its metrics parsed once per font file, then read from the cache
    pdfmetrics.registerFont(font)
    return font


def add_family(family: str, files: dict[str, tuple[str, Path]]) -> None:
    """A layout's family: style key ("regular", "bold", "italic", "bold_italic") -> (PostScript
    name, file). Registered under the PostScript name (a second file of the same name gets a
    suffix), read on first use. The same family declared again with other files replaces it."""
    named: dict[str, tuple[str, str]] = {}
    for style, (ps, path) in files.items():
        name, n = ps, 1
        while name in SHIPPED or any(v[0] == name and v[1] != str(path) for f in _FAMILIES.values() for v in f.values()):
            n += 1
            name = f"{ps}-{n}"
        named[style] = (name, str(path))
        if style in ("bold", "bold_italic"):
            BOLD.add(name)
    if _FAMILIES.get(family) != named:
        _FAMILIES[family] = named
        _chain.cache_clear()
        _runs.cache_clear()
        _unit_width.cache_clear()


@lru_cache(maxsize=None)
def _chain(bold: bool, italic: bool, family: str) -> tuple[tuple[str, str], ...]:
    """The faces a style is set in, in fallback order: the family's own first, then the shipped."""
    shipped = tuple(STYLES[(bold, italic)])
    own = _FAMILIES.get(family) if family else None
    if not own:
        return shipped
    key = STYLE_KEYS[(bold, italic)]
    first = own.get(key) or (own.get("bold") if bold else None) or (own.get("italic") if italic else None) \
        or own["regular"]
    return (first, *shipped)


def register() -> None:
    """Register the first face of each weight. The fallbacks (the 4 MB CJK face) are read only
    when a character the first face lacks asks for them (`_has`), so an English build never
    parses them."""
    for faces in FACES.values():
        _font(*faces[0])


@lru_cache(maxsize=4096)
def _has(name: str, filename: str, ch: str) -> bool:
    return ord(ch) in _font(name, filename).face.charToGlyph


def font_for(ch: str, bold: bool = False, italic: bool = False, family: str = "") -> str | None:
    chain = _chain(bold, italic, family)
    if ch in " \n":
        return chain[0][0]
    for name, filename in chain:
        if _has(name, filename, ch):
            return name
    return None


def runs(text: str, bold: bool = False, italic: bool = False, family: str = "") -> list[tuple[str, str]]:
    """Split text into (font name, substring) runs; characters no font has go to the first font."""
    return list(_runs(text, bold, italic, family))


@lru_cache(maxsize=16384)
def _runs(text: str, bold: bool, italic: bool = False, family: str = "") -> tuple[tuple[str, str], ...]:
    # cached: text setting measures the same words many times while it breaks lines and shrinks type
    chain = _chain(bold, italic, family)
    first = chain[0][0]
    _font(*chain[0])  # registered on first use (an oblique only when an italic run asks for it)
    out: list[tuple[str, str]] = []
    if family:  # a family of one's own may lack any character: each is looked for
        for ch in text:
            _add_run(out, font_for(ch, bold, italic, family) or first, ch)
        return tuple(out)
    # printable ASCII is the first shipped face's (it has every one of them): only the characters
    # between its stretches are looked for, one by one (a slug line is a hundred characters, two '·')
    for n, piece in enumerate(_NOT_ASCII.split(text)):
        if n % 2 == 0:
            if piece:
                _add_run(out, first, piece)
        else:
            for ch in piece:
                _add_run(out, font_for(ch, bold, italic, family) or first, ch)
    return tuple(out)


_NOT_ASCII = re.compile(r"([^ -~]+)")  # split: printable ASCII stretches at even places, the rest at odd


def _add_run(out: list[tuple[str, str]], name: str, chunk: str) -> None:
    if out and out[-1][0] == name:
        out[-1] = (name, out[-1][1] + chunk)
    else:
        out.append((name, chunk))


def width(text: str, size: float, bold: bool = False, italic: bool = False, family: str = "") -> float:
    """Width of `text` at `size` points, in millimetres (text is as wide as its size: measured
    once at 1 pt, however many sizes the setter tries)."""
    return _unit_width(text, bold, italic, family) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, bold: bool, italic: bool = False, family: str = "") -> float:
    register()
    pts = sum(pdfmetrics.stringWidth(s, name, 1.0) for name, s in _runs(text, bold, italic, family))
    return pts * 25.4 / 72


def fit(text: str, size: float, max_width_mm: float, bold: bool = False, min_size: float = 4.0) -> float:
    """The largest size not above `size` at which `text` fits `max_width_mm`."""
    w = width(text, size, bold)
    if w <= max_width_mm or w == 0:
        return size
    return max(min_size, size * max_width_mm / w)


def missing(text: str, bold: bool = False, italic: bool = False, family: str = "") -> list[str]:
    """Characters of `text` that no font can draw, in order of first appearance."""
    out: list[str] = []
    for ch in dict.fromkeys(text):  # each different character once, in order (linear in the text)
        drawn = font_for(ch, bold, italic, family) is not None if ch.isprintable() else ch == "\n"
        if not drawn:
            out.append(ch)
    return out


def fallen_back(text: str, bold: bool = False, italic: bool = False, family: str = "") -> list[str]:
    """Characters of `text` a family of one's own lacks, set in a shipped face instead."""
    if not family or family not in _FAMILIES:
        return []
    own = _chain(bold, italic, family)[0]
    return list(dict.fromkeys(ch for ch in text if not ch.isspace() and ch.isprintable()
                              and not _has(own[0], own[1], ch) and font_for(ch, bold, italic, family) is not None))
