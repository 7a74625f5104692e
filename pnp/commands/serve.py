"""`pnp serve [GAME ...]`: the preview page — every card, its errors beside it, the sheets and a
deal, updated in place as you save.

Takes the games (all by default), the specs and layouts folders, the build's language, edition,
paper and sheet options, and where to listen (127.0.0.1 and a free port unless --host/--port
say otherwise). Prints `serving http://HOST:PORT/` as its first line, then builds each game
and rebuilds it whenever one of its files is saved (pnp/preview/). Ctrl-C stops it (exit 0).
"""
from __future__ import annotations

from pathlib import Path

from .arguments import add_game, mm, offset, port

DEFAULT_HOST = "127.0.0.1"


def add_parser(sub, parents) -> None:
    from ..imposition import BACK_MODES, DIAMOND_MODES
    from ..load.spec import LANGS
    from .arguments import editions, folder, later
    from .printer import add_options as add_printer_options

    s = sub.add_parser("serve", parents=parents, help="a live preview page of every card, its errors, the sheets and a deal",
                       description="Serve a preview page: every face and back of the games (all by default) as "
                                   "pictures of the print, grouped by kind, the diagnostics beside the cards they "
                                   "are about, the sheets as printed and a deal for any player count. The page "
                                   "updates in place whenever a spec, table, layout or image is saved. Prints "
                                   "'serving http://HOST:PORT/' first. Stop with Ctrl-C.")
    add_game(s, many=True)
    s.add_argument("--layouts", type=folder, metavar="DIR",
                   help="folder of <game>.yaml layouts and sheets.yaml (default: ../layouts beside the specs if "
                        "present, else the shipped ones)")
    s.add_argument("--lang", default="en", choices=LANGS, help="language of the text on the cards (default en)")
    later(s.add_argument("--edition", metavar="NAME", help="card size edition from the game's layout"),
          lambda: f"card size edition from the game's layout: {editions()}")
    s.add_argument("--paper", default=None, help="paper preset of the sheets from layouts/sheets.yaml (default a4)")
    s.add_argument("--backs", default=None, choices=BACK_MODES, help="how backs are printed (default duplex-long)")
    s.add_argument("--bleed", type=mm, default=3.0, metavar="MM", help="bleed around every card in mm (default 3)")
    s.add_argument("--back-offset", type=offset, default=None, metavar="DX,DY",
                   help="the duplex printer's measured back shift, DX,DY mm as 'pnp calibrate' reads it "
                        "(as on 'pnp build'; default 0,0): the sheets show the backs moved back by that much")
    add_printer_options(s, rotate_help="the duplex printer's measured turn of the backs, degrees as 'pnp calibrate' "
                                       "reads it (as on 'pnp build'; default 0): the sheets show the backs turned "
                                       "back by that much")
    s.add_argument("--diamonds", default="shared-edge", choices=DIAMOND_MODES,
                   help="how diamond tiles share the sheet (default shared-edge)")
    s.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this computer only; 0.0.0.0 lets "
                        "others on your network see the page)")
    s.add_argument("--port", type=port, default=0, metavar="N", help="port to listen on (default: any free one)")


def cmd_serve(args, specs_dir: Path) -> int:
    from ..games.project import sheets
    from ..options import BuildOptions
    from ..preview.server import serve
    from .common import UsageError, games_asked, print_report
    from .printer import resolve

    resolve(args, "pnp serve")  # --printer's profile and the defaults, for what the command line left unset
    games = games_asked(args.games, specs_dir)
    presets, report = sheets(specs_dir, args.layouts)
    if report.errors:
        print_report(report)
        return 2
    if args.paper not in presets:
        raise UsageError(f"no paper preset '{args.paper}'; presets: {', '.join(presets)}")
    opts = BuildOptions(presets[args.paper], args.backs, args.bleed, args.lang, args.back_offset, args.edition,
                        args.diamonds)
    opts.back_rotate, opts.printer = args.back_rotate, args.printer
    return serve(games, Path(specs_dir), args.layouts, opts, args.host, args.port)
