"""Parsed TrueType metrics kept between runs, so that a fresh process does not parse a font again.

ReportLab reads a TrueType file's character map, widths and glyph offsets on every start (Droid
Sans Fallback, the Chinese face: 70 ms; each DejaVu face 10 ms). `ttfont(name, path)` gives the
same `TTFont` ReportLab would, its face's parsed tables read back from a cache file named after
the font file's hash (BLAKE2 of its bytes, ReportLab's version and this format's), so an edited or
replaced font is parsed again. The cache is plain JSON — numbers, strings, lists, tagged for the
few types JSON lacks — never pickle: a file in the cache folder cannot run code, and one that is
damaged, too large or of another shape is ignored and rewritten. The folder is
`platformdirs.user_cache_dir("pnp")/fonts` ($XDG_CACHE_HOME/pnp/fonts on Linux), or `PNP_CACHE_DIR`
when set (the tests point it at a temporary folder; an empty value turns the cache off).
Writes are atomic (a temporary file renamed); a folder that cannot be written is no error.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from reportlab import Version
from reportlab.pdfbase import pdfmetrics, ttfonts

FORMAT = 1
MAX_BYTES = 64 << 20  # a cache file larger than this is not read (Droid Sans Fallback's is ~3 MB)
# What extractInfo sets on a face, as the cache keeps it; _pdfScale (a function) is rebuilt.
KEYS = ("name", "familyName", "styleName", "fullName", "uniqueFontID", "fontRevision", "unitsPerEm", "bbox",
        "ascent", "descent", "capHeight", "stemV", "italicAngle", "underlinePosition", "underlineThickness", "flags",
        "numGlyphs", "_full_font", "charToGlyph", "glyphToChar", "charWidths", "hmetrics", "defaultWidth",
        "glyphPos", "_pos")
NAMES = {"name", "familyName", "styleName", "fullName", "uniqueFontID"}  # TTFNameBytes
INT_KEYED = {"charToGlyph", "glyphToChar", "charWidths"}  # dicts keyed by code point or glyph
TUPLES = {"fontRevision"}


def cache_dir() -> Path | None:
    """Where parsed fonts are kept, or None when the cache is off (PNP_CACHE_DIR set empty)."""
    given = os.environ.get("PNP_CACHE_DIR")
    if given is not None:
        return Path(given) / "fonts" if given else None
    import platformdirs

    return Path(platformdirs.user_cache_dir("pnp")) / "fonts"


def ttfont(name: str, path: str | Path) -> ttfonts.TTFont:
    """ReportLab's TTFont for the file, its metrics from the cache when it holds them."""
    data = Path(path).read_bytes()
    folder = cache_dir()
    digest = hashlib.blake2b(data, digest_size=20)
    digest.update(f"|reportlab {Version}|format {FORMAT}".encode())
    cached = folder / f"{digest.hexdigest()}.json" if folder is not None else None
    face = _Face(str(path), data, _read(cached) if cached else None)
    if cached is not None and not face.from_cache:
        _write(cached, face)
    return _font(name, face)


class _Face(ttfonts.TTFontFace):
    """A TTFontFace whose tables are read back from `saved` when given, else parsed as ReportLab does."""

    def __init__(self, filename: str, data: bytes, saved: dict | None):
        pdfmetrics.TypeFace.__init__(self, None)
        import io

        ttfonts.TTFontParser.__init__(self, io.BytesIO(data), validate=0)
        self.filename = filename  # as ReportLab's own parse of the path names it
        self.from_cache = saved is not None and _restore(self, saved)
        if not self.from_cache:
            self.extractInfo(1)


def _font(name: str, face: _Face) -> ttfonts.TTFont:
    """ReportLab's TTFont around a face already read (TTFont.__init__ would parse the file again)."""
    from fnmatch import fnmatch
    from weakref import WeakKeyDictionary

    from reportlab import rl_config

    font = ttfonts.TTFont.__new__(ttfonts.TTFont)
    font.fontName, font.face = name, face
    font.encoding = ttfonts.TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, g) for g in getattr(ttfonts, "unShapedFontGlob", ()))
    return font


def _encode(key: str, value: Any) -> Any:
    if key in NAMES:
        return value.ustr
    if key in INT_KEYED:
        return [list(value), list(value.values())]
    return value


def _restore(face: _Face, saved: dict) -> bool:
    """Set the saved tables on the face; False (the face untouched) when they are not all there and
    of the shape this format writes."""
    try:
        if saved.get("format") != FORMAT or set(saved.get("face", ())) != set(KEYS):
            return False
        got = {}
        for key in KEYS:
            v = saved["face"][key]
            if key in NAMES:
                got[key] = ttfonts.TTFNameBytes(str(v).encode("utf8"))
            elif key in INT_KEYED:
                keys, values = v
                if not isinstance(keys, list) or not isinstance(values, list) or len(keys) != len(values):
                    return False
                got[key] = dict(zip(map(int, keys), values))
            elif key in TUPLES:
                got[key] = tuple(v)
            elif key == "hmetrics":
                got[key] = [tuple(m) for m in v]
            else:
                got[key] = v
    except (TypeError, ValueError, KeyError):
        return False
    vars(face).update(got)
    per_em = face.unitsPerEm
    face._pdfScale = (lambda x: x) if per_em == 1000 else (lambda x, m=1000 / per_em: x * m)
    return True


def _read(path: Path) -> dict | None:
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        saved = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return saved if isinstance(saved, dict) else None


def _write(path: Path, face: _Face) -> None:
    body = {"format": FORMAT, "face": {k: _encode(k, getattr(face, k)) for k in KEYS}}
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(body, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass  # its folder is not there, or not a folder: nothing was written
