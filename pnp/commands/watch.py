"""`pnp watch [GAME ...] [build options]`: build, then build again whenever a spec, layout or image
is saved.

Takes the build's own options; watches the specs folder and the layouts folder in use with
watchfiles (the operating system's change notifications, not a polling loop of ours), from before
the first build (a save made while it runs is built after it; "watching" is said once it is), and runs
`pnp build` for the games a change touches: `<game>.yaml` in either folder is that game,
`sheets.yaml` every game, a table (CSV, XLSX, ODS) or an image every game whose spec — or a CSV
table its spec names — names it. The process stays warm: a
render cache (pnp/incremental/render_cache.py) keeps every face and back by content hash, so a one-card
edit draws that card again and nothing else. A spec that breaks is reported like any build's,
and the last good PDF stays. Ctrl-C stops it (exit 0).
"""
from __future__ import annotations

import argparse
import sys
import threading
import time
from pathlib import Path

from ..load.paths import display

WATCH_STEP_MS = 100  # the watcher answers this often when nothing is saved (its first answer: it is watching)


def add_parser(sub, build: argparse.ArgumentParser) -> None:
    w = sub.add_parser("watch", help="build, then rebuild whenever a spec, layout or image is saved",
                       description="Build the games (all by default), then watch the specs folder and the layouts "
                                   "in use and rebuild a game whenever one of its files is saved, printing the "
                                   "diagnostics. A spec that breaks leaves the last good PDF in place. Takes every "
                                   "option of 'pnp build'. Stop with Ctrl-C.")
    for action in build._actions:  # the build's options, as they are: one list to keep up to date
        if not isinstance(action, argparse._HelpAction):
            w._add_action(action)
    w.add_argument("--max-builds", type=int, default=0, help=argparse.SUPPRESS)  # for tests: stop after N builds


def cmd_watch(args, specs_dir: Path) -> int:
    try:
        watch_loop(args, specs_dir)
    except KeyboardInterrupt:
        pass
    print("pnp watch: stopped", file=sys.stderr)
    return 0


def watch_loop(args, specs_dir: Path, stop_event: threading.Event | None = None, out=None) -> int:
    """Build, then rebuild on every change until `stop_event` is set or --max-builds is reached.
    Returns the number of builds run."""
    from ..incremental.watched import WATCHED, affected, roots

    from watchfiles import DefaultFilter, watch

    from .common import games_asked as _games

    from .printer import resolve

    out = out or sys.stdout
    resolve(args, "pnp watch")  # once, before watching: an unknown --printer stops the watch
    games = _games(args.games, specs_dir)
    from ..incremental.render_cache import RenderCache  # drawing code: loaded only when watching

    args.render_cache = RenderCache()
    folders = roots(args.layouts, specs_dir, games)
    keep = DefaultFilter()
    only_ours = lambda change, path: path.endswith(WATCHED) and keep(change, path)  # noqa: E731
    saves = watch(*folders, watch_filter=only_ours, stop_event=stop_event, debounce=400, step=30,
                  rust_timeout=WATCH_STEP_MS, yield_on_timeout=True, raise_interrupt=True)
    next(saves, None)  # its first answer: watching from here on, so a save made during the first build is seen
    builds = _run(args, specs_dir, games, "first build", out)
    print(f"pnp watch: watching {', '.join(display(r) for r in folders)} (Ctrl-C to stop)", file=out, flush=True)
    for changes in saves:
        if args.max_builds and builds >= args.max_builds:
            break
        if not changes:  # the watcher's answer when nothing was saved
            continue
        touched = sorted({Path(p) for _, p in changes})
        hit = affected(touched, games, specs_dir)
        if not hit:
            continue
        names = ", ".join(p.name for p in touched[:3]) + (" …" if len(touched) > 3 else "")
        builds += _run(args, specs_dir, hit, f"{names} saved", out)
        if args.max_builds and builds >= args.max_builds:
            break
    return builds


def _run(args, specs_dir: Path, games: list[str], why: str, out) -> int:
    """One `pnp build` of these games; a failure is reported and the watch goes on."""
    from .build import cmd_build
    from .common import UsageError

    print(f"--- {time.strftime('%H:%M:%S')} {why}: building {', '.join(games)}", file=out, flush=True)
    t0 = time.perf_counter()
    args.games = games
    try:
        code = cmd_build(args, specs_dir)
    except UsageError as exc:
        print(f"pnp watch: error: {exc}", file=sys.stderr)
        code = 2
    except Exception as exc:  # a bug in one build must not end the watch; the last good PDF stays
        print(f"pnp watch: the build failed ({type(exc).__name__}: {exc}); the previous output is kept",
              file=sys.stderr)
        code = 2
    sys.stdout.flush()
    state = "done" if code == 0 else "not everything was built, see above"
    print(f"--- {state} in {time.perf_counter() - t0:.2f} s; watching", file=out, flush=True)
    return 1
