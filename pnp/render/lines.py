"""What every text setter shares (pnp/render/text.py for plain text, rich.py for marked-up text):
the units a line breaks between, the punctuation rules of Chinese lines, the sizes tried, and
`Fit`, how a text sits in its box."""
from __future__ import annotations

import re
from typing import Any

from ..records import field, record
from ..load.boxes import Box

MIN_TEXT = 6.0  # pt: the default smallest size a box's text may shrink to
LEAD = 1.25  # line spacing, as a multiple of the type size
WIDTH_USE = 0.94  # the share of a box's width a line may fill
STEP = 0.25  # pt: how much smaller each try is
CLOSING = set("，。、；：？！）」』〉》】〕…‥％,.;:?!)]}%")  # may not open a line
OPENING = set("（「『〈《【〔([{")  # may not end a line

# A break opportunity: a Latin word or number with the punctuation stuck to it (a hyphen ends a
# unit, so "two-way" may break after "two-"), a run of spaces, a newline, or one other character
# (a Chinese character or punctuation mark). What sticks to a word is any character but a space, a
# letter, a digit, a hyphen or one of CJK's (U+2E80 to U+FFFF): said as "below U+2E80 or beyond
# U+FFFF", since a class naming the 53,000 CJK code points takes Python 3 ms to compile, at every
# start (tests/render/test_line_units.py holds it to that class, character by character).
_UNIT = re.compile(r"[A-Za-z0-9+./≥'’#&]+-?(?:(?![\sA-Za-z0-9-])[\x00-\u2e7f\U00010000-\U0010ffff])*"
                   r"|-|\n|[^\S\n]+|.", re.DOTALL)


def units(text: str) -> list[str]:
    return _UNIT.findall(text)


@record
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




def first_fitting(wanted: float, low: float, attempt):
    """What `attempt(size)` gives at the largest size that fits, of the sizes tried: `wanted`,
    then STEP smaller each time down to `low`; at `low` when none fits. `attempt` returns
    (fits, result). The sizes are halved between one that fits and one that does not (text fits
    at a smaller size when it fits at a larger), so a text is broken into lines about a dozen
    times, not once per step: 200 pt down to 6 pt is 777 steps, and a 2,000-character text broken
    that often on 40 cards took 34 s."""
    steps = max(0, int((wanted - low) / STEP - 1e-9)) + 1  # sizes above `low`; `low` is the last
    size = lambda k: wanted - k * STEP if k < steps else low  # noqa: E731
    fits, result = attempt(size(0))
    if fits or steps == 0:
        return result
    fits_low, at_low = attempt(size(steps))
    if not fits_low:
        return at_low
    lo, hi, best = 0, steps, at_low  # lo does not fit, hi does
    while hi - lo > 1:
        mid = (lo + hi) // 2
        fits, got = attempt(size(mid))
        if fits:
            hi, best = mid, got
        else:
            lo = mid
    return best


class Run:
    """The units of the line being set, with their width kept as they are added: a break is
    decided by the width the line would have with one more unit, and measuring the whole line
    again for each unit made setting a text quadratic in its line's length (a 32,767-character
    cell on one long line took seconds per size tried). `measure(unit)` is a unit's width,
    `space(unit)` whether it is a space (not counted at the line's start: no line opens with one)."""

    def __init__(self, measure, space, units: list | None = None):
        self.measure, self.space = measure, space
        self.reset(units or [])

    def reset(self, units: list) -> None:
        """The line begins again with `units` (what a break carried over)."""
        self.units = units
        self.total = sum(self.measure(u) for u in units)
        lead = 0
        while lead < len(units) and self.space(units[lead]):
            lead += 1
        self.lead = sum(self.measure(u) for u in units[:lead])

    def add(self, unit) -> None:
        w = self.measure(unit)
        if not self.units and self.space(unit):
            self.lead += w
        self.units.append(unit)
        self.total += w

    def pop(self):
        """The last unit, taken off (for a break to carry it to the next line)."""
        unit = self.units.pop()
        self.total -= self.measure(unit)
        if not self.units:
            self.total = self.lead = 0.0
        return unit

    def wide_with(self, unit) -> float:
        """The line's width with `unit` (not a space) after it, leading spaces left out."""
        return self.total - self.lead + self.measure(unit)
