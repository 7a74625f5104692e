"""The Jam mission cards: a mission card (spec component) → the Drawing of its face.

Top to bottom: the title band, the card's own mission (a shelf of jars, a basket of pies, or
the tea-party ladder) with its goal, the big-tea-party band and the Yummy-yummy favourite.
The tea-party band is a checked tablecloth running edge to edge with a string of bunting whose
squares and flags keep their spacing across card edges, so a player's three mission cards laid
side by side (winter, grandma, tea party: parts 1, 2 and 3) read as one sheet; the first card
opens the band, the last one closes it.
"""
from __future__ import annotations

from ...cards import background, bleed_rect, text_in
from ...draw import PT, WHITE, Color, Drawing, Path
from ...layout import Box
from ...spec import Item
from .. import RenderContext
from . import art, art_fruit, deck, rules
from .text import label, wrap

PAPER = Color.hex("#fbf4e4")
INK = art.INK
TEA = Color.hex("#7b4aa8")
FLAGS = ["#e0283c", "#f2c230", "#3a4fa8", "#6fb52c", "#f59a5b"]


def render_mission(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.edition
    mk = rules.MISSION_KINDS[item.kind]
    colour = Color.hex(mk.colour)
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, PAPER)
    banner = ed.box("banner")
    d.rect(*bleed_rect(banner, ed, ctx.bleed), fill=colour)
    text_in(d, banner, mk.zh if ctx.lang == "zh-TW" else mk.en, WHITE)
    table = deck.recipes(ctx.spec)
    if mk.field is not None:
        _own_mission(d, item, mk, table, ctx)
    else:
        _ladder(d, item, ctx)
    _tea_band(d, item, table, ctx)
    _yummy(d, item, ctx)
    return d


def _recipe_name(ref: str, table, lang: str) -> tuple[str, str | None, str]:
    """(kind, the fruit it is made of, printed name) of a recipe a mission shows."""
    r = table.get(ref)
    if r is None:
        return "jam", None, ref
    fruit = (deck.recipe_fruits(r.card, table) or [None])[0] if r.kind != "salad" else None
    return r.kind, fruit, rules.recipe_name(r.kind, fruit, lang)


def items(d: Drawing, box: Box, refs: list[str], table, ctx: RenderContext, plate: bool = False) -> None:
    """Recipes side by side, each its picture over its name."""
    n = max(len(refs), 1)
    cw = box.w / n
    name_h = (box.text or 7) * PT * 1.3 * 2  # room for a name on two lines
    s = min(cw * 0.85, box.h - name_h - 0.5)
    for i, ref in enumerate(refs):
        kind, fruit, name = _recipe_name(ref, table, ctx.lang)
        cx = box.x + cw * (i + 0.5)
        cy = box.y + name_h + 0.5 + s / 2
        if plate:
            d.path(Path.ellipse(cx, cy - s * 0.3, s * 0.5, s * 0.16), fill=WHITE, stroke=INK.lighter(0.5), width=0.2)
        colour = Color.hex(rules.INGREDIENTS[fruit].colour) if fruit in rules.INGREDIENTS else TEA
        if kind == "pie":
            art.pie(d, cx, cy, s, colour.darker(0.15))
        else:
            art.jar(d, cx, cy, s, colour)
        wrap(d, Box(cx - cw / 2 + 0.3, box.y, cw - 0.6, name_h, box.text), name, INK)


def _own_mission(d: Drawing, item: Item, mk, table, ctx: RenderContext) -> None:
    ed = ctx.edition
    box = ed.box("mission")
    refs = item[mk.field]
    if mk.shows == "jam":  # a shelf
        shelf_y = box.y + 4.2
        d.rect(box.x - 1, shelf_y - 1.6, box.w + 2, 1.6, fill=Color.hex("#a8753f"), stroke=INK, width=0.25)
        d.rect(box.x + 1, box.y, 1.5, shelf_y - box.y - 1.6, fill=Color.hex("#8a5a2f"))
        d.rect(box.x + box.w - 2.5, box.y, 1.5, shelf_y - box.y - 1.6, fill=Color.hex("#8a5a2f"))
        items(d, Box(box.x, shelf_y, box.w, box.h - 4.2, 6.5), refs, table, ctx)
    else:  # a basket
        basket = Path().move(box.x, box.y + 9).line(box.x + box.w, box.y + 9)
        basket.line(box.x + box.w - 4, box.y).line(box.x + 4, box.y).close()
        d.path(basket, fill=Color.hex("#d9a55a"), stroke=INK, width=0.3)
        for k in range(1, 9):
            x = box.x + 4 + (box.w - 8) * k / 9
            d.line(x, box.y + 0.5, x + (k - 4.5) * 0.5, box.y + 8.5, stroke=Color.hex("#a8753f"), width=0.5)
        d.line(box.x + 2, box.y + 4.5, box.x + box.w - 2, box.y + 4.5, stroke=Color.hex("#a8753f"), width=0.5)
        items(d, Box(box.x, box.y + 9.5, box.w, box.h - 9.5, 6.5), refs, table, ctx)
    goal = label("own", ctx.lang, need=mk.needed, n=mk.shown)
    pts = f"{mk.points}"
    gb = ed.box("goal")
    text_in(d, Box(gb.x, gb.y, gb.w - 12, gb.h, gb.text), goal, INK)
    art.badge(d, gb.x + gb.w - 5, gb.cy, 3.6, Color.hex(mk.colour))
    text_in(d, Box(gb.x + gb.w - 8, gb.y, 6, gb.h, 9), pts, INK)


def _ladder(d: Drawing, item: Item, ctx: RenderContext) -> None:
    ed = ctx.edition
    box = ed.box("mission")
    ladder = item["ladder"]
    counts = list(range(rules.TEA_MIN, rules.TEA_MIN + len(ladder)))
    cols = len(ladder) + 1
    cw = box.w / cols
    rh = min(9.0, box.h / 2.6)
    top = box.y + box.h - 2
    for row, (head, values) in enumerate(((label("ladder-own", ctx.lang), counts),
                                           (label("ladder-points", ctx.lang), ladder))):
        y = top - (row + 1) * rh
        text_in(d, Box(box.x, y, cw, rh, 8), head, INK)
        for i, v in enumerate(values):
            x = box.x + cw * (i + 1)
            fill = WHITE if row == 0 else TEA.lighter(0.75 - 0.12 * i)
            d.rect(x + 0.5, y + 0.5, cw - 1, rh - 1, r=1.2, fill=fill, stroke=TEA, width=0.3)
            text_in(d, Box(x, y, cw, rh, 12 if row else 10), str(v), INK)
    note = Box(box.x, box.y, box.w, top - 2 * rh - box.y, 6.5)
    wrap(d, note, label("ladder-note", ctx.lang, n=rules.TEA_MAX), INK)
    gb = ed.box("goal")
    text_in(d, gb, _tea_goal(ctx.lang), INK)


def _tea_goal(lang: str) -> str:
    if lang == "zh-TW":
        return f"至少擁有{rules.TEA_MIN}種才能得分"
    return f"At least {rules.TEA_MIN} to score"


def _tea_band(d: Drawing, item: Item, table, ctx: RenderContext) -> None:
    ed = ctx.edition
    band = ed.box("tea")
    kinds = list(rules.MISSION_KINDS)
    part = kinds.index(item.kind) + 1
    x0, _, w, _ = bleed_rect(band, ed, ctx.bleed)
    if part == 1:  # the band opens on the first card and closes on the last
        x0, w = x0 + ctx.bleed + 2.5, w - ctx.bleed - 2.5
    if part == len(kinds):
        w -= ctx.bleed + 2.5
    clip = d.group(clip=Path.rect(x0, band.y, w, band.h, r=0))
    art.gingham(clip, x0, band.y, w, band.h, TEA, ed.width / 10)
    d.line(x0, band.top, x0 + w, band.top, stroke=TEA.darker(0.2), width=0.5)
    d.line(x0, band.y, x0 + w, band.y, stroke=TEA.darker(0.2), width=0.5)
    if part == 1:
        d.line(x0, band.y, x0, band.top, stroke=TEA.darker(0.2), width=0.5)
    if part == len(kinds):
        d.line(x0 + w, band.y, x0 + w, band.top, stroke=TEA.darker(0.2), width=0.5)
    _bunting(d, x0, x0 + w, band.top, ed.width / 9)
    title = f"{rules.TEA_PARTY['zh' if ctx.lang == 'zh-TW' else 'en']} · {label('part', ctx.lang, i=part, n=len(kinds))}"
    tb = Box(band.x + 9, band.top - 8.2, band.w - 18, 4.2, 7)
    d.rect(tb.x, tb.y, tb.w, tb.h, r=2, fill=WHITE, stroke=TEA, width=0.3)
    text_in(d, tb, title, TEA.darker(0.3))
    items(d, Box(band.x + 2, band.y + 0.8, band.w - 4, band.h - 10, band.text), item["tea"], table, ctx, plate=True)


def _bunting(d: Drawing, x0: float, x1: float, y: float, step: float) -> None:
    """Flags every `step` mm from the card's left edge, so the string runs on across cards."""
    d.line(x0, y - 0.4, x1, y - 0.4, stroke=INK, width=0.25)
    k = 0
    while k * step + step / 2 < x1 + step:
        x = k * step + step / 2
        if x0 + 1 <= x <= x1 - 1:
            colour = Color.hex(FLAGS[k % len(FLAGS)])
            d.polygon([(x - 2, y - 0.4), (x + 2, y - 0.4), (x, y - 3.4)], fill=colour, stroke=INK, width=0.15)
        k += 1


def _yummy(d: Drawing, item: Item, ctx: RenderContext) -> None:
    ed = ctx.edition
    box = ed.box("yummy")
    ing = rules.INGREDIENTS[item["favourite"]]
    colour = Color.hex(ing.colour)
    d.rect(box.x, box.y, box.w, box.h, r=2.5, fill=WHITE, stroke=colour.darker(0.2), width=0.5)
    s = box.h - 1.5
    art_fruit.fruit(d, ing.id, box.x + 1 + s / 2, box.cy, s, ing.colour)
    tx = box.x + s + 2
    text_in(d, Box(tx, box.y + box.h * 0.55, box.w - s - 3, box.h * 0.4, 10),
            rules.YUMMY["zh" if ctx.lang == "zh-TW" else "en"], colour.darker(0.35), anchor="middle")
    name = ing.zh if ctx.lang == "zh-TW" else ing.en
    rule = label("yummy-rule", ctx.lang, p=rules.YUMMY_POINTS, name=name)
    wrap(d, Box(tx, box.y + 1, box.w - s - 3, box.h * 0.5, box.text), rule, INK)
