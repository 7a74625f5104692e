"""`pnp list`: a game's components as the spec gives them (`--format json` for tools)."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, print_report


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> None:
    """`pnp list`'s options."""
    from .arguments import add_format, add_game

    ls = sub.add_parser("list", parents=parents, help="list a game's components",
                        description="List every component of a game's spec with all its fields.")
    add_game(ls)
    add_format(ls, "every component with all its fields")


def cmd_list(args, specs_dir: Path) -> int:
    from ..games.project import load_checked

    loaded = load_checked(args.game, specs_dir)
    if loaded.spec is None or loaded.report.input_errors:
        print_report(loaded.report)
        return EXIT_INPUT
    comps = [c.as_json() for c in loaded.spec.components]
    if args.format == "json":
        print(json.dumps({"game": loaded.game.id, "components": comps}, indent=1, ensure_ascii=False))
        return EXIT_OK
    total = sum(c["count"] for c in comps)
    print(f"{loaded.game.title}: {len(comps)} components, {total} cards")
    for c in comps:
        rest = ", ".join(f"{k}={_show(v)}" for k, v in c.items() if k not in ("id", "kind", "count") and v is not None)
        print(f"  {c['count']:>3} x {c['id']:<22} {c['kind']:<10} {rest}")
    return EXIT_OK


def _show(v) -> str:
    if isinstance(v, dict):  # names and texts in both languages, mixes
        return "{" + "; ".join(f"{k}: {_show(x)}" for k, x in v.items()) + "}"
    return "+".join(map(str, v)) if isinstance(v, list) else str(v)
