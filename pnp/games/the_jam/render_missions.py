"""The Jam mission cards: a mission card (spec component) → the Drawing of its face.

Top to bottom: the title band (with the mission's points top right, where a game card has its
points), the card's own mission (its rule, "Own 3 of these 4:", over the jars on shelves or the
basket of pies it counts; or the tea-party ladder closed by its rule), the big-tea-party band
and the Yummy-yummy favourite. A rule stands with the thing it governs: under a shelf, right
above the tea-party band, it read as the tea party's rule.
The tea-party band is a checked tablecloth running edge to edge with a string of bunting whose
squares and flags keep their spacing across card edges, so a player's three mission cards laid
side by side (winter, grandma, tea party: parts 1, 2 and 3) read as one sheet; the first card
opens the band, the last one closes it.

A recipe on a mission is its picture (a jar, a pie) with its fruit's name: the picture says
what kind of recipe it is. Names go under their pictures when every name fits on one line,
else the recipes stand in two columns, each name beside its picture.
"""
from __future__ import annotations

import math

from ...geometry import fonts
from ...render.cards import SAFE, background, bleed_rect, safe, text_in
from ...geometry.drawing import PT, WHITE, Color, Drawing, Path
from ...load.layout import Box
from ...load.spec import Item
from ..base import RenderContext
from . import art, art_fruit, deck, rules
from .text import label, lines, points, wrap

PAPER = Color.hex("#fbf4e4")
INK = art.INK
TEA = Color.hex("#7b4aa8")
WOOD = Color.hex("#a8753f")
FLAGS = ["#e0283c", "#f2c230", "#3a4fa8", "#6fb52c", "#f59a5b"]
FLAG_W, FLAG_H = 4.0, 3.0
BOARD = 1.4  # a shelf board's thickness
BASKET = 8.0  # the pie basket's height
CARD_PAD = 0.8  # a place card's margin either side of its name
TALL = {"jam": 0.92, "pie": 0.7}  # how much of its square a standing picture's height fills


def render_mission(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    mk = rules.MISSION_KINDS[item.kind]
    colour = Color.hex(mk.colour)
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, PAPER)
    banner = ed.box("banner")
    d.rect(*bleed_rect(banner, ed, ctx.bleed), fill=colour)
    title = safe(banner, ed)
    table = deck.recipes(ctx.spec)
    if mk.field is not None:
        pb = ed.box("mission-points")
        title = Box(title.x, title.y, pb.x - 1 - title.x, title.h, title.text)
        _own_mission(d, item, mk, table, ctx)
        points(d, pb.cx, pb.cy, pb.w / 2, colour.lighter(0.3), mk.points, pb.text)
    else:
        _ladder(d, item, ctx)
    text_in(d, title, mk.name(ctx.lang), WHITE)
    _tea_band(d, item, table, ctx)
    _yummy(d, item, ctx)
    return d


def _recipe(ref: str, table, lang: str) -> tuple[str, str | None, str]:
    """(kind, the fruit it is made of, the name under its picture) of a recipe a mission shows."""
    r = table.get(ref)
    if r is None:
        return "jam", None, ref
    fruit = (deck.recipe_fruits(r.card, table) or [None])[0] if r.kind != "salad" else None
    if fruit not in rules.INGREDIENTS:
        return r.kind, fruit, rules.recipe_name(r.kind, fruit, lang)
    ing = rules.INGREDIENTS[fruit]
    return r.kind, fruit, ing.name(lang)


def _picture(d: Drawing, kind: str, fruit: str | None, cx: float, y: float, s: float, plate: bool) -> None:
    """A recipe's picture of size s standing on the line y."""
    colour = Color.hex(rules.INGREDIENTS[fruit].colour) if fruit in rules.INGREDIENTS else TEA
    cy = y + s * 0.46
    if plate:
        d.path(Path.ellipse(cx, cy - s * 0.3, s * 0.5, s * 0.16), fill=WHITE, stroke=INK.lighter(0.5), width=0.2)
    if kind == "pie":
        art.pie(d, cx, cy, s, colour.darker(0.15))
    else:
        art.jar(d, cx, cy, s, colour)


def _name(d: Drawing, box: Box, name: str, size: float, anchor: str, card: bool) -> None:
    """A recipe's name in `box`, on a white place card when it stands on the tablecloth."""
    if not card:
        wrap(d, box, name, INK, anchor=anchor)
        return
    ls = lines(name, size, box.w - 2 * CARD_PAD)
    lead = size * PT * 1.3
    tw = min(max(fonts.width(line, size) for line in ls) + 2 * CARD_PAD, box.w)
    th = len(ls) * lead + 0.6
    x = box.x if anchor == "start" else box.cx - tw / 2
    d.rect(x, box.cy - th / 2, tw, th, r=1.2, fill=WHITE, stroke=TEA.lighter(0.3), width=0.2)
    tb = Box(x + CARD_PAD, box.cy - th / 2 + 0.3, (tw - 2 * CARD_PAD) / 0.94, th - 0.6, size)  # text_in keeps 6% clear
    if anchor != "start":
        tb = Box(box.cx - tb.w / 2, tb.y, tb.w, tb.h, size)
    wrap(d, tb, name, INK, anchor=anchor)


def arrange(box: Box, refs: list[str], table, lang: str, plate: bool = False) -> list[Box]:
    """The rows the recipes stand in: one row of columns if every name fits one line under its
    picture (on its place card when on a plate), else rows of two."""
    size = box.text or 8.0
    names = [_recipe(ref, table, lang)[2] for ref in refs]
    cw = box.w / max(len(refs), 1)
    pad = 2 * CARD_PAD if plate else 0
    if all(fonts.width(n, size) + pad <= cw * 0.94 for n in names):
        return [box]
    rows = math.ceil(len(refs) / 2)
    rh = box.h / rows
    return [Box(box.x, box.top - (i + 1) * rh, box.w, rh, box.text) for i in range(rows)]


def items(d: Drawing, rows: list[Box], refs: list[str], table, ctx: RenderContext, plate: bool = False) -> None:
    """Recipes in the rows `arrange` gave: each picture over its name, or beside it."""
    size = rows[0].text or 8.0
    lead = size * PT * 1.3
    recipes = [_recipe(ref, table, ctx.lang) for ref in refs]
    tall = max(TALL.get(kind, 1.0) for kind, _, _ in recipes)
    if len(rows) == 1:  # pictures over names
        box, cw = rows[0], rows[0].w / max(len(refs), 1)
        name_h = lead + 0.6
        s = min(cw * 0.85, (box.h - name_h - 0.6) / tall)
        for i, (kind, fruit, name) in enumerate(recipes):
            cx = box.x + cw * (i + 0.5)
            _picture(d, kind, fruit, cx, box.y + name_h + 0.6, s, plate)
            _name(d, Box(cx - cw / 2, box.y, cw, name_h, size), name, size, "middle", plate)
        return
    widest = max(fonts.width(name, size) for _, _, name in recipes) + (2 * CARD_PAD if plate else 0) + 1.6
    share = 1.0 if plate else 0.75  # a plate is as wide as the picture's square, a jar narrower
    for i, (kind, fruit, name) in enumerate(recipes):  # two columns, names beside pictures
        row, col = rows[i // 2], i % 2
        cw = row.w / 2
        s = max(min((row.h - 0.6) / tall, 8.0, (cw - widest) / share), 5.0)  # the widest name on one line
        slot = s * share
        x = row.x + cw * col
        _picture(d, kind, fruit, x + slot / 2 + 0.3, row.y + 0.3, s, plate)
        cy = row.y + 0.3 + s * 0.46
        _name(d, Box(x + slot + 1, cy - row.h / 2, cw - slot - 1.3, row.h, size), name, size, "start", plate)


def _own_mission(d: Drawing, item: Item, mk, table, ctx: RenderContext) -> None:
    ed = ctx.template
    box = ed.box("mission")
    refs = item[mk.field]
    if mk.shows == "jam":  # jars on shelves
        rows = arrange(box, refs, table, ctx.lang)
        for row in rows:
            d.rect(row.x, row.y, row.w, BOARD, fill=WOOD, stroke=INK, width=0.25)
        d.rect(box.x, box.y, 1.2, box.h, fill=WOOD.darker(0.2), stroke=INK, width=0.25)
        d.rect(box.x + box.w - 1.2, box.y, 1.2, box.h, fill=WOOD.darker(0.2), stroke=INK, width=0.25)
        inner = [Box(r.x + 1.5, r.y + BOARD, r.w - 3, r.h - BOARD - 0.3, r.text) for r in rows]
        items(d, inner, refs, table, ctx)
    else:  # a basket
        basket = Path().move(box.x, box.y + BASKET).line(box.x + box.w, box.y + BASKET)
        basket.line(box.x + box.w - 4, box.y).line(box.x + 4, box.y).close()
        d.path(basket, fill=Color.hex("#d9a55a"), stroke=INK, width=0.3)
        for k in range(1, 9):
            x = box.x + 4 + (box.w - 8) * k / 9
            d.line(x, box.y + 0.5, x + (k - 4.5) * 0.5, box.y + BASKET - 0.5, stroke=WOOD, width=0.5)
        d.line(box.x + 2, box.y + BASKET / 2, box.x + box.w - 2, box.y + BASKET / 2, stroke=WOOD, width=0.5)
        above = Box(box.x, box.y + BASKET + 0.3, box.w, box.h - BASKET - 0.3, box.text)
        items(d, arrange(above, refs, table, ctx.lang), refs, table, ctx)
    gb = ed.box("goal")
    text_in(d, gb, label("own", ctx.lang, need=mk.needed, n=mk.shown), INK)


def _ladder(d: Drawing, item: Item, ctx: RenderContext) -> None:
    """Points for owning 4, 5, ... of the tea-party recipes; this card has no badge, so the
    ladder may rise to the title band."""
    ed = ctx.template
    box, gb = ed.box("mission"), ed.box("goal")
    goal = Box(gb.x, box.y, gb.w, gb.h, gb.text)  # the ladder's own rule closes it, under its note
    box = Box(box.x, goal.top, box.w, ed.box("banner").y - 1 - goal.top, box.text)
    ladder = item["ladder"]
    counts = list(range(rules.TEA_MIN, rules.TEA_MIN + len(ladder)))
    heads = (label("ladder-own", ctx.lang), label("ladder-points", ctx.lang))
    hw = max(max(fonts.width(h, 8, bold=True) for h in heads) / 0.94 + 1, box.w / (len(ladder) + 1))
    cw = (box.w - hw) / len(ladder)
    note = label("ladder-note", ctx.lang, n=rules.TEA_MAX)
    size = box.text or 8.0
    note_h = len(lines(note, size, box.w * 0.94)) * size * PT * 1.3 + 0.5
    rh = min(9.0, (box.h - note_h - 1) / 2)
    top = box.top - 1
    for row, (head, values) in enumerate(zip(heads, (counts, ladder))):
        y = top - (row + 1) * rh
        text_in(d, Box(box.x, y, hw, rh, 8), head, INK)
        for i, v in enumerate(values):
            x = box.x + hw + cw * i
            fill = WHITE if row == 0 else TEA.lighter(0.75 - 0.12 * i)
            d.rect(x + 0.5, y + 0.5, cw - 1, rh - 1, r=1.2, fill=fill, stroke=TEA, width=0.3)
            text_in(d, Box(x, y, cw, rh, 12 if row else 10), str(v), INK)
    wrap(d, Box(box.x, box.y, box.w, top - 2 * rh - box.y, size), note, INK)
    text_in(d, goal, _tea_goal(ctx.lang), INK)


def _tea_goal(lang: str) -> str:
    if lang == "zh-TW":
        return f"至少擁有{rules.TEA_MIN}種才能得分"
    return f"At least {rules.TEA_MIN} to score"


def _tea_band(d: Drawing, item: Item, table, ctx: RenderContext) -> None:
    ed = ctx.template
    band = ed.box("tea")
    kinds = list(rules.MISSION_KINDS)
    part = kinds.index(item.kind) + 1
    x0, _, w, _ = bleed_rect(band, ed, ctx.bleed)
    end = SAFE + 0.5  # where a closed end of the band stands in from the card's edge
    if part == 1:  # the band opens on the first card and closes on the last
        x0, w = end, x0 + w - end
    if part == len(kinds):
        w = ed.width - end - x0
    clip = d.group(clip=Path.rect(x0, band.y, w, band.h, r=0))
    art.gingham(clip, x0, band.y, w, band.h, TEA, ed.width / 10)
    dark = TEA.darker(0.2)
    d.line(x0, band.top, x0 + w, band.top, stroke=dark, width=0.5)
    d.line(x0, band.y, x0 + w, band.y, stroke=dark, width=0.5)
    if part == 1:
        d.line(x0, band.y, x0, band.top, stroke=dark, width=0.5)
    if part == len(kinds):
        d.line(x0 + w, band.y, x0 + w, band.top, stroke=dark, width=0.5)
    _bunting(d, x0, x0 + w, band.top, ed.width / 9)
    inner = Box(end + 0.5, band.y + 1, ed.width - 2 * end - 1, band.h - 2, band.text)  # clear of both ends
    title = f"{rules.MISSION_KINDS['mission-tea-party'].name(ctx.lang)} · {label('part', ctx.lang, i=part, n=len(kinds))}"
    size = band.text or 8.0
    th = size * PT * 1.6
    tb = Box(inner.x, band.top - FLAG_H - 0.8 - th, inner.w, th, size)
    d.rect(tb.x, tb.y, tb.w, tb.h, r=th / 2, fill=WHITE, stroke=TEA, width=0.3)
    text_in(d, tb, title, TEA.darker(0.3))
    area = Box(inner.x, inner.y, inner.w, tb.y - 0.6 - inner.y, size)
    items(d, arrange(area, item["tea"], table, ctx.lang, plate=True), item["tea"], table, ctx, plate=True)


def _bunting(d: Drawing, x0: float, x1: float, y: float, step: float) -> None:
    """Flags every `step` mm from the card's left edge, so the string runs on across cards;
    only flags wholly on the band's string are drawn, so none hangs past a closed end."""
    d.line(x0, y - 0.4, x1, y - 0.4, stroke=INK, width=0.25)
    k = 0
    while k * step + step / 2 < x1 + step:
        x = k * step + step / 2
        if x0 <= x - FLAG_W / 2 and x + FLAG_W / 2 <= x1:
            colour = Color.hex(FLAGS[k % len(FLAGS)])
            d.polygon([(x - FLAG_W / 2, y - 0.4), (x + FLAG_W / 2, y - 0.4), (x, y - 0.4 - FLAG_H)],
                      fill=colour, stroke=INK, width=0.15)
        k += 1


def _yummy(d: Drawing, item: Item, ctx: RenderContext) -> None:
    ed = ctx.template
    box = ed.box("yummy")
    ing = rules.INGREDIENTS[item["favourite"]]
    colour = Color.hex(ing.colour)
    d.rect(box.x, box.y, box.w, box.h, r=2.5, fill=WHITE, stroke=colour.darker(0.2), width=0.5)
    s = box.h - 2
    art_fruit.fruit(d, ing.id, box.x + 1 + s / 2, box.cy, s, ing.colour)
    tx, tw = box.x + s + 2, box.w - s - 3
    head = 10 * PT * 1.3
    text_in(d, Box(tx, box.top - 0.8 - head, tw, head, 10), ctx.name(rules.YUMMY),
            colour.darker(0.35))
    name = ing.name(ctx.lang)
    rule = label("yummy-rule", ctx.lang, p=rules.YUMMY_POINTS, name=name)
    wrap(d, Box(tx, box.y + 0.6, tw, box.h - 0.6 - 0.8 - head, box.text), rule, INK)
