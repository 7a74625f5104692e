"""Everything one build writes, put in place together: no kill, crash or full disk leaves it torn.

A build stages everything it writes for a game (PDF, sheet map, cut-file folder, manifest; a
reprint's or shop build's own files) as hidden temporary files and folders beside their targets,
and only then commits them all at once (`Commit`): whatever can fail (drawing, writing, a disk
that fills up, a file in the way of a folder) fails while staging, before anything is replaced.
The commit first writes the moves it is about to make to `OUT/.<game>.commit`, makes them, then
removes that record. A build killed in between leaves the record; the next build *or read* of
the game's outputs (`recover`, `settled`: `pnp where`, `--changed`) makes the moves that are left,
so the outputs are never torn at rest, and clears the temporaries interrupted builds left: each
is named with the id of the process that staged it, and one whose process is gone is removed
(a shop PDF's of every piece size, a Game Crafter folder's, an old folder on its way out).
"""
from __future__ import annotations

import glob
import json
import os
import re
import signal
import stat
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Iterator

from .jsonfile import NotReadable, read_regular
from .outputs import LOCK_NAME, OutputError, check_pair, is_output_name, locked, normal_mode, output_names, remove, \
    stale_temporary, staging_prefix, temporary_of

JOURNAL_LIMIT = 1 << 16  # a commit record names a handful of files


class Commit:
    """Everything one build writes for a game, put in place together. `file(name)` and
    `folder(name)` stage a temporary file or folder beside OUT/name to write into; `drop(name)`
    marks an output that must go (a stale cut-file folder or reprint); `commit()` checks that
    every target can be replaced, then makes every move. Leaving the block without a commit
    removes what was staged. Use under the game's lock (`locked`)."""

    def __init__(self, out_dir: Path, game: str):
        self.out, self.game = Path(out_dir), game
        self.steps: list[list] = []  # ["put", temporary, name, is a folder] | ["drop", name, is a folder]
        self.names: list[str] = []  # whose temporaries this commit makes (named first: a signal may come between)
        self.recorded = False

    def __enter__(self) -> "Commit":
        return self

    def file(self, name: str) -> Path:
        return self._staged(self._temporary(name), name, False)

    def folder(self, name: str) -> Path:
        self.names.append(name)
        return self._staged(Path(tempfile.mkdtemp(prefix=staging_prefix(name), suffix=".tmp", dir=self.out)), name, True)

    def _temporary(self, name: str) -> Path:
        self.names.append(name)
        fd, tmp = tempfile.mkstemp(prefix=staging_prefix(name), suffix=".tmp", dir=self.out)
        os.close(fd)
        return Path(tmp)

    def _staged(self, path: Path, name: str, folder: bool) -> Path:
        self.steps.append(["put", path.name, name, folder])
        normal_mode(path, directory=folder)  # mkstemp's files are private; an output is not
        return path

    def drop(self, name: str, folder: bool = False) -> None:
        self.steps.append(["drop", name, folder])

    def commit(self) -> list[str]:
        """Put every staged file in place and drop what must go; returns the names dropped."""
        self._check()
        with _signals_held():
            journal = self.out / _journal_name(self.game)
            tmp = self._temporary(journal.name)  # a disk too full for it: nothing is replaced yet
            tmp.write_text(json.dumps({"pnp_commit": 1, "steps": self.steps}), encoding="utf-8")
            self.recorded = True  # first: what is staged must stay once the record may exist (left: the next build clears it)
            os.replace(tmp, journal)  # from here on the moves are made, now or by the next build or read
            try:
                return _finish(self.out, self.game, self.steps)
            except KeyboardInterrupt:  # a signal that reached another thread: finish, then stop
                _finish(self.out, self.game, self.steps)
                raise

    def _check(self) -> None:
        """Refuse, before anything is replaced, a target that cannot take what is staged for it,
        and a symbolic link where a folder is put or dropped: a folder is replaced whole, by a
        rename, and pnp follows no link out of OUT (the link would be replaced, or the commit
        fail half made)."""
        for step in self.steps:
            folder, name = step[-1], step[2] if step[0] == "put" else step[1]
            try:
                mode = os.lstat(self.out / name).st_mode
            except FileNotFoundError:
                continue
            if folder and stat.S_ISLNK(mode):
                raise OutputError(f"{name} in {self.out} is a symbolic link; pnp replaces its {name} folder whole "
                                  f"and follows no link out of the folder: remove the link (what it points to is "
                                  f"not touched), then build again")
            if step[0] != "put":
                continue
            if folder and not stat.S_ISDIR(mode):
                raise OutputError(f"{name} in {self.out} is a file, not a folder; pnp writes the {name} folder there: "
                                  f"move the file away, then build again")
            if not folder and stat.S_ISDIR(mode):
                raise OutputError(f"{name} in {self.out} is a folder; pnp writes the file {name} there: "
                                  f"move the folder away, then build again")

    def __exit__(self, exc_type, exc, tb) -> None:
        if self.recorded:  # what is staged is put in place, now or by the next build or read
            return
        for name in self.names:  # this process's temporaries of these names are this build's (the game's lock is held)
            for staged in self.out.glob(f"{glob.escape(staging_prefix(name))}*.tmp"):
                remove(staged)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and a hang-up wait while the moves are made (microseconds): a commit cut
    short would be finished only by the next build or read."""
    held = {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _journal_name(game: str) -> str:
    return f".{game}.commit"


def _finish(out: Path, game: str, steps: list[list]) -> list[str]:
    """Make the moves of a commit that are not made yet (a move whose temporary is gone was
    made), remove what they replaced, then the record. Returns the names dropped."""
    dropped = []
    for step in steps:
        if step[0] == "put":
            _, tmp, name, folder = step
            if not os.path.lexists(out / tmp):
                continue
            if folder:
                _set_aside(out, name)  # a folder cannot be replaced by a rename: the old one steps aside first
            os.replace(out / tmp, out / name)
        else:
            _, name, folder = step
            if folder and _set_aside(out, name):
                dropped.append(name)
            elif not folder and os.path.lexists(out / name) and not (out / name).is_dir():
                os.unlink(out / name)
                dropped.append(name)
    (out / _journal_name(game)).unlink(missing_ok=True)
    for step in steps:
        for old in out.glob(f".{glob.escape(step[2] if step[0] == 'put' else step[1])}.old.*.tmp"):
            pid = (temporary_of(old.name) or ("", -1))[1]
            if pid == os.getpid() or stale_temporary(pid):  # never another process's
                remove(old)
    return dropped


def _set_aside(out: Path, name: str) -> bool:
    """Rename the folder OUT/name to a hidden name, to be removed; remove a link there (never what
    it points to: a commit an older pnp recorded may name one); False when there is neither."""
    target = out / name
    if os.path.islink(target):
        os.unlink(target)
        return True
    if not target.is_dir():
        return False
    os.replace(target, tempfile.mkdtemp(prefix=staging_prefix(name, old=True), suffix=".tmp", dir=out))  # onto an empty folder
    return True


# -- after an interrupted build ----------------------------------------------------------------
def recover(out_dir: Path, game: str) -> list[str]:
    """Under the game's lock: finish a commit that a killed build left half made, and remove what
    interrupted builds left behind. Returns what was done, for a note. OutputError when the
    commit record is not one pnp wrote."""
    out, done = Path(out_dir), []
    journal = out / _journal_name(game)
    if os.path.lexists(journal):
        steps = _read_journal(journal, game)
        _finish(out, game, steps)
        names = [s[2] for s in steps if s[0] == "put"] + [s[1] for s in steps if s[0] == "drop"]
        done.append(f"finished putting {', '.join(names)} in place: the build that wrote them was interrupted")
    for name in output_names(game) + [journal.name]:
        done += _legacy_prev(out, name)
    for stale in _stale_temporaries(out, game):
        remove(stale)
        done.append(f"removed {stale.name}, left by an interrupted build")
    return done


def _stale_temporaries(out: Path, game: str) -> list[Path]:
    """What builds of `game` killed outright left in OUT: temporaries of its outputs (a shop PDF
    of any piece size too) and of its commit record, staged by a process that is gone. Another
    game's, one whose name only looks like this game's, is staged by a live process: kept."""
    found = []
    for path in out.glob(f".*{glob.escape(game)}*.tmp"):
        named = temporary_of(path.name)
        if named is None:
            continue
        name, pid = named
        if (is_output_name(game, name) or name == _journal_name(game)) and stale_temporary(pid):
            found.append(path)
    return sorted(found)


def _read_journal(path: Path, game: str) -> list[list]:
    """The steps of a commit record, checked to name only this game's outputs and their
    temporaries in this folder (a record edited by hand moves nothing anywhere else)."""
    try:
        steps = json.loads(read_regular(path, JOURNAL_LIMIT))["steps"]
        for step in steps:
            kind, *rest = step
            name = rest[1] if kind == "put" else rest[0]
            ok = kind in ("put", "drop") and len(step) == (4 if kind == "put" else 3) \
                and is_output_name(game, name) and isinstance(step[-1], bool)
            if not ok or kind == "put" and not re.fullmatch(rf"\.{re.escape(name)}\.[A-Za-z0-9_]+\.tmp", str(rest[0])):
                raise ValueError(f"a step {json.dumps(step)[:80]}")
    except (OSError, NotReadable, ValueError, TypeError, KeyError, RecursionError) as exc:
        raise OutputError(f"{path.name} in {path.parent} is not a record of a commit pnp made ({exc}); remove it, "
                          f"then build {game} again") from None
    return steps


def _legacy_prev(out: Path, name: str) -> list[str]:
    """pnp before one commit kept the previous PDF as `.<name>.prev` while it replaced the pair:
    put it back when the pair does not match."""
    prev = out / f".{name}.prev"
    if not name.endswith(".pdf") or not prev.exists():
        return []
    target = out / name
    if check_pair(target, target.with_suffix(".json")) is None:
        prev.unlink(missing_ok=True)
        return []
    os.replace(prev, target)
    return [f"restored the previous {name}: the build that replaced it was interrupted"]


@contextmanager
def settled(out_dir: Path, game: str) -> Iterator[list[str]]:
    """For a reader of the game's outputs (`where`, `--changed`): hold the game's lock while they
    are read, after finishing a commit a killed build left half made; yields what was done. A
    folder no build has locked is read as it is (and not created), and so is one this reader
    cannot lock (read-only), unless a commit there is unfinished."""
    out = Path(out_dir)
    unfinished = os.path.lexists(out / _journal_name(game))
    with ExitStack() as stack:
        done: list[str] = []
        if unfinished or os.path.lexists(out / LOCK_NAME):
            try:
                stack.enter_context(locked(out, None, game))
            except OSError:
                if unfinished:
                    raise
            else:
                done = recover(out, game) if unfinished else []
        yield done
