"""The Jam card renderer: a component plus the layout's boxes → the Drawing of one face.

A game card is two halves: the recipe on top (kind icon, name, points badge top right, and
what it needs drawn as ingredients → result) and the ingredient below (the fruit, large, with
its name). Youngster and Bear fill the whole card. Mission cards are drawn by
`render_missions`; the two backs here are shared by every card that uses them.
"""
from __future__ import annotations

from ...render.cards import background, bleed_rect, safe, text_in
from ...geometry.drawing import WHITE, Color, Drawing, place
from ...load.layout import Box
from ...load.spec import Item
from ..base import RenderContext
from . import art, art_fruit, deck, rules
from .render_missions import render_mission
from .text import label, points, wrap

PAPER = Color.hex("#fbf4e4")
PINE = Color.hex("#3f6b3a")
INK = art.INK


def render_face(item: Item, ctx: RenderContext) -> Drawing:
    if item.kind in rules.MISSION_KINDS:
        return render_mission(item, ctx)
    if item.kind in rules.SPECIALS:
        return _special(item, ctx)
    ed = ctx.template
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, PAPER)
    _recipe(d, item, ctx)
    _ingredient(d, item, ctx)
    return d


def kind_colour(kind: str) -> Color:
    return Color.hex(rules.RECIPE_KINDS[kind].colour)


def fruit_colour(ingredient: str) -> Color:
    return Color.hex(rules.INGREDIENTS[ingredient].colour)


def icon(d: Drawing, kind: str, cx: float, cy: float, s: float, made_from: list[str]) -> None:
    """The recipe kind's picture in the colour of what it is made from."""
    colours = [fruit_colour(f) for f in made_from if f in rules.INGREDIENTS] or [kind_colour(kind)]

    def draw(sym: Drawing, x: float, y: float, u: float) -> None:
        if kind == "jam":
            art.jar(sym, x, y, u, colours[0])
        elif kind == "pie":
            art.pie(sym, x, y, u, colours[0].darker(0.15))
        else:
            art.bowl(sym, x, y, u, colours)
    place(d, f"the-jam:{kind}-" + "-".join(c.as_hex() for c in colours), draw, cx, cy, s)


def recipe_title(item: Item, ctx: RenderContext) -> str:
    return deck.recipe_title(item, ctx.spec, ctx.lang)


def _recipe(d: Drawing, item: Item, ctx: RenderContext) -> None:
    ed = ctx.template
    pine = item.kind == "jam" and item["fruit"] == rules.PINE_CONE
    colour = PINE if pine else kind_colour(item.kind)  # the pine-cone jam stands out from the other jams
    d.rect(*bleed_rect(ed.box("recipe"), ed, ctx.bleed), fill=colour.lighter(0.82))
    made = deck.recipe_fruits(item, deck.recipes(ctx.spec))
    ib = ed.box("icon")
    d.circle(ib.cx, ib.cy, ib.w / 2, fill=WHITE, stroke=colour, width=0.4)
    icon(d, item.kind, ib.cx, ib.cy, ib.w * 0.8, made)
    name = ed.box("name")
    text_in(d, name, recipe_title(item, ctx), INK)
    pb = ed.box("points")
    points(d, pb.cx, pb.cy, pb.w / 2, colour, item["points"], pb.text)
    _needs(d, item, made, ctx)
    d.line(0, ed.box("recipe").y, ed.width, ed.box("recipe").y, stroke=colour.darker(0.2), width=0.6)


def _needs(d: Drawing, item: Item, made: list[str], ctx: RenderContext) -> None:
    """What the recipe needs → what it makes, as pictures, with a line of text below."""
    ed = ctx.template
    box = ed.box("needs")
    pine = item.kind == "jam" and item["fruit"] == rules.PINE_CONE
    inputs = len(made) if item.kind == "salad" else 1
    s = min(box.h, box.w / (inputs + 1.6))  # a slot per input, 0.6 of one for the arrow, one for the result
    left, cy = box.x + (box.w - s * (inputs + 1.6)) / 2, box.cy
    if item.kind == "pie":
        art.jar(d, left + s / 2, cy, s * 0.9, fruit_colour(made[0]) if made else kind_colour("jam"))
    else:
        for i, f in enumerate(made):
            art_fruit.fruit(d, f, left + s * (i + 0.5), cy, s * 0.95, rules.INGREDIENTS[f].colour)
    ax = left + s * (inputs + 0.3)
    d.polygon([(ax - s * 0.15, cy + s * 0.1), (ax + s * 0.15, cy), (ax - s * 0.15, cy - s * 0.1)],
              fill=kind_colour(item.kind).darker(0.2))
    icon(d, item.kind, left + s * (inputs + 1.1), cy, s, made if not pine else [rules.PINE_CONE])
    wrap(d, ed.box("needs-text"), _needs_text(item, made, ctx), INK)


def _needs_text(item: Item, made: list[str], ctx: RenderContext) -> str:
    lang = ctx.lang
    if item.kind == "jam" and item["fruit"] == rules.PINE_CONE:
        return label("pine", lang)
    if item.kind == "pie":
        return label("pie", lang, what=rules.recipe_name("jam", made[0] if made else None, lang))
    names = [rules.INGREDIENTS[f].name(lang) for f in made]
    return label(item.kind, lang, what=("、" if lang == "zh-TW" else ", ").join(names))


def _ingredient(d: Drawing, item: Item, ctx: RenderContext) -> None:
    ed = ctx.template
    ing = rules.INGREDIENTS[item["ingredient"]]
    colour = Color.hex(ing.colour)
    d.rect(*bleed_rect(ed.box("ingredient"), ed, ctx.bleed), fill=colour.lighter(0.86))
    fb = ed.box("fruit")
    d.circle(fb.cx, fb.cy, min(fb.w, fb.h) / 2 + 1, fill=WHITE.mix(colour, 0.06))
    art_fruit.fruit(d, ing.id, fb.cx, fb.cy, min(fb.w, fb.h), ing.colour)
    nb = ed.box("fruit-name")
    d.rect(*bleed_rect(nb, ed, ctx.bleed), fill=colour.darker(0.25))
    text_in(d, safe(nb, ed), ing.name(ctx.lang), WHITE)


def _special(item: Item, ctx: RenderContext) -> Drawing:
    ed = ctx.template
    sp = rules.SPECIALS[item.kind]
    colour = Color.hex("#3d6fb0" if item.kind == "youngster" else "#7a4b2a")
    d = Drawing(ed.width, ed.height)
    background(d, ed, ctx.bleed, colour.lighter(0.85))
    tb = ed.box("title")
    d.rect(*bleed_rect(tb, ed, ctx.bleed), fill=colour)
    pb = ed.box("points")
    title = safe(tb, ed)
    text_in(d, Box(title.x, title.y, pb.x - 1 - title.x, title.h, tb.text), sp.name(ctx.lang),
            WHITE)
    points(d, pb.cx, pb.cy, pb.w / 2, colour.lighter(0.3), sp.points, pb.text)  # the rules' value, as scored
    ab = ed.box("art")
    s = min(ab.w, ab.h)
    d.circle(ab.cx, ab.cy, s / 2, fill=WHITE, stroke=colour, width=0.6)
    if item.kind == "bear":
        art.bear(d, ab.cx, ab.cy, s * 0.8)
    else:
        art.youngster(d, ab.cx, ab.cy, s * 0.8, fruit_colour("strawberry"))
    rb = ed.box("rule")
    d.rect(rb.x, rb.y, rb.w, rb.h, r=2, fill=WHITE, stroke=colour, width=0.4)
    text = sp.zh_rule if ctx.lang == "zh-TW" else sp.en_rule
    wrap(d, Box(rb.x + 2, rb.y + 1.5, rb.w - 4, rb.h - 3, rb.text), text, INK)
    return d


def render_back(back: Item, ctx: RenderContext, card: Item | None = None) -> Drawing:
    """Game cards: a red gingham cloth with a jam jar; missions: a blue cloth with a scroll."""
    ed = ctx.template
    mission = back.kind == "mission-back"
    colour = Color.hex("#2f6db0" if mission else "#c8283f")
    d = Drawing(ed.width, ed.height)
    art.gingham(d, -ctx.bleed, -ctx.bleed, ed.width + 2 * ctx.bleed, ed.height + 2 * ctx.bleed, colour,
                ed.width / 10)
    r = min(ed.width, ed.height) * 0.36
    d.circle(ed.width / 2, ed.height / 2, r, fill=PAPER, stroke=colour.darker(0.3), width=0.8)
    art.jar(d, ed.width / 2, ed.height / 2 + r * 0.12, r * 1.1, colour.darker(0.1) if mission else colour)
    title = back.get("title") or ctx.name(ctx.spec.name)
    if mission:
        title += " · " + label("missions", ctx.lang)
    band = Box(ed.width / 2 - r, ed.height / 2 - r * 0.78, 2 * r, r * 0.32)
    d.rect(band.x, band.y, band.w, band.h, r=1, fill=colour.darker(0.2))
    text_in(d, band, title, WHITE)
    return d
