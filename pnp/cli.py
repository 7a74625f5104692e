"""The `pnp` command line: the parser and `main`, which runs each command from a module of its
own (COMMANDS below: pnp/commands/build.py, validate.py, setup.py, …, sharing common.py).
Only these modules print or exit.

    pnp build    [GAME ...]   write OUT/<id>.pdf and OUT/<id>.json (the sheet map)
    pnp validate [GAME ...]   check specs against the rules; exit 0 valid, 1 rule violations,
                              2 input that cannot be read
    pnp setup GAME --players N [--player K] [--lang L] [--seed S] [--variant NAME]
    pnp list GAME [--format text|json]
    pnp score GAME FILE [--format text|json]   end-of-game scoring of a finished game (every game)
    pnp calibrate [--paper P] [--backs duplex-long|duplex-short]   a sheet to read the back offset
    pnp export GAME --png|--tts [--dpi N]   every face and back as PNG, or Tabletop Simulator decks
    pnp where GAME ID [ID ...]   the pages that hold each card
    pnp watch [GAME ...]   build, then rebuild on every save
"""
from __future__ import annotations

import argparse
import errno
import importlib
import os
import signal
import sys
import threading
from pathlib import Path

from . import __version__
from .commands.arguments import mm, offset
from .commands.common import EXIT_INPUT, UsageError
from .commands.export import add_parser as add_export_parser
from .commands.where import add_where_parser
from .commands.watch import add_parser as add_watch_parser
from .imposition import BACK_MODES, DIAMOND_MODES
from .load.paths import default_specs_dir
from .load.project import UnknownGame
from .load.spec import LANGS

def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pnp",
        description="Print-and-play studio: turn YAML card specs into print-ready PDF sheets and "
                    "check them against each game's rules.",
        epilog="Run 'pnp COMMAND --help' for a command's options.")
    p.add_argument("--version", action="version", version=f"pnp {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    specs = argparse.ArgumentParser(add_help=False)
    specs.add_argument("--specs", type=Path, metavar="DIR",
                       help="folder of <game>.yaml card specs (default: ./card_specs if present, else the shipped specs)")

    b = sub.add_parser("build", parents=[specs], help="write print-ready PDF sheets and their sheet maps",
                       description="Write OUT/<id>.pdf and OUT/<id>.json (the sheet map: which card is where on "
                                   "which page) for each game. Without GAME, builds every game with a spec.")
    b.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    b.add_argument("--out", type=Path, default=Path("output"), metavar="DIR", help="output folder (default: output/)")
    b.add_argument("--paper", default="a4", help="paper preset from layouts/sheets.yaml: a4 (default) or letter")
    b.add_argument("--backs", default="duplex-long", choices=BACK_MODES,
                   help="duplex-long (default): a back page after each front page, for printers that flip on the "
                        "long edge; duplex-short: for short-edge flip; gutterfold: fronts above the middle of "
                        "each sheet and their backs below, to fold and glue; none: fronts only")
    b.add_argument("--bleed", type=mm, default=3.0, metavar="MM", help="bleed around every card in mm (default 3)")
    b.add_argument("--lang", default="en", choices=LANGS, help="language of the text on the cards (default en)")
    b.add_argument("--back-offset", type=offset, default=(0.0, 0.0), metavar="DX,DY",
                   help="correct a duplex printer's misregistration: DX,DY mm is where the backs print relative to "
                        "the fronts, seen from the front side as you hold the sheet (+DX: to the right, +DY: "
                        "higher); read it off 'pnp calibrate'. The backs are moved back by that much")
    b.add_argument("--edition", metavar="NAME",
                   help="card size edition from the game's layout (GEM: gum, the original 1 x 3 in card "
                        "(default), or poker, 63 x 88 mm)")
    b.add_argument("--diamonds", default="shared-edge", choices=DIAMOND_MODES,
                   help="how diamond-shaped (rhombus) pieces are packed: shared-edge (default) tiles them edge to "
                        "edge with no bleed, so every cut is one straight line across the sheet; spaced gives each "
                        "its own bleed and a cut line round it")
    b.add_argument("--layouts", type=Path, metavar="DIR", help="folder of layouts and sheets.yaml (default: a layouts/ folder beside the specs where it has the file, "
                        "else the shipped layouts)")
    b.add_argument("--force", action="store_true", help="build even when the spec breaks the game's rules")
    b.add_argument("--strict", action="store_true",
                   help="refuse to write a game whose text does not fit its box even at the smallest size, or "
                        "uses characters no vendored font has (these are warnings otherwise)")
    b.add_argument("--shop", nargs="?", const="fronts-then-backs", choices=("fronts-then-backs", "interleaved"),
                   metavar="ORDER",
                   help="for a print shop: OUT/<id>-shop.pdf with one piece per page (page = trim + bleed, TrimBox "
                        "and BleedBox on every page), all fronts then all backs, or each front followed by its back "
                        "with --shop interleaved; and its map OUT/<id>-shop.json")
    b.add_argument("--cmyk", action="store_true",
                   help="write every colour in DeviceCMYK, black text and lines in K only (for a print shop)")
    b.add_argument("--cut-files", action="store_true",
                   help="for print-and-cut machines: OUT/<id>-cut/page-<n>.svg, every piece's cut path and the "
                        "registration marks of each sheet that is cut, at true size; the marks are printed on "
                        "those sheets too")
    b.add_argument("--no-slug", action="store_true",
                   help="leave out the slug line (game, page, side, paper and build options, pnp version) "
                        "printed in the margin of every page")
    b.add_argument("--format", choices=("text", "json"), default="text",
                   help="json: one JSON document on stdout with each game's outputs, text report (faces drawn, "
                        "text shrunk, overflow, missing glyphs) and diagnostics")
    reprints = b.add_mutually_exclusive_group()
    reprints.add_argument("--only", nargs="+", metavar="ID",
                          help="write OUT/<id>-reprint.pdf (and its sheet map) holding only the sheets with these "
                               "cards (ids or printed names), fronts with their backs; nothing else is written")
    reprints.add_argument("--changed", action="store_true",
                          help="the same for the cards whose spec entry, layout or back design differs from the last "
                               "full build (OUT/<id>.manifest.json); when nothing changed, says so and writes nothing")

    v = sub.add_parser("validate", parents=[specs], help="check specs against the games' rules",
                       description="Check each game's spec: exit 0 when valid, 1 on rule violations, 2 on input "
                                   "that cannot be read (bad YAML, bad types, missing file).")
    v.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: all)")
    v.add_argument("--format", choices=("text", "json"), default="text")

    s = sub.add_parser("setup", parents=[specs], help="deal a game: the table, then each player's hidden cards",
                       description="Deal a game from the spec's cards by the rules. Prints what everyone sees "
                                   "first (piles, basket, turn order, what is set aside), then each player's "
                                   "hidden cards in a section of their own. Cards are named as printed, with "
                                   "the spec id in brackets. The same --seed gives the same deal.")
    s.add_argument("game", metavar="GAME")
    s.add_argument("--players", type=int, required=True, metavar="N")
    s.add_argument("--player", type=int, metavar="K",
                   help="print only what player K may see: the table and K's own cards (JSON likewise)")
    s.add_argument("--variant", metavar="NAME")
    s.add_argument("--lang", default="en", choices=LANGS, help="language of the card names (default en)")
    s.add_argument("--seed", type=int, metavar="N", help="random seed (default: a new one, printed)")
    s.add_argument("--format", choices=("text", "json"), default="text",
                   help="json keeps everything — public, private per player and face-down (hidden) — "
                        "with the same split")

    sc = sub.add_parser("score", parents=[specs], help="score a finished game by the rules",
                        description="Score a finished game: read FILE (YAML: each player's cards at the end, by "
                                    "printed name or id — for Christmas Tree each tree and the goals scored each "
                                    "round; see examples/) and print each player's points line by line and the "
                                    "winner. A file that cannot be read is reported at its line and column "
                                    "(exit 2).")
    sc.add_argument("game", metavar="GAME")
    sc.add_argument("file", type=Path, metavar="FILE", help="the played game, a YAML file")
    sc.add_argument("--format", choices=("text", "json"), default="text")

    cal = sub.add_parser("calibrate", parents=[specs], help="print a sheet that measures a duplex printer's back offset",
                         description="Write OUT/calibrate-PAPER-BACKS.pdf: two pages to print on both sides of one "
                                     "sheet. Held up to a light, the red index lines of one side cross the other "
                                     "side's scales at DX and DY, the offset to pass to 'pnp build --back-offset "
                                     "DX,DY' (mm; +DX: the backs print to the right of the fronts, +DY: higher, seen "
                                     "from the front). Print it again with that --back-offset to check: both read 0.")
    cal.add_argument("--paper", default="a4", help="paper preset from layouts/sheets.yaml: a4 (default) or letter")
    cal.add_argument("--backs", default="duplex-long", choices=("duplex-long", "duplex-short"),
                     help="how your printer turns the sheet: duplex-long (default) or duplex-short")
    cal.add_argument("--back-offset", type=offset, default=(0.0, 0.0), metavar="DX,DY",
                     help="print the backs corrected by this offset, to check a reading")
    cal.add_argument("--layouts", type=Path, metavar="DIR", help="folder holding sheets.yaml (default: the shipped one)")
    cal.add_argument("--out", type=Path, default=Path("output"), metavar="DIR", help="output folder (default: output/)")

    ls = sub.add_parser("list", parents=[specs], help="list a game's components",
                        description="List every component of a game's spec with all its fields.")
    ls.add_argument("game", metavar="GAME")
    ls.add_argument("--format", choices=("text", "json"), default="text")
    add_export_parser(sub, [specs])
    add_where_parser(sub, [specs])
    add_watch_parser(sub, b)
    return p






def _steady_streams() -> None:
    """Output that cannot be shown as it is must not end a good build in a traceback: a closed
    stdout or stderr writes nowhere, and a terminal whose encoding lacks a character ("→", a
    Chinese name) gets it escaped instead."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:  # started with the descriptor closed (`pnp build >&-`)
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
        elif hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def _terminate(signum, frame) -> None:
    """SIGTERM: unwind like Ctrl-C, so staged temporary files are removed on the way out."""
    raise KeyboardInterrupt


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        sys.stdout = open(os.devnull, "w", encoding="utf-8")


# Each command in a module of its own (pnp/commands/<command>.py), imported when it runs.
COMMANDS = {"build": "cmd_build", "validate": "cmd_validate", "setup": "cmd_setup", "list": "cmd_list",
            "calibrate": "cmd_calibrate", "score": "cmd_score", "export": "cmd_export", "where": "cmd_where",
            "watch": "cmd_watch"}


def main(argv: list[str] | None = None) -> int:
    _steady_streams()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    args = _parser().parse_args(argv)
    specs_dir = args.specs if args.specs else default_specs_dir()
    try:
        module = importlib.import_module(f".commands.{args.command}", __package__)
        code = getattr(module, COMMANDS[args.command])(args, specs_dir)
        sys.stdout.flush()
        return code
    except (UnknownGame, UsageError) as exc:
        print(f"pnp {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        print("pnp: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`pnp list gem | head`): stop quietly, as other tools do
        _quiet_stdout()
        return 141
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EBADF, errno.EIO):
            raise
        # stdout is full or gone (`pnp build > /dev/full`): what was built stays built; say so
        _quiet_stdout()
        print(f"pnp {args.command}: cannot write the report to standard output ({exc.strerror})", file=sys.stderr)
        return EXIT_INPUT




if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
