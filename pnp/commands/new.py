"""`pnp new ID [--dir DIR]`: a small working game declared in data, to start a game of one's own.

Copies the scaffold shipped in pnp/builtin/new-game/ — a spec (kinds, choices, rules, setup), a
CSV of a dozen cards and a layout with faces and a back, no Python — into DIR, naming it ID, and
prints the three commands to try next. It validates, builds and deals as it is. Nothing that
exists is overwritten: every file is checked first and written whole (a temporary file renamed).
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
    n = sub.add_parser("new", help="write a small working game of your own, declared in data, to start from",
                       description="Write card_specs/ID.yaml (kinds, rules, setup), card_specs/ID.csv (a dozen "
                                   "cards) and layouts/ID.yaml (the card's faces and back) into DIR: a game that "
                                   "validates, builds and deals as it is, with no Python. Nothing is overwritten.")
    n.add_argument("id", metavar="ID", help="the new game's id: lower-case letters, digits and dashes, such as harbor")
    n.add_argument("--dir", type=Path, default=Path("."), metavar="DIR",
                   help="the folder to write card_specs/ and layouts/ into (default: the current folder)")
    n.set_defaults(specs=None)


def cmd_new(args, specs_dir: Path) -> int:
    from ..games import GAMES
    from ..load.paths import display
    from ..load.schema import ID_PATTERN

    gid = args.id
    if not re.fullmatch(ID_PATTERN, gid):
        raise UsageError(f"'{gid}' is not a game id: lower-case letters, digits and dashes, such as harbor")
    if gid in GAMES:
        raise UsageError(f"'{gid}' is an installed game already; choose another id")
    if str(args.dir) == "":
        raise UsageError("--dir is empty; name a folder (. for the current one)")
    plan = _plan(gid, Path(args.dir))
    taken = [dst for dst, _ in plan if os.path.lexists(dst)]
    if taken:
        raise UsageError("would overwrite " + ", ".join(display(t) for t in taken) + "; choose another id or --dir")
    for dst, text in plan:
        _write(dst, text)
        print(f"wrote {display(dst)}")
    specs = plan[0][0].parent
    flag = "" if specs.resolve() == (Path.cwd() / "card_specs").resolve() else f" --specs {display(specs)}"
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


def _write(dst: Path, text: str) -> None:
    from ..writers.outputs import normal_mode  # only `pnp new` writes; cli.py imports this module for its parser

    try:
        dst.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        normal_mode(Path(tmp))  # mkstemp's files are private; the user's own files are not
        os.link(tmp, dst)  # fails, rather than overwrites, if the file appeared since it was checked
        os.unlink(tmp)
    except FileExistsError:
        os.unlink(tmp)
        raise UsageError(f"{dst} appeared while writing; nothing of it was overwritten") from None
    except OSError as exc:
        raise UsageError(f"cannot write {dst}: {exc.strerror or exc}") from None
