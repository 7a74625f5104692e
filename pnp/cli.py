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

# Only the standard library's smallest modules here: what the commands need is imported inside
# `main`, where a Ctrl-C during start-up (the imports take a good part of a second) is told as
# "pnp: interrupted", not as a traceback. The console script imports this module before `main`.
import errno
import gc
import importlib
import os
import signal
import sys
import threading

from . import __version__


def _version_action():
    """`pnp 0.1.0 (distribution pnp-studio)` and where the shipped games are, on lines of their
    own (argparse's own version action re-wraps a long path)."""
    import argparse

    class Version(argparse.Action):
        def __init__(self, option_strings, dest, help=None):
            super().__init__(option_strings, dest, nargs=0, help=help)

        def __call__(self, parser, namespace, values, option_string=None):
            from .load.paths import SPECS_DIR

            print(f"pnp {__version__} (distribution pnp-studio)\nshipped games: {SPECS_DIR}")
            parser.exit()

    return Version


def _parser(command: str | None = None):
    """The command line's parser: every command's, or only `command`'s (and the build's, whose
    options watch shares) when the command line names it first — a command's parse then builds
    one parser of thirteen, and `pnp --help`, `pnp -h build` or a misspelt command still see them all."""
    from .commands.arguments import Parser, specs_options
    from .commands.build import add_parser as add_build_parser

    p = Parser(
        prog="pnp",
        description="Print-and-play studio: turn YAML card specs into print-ready PDF sheets and "
                    "check them against each game's rules.",
        epilog="Run 'pnp COMMAND --help' for a command's options.")
    p.add_argument("--version", action=_version_action(),
                   help="print pnp's version, and where its shipped games are, then exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    specs = [specs_options()]
    build = add_build_parser(sub, specs)  # each command's options are its module's; the shared ones are groups
    for name in COMMANDS:
        if name == "build" or command not in (None, name):
            continue
        module = importlib.import_module(f".commands.{name}", __package__)
        if name == "watch":
            module.add_parser(sub, build)  # watch's options are the build's
        elif name == "where":
            module.add_where_parser(sub, specs)
        elif name in ("relink", "new", "printer"):
            module.add_parser(sub)
        else:
            module.add_parser(sub, specs)
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
# In the order `pnp --help` lists them.
COMMANDS = {"build": "cmd_build", "validate": "cmd_validate", "setup": "cmd_setup", "score": "cmd_score",
            "calibrate": "cmd_calibrate", "list": "cmd_list", "export": "cmd_export", "relink": "cmd_relink",
            "where": "cmd_where", "watch": "cmd_watch", "serve": "cmd_serve", "new": "cmd_new", "printer": "cmd_printer"}


# The cycle collector's thresholds for a run of pnp (Python's are 700, 10, 10). Reading a spec or a
# table makes and keeps hundreds of thousands of small objects (nodes, cells, locations) and few
# cycles; at the default the young collections ran every 700 of them and re-scanned what
# survived: 40 % of validating a 20,000-row table. Collected every 20,000 allocations, the
# cycles a command does make are still freed, in a memory that stays of the same order.
GC_THRESHOLDS = (20_000, 50, 10)


def main(argv: list[str] | None = None) -> int:
    global _stopping
    _stopping = False
    try:
        gc.set_threshold(*GC_THRESHOLDS)
        _steady_streams()
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                signal.signal(signum, _terminate)
        return _run(sys.argv[1:] if argv is None else list(argv))
    except KeyboardInterrupt:  # also while the command line is read, or while an error is told
        try:
            print("pnp: interrupted", file=sys.stderr)
        except (OSError, ValueError):  # the terminal is gone (a hang-up): nothing to tell
            pass
        return 130
    finally:
        gc.unfreeze()  # what `importing` set apart (pnp/commands/__init__.py)


def _run(argv: list[str]) -> int:
    """Parse the command line and run the command; what goes wrong is told as `pnp COMMAND: …`."""
    from .commands import importing

    with importing():
        from .commands.arguments import joined_pairs
        from .commands.common import EXIT_INPUT, UsageError
        from .diagnostics import UnknownGame
        from .load.paths import default_specs_dir

    argv = joined_pairs(argv)
    command = "pnp"
    try:
        with importing():
            args = _parser(argv[0] if argv and argv[0] in COMMANDS else None).parse_args(argv)
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
    from .commands.common import UsageError
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
