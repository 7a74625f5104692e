"""Pi mal Pflaumen card renderer: a component plus the layout's boxes → the Drawing of one side.

Faces: fruit cards (number in two corners, the fruit, the round numeral, the action icon with
its name, the mix under its laurel wreath), plum and pi cards, the watchdog and the turn-order
cards. Backs: one per round (caterpillar, pupa, butterfly), the same face again (plum, pi), the
second dog (watchdog) and an emblem (turn-order cards). Names come from the rules model in the
card's language; numbers, actions and mixes from the spec.

Cutting and duplex printing drift. Fruit and turn-order fronts keep their frame 5 mm and more
inside the cut; backs are an all-over pattern out to the bleed with a medallion in the middle,
and the faces that are also backs (plum, pi, both dogs) have no frame, so no border can come out
uneven and mark a card in a hidden hand.
"""
from __future__ import annotations

from ...geometry import fonts
from ...render.cards import background, reads_differently_upside_down, text_in, turned
from ...geometry.drawing import PT, Color, Drawing
from ...load.layout import Box, Template
from ...load.spec import Item
from ..base import RenderContext
from . import creatures, fruits, icons, rules
from .shapes import INK

PAPER = Color.hex("#f4ecd6")
RULE = Color.hex("#8a6a45")


FINE_RULE = 0.9  # mm from the thick frame line in to the fine one


def _card(ctx: RenderContext, paper: Color = PAPER, framed: bool = True) -> Drawing:
    """Paper to the bleed's edge and, on a framed front, the thick frame line along the `frame`
    box with a fine one inside it. A face that is also a back has no frame: cutting drifts, and
    a border that is wider on one side than the other would mark the card."""
    ed = ctx.template
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, paper)
    if framed:
        f = ed.box("frame")
        d.rect(f.x, f.y, f.w, f.h, r=2.5, stroke=RULE, width=0.35)
        k = FINE_RULE
        d.rect(f.x + k, f.y + k, f.w - 2 * k, f.h - 2 * k, r=1.8, stroke=RULE, width=0.15)
    return d


def _titled(ctx: RenderContext, title: str) -> Drawing:
    """A face that is also a back (plum, pi, watchdog): no frame, the title over a gold flourish."""
    ed = ctx.template
    d = _card(ctx, framed=False)
    box = ed.box("title")
    text_in(d, box, title, INK)
    icons.flourish(d, box.cx, box.y - 1, 20)
    return d


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
        text_in(d, ed.box("label"), ctx.name(rules.ACTIONS[item["action"]]["short"]), INK)
    if item.get("mix"):
        mix = item["mix"]
        icons.wreath(d, ed.box("wreath"), str(mix["points"]))
        letters = ed.box("letters")
        text_in(d, letters, mix["pattern"], INK)
    return d


def _corner_numbers(d: Drawing, ed: Template, number: str) -> None:
    """The number top left and, turned, bottom right; a number that reads as another one upside
    down (6 and 9; 10, 16, 18, 19) is underlined, by the same rule as GEM's two-way cards."""
    box = ed.box("number")
    for side in (d, turned(d, ed)):
        size = text_in(side, box, number, INK)
        if reads_differently_upside_down(number):  # 6/9, and 10, 16, 18, 19 turned over
            w = fonts.width(number, size, bold=True)
            y = box.cy - size * PT * 0.36 - 1.2
            side.line(box.cx - w / 2, y, box.cx + w / 2, y, stroke=INK, width=0.7)


def plum_face(item: Item, ctx: RenderContext) -> Drawing:
    """The name and one large plum filling the card below it: the rulebook gives plum cards no
    function beyond counting as a plum in a mix, so nothing else is printed."""
    ed = ctx.template
    d = _titled(ctx, _name(ctx, item, rules.NAMES["plum"]))
    art = ed.box("art")
    top, bottom = ed.box("title").y - 4, ed.box("note").y - 4  # under the flourish, over the foot
    s = min((top - bottom) / 1.06, art.w * 1.3)  # the plum spans 0.73 s across, 1.06 s from foot to leaf
    fruits.draw(d, rules.PLUM, art.cx, (top + bottom) / 2 - 0.05 * s, s, rules.FRUITS[rules.PLUM].colour)
    return d


def pi_face(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    d = _titled(ctx, _name(ctx, item, rules.NAMES["pi"]))
    art = ed.box("art")
    k = 0.84  # leave air between the medallion and the value under it
    icons.pi_medallion(d, Box(art.cx - art.w * k / 2, art.cy - art.h * k / 2 + 1.5, art.w * k, art.h * k))
    text_in(d, ed.box("name"), rules.PI_TEXT, INK, size=16)
    text_in(d, ed.box("note"), ctx.name(rules.NOTES["pi"]), INK, bold=False)
    return d


def watchdog_face(item: Item, ctx: RenderContext, dog: int = 0) -> Drawing:
    ed = ctx.template
    d = _titled(ctx, _name(ctx, item, rules.NAMES["watchdog"]))
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


def _look(paper: str, lines: str, motif: str, kind: str, inner: str) -> icons.Pattern:
    return icons.Pattern(Color.hex(paper), Color.hex(lines), Color.hex(motif), kind, Color.hex(inner))


# Each back's look; the rounds' papers are leaf green, bark brown and lilac.
BACKS = {
    #                     paper      lines      motif      motif      medallion
    "caterpillar": _look("#dfe8c8", "#c6d6a6", "#a3bd7c", "leaves", "#f1f5e6"),
    "pupa": _look("#eadcc0", "#d9c49e", "#c9a24a", "spots", "#f6efe0"),
    "butterfly": _look("#dcd6ea", "#cac1e1", "#a898cc", "eyes", "#f1eef7"),
    "emblem": _look("#2f4a2c", "#41623b", "#b89a4e", "blossoms", "#f4ecd6"),
}


def _patterned(ctx: RenderContext, style: icons.Pattern) -> tuple[Drawing, Box]:
    """A back's paper and pattern out to the bleed's edge, and the oval medallion in the middle
    (its box). Nothing marks the card's edge: a cut or duplex drift of a few millimetres only
    shifts the pattern, so every back of a kind still looks like every other."""
    ed = ctx.template
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, style.paper)
    icons.pattern(d.group(clip=ed.clip(ctx.bleed)), style, ed.width, ed.height, ctx.bleed)
    m = ed.box("medallion")
    icons.oval(d, m, style)
    return d, m


def round_back(back: Item, ctx: RenderContext, r: int) -> Drawing:
    """The round's stage of the butterfly's life in the medallion, its numeral at both ends."""
    ed = ctx.template
    rnd = rules.ROUNDS[r]
    d, m = _patterned(ctx, BACKS[rnd.back])
    top = Box(m.cx - 7, m.top - 13, 14, 9, m.text)
    for side in (d, turned(d, ed)):
        icons.numeral(side, top, rnd.numeral)
    low = ed.height - top.y + 1.5  # above the turned numeral
    picture = Box(m.x + 3, low, m.w - 6, top.y - 1.5 - low)
    if back.get("title"):
        text_in(d, Box(picture.x, low, picture.w, 4.5, 8), back["title"], INK)
        picture = Box(picture.x, low + 5, picture.w, picture.h - 5)
    creatures.STAGES[rnd.back](d, picture)
    return d


def emblem_back(back: Item, ctx: RenderContext) -> Drawing:
    """The turn-order cards' back: the game's name, a plum and a pi in the medallion."""
    style = BACKS["emblem"]
    d, m = _patterned(ctx, style)
    title = back.get("title") or ctx.name(ctx.spec.name)
    fruits.draw(d, rules.PLUM, m.cx, m.cy + 7, 26, rules.FRUITS[rules.PLUM].colour)
    # the name fills the oval's width: 12pt at most, down to 8pt for a long one (Pi mal Pflaumen: 8.7pt)
    text_in(d, Box(m.x + 5, m.cy - 13.5, m.w - 10, 7, 12, "title", 8), title, INK)
    text_in(d, Box(m.x + 8, m.cy - 22, m.w - 16, 7, 16), "π", INK)
    return d
