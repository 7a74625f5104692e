"""Progress of a build on a terminal: one updating line per game, for builds longer than a second.

`Progress(stream, game)` is told the cards drawn and the sheets written as the build goes; once
a second has passed since it started it writes `the-jam: cards drawn 40/84, sheets written 3/11`
over itself (carriage return, at most ten times a second), and `done()` clears the line. On a
stream that is not a terminal it writes nothing at all, so logs and pipes see only the report.
"""
from __future__ import annotations

import time

DELAY_S = 1.0  # a build quicker than this shows no progress
EVERY_S = 0.1  # at most ten updates a second


class Progress:
    def __init__(self, stream, game: str, clock=time.monotonic, delay: float = DELAY_S):
        self.stream, self.game, self.clock, self.delay = stream, game, clock, delay
        self.on = _is_tty(stream)
        self.start = clock()
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
        self.written, self.to_write = self.written + 1, total
        self._show()

    def line(self) -> str:
        sheets = f", sheets written {self.written}/{self.to_write}" if self.to_write else ""
        return f"{self.game}: cards drawn {self.drawn}/{self.to_draw}{sheets}"

    def _show(self, force: bool = False) -> None:
        if not self.on:
            return
        now = self.clock()
        if now - self.start < self.delay or (now - self.last < EVERY_S and not force):
            return
        self.last, self.shown = now, True
        self.stream.write("\r\x1b[K" + self.line())
        self.stream.flush()

    def done(self) -> None:
        """Clear the line, so the build's report starts at the margin."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
