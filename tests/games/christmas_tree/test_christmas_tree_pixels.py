"""Christmas Tree looked at as pixels (pypdfium2 renders the built PDF): a bauble's snowflake
symbols are its points (the seed: 裝飾卡上的「雪花符號」代表卡片的分數), so every bauble face shows
exactly as many snowflakes as the spec says it is worth, no more (once, not once at each side)."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import shipped_components
from PIL import Image, ImageDraw

from pnp.games.christmas_tree import art

GAME = "christmas-tree"
DPI = 150
PX = DPI / 25.4  # pixels per mm
SNOW = np.array([round(c * 255) for c in (art.SNOW.r, art.SNOW.g, art.SNOW.b)])
TOLERANCE = 3  # per channel: the symbol's own pixels, not the anti-aliased paper or a white glint
JOIN = 2  # px: a symbol's thin branches that anti-aliasing parts from its arms join again
SYMBOL = 200  # px: the least a snowflake covers at this resolution (a stray pixel is 25 once joined)


def components(mask: np.ndarray) -> list[int]:
    """The sizes of the 4-connected regions of a boolean image."""
    seen = np.zeros(mask.shape, bool)
    sizes = []
    for y0, x0 in zip(*np.nonzero(mask)):
        if seen[y0, x0]:
            continue
        seen[y0, x0], stack, size = True, [(y0, x0)], 0
        while stack:
            y, x = stack.pop()
            size += 1
            for yy, xx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= yy < mask.shape[0] and 0 <= xx < mask.shape[1] and mask[yy, xx] and not seen[yy, xx]:
                    seen[yy, xx] = True
                    stack.append((yy, xx))
        sizes.append(size)
    return sizes


def grown(mask: np.ndarray, r: int) -> np.ndarray:
    out = mask.copy()
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            out |= np.roll(np.roll(mask, dy, 0), dx, 1)
    return out


def snowflakes_on_bauble_faces(built) -> dict[str, int]:
    """Each bauble face's snowflake symbols, counted in the pixels inside its trim outline."""
    doc = pdfium.PdfDocument(str(built.pdf))
    counted = {}
    try:
        for page in built.pages("front"):
            baubles = [p for p in page["pieces"] if p["kind"] == "bauble"]
            if not baubles:
                continue
            rgb = np.asarray(doc[page["page"] - 1].render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
            snow = np.abs(rgb - SNOW).max(axis=2) <= TOLERANCE
            h = rgb.shape[0]
            for piece in baubles:
                outline = Image.new("1", (rgb.shape[1], h), 0)
                ImageDraw.Draw(outline).polygon([(x * PX, h - y * PX) for x, y in piece["outline_mm"]], fill=1)
                sizes = components(grown(snow & np.asarray(outline, dtype=bool), JOIN))
                counted[piece["id"]] = sum(s >= SYMBOL for s in sizes)
    finally:
        doc.close()
    return counted


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_bauble_shows_exactly_as_many_snowflakes_as_it_is_worth(shipped_build, lang):
    built = shipped_build(GAME) if lang == "en" else shipped_build(GAME, "--lang", lang)
    spec = shipped_components(GAME)
    want = {cid: c["snowflakes"] for cid, c in spec.items() if c.kind == "bauble"}
    assert snowflakes_on_bauble_faces(built) == want
