"""`pnp score`: the end-of-game scores of a played game, read from a game file."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, UsageError, print_report
from ..load.paths import display
from ..games.project import load_checked


def cmd_score(args, specs_dir: Path) -> int:
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
