"""Rich text for the shared text setter: runs of bold and italic, inline icons, a family of one's
own, justified lines and line spacing.

In: a text as written — `**bold**`, `*italic*`, `***both***`, `\\*` for an asterisk, `:NAME:`
for an icon (a built-in symbol, or one the layout declares: `using`) — a box, the size asked for
and the style the element gives (weight, family). Out: a `Fit` (pnp/render/text.py) whose `rich`
lines hold the pieces each line is set from, and the drawing of it. Lines break and type shrinks
as plain text does (Latin words kept whole, Chinese by character, closing punctuation never
opening a line); an icon is a word of its own, one em wide, drawn at the text's size in its
colour (a picture keeps its own). A `:word:` that names no icon stays text ("10:30", "Note: x"
are untouched); the build's `--strict` reports an unknown one (`Fit.unknown`). Nothing here
evaluates what a text says: the markup is read by one regular expression.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from contextvars import ContextVar
from typing import Callable, Iterator

from ..records import record, replace
from ..geometry import fonts
from ..geometry.drawing import PT, Color, Drawing
from .lines import CLOSING, OPENING, STEP, WIDTH_USE, Fit, Run, first_fitting, smallest, units

MARK = re.compile(r"\\\*|\*{1,3}|:([a-z0-9][a-z0-9_-]{0,39}):")
ICON_EM = 0.9  # an icon's side, in ems of the text's size
ICON_PAD = 0.08  # space either side of an icon, in ems
ICON_DROP = 0.12  # how far an icon reaches below the baseline, in ems

Painter = Callable[[Drawing, float, float, float, Color], None]  # (d, x, y, side mm, colour)
_ICONS: ContextVar[dict[str, Painter] | None] = ContextVar("pnp_rich_icons", default=None)


@record(frozen=True)
class Style:
    """The style of a run of rich text: bold, italic, and a layout's own font family ("": the
    shipped one)."""

    bold: bool = False
    italic: bool = False
    family: str = ""


@record(frozen=True)
class Piece:
    """A unit the lines are broken into: a word, a space, a Chinese character — or an icon."""

    text: str
    style: Style
    icon: str | None = None

    @property
    def space(self) -> bool:
        return self.icon is None and self.text.isspace() and self.text != "\n"

    def width(self, size: float) -> float:
        if self.icon is not None:
            return size * PT * (ICON_EM + 2 * ICON_PAD)
        return fonts.width(self.text, size, self.style.bold, self.style.italic, self.style.family)


@record
class Line:
    """One line of set rich text: the pieces it is set from, and whether a hard break ends it."""

    pieces: list[Piece]
    ends_paragraph: bool = False  # a hard break (or the text's end): a justified line stays as set


# -- the icons in use ---------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _builtin() -> dict[str, Painter]:
    """The built-in symbols as icons: made once, read by every text that has markup."""
    from .symbols import SYMBOLS, draw_symbol

    return {name: (lambda d, x, y, s, c, name=name: draw_symbol(d, name, x, y, s, s, c)) for name in SYMBOLS}


def painters() -> dict[str, Painter]:
    got = _ICONS.get()
    return got if got is not None else _builtin()


@contextmanager
def using(icons: dict[str, Painter]) -> Iterator[None]:
    """The layout's icons (name -> painter), over the built-in symbols, while the block draws."""
    token = _ICONS.set({**_builtin(), **icons})
    try:
        yield
    finally:
        _ICONS.reset(token)


# -- reading the markup -------------------------------------------------------------------------------

def needed(text: str, style: Style) -> bool:
    """Whether `text` needs the rich setter: markup in it, or a style plain text has not."""
    return bool(style.italic or style.family) or "*" in text or (
        ":" in text and any(m.group(1) for m in MARK.finditer(text)))


def parse(text: str, base: Style, icons) -> tuple[list[tuple[str, Style] | str], list[str]]:
    """The text's spans: (text, style), or an icon's name (a str on its own) — and the `:words:`
    that look like icons but name none (for --strict). A `*` run without its closing twin is text."""
    tokens: list[tuple[str, str]] = []  # ("text", s) | ("mark", "**") | ("icon", name)
    unknown: list[str] = []
    at = 0
    for m in MARK.finditer(text):
        tokens.append(("text", text[at:m.start()]))
        tok = m.group(0)
        if tok == "\\*":
            tokens.append(("text", "*"))
        elif m.group(1) is not None:
            if m.group(1) in icons:
                tokens.append(("icon", m.group(1)))
            else:
                tokens.append(("text", tok))
                if m.group(1)[0].isalpha():
                    unknown.append(tok)
        else:
            tokens.append(("mark", tok))
        at = m.end()
    tokens.append(("text", text[at:]))
    return _styled(tokens, base), unknown


def _styled(tokens: list[tuple[str, str]], base: Style) -> list[tuple[str, Style] | str]:
    """Marks paired with the next mark of the same length (an unpaired one is text), each pair
    turning on bold (**), italic (*) or both (***) between them."""
    pair: dict[int, int] = {}
    open_at: dict[str, int] = {}
    for i, (kind, tok) in enumerate(tokens):
        if kind != "mark":
            continue
        if tok in open_at:
            pair[open_at.pop(tok)] = i
            pair[i] = -1
        else:
            open_at[tok] = i
    bold = italic = 0
    out: list[tuple[str, Style] | str] = []
    for i, (kind, tok) in enumerate(tokens):
        if kind == "icon":
            out.append(tok)
        elif kind == "mark" and i in pair:
            step = 1 if pair[i] != -1 else -1
            bold += step * (len(tok) >= 2)
            italic += step * (len(tok) != 2)
        elif tok:
            style = replace(base, bold=base.bold or bold > 0, italic=base.italic or italic > 0)
            if out and isinstance(out[-1], tuple) and out[-1][1] == style:
                out[-1] = (out[-1][0] + tok, style)
            else:
                out.append((tok, style))
    return out


def pieces(spans: list[tuple[str, Style] | str]) -> list[Piece]:
    out: list[Piece] = []
    for span in spans:
        if isinstance(span, str):
            out.append(Piece("", Style(), span))
        else:
            out.extend(Piece(u, span[1]) for u in units(span[0]))
    return out


# How a built-in symbol reads where the text is shown as text (a card's name in a setup, the
# preview, a TTS nickname): its character, or its name in words.
AS_CHARACTER = {"heart": "♥", "diamond": "♦", "club": "♣", "spade": "♠", "star": "★", "moon": "☾",
                "circle": "●", "square": "■", "triangle": "▲", "plus": "+", "check": "✓", "arrow-up": "↑",
                "arrow-right": "→", "arrow-down": "↓", "arrow-left": "←"}


def as_text(text: str) -> str:
    r"""A marked-up text as plain text, for where it is shown as text and not set on a card:
    `**bold**` and `*italic*` without their marks, `\*` as `*`, a built-in icon as its character
    (or its name); a `:word:` that names no built-in icon as written (a layout's own icons are
    the layout's, not the name's)."""
    if "*" not in text and ":" not in text:
        return text
    spans, _ = parse(text, Style(), _builtin())
    return plain(spans, lambda name: AS_CHARACTER.get(name, name))


def plain(spans: list[tuple[str, Style] | str], icon=lambda name: f":{name}:") -> str:
    """The text without its markup, an icon as `icon(name)` gives it (its :name:, for reports)."""
    return "".join(icon(s) if isinstance(s, str) else s[0] for s in spans)


# -- breaking and fitting ------------------------------------------------------------------------------

def _wide(parts: list[Piece], size: float) -> float:
    lo, hi = 0, len(parts)
    while lo < hi and parts[lo].space:
        lo += 1
    while hi > lo and parts[hi - 1].space:
        hi -= 1
    return sum(p.width(size) for p in parts[lo:hi])


def break_lines(items: list[Piece], size: float, width: float) -> list[Line]:
    """The lines the pieces break into at `size` points within `width` mm."""
    lines: list[Line] = []
    run = Run(lambda p: p.width(size), lambda p: p.space)
    for u in items:
        if u.icon is None and u.text == "\n":
            lines.append(Line(run.units, True))
            run.reset([])
            continue
        if u.space and not run.units:
            continue
        if run.units and not u.space and run.wide_with(u) > width:
            carry: list[Piece] = []
            while u.text[:1] in CLOSING and u.text and len(run.units) > 1:  # closing punctuation opens no line
                carry.insert(0, run.pop())
                if not carry[0].space and carry[0].text[:1] not in CLOSING:
                    break
            while run.units and run.units[-1].space:
                run.pop()
            while len(run.units) > 1 and run.units[-1].text and run.units[-1].text[-1] in OPENING:
                carry.insert(0, run.pop())
            lines.append(Line(run.units))
            run.reset(carry + [u])
        else:
            run.add(u)
        first = run.units[0]
        if len(run.units) == 1 and first.icon is None and len(first.text) > 1 and run.total > width:
            run.reset([])  # a word wider than the line: cut between its characters
            for p in (Piece(ch, first.style) for ch in first.text):
                if run.units and run.wide_with(p) > width:
                    lines.append(Line(run.units))
                    run.reset([])
                run.add(p)
    cur = run.units
    lines.append(Line(cur, True))
    for line in lines:
        while line.pieces and line.pieces[-1].space:
            line.pieces.pop()
        while line.pieces and line.pieces[0].space:
            line.pieces.pop(0)
    while lines and not lines[-1].pieces:
        lines.pop()
    if lines:
        lines[-1].ends_paragraph = True
    return lines


def line_text(line: Line) -> str:
    return "".join(f":{p.icon}:" if p.icon else p.text for p in line.pieces).strip()


def fit_lines(box, text: str, wanted: float, style: Style, lead: float, one_line: bool = False) -> Fit:
    """The rich text's Fit: as many lines as the box needs (or one, shrunk to the width), type
    smaller step by step until they fit, what is left over recorded as plain text's is."""
    spans, unknown = parse(text, style, painters())
    items = pieces(spans)
    room = box.w * WIDTH_USE
    low = smallest(box, wanted)

    def attempt(size: float):
        rows = break_lines(items, size, float("inf") if one_line else room)
        step = size * PT * lead
        widest = max((_wide(r.pieces, size) for r in rows), default=0.0)
        fits_height = one_line or len(rows) * step <= box.h + 1e-6
        return fits_height and widest <= room + 1e-6, (rows, size, step, widest)

    if one_line:  # one line: the size that makes it as wide as the box, found at once
        fits, (rows, size, step, widest) = attempt(wanted)
        while not fits and size > low:
            fits, (rows, size, step, widest) = attempt(max(low, size * room / widest if widest > 0 else size - STEP))
    else:
        rows, size, step, widest = first_fitting(wanted, low, attempt)
    f = Fit(plain(spans), box, [line_text(r) for r in rows], wanted, size, step)
    f.rich, f.unknown = rows, unknown
    fitting = max(1, int((box.h + 1e-6) // step))
    if not one_line and len(rows) > fitting:
        f.left_mm = len(rows) * step - box.h
        f.left_text = " ".join(f.lines[fitting:])
    elif widest > room + 0.01:
        f.left_mm = widest - room
        f.left_text = next(line_text(r) for r in rows if _wide(r.pieces, size) > room + 0.01)
    return f


# -- drawing --------------------------------------------------------------------------------------------

def draw(d: Drawing, f, colour: Color, anchor: str, baselines: list[float]) -> None:
    """Each line of a rich Fit at its baseline: `anchor` start, middle, end or justify (the room
    of the box filled by widening the spaces of every line but a paragraph's last)."""
    box = f.box
    room = box.w * WIDTH_USE
    paint = painters()
    for line, base in zip(f.rich, baselines):
        parts = line.pieces
        width = _wide(parts, f.size)
        spaces = [i for i, p in enumerate(parts) if p.space]
        gap = 0.0
        if anchor == "justify" and spaces and not line.ends_paragraph and width < room:
            gap = (room - width) / len(spaces)
        x = {"start": box.x, "justify": box.x, "middle": box.cx - width / 2, "end": box.x + box.w - width}[anchor]
        _draw_line(d, parts, x, base, f.size, colour, gap, paint)


def _draw_line(d: Drawing, parts: list[Piece], x: float, base: float, size: float, colour: Color, gap: float,
               paint: dict[str, Painter]) -> None:
    run: list[Piece] = []

    def flush() -> float:
        if not run:
            return 0.0
        s = run[0].style
        text = "".join(p.text for p in run)
        d.text(x, base, text, size, bold=s.bold, fill=colour, anchor="start", italic=s.italic, family=s.family)
        w = fonts.width(text, size, s.bold, s.italic, s.family)
        run.clear()
        return w

    for p in parts:
        if p.icon is not None:
            x += flush()
            side = size * PT * ICON_EM
            pad = size * PT * ICON_PAD
            painter = paint.get(p.icon)
            if painter is not None:
                painter(d, x + pad, base - size * PT * ICON_DROP, side, colour)
            x += side + 2 * pad
        elif p.space and gap:
            x += flush() + p.width(size) + gap
        else:
            if run and run[0].style != p.style:
                x += flush()
            run.append(p)
    flush()
