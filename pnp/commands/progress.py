"""Progress of a build on a terminal: one updating line, for builds longer than a second.

`Progress(stream, game)` is told the cards drawn and the sheets written as the build goes; once
a second has passed since it started it writes `the-jam: cards drawn 40/84, sheets written 3/11`
over itself (carriage return, at most ten times a second), and `done()` clears the line. Games
built at once share one `Line`: `the-jam: cards drawn 40/84 · gem: cards drawn 30/30, sheets
written 2/4`. `pnp export` shows the images it writes instead of sheets. On a stream that is not
a terminal it writes nothing at all, so logs and pipes see only the report.
"""
from __future__ import annotations

import shutil
import time

DELAY_S = 1.0  # a build quicker than this shows no progress
EVERY_S = 0.1  # at most ten updates a second


class Line:
    """The one terminal line that the games built at once share: each game's part, joined by
    " · ", cut to the terminal's width so that it never wraps (a wrapped line cannot be written
    over)."""

    def __init__(self, stream, width: int | None = None):
        self.stream, self.width = stream, width
        self.parts: dict[str, str] = {}

    def show(self, game: str, text: str) -> None:
        self.parts[game] = text
        self._write()

    def drop(self, game: str) -> None:
        if self.parts.pop(game, None) is not None:
            self._write()

    def _write(self) -> None:
        width = self.width or shutil.get_terminal_size((100, 24)).columns
        text = " · ".join(self.parts.values())
        if len(text) > width - 1:
            text = text[:max(width - 2, 0)] + "…"
        self.stream.write("\r\x1b[K" + text)
        self.stream.flush()


class Progress:
    def __init__(self, stream, game: str, clock=None, delay: float | None = None, line: Line | None = None,
                 unit: str = "sheets"):
        """`line`: shared with the other games built at once; by default a line of its own.
        `unit`: what the second stage writes (`pnp export`: images)."""
        self.stream, self.game, self.unit = stream, game, unit
        self.clock = clock or time.monotonic
        self.delay = DELAY_S if delay is None else delay
        self.shared = line if line is not None else Line(stream)
        self.on = _is_tty(stream)
        self.start = self.clock()
        self.last = float("-inf")
        self.shown = False
        self.drawn = self.to_draw = self.written = self.to_write = 0

    def __enter__(self) -> "Progress | None":
        """The progress to hand a build: None when the stream is not a terminal."""
        return self if self.on else None

    def __exit__(self, *exc) -> None:
        self.done()

    def cards(self, n: int, total: int) -> None:
        self.drawn, self.to_draw = n, total
        self._show()

    def sheet(self, total: int) -> None:
        """One more sheet (or, with another `unit`, image) written of `total`."""
        self.written, self.to_write = self.written + 1, total
        self._show()

    def line(self) -> str:
        sheets = f", {self.unit} written {self.written}/{self.to_write}" if self.to_write else ""
        return f"{self.game}: cards drawn {self.drawn}/{self.to_draw}{sheets}"

    def _show(self, force: bool = False) -> None:
        if not self.on:
            return
        now = self.clock()
        if now - self.start < self.delay or (now - self.last < EVERY_S and not force):
            return
        self.last, self.shown = now, True
        self.shared.show(self.game, self.line())

    def done(self) -> None:
        """Take this game off the line (cleared when it was the last), so the build's report
        starts at the margin."""
        if self.shown:
            self.shared.drop(self.game)
            self.shown = False


def _is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
