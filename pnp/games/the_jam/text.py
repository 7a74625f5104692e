"""The Jam's printed words that are not names from the rules model, and wrapped text.

`LABELS` are the card furniture in both languages; `wrap` and `lines` set text over several
lines through the shared setter, pnp.text; `points` is a points badge with its number.
"""
from __future__ import annotations

from ...geometry import fonts
from ...render import text as shared
from ...render.cards import text_in
from ...geometry.drawing import Color, Drawing
from ...load.layout import Box
from ..base import say
from . import art

DISC_FILL = 0.72  # the widest a badge's number may be, as a share of its white disc

LABELS = {
    # What a recipe is made from, in the seed's words: 「這個食譜可以用……來製作」.
    "jam": {"en": "Made from: {what}", "zh-TW": "用{what}製作"},
    "pie": {"en": "Baked from: {what}", "zh-TW": "用{what}製作"},
    "salad": {"en": "From the basket: {what}", "zh-TW": "從籃子取：{what}"},
    "pine": {"en": "Made from any ingredient", "zh-TW": "用任何配料製作"},
    "missions": {"en": "Missions", "zh-TW": "任務卡"},
    "own": {"en": "Own {need} of these {n}:", "zh-TW": "擁有其中{need}種："},
    "ladder-own": {"en": "Own", "zh-TW": "擁有"},
    "ladder-points": {"en": "Points", "zh-TW": "分數"},
    "ladder-note": {"en": "of the {n} tea-party recipes on your three mission cards",
                    "zh-TW": "（你三張任務卡上的{n}種茶會食譜）"},
    "part": {"en": "part {i} of {n}", "zh-TW": "第{i}部分／共{n}部分"},
    "yummy-rule": {"en": "+{p} per card on your table showing {name}", "zh-TW": "桌上每張{name}配料卡 +{p} 分"},
}


def label(key: str, lang: str, **values) -> str:
    return say(LABELS[key], lang).format(**values)


def points(d: Drawing, cx: float, cy: float, r: float, colour: Color, value: int, size: float) -> None:
    """A points badge of radius r with its number, shrunk so that it never fills the white disc."""
    text = str(value)
    disc = 2 * r * art.DISC
    size = fonts.fit(text, size, disc * DISC_FILL, bold=True)
    art.badge(d, cx, cy, r, colour)
    text_in(d, Box(cx - disc / 2, cy - r, disc, 2 * r), text, art.INK, size=size)


LEAD = 1.3  # The Jam's line spacing


def lines(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """The lines `text` breaks into at `size` in `width` mm (pnp.text's rules)."""
    return shared.break_lines(text, size, width, bold)


def wrap(d: Drawing, box: Box, text: str, colour: Color, bold: bool = False, anchor: str = "middle") -> float:
    """Text over as many lines as the box needs, centred (or from the left with anchor="start");
    smaller type until it fits (pnp.text.wrap, at The Jam's line spacing)."""
    return shared.wrap(d, box, text, colour, bold=bold, anchor=anchor, lead=LEAD)
