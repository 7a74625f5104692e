"""Looked at as pixels (pypdfium2 renders the PDF): every piece shows its art just inside its
outline, and no art lands anywhere outside the outlines grown by their bleed, in every packing."""
import math

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from polygons import grow

DPI = 50
PX = DPI / 25.4  # pixels per mm


def palette_image(colours):
    """A palette of the art colours, then paper, ink and the greys of marks and captions."""
    pal = Image.new("P", (1, 1))
    rgb = [tuple(round(c * 255) for c in (col.r, col.g, col.b)) for col in colours]
    rgb += [(255, 255, 255), (0, 0, 0), (77, 77, 77), (140, 140, 140), (64, 64, 64), (200, 200, 200)]
    flat = [v for c in rgb for v in c]
    pal.putpalette(flat + [0] * (768 - len(flat)))
    return pal, len(colours)


@pytest.fixture(scope="module")
def art(shapes_game):
    colours = dict(shapes_game.COLOURS)
    colours["back"] = shapes_game.BACK
    return list(colours), list(colours.values())


def pages(built):
    """Each page's pieces (both sides of a gutterfold sheet) with the page rendered."""
    doc = pdfium.PdfDocument(str(built.pdf))
    try:
        for n in sorted({e["page"] for e in built.map["pages"]}):
            pieces = [(e["side"], p) for e in built.map["pages"] if e["page"] == n for p in e["pieces"]]
            yield n, pieces, doc[n - 1].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def near(q, px, py, want) -> bool:
    """The colour shows at the pixel or one beside it (a hair line may cross the very pixel)."""
    return any(q.getpixel((int(px) + dx, int(py) + dy)) == want for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def to_px(x, y, height_px):
    return x * PX, height_px - y * PX


@pytest.mark.parametrize("options", [(), ("--diamonds", "spaced"), ("--backs", "gutterfold")])
def test_art_fills_every_outline_and_never_passes_its_bleed(shapes_build, art, options):
    names, colours = art
    built = shapes_build(*options)
    pal, n_art = palette_image(colours)
    checked = 0
    for n, pieces, img in pages(built):
        q = img.quantize(palette=pal, dither=Image.Dither.NONE)
        allowed = Image.new("L", img.size, 0)
        draw = ImageDraw.Draw(allowed)
        for side, p in pieces:
            bleed = built.map["templates"][p["template"]]["bleed_mm"]
            outline = [tuple(v) for v in p["outline_mm"]]
            shown = grow(outline, bleed)
            if "tile" in p:  # a tile's art runs past its window by the bleed on every side
                x, y, w, h = p["trim_mm"]
                shown = [(x - bleed, y - bleed), (x + w + bleed, y - bleed), (x + w + bleed, y + h + bleed), (x - bleed, y + h + bleed)]
            draw.polygon([to_px(x, y, img.height) for x, y in shown], fill=255)
            expected = names.index("back" if side == "back" else p["kind"])
            cx = sum(v[0] for v in outline) / len(outline)
            cy = sum(v[1] for v in outline) / len(outline)
            inset = 15.0 if "tile" in p else 2.0  # a tile's edges may hold a glue strip
            for vx, vy in outline[:: max(1, len(outline) // 8)]:
                d = math.dist((vx, vy), (cx, cy))
                k = (d - inset) / d  # in from the outline, towards the middle
                px, py = to_px(cx + (vx - cx) * k, cy + (vy - cy) * k, img.height)
                assert near(q, px, py, expected), (n, side, p["id"], p["copy"], vx, vy)
                checked += 1
        # every art-coloured pixel lies within some outline grown by its bleed (and 2 px of anti-aliasing)
        art_px = q.point([255 if i < n_art else 0 for i in range(256)], mode="L")
        stray = ImageChops.subtract(art_px, allowed.filter(ImageFilter.MaxFilter(5)))
        assert stray.getbbox() is None, (n, stray.getbbox())
    assert checked > 500
