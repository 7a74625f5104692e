"""What a Christmas Tree card is called in setups, scores and `pnp where`, where game.yaml's
`names:` templates cannot say it: a bauble by its colour, shape and snowflakes ('Gold star, 1
snowflake' / '金色星星，1 片雪花'), a gingerbread man by its sides, a goal card by the text it prints.
The other kinds take their `names:` template."""
from __future__ import annotations

from ...load.spec import Item, Spec
from . import rules
from .goal_text import goal_text


def card_name(c: Item, spec: Spec, lang: str = "en") -> str:
    zh = lang == "zh-TW"
    if c.kind == "bauble":
        n = c["snowflakes"]
        colour, shape = rules.COLORS[c["color"]].name(lang), rules.SHAPES[c["shape"]].name(lang)
        if zh:
            return f"{colour}{shape}，{n} 片雪花"
        return f"{colour} {shape.lower()}, {n} snowflake{'s' if n != 1 else ''}"
    if c.kind == "gingerbread":
        sides = [_side_name(s, lang) for s in c["sides"]]
        return rules.DECORATIONS["gingerbread"].name(lang) + ("：" + "、".join(sides) if zh else ": " + ", ".join(sides))
    if c.kind == "goal":
        return goal_text(c, lang)
    from ..declared import card_name as declared_name

    return declared_name(rules.declared(), c, lang)


def _side_name(side: str, lang: str) -> str:
    for table in (rules.COLORS, rules.SHAPES):
        if side in table:
            name = table[side].name(lang)
            return name if lang == "zh-TW" else name.lower()
    if side == rules.CANDY:
        name = rules.DECORATIONS["candy"].name(lang)
        return name if lang == "zh-TW" else name.lower()
    return side
