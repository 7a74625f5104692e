"""Christmas Tree goal cards: a goal component plus the layout's boxes → its face, and its back.

A face shows the goal's level (its bells), its points (with the majority bonus where the goal
kind has one), a small diagram and the card's text, made from what it scores (goal_text.py).
Formation goals draw the cells of the formation the scorer matches
(`goals.FORMATIONS[...].shapes[0]`) as little diamonds on the tree's lattice, marked with what
the goal asks; the other kinds draw a pictogram from the same parameters the scorer reads. The back shows the bells, so goals can be sorted by level face down.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from ...geometry import fonts
from ...render.cards import background, bleed_rect, safe, text_in
from ...geometry.drawing import Color, Drawing
from ...load.layout import Box
from ...load.spec import Item
from ..base import RenderContext
from . import art, board, goals, rules
from .goal_text import goal_text
from .render_text import label, wrap

PAPER = Color.hex("#fbf5e6")
PINE = Color.hex("#1d4a31")
SILVER = Color.hex("#b7bec8")  # "any bauble": the goal names no colour, only that they match
LEVELS = {1: Color.hex("#2e7a48"), 2: Color.hex("#2b5c9c"), 3: Color.hex("#8a1c2a")}  # CHOICE: a tint per level
MAX_CELL = 15.0  # mm: the widest a diagram's diamond is drawn
Painter = Callable[[Drawing, float, float, float], None]


def level_colour(bells: int) -> Color:
    return LEVELS.get(bells, Color.hex("#4a4a4a"))


def _bells(d: Drawing, box: Box, n: int) -> None:
    s = min(box.h, box.w / max(n, 1))
    for i in range(n):
        art.bell(d, box.x + s * (i + 0.5), box.cy, s * 0.95)


def render_goal(item: Item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, PAPER)
    colour = level_colour(item["bells"])
    pts = t.box("points")
    header = Box(0, pts.y - 1.5, t.width, t.height - pts.y + 1.5)
    d.rect(*bleed_rect(header, t, ctx.bleed), fill=colour)
    _bells(d, t.box("bells"), item["bells"])
    r = min(pts.w, pts.h) / 2
    d.circle(pts.cx, pts.cy, r, fill=PAPER, stroke=art.STAR_GOLD, width=0.8)
    text_in(d, Box(pts.cx - r * 0.8, pts.y, r * 1.6, pts.h), str(item["points"]), colour, size=pts.text)
    kind = goals.GOAL_KINDS[item["goal"]]
    if kind.majority:
        first, second = goals.MAJORITY
        m = t.box("majority")
        d.rect(m.x, m.y, m.w, m.h, r=m.h / 2, fill=colour.lighter(0.8))
        text_in(d, m, label("majority", ctx.lang, first=first, second=second), colour.darker(0.3), size=m.text)
    DIAGRAMS[kind.id](d, t.box("diagram"), item, _ratio(ctx))
    wrap(d, safe(t.box("text"), t), goal_text(item, ctx.lang), art.INK)
    return d


def _ratio(ctx: RenderContext) -> float:
    """A decoration's height over its width: the diagram's diamonds have the cards' shape."""
    dec = ctx.edition.template_for("bauble") if ctx.edition is not None else None
    return dec.height / dec.width if dec is not None else 1.6


# -- diagrams -----------------------------------------------------------------------------------

def lattice(u: int, v: int, w: float, h: float) -> tuple[float, float]:
    """A cell's centre relative to (0, 0): `board.centre`'s lattice, for cells off the tree too."""
    return (u - v) * w / 2, -(u + v) * h / 2


def cells(d: Drawing, box: Box, marks: list[tuple[int, int, Painter | None]], ratio: float,
          links: bool = False) -> tuple[float, float, Callable]:
    """Draw diamonds at lattice cells (u, v), each with its painter, as large as the box allows,
    centred in it; `links` puts an "=" between consecutive cells. Returns the cell size and a
    function (u, v) -> the cell's centre on the card."""
    us = [lattice(u, v, 1, ratio) for u, v, _ in marks]
    span_x = max(x for x, _ in us) - min(x for x, _ in us) + 1
    span_y = max(y for _, y in us) - min(y for _, y in us) + ratio
    w = min(MAX_CELL, box.w / span_x, box.h / span_y)
    h = w * ratio
    ox = box.cx - (max(x for x, _ in us) + min(x for x, _ in us)) * w / 2
    oy = box.cy - (max(y for _, y in us) + min(y for _, y in us)) * w / 2

    def at(u, v):
        x, y = lattice(u, v, w, h)
        return ox + x, oy + y
    for u, v, paint in marks:
        x, y = at(u, v)
        d.polygon([(x, y - h / 2), (x + w / 2, y), (x, y + h / 2), (x - w / 2, y)], fill=PINE, stroke=PAPER,
                  width=0.8)  # a pale line between neighbours
        if paint is not None:
            paint(d, x, y, w * 0.62)
    if links:
        for (u0, v0, _), (u1, v1, _) in pairwise(marks):
            (x0, y0), (x1, y1) = at(u0, v0), at(u1, v1)
            _equals(d, (x0 + x1) / 2, (y0 + y1) / 2, w * 0.17)
    return w, h, at


def _equals(d: Drawing, x: float, y: float, r: float) -> None:
    d.circle(x, y, r, fill=art.STAR_GOLD, stroke=PINE.darker(0.4), width=0.25)
    for dy in (-0.28, 0.28):
        d.rect(x - r * 0.55, y + dy * r - r * 0.1, r * 1.1, r * 0.2, fill=PINE)


def _silver(d, x, y, s):
    art.bauble(d, "ball", SILVER, x, y, s)


def _flake(d, x, y, s):
    art.snowflake(d, x, y, s * 0.85)


def _formation(goal: Item) -> tuple[tuple[int, int], ...]:
    return goals.FORMATIONS[goal["formation"]].shapes[0]


def _same(paint: Painter):
    def diagram(d, box, goal, ratio):
        cells(d, box, [(u, v, paint) for u, v in _formation(goal)], ratio, links=True)
    return diagram


def _candy_gingerbread(d, box, goal, ratio):
    painters = [lambda g, x, y, s: art.candy(g, x, y, s * 1.1), lambda g, x, y, s: art.gingerbread(g, x, y, s * 1.1)]
    cells(d, box, [(u, v, p) for (u, v), p in zip(_formation(goal), painters)], ratio)


def _sequence(d, box, goal, ratio):
    def count(n):
        def paint(g, x, y, s):
            text_in(g, Box(x - s / 2, y, s, s * 0.6), str(n), art.CREAM, size=s * 1.6)
            art.snowflake(g, x, y - s * 0.3, s * 0.45)
        return paint
    cells(d, box, [(u, v, count(n)) for (u, v), n in zip(_formation(goal), rules.SNOWFLAKES)], ratio)


def _row(n: int) -> list[tuple[int, int]]:
    """n cells side by side, corner to corner, like a row of the tree."""
    return [(i, n - 1 - i) for i in range(n)]


def _most_baubles(d, box, goal, ratio):
    if goal.get("color"):
        colour = Color.hex(rules.COLORS[goal["color"]].colour)
        painters = [lambda g, x, y, s, sh=sh: art.bauble(g, sh, colour, x, y, s) for sh in rules.SHAPES]
    else:
        painters = [lambda g, x, y, s, c=c: art.bauble(g, goal["shape"], Color.hex(c.colour), x, y, s)
                    for c in rules.COLORS.values()]
    cells(d, box, [(u, v, p) for (u, v), p in zip(_row(len(painters)), painters)], ratio)


def _most_specials(d, box, goal, ratio):
    draw = art.candy if goal["decoration"] == rules.CANDY else art.gingerbread
    cells(d, box, [(u, v, lambda g, x, y, s: draw(g, x, y, s * 1.15)) for u, v in _row(3)], ratio)


def _bubble(d: Drawing, x: float, y: float, r: float, colour: str) -> None:
    d.circle(x, y, r * 1.15, fill=art.CREAM)
    d.circle(x, y, r, fill=Color.hex(rules.BUBBLES[colour].colour))


def _bubbles(d, box, goal, ratio):
    w, h, at = cells(d, box, [(0, 0, None), (1, 0, None)], ratio)
    x, y = at(0, 0)
    _bubble(d, x + w / 4, y - h / 4, w * 0.2, goal["bubble"])


def _bubble_pairs(d, box, goal, ratio):
    w, h, at = cells(d, box, [(0, 0, None), (1, 0, None), (0, 1, None)], ratio)
    x, y = at(0, 0)
    for side in (-1, 1):
        _bubble(d, x + side * w / 4, y - h / 4, w * 0.2, goal["bubble"])


def _row_variety(d, box, goal, ratio):
    if goal["by"] == "color":
        painters = [lambda g, x, y, s, c=c: art.bauble(g, "ball", Color.hex(c.colour), x, y, s) for c in rules.COLORS.values()]
    else:
        painters = [lambda g, x, y, s, sh=sh: art.silhouette(g, sh, SILVER, x, y, s) for sh in rules.SHAPES]
    cells(d, box, [(u, v, p) for (u, v), p in zip(_row(len(painters)), painters)], ratio)


def _row_ends(d, box, goal, ratio):
    row = _row(4)
    w, _, at = cells(d, box, [(u, v, _silver if i in (0, len(row) - 1) else None) for i, (u, v) in enumerate(row)], ratio)
    (x0, y0), (x1, _) = at(*row[0]), at(*row[-1])
    _equals(d, (x0 + x1) / 2, y0, w * 0.17)


def _snowflake_lines(d, box, goal, ratio):
    """The line the goal names (a level, or a diagonal), each card's snowflakes counted together:
    a level's numeral and the target under its row, a diagonal's target beside it."""
    line = goals.lines_of(goal)[0]
    marks = [(board.SPACES[n].u, board.SPACES[n].v, _flake) for n in line]
    target = f"≥ {goal['target']}"
    if goal["lines"] == "rows":
        cells(d, Box(box.x, box.y + 10, box.w, box.h - 10), marks, ratio)
        text = f"{board.NUMERALS[board.SPACES[line[0]].row - 1]}   {target}"
        w = fonts.width(text, 13, bold=True) + 6
        text_in(d, Box(box.cx - w / 2, box.y, w - 6, 8), text, PINE, size=13)
        art.snowflake(d, box.cx + w / 2 - 2.5, box.y + 4, 5, PINE)
        return
    side = min(box.w * 0.22, 13)
    cells(d, Box(box.x + side, box.y, box.w - 2 * side, box.h), marks, ratio)
    tag = Box(box.x + box.w - side, box.cy - 6, side, 12)
    text_in(d, Box(tag.x, tag.cy, tag.w, tag.h / 2), target, PINE, size=13)
    art.snowflake(d, tag.cx, tag.cy - 3, 5, PINE)


DIAGRAMS = {
    "most-baubles": _most_baubles, "most-specials": _most_specials, "bubbles": _bubbles,
    "twins": _same(_silver), "candy-gingerbread": _candy_gingerbread, "row-variety": _row_variety,
    "trio": _same(_silver), "row-ends": _row_ends, "snowflake-lines": _snowflake_lines,
    "sequence": _sequence, "four-equal": _same(_flake), "bubble-pairs": _bubble_pairs,
}


# -- back ---------------------------------------------------------------------------------------

_BACKS: dict[tuple, Drawing] = {}


def render_goal_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    """The level's tint and its bells, drawn once per level and shared by its cards."""
    t = ctx.template
    bells = card["bells"] if card is not None else 0
    key = (bells, t.width, t.height, ctx.bleed)
    if key not in _BACKS:
        _BACKS[key] = _back(t, ctx.bleed, bells)
    d = Drawing(t.width, t.height)
    d.use(f"christmas-tree:goal-back-{bells}-{t.width:g}x{t.height:g}-{ctx.bleed:g}", _BACKS[key])
    return d


def _back(t, bleed: float, bells: int) -> Drawing:
    colour = level_colour(bells)
    d = Drawing(t.width, t.height)
    background(d, t, bleed, colour)
    for i in range(-1, 8):
        for j in range(-1, 10):
            if (i + j) % 2 == 0:
                art.snowflake(d, i * 9 + 4, j * 9 + 4, 3.2, colour.lighter(0.25))
    r = t.width * 0.36
    d.circle(t.width / 2, t.height / 2, r, fill=colour.darker(0.3), stroke=art.STAR_GOLD, width=0.8)
    s = min(r * 0.95, 2 * r * 0.8 / max(bells, 1))
    for i in range(bells):
        art.bell(d, t.width / 2 + (i - (bells - 1) / 2) * s, t.height / 2, s * 0.98)
    return d
