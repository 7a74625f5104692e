"""`pnp serve`'s connections, bounded: many connections that send half a request and stall (or
none at all) must neither use up the process's files nor keep the page's own requests out, and
a failure repeated for each of them is told once, never a traceback per connection.

uvicorn alone bounds none of that: it accepts every connection, waits for a request's head
forever (its keep-alive timeout starts only after an answer), and its `limit_concurrency`
answers 503 to requests while keeping every connection open. So the web server's HTTP protocol
is uvicorn's own (h11) with two rules added (`guarded`):

- at most `cap` connections are open: one more closes the connection that has waited longest
  for a request's head (a stalled one, or an idle keep-alive one, which a browser opens again),
  or, when every open one is being answered (an event stream, a picture), the new one;
- a connection that has not sent a whole request head within `head_s` of its start (or of its
  last answer) is closed;
- a connection that reads nothing of its answers (its writes stalled, the system's buffers full:
  a client that asks for pages, many at once, and never reads them) is cut once they have stalled
  for `head_s`, and is closed first for the cap, as a waiting one is: it never holds a slot, a
  file or an answer's memory for longer.

A connection closed with answers still unsent is aborted, not closed: closing would wait for the
client to read them, and one that never reads would keep its file open for ever.

`quiet_logs` lets the first of each kind of log line through and then one in every `EVERY`,
with how many there were, without a traceback (asyncio's "socket.accept() out of system
resource", uvicorn's "Invalid HTTP request received.").
"""
from __future__ import annotations

import logging

from uvicorn.protocols.http.h11_impl import H11Protocol

EVERY = 1000  # a repeated log line is let through once in this many


def guarded(cap: int, head_s: float, log) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with at most `cap` connections open and a request's head due
    within `head_s` seconds; `log` hears (once in EVERY) that connections were closed for it."""

    class Guarded(H11Protocol):
        def connection_made(self, transport) -> None:
            self._since = self.loop.time()  # waiting for a request's head since
            self._late = None
            self._stuck = None  # the timer of a stalled write
            super().connection_made(transport)
            if not transport.is_closing():
                self._keep_under_cap()
                self._arm()

        def on_response_complete(self) -> None:
            self._since = self.loop.time()
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc) -> None:
            for timer in (self._late, self._stuck):
                if timer is not None:
                    timer.cancel()
            self._late = self._stuck = None
            super().connection_lost(exc)

        def pause_writing(self) -> None:
            super().pause_writing()
            if self._stuck is None:
                self._stuck = self.loop.call_later(head_s, self._write_late)

        def resume_writing(self) -> None:
            super().resume_writing()
            if self._stuck is not None:
                self._stuck.cancel()
                self._stuck = None

        def _write_late(self) -> None:
            self._stuck = None
            if self.flow is not None and self.flow.write_paused:
                self._shut()
                _said.tell(log, f"pnp serve: a connection that read none of its answers for {head_s:g} s is cut")

        def _shut(self) -> None:
            """Close the connection now, answers still unsent dropped (see the module's note)."""
            if self.transport.get_write_buffer_size():
                self.transport.abort()
            elif not self.transport.is_closing():
                self.transport.close()

        @property
        def waiting(self) -> bool:
            """No request is being answered: the connection waits for (the rest of) a head."""
            return self.cycle is None or self.cycle.response_complete

        @property
        def idle(self) -> bool:
            """Waiting for a head, or for a client to read its answer (it may never): closed first
            when the connections are too many. (A slow reader is not cut by the head's timer: its
            writes stall and resume, and only a stall of `head_s` cuts it.)"""
            return self.waiting or (self.flow is not None and self.flow.write_paused)

        def _arm(self) -> None:
            if self._late is not None:
                self._late.cancel()
            self._late = self.loop.call_later(head_s, self._head_late)

        def _head_late(self) -> None:
            self._late = None
            if self.waiting and not self.transport.is_closing():
                self._shut()

        def _keep_under_cap(self) -> None:
            open_ = [c for c in self.connections if not c.transport.is_closing()]
            if len(open_) <= cap:
                return
            idle = [c for c in open_ if c is not self and getattr(c, "idle", False)]
            victim = min(idle, key=lambda c: c._since) if idle else self
            victim._shut()
            _said.tell(log, f"pnp serve: more than {cap} connections at once: the one that waited longest "
                            "for a request is closed")

    return Guarded


class _Said:
    """How many times each line was to be said; whether to say it now (the first, then one in EVERY)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def due(self, key: str) -> int:
        """0 when this line is not to be said now; else how many times it has come."""
        n = self.counts[key] = self.counts.get(key, 0) + 1
        return n if n == 1 or n % EVERY == 0 else 0

    def tell(self, log, line: str) -> None:
        n = self.due(line)
        if n:
            print(line if n == 1 else f"{line} ({n} times so far)", file=log, flush=True)


_said = _Said()


class _Quiet(logging.Filter):
    """A logger's repeated lines, once in EVERY; a system error (out of files) without its traceback."""

    def __init__(self, said: _Said) -> None:
        super().__init__()
        self.said = said

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        first = text.splitlines()[0] if text else ""
        n = self.said.due(f"{record.name}: {first}")
        if not n:
            return False
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, OSError):  # the system's words say it all: no traceback
            first = f"{first}: {exc.strerror or exc}"
            record.exc_info = None
        record.msg, record.args = (first if n == 1 else f"{first} ({n} times so far)"), None
        return True


def quiet_logs(names=("asyncio", "uvicorn.error")) -> None:
    """Install the filter on the loggers that speak for every connection (idempotent)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _Quiet) for f in logger.filters):
            logger.addFilter(_Quiet(_said))
