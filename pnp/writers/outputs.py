"""Writing a game's outputs so that no kill, crash or second build leaves them torn.

Every build of a game into a folder takes that game's lock in the folder (`locked`), so two
builds of it into one folder run one after the other (other games' builds go on at once). Files are staged as hidden temporary files beside their targets, created
with the user's normal permissions (not mkstemp's private 0600), and committed in one order: the
old PDF is kept as `.<name>.prev`, the new PDF moves in, then the new sheet map, then the `.prev`
goes. The sheet map records the SHA-256 of its PDF, so a reader can tell a matching pair
(`check_pair`). A build killed between the two moves leaves the `.prev`; the next build into the
folder (or `recover`) puts the previous PDF back and clears every temporary file left behind.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

LOCK_NAME = ".pnp.lock"


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


def normal_mode(path: Path, directory: bool = False) -> None:
    """Give a staged file or folder the permissions a plain `open()` would have given it."""
    os.chmod(path, (0o777 if directory else 0o666) & ~_umask())


@contextmanager
def locked(out_dir: Path, wait_note=None, game: str | None = None) -> Iterator[None]:
    """Hold OUT/.pnp.lock for the block: builds of one game into one folder are serialised.
    `game` locks that game's outputs only (one byte of the lock file, at an offset of its own),
    so the games of one `pnp build` can be written at once; None locks the whole folder, and
    waits for every game's build. `wait_note` is called once if this one has to wait."""
    out_dir.mkdir(parents=True, exist_ok=True)
    fd = os.open(out_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o666 & ~_umask())
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


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def check_pair(pdf: Path, sheet_map: Path) -> str | None:
    """None when the sheet map describes this PDF; else what is wrong, for a message."""
    if not pdf.is_file() or not sheet_map.is_file():
        missing = pdf if not pdf.is_file() else sheet_map
        return f"{missing.name} is missing"
    try:
        recorded = json.loads(sheet_map.read_text(encoding="utf-8")).get("pdf_sha256")
    except (OSError, ValueError, AttributeError):
        return f"{sheet_map.name} cannot be read"
    if recorded is None:
        return None  # written before pnp recorded hashes: nothing to compare
    if recorded != sha256(pdf):
        return (f"{sheet_map.name} does not describe {pdf.name} (a build was interrupted or two builds wrote "
                f"this folder at once); build again")
    return None


def commit(pairs: list[tuple[Path, Path]]) -> None:
    """Move each staged file onto its target, the PDF (first pair) with its previous copy kept as
    `.prev` until the sheet map (second pair) is in place."""
    (pdf_tmp, pdf), *rest = pairs
    prev = _prev(pdf)
    if pdf.exists():
        prev.unlink(missing_ok=True)
        os.link(pdf, prev)
    os.replace(pdf_tmp, pdf)
    for tmp, target in rest:
        os.replace(tmp, target)
    prev.unlink(missing_ok=True)


def recover(out_dir: Path, names: list[str]) -> list[str]:
    """Under the folder's lock: undo a half-committed build (restore the previous PDF when the
    sheet map does not describe the new one) and remove what interrupted builds left behind.
    `names` are the output file names (e.g. gem.pdf, gem.json). Returns what was done."""
    done = []
    for name in names:
        prev = _prev(out_dir / name)
        if prev.exists():
            target = out_dir / name
            sheet_map = target.with_suffix(".json")
            if target.suffix == ".pdf" and check_pair(target, sheet_map) is not None:
                os.replace(prev, target)
                done.append(f"restored the previous {name}: the build that replaced it was interrupted")
            else:
                prev.unlink(missing_ok=True)
        for stale in out_dir.glob(f".{name}.*.tmp"):
            _remove(stale)
            done.append(f"removed {stale.name}, left by an interrupted build")
    return done


def _prev(path: Path) -> Path:
    return path.with_name(f".{path.name}.prev")


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        for child in path.iterdir():
            _remove(child)
        path.rmdir()
    else:
        path.unlink(missing_ok=True)


def waiting_note(out_dir: Path):
    def note() -> None:
        print(f"pnp: waiting for another build into {out_dir} to finish…", file=sys.stderr)
        note.at = time.monotonic()
    return note


class Staged:
    """A temporary file beside `target`, moved over it on success, removed on failure."""

    def __init__(self, target: Path):
        self.target = target
        self.ready = False

    def __enter__(self) -> "Staged":
        fd, name = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=self.target.parent)
        os.close(fd)
        self.path = Path(name)
        normal_mode(self.path)  # mkstemp's files are private; an output is not
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self.ready:
            os.replace(self.path, self.target)
        else:
            self.path.unlink(missing_ok=True)


class StagedDir:
    """A temporary folder beside `target`, put in its place on success (when `wanted`; otherwise
    a `target` left by an earlier build is removed on success), removed on failure."""

    def __init__(self, target: Path, wanted: bool):
        self.target, self.wanted = target, wanted
        self.ready = False

    def __enter__(self) -> "StagedDir":
        self.path = None
        if self.wanted:
            self.path = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=self.target.parent))
            normal_mode(self.path, directory=True)
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self.ready and self.target.is_dir():
            old = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.old.", suffix=".tmp", dir=self.target.parent))
            os.replace(self.target, old / self.target.name)
            shutil.rmtree(old)
        if exc_type is None and self.ready and self.path is not None:
            os.replace(self.path, self.target)
        elif self.path is not None:
            shutil.rmtree(self.path, ignore_errors=True)
