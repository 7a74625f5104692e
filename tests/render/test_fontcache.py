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
    return {k: getattr(face, k) for k in fontcache.KEYS}


def test_a_cached_font_is_the_font_reportlab_parses(cache):
    parsed = ttfonts.TTFont("Ref", str(FONT))
    first = fontcache.ttfont("A", FONT)  # parses and writes the cache
    again = fontcache.ttfont("B", FONT)  # reads it back
    assert not first.face.from_cache and again.face.from_cache
    assert len(list(cache.glob("*.json"))) == 1
    assert _tables(again.face) == _tables(parsed.face)
    assert again.face.name.ustr == parsed.face.name.ustr == "DejaVuSans"
    text = "Strawberry jam — ½ ★ Ωmega"
    assert again.stringWidth(text, 11) == parsed.stringWidth(text, 11)
    codes = sorted({ord(c) for c in text})
    assert again.face.makeSubset(codes) == parsed.face.makeSubset(codes)  # the bytes a PDF embeds


def test_a_damaged_or_foreign_cache_file_is_parsed_again_and_rewritten(cache):
    fontcache.ttfont("A", FONT)
    (path,) = cache.glob("*.json")
    good = json.loads(path.read_text())
    for bad in ("{not json", json.dumps([1, 2]), json.dumps({"format": 99, "face": good["face"]}),
                json.dumps({"format": 1, "face": {**good["face"], "charToGlyph": [[1, 2], [3]]}}),
                json.dumps({"format": 1, "face": {k: v for k, v in good["face"].items() if k != "glyphPos"}})):
        path.write_text(bad)
        font = fontcache.ttfont("A", FONT)
        assert not font.face.from_cache, bad[:40]
        assert _tables(font.face) == _tables(ttfonts.TTFont("Ref", str(FONT)).face)
        assert json.loads(path.read_text()) == good  # rewritten whole


def test_an_edited_font_is_not_read_from_the_cache_of_the_old_one(cache, tmp_path):
    copy = tmp_path / "Mine.ttf"
    copy.write_bytes(FONT.read_bytes())
    fontcache.ttfont("A", copy)
    data = bytearray(copy.read_bytes())
    data[-1] ^= 0xFF  # a byte of the last table changed: another file
    copy.write_bytes(bytes(data))
    assert not fontcache.ttfont("A", copy).face.from_cache
    assert len(list(cache.glob("*.json"))) == 2


def test_an_unwritable_cache_folder_or_none_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocker))
    assert fontcache.ttfont("A", FONT).stringWidth("Jam", 10) > 0
    monkeypatch.setenv("PNP_CACHE_DIR", "")
    assert fontcache.cache_dir() is None
    assert fontcache.ttfont("A", FONT).stringWidth("Jam", 10) > 0
    assert not list(tmp_path.rglob("*.json"))
