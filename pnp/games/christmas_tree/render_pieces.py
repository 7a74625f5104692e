"""Christmas Tree's other pieces: the Linzer cookie (face and back), the tree board, the score
track and the score markers. Each takes a component and the layout's boxes; the board lays its
21 spaces out from `board.py`, each the shape of a decoration card grown by 1 mm, so a card sits
in every space with 2 mm between neighbours and their half-bubbles meet.
"""
from __future__ import annotations

from ...render.cards import background, bleed_rect, safe, text_in
from ...geometry.drawing import WHITE, Color, Drawing
from ...load.layout import Box
from ...geometry.shapes import offset_convex
from ...load.spec import Item
from ..base import RenderContext
from . import art, board, rules
from .render_text import label, wrap

JAM = Color.hex("#a3112b")
NIGHT = Color.hex("#142443")
FIR = Color.hex("#1f5a36")
SPACE = Color.hex("#17432a")
GROUND = Color.hex("#e9eff6")
BARK = Color.hex("#6b3f22")
SPACE_GROW = 1.0  # mm: a space is a card's outline grown by this much
TRACK = 100  # spaces on the score track, 0-99 (a second marker counts the hundreds)


# -- Linzer cookie ------------------------------------------------------------------------------

def render_cookie(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, art.CREAM)
    title = t.box("title")
    d.rect(*bleed_rect(Box(0, title.y - 1.5, t.width, t.height - title.y + 1.5), t, ctx.bleed), fill=JAM)
    text_in(d, safe(title, t), rules.OTHER_PIECES["cookie"].name(ctx.lang), art.CREAM, size=title.text)
    a = t.box("art")
    art.linzer(d, a.cx, a.cy, min(a.w, a.h))
    note = safe(t.box("note"), t)
    wrap(d, note, label("cookie-note", ctx.lang, points=rules.COOKIE_POINTS), art.INK)
    return d


def render_cookie_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, JAM)
    step = t.width / 3
    for i in range(-2, 3):  # a staggered lattice centred on the card: the same after a half turn
        for j in range(-3, 4):
            x = t.width / 2 + (i + (0.5 if j % 2 else 0)) * step
            art.linzer(d, x, t.height / 2 + j * step * 0.9, step * 0.78)
    return d


# -- the tree board -----------------------------------------------------------------------------

def space_outline(ctx: RenderContext):
    """A space: the decoration card's outline grown by SPACE_GROW, as corners about its centre."""
    if ctx.edition is None:
        raise ValueError("the board's spaces take the shape of a decoration card: the build passes every template")
    dec = ctx.edition.template_for("bauble")
    pts = offset_convex(dec.outline.corners(), SPACE_GROW)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    return [(x - dec.width / 2, y - dec.height / 2) for x, y in pts], w, h


def space_centres(ctx: RenderContext) -> tuple[dict[int, tuple[float, float]], float, float]:
    """Each space's centre on the board: the lattice centred in the `tree` box, its top space at
    the top. Neighbouring spaces share their edges."""
    _, w, h = space_outline(ctx)
    rel = {n: board.centre(n, w, h) for n in board.SPACES}
    box = ctx.template.box("tree")
    x0 = min(x for x, _ in rel.values()) - w / 2
    x1 = max(x for x, _ in rel.values()) + w / 2
    y0 = min(y for _, y in rel.values()) - h / 2
    y1 = max(y for _, y in rel.values()) + h / 2
    ox, oy = box.cx - (x0 + x1) / 2, box.cy - (y0 + y1) / 2
    return {n: (x + ox, y + oy) for n, (x, y) in rel.items()}, w, h


def render_board(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, NIGHT)
    for i in range(60):  # falling snow, the same on every board
        x, y = (i * 137.5) % t.width, 40 + (i * 89.3) % (t.height - 40)
        d.circle(x, y, 0.6 + (i % 3) * 0.35, fill=NIGHT.lighter(0.35))
    trunk = t.box("trunk")
    d.rect(*bleed_rect(Box(0, 0, t.width, trunk.y + trunk.h * 0.45), t, ctx.bleed), fill=GROUND)
    d.rect(trunk.x, trunk.y, trunk.w, trunk.h, r=2, fill=BARK, stroke=BARK.darker(0.4), width=0.6)
    for side in (-1, 1):  # a present either side of the trunk
        gx = trunk.cx + side * (trunk.w / 2 + trunk.h * 0.7)
        _present(d, gx, trunk.y + trunk.h * 0.35, trunk.h * 0.7, JAM if side < 0 else Color.hex("#2b5c9c"))
    corners, w, h = space_outline(ctx)
    centres, _, _ = space_centres(ctx)
    rows = board.rows()
    top, left, right = centres[rows[0][0]], centres[rows[-1][0]], centres[rows[-1][-1]]
    body = [(top[0], top[1] + h / 2), (left[0] - w / 2, left[1]), (left[0], left[1] - h / 2),
            (right[0], right[1] - h / 2), (right[0] + w / 2, right[1])]  # counter-clockwise
    d.polygon(offset_convex(body, 2.5), fill=FIR, stroke=FIR.darker(0.35), width=1.0)
    num = t.box("space-number")  # placed within each space's bounding box
    for n, (x, y) in centres.items():
        d.polygon([(x + cx, y + cy) for cx, cy in corners], fill=SPACE, stroke=art.STAR_GOLD.darker(0.15), width=0.5)
        at = Box(x - w / 2 + num.x, y - h / 2 + num.y, num.w, num.h)
        text_in(d, at, str(n), FIR.lighter(0.3), size=num.text)
    _numerals(d, centres, w, t.box("tree").text)
    s = t.box("star")
    art.tree_star(d, s.cx, s.cy, min(s.w, s.h))
    text_in(d, safe(t.box("title"), t), ctx.name(ctx.spec.name), JAM, size=t.box("title").text)
    return d


def _present(d: Drawing, cx: float, cy: float, s: float, colour: Color) -> None:
    d.rect(cx - s / 2, cy - s / 2, s, s * 0.8, r=0.8, fill=colour, stroke=colour.darker(0.4), width=0.5)
    d.rect(cx - s * 0.55, cy + s * 0.2, s * 1.1, s * 0.2, r=0.6, fill=colour.lighter(0.15), stroke=colour.darker(0.4), width=0.5)
    d.rect(cx - s * 0.07, cy - s / 2, s * 0.14, s * 0.9, fill=art.STAR_GOLD)
    for side in (-1, 1):
        d.polygon([(cx, cy + s * 0.4), (cx + side * s * 0.3, cy + s * 0.62), (cx + side * s * 0.28, cy + s * 0.4)],
                  fill=art.STAR_GOLD, stroke=art.STAR_GOLD.darker(0.4), width=0.4)


def _numerals(d: Drawing, centres, w: float, size: float | None) -> None:
    """Each level's numeral level with its row, just left of the row's first space."""
    for r, row in enumerate(board.rows()):
        x, y = centres[row[0]]
        box = Box(x - w / 2 - 15, y - 5, 13, 10)
        text_in(d, box, board.NUMERALS[r], art.STAR_GOLD, size=size, anchor="end")


# -- score track and markers --------------------------------------------------------------------

def track_cells(box: Box, n: int = TRACK) -> list[Box]:
    """n boxes round the edge of `box`, clockwise from the top-left corner: as many columns and
    rows as make them nearest to square."""
    half = (n + 4) // 2  # columns + rows
    cols = max(2, min(half - 2, round(half * box.w / (box.w + box.h))))
    rows = half - cols
    cw, ch = box.w / cols, box.h / rows
    ring = [(c, rows - 1) for c in range(cols)] + [(cols - 1, r) for r in range(rows - 2, 0, -1)]
    ring += [(c, 0) for c in range(cols - 1, -1, -1)] + [(0, r) for r in range(1, rows - 1)]
    return [Box(box.x + c * cw, box.y + r * ch, cw, ch, box.text) for c, r in ring[:n]]


def render_track(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, FIR)
    for i, cell in enumerate(track_cells(t.box("track"))):
        fill = art.CREAM if i % 10 else art.STAR_GOLD
        d.rect(cell.x + 0.4, cell.y + 0.4, cell.w - 0.8, cell.h - 0.8, r=1, fill=fill, stroke=FIR.darker(0.4), width=0.3)
        text_in(d, cell, str(i), art.INK, size=cell.text)
    title = t.box("title")
    art.tree_star(d, title.x + title.h / 2, title.cy, title.h)
    art.tree_star(d, title.x + title.w - title.h / 2, title.cy, title.h)
    text_in(d, Box(title.x + title.h, title.y, title.w - 2 * title.h, title.h), ctx.name(ctx.spec.name), art.CREAM,
            size=title.text)
    _scoring(d, t.box("scoring"), ctx.lang)
    return d


def _scoring(d: Drawing, box: Box, lang: str) -> None:
    """The end-of-game scoring, from the rules model, beside the track: an icon and a line each."""
    ladder = " / ".join(str(p) for p in rules.GINGERBREAD_LADDER)
    ginger = label("score-ginger", lang, ladder=ladder, most=len(rules.GINGERBREAD_LADDER) - 1)
    rows = [(_snow_and_candy, label("score-snow", lang)),
            (_bubble_icon, label("score-bubble", lang, points=rules.BUBBLE_POINTS)),
            (lambda g, x, y, s: art.gingerbread(g, x, y, s), ginger),
            (lambda g, x, y, s: art.linzer(g, x, y, s * 0.9), label("score-cookie", lang, points=rules.COOKIE_POINTS))]
    d.rect(box.x, box.y, box.w, box.h, r=3, fill=FIR.darker(0.25))
    size = box.text or 12
    lead = box.h / (len(rows) + 1.3)
    text_in(d, Box(box.x, box.top - lead * 1.1, box.w, lead), label("end-scoring", lang), art.STAR_GOLD, size=size * 1.2)
    for i, (icon, row) in enumerate(rows):
        y = box.top - lead * (i + 1.8)
        icon(d, box.x + 14, y, lead * 0.8)
        text_in(d, Box(box.x + 26, y - lead / 2, box.w - 30, lead), row, art.CREAM, bold=False, size=size, anchor="start")


def _snow_and_candy(d: Drawing, x: float, y: float, s: float) -> None:
    art.snowflake(d, x - s * 0.42, y, s * 0.6)  # the pair kept clear of the text that starts a lead on
    art.candy(d, x + s * 0.28, y, s * 0.72)


def _bubble_icon(d: Drawing, x: float, y: float, s: float) -> None:
    """A completed bubble: two half-discs of one colour meeting on the edge between two cards."""
    d.circle(x, y, s * 0.36, fill=art.CREAM)
    d.circle(x, y, s * 0.3, fill=Color.hex(next(iter(rules.BUBBLES.values())).colour))
    d.line(x - s * 0.45, y - s * 0.7, x + s * 0.45, y + s * 0.7, stroke=FIR.darker(0.25), width=0.8)


def render_marker(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    colour = Color.hex(rules.MARKER_COLORS[item["color"]].colour)
    ink = art.INK if sum((colour.r, colour.g, colour.b)) > 1.8 else WHITE
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, colour)
    a = t.box("art")
    d.circle(a.cx, a.cy, min(a.w, a.h) / 2, stroke=ink, width=0.5)
    art.tree_star(d, a.cx, a.cy, min(a.w, a.h) * 0.9, art.STAR_GOLD if ink is WHITE else art.STAR_GOLD.darker(0.2))
    return d
