"""`pnp validate`: check each game's spec against its rules; exit 0 valid, 1 rule violations, 2
input that cannot be read."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from .common import EXIT_OK, games_asked, shown


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> None:
    """`pnp validate`'s options."""
    from .arguments import add_format, add_game

    v = sub.add_parser("validate", parents=parents, help="check specs against the games' rules",
                       description="Check each game's spec: exit 0 when valid, 1 on rule violations, 2 on input "
                                   "that cannot be read (bad YAML, bad types, missing file).")
    add_game(v, many=True)
    add_format(v, 'each game\'s "ok" and its diagnostics (file, line, col, severity, code, message)')


def cmd_validate(args, specs_dir: Path) -> int:
    from ..games.project import load_checked

    results = {}
    worst = EXIT_OK
    for g in games_asked(args.games, specs_dir):
        loaded = load_checked(g, specs_dir)
        results[g] = loaded.report
        worst = max(worst, loaded.report.exit_code())
    if args.format == "json":
        print(json.dumps({"games": {g: {"ok": r.ok, "diagnostics": [d.as_json() for d in r.sorted()]}
                                    for g, r in results.items()}}, indent=1, ensure_ascii=False))
    else:
        for g, r in results.items():
            for line in shown(r):
                print(line)
            errors = len(r.errors)
            later = "; the game's rules are checked once the file reads cleanly" if r.input_errors else ""
            print(f"{g}: {'ok' if r.ok else f'{errors} error' + ('s' if errors != 1 else '')}"
                  + (f", {len(r.items) - errors} warning(s)" if len(r.items) > errors else "") + later)
    return worst
