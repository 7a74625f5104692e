"""`pnp where GAME ID …` and `pnp build GAME --only ID … | --changed`: the command side of
pnp/incremental/reprint.py. Reads the user's ids (or printed names), prints where cards are and what a
reprint holds; exit 2 for a card that is not in the spec, or a missing or stale sheet map."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .arguments import add_format, add_game
from .common import EXIT_INPUT, EXIT_OK


def add_where_parser(sub, parents: list[argparse.ArgumentParser]) -> None:
    w = sub.add_parser("where", parents=parents, help="the pages (front and back) that hold each card",
                       description="Read OUT/<game>.json, the sheet map of the last build, and print the pages, "
                                   "front and back, holding each card: 'strawberry-jam-walnut: page 3 (front), "
                                   "page 4 (back)'. A card is named by its spec id or its printed name.")
    add_game(w)
    w.add_argument("ids", nargs="+", metavar="ID", help="card ids (or printed names)")
    w.add_argument("--out", type=Path, default=Path("output"), metavar="DIR",
                   help="the folder the game was built into (default: output/)")
    add_format(w, "each card's pages (front and back)")


def resolve_ids(loaded, texts: list[str]) -> list[str]:
    """Spec ids for what the user typed (an id or a printed name: every card a name fits, 'Diamond'
    all the diamond cards); ReprintError naming close matches."""
    from ..incremental.state import ReprintError

    ids, problems = [], []
    for text in texts:
        items, why = loaded.game.find_cards(loaded.spec, text)
        if not items:
            problems.append(f"{loaded.game.id}: {why}")
        ids += [item.id for item in items if item.id not in ids]
    if problems:
        raise ReprintError("; ".join(problems))
    return ids


def cmd_where(args, specs_dir: Path) -> int:
    from ..load.paths import display
    from ..diagnostics import InputError
    from ..games.project import load_checked
    from ..incremental.reprint import check_map, pages_of
    from ..incremental.state import ReprintError, read_sheet_map
    from ..load.yamlload import os_problem

    loaded = load_checked(args.game, specs_dir)
    if loaded.spec is None or loaded.report.input_errors:
        for d in loaded.report.sorted():
            print(d, file=sys.stderr)
        return EXIT_INPUT
    notes: list[str] = []
    try:
        ids = resolve_ids(loaded, args.ids)
        data = read_sheet_map(args.out, args.game, notes)  # checked, and against its PDF
        stale = check_map(data, loaded.spec)
        if stale:
            raise ReprintError(f"{display(args.out / f'{args.game}.json')} does not match the spec ({stale}): "
                               f"build again with 'pnp build {args.game}'")
    except ReprintError as exc:
        print(f"pnp where: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except InputError as exc:  # the sheet map is not what pnp wrote: where and why
        for d in exc.report.sorted():
            print(d, file=sys.stderr)
        return EXIT_INPUT
    except OSError as exc:
        print(f"pnp where: error: cannot read {display(args.out)}: {os_problem(exc)}", file=sys.stderr)
        return EXIT_INPUT
    finally:
        for line in notes:
            print(f"pnp where: note: {line}", file=sys.stderr)
    found = pages_of(data, ids)
    if args.format == "json":
        print(json.dumps({"game": args.game, "pdf": display(args.out / f"{args.game}.pdf"), "cards": found},
                         indent=1, ensure_ascii=False))
        return EXIT_OK
    for cid in ids:
        print(f"{cid}: " + ", ".join(f"page {p['page']} ({p['side']})" for p in found[cid]))
    return EXIT_OK
