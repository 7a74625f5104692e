"""`pnp serve [GAME ...]`: the preview page — every card, its errors beside it, the sheets and a
deal, updated in place as you save.

Takes the games (all by default), the specs and layouts folders, the build's language, edition,
paper and sheet options, and where to listen (127.0.0.1 and a free port unless --host/--port
say otherwise). Prints `serving http://HOST:PORT/` as its first line, then builds each game
and rebuilds it whenever one of its files is saved (pnp/preview/). Ctrl-C stops it (exit 0).
"""
from __future__ import annotations

from pathlib import Path

from .arguments import add_game, card_options, lang_options, layouts_options, paper_of, port, sheet_options

DEFAULT_HOST = "127.0.0.1"


def add_parser(sub, parents) -> None:
    groups = [layouts_options(), lang_options(), card_options(3.0, "bleed around every card in mm (default 3)"),
              sheet_options(offset_help="the duplex printer's measured back shift, DX,DY mm as 'pnp calibrate' reads "
                                        "it (as on 'pnp build'; default 0,0): the sheets show the backs moved back by "
                                        "that much",
                            rotate_help="the duplex printer's measured turn of the backs, degrees as 'pnp calibrate' "
                                        "reads it (as on 'pnp build'; default 0): the sheets show the backs turned "
                                        "back by that much")]
    s = sub.add_parser("serve", parents=[*parents, *groups],
                       help="a live preview page of every card, its errors, the sheets and a deal",
                       description="Serve a preview page: every face and back of the games (all by default) as "
                                   "pictures of the print, grouped by kind, the diagnostics beside the cards they "
                                   "are about, the sheets as printed and a deal for any player count. The page "
                                   "updates in place whenever a spec, table, layout or image is saved. Prints "
                                   "'serving http://HOST:PORT/' first. Stop with Ctrl-C.")
    add_game(s, many=True)
    s.add_argument("--host", default=DEFAULT_HOST,
                   help=f"address to listen on (default {DEFAULT_HOST}: this computer only; 0.0.0.0 lets "
                        "others on your network see the page)")
    s.add_argument("--port", type=port, default=0, metavar="N", help="port to listen on (default: any free one)")


def cmd_serve(args, specs_dir: Path) -> int:
    from ..games.project import game_layout, sheets
    from .build import _check_edition
    from ..options import options_from
    from ..preview.server import serve
    from .common import games_asked, print_report
    from .printer import resolve

    resolve(args, "pnp serve")  # --printer's profile and the defaults, for what the command line left unset
    games = games_asked(args.games, specs_dir)
    if args.edition is not None:  # a usage error stops the command before it serves: every build would fail
        for g in games:
            _check_edition(g, game_layout(g, specs_dir, args.layouts)[0], args.edition)
    presets, report = sheets(specs_dir, args.layouts)
    if report.errors:
        print_report(report)
        return 2
    opts = options_from(args, paper_of(args, presets))
    return serve(games, Path(specs_dir), args.layouts, opts, args.host, args.port)
