"""Christmas Tree's printed words that are not names from the rules model, and text set over
several lines in a box.

`LABELS` are the card furniture in both languages (numbers in them come from the rules model
through `label(..., **values)`). `wrap` breaks text at spaces for English and between characters
for Chinese, keeping a run of Latin letters or digits (a level numeral "IV", "0、1、2") whole, and
shrinks it until it fits, never below `MIN_PT`. `safe` keeps a box 3 mm clear of the cut.
"""
from __future__ import annotations

import re

from ... import fonts
from ...cards import text_in
from ...draw import PT, Color, Drawing
from ...layout import Box
from .. import say

MIN_PT = 7.0  # the smallest type a player reads at arm's length
NO_LINE_START = set("，。、：；！？）」』％")
LEAD = 1.25  # line spacing, as a multiple of the type size

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


_TOKEN = re.compile(r"[A-Za-z0-9+\-./≥]+[^\sA-Za-z0-9\u2e80-\uffff]*|\s+|.", re.DOTALL)


def _units(text: str) -> list[str]:
    """Break opportunities: words (with the punctuation after them), spaces, single CJK characters."""
    return _TOKEN.findall(text)


def lines(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    out, cur = [], ""
    for u in _units(text):
        trial = cur + u
        if cur.strip() and not u.isspace() and fonts.width(trial.rstrip(), size, bold) > width:
            if u in NO_LINE_START and len(cur) > 1:  # no line opens on "，": take a character along
                out.append(cur[:-1].rstrip())
                cur = cur[-1] + u
                continue
            out.append(cur.rstrip())
            cur = u.lstrip()
        else:
            cur = trial if cur or not u.isspace() else ""
    if cur.strip():
        out.append(cur.rstrip())
    return out


def balanced(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """The fewest lines `text` needs in `width`, set as narrow as that count allows, so that no
    last line holds a lone word or "分。"."""
    rows = lines(text, size, width, bold)
    lo, hi = width / 2, width
    for _ in range(12):
        mid = (lo + hi) / 2
        if len(lines(text, size, mid, bold)) <= len(rows):
            hi = mid
        else:
            lo = mid
    return lines(text, size, hi, bold)


def wrap(d: Drawing, box: Box, text: str, colour: Color, bold: bool = False) -> float:
    """Text centred over as many lines as the box needs; smaller type until it fits, never below
    MIN_PT (then it may overflow, which the print tests catch). Returns the size used."""
    size = box.text or 9.0
    while True:
        rows = balanced(text, size, box.w * 0.94, bold)  # text_in keeps 6% of a line's box clear
        lead = size * PT * LEAD
        if len(rows) * lead <= box.h or size <= MIN_PT:
            break
        size = max(MIN_PT, size - 0.25)
    top = box.cy + len(rows) * lead / 2
    for i, row in enumerate(rows):
        text_in(d, Box(box.x, top - (i + 1) * lead, box.w, lead, size), row, colour, bold=bold, size=size)
    return size
