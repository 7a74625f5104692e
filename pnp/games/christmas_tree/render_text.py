"""Christmas Tree's printed words that are not names from the rules model, and text set over
several lines in a box.

`LABELS` are the card furniture in both languages (numbers in them come from the rules model
through `label(..., **values)`). `wrap` sets text through the shared setter, pnp.text, balanced
over its lines; the layout's text boxes say how small it may shrink (`min_text`).
"""
from __future__ import annotations

import re

from ...render import text as shared
from ...geometry.drawing import Color, Drawing
from ...load.layout import Box
from ..base import say

SENTENCE_END = re.compile(r"(?<=\.) (?=\S)|(?<=。)(?=\S)")  # where a sentence ends and another begins

LABELS = {
    "cookie-note": {"en": "Swap or turn decorations on your tree. Unused: {points} point.",
                    "zh-TW": "交換或旋轉樹上的裝飾。遊戲結束時，沒有使用的林茲餅乾卡值 {points} 分。"},
    "majority": {"en": "most +{first} · 2nd +{second}", "zh-TW": "最多 +{first} · 第二名 +{second}"},
    "end-scoring": {"en": "End of the game", "zh-TW": "最終計分"},
    "score-snow": {"en": "snowflakes and candy points", "zh-TW": "玻璃珠的雪花及糖果上的分數"},
    "score-bubble": {"en": "each completed bubble: +{points}", "zh-TW": "每個完整的泡泡：{points} 分"},
    "score-ginger": {"en": "gingerbread man, 0-{most} matching neighbours: {ladder}",
                     "zh-TW": "薑餅人，0-{most} 張正確的相鄰卡片：{ladder}"},
    "score-cookie": {"en": "each unused Linzer cookie: +{points}", "zh-TW": "每張未使用的林茲餅乾：{points} 分"},
}


def label(key: str, lang: str, **values) -> str:
    return say(LABELS[key], lang).format(**values)


def wrap(d: Drawing, box: Box, text: str, colour: Color, bold: bool = False) -> float:
    """Text centred over as many lines as the box needs, each sentence starting a line (so a
    break never parts a sentence's first words from the last one's: 最 / 多), balanced so no last
    line holds a lone word, smaller type until it fits (pnp.text.wrap). Returns the size used."""
    lines = SENTENCE_END.sub("\n", text)
    return shared.wrap(d, box, lines, colour, bold=bold, size=box.text or 9.0, balance=True)
