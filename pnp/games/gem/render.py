"""GEM card renderer: a component plus the layout's boxes → the Drawing of one face.

Every GEM card is two-way. The layout's boxes describe the investment end (the bottom half,
green tag); the loan end is the same drawing turned 180 degrees with the red tag and the loan
number, so whichever end faces a player reads upright. Coins show their value at both ends.
A number that reads as another from the far end (6 and 9, 66, 89 …) is underlined, and every
gem carries the letter of its kind, so neither numbers nor gems rest on orientation or colour.
"""
from __future__ import annotations

from ...render.cards import background, bleed_rect, text_in, turned, underline
from ...geometry.drawing import PT, WHITE, Color, Drawing
from ...load.layout import Box
from ...load.spec import Item
from ..base import RenderContext
from . import art, rules

FELT = Color.hex("#1b2433")
GOLD = Color.hex("#d9b44a")
# The two ends of every two-way card, as printed (the seed's 投資 / 貸款).
ENDS = {
    "invest": {"en": "INVEST", "zh-TW": "投資", "colour": "#1e9e4a"},
    "loan": {"en": "LOAN", "zh-TW": "貸款", "colour": "#d2232a"},
}


def render_face(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, FELT)
    # no frame near the trim, where a slightly-off cut would show; only the line between the ends
    d.line(3, ed.height / 2, ed.width - 3, ed.height / 2, stroke=GOLD.darker(0.35), width=0.25)
    if item.kind == "coin":
        ends = {"invest": item["value"], "loan": item["value"]}
    else:
        ends = {"invest": item["invest"], "loan": item["loan"]}
    _end(d, item, "invest", ends["invest"], ctx)
    _end(turned(d, ed), item, "loan", ends["loan"], ctx)
    return d


def _end(d: Drawing, item: Item, end: str, number: int, ctx: RenderContext) -> None:
    ed = ctx.template
    tag = ENDS[end]
    colour = Color.hex(tag["colour"])
    band = ed.box("band")
    d.rect(*bleed_rect(band, ed, ctx.bleed), fill=colour)
    text_in(d, ed.boxes.get("label", band), ctx.name(tag), WHITE)
    _number(d, ed.box("number"), number, colour)
    gems = ed.box("gems")
    if item.kind == "coin":
        r = min(gems.w, gems.h) / 2 * 0.92
        art.coin(d, gems.cx, gems.cy, r, item["value"], r / PT * 0.95)
    else:
        _stones(d, gems, item["gems"], ctx, ed.boxes.get("names"))


def _number(d: Drawing, box: Box, number: int, colour: Color) -> None:
    r = min(box.w, box.h) / 2
    d.circle(box.cx, box.cy, r, fill=WHITE)
    d.circle(box.cx, box.cy, r * 0.86, fill=colour)
    # fit the number to the coloured disc, not to the square around it: a two-digit number would
    # run into the white ring and its underline vanish there
    inner = r * 0.86 * 0.8
    size = text_in(d, Box(box.cx - inner, box.y, 2 * inner, box.h, box.text), str(number), WHITE)
    # a two-way card is read from both ends: a 6 is underlined so it is not taken for a 9
    underline(d, box.cx, box.cy - size * PT * 0.36, str(number), size, WHITE)


def _stones(d: Drawing, box: Box, gems: list[str], ctx: RenderContext, names: Box | None) -> None:
    n = len(gems)
    # stack the stones or set them side by side, whichever lets them be larger
    s_stacked, s_side = min(box.w, box.h / n), min(box.h, box.w / n)
    if s_stacked > s_side:
        s = s_stacked
        centres = [(box.cx, box.top - s * (i + 0.5) - (box.h - s * n) / 2) for i in range(n)]
    else:
        s = s_side
        centres = [(box.x + (box.w - s * n) / 2 + s * (i + 0.5), box.cy) for i in range(n)]
    kinds = rules.gem_kinds(ctx.spec.game)
    for kind, (cx, cy) in zip(gems, centres):
        label = ctx.name(kinds[kind]["name"])
        art.gem(d, kind, cx, cy, s * 0.92, kinds[kind]["colour"])
        art.badge(d, cx, cy, s, rules.gem_letter(label))
        if names is not None:
            text_in(d, Box(cx - s / 2, names.y, s, names.h, names.text), label, WHITE.darker(0.1), bold=False)


def render_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    """The shared back: the same after a half turn, so a face-down two-way card does not show
    which end is up."""
    ed = ctx.template
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, FELT)
    cx, cy = ed.width / 2, ed.height / 2
    step = min(ed.width, ed.height) / 4
    kx, ky = int(ed.width / 2 / step) + 2, int(ed.height / 2 / step) + 2
    for i in range(-kx, kx + 1):  # a lattice symmetric about the centre
        for j in range(-ky, ky + 1):
            x, y, r = cx + i * step, cy + j * step, step * 0.28
            d.polygon([(x, y + r), (x + r * 0.8, y), (x, y - r), (x - r * 0.8, y)], stroke=GOLD.darker(0.55), width=0.2)
    w = min(ed.width * 0.8, ed.height * 0.3)
    d.rect(cx - w / 2, cy - w / 2, w, w, r=w * 0.12, fill=FELT, stroke=GOLD, width=0.4)
    art.ruby(d, cx, cy, w * 0.7, Color.hex(rules.gem_kinds(ctx.spec.game)["diamond"]["colour"]).darker(0.12), glint=False)
    title = back.get("title") or ctx.spec.name
    title = ctx.name(title) if isinstance(title, dict) else title
    band = Box(0, cy + w / 2 + 1, ed.width, min(ed.height * 0.12, ed.width * 0.4))
    text_in(d, band, title, GOLD)
    text_in(turned(d, ed), band, title, GOLD)
    return d
