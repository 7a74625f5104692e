"""The `pnp` command line: the parser and `main`, which runs each command from a module of its
own (COMMANDS below: pnp/commands/build.py, validate.py, setup.py, …, sharing common.py).
Only these modules print or exit.

    pnp build    [GAME ...]   write OUT/<id>.pdf and OUT/<id>.json (the sheet map)
    pnp validate [GAME ...]   check specs against the rules; exit 0 valid, 1 rule violations,
                              2 input that cannot be read
    pnp setup GAME --players N [--player K] [--lang L] [--seed S] [--variant NAME]
    pnp list GAME [--format text|json]
    pnp score GAME FILE [--format text|json]   end-of-game scoring of a finished game (every game)
    pnp calibrate [--paper P] [--backs duplex-long|duplex-short]   a sheet to read the back offset and turn
    pnp printer add|list|remove   printer profiles: a printer's measured back offset and turn, by name
    pnp export GAME --png|--tts [--dpi N]   every face and back as PNG, or Tabletop Simulator decks
    pnp relink FOLDER [--tts-url BASE]   a moved --tts export's saved object pointed at its images again
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
from .commands.arguments import (Parser, add_format, add_game, each_game, editions, folder, ink_percent,
                                 joined_pairs, later, mm, offset, players_of, profile_file, variants_of)
from .commands.common import EXIT_INPUT, UsageError
from .commands.export import add_parser as add_export_parser
from .commands.where import add_where_parser
from .commands.new import add_parser as add_new_parser
from .commands.relink import add_parser as add_relink_parser
from .commands.watch import add_parser as add_watch_parser
from .commands.serve import add_parser as add_serve_parser
from .commands.printer import add_options as add_printer_options, add_parser as add_printer_parser
from .imposition import BACK_MODES, DIAMOND_MODES
from .load.paths import default_specs_dir
from .options import SHOP_ORDERS, SHOP_PRESETS, BuildOptions
from .games.project import UnknownGame
from .load.spec import LANGS


class _Version(argparse.Action):
    """`pnp 0.1.0 (distribution pnp-studio)` and where the shipped games are, on lines of their
    own (argparse's own version action re-wraps a long path)."""

    def __init__(self, option_strings, dest, help=None):
        super().__init__(option_strings, dest, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from .load.paths import SPECS_DIR

        print(f"pnp {__version__} (distribution pnp-studio)\nshipped games: {SPECS_DIR}")
        parser.exit()


def _shop_help() -> str:
    """--shop's help, its shops' figures read from where they are kept (shown with --help only)."""
    from .writers.gamecrafter import BLEED_MM, DPI, PRODUCTS, pixels_of

    dtc = SHOP_PRESETS["drivethru"]
    w, h = PRODUCTS["poker"]
    return ("for a print shop: one PDF per piece size, OUT/<id>-shop-<template>.pdf (OUT/<id>-shop.pdf for a game "
            "of one size), one piece per page (page = trim + bleed, TrimBox and BleedBox on every page), all fronts "
            "then all backs, or each front followed by its back with --shop interleaved; and their map "
            "OUT/<id>-shop.json. --shop drivethru follows DriveThruCards' upload rules: a PDF per deck (the cards "
            "of one back design), its back first and then every face (cards that each have their own back: each "
            f"face then its back), {dtc['bleed']:g} mm bleed, --cmyk at {dtc['ink_limit']:g} %% ink. --shop "
            "gamecrafter writes The Game Crafter's upload: OUT/<id>-gamecrafter/, a PNG per face and per back at "
            f"{DPI} dpi with {BLEED_MM:g} mm bleed (its poker card, {w:g} x {h:g} in: "
            f"{' x '.join(map(str, pixels_of(w * 25.4, h * 25.4)))} px; --edition poker-us where the layout has "
            "it), and OUT/<id>-gamecrafter.json with each card's count")


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="pnp",
        description="Print-and-play studio: turn YAML card specs into print-ready PDF sheets and "
                    "check them against each game's rules.",
        epilog="Run 'pnp COMMAND --help' for a command's options.")
    p.add_argument("--version", action=_Version, help="print pnp's version, and where its shipped games are, then exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    specs = argparse.ArgumentParser(add_help=False)
    specs.add_argument("--specs", type=folder, metavar="DIR",
                       help="folder of <game>.yaml card specs (default: ./card_specs if present, else the shipped specs)")

    b = sub.add_parser("build", parents=[specs], help="write print-ready PDF sheets and their sheet maps",
                       description="Write OUT/<id>.pdf and OUT/<id>.json (the sheet map: which card is where on "
                                   "which page) for each game. Without GAME, builds every game with a spec.")
    add_game(b, many=True)
    b.add_argument("--out", type=folder, default=Path("output"), metavar="DIR", help="output folder (default: output/)")
    b.add_argument("--paper", default=None, help="paper preset from layouts/sheets.yaml: a4 (default) or letter")
    b.add_argument("--backs", default=None, choices=BACK_MODES,
                   help="duplex-long (default): a back page after each front page, for printers that flip on the "
                        "long edge; duplex-short: for short-edge flip; gutterfold: fronts above the middle of "
                        "each sheet and their backs below, to fold and glue; none: fronts only")
    later(b.add_argument("--bleed", type=mm, default=None, metavar="MM", help="bleed around every card in mm"),
          lambda: f"bleed around every card in mm (default {BuildOptions.bleed:g}; "
                  f"{SHOP_PRESETS['drivethru']['bleed']:g} with --shop drivethru)")
    b.add_argument("--lang", default="en", choices=LANGS, help="language of the text on the cards (default en)")
    b.add_argument("--back-offset", type=offset, default=None, metavar="DX,DY",
                   help="correct a duplex printer's misregistration: DX,DY mm is where the backs print relative to "
                        "the fronts, seen from the front side as you hold the sheet (+DX: to the right, +DY: "
                        "higher); read it off 'pnp calibrate'. The backs are moved back by that much (default 0,0)")
    add_printer_options(b)
    later(b.add_argument("--edition", metavar="NAME", help="card size edition from the game's layout"),
          lambda: f"card size edition from the game's layout: {editions()}")
    b.add_argument("--diamonds", default="shared-edge", choices=DIAMOND_MODES,
                   help="how diamond-shaped (rhombus) pieces are packed: shared-edge (default) tiles them edge to "
                        "edge with no bleed, so every cut is one straight line across the sheet; spaced gives each "
                        "its own bleed and a cut line round it")
    b.add_argument("--layouts", type=folder, metavar="DIR",
                   help="folder of layouts and sheets.yaml (default: a layouts/ folder beside the specs where it has "
                        "the file, else the shipped layouts)")
    b.add_argument("--force", action="store_true", help="build even when the spec breaks the game's rules")
    b.add_argument("--strict", action="store_true",
                   help="refuse to write a game whose text does not fit its box even at the smallest size, or "
                        "uses characters no vendored font has (these are warnings otherwise)")
    later(b.add_argument("--shop", nargs="?", const=SHOP_ORDERS[0], choices=SHOP_ORDERS, metavar="ORDER",
                         help="for a print shop: one piece per page, in this order"), _shop_help)
    b.add_argument("--cmyk", action="store_true",
                   help="for a print shop: every colour and image converted to CMYK through an ICC profile (pnp's "
                        "own FOGRA39 coated-paper press profile, or --icc), black text and lines in K only, and the "
                        "PDF identified as PDF/X (X-1a, or X-4 when art is transparent) with the profile as its "
                        "OutputIntent")
    b.add_argument("--icc", metavar="FILE", type=profile_file,
                   help="with --cmyk: the print shop's own CMYK output profile (.icc) to convert for and name as "
                        "the OutputIntent")
    later(b.add_argument("--ink-limit", type=ink_percent, default=None, metavar="PERCENT",
                         help="with --cmyk: the most ink any colour may carry, C+M+Y+K in per cent"),
          lambda: f"with --cmyk: the most ink any colour may carry, C+M+Y+K in per cent (default "
                  f"{BuildOptions.ink_limit:g}; {SHOP_PRESETS['drivethru']['ink_limit']:g} with --shop drivethru, "
                  "as DriveThruCards asks)")
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
    add_game(v, many=True)
    add_format(v, 'each game\'s "ok" and its diagnostics (file, line, col, severity, code, message)')

    s = sub.add_parser("setup", parents=[specs], help="deal a game: the table, then each player's hidden cards",
                       description="Deal a game from the spec's cards by the rules. Prints what everyone sees "
                                   "first (piles, basket, turn order, what is set aside), then each player's "
                                   "hidden cards in a section of their own. Cards are named as printed, with "
                                   "the spec id in brackets. The same --seed gives the same deal.")
    add_game(s)
    later(s.add_argument("--players", type=int, required=True, metavar="N", help="how many play"),
          lambda: f"how many play: {each_game(players_of)}")
    s.add_argument("--player", type=int, metavar="K",
                   help="print only what player K may see: the table and K's own cards (JSON likewise)")
    later(s.add_argument("--variant", metavar="NAME", help="a variant of the game's rules (default: its normal rules)"),
          lambda: f"a variant of the game's rules (default: its normal rules): {each_game(variants_of)}")
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
    add_game(sc)
    sc.add_argument("file", type=Path, metavar="FILE", help="the played game, a YAML file")
    add_format(sc, "each player's points, item by item, and the winner")

    cal = sub.add_parser("calibrate", parents=[specs], help="print a sheet that measures a duplex printer's back offset",
                         description="Write OUT/calibrate-PAPER-BACKS.pdf: two pages to print on both sides of one "
                                     "sheet. Held up to a light, the red index lines of one side cross the other "
                                     "side's scales at DX and DY, the offset to pass to 'pnp build --back-offset "
                                     "DX,DY' (mm; +DX: the backs print to the right of the fronts, +DY: higher, seen "
                                     "from the front); the difference between the corner scales' readings gives the "
                                     "turn for --back-rotate DEG (the sheet says how). Print it again with that "
                                     "--back-offset and --back-rotate (or --printer NAME) to check: every scale reads "
                                     "0; that sheet is written as OUT/calibrate-PAPER-BACKS-corrected.pdf, so it is "
                                     "not mistaken for the first.")
    cal.add_argument("--paper", default=None, help="paper preset from layouts/sheets.yaml: a4 (default) or letter")
    cal.add_argument("--backs", default=None, choices=("duplex-long", "duplex-short"),
                     help="how your printer turns the sheet: duplex-long (default) or duplex-short")
    cal.add_argument("--back-offset", type=offset, default=None, metavar="DX,DY",
                     help="print the backs corrected by this offset, to check a reading")
    add_printer_options(cal, rotate_help="print the backs corrected by this turn (degrees, counter-clockwise "
                                         "positive seen from the front), to check a reading")
    cal.add_argument("--layouts", type=folder, metavar="DIR", help="folder holding sheets.yaml (default: the shipped one)")
    cal.add_argument("--out", type=folder, default=Path("output"), metavar="DIR", help="output folder (default: output/)")

    ls = sub.add_parser("list", parents=[specs], help="list a game's components",
                        description="List every component of a game's spec with all its fields.")
    add_game(ls)
    add_format(ls, "every component with all its fields")
    add_export_parser(sub, [specs])
    add_relink_parser(sub)
    add_where_parser(sub, [specs])
    add_watch_parser(sub, b)
    add_serve_parser(sub, [specs])
    add_new_parser(sub)
    add_printer_parser(sub)
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


# SIGTERM, and SIGHUP (the terminal was closed): stopped like Ctrl-C.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
_stopping = False


def _terminate(signum, frame) -> None:
    """Unwind like Ctrl-C, so staged temporary files are removed on the way out. Only the first
    signal does: a second one (a hang-up reaches every process of the terminal, and a parent then
    stops its children) must not cut that clean-up short."""
    global _stopping
    if _stopping:
        return
    _stopping = True
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
            "calibrate": "cmd_calibrate", "score": "cmd_score", "export": "cmd_export", "relink": "cmd_relink", "where": "cmd_where",
            "watch": "cmd_watch", "new": "cmd_new", "serve": "cmd_serve", "printer": "cmd_printer"}


def main(argv: list[str] | None = None) -> int:
    global _stopping
    _steady_streams()
    _stopping = False
    try:
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                signal.signal(signum, _terminate)
        return _run(joined_pairs(sys.argv[1:] if argv is None else list(argv)))
    except KeyboardInterrupt:  # also while the command line is read, or while an error is told
        try:
            print("pnp: interrupted", file=sys.stderr)
        except (OSError, ValueError):  # the terminal is gone (a hang-up): nothing to tell
            pass
        return 130


def _run(argv: list[str]) -> int:
    """Parse the command line and run the command; what goes wrong is told as `pnp COMMAND: …`."""
    command = "pnp"
    try:
        args = _parser().parse_args(argv)
        command = f"pnp {args.command}"
        if getattr(args, "only", None):
            _game_in_only(args)
        specs_dir = args.specs if args.specs else default_specs_dir()
        module = importlib.import_module(f".commands.{args.command}", __package__)
        code = getattr(module, COMMANDS[args.command])(args, specs_dir)
        sys.stdout.flush()
        return code
    except (UnknownGame, UsageError) as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except BrokenPipeError:
        # the reader went away (`pnp list gem | head`): stop quietly, as other tools do
        _quiet_stdout()
        return 141
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EBADF, errno.EIO):
            raise
        # stdout is full or gone (`pnp build > /dev/full`): what was built stays built; say so
        _quiet_stdout()
        print(f"{command}: cannot write the report to standard output ({exc.strerror})", file=sys.stderr)
        return EXIT_INPUT


def _game_in_only(args) -> None:
    """`pnp build --only bear the-jam`: --only takes every word after it, the game too. With no
    GAME before --only, a game id among its words is the GAME; with nothing left to reprint,
    say what to write instead."""
    from .diagnostics import one_of
    from .games import GAMES

    games = [w for w in args.only if w in GAMES]
    if args.games or not games:
        return
    args.games = games
    args.only = [w for w in args.only if w not in GAMES]
    if not args.only:
        raise UsageError(f"--only names the cards to reprint, and {one_of(games)} is a game, not a card: "
                         f"pnp {args.command} {games[0]} --only ID ...")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
