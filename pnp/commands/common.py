"""What every command of the command line shares: exit codes, usage errors, the games asked for,
and how a game's diagnostics are shown to a person."""
from __future__ import annotations

import sys
from pathlib import Path

from ..diagnostics import Report

EXIT_OK, EXIT_RULES, EXIT_INPUT = 0, 1, 2
MAX_PRINTED = 100  # diagnostics a person is shown per game; --format json (validate, build) lists all


class UsageError(Exception):
    """A command line that cannot be carried out: `pnp COMMAND: error: …`, exit 2."""


def games_asked(requested: list[str], specs_dir: Path) -> list[str]:
    """The games named on the command line (each checked), or every game with a spec."""
    from ..load.paths import display, folder_problem
    from ..games.project import available_games, game_def

    if requested:
        for g in requested:
            game_def(g, specs_dir)
        return list(dict.fromkeys(requested))
    problem = folder_problem(specs_dir)
    if problem:
        raise UsageError(problem)
    found = available_games(specs_dir)
    if not found:
        raise UsageError(f"no game specs in {display(specs_dir)}")
    return found


def shown(report: Report) -> list[str]:
    """A game's diagnostics for a person: the first MAX_PRINTED in file order, then how many more."""
    items = report.sorted()
    lines = [str(d) for d in items[:MAX_PRINTED]]
    if len(items) > MAX_PRINTED:
        lines.append(f"… and {len(items) - MAX_PRINTED} more (pnp validate --format json lists every one)")
    return lines


def print_report(report: Report) -> None:
    for line in shown(report):
        print(line, file=sys.stderr)
