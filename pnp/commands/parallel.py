"""Doing several games' builds at once: a forked worker process per core, each building one game
after another, results handed back in the order the games were given.

`run(jobs, work)` calls `work(job, progress)` for every job and yields `(job, result)` in job
order. With one job, one core, or no `fork` it simply calls `work` in this process. Otherwise
the jobs run in worker processes forked from this one (so they share everything already loaded,
and nothing has to be pickled on the way in), as many as there are cores and no more than there
are jobs; the parent hands each free worker the next job's number through a pipe, and the worker
sends its progress and its result back through another, pickled. Larger jobs (by `job.weight`)
go first so the cores finish together.

A worker never outlives the command: it is killed with its parent (Linux's PDEATHSIG), and when
the parent is interrupted (Ctrl-C, SIGTERM, SIGHUP when its terminal closes) it stops its
workers the same way and waits for them, so each removes its own staged files on the way out, as
a build in one process does. A job whose worker dies without its result (killed, or a bug in the
build) has a `WorkerDied` for its result, saying how; the other jobs go on, in a new worker if
they need one. A worker whose work is done closes its pipes and its output first and is not waited
for while the kernel frees its memory (a few ms at the end of every build); it is reaped when it
has gone.
"""
from __future__ import annotations

import gc
import os
import pickle
import selectors
import signal
import struct
import sys
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


class _Worker:
    """A child process and its two pipes: the parent writes it job numbers, it writes back messages."""

    def __init__(self, pid: int, tasks: int, results: int):
        self.pid, self.tasks, self.results = pid, tasks, results
        self.buf = bytearray()
        self.job: int | None = None  # the job it is doing

    def no_more(self) -> None:
        """Close its task pipe: it is handed no more jobs (one that is idle sees it closed and exits)."""
        if self.tasks >= 0:
            os.close(self.tasks)
            self.tasks = -1


class _Pool:
    """`workers` child processes forked at the start, each doing one job after another as the
    parent hands them out (the biggest first, each to the first worker free). A worker outlives
    its first job: forking a child per job copied the parent's memory into each (a third of a
    four-game build's system time went on those page copies) and left each to rebuild the font
    tables and text measures the one before it had made. A worker whose job fails or dies is
    replaced by a new one for the jobs still to do."""

    def __init__(self, jobs, work, progress, workers: int):
        try:  # once here rather than in every child (_die_with_parent)
            import ctypes  # noqa: F401
        except ImportError:  # pragma: no cover
            pass
        _reap(block=True)  # a pool's workers before this one have gone by now
        self.jobs, self.work, self.workers = list(jobs), work, workers
        self.progress = [progress(job) if progress else None for job in self.jobs]
        self.waiting = sorted(range(len(self.jobs)), key=lambda i: -getattr(self.jobs[i], "weight", 0))
        self.live: dict[int, _Worker] = {}  # by the fd of its results
        self.done: dict[int, Any] = {}  # results not yet handed on
        self.answered: set[int] = set()  # jobs whose result came (handed on or not)
        self.sel = selectors.DefaultSelector()

    def results(self) -> Iterator[tuple[Any, Any]]:
        nxt = 0
        try:
            while nxt < len(self.jobs):
                while nxt not in self.done:
                    self._hand_out()
                    self._step()
                self._hand_out()  # a worker the results just read freed starts its next job first
                yield self.jobs[nxt], self.done.pop(nxt)
                nxt += 1
        finally:
            self._stop_all()
            self.sel.close()

    def _hand_out(self) -> None:
        """Every free worker its next job, a new worker started for a job none is free to take (up
        to `workers`), and a free worker told there is nothing left (its task pipe closed: it exits)."""
        usable = [w for w in self.live.values() if w.tasks >= 0]  # not one leaving after a crash
        free = sum(1 for w in usable if w.job is None)
        while len(self.waiting) > free and len(usable) < self.workers:
            usable.append(self._start())
            free += 1
        for w in usable:
            if w.job is not None:
                continue
            if self.waiting:
                w.job = self.waiting.pop(0)
                try:
                    os.write(w.tasks, _HEADER.pack(w.job))
                    continue
                except BrokenPipeError:  # it died since its last result: the job waits for another
                    self.waiting.insert(0, w.job)
                    w.job = None
            w.no_more()

    def _start(self) -> _Worker:
        for stream in (sys.stdout, sys.stderr):  # nothing buffered here may be written twice
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        # Ctrl-C, SIGTERM and SIGHUP wait until the child is known here (so that _stop_all stops it
        # and waits for its clean-up) and, in the child, until it runs its jobs under the try below.
        blocked = _block(_STOPS)
        try:
            tasks_r, tasks_w = os.pipe()
            r, w = os.pipe()
            parent = os.getpid()
            pid = os.fork()
            if pid == 0:
                self._child(tasks_r, w, parent, blocked, [tasks_w, r, *self._fds()])  # never returns
            os.close(w)
            os.close(tasks_r)
            worker = self.live[r] = _Worker(pid, tasks_w, r)
            self.sel.register(r, selectors.EVENT_READ)
        finally:
            _block(blocked, how=getattr(signal, "SIG_SETMASK", None))
        return worker

    def _fds(self) -> list[int]:
        """The other workers' pipe ends, which a new worker must not hold open."""
        return [fd for w in self.live.values() for fd in (w.results, w.tasks) if fd >= 0]

    def _child(self, tasks: int, w: int, parent: int, mask, theirs: list[int]) -> None:
        """Do each job the parent hands over and send its result, until the parent has no more;
        then leave without running any clean-up of the parent's."""
        code = 1
        i = -1
        try:
            for fd in theirs:
                os.close(fd)
            _block(mask, how=getattr(signal, "SIG_SETMASK", None))
            try:
                _die_with_parent(parent)
                # a worker lives for a few jobs: what a build leaves in cycles (a few thousand objects)
                # goes when it exits; a collection between jobs would cost more than it frees
                gc.disable()
                while True:
                    got = _read_exactly(tasks, _HEADER.size)
                    if not got:
                        break
                    (i,) = _HEADER.unpack(got)
                    prog = _Forwarder(w, i) if self.progress[i] is not None else None
                    result = self.work(self.jobs[i], prog)
                    _send(w, ("result", i, result))
                code = 0
            except KeyboardInterrupt:
                code = 130
            except BaseException:  # a bug in the build: tell the parent what it was
                try:
                    import traceback  # only here: a worker's bug

                    _send(w, ("crash", i, traceback.format_exc()))
                except BaseException:
                    pass
        finally:
            _leave(code, (tasks, w))

    def _step(self) -> None:
        for key, _ in self.sel.select():
            fd = key.fd
            worker = self.live[fd]
            chunk = os.read(fd, 1 << 16)
            if chunk:
                worker.buf.extend(chunk)
                self._messages(worker)
                continue
            self.sel.unregister(fd)
            os.close(fd)
            worker.no_more()
            del self.live[fd]
            i = worker.job
            if i is not None and i not in self.answered:  # it died at its work: how is told
                _, status = os.waitpid(worker.pid, 0)
                self._answer(i, WorkerDied(f"the process building {_name(self.jobs[i])} {_how(status)}"))
            else:
                _reap_later(worker.pid)

    def _messages(self, worker: _Worker) -> None:
        buf = worker.buf
        while len(buf) >= _HEADER.size:
            (n,) = _HEADER.unpack_from(buf)
            if len(buf) < _HEADER.size + n:
                return
            kind, i, *rest = pickle.loads(bytes(buf[_HEADER.size:_HEADER.size + n]))
            del buf[:_HEADER.size + n]
            if kind == "result":
                self._answer(i, rest[0])
                worker.job = None
            elif kind == "call" and self.progress[i] is not None:
                name, args = rest
                getattr(self.progress[i], name)(*args)
            elif kind == "crash":  # the worker exits after it: its job is answered, no other is given it
                self._answer(i, WorkerDied(f"the build of {_name(self.jobs[i])} failed:\n{rest[0]}"))
                worker.no_more()

    def _answer(self, i: int, result) -> None:
        self.done[i] = result
        self.answered.add(i)

    def _stop_all(self) -> None:
        """Stop the workers still running (an interrupt, an error) and wait for each to clean up; an
        idle one is told there is no more work and leaves as it does when all is done."""
        busy = set()
        for w in self.live.values():
            if w.job is None or w.job in self.answered:  # idle: it leaves when its task pipe closes
                w.no_more()
                continue
            busy.add(w.pid)
            try:
                os.kill(w.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for fd, w in list(self.live.items()):
            if w.pid in busy:  # stopped at its work: its staged files are removed before this returns
                try:
                    os.waitpid(w.pid, 0)
                except ChildProcessError:
                    pass
            else:
                _reap_later(w.pid)
            try:
                self.sel.unregister(fd)
            except (KeyError, ValueError):
                pass
            os.close(fd)
            w.no_more()
        self.live.clear()


# Workers that finished their work and are leaving: the kernel frees a worker's memory as it exits
# (3 ms for a build's 40 MB), and nothing waits on that. Each is reaped when it has gone, at the
# latest when the next pool starts (in a process that builds again: the tests, pnp watch); the
# command's own process ends without waiting.
_LEAVING: list[int] = []


def _reap_later(pid: int) -> None:
    _LEAVING.append(pid)
    _reap(block=False)


def _reap(block: bool) -> None:
    for pid in list(_LEAVING):
        try:
            done, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:  # reaped already
            done = pid
        if done:
            _LEAVING.remove(pid)


def _leave(code: int, pipes: tuple[int, int]) -> None:
    """A worker's end: its pipes and its copies of stdin, stdout and stderr closed first, so the
    parent, and whoever reads the command's output, see them end at once and not after the
    kernel has freed the worker's memory; then the exit, without the parent's clean-up."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass
    for fd in (*pipes, 0, 1, 2):
        try:
            os.close(fd)
        except OSError:
            pass
    os._exit(code)


def _read_exactly(fd: int, n: int) -> bytes:
    """n bytes from the pipe, or b"" when it is closed first."""
    got = b""
    while len(got) < n:
        chunk = os.read(fd, n - len(got))
        if not chunk:
            return b""
        got += chunk
    return got


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
