"""Parsed TrueType metrics kept between runs, so that a fresh process does not parse a font again.

ReportLab reads a TrueType file's character map, widths and glyph offsets on every start (Droid
Sans Fallback, the Chinese face: 70 ms; each DejaVu face 10 ms). `ttfont(name, path)` gives the
same `TTFont` ReportLab would, its face's parsed tables read back from a cache file named after
the font file's hash (SHA-256 of its bytes, ReportLab's version and this format's; OpenSSL's
SHA-256 takes half BLAKE2's time, and every cold start pays it), so an edited or replaced font is
parsed again. A cache file is a JSON header (the face's names and
numbers) and its tables as flat arrays of numbers read with `array.frombytes` — never pickle: a
file in the cache folder cannot run code, and one that is damaged, too large or of another shape
is ignored and rewritten. The folder is
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

FORMAT = 2
MAGIC = b"pnp-font-metrics\n"
MAX_BYTES = 64 << 20  # a cache file larger than this is not read (Droid Sans Fallback's is ~2 MB)
# What extractInfo sets on a face: scalars (JSON in the file's header), then the big tables, kept
# as flat arrays of numbers (array.frombytes: no parsing, no objects but numbers); _pdfScale, a
# function, is rebuilt.
SCALARS = ("name", "familyName", "styleName", "fullName", "uniqueFontID", "fontRevision", "unitsPerEm", "bbox",
           "ascent", "descent", "capHeight", "stemV", "italicAngle", "underlinePosition", "underlineThickness",
           "flags", "numGlyphs", "_full_font", "defaultWidth", "_pos")
TABLES = ("charToGlyph", "glyphToChar", "charWidths", "hmetrics", "glyphPos")
KEYS = SCALARS + TABLES
NAMES = {"name", "familyName", "styleName", "fullName", "uniqueFontID"}  # TTFNameBytes
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
    digest = hashlib.sha256(data)
    digest.update(f"|reportlab {Version}|format {FORMAT}".encode())
    cached = folder / f"{digest.hexdigest()[:40]}.metrics" if folder is not None else None
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

    def __getattr__(self, name: str) -> Any:
        """A table read from the cache, made from its columns when first asked for: measuring text
        needs the character map and widths, embedding the font the glyph offsets and metrics,
        nothing the map from glyphs back to characters."""
        columns = self.__dict__.get("_columns")
        if name not in TABLES or columns is None:
            raise AttributeError(name)
        value = _table(name, columns)
        setattr(self, name, value)
        return value


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


def _columns(face) -> dict[str, list]:
    """The face's tables as columns of numbers, in the order the file keeps them."""
    g2c = face.glyphToChar
    return {"c2g.k": list(face.charToGlyph), "c2g.v": list(face.charToGlyph.values()),
            "g2c.k": list(g2c), "g2c.n": [len(v) for v in g2c.values()], "g2c.v": [c for v in g2c.values() for c in v],
            "cw.k": list(face.charWidths), "cw.v": list(face.charWidths.values()),
            "hm.aw": [m[0] for m in face.hmetrics], "hm.lsb": [m[1] for m in face.hmetrics],
            "pos": list(face.glyphPos)}


def _table(name: str, packed: dict[str, tuple]) -> Any:
    """One of the face's tables, made from its columns (unpacked here: only the tables used are)."""
    cols = _Columns(packed)
    if name == "charToGlyph":
        return dict(zip(cols["c2g.k"], cols["c2g.v"], strict=True))
    if name == "charWidths":
        return dict(zip(cols["cw.k"], cols["cw.v"], strict=True))
    if name in ("hmetrics", "glyphPos"):  # read by glyph number, only for the glyphs a PDF embeds
        if name == "glyphPos":
            return _numbers(*packed["pos"])
        aw, lsb = _numbers(*packed["hm.aw"]), _numbers(*packed["hm.lsb"])
        if len(aw) != len(lsb):
            raise ValueError("hmetrics")
        return _Metrics(aw, lsb)
    g2c, at = {}, 0
    values = cols["g2c.v"]
    for k, n in zip(cols["g2c.k"], cols["g2c.n"], strict=True):
        g2c[k] = values[at:at + max(n, 0)]
        at += max(n, 0)
    return g2c


class _Metrics:
    """A face's horizontal metrics, (advance, left side bearing) by glyph number, as reportlab's
    list of pairs reads (`hmetrics[glyph]`), kept as two arrays of numbers: reportlab reads them
    only when it embeds a font, for the glyphs the PDF uses, and a list of 6,000 pairs made in
    every process that builds was 0.7 MB of objects a face."""

    __slots__ = ("aw", "lsb")

    def __init__(self, aw, lsb):
        self.aw, self.lsb = aw, lsb

    def __len__(self) -> int:
        return len(self.aw)

    def __getitem__(self, glyph: int) -> tuple:
        return self.aw[glyph], self.lsb[glyph]


def _numbers(code: str, data: bytes, mask: bytes):
    """A column as an array of numbers, indexed as the list would be (the list itself where ints
    and floats mix: the array would give every number as a float)."""
    if mask:
        return _unpack(code, data, mask)
    from array import array

    values = array(code)
    values.frombytes(data)
    return values


class _Columns(dict):
    def __missing__(self, name: str) -> list:
        return _unpack(*self.packed[name])

    def __init__(self, packed: dict[str, tuple]):
        super().__init__()
        self.packed = packed


def _pack(values: list) -> tuple[str, bytes, bytes]:
    """A column as (typecode, its numbers' bytes, a mask of which are ints when ints and floats mix:
    ReportLab keeps some widths as int and some as float, and the cache gives each back as it was)."""
    from array import array

    ints = [type(v) is int for v in values]
    if all(ints):
        return "q", array("q", values).tobytes(), b""
    if not any(ints):
        return "d", array("d", values).tobytes(), b""
    return "d", array("d", values).tobytes(), bytes(ints)


def _unpack(code: str, data: bytes, mask: bytes) -> list:
    from array import array

    values = array(code)
    values.frombytes(data)
    out = values.tolist()
    if mask:
        if len(mask) != len(out):
            raise ValueError("mask")
        out = [int(v) if m else v for v, m in zip(out, mask)]
    return out


def _restore(face: _Face, saved: tuple[dict, bytes]) -> bool:
    """Set the saved tables on the face; False (the face untouched) when they are not all there and
    of the shape this format writes."""
    header, body = saved
    try:
        scalars, layout = header["scalars"], header["columns"]
        if header.get("format") != FORMAT or set(scalars) != set(SCALARS):
            return False
        got: dict[str, Any] = {}
        for key in SCALARS:
            v = scalars[key]
            got[key] = (ttfonts.TTFNameBytes(str(v).encode("utf8")) if key in NAMES
                        else tuple(v) if key in TUPLES else v)
        cols, at = {}, 0
        for name, code, size, masked in layout:
            if code not in ("q", "d") or not isinstance(size, int) or size % 8 or at + size + masked > len(body):
                return False
            if masked and masked != size // 8:
                return False
            cols[name] = (code, body[at:at + size], body[at + size:at + size + masked])  # unpacked when used
            at += size + masked
        if at != len(body) or set(cols) != set(_COLUMN_NAMES) or not _consistent(cols):
            return False
    except (TypeError, ValueError, KeyError):
        return False
    vars(face).update(got)
    face._columns = cols
    per_em = face.unitsPerEm
    face._pdfScale = (lambda x: x) if per_em == 1000 else (lambda x, m=1000 / per_em: x * m)
    return True


def _consistent(cols: dict[str, list]) -> bool:
    """The columns pair up as the tables they make need (checked before any is made)."""
    pairs = (("c2g.k", "c2g.v"), ("cw.k", "cw.v"), ("hm.aw", "hm.lsb"), ("g2c.k", "g2c.n"))
    return all(len(cols[a][1]) == len(cols[b][1]) for a, b in pairs)


_COLUMN_NAMES = ("c2g.k", "c2g.v", "g2c.k", "g2c.n", "g2c.v", "cw.k", "cw.v", "hm.aw", "hm.lsb", "pos")


def _read(path: Path) -> tuple[dict, bytes] | None:
    """(header, the columns' bytes) of a cache file, or None when it is missing, too big or not one."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if not data.startswith(MAGIC):
        return None
    end = data.find(b"\n", len(MAGIC))
    try:
        header = json.loads(data[len(MAGIC):end]) if end > 0 else None
    except ValueError:
        return None
    return (header, data[end + 1:]) if isinstance(header, dict) else None


def _write(path: Path, face: _Face) -> None:
    scalars = {k: getattr(face, k).ustr if k in NAMES else getattr(face, k) for k in SCALARS}
    layout, blobs = [], []
    for name, values in _columns(face).items():
        code, data, mask = _pack(values)
        layout.append([name, code, len(data), len(mask)])
        blobs += [data, mask]
    header = json.dumps({"format": FORMAT, "scalars": scalars, "columns": layout}, separators=(",", ":"))
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(b"".join([MAGIC, header.encode("utf-8"), b"\n", *blobs]))
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass  # its folder is not there, or not a folder: nothing was written
