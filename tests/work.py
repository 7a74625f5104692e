"""Work measured by counting, not by the clock: the function calls (Python's and C's) a piece of
code makes in this thread, counted by a profile hook. A count is the same on a busy machine and an
idle one, so a test that says "refused at once" or "in bounded work" asserts on it rather than on
seconds (which a loaded machine stretches). Counts vary a little with what earlier tests left
cached, so a budget is set well above what the work takes and far below what the runaway case
it guards against would take."""
from __future__ import annotations

import sys
from contextlib import contextmanager


class Calls:
    """How many calls were made inside `counted()` (read it after the block)."""

    def __init__(self):
        self.n = 0

    def __repr__(self) -> str:
        return f"{self.n:,} calls"


@contextmanager
def counted():
    """Count the calls the block makes, in this thread (threads and processes it starts are not
    counted: the code measured here runs in the caller's thread)."""
    calls = Calls()

    def hook(frame, event, arg):
        if event == "call" or event == "c_call":
            calls.n += 1

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield calls
    finally:
        sys.setprofile(previous)
