"""`pnp serve`'s process: the games built and kept warm, the watcher, the web server.

Answers at once — a game not built yet shows a page saying it is being built, which fills in as
the game finishes — while a thread builds every game asked once (pnp/preview/state.py), then watches their files with the watch
machinery `pnp watch` uses (watchfiles; the same folders and the same rule for which game a saved
file belongs to) and rebuilds a game when one of its files is saved — many quick saves are one
rebuild: changes are collected for a moment, and saves during a rebuild wait for the next —, then
tells every open page (server-sent events), which fetches the new state and swaps the pictures
that changed. The server (uvicorn) listens on 127.0.0.1 unless told otherwise, on the port asked
(0: any free one), and prints `serving http://HOST:PORT/` as its first line once it listens.
"""
from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace

from .app import Hub, make_app
from .state import GameView

DEBOUNCE_MS = 40  # saves closer together than this are one change
PRERENDER = 64  # pictures rendered at once after a rebuild, before the page asks for them


class Preview:
    def __init__(self, games: list[str], specs: Path, layouts: Path | None, opts, out: Path, log=sys.stderr):
        self.specs, self.layouts, self.opts, self.log = specs, layouts, opts, log
        self.games = {g: GameView(g, specs, layouts, opts, out / g) for g in games}
        self.hub = Hub()
        self.stop = threading.Event()
        self.builds = 0

    def build_all(self) -> None:
        for g in self.games.values():
            if self.stop.is_set():
                return
            self._rebuild(g)

    def build_and_watch(self) -> None:
        """The first builds, one game after the other (each page told as its game is ready), then
        the watch."""
        self.build_all()
        if not self.stop.is_set():
            self.watch()

    def _rebuild(self, g: GameView) -> None:
        t0 = time.perf_counter()
        try:
            view = g.rebuild()
        except Exception as exc:  # a bug in one build must not end the server; the last pictures stay
            print(f"pnp serve: {g.game}: the build failed ({type(exc).__name__}: {exc}); the last pictures stay",
                  file=self.log, flush=True)
            return
        self.builds += 1
        self._prerender(g)
        errors = sum(1 for d in view.diagnostics if d.severity == "error")
        state = "cannot be read, the last good pictures stay" if view.stale else \
            f"{len(view.cards)} cards" + (f", {errors} error{'s' if errors != 1 else ''}" if errors else "")
        print(f"pnp serve: {g.game} built in {time.perf_counter() - t0:.2f} s: {state}", file=self.log, flush=True)
        self.hub.publish({"game": g.game, "version": view.version})

    def _prerender(self, g: GameView) -> None:
        """Render the pictures that changed before the page asks, a few at a time."""
        from . import pictures

        todo = g.drawings
        keys = pictures.missing(todo)
        for i in range(0, min(len(keys), PRERENDER), 16):
            pictures.cards_png({k: todo[k] for k in keys[i:i + 16]})

    def watch(self) -> None:
        """Rebuild on every save until `stop` is set (run in a thread of its own)."""
        from watchfiles import DefaultFilter, watch

        from ..commands.watch import WATCHED, _affected, _roots

        roots = _roots(SimpleNamespace(layouts=self.layouts), self.specs, list(self.games))
        keep = DefaultFilter()
        only_ours = lambda change, path: path.endswith(WATCHED) and keep(change, path)  # noqa: E731
        for changes in watch(*roots, watch_filter=only_ours, stop_event=self.stop, debounce=DEBOUNCE_MS, step=10,
                             rust_timeout=500, yield_on_timeout=False):
            if self.stop.is_set():
                break
            touched = sorted({Path(p) for _, p in changes})
            for game in _affected(touched, list(self.games), self.specs):
                self._rebuild(self.games[game])

    def deal(self, g: GameView, players: int, seed: int, variant: str | None):
        """`pnp setup`'s deal on the last good spec: (SetupResult, None) or (None, why not)."""
        from ..games.base import SetupError

        loaded = g.loaded
        if g.view.version == 0:
            return None, f"{g.game} is being built; this page fills in when it is ready"
        if loaded is None or loaded.game.setup is None:
            return None, "this game has no setup"
        if g.view.stale or any(d.severity == "error" for d in g.view.diagnostics):
            return None, "the spec has errors (see the diagnostics): fix them to deal"
        try:
            return loaded.game.setup(loaded.spec, players, seed, variant, self.opts.lang), None
        except SetupError as exc:
            return None, str(exc)


def serve(games: list[str], specs: Path, layouts: Path | None, opts, host: str, port: int,
          out=sys.stdout, log=sys.stderr, ready: threading.Event | None = None) -> int:
    import uvicorn

    with tempfile.TemporaryDirectory(prefix="pnp-serve-") as tmp:
        preview = Preview(games, specs, layouts, opts, Path(tmp), log)
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            sock.close()
            print(f"pnp serve: error: cannot listen on {host}:{port}: {exc.strerror or exc}", file=log)
            return 2
        sock.listen(128)
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        print(f"serving http://{shown}:{bound}/", file=out, flush=True)
        watcher = threading.Thread(target=preview.build_and_watch, name="pnp-serve-watch", daemon=True)
        watcher.start()  # the pages answer from the first second; each game fills in as it is built
        config = uvicorn.Config(make_app(preview), log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=1)
        server = uvicorn.Server(config)
        if ready is not None:
            ready.set()
        try:
            server.run(sockets=[sock])
        except KeyboardInterrupt:
            pass
        finally:
            preview.stop.set()
            watcher.join(2)
            sock.close()
        print("pnp serve: stopped", file=log, flush=True)
    return 0
