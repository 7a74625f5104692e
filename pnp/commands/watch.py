"""`pnp watch [GAME ...] [build options]`: build, then build again whenever a spec, layout or image
is saved.

Takes the build's own options; watches the specs folder and the layouts folder in use with
watchfiles (the operating system's change notifications, not a polling loop of ours) and runs
`pnp build` for the games a change touches: `<game>.yaml` in either folder is that game,
`sheets.yaml` every game, a table (CSV, XLSX, ODS) or an image every game whose spec — or a CSV
table its spec names — names it. The process stays warm: a
render cache (pnp/incremental/render_cache.py) keeps every face and back by content hash, so a one-card
edit draws that card again and nothing else. A spec that breaks is reported like any build's,
and the last good PDF stays. Ctrl-C stops it (exit 0).
"""
from __future__ import annotations

import argparse
import re
import sys
import threading
import time
from pathlib import Path

from ..load.paths import display, layout_file, within

WATCHED = (".yaml", ".yml", ".png", ".jpg", ".jpeg", ".svg", ".webp", ".csv", ".xlsx", ".xlsm", ".ods")


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
    from watchfiles import DefaultFilter, watch

    from .common import games_asked as _games

    from .printer import resolve

    out = out or sys.stdout
    resolve(args, "pnp watch")  # once, before watching: an unknown --printer stops the watch
    games = _games(args.games, specs_dir)
    from ..incremental.render_cache import RenderCache  # drawing code: loaded only when watching

    args.render_cache = RenderCache()
    roots = _roots(args, specs_dir, games)
    builds = _run(args, specs_dir, games, "first build", out)
    print(f"pnp watch: watching {', '.join(display(r) for r in roots)} (Ctrl-C to stop)", file=out, flush=True)
    keep = DefaultFilter()
    only_ours = lambda change, path: path.endswith(WATCHED) and keep(change, path)  # noqa: E731
    for changes in watch(*roots, watch_filter=only_ours, stop_event=stop_event, debounce=400, step=30,
                         raise_interrupt=True):
        if args.max_builds and builds >= args.max_builds:
            break
        touched = sorted({Path(p) for _, p in changes})
        affected = _affected(touched, games, specs_dir)
        if not affected:
            continue
        names = ", ".join(p.name for p in touched[:3]) + (" …" if len(touched) > 3 else "")
        builds += _run(args, specs_dir, affected, f"{names} saved", out)
        if args.max_builds and builds >= args.max_builds:
            break
    return builds


def _roots(args, specs_dir: Path, games: list[str]) -> list[Path]:
    """The specs folder, and every folder a watched game's layout or the paper presets come from."""
    folders = [Path(specs_dir).resolve()]
    for name in [f"{g}.yaml" for g in games] + ["sheets.yaml"]:
        folder = layout_file(name, specs_dir, args.layouts).resolve().parent
        if folder.is_dir() and folder not in folders:
            folders.append(folder)
    return folders


def _affected(paths: list[Path], games: list[str], specs_dir: Path) -> list[str]:
    hit: set[str] = set()
    for path in paths:
        if path.suffix in (".yaml", ".yml"):
            hit.update(games if path.stem == "sheets" else [g for g in games if g == path.stem])
        else:  # a table or an image: the games whose spec names it (or cannot be read: its build says why)
            hit.update(g for g in games if path.name in _names(Path(specs_dir), g, path.name))
    return [g for g in games if g in hit]


def _names(specs_dir: Path, game: str, otherwise: str) -> str:
    """The text a game's files name their tables and pictures in: its spec, and the CSV tables
    it names (a picture may be named in a cell). A workbook cannot be searched so: a game with
    one is named `otherwise` too (rebuilt on every picture saved)."""
    spec = _text(specs_dir / f"{game}.yaml", otherwise)
    texts = [spec]
    for name in set(re.findall(r"[\w./ -]+\.(?:csv|xlsx|xlsm|ods)\b", spec)):
        name = name.strip()
        full, why = within(name, Path(specs_dir).resolve())
        if why:  # outside the specs folder, or missing: its build says so
            continue
        if name.endswith(".csv"):
            texts.append(_text(full, otherwise))
        else:
            texts.append(otherwise)
    return "\n".join(texts)


def _text(path: Path, otherwise: str) -> str:
    """The spec's text, read with the checks a build reads it with (a regular file only, at most
    yamlload.MAX_BYTES): a spec replaced by a pipe or linked to /dev/zero must not block or fill
    the watch. `otherwise` when it cannot be read so."""
    from ..load.yamlload import MAX_BYTES
    from ..writers.jsonfile import NotReadable, read_regular

    try:
        return read_regular(path, MAX_BYTES).decode("utf-8", errors="replace")
    except FileNotFoundError:
        return ""
    except NotReadable:
        return otherwise


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
