"""Pi mal Pflaumen card renderer: a component plus the layout's boxes → the Drawing of one side.

Faces: fruit cards (number in two corners, the fruit, the round numeral, the action icon, the
mix under its laurel wreath), plum and pi cards, the watchdog and the turn-order cards. Backs:
one per round (caterpillar, pupa, butterfly), the same face again (plum, pi), the second dog
(watchdog) and an emblem (turn-order cards). Names come from the rules model in the card's
language; numbers, actions and mixes from the spec.
"""
from __future__ import annotations

from ... import fonts
from ...cards import background, text_in, turned
from ...draw import PT, Color, Drawing
from ...layout import Box, Template
from ...spec import Item
from .. import RenderContext
from . import creatures, fruits, icons, rules
from .shapes import INK

PAPER = Color.hex("#f4ecd6")
RULE = Color.hex("#8a6a45")
UNDERLINED = ("6", "9")
BOXES = ("frame", "number", "round", "art", "name", "action", "wreath", "letters", "title", "position", "mark", "note")


FINE_RULE = 0.9  # mm from the thick frame line in to the fine one


def _card(ctx: RenderContext, paper: Color = PAPER) -> Drawing:
    """Paper to the bleed's edge, the thick frame line along the `frame` box and a fine one inside it."""
    ed = ctx.template
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, paper)
    f = ed.box("frame")
    d.rect(f.x, f.y, f.w, f.h, r=2.5, stroke=RULE, width=0.35)
    k = FINE_RULE
    d.rect(f.x + k, f.y + k, f.w - 2 * k, f.h - 2 * k, r=1.8, stroke=RULE, width=0.15)
    return d


def inside(ed: Template, air: float = 1.5) -> Box:
    """The space within the fine frame line, `air` mm clear of it: where backs place their pictures."""
    f = ed.box("frame")
    k = FINE_RULE + air
    return Box(f.x + k, f.y + k, f.w - 2 * k, f.h - 2 * k)


def _name(ctx: RenderContext, item: Item, names: dict) -> str:
    own = item.get("name")
    return ctx.name(own if own else names)


def render_face(item: Item, ctx: RenderContext) -> Drawing:
    return FACES[item.kind](item, ctx)


def fruit_face(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    d = _card(ctx)
    fruit = rules.FRUITS[item["fruit"]]
    _corner_numbers(d, ed, str(item["number"]))
    if item["round"] in rules.ROUNDS:
        icons.numeral(d, ed.box("round"), rules.ROUNDS[item["round"]].numeral)
    art = ed.box("art")
    fruits.draw(d, fruit.id, art.cx, art.cy, min(art.w, art.h), fruit.colour)
    text_in(d, ed.box("name"), fruit.name(ctx.lang), INK)
    if item.get("action"):
        icons.action(d, item["action"], ed.box("action"))
    if item.get("mix"):
        mix = item["mix"]
        icons.wreath(d, ed.box("wreath"), str(mix["points"]))
        letters = ed.box("letters")
        text_in(d, letters, mix["pattern"], INK)
    return d


def _corner_numbers(d: Drawing, ed: Template, number: str) -> None:
    """The number top left and, turned, bottom right; 6 and 9 underlined so neither reads as the other."""
    box = ed.box("number")
    for side in (d, turned(d, ed)):
        size = text_in(side, box, number, INK)
        if number in UNDERLINED:
            w = fonts.width(number, size, bold=True)
            y = box.cy - size * PT * 0.36 - 1.2
            side.line(box.cx - w / 2, y, box.cx + w / 2, y, stroke=INK, width=0.7)


def plum_face(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    d = _card(ctx)
    text_in(d, ed.box("title"), _name(ctx, item, rules.NAMES["plum"]), INK)
    art = ed.box("art")
    fruits.draw(d, rules.PLUM, art.cx, art.cy - 2, min(art.w, art.h) * 1.05, rules.FRUITS[rules.PLUM].colour)
    return d  # the rulebook gives plum cards no function beyond counting as a plum in a mix


def pi_face(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    d = _card(ctx)
    text_in(d, ed.box("title"), _name(ctx, item, rules.NAMES["pi"]), INK)
    art = ed.box("art")
    k = 0.84  # leave air between the medallion and the value under it
    icons.pi_medallion(d, Box(art.cx - art.w * k / 2, art.cy - art.h * k / 2 + 1.5, art.w * k, art.h * k))
    text_in(d, ed.box("name"), rules.PI_TEXT, INK, size=16)
    text_in(d, ed.box("note"), ctx.name(rules.NOTES["pi"]), INK, bold=False)
    return d


def watchdog_face(item: Item, ctx: RenderContext, dog: int = 0) -> Drawing:
    ed = ctx.template
    d = _card(ctx)
    text_in(d, ed.box("title"), _name(ctx, item, rules.NAMES["watchdog"]), INK)
    art = ed.box("art")
    creatures.dog(d, dog, Box(art.x, art.y - 8, art.w, art.h + 8))
    text_in(d, ed.box("note"), ctx.name(rules.NOTES["watchdog"]), INK, bold=False)
    return d


def turn_order_face(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    d = _card(ctx)
    text_in(d, ed.box("title"), ctx.name(rules.NAMES["turn-order"]), INK)
    icons.position(d, ed.box("position"), str(item["position"]))
    if item["plum"]:
        mark = ed.box("mark")
        fruits.draw(d, rules.PLUM, mark.cx, mark.cy, min(mark.w, mark.h), rules.FRUITS[rules.PLUM].colour)
        note = ed.box("note")
        text_in(d, Box(note.x, note.y + 7, note.w, note.h, note.text), ctx.name(rules.NOTES["last"]), INK, bold=False)
    return d


FACES = {"fruit": fruit_face, "plum": plum_face, "pi": pi_face, "watchdog": watchdog_face,
         "turn-order": turn_order_face}


def render_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    if back.kind == rules.SAME_FACE_BACK and card is not None:
        return render_face(card, ctx)
    if back.kind == rules.WATCHDOG_BACK and card is not None and card.kind == "watchdog":
        return watchdog_face(card, ctx, dog=1)
    for r, rnd in rules.ROUNDS.items():
        if back.kind == rnd.back:
            return round_back(back, ctx, r)
    return emblem_back(back, ctx)


# the paper of each round's back: leaf green, bark brown, lilac
BACK_PAPER = {"caterpillar": Color.hex("#dfe8c8"), "pupa": Color.hex("#eadcc0"), "butterfly": Color.hex("#dcd6ea")}


def round_back(back: Item, ctx: RenderContext, r: int) -> Drawing:
    """The round's stage of the butterfly's life, its numeral at both ends."""
    ed = ctx.template
    rnd = rules.ROUNDS[r]
    d = _card(ctx, BACK_PAPER[rnd.back])
    room = inside(ed)
    top = Box(ed.width / 2 - 9, room.top - 10, 18, 10, 20)
    creatures.STAGES[rnd.back](d, Box(room.x, ed.height - top.y + 1, room.w, 2 * top.y - ed.height - 2))
    for side in (d, turned(d, ed)):
        icons.numeral(side, top, rnd.numeral)
    if back.get("title"):
        text_in(d, Box(room.x, room.y, room.w, 5, 9), back["title"], INK)
    return d


def emblem_back(back: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    green = Color.hex("#2f4a2c")
    d = _card(ctx, green)
    title = back.get("title") or ctx.name(ctx.spec.name)
    gold = Color.hex("#e8d49a")
    fruits.draw(d, rules.PLUM, ed.width / 2, ed.height / 2 + 4, 34, rules.FRUITS[rules.PLUM].colour)
    room = inside(ed)
    band = Box(room.x, ed.height / 2 - 22, room.w, 9, 15)
    text_in(d, band, title, gold)
    text_in(d, Box(room.x, ed.height / 2 - 32, room.w, 8, 18), "π", gold)
    return d
