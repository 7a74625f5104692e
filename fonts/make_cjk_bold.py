"""Make fonts/NotoSansTC-Bold-subset.ttf: the bold weight zh-TW text prints in.

Not run by builds: run it again only to change what the file holds (it needs fontTools, which pnp
itself does not: `python3 -m pip install fonttools`):

    python3 fonts/make_cjk_bold.py /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc

The source is Noto Sans CJK Bold (SIL Open Font License 1.1; Debian's `fonts-noto-cjk`). Its
outlines are CFF, which ReportLab cannot load, so this takes the Traditional Chinese face out of
the collection, keeps the characters zh-TW cards print (every one of Big5's 5,401 frequently
used characters, Big5's punctuation and symbols, and any other CJK character the shipped specs,
layouts and renderers contain) and converts the cubic outlines to TrueType quadratics (cu2qu,
within 1 unit of 1000). A bold character outside the subset falls back to Droid Sans Fallback,
emboldened (pnp/geometry/fonts.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fonts" / "NotoSansTC-Bold-subset.ttf"
FAMILY = "Noto Sans CJK TC"
MAX_ERR = 1.0  # font units (of 1000 to the em): far below a printer's dot at any card size


def big5(first: int, last: int) -> set[str]:
    """The characters of a range of Big5 double-byte codes (lead bytes first..last)."""
    out = set()
    for lead in range(first >> 8, (last >> 8) + 1):
        for trail in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            code = (lead << 8) | trail
            if first <= code <= last:
                try:
                    out.add(bytes([lead, trail]).decode("big5"))
                except UnicodeDecodeError:
                    pass
    return out


def shipped() -> set[str]:
    """Every CJK character (and CJK punctuation) in the shipped specs, layouts and renderers."""
    files = [*ROOT.glob("card_specs/**/*.yaml"), *ROOT.glob("layouts/*.yaml"), *ROOT.glob("pnp/**/*.py")]
    return {ch for f in files for ch in f.read_text(encoding="utf-8") if ord(ch) >= 0x2E80}


def characters() -> set[str]:
    symbols = big5(0xA140, 0xA3BF)  # punctuation, fullwidth forms, bopomofo
    frequent = big5(0xA440, 0xC67E)  # the 5,401 frequently used characters
    return symbols | frequent | shipped()


def tc_face(collection: str) -> TTFont:
    for font in TTCollection(collection).fonts:
        if font["name"].getDebugName(1) == FAMILY:
            return font
    raise SystemExit(f"{collection}: no '{FAMILY}' face")


def to_truetype(font: TTFont) -> None:
    """CFF outlines → glyf quadratics, in place (as fontTools' otf2ttf snippet does)."""
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphs = {}
    glyf.glyphOrder = font.getGlyphOrder()
    for name in glyf.glyphOrder:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyf[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: a quarter smaller, and PDFs never use them
    font.sfntVersion = "\x00\x01\x00\x00"


def main(collection: str) -> None:
    font = tc_face(collection)
    options = subset.Options()
    options.layout_features = []  # ReportLab does no shaping
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in characters()])
    sub.subset(font)
    for tag in ("GDEF", "GSUB", "GPOS", "BASE", "DSIG"):  # ReportLab uses none of them
        if tag in font:
            del font[tag]
    to_truetype(font)
    font.recalcTimestamp = False  # the same source makes the same file
    font.save(OUT)
    print(f"{OUT.name}: {len(font.getGlyphOrder())} glyphs, {OUT.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
