"""`pnp new ID [--dir DIR] [--from GAME]`: a game to start from, written into DIR to edit.

Without --from, copies the scaffold shipped in pnp/builtin/new-game/ — a spec (kinds, choices,
rules, setup), a CSV of a dozen cards and a layout with faces and a back, no Python — naming it
ID. With --from GAME, copies pnp's own spec and layout of a shipped game (ID is that game's id:
its rules are pnp's), which then wins over the shipped copy. Either way it prints the commands
to try next. Nothing that exists is overwritten, and the files are written all or none: every
target and the folders it goes in are checked first, each file is staged beside its target (a
temporary file) and only then are they all linked into place; what fails or is interrupted on the
way removes what it staged, placed and created.
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from .common import EXIT_OK, UsageError

SCAFFOLD = Path(__file__).resolve().parent.parent / "builtin" / "new-game"
TOKEN = "__GAME__"


def add_parser(sub) -> None:
    n = sub.add_parser("new", help="write a small working game of your own (or a shipped game's files) to edit",
                       description="Write card_specs/ID.yaml (kinds, rules, setup), card_specs/ID.csv (a dozen "
                                   "cards) and layouts/ID.yaml (the card's faces and back) into DIR: a game that "
                                   "validates, builds and deals as it is, with no Python. With --from GAME, write "
                                   "a copy of the shipped game's spec and layout instead, to edit: in this folder "
                                   "they win over pnp's own. Nothing is overwritten.")
    n.add_argument("id", metavar="ID", help="the new game's id: lower-case letters, digits and dashes, such as harbor")
    n.add_argument("--dir", default=".", metavar="DIR",
                   help="the folder to write card_specs/ and layouts/ into (default: the current folder)")
    n.add_argument("--from", dest="source", metavar="GAME",
                   help="copy a shipped game's spec and layout (card_specs/GAME.yaml, layouts/GAME.yaml) "
                        "instead of the scaffold; ID is then that game's id")
    n.set_defaults(specs=None)


def cmd_new(args, specs_dir: Path) -> int:
    from ..games import GAMES
    from ..load.paths import display
    from ..load.schema import ID_PATTERN

    gid = args.id
    if not re.fullmatch(ID_PATTERN, gid):
        raise UsageError(f"'{gid}' is not a game id: lower-case letters, digits and dashes, such as harbor")
    if str(args.dir) == "":  # Path('') is the current folder: an empty --dir is a mistake, not '.'
        raise UsageError("--dir is empty; name a folder (. for the current one)")
    if args.source is not None:
        plan = _copy_plan(gid, args.source, Path(args.dir))
    elif gid in GAMES:
        raise UsageError(f"'{gid}' is an installed game already; choose another id, or copy its files to "
                         f"edit with: pnp new {gid} --from {gid}")
    else:
        plan = _plan(gid, Path(args.dir))
    taken = [dst for dst, _ in plan if os.path.lexists(dst)]
    if taken:
        raise UsageError("would overwrite " + ", ".join(display(t) for t in taken) + "; choose another id or --dir")
    for dst, _ in plan:
        _check_folders(dst)
    _write_all(plan)
    for dst, _ in plan:
        print(f"wrote {display(dst)}")
    specs = plan[0][0].parent
    flag = "" if specs.resolve() == (Path.cwd() / "card_specs").resolve() else f" --specs {display(specs)}"
    if args.source is not None:
        players = min(GAMES[gid].players)
        print(f"\n{gid}: your copy of the shipped game; where it is found it is read instead of pnp's own. Try:\n"
              f"  pnp validate {gid}{flag}\n"
              f"  pnp build {gid}{flag}\n"
              f"  pnp setup {gid} --players {players}{flag}\n"
              f"then edit {display(plan[0][0])} and {display(plan[1][0])} (the README's Editing a spec explains how).")
        return EXIT_OK
    print(f"\n{gid}: a game of your own, declared in data. Try:\n"
          f"  pnp validate {gid}{flag}\n"
          f"  pnp build {gid}{flag}\n"
          f"  pnp setup {gid} --players 3{flag}\n"
          f"then edit {display(plan[0][0])} and {display(plan[1][0])} (docs/own-game.md explains every key).")
    return EXIT_OK


def _plan(gid: str, folder: Path) -> list[tuple[Path, str]]:
    """(target, text) for every scaffold file, the spec first, its table second."""
    name = " ".join(w.capitalize() for w in gid.split("-"))
    files = sorted(SCAFFOLD.rglob("*.*"), key=lambda p: (p.parent.name != "card_specs", p.suffix != ".yaml", p.name))
    out = []
    for src in files:
        rel = src.relative_to(SCAFFOLD)
        text = src.read_text(encoding="utf-8").replace(TOKEN, gid).replace("__NAME__", name)
        out.append((folder / str(rel).replace(TOKEN, gid), text))
    return out


def _copy_plan(gid: str, source: str, folder: Path) -> list[tuple[Path, str]]:
    """(target, text) for a shipped game's spec and layout, as pnp ships them."""
    from ..diagnostics import one_of
    from ..load.paths import LAYOUTS_DIR, SPECS_DIR, is_file

    shipped = sorted(p.stem for p in SPECS_DIR.glob("*.yaml"))
    if source not in shipped:
        raise UsageError(f"--from {source}: pnp ships no game of that id; shipped games: {one_of(shipped)}")
    if gid != source:
        raise UsageError(f"a copy of a shipped game keeps its id, since its rules are pnp's: "
                         f"pnp new {source} --from {source}")
    out = []
    for src, dst in ((SPECS_DIR / f"{gid}.yaml", folder / "card_specs" / f"{gid}.yaml"),
                     (LAYOUTS_DIR / f"{gid}.yaml", folder / "layouts" / f"{gid}.yaml")):
        if not is_file(src):
            raise UsageError(f"pnp's own {src.name} is missing from {src.parent}: reinstall pnp")
        out.append((dst, src.read_text(encoding="utf-8")))
    return out


def _check_folders(dst: Path) -> None:
    """Refuse, before anything is written, a step of the way to `dst` that is not a folder: a
    file, a link to nowhere or to a file."""
    for step in (dst.parent, *dst.parent.parents):
        if step.is_dir():  # a folder, or a link to one: the rest of the way exists
            return
        if os.path.lexists(step):
            what = "a link to nowhere" if step.is_symlink() and not step.exists() else \
                "a link to a file" if step.is_symlink() else "a file"
            raise UsageError(f"{step} is {what}, not a folder; pnp new writes {dst} in it: "  # as given: not resolved
                             f"move it away or choose another --dir (nothing was written)")


def _write_all(plan: list[tuple[Path, str]]) -> None:
    """Write every file of `plan` or none: the folders are made and each file staged first, then
    each is linked into place. A failure or an interrupt on the way removes what was placed,
    staged and made (and raises UsageError for a failure)."""
    made: list[Path] = []  # folders this command created, outermost first
    staged: list[tuple[Path, Path]] = []  # (temporary, target)
    placed: list[Path] = []
    try:
        for dst, text in plan:
            made += _make_folders(dst.parent)
            staged.append((_stage(dst, text), dst))
        for tmp, dst in staged:
            os.link(tmp, dst)  # fails, rather than overwrites, if the file appeared since it was checked
            placed.append(dst)
    except BaseException as exc:
        for path in placed + [tmp for tmp, _ in staged]:
            path.unlink(missing_ok=True)
        for path in reversed(made):
            _remove_folder(path)
        if isinstance(exc, FileExistsError) and exc.filename2 is not None:
            raise UsageError(f"{exc.filename2} appeared while writing; nothing was written") from None
        if isinstance(exc, OSError):
            where = exc.filename if exc.filename is not None else "the files"
            raise UsageError(f"cannot write {where}: {exc.strerror or exc}; nothing was written") from None
        raise
    finally:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)


def _make_folders(folder: Path) -> list[Path]:
    """Make `folder` and the folders above it that are missing; returns those made, outermost first."""
    missing = []
    for step in (folder, *folder.parents):
        if step.is_dir():
            break
        missing.append(step)
    for step in reversed(missing):
        step.mkdir()
    return list(reversed(missing))


def _stage(dst: Path, text: str) -> Path:
    """`text` in a temporary file beside `dst`, with the user's normal permissions."""
    from ..writers.outputs import normal_mode  # only `pnp new` writes; cli.py imports this module for its parser

    fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        normal_mode(Path(tmp))  # mkstemp's files are private; the user's own files are not
    except BaseException:
        os.unlink(tmp)
        raise
    return Path(tmp)


def _remove_folder(folder: Path) -> None:
    """Remove a folder this command made, once what it staged there is removed."""
    try:
        folder.rmdir()
    except OSError:  # something else was put there meanwhile: left as it is
        pass
