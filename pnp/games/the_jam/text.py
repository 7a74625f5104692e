"""The Jam's printed words that are not names from the rules model, and wrapped text.

`LABELS` are the card furniture in both languages; `wrap` sets text over several lines in a
box (at spaces for English, between characters for Chinese), shrinking it until it fits.
"""
from __future__ import annotations

from ... import fonts
from ...cards import text_in
from ...draw import PT, Color, Drawing
from ...layout import Box

LABELS = {
    "jam": {"en": "Made from: ", "zh": "材料："},
    "pie": {"en": "Baked from: ", "zh": "材料："},
    "salad": {"en": "From the basket: ", "zh": "從籃子取：", },
    "pine": {"en": "Made from any ingredient", "zh": "用任何配料製作"},
    "missions": {"en": "Missions", "zh": "任務卡"},
    "own": {"en": "Own {need} of these {n}:", "zh": "擁有其中{need}種："},
    "ladder-own": {"en": "Own", "zh": "擁有"},
    "ladder-points": {"en": "Points", "zh": "分數"},
    "ladder-note": {"en": "of the {n} tea-party recipes on your three mission cards",
                    "zh": "（你三張任務卡上的{n}種茶會食譜）"},
    "part": {"en": "part {i} of {n}", "zh": "第{i}部分／共{n}部分"},
    "yummy-rule": {"en": "+{p} per card on your table showing {name}", "zh": "桌上每張{name}配料卡 +{p} 分"},
}


def label(key: str, lang: str, **values) -> str:
    entry = LABELS[key]
    return entry["zh" if lang == "zh-TW" else "en"].format(**values)


def _lines(text: str, size: float, width: float, bold: bool) -> list[str]:
    cjk = any(ord(ch) > 0x2e80 for ch in text)
    units = list(text) if cjk else text.split(" ")
    sep = "" if cjk else " "
    lines, cur = [], ""
    for u in units:
        trial = cur + sep + u if cur else u
        if cur and fonts.width(trial, size, bold) > width:
            lines.append(cur)
            cur = u
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def wrap(d: Drawing, box: Box, text: str, colour: Color, bold: bool = False) -> None:
    """Text over as many lines as the box needs, centred; smaller type until it fits."""
    size = box.text or 8.0
    while True:
        lines = _lines(text, size, box.w, bold)
        lead = size * PT * 1.3
        if len(lines) * lead <= box.h or size <= 5:
            break
        size -= 0.25
    top = box.cy + len(lines) * lead / 2
    for i, line in enumerate(lines):
        y = top - (i + 1) * lead
        text_in(d, Box(box.x, y, box.w, lead, size), line, colour, bold=bold, size=size)
