"""What every text setter shares (pnp/render/text.py for plain text, rich.py for marked-up text):
the units a line breaks between, the punctuation rules of Chinese lines, the sizes tried, and
`Fit`, how a text sits in its box."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..load.boxes import Box

MIN_TEXT = 6.0  # pt: the default smallest size a box's text may shrink to
LEAD = 1.25  # line spacing, as a multiple of the type size
WIDTH_USE = 0.94  # the share of a box's width a line may fill
STEP = 0.25  # pt: how much smaller each try is
CLOSING = set("，。、；：？！）」』〉》】〕…‥％,.;:?!)]}%")  # may not open a line
OPENING = set("（「『〈《【〔([{")  # may not end a line

# A break opportunity: a Latin word or number with the punctuation stuck to it (a hyphen ends a
# unit, so "two-way" may break after "two-"), a run of spaces, a newline, or one other character
# (a Chinese character or punctuation mark).
_UNIT = re.compile(r"[A-Za-z0-9+./≥'’#&]+-?[^\sA-Za-z0-9\u2e80-\uffff-]*|-|\n|[^\S\n]+|.", re.DOTALL)


def units(text: str) -> list[str]:
    return _UNIT.findall(text)


@dataclass
class Fit:
    """How a text sits in its box: its lines, the size asked for and the size set, and what did
    not fit at the box's smallest size (0 when it all fits)."""

    text: str
    box: Box
    lines: list[str]
    wanted: float
    size: float
    lead: float  # mm from one baseline to the next
    left_mm: float = 0.0  # how far the text runs past its box at the smallest size
    left_text: str = ""  # the words that do not fit
    rich: list[Any] | None = None  # a marked-up text's lines (rich.Line): its pieces and styles
    unknown: list[str] = field(default_factory=list)  # `:words:` that looked like icons but name none

    @property
    def shrunk(self) -> bool:
        return self.size < self.wanted - 1e-6

    @property
    def unplanned(self) -> bool:
        """Set below its box's size in a box whose layout names no smaller size (`min_text`):
        news for a person. A box that declares a `min_text` plans for its text to shrink that far
        (two-digit numbers, long names), so shrinking there is the layout working as designed."""
        b = self.box
        return b.text is not None and b.min_text is None and self.size < b.text - 0.01

    @property
    def overflows(self) -> bool:
        return self.left_mm > 0.01


def smallest(box: Box, wanted: float) -> float:
    """The box's smallest size: its layout `min_text`, else MIN_TEXT, never above the size asked."""
    return min(box.min_text if box.min_text is not None else MIN_TEXT, wanted)


