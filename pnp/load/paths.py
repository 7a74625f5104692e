"""Where the shipped data lives, and which copy of a game's spec a command reads.

The shipped data — the four games' specs, their layouts and the paper presets, the fonts — sits
in the project's card_specs/, layouts/ and fonts/ folders. A checkout (and an editable install)
reads them there; a wheel carries copies inside the package, in pnp/shipped/ (setup.py puts them
there), so an installed pnp works from any folder.

A `card_specs/` folder in the current directory (or the folder --specs names) wins over the
shipped one game by game: a game whose spec it holds is read from it, with the layouts beside it
where it has them; a shipped game it lacks is read from pnp's own copies.
"""
from __future__ import annotations

import errno

import os
import stat
from pathlib import Path

from ..folders import LAYOUTS_DIR, SPECS_DIR


def default_specs_dir() -> Path:
    local = Path.cwd() / "card_specs"
    return local if is_dir(local) else SPECS_DIR


def spec_home(game: str, specs_dir: Path) -> Path:
    """The folder to read `game`'s spec (and, beside it, its layout) from: the specs folder where
    it holds the spec (anything of that name, to be read or refused there) or pnp ships none of
    that name, else pnp's own copies. A specs folder that cannot be read is kept, to be told."""
    if is_dir(specs_dir) and not _named(Path(specs_dir) / f"{game}.yaml") and is_file(SPECS_DIR / f"{game}.yaml"):
        return SPECS_DIR
    return specs_dir


def _named(path: Path) -> bool:
    try:
        return os.path.lexists(path)
    except (OSError, ValueError):
        return True  # a name the system refuses: read there, and told


def _mode(path: Path) -> int | None:
    """The file's type bits; None where it cannot be looked at (missing, a symlink loop, no
    permission, a name longer than the system allows)."""
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return None


def is_dir(path: Path) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISDIR(mode)


def is_file(path: Path) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


def folder_problem(path: Path, what: str = "specs folder") -> str | None:
    """Why a folder cannot be read, for a message naming it; None when it can be."""
    from .yamlload import os_problem

    try:
        if not stat.S_ISDIR(os.stat(path).st_mode):
            return f"the {what} {display(path)} is not a folder"
        os.listdir(path)
    except FileNotFoundError:
        return f"no {what} at {display(path)}"
    except OSError as exc:
        return f"cannot read the {what} {display(path)}: {os_problem(exc)}"
    return None


def layout_file(name: str, specs_dir: Path, layouts_dir: Path | None = None) -> Path:
    """Where to read layouts/<name>: the --layouts folder if given; else a layouts/ folder beside
    the specs when it holds that file (a user's own copy), else the shipped one."""
    if layouts_dir is not None:
        return Path(layouts_dir) / name
    try:
        sibling = Path(specs_dir).resolve().parent / "layouts" / name
    except (OSError, RuntimeError):  # a symlink loop: the specs cannot be read either, and say so
        return LAYOUTS_DIR / name
    return sibling if is_file(sibling) else LAYOUTS_DIR / name


def display(path: Path) -> str:
    """A path as the user should read it in a message: relative to the cwd where possible."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
    except (OSError, RuntimeError):  # a symlink loop, a name too long: the path as written
        try:
            return str(Path(os.path.abspath(path)).relative_to(os.getcwd()))
        except (ValueError, OSError):
            return str(path)


def out_problem(path: Path, exc: OSError) -> str:
    """Why an output folder cannot be written, in a user's words: a symbolic link loop reads as one
    (mkdir reports it as "File exists"), and so does a link to nowhere or a name too long."""
    from .yamlload import os_problem

    p = Path(path)
    try:
        dangling = p.is_symlink() and not p.exists()  # exists() follows the link: False for a loop or a dangling link
    except OSError:  # the name itself cannot be looked at (too long): the error says why
        dangling = False
    if dangling:
        loop = "a symbolic link loop (a link that leads back to itself)"
        try:
            p.resolve(strict=True)
        except RuntimeError:  # a loop, on Python before 3.13
            return loop
        except OSError as err:
            return loop if err.errno == errno.ELOOP else "a symbolic link to a folder that does not exist"
    return os_problem(exc)


def through_link(root: Path, written: str) -> bool:
    """Whether a step of the path `written` (relative to `root`) is a symbolic link: a file that
    leads out of a folder through a link is named as such."""
    at = root
    for part in Path(written).parts:
        at = at / part
        if at.is_symlink():
            return True
    return False


def within(written: str, root: Path) -> tuple[Path | None, str]:
    """Where `written`, a name relative to the specs folder `root` (resolved), leads — and why it
    cannot be used: "absolute", "outside" (through `..` or a link), "missing", or "" when it can.
    The one rule for every file a spec names (user art, tables); callers word the message.
    Raises OSError / RuntimeError for a link loop or a name the system refuses."""
    if Path(written).is_absolute() or written.startswith("~"):
        return None, "absolute"
    full = (root / written).resolve()
    if not full.is_relative_to(root):
        return full, "outside"
    if not full.exists():
        return full, "missing"
    return full, ""  # not a regular file (a folder, a pipe): the reader of its kind says so
