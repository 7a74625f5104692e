"""The output folder's ground rules: its lock, the names a game writes there, file hashes.

Every build of a game into a folder takes that game's lock in the folder (`locked`), so two
builds of it into one folder run one after the other (other games' builds go on at once). The
lock file is never followed out of the folder: a link there is refused. The sheet map records
the SHA-256 of its PDF (a shop map, of each of its PDFs: a file per piece size), so a reader can
tell a matching pair (`check_pair`). Staged files are created with the user's normal permissions
(`normal_mode`), not mkstemp's private 0600, and named with the id of the process that stages
them (`staging_prefix`), so a later build can tell what a killed one left (`stale_temporary`);
how they are put in place together is pnp/writers/commit.py.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import stat
import sys
import time
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..load.schema import ID_PATTERN
from .jsonfile import NotReadable, read_regular

LOCK_NAME = ".pnp.lock"


class OutputError(OSError):
    """An output folder that cannot be written as it stands (a link, a file in the way, a commit
    record pnp did not write); the message names it and says what to do."""

    def __init__(self, message: str):
        super().__init__(errno.EEXIST, message)

    def __str__(self) -> str:
        return self.strerror


def output_names(game: str) -> list[str]:
    """Every file and folder a build, reprint or shop build of `game` writes into OUT (a shop PDF
    of one piece size aside: `is_shop_pdf_name`)."""
    return [f"{game}{tail}" for tail in (".pdf", ".json", "-cut", ".manifest.json", "-reprint.pdf", "-reprint.json",
                                         "-reprint-cut", "-shop.pdf", "-shop.json", "-gamecrafter",
                                         "-gamecrafter.json")]


def shop_pdf_name(game: str, template: str | None = None) -> str:
    """OUT/<id>-shop.pdf for a game of one piece size, OUT/<id>-shop-<template>.pdf for each size."""
    return f"{game}-shop.pdf" if template is None else f"{game}-shop-{template}.pdf"


def is_shop_pdf_name(game: str, name: str) -> bool:
    """Whether OUT/name is a shop PDF of `game`: of its one size, or of one piece size (named by
    its template, an id: no path in it)."""
    return re.fullmatch(rf"{re.escape(game)}-shop(?:-{ID_PATTERN})?\.pdf", name) is not None


def is_output_name(game: str, name: str) -> bool:
    """Whether a build of `game` writes OUT/name: one of `output_names`, or a shop PDF of one size."""
    return name in output_names(game) or is_shop_pdf_name(game, name)


# -- staged temporaries -------------------------------------------------------------------------
# `.<name>.p<pid>_<8 random>.tmp` (`.<name>.old.p<pid>_….tmp` for a replaced folder on its way
# out); pnp before the pid was in the name wrote `.<name>.<random>.tmp`.
_TEMPORARY = re.compile(r"\.(?P<name>.+?)(?P<old>\.old)?\.(?:p(?P<pid>[0-9]{1,10})_[a-z0-9_]{8}|[A-Za-z0-9_]+)\.tmp")


def staging_prefix(name: str, old: bool = False) -> str:
    """The start of the name of a temporary staged for OUT/name by this process (mkstemp adds
    8 random characters and `.tmp`)."""
    return f".{name}{'.old' if old else ''}.p{os.getpid()}_"


def temporary_of(path_name: str) -> tuple[str, int | None] | None:
    """(the output name, the pid that staged it, None for an older pnp's) of a temporary's
    name; None when the name is not one a build stages."""
    m = _TEMPORARY.fullmatch(path_name)
    if m is None:
        return None
    return m["name"], None if m["pid"] is None else int(m["pid"])


def stale_temporary(pid: int | None) -> bool:
    """Whether a temporary staged by process `pid` is left over: that process is gone. One of
    this process's own is its build's to remove; one without a pid (an older pnp's) is stale
    once the game's lock is held."""
    if pid is None:
        return True
    if pid == os.getpid():
        return False
    return not alive(pid)


def alive(pid: int) -> bool:
    if pid <= 0:
        return False  # kill(0) would ask about this process's group
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's
        return True
    except OverflowError:  # a number no pid can be
        return False
    return True


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


def normal_mode(path: Path, directory: bool = False) -> None:
    """Give a staged file or folder the permissions a plain `open()` would have given it."""
    os.chmod(path, (0o777 if directory else 0o666) & ~_umask())


# -- the lock ----------------------------------------------------------------------------------
@contextmanager
def locked(out_dir: Path, wait_note=None, game: str | None = None) -> Iterator[None]:
    """Hold OUT/.pnp.lock for the block: builds of one game into one folder are serialised.
    `game` locks that game's outputs only (one byte of the lock file, at an offset of its own),
    so the games of one `pnp build` can be written at once; None locks the whole folder, and
    waits for every game's build. `wait_note` is called once if this one has to wait."""
    out_dir.mkdir(parents=True, exist_ok=True)
    fd = _open_lock(out_dir)
    start, length = (1 + zlib.crc32(game.encode("utf-8")), 1) if game else (0, 0)  # length 0: to the end, and on
    try:
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, length, start)
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES):
                raise
            if wait_note:
                wait_note()
            fcntl.lockf(fd, fcntl.LOCK_EX, length, start)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _open_lock(out_dir: Path) -> int:
    """The lock file's descriptor. A symbolic link there (even one to nowhere) is refused, never
    followed: the build would create or lock a file outside the folder."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    where = f"{LOCK_NAME} in {out_dir}"
    try:
        fd = os.open(out_dir / LOCK_NAME, flags, 0o666 & ~_umask())
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError(f"{where} is a symbolic link; pnp keeps its build lock there and follows no link out "
                              f"of the folder: remove the link, then build again") from None
        if exc.errno == errno.EISDIR:
            raise OutputError(f"{where} is a folder; pnp keeps its build lock there: remove it") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OutputError(f"{where} is not a regular file; pnp keeps its build lock there: remove it")
    return fd


def waiting_note(out_dir: Path):
    def note() -> None:
        print(f"pnp: waiting for another build into {out_dir} to finish…", file=sys.stderr)
        note.at = time.monotonic()
    return note


# -- a PDF and its sheet map -------------------------------------------------------------------
def sha256(path: Path) -> str:
    """The SHA-256 of a regular file (a pipe or a device is refused, never waited on or read)."""
    h = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    with open(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotReadable("is not a regular file")
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check_pair(pdf: Path, sheet_map: Path) -> str | None:
    """None when the sheet map describes this PDF; else what is wrong, for a message."""
    try:
        data = json.loads(read_regular(sheet_map, 1 << 26))
        recorded = data.get("pdf_sha256")
        if recorded is None and isinstance(data.get("files"), list):  # a shop map: a hash for each of its PDFs
            recorded = next((f.get("pdf_sha256") for f in data["files"] if isinstance(f, dict)
                             and f.get("name") == pdf.name), None)
        if recorded is not None and recorded != sha256(pdf):
            return (f"{sheet_map.name} does not describe {pdf.name} (a build was interrupted or two builds wrote "
                    f"this folder at once); build again")
    except FileNotFoundError as exc:
        return f"{Path(exc.filename or pdf).name} is missing"
    except (OSError, ValueError, AttributeError, NotReadable, RecursionError):
        return f"{sheet_map.name} cannot be read"
    return None  # recorded None: written before pnp recorded hashes, nothing to compare


# -- removing -----------------------------------------------------------------------------------
def remove(path: Path) -> None:
    """Remove a file, a link (never what it points to) or a folder and everything in it."""
    if path.is_dir() and not path.is_symlink():
        for child in path.iterdir():
            remove(child)
        path.rmdir()
    else:
        path.unlink(missing_ok=True)
