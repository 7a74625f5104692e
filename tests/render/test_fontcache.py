"""Parsed fonts kept between runs (pnp/geometry/fontcache.py): a font read back from the cache
measures, maps and subsets exactly as ReportLab's own parse of the file; a damaged or foreign
cache file is never trusted, and an edited font is parsed again."""
from __future__ import annotations

import json

import pytest
from reportlab.pdfbase import ttfonts

from pnp.folders import FONTS_DIR
from pnp.geometry import fontcache

FONT = FONTS_DIR / "DejaVuSans.ttf"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    return tmp_path / "fonts"


def _tables(face) -> dict:
    """The face's tables, the ones read by glyph number as lists (a cached face keeps them as arrays)."""
    return {k: list(getattr(face, k)) if k in ("hmetrics", "glyphPos") else getattr(face, k) for k in fontcache.KEYS}


def test_a_cached_font_is_the_font_reportlab_parses(cache):
    parsed = ttfonts.TTFont("Ref", str(FONT))
    first = fontcache.ttfont("A", FONT)  # parses and writes the cache
    again = fontcache.ttfont("B", FONT)  # reads it back
    assert not first.face.from_cache and again.face.from_cache
    assert len(list(cache.glob("*.metrics"))) == 1
    assert _tables(again.face) == _tables(parsed.face)
    assert again.face.name.ustr == parsed.face.name.ustr == "DejaVuSans"
    text = "Strawberry jam — ½ ★ Ωmega"
    assert again.stringWidth(text, 11) == parsed.stringWidth(text, 11)
    codes = sorted({ord(c) for c in text})
    assert again.face.makeSubset(codes) == parsed.face.makeSubset(codes)  # the bytes a PDF embeds


def _damaged(good: bytes) -> list[bytes]:
    magic, rest = good.split(b"\n", 1)
    header, body = rest.split(b"\n", 1)
    head = json.loads(header)

    def with_header(**changes) -> bytes:
        return b"\n".join([magic, json.dumps({**head, **changes}).encode(), body])

    cols = [list(c) for c in head["columns"]]
    cols[0][2] += 8  # a column said longer than it is
    return [b"", b"garbage\n{}\n", magic + b"\n{not json\n" + body, with_header(format=99),
            with_header(columns=cols), with_header(columns=[[*c[:1], "O", *c[2:]] for c in head["columns"]]),
            with_header(scalars={k: v for k, v in head["scalars"].items() if k != "ascent"}),
            good[:-16],  # cut short
            good + b"\0" * 8]  # something after the last column


def test_a_damaged_or_foreign_cache_file_is_parsed_again_and_rewritten(cache):
    fontcache.ttfont("A", FONT)
    (path,) = cache.glob("*.metrics")
    good = path.read_bytes()
    parsed = _tables(ttfonts.TTFont("Ref", str(FONT)).face)
    damaged = _damaged(good)
    for bad in damaged:
        path.write_bytes(bad)
        font = fontcache.ttfont("A", FONT)
        assert not font.face.from_cache, bad[:60]
        assert _tables(font.face) == parsed
        assert path.read_bytes() == good  # rewritten whole
    assert len(damaged) == 9


def test_an_edited_font_is_not_read_from_the_cache_of_the_old_one(cache, tmp_path):
    copy = tmp_path / "Mine.ttf"
    copy.write_bytes(FONT.read_bytes())
    fontcache.ttfont("A", copy)
    data = bytearray(copy.read_bytes())
    data[-1] ^= 0xFF  # a byte of the last table changed: another file
    copy.write_bytes(bytes(data))
    assert not fontcache.ttfont("A", copy).face.from_cache
    assert len(list(cache.glob("*.metrics"))) == 2


def test_an_unwritable_cache_folder_or_none_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    assert fontcache.ttfont("A", FONT).stringWidth("Jam", 10) > 0
    monkeypatch.setenv("PNP_CACHE_DIR", "")
    assert fontcache.cache_dir() is None
    assert fontcache.ttfont("A", FONT).stringWidth("Jam", 10) > 0
    assert not list(tmp_path.rglob("*.metrics"))
