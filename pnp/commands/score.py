"""`pnp score`: the end-of-game scores of a played game, read from a game file."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, UsageError, print_report
from ..load.paths import display


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> None:
    """`pnp score`'s options."""
    from .arguments import add_format, add_game

    sc = sub.add_parser("score", parents=parents, help="score a finished game by the rules",
                        description="Score a finished game: read FILE (YAML: each player's cards at the end, by "
                                    "printed name or id — for Christmas Tree each tree and the goals scored each "
                                    "round; see examples/) and print each player's points line by line and the "
                                    "winner. A file that cannot be read is reported at its line and column "
                                    "(exit 2).")
    add_game(sc)
    sc.add_argument("file", type=Path, metavar="FILE", help="the played game, a YAML file")
    add_format(sc, "each player's points, item by item, and the winner")


def cmd_score(args, specs_dir: Path) -> int:
    from ..games.project import load_checked

    from ..diagnostics import InputError

    loaded = load_checked(args.game, specs_dir)
    if not loaded.game.score:
        raise UsageError(f"{args.game} has no scorer yet")
    if loaded.report.errors:
        print_report(loaded.report)
        print(f"{args.game}: cannot score with a spec that has errors", file=sys.stderr)
        return loaded.report.exit_code()
    try:
        result = loaded.game.score(loaded.spec, args.file, display(args.file))
    except InputError as exc:
        print_report(exc.report)
        return EXIT_INPUT
    if args.format == "json":
        print(json.dumps(result.data, indent=1, ensure_ascii=False))
    else:
        print("\n".join(result.lines))
    return EXIT_OK
