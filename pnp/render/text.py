"""Text set in a box, for every renderer: one way to break lines and shrink type, in English and
Traditional Chinese, and an honest record when text does not fit.

In: a box (its size, its type size `text` and its smallest size `min_text` from the layout), the
text, the weight and the alignment. Out: the lines and the size they are set at, drawn into a
Drawing. English breaks at spaces and after hyphens; Chinese breaks between characters, never
opening a line with closing punctuation (，。、；：？！）」』) nor ending one with opening punctuation
(（「『); a Latin word or number inside Chinese stays whole. Type shrinks in small steps down to
the box's minimum (6 pt unless the layout says otherwise, never more than the size asked for).
Text that still does not fit is clipped to its box — it never spills onto the card or off it —
and recorded, with how much was left over, for the build to report (`collecting`); so is text
shrunk in a box whose layout did not plan for shrinking (`Fit.unplanned`). A text with markup —
bold and italic runs, inline icons — or in a family of one's own is set by pnp/render/rich.py
through the same functions, so every game gets it.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

from ..geometry import fonts
from . import rich
from ..load.boxes import Box
from ..geometry.drawing import PT, Color, Drawing, Path
from .lines import CLOSING, LEAD, MIN_TEXT, OPENING, STEP, WIDTH_USE, Fit, Run, first_fitting, smallest, units  # noqa: F401  (shared by callers)


def break_lines(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """The lines `text` breaks into at `size` points within `width` mm."""
    return _break(_measured(text, size, bold), width)


def _measured(text: str, size: float, bold: bool) -> tuple[list[str], Callable[[str], float]]:
    """The text's units (words, spaces, characters of Chinese) and a unit's width at `size`, each
    different unit measured once (a text is broken many times over while `balanced` narrows it)."""
    return units(text), _Widths(size, bold).__getitem__


class _Widths(dict):
    """Widths of units (and of the characters a word too long for a line is cut between) at one size."""

    def __init__(self, size: float, bold: bool):
        super().__init__()
        self.size, self.bold = size, bold

    def __missing__(self, unit: str) -> float:
        w = self[unit] = fonts.width(unit, self.size, self.bold)
        return w


def _break(measured: tuple[list[str], Callable[[str], float]], width: float) -> list[str]:
    found, measure = measured
    lines: list[list[str]] = []
    cur = Run(measure, str.isspace)

    for u in found:
        if u == "\n":
            lines.append(cur.units)
            cur.reset([])
            continue
        if u.isspace() and not cur.units:
            continue  # no line opens with a space
        if cur.units and not u.isspace() and cur.wide_with(u) > width:
            carry: list[str] = []
            # kinsoku: closing punctuation may not open the next line; take the units before it
            # along, back to one that may open a line
            while u[0] in CLOSING and len(cur.units) > 1:
                carry.insert(0, cur.pop())
                if not carry[0].isspace() and carry[0][0] not in CLOSING:
                    break
            while cur.units and cur.units[-1].isspace():
                cur.pop()
            while len(cur.units) > 1 and cur.units[-1] and cur.units[-1][-1] in OPENING:  # nor may opening punctuation end one
                carry.insert(0, cur.pop())
            lines.append(cur.units)
            cur.reset(carry + [u])
        else:
            cur.add(u)
        if len(cur.units) == 1 and cur.total > width and len(cur.units[0]) > 1:  # a word wider than the line
            pieces = _split_word(cur.units[0], width, measure)
            lines.extend([p] for p in pieces[:-1])
            cur.reset([pieces[-1]])
    lines.append(cur.units)
    out = ["".join(line).strip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def _split_word(word: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """A word too long for any line, cut between characters into pieces that fit."""
    pieces, start, wide = [], 0, 0.0
    for i, ch in enumerate(word):
        w = measure(ch)
        if i > start and wide + w > width:
            pieces.append(word[start:i])
            start, wide = i, 0.0
        wide += w
    return pieces + [word[start:]]


def balanced(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """The fewest lines `text` needs in `width`, set as narrow as that count allows, so that no
    last line holds a lone word or "分。"."""
    measured = _measured(text, size, bold)
    rows = _break(measured, width)
    lo, hi = width / 2, width
    for _ in range(12):
        mid = (lo + hi) / 2
        if len(_break(measured, mid)) <= len(rows):
            hi = mid
        else:
            lo = mid
    return _break(measured, hi)


def fit_line(box: Box, text: str, wanted: float, bold: bool = True, italic: bool = False, family: str = "") -> Fit:
    """One line, shrunk to the box's width (not below its smallest size)."""
    style = rich.Style(bold, italic, family)
    if rich.needed(text, style):
        return rich.fit_lines(box, text, wanted, style, LEAD, one_line=True)
    room = box.w * WIDTH_USE
    w = fonts.width(text, wanted, bold)
    size = wanted if w <= room or w == 0 else max(smallest(box, wanted), wanted * room / w)
    over = fonts.width(text, size, bold) - room
    f = Fit(text, box, [text], wanted, size, size * PT)
    if over > 0.01:
        f.left_mm, f.left_text = over, _tail(text, size, room, bold)
    return f


def fit_lines(box: Box, text: str, wanted: float, bold: bool = False, lead: float = LEAD,
              balance: bool = False, italic: bool = False, family: str = "", marked: bool = False) -> Fit:
    """As many lines as the box needs, smaller type step by step until they fit its height. A text
    with markup (or `marked`, for justified lines) is set by the rich setter (pnp/render/rich.py)."""
    style = rich.Style(bold, italic, family)
    if marked or rich.needed(text, style):
        return rich.fit_lines(box, text, wanted, style, lead)
    room = box.w * WIDTH_USE

    def attempt(size: float):
        rows = (balanced if balance else break_lines)(text, size, room, bold)
        step = size * PT * lead
        widest = max((fonts.width(r, size, bold) for r in rows), default=0.0)
        return len(rows) * step <= box.h + 1e-6 and widest <= room + 1e-6, (rows, size, step, widest)

    rows, size, step, widest = first_fitting(wanted, smallest(box, wanted), attempt)
    f = Fit(text, box, rows, wanted, size, step)
    fitting = max(1, int((box.h + 1e-6) // step))
    if len(rows) > fitting:
        f.left_mm = len(rows) * step - box.h
        f.left_text = " ".join(rows[fitting:])
    elif widest > room + 0.01:
        f.left_mm = widest - room
        f.left_text = next(r for r in rows if fonts.width(r, size, bold) > room + 0.01)
    return f


def _tail(text: str, size: float, room: float, bold: bool) -> str:
    """The end of a line that runs past `room` (its characters' widths added up as they come)."""
    wide = 0.0
    for i, ch in enumerate(text):
        wide += fonts.width(ch, size, bold)
        if wide > room:
            return text[i:]
    return ""


# -- drawing --------------------------------------------------------------------------------

def draw_line(d: Drawing, f: Fit, colour: Color, bold: bool = True, anchor: str = "middle") -> None:
    box = f.box
    target = _clipped(d, f)
    if f.rich is not None:
        rich.draw(target, f, colour, anchor, [box.cy - f.size * PT * 0.36] * len(f.rich))
        return
    x = {"start": box.x, "middle": box.cx, "end": box.x + box.w}[anchor]
    target.text(x, box.cy - f.size * PT * 0.36, f.text, f.size, bold=bold, fill=colour, anchor=anchor)


def draw_lines(d: Drawing, f: Fit, colour: Color, bold: bool = False, anchor: str = "middle") -> None:
    box = f.box
    target = _clipped(d, f)
    top = box.cy + len(f.lines) * f.lead / 2
    if f.overflows:
        top = box.top  # what fits starts at the top; the rest is cut at the box's bottom
    bases = [top - (i + 0.5) * f.lead - f.size * PT * 0.36 for i in range(len(f.lines))]  # each line centred in its band
    if f.rich is not None:
        rich.draw(target, f, colour, anchor, bases)
        return
    x = {"start": box.x, "middle": box.cx, "end": box.x + box.w}[anchor]
    for row, base in zip(f.lines, bases):
        target.text(x, base, row, f.size, bold=bold, fill=colour, anchor=anchor)


def _clipped(d: Drawing, f: Fit) -> Drawing:
    """Where the text is drawn: the drawing itself, or a group clipped to the box when the text
    does not fit, so that nothing spills out of it."""
    if not f.overflows:
        return d
    b = f.box
    return d.group(clip=Path.rect(b.x, b.y, b.w, b.h))


def text_in(d: Drawing, box: Box, text: str, colour: Color, bold: bool = True, size: float | None = None,
            anchor: str = "middle") -> float:
    """Text on one line, centred vertically in the box, shrunk to fit its width. Returns the size."""
    wanted = size or box.text or box.h / PT * 0.7
    f = fit_line(box, text, wanted, bold)
    record(f)
    draw_line(d, f, colour, bold, anchor)
    return f.size


def wrap(d: Drawing, box: Box, text: str, colour: Color, bold: bool = False, anchor: str = "middle",
         size: float | None = None, lead: float = LEAD, balance: bool = False) -> float:
    """Text over as many lines as the box needs, centred (or from the left with anchor="start"),
    smaller type until it fits. Returns the size used."""
    wanted = size or box.text or 8.0
    f = fit_lines(box, text, wanted, bold, lead, balance)
    record(f)
    draw_lines(d, f, colour, bold, anchor)
    return f.size


# -- what the build reports -----------------------------------------------------------------

_NOTES: ContextVar[list[Fit] | None] = ContextVar("pnp_text_notes", default=None)


def record(f: Fit) -> None:
    notes = _NOTES.get()
    if notes is not None:
        notes.append(f)


@contextmanager
def collecting() -> Iterator[list[Fit]]:
    """Every text set while the block runs, for the build to report shrinking and overflow."""
    notes: list[Fit] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)

