"""What the command line's options share, checked as argparse reads them (a bad value is exit 2
with the option named): lengths in millimetres, a DX,DY offset, folders, the GAME and --format arguments
every command takes, help texts that name the installed games, and the one rewrite of the
command line argparse needs (a negative offset).
"""
from __future__ import annotations

import argparse
import math
import re
import weakref
from pathlib import Path
from typing import Callable

PAIR_OPTIONS = ("--back-offset",)  # options whose value is a number pair, often negative


def mm(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of millimetres") from None
    if not 0 <= v <= 10:
        raise argparse.ArgumentTypeError(f"{text} mm is out of range, expected 0 to 10")
    return v


def port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number (0 to 65535)") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{n} is not a port number (0 to 65535)")
    return n


def offset(text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        dx, dy = (float(x) for x in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not DX,DY in millimetres, e.g. 0.5,-1") from None
    if not (math.isfinite(dx) and math.isfinite(dy)):
        raise argparse.ArgumentTypeError(f"'{text}' is not DX,DY in millimetres, e.g. 0.5,-1 (numbers, not nan or inf)")
    if abs(dx) > 20 or abs(dy) > 20:
        raise argparse.ArgumentTypeError(f"offset {text} mm is out of range, expected at most 20 mm each way")
    return dx, dy


def ink_percent(text: str) -> float:
    """--ink-limit: total ink in per cent (pnp/render/press.py's INK_RANGE)."""
    from ..render.press import INK_RANGE

    lo, hi = INK_RANGE
    try:
        v = float(text.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a per cent of ink, e.g. 240") from None
    if not (math.isfinite(v) and lo <= v <= hi):
        raise argparse.ArgumentTypeError(f"{text} % is out of range: total ink is {lo:g} to {hi:g} per cent (C+M+Y+K)")
    return v


def profile_file(text: str) -> str:
    """--icc: a CMYK output profile, checked as it is read (pnp/render/press.py) so that a file that
    is none is said at once, with its name, and not after the faces are drawn."""
    from ..render.press import ProfileError, press

    try:
        press(Path(text))
    except ProfileError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def folder(text: str) -> Path:
    """A folder named on the command line. An empty name would be the current folder (Path('')
    is '.'), so `--out ''` would write beside whatever is there: refused instead."""
    if not text:
        raise argparse.ArgumentTypeError("an empty name is no folder; give a folder, e.g. output")
    return Path(text)


def joined_pairs(argv: list[str]) -> list[str]:
    """`--back-offset -1,2` as `--back-offset=-1,2`. argparse reads a word that starts with '-'
    and is not a plain number (`-1,2` is not) as an option, so the plain form, the one a user
    reads off the calibration sheet, would stop with 'expected one argument'. Joining the pair to
    its option is the one form argparse always reads as a value; nothing after `--` is touched."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            out.extend(argv[i:])
            break
        if _names_pair_option(word) and i + 1 < len(argv) and _looks_like_numbers(argv[i + 1]):
            out.append(f"{word}={argv[i + 1]}")
            i += 2
            continue
        out.append(word)
        i += 1
    return out


def _names_pair_option(word: str) -> bool:
    """The option itself, or an abbreviation argparse would take for it (`--back-off`)."""
    return any(word == name or (word.startswith("--back-") and name.startswith(word)) for name in PAIR_OPTIONS)


def _looks_like_numbers(word: str) -> bool:
    """'-1,2', '-0.5,-0.5', '-.5,1', '-1': a value, never an option (no option starts '-<digit>');
    '--force' or '-h' stays what it is."""
    return re.match(r"-\s*[\d.]", word) is not None or (word.startswith("-") and not word.startswith("--")
                                                         and "," in word)


# -- help texts that name the installed games -----------------------------------------------------
#
# The game ids come from the installed entry points and a game's variants and player counts from
# its package; reading them for every command line would load every game for `pnp validate gem`.
# So such a help text is made when help is shown (Parser.format_help), and only then.

# Weak keys: a parser that is dropped (one per `main` call) takes its pending help texts with it.
# `pnp watch` shares the build's actions, so the texts are kept by action, not by parser.
_LATER: "weakref.WeakKeyDictionary[argparse.Action, Callable[[], str]]" = weakref.WeakKeyDictionary()


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help may name the installed games, filled in when help is shown."""

    def format_help(self) -> str:
        for action in self._actions:  # only this command's: `pnp --help` loads no game
            make = _LATER.pop(action, None)
            if make is not None:
                action.help = make()
        return super().format_help()


def later(action: argparse.Action, make: Callable[[], str]) -> argparse.Action:
    """Give `action` the help `make()` returns once help is shown; until then it keeps its own."""
    _LATER[action] = make
    return action


def game_ids() -> str:
    """'christmas-tree, gem, pi-mal-pflaumen or the-jam; declared in card_specs: harbor': the
    installed games, and the games of one's own that the specs folder in use declares."""
    from ..diagnostics import one_of
    from ..games import GAMES
    from ..load.paths import display

    installed = one_of(sorted(GAMES)) or "none installed"
    folder, declared = _declared_here()
    return installed + (f"; declared in {display(folder)}: {one_of(declared)}" if declared else "")


def _declared_here():
    """The default specs folder and the games its specs declare (none where it cannot be read)."""
    from ..games import GAMES
    from ..load.paths import default_specs_dir
    from ..games.project import available_games

    folder = default_specs_dir()
    try:
        return folder, [g for g in available_games(folder) if g not in GAMES]
    except OSError:
        return folder, []


def add_game(parser: argparse.ArgumentParser, many: bool = False) -> argparse.Action:
    """The GAME positional: one game id, or (many) any number, all by default."""
    if many:
        action = parser.add_argument("games", nargs="*", metavar="GAME", help="game ids (default: every game with a spec)")
        return later(action, lambda: f"game ids (default: every game with a spec): {game_ids()}")
    action = parser.add_argument("game", metavar="GAME", help="game id")
    return later(action, lambda: f"game id: {game_ids()}")


def add_format(parser: argparse.ArgumentParser, json_is: str) -> argparse.Action:
    """--format text|json; `json_is` says what the JSON document holds."""
    return parser.add_argument("--format", choices=("text", "json"), default="text",
                               help=f"text (default): for a person; json: one JSON document on stdout, {json_is}")


def each_game(what: Callable) -> str:
    """'the-jam: kids or travel; gem: none; …': `what(GameDef)` for every installed game, in the
    order of game_ids; a game whose package cannot be loaded says so."""
    from ..games import GAMES, UnknownGame

    parts = []
    for g in sorted(GAMES):
        try:
            parts.append(f"{g}: {what(GAMES[g])}")
        except UnknownGame:
            parts.append(f"{g}: (its package cannot be loaded)")
    folder, declared = _declared_here()
    for g in declared:
        from ..games.project import load_checked

        game = load_checked(g, folder).game
        parts.append(f"{g}: {what(game) if game.declared is not None else '(its spec cannot be read)'}")
    return "; ".join(parts)


def variants_of(game) -> str:
    from ..diagnostics import one_of

    return one_of(game.variants) if game.variants else "none"


def players_of(game) -> str:
    counts = sorted(game.players)
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]} to {counts[-1]}"
    from ..diagnostics import one_of

    return one_of(counts)


def editions() -> str:
    """'christmas-tree: standard; gem: gum (default) or poker; …': each game's editions, from
    the layouts in use where a ./card_specs is, else the shipped ones."""
    from ..load.paths import default_specs_dir
    from ..games.project import game_layout

    def of(game) -> str:
        layout, _ = game_layout(game.id, default_specs_dir())
        if layout is None:
            return "(no layout readable here: see --layouts)"
        from ..diagnostics import one_of

        names = list(layout.editions)
        return one_of(f"{n} (default)" if n == layout.default and len(names) > 1 else n for n in names)

    return each_game(of)


# -- option groups: each option written once, as an argparse parent the commands that take it share --

def _group() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(add_help=False)


def specs_options() -> argparse.ArgumentParser:
    """--specs: where the card specs are."""
    g = _group()
    g.add_argument("--specs", type=folder, metavar="DIR",
                   help="folder of <game>.yaml card specs (default: ./card_specs if present, else the shipped specs)")
    return g


def layouts_options(what: str = "<game>.yaml layouts and sheets.yaml") -> argparse.ArgumentParser:
    """--layouts: where the layouts and the paper presets are."""
    g = _group()
    g.add_argument("--layouts", type=folder, metavar="DIR",
                   help=f"folder of {what} (default: a layouts/ folder beside the specs where it has the file, "
                        "else the shipped ones)")
    return g


def lang_options(what: str = "the text on the cards") -> argparse.ArgumentParser:
    """--lang: the language printed (or, for a deal, the cards' names)."""
    from ..load.spec import LANGS

    g = _group()
    g.add_argument("--lang", default="en", choices=LANGS, help=f"language of {what} (default en)")
    return g


def card_options(bleed: float | None, bleed_help: str | Callable[[], str]) -> argparse.ArgumentParser:
    """--edition and --bleed: the size the pieces are drawn at and the art round them. `bleed`
    is the command's default (None: decided later, by a shop's rules), `bleed_help` its words (or
    a function making them when help is shown)."""
    g = _group()
    later(g.add_argument("--edition", metavar="NAME", help="card size edition from the game's layout"),
          lambda: f"card size edition from the game's layout: {editions()}")
    action = g.add_argument("--bleed", type=mm, default=bleed, metavar="MM",
                            help=bleed_help if isinstance(bleed_help, str) else "bleed around every card in mm")
    if not isinstance(bleed_help, str):
        later(action, bleed_help)
    return g


def sheet_options(backs: tuple[str, ...] | None = None, backs_help: str = "", offset_help: str = "",
                  rotate_help: str | None = None, diamonds: bool = True) -> argparse.ArgumentParser:
    """--paper, --backs, --back-offset, --back-rotate, --printer and --diamonds: the paper, how the
    backs meet the fronts and how diamonds share the sheet. `backs`: the modes this command takes
    (default: every mode)."""
    from ..imposition import BACK_MODES

    g = _group()
    g.add_argument("--paper", default=None, help="paper preset from layouts/sheets.yaml: a4 (default) or letter")
    g.add_argument("--backs", default=None, choices=backs or BACK_MODES,
                   help=backs_help or "how backs are printed (default duplex-long)")
    g.add_argument("--back-offset", type=offset, default=None, metavar="DX,DY",
                   help=offset_help or "correct a duplex printer's misregistration: DX,DY mm is where the backs print "
                                       "relative to the fronts, seen from the front side as you hold the sheet (+DX: "
                                       "to the right, +DY: higher); read it off 'pnp calibrate'. The backs are moved "
                                       "back by that much (default 0,0)")
    add_options(g, rotate_help=rotate_help)
    if diamonds:
        from ..imposition import DIAMOND_MODES

        g.add_argument("--diamonds", default="shared-edge", choices=DIAMOND_MODES,
                       help="how diamond-shaped (rhombus) pieces are packed: shared-edge (default) tiles them edge "
                            "to edge with no bleed, so every cut is one straight line across the sheet; spaced gives "
                            "each its own bleed and a cut line round it")
    return g


def paper_of(args, presets: dict):
    """The paper preset --paper names (resolved from --printer and the default already)."""
    from .common import UsageError

    if args.paper not in presets:
        raise UsageError(f"paper '{args.paper}' is not a preset; presets: {', '.join(presets)}")
    return presets[args.paper]


# -- a printer profile's options (pnp printer keeps the profiles) --------------------------------
MAX_TURN = 5.0  # degrees either way: a printer turning the backs more needs its paper guides set
NAME = re.compile(r"\w[\w.+-]{0,63}")


def turn(text: str) -> float:
    """--back-rotate DEG: a finite number of degrees, at most MAX_TURN either way."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of degrees, e.g. 0.4 or -0.25") from None
    if not math.isfinite(v):
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of degrees, e.g. 0.4 (numbers, not nan or inf)")
    if abs(v) > MAX_TURN:
        raise argparse.ArgumentTypeError(f"a turn of {text} degrees is out of range, expected at most {MAX_TURN:g} "
                                         f"degrees either way (a printer turning the backs more than that needs its "
                                         f"paper guides set, not a correction)")
    return v + 0.0


def printer_name(text: str) -> str:
    if not NAME.fullmatch(text):
        raise argparse.ArgumentTypeError(f"'{text}' is not a printer name: letters, digits, '.', '+', '-' and '_', "
                                         f"up to 64, starting with a letter or digit (e.g. office-laser)")
    return text


def add_options(parser: argparse.ArgumentParser, offset_action: argparse.Action | None = None,
                rotate_help: str | None = None) -> None:
    """--back-rotate and --printer beside a parser's --back-offset."""
    parser.add_argument("--back-rotate", type=turn, default=None, metavar="DEG",
                        help=rotate_help or "correct a duplex printer that turns the backs: DEG degrees is how the "
                                            "backs print turned relative to the fronts, seen from the front side "
                                            "(counter-clockwise positive, at most 5 either way); read it off 'pnp "
                                            "calibrate'. The backs are drawn turned back by that much about the page "
                                            "centre (default 0)")
    parser.add_argument("--printer", type=printer_name, default=None, metavar="NAME",
                        help="take --back-offset, --back-rotate, --paper and --backs from the printer profile NAME "
                             "('pnp printer add'); each of them given here as well wins")
