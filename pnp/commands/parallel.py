"""Doing several games' builds at once: one forked process per game, as many at a time as there
are cores, results handed back in the order the games were given.

`run(jobs, work)` calls `work(job, progress)` for every job and yields `(job, result)` in job
order. With one job, one core, or no `fork` it simply calls `work` in this process. Otherwise
each job runs in a child process forked from this one (so it shares everything already loaded,
and nothing has to be pickled on the way in); the child sends its progress and its result back
through a pipe, pickled. Larger jobs (by `job.weight`) start first so the cores finish together.

A child never outlives the command: it is killed with its parent (Linux's PDEATHSIG), and when
the parent is interrupted (Ctrl-C, SIGTERM, SIGHUP when its terminal closes) it stops its
children the same way and waits for them, so each child removes its own staged files on the way out, as a build in one process does.
A child that dies without a result (killed, or a bug in the build) has a `WorkerDied` for its
result, saying how; the other jobs go on.
"""
from __future__ import annotations

import gc
import os
import pickle
import selectors
import signal
import struct
import sys
import traceback
from typing import Any, Callable, Iterator, Sequence

_HEADER = struct.Struct("!I")


class WorkerDied(Exception):
    """A child process ended without handing back its result."""


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run(jobs: Sequence[Any], work: Callable[[Any, Any], Any], progress: Callable[[Any], Any] | None = None,
        workers: int | None = None) -> Iterator[tuple[Any, Any]]:
    """Yield (job, work(job, its progress)) in job order. `progress(job)` makes the progress
    object the work reports to (or None); in a child it is a stand-in that forwards every call
    to the parent's object."""
    workers = min(workers or cores(), len(jobs))
    if workers <= 1 or not hasattr(os, "fork"):
        for job in jobs:
            yield job, work(job, progress(job) if progress else None)
        return
    yield from _Pool(jobs, work, progress, workers).results()


class _Forwarder:
    """In a child: stands in for the parent's progress object, sending each call up the pipe."""

    def __init__(self, fd: int, index: int):
        self.fd, self.index = fd, index

    def __getattr__(self, name: str):
        def call(*args):
            _send(self.fd, ("call", self.index, name, args))
        return call


class _Pool:
    def __init__(self, jobs, work, progress, workers: int):
        try:  # once here rather than in every child (_die_with_parent)
            import ctypes  # noqa: F401
        except ImportError:  # pragma: no cover
            pass
        self.jobs, self.work, self.workers = list(jobs), work, workers
        self.progress = [progress(job) if progress else None for job in self.jobs]
        self.order = sorted(range(len(self.jobs)), key=lambda i: -getattr(self.jobs[i], "weight", 0))
        self.live: dict[int, tuple[int, int, bytearray]] = {}  # read fd -> (job index, pid, bytes so far)
        self.done: dict[int, Any] = {}  # results not yet handed on
        self.answered: set[int] = set()  # jobs whose result came (handed on or not)
        self.sel = selectors.DefaultSelector()

    def results(self) -> Iterator[tuple[Any, Any]]:
        waiting = list(self.order)
        nxt = 0
        try:
            while nxt < len(self.jobs):
                while nxt not in self.done:
                    while waiting and len(self.live) < self.workers:
                        self._start(waiting.pop(0))
                    self._step()
                yield self.jobs[nxt], self.done.pop(nxt)
                nxt += 1
        finally:
            self._stop_all()
            self.sel.close()

    def _start(self, i: int) -> None:
        for stream in (sys.stdout, sys.stderr):  # nothing buffered here may be written twice
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        # Ctrl-C, SIGTERM and SIGHUP wait until the child is known here (so that _stop_all stops it
        # and waits for its clean-up) and, in the child, until it runs its job under the try below.
        blocked = _block(_STOPS)
        try:
            r, w = os.pipe()
            parent = os.getpid()
            pid = os.fork()
            if pid == 0:
                self._child(i, r, w, parent, blocked)  # never returns
            os.close(w)
            self.live[r] = (i, pid, bytearray())
            self.sel.register(r, selectors.EVENT_READ)
        finally:
            _block(blocked, how=getattr(signal, "SIG_SETMASK", None))

    def _child(self, i: int, r: int, w: int, parent: int, mask) -> None:
        """Do the job, send the result, and leave without running any clean-up of the parent's."""
        code = 1
        try:
            os.close(r)
            _block(mask, how=getattr(signal, "SIG_SETMASK", None))
            try:
                _die_with_parent(parent)
                gc.disable()  # a child lives for one job: what it leaves goes when it exits (a tenth quicker)
                prog = _Forwarder(w, i) if self.progress[i] is not None else None
                result = self.work(self.jobs[i], prog)
                _send(w, ("result", i, result))
                code = 0
            except KeyboardInterrupt:
                code = 130
            except BaseException:  # a bug in the build: tell the parent what it was
                try:
                    _send(w, ("crash", i, traceback.format_exc()))
                except BaseException:
                    pass
        finally:
            os._exit(code)

    def _step(self) -> None:
        for key, _ in self.sel.select():
            fd = key.fd
            i, pid, buf = self.live[fd]
            chunk = os.read(fd, 1 << 16)
            if chunk:
                buf.extend(chunk)
                self._messages(buf)
                continue
            self.sel.unregister(fd)
            os.close(fd)
            del self.live[fd]
            _, status = os.waitpid(pid, 0)
            if i not in self.answered:
                self._answer(i, WorkerDied(f"the process building {_name(self.jobs[i])} {_how(status)}"))

    def _messages(self, buf: bytearray) -> None:
        while len(buf) >= _HEADER.size:
            (n,) = _HEADER.unpack_from(buf)
            if len(buf) < _HEADER.size + n:
                return
            kind, i, *rest = pickle.loads(bytes(buf[_HEADER.size:_HEADER.size + n]))
            del buf[:_HEADER.size + n]
            if kind == "result":
                self._answer(i, rest[0])
            elif kind == "call" and self.progress[i] is not None:
                name, args = rest
                getattr(self.progress[i], name)(*args)
            elif kind == "crash":
                self._answer(i, WorkerDied(f"the build of {_name(self.jobs[i])} failed:\n{rest[0]}"))

    def _answer(self, i: int, result) -> None:
        self.done[i] = result
        self.answered.add(i)

    def _stop_all(self) -> None:
        """Stop the children still running (an interrupt, an error) and wait for each to clean up."""
        for fd, (_, pid, _) in list(self.live.items()):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for fd, (_, pid, _) in list(self.live.items()):
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
            try:
                self.sel.unregister(fd)
            except (KeyError, ValueError):
                pass
            os.close(fd)
        self.live.clear()


_STOPS = {signal.SIGINT, signal.SIGTERM} | ({signal.SIGHUP} if hasattr(signal, "SIGHUP") else set())


def _block(signals, how=getattr(signal, "SIG_BLOCK", None)):
    """pthread_sigmask where there is one; returns the mask before (None elsewhere)."""
    if how is None or signals is None or not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(how, signals)


def _send(fd: int, message) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    data = _HEADER.pack(len(data)) + data
    while data:
        data = data[os.write(fd, data):]


def _die_with_parent(parent: int) -> None:
    """Linux: the kernel kills this process when its parent dies, even by SIGKILL."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return
    if os.getppid() != parent:  # the parent died before the call above
        os._exit(1)


def _name(job) -> str:
    return str(getattr(job, "name", job))


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        return f"was killed by signal {sig} ({signal.Signals(sig).name})"
    return f"ended (exit {os.WEXITSTATUS(status)}) without a result"
