"""Helpers every card renderer shares: the background to the bleed's edge, boxes that run into
the bleed, text fitted to a box, the 180-degree turn of two-way cards. They build Drawings and
know nothing about paper."""
from __future__ import annotations

from ..records import replace
from ..geometry import fonts
from . import text
from ..geometry.drawing import PT, Color, Drawing, Matrix, multiply, rotate, translate
from ..load.layout import Box, Template


def bleed_rect(box: Box, template: Template, bleed: float) -> tuple[float, float, float, float]:
    """The box grown into the bleed on every side where it touches the card's edge."""
    eps = 0.01
    x0 = box.x - bleed if box.x <= eps else box.x
    y0 = box.y - bleed if box.y <= eps else box.y
    x1 = box.x + box.w + bleed if box.x + box.w >= template.width - eps else box.x + box.w
    y1 = box.y + box.h + bleed if box.y + box.h >= template.height - eps else box.y + box.h
    return x0, y0, x1 - x0, y1 - y0


SAFE = 3.0  # mm: cutting drifts, so nothing that matters comes nearer a piece's edge than this


def safe(box: Box, template: Template) -> Box:
    """The part of `box` at least SAFE mm from every edge of the piece's bounding box: where its
    text goes when the box itself runs to the edge (or into the bleed)."""
    x0, y0 = max(box.x, SAFE), max(box.y, SAFE)
    x1, y1 = min(box.x + box.w, template.width - SAFE), min(box.top, template.height - SAFE)
    return replace(box, x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def background(d: Drawing, template: Template, bleed: float, colour: Color) -> None:
    """Fill the piece's outline grown by the bleed: the art under everything else."""
    d.path(template.clip(bleed), fill=colour)


text_in = text.text_in  # one line in a box, shrunk to fit (pnp.text: the one text setter)
wrap = text.wrap  # lines in a box, shrunk to fit


def turned(d: Drawing, template: Template) -> Drawing:
    """A child drawing turned 180 degrees about the card's centre: the other end of a two-way card."""
    m: Matrix = multiply(rotate(180), translate(template.width, template.height))
    return d.group(m)


# What each digit looks like after a half turn: 6 and 9 swap, 0, 1 and 8 stay themselves; any
# other digit turned over reads as no digit at all.
TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_differently_upside_down(text: str) -> bool:
    """Whether a number seen from the other end of a two-way card reads as a different number:
    6 and 9, and 10, 16, 66, 68, 89 … (every digit turns into a digit and the whole reads
    otherwise). 8, 69, 96 and 101 read the same both ways; 3 or 7 upside down is no number at all."""
    text = text.strip()
    if not text or any(ch not in TURNED_DIGITS for ch in text):
        return False
    return "".join(TURNED_DIGITS[ch] for ch in reversed(text)) != text


def underline(d: Drawing, x: float, baseline: float, text: str, size: float, colour: Color,
              bold: bool = True, anchor: str = "middle") -> bool:
    """A short bar under `text` (set at x, baseline, size points) when it reads as another number
    upside down, so a 6 is told from a 9. Returns whether it drew one."""
    if not reads_differently_upside_down(text):
        return False
    w = fonts.width(text, size, bold)
    x0 = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    y = baseline - size * PT * 0.11
    d.line(x0 + w * 0.12, y, x0 + w * 0.88, y, stroke=colour, width=size * PT * 0.09)
    return True
