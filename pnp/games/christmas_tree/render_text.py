"""Christmas Tree's printed words that are not names from the rules model, and text set over
several lines in a box.

`LABELS` are the card furniture in both languages (numbers in them come from the rules model
through `label(..., **values)`). `wrap` sets text through the shared setter, pnp.text, balanced
over its lines; the layout's text boxes say how small it may shrink (`min_text`).
"""
from __future__ import annotations

from ...render import text as shared
from ...render.drawing import Color, Drawing
from ...load.layout import Box
from ..base import say


LABELS = {
    "cookie-note": {"en": "Swap or turn decorations on your tree. Unused: {points} point.",
                    "zh-TW": "交換或旋轉你聖誕樹上的裝飾。遊戲結束時未使用：{points} 分。"},
    "majority": {"en": "most +{first} · 2nd +{second}", "zh-TW": "最多 +{first} · 第二 +{second}"},
    "end-scoring": {"en": "End of the game", "zh-TW": "遊戲結束計分"},
    "score-snow": {"en": "snowflakes and candy points", "zh-TW": "雪花與糖果分數"},
    "score-bubble": {"en": "each completed bubble: +{points}", "zh-TW": "每個完整的泡泡：{points} 分"},
    "score-ginger": {"en": "gingerbread man, 0-4 matching neighbours", "zh-TW": "薑餅人，0-4 張正確的相鄰卡片"},
    "score-cookie": {"en": "each unused Linzer cookie: +{points}", "zh-TW": "每張未使用的林茲餅乾：{points} 分"},
}


def label(key: str, lang: str, **values) -> str:
    return say(LABELS[key], lang).format(**values)


def wrap(d: Drawing, box: Box, text: str, colour: Color, bold: bool = False) -> float:
    """Text centred over as many lines as the box needs, balanced so no last line holds a lone
    word, smaller type until it fits (pnp.text.wrap). Returns the size used."""
    return shared.wrap(d, box, text, colour, bold=bold, size=box.text or 9.0, balance=True)
