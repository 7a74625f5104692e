"""Christmas Tree card renderer: a component plus the layout's boxes → the Drawing of one side.

Decorations (diamonds) are drawn here: a half-bubble on each edge in the colour the spec gives
(the edges in the order of `board.py`: upper-left, upper-right, lower-right, lower-left as
printed), and in the middle the bauble, the gingerbread man with his four side symbols and his
points on his buttons, or the candy. A bauble's snowflakes stand once above it, one symbol a
point (they read the same either way up); a player may lay a decoration upside down, so a
candy's number stands in the left corner and again, turned, in the right one.
The "4" mark stands at the bottom. Goal cards are drawn by `render_goal`, the cookie, the tree
board, the score track and the markers by `render_pieces`.
"""
from __future__ import annotations

import math

from ...geometry import fonts
from ...render.cards import background, text_in, turned
from ...geometry.drawing import PT, Color, Drawing, Path
from ...load.layout import Box, Template
from ...load.spec import Item
from ..base import RenderContext
from . import art, render_goal, render_pieces, rules

PINE = Color.hex("#1d4a31")
PINE_LIGHT = Color.hex("#275d3e")
BACK_RED = Color.hex("#8a1c2a")
BUBBLE_R = 5.4  # mm: a half-bubble's radius; two cards edge to edge make one round bubble of it


def render_face(item: Item, ctx: RenderContext) -> Drawing:
    return FACES[item.kind](item, ctx)


def render_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    return BACKS[back.kind](back, ctx, card)


# -- decorations --------------------------------------------------------------------------------

def edges(t: Template) -> list[tuple[tuple[float, float], tuple[float, float], tuple[float, float]]]:
    """Each edge of the diamond as printed, in the spec's order (0 upper-left, 1 upper-right,
    2 lower-right, 3 lower-left): its midpoint, its direction and the normal pointing inwards."""
    bottom, right, top, left = t.outline.corners()
    out = []
    for a, b in ((left, top), (top, right), (right, bottom), (bottom, left)):
        length = math.dist(a, b)
        u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        n = (u[1], -u[0])  # corners run clockwise here, so this normal points into the card
        out.append((mid, u, n))
    return out


def half_bubble(mid, u, n, r: float) -> Path:
    """A half-disc whose straight side lies on the edge, centred on the edge's midpoint."""
    k = 0.5523 * r
    (mx, my), (ux, uy), (nx, ny) = mid, u, n
    ax, ay, bx, by = mx - r * ux, my - r * uy, mx + r * ux, my + r * uy
    px, py = mx + r * nx, my + r * ny
    p = Path().move(ax, ay)
    p.curve(ax + k * nx, ay + k * ny, px - k * ux, py - k * uy, px, py)
    p.curve(px + k * ux, py + k * uy, bx + k * nx, by + k * ny, bx, by)
    return p.close()


def _decoration(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, PINE)
    d.path(t.outline.path(-7.0), fill=PINE_LIGHT)
    for (mid, u, n), colour in zip(edges(t), item["bubbles"]):
        c = Color.hex(rules.BUBBLES[colour].colour)
        mx, my = mid
        d.path(half_bubble(mid, u, n, BUBBLE_R + 0.6), fill=art.CREAM)  # a pale rim, behind the bubble
        d.path(half_bubble(mid, u, n, BUBBLE_R), fill=c)
        d.circle(mx + n[0] * BUBBLE_R * 0.5 - u[0] * BUBBLE_R * 0.3, my + n[1] * BUBBLE_R * 0.5 - u[1] * BUBBLE_R * 0.3,
                 BUBBLE_R * 0.17, fill=c.lighter(0.65))
    if item["four_player"]:
        _four_mark(d, t.box("mark"))
    return d


def _four_mark(d: Drawing, box: Box) -> None:
    """The "4" at the bottom: the card joins the deck only with that many players."""
    r = min(box.w, box.h) / 2
    d.circle(box.cx, box.cy, r, fill=art.CREAM, stroke=PINE.darker(0.4), width=0.3)
    text_in(d, box, str(max(rules.PLAYERS)), PINE, size=box.text)


def _medallion(d: Drawing, box: Box) -> tuple[float, float, float]:
    r = min(box.w, box.h) / 2
    d.circle(box.cx, box.cy, r, fill=art.CREAM, stroke=art.STAR_GOLD.darker(0.2), width=0.5)
    return box.cx, box.cy, r


def _both_corners(d: Drawing, t: Template, draw) -> None:
    """Draw into the left corner's box, and the same turned 180 degrees into the right corner."""
    for side in (d, turned(d, t)):
        draw(side, t.box("corner"))


def bauble_face(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = _decoration(item, ctx)
    cx, cy, r = _medallion(d, t.box("art"))
    art.bauble(d, item["shape"], Color.hex(rules.COLORS[item["color"]].colour), cx, cy, r * 1.62)
    _snowflakes(d, t.box("snow"), item["snowflakes"])
    return d


def _snowflakes(d: Drawing, box: Box, n: int) -> None:
    """The bauble's points: exactly as many snowflake symbols as it is worth (the seed: the
    symbols are the points), stacked in the box above the bauble. A snowflake reads the same
    either way up, so a turned card still shows its count, once (a second set in the far corner
    would be counted too)."""
    step = box.h / max(n, 1)
    s = min(box.w, step) * 0.9
    for i in range(n):
        art.snowflake(d, box.cx, box.top - step * (i + 0.5), s)


def candy_face(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = _decoration(item, ctx)
    cx, cy, r = _medallion(d, t.box("art"))
    art.candy(d, cx, cy, r * 1.9)

    def points(side: Drawing, box: Box) -> None:
        pr = min(box.w, box.h) / 2
        side.circle(box.cx, box.cy, pr, fill=art.CREAM, stroke=art.CANDY, width=0.7)
        number(side, Box(box.cx - pr, box.cy - pr, 2 * pr, 2 * pr), item["points"], art.CANDY, box.text)
    _both_corners(d, t, points)
    return d


def number(d: Drawing, box: Box, value: int, colour: Color, size: float | None) -> None:
    """A number that may be read upside down: 6 and 9 underlined, so neither reads as the other."""
    text = str(value)
    size = text_in(d, box, text, colour, size=size)
    if text in ("6", "9"):
        w = fonts.width(text, size, bold=True)
        y = box.cy - size * PT * 0.36 - 0.8
        d.line(box.cx - w / 2, y, box.cx + w / 2, y, stroke=colour, width=0.5)


def gingerbread_face(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = _decoration(item, ctx)
    fig = t.box("figure")
    art.gingerbread(d, fig.cx, fig.cy, fig.h)
    _buttons(d, t.box("buttons"))
    side = t.box("side")
    for k, symbol in enumerate(item["sides"]):
        flip_x, flip_y = k in (1, 2), k in (2, 3)  # the upper-left side's box, mirrored to the others
        x = t.width - side.cx if flip_x else side.cx
        y = t.height - side.cy if flip_y else side.cy
        side_symbol(d, symbol, x, y, min(side.w, side.h))
    return d


def _buttons(d: Drawing, box: Box) -> None:
    """His points for 0, 1, 2, 3 or 4 matching neighbours, from the top button down."""
    ladder = rules.GINGERBREAD_LADDER
    step = box.h / len(ladder)
    r = min(box.w / 2, step / 2) * 0.96
    for i, points in enumerate(ladder):
        y = box.top - step * (i + 0.5)
        art.button(d, box.cx, y, r)
        text_in(d, Box(box.cx - r, y - r, 2 * r, 2 * r), str(points), art.DOUGH.darker(0.45), size=box.text)


def side_symbol(d: Drawing, symbol: str, cx: float, cy: float, s: float) -> None:
    """What a gingerbread man asks for on one side: a bauble colour (a ball of it), a bauble
    shape (its silhouette in grey) or a candy, on a pale disc."""
    d.circle(cx, cy, s / 2, fill=art.CREAM, stroke=art.DOUGH.darker(0.3), width=0.35)
    if symbol in rules.COLORS:
        art.bauble(d, "ball", Color.hex(rules.COLORS[symbol].colour), cx, cy, s * 0.92)
    elif symbol in rules.SHAPES:
        art.silhouette(d, symbol, Color.hex(rules.SHAPES[symbol].colour), cx, cy, s * 0.78)
    else:
        art.candy(d, cx, cy, s * 0.95)


def decoration_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    """One back for every decoration: snowflakes round a star, the same after a half turn."""
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, BACK_RED)
    cx, cy = t.width / 2, t.height / 2
    for dx, dy, s in ((0, 24, 6), (0, -24, 6), (-11, 8, 4.5), (11, -8, 4.5), (11, 8, 4.5), (-11, -8, 4.5),
                      (0, 33, 3.5), (0, -33, 3.5)):
        art.snowflake(d, cx + dx, cy + dy, s, BACK_RED.lighter(0.45))
    d.circle(cx, cy, 9.5, fill=BACK_RED.darker(0.25), stroke=art.STAR_GOLD, width=0.5)
    eight = [(cx + (8 if i % 2 == 0 else 3.4) * math.cos(i * math.pi / 8 + math.pi / 2),
              cy + (8 if i % 2 == 0 else 3.4) * math.sin(i * math.pi / 8 + math.pi / 2)) for i in range(16)]
    d.polygon(eight, fill=art.STAR_GOLD, stroke=art.STAR_GOLD.darker(0.4), width=0.3)
    return d


FACES = {"bauble": bauble_face, "gingerbread": gingerbread_face, "candy": candy_face,
         "goal": render_goal.render_goal, "cookie": render_pieces.render_cookie, "board": render_pieces.render_board,
         "score-track": render_pieces.render_track, "score-marker": render_pieces.render_marker}
BACKS = {"decoration": decoration_back, "goal": render_goal.render_goal_back, "cookie": render_pieces.render_cookie_back}
