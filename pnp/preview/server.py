"""`pnp serve`'s process: the games built and kept warm, the watcher, the web server.

Answers at once — a game not built yet shows a page saying it is being built, which fills in as
the game is drawn. Three threads beside the web server: the watcher notes which game each save
touches, with the watch machinery `pnp watch` uses (watchfiles; the same folders and the same
rule for which game a saved file belongs to; many quick saves are one change), from the start,
so a save during the first builds is not lost; the drawer draws every game once, then each game
a save touches (pnp/preview/state.py: only the changed pictures are drawn again) and tells every
open page (server-sent events), which fetches the new state and swaps the pictures that changed;
the printer lays out the sheets and writes the PDF of each drawn game after it, off the path that
updates the page, and tells the pages again — a save arriving meanwhile stops that print, and
the next print is of the newer save. The server (uvicorn) listens on 127.0.0.1 unless told
otherwise, on the port asked (0: any free one), and prints `serving http://HOST:PORT/` as its
first line once it listens. Its connections are bounded (pnp/preview/guard.py): at most
MAX_CONNECTIONS open (fewer when the process may open few files), a request's head due within
HEAD_S; PNP_SERVE_MAX_CONNECTIONS and PNP_SERVE_HEAD_S set them otherwise (for tests).
"""
from __future__ import annotations

import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

from .app import Hub, make_app
from .guard import guarded, quiet_logs
from .state import GameView, Superseded

DEBOUNCE_MS = 40  # saves closer together than this are one change
WATCH_STEP_MS = 100  # the watcher's answer when nothing is saved: the first says it is watching
WATCH_READY_S = 2.0  # the longest the first builds wait for the watcher
PRERENDER = 16  # changed pictures rendered after a save, before the page is told
MAX_CONNECTIONS = 100  # open at once: a few pages' pictures and event streams, with room to spare
HEAD_S = 10.0  # a connection's request head is due within this long of its start (or its last answer)
KEEP_ALIVE_S = 5  # an idle keep-alive connection is closed after this long
BACKLOG = 64  # connections the system holds until they are accepted, and accepted at one go
FILES_KEPT = 64  # files the process keeps for itself (specs, pictures, the PDF, the watcher)
MAX_HEAD = 16 * 1024  # bytes of a request's head; more is a 400


class Preview:
    def __init__(self, games: list[str], specs: Path, layouts: Path | None, opts, out: Path, log=sys.stderr):
        self.specs, self.layouts, self.opts, self.log = specs, layouts, opts, log
        self.games = {g: GameView(g, specs, layouts, opts, out / g) for g in games}
        self.hub = Hub()
        self.stop = threading.Event()
        self.to_print = threading.Event()  # a game was drawn and waits for its print
        self.wake = threading.Event()  # a game was touched and waits to be drawn
        self.watching = threading.Event()  # the watcher sees saves from now on
        self.touched: set[str] = set()
        self.touched_lock = threading.Lock()
        self.idle = threading.Event()  # no page request is being answered (the event streams aside)
        self.idle.set()
        self.started: dict[str, float] = {}  # game -> when the save being printed was taken up

    def build_and_watch(self) -> None:
        """Watch the games' files from the start (a save made while the first builds run is not
        lost), draw every game once, one after the other (each page told as its game is drawn),
        then every game a save touches, until `stop`; the prints are made by a thread of their own
        (`print_loop`)."""
        threads = [threading.Thread(target=self.print_loop, name="pnp-serve-print", daemon=True),
                   threading.Thread(target=self.watch, name="pnp-serve-watch", daemon=True)]
        for t in threads:
            t.start()
        self.watching.wait(WATCH_READY_S)  # every save after this moment is seen
        self.touch(list(self.games))
        while not self.stop.is_set():
            self.wake.wait()
            self.wake.clear()
            with self.touched_lock:
                games, self.touched = [g for g in self.games if g in self.touched], set()
            for game in games:
                if self.stop.is_set():
                    break
                self._rebuild(self.games[game])
        for t in threads:
            t.join(2)

    def touch(self, games) -> None:
        """Games to draw again (a save, or the first build)."""
        with self.touched_lock:
            self.touched.update(games)
        self.wake.set()

    def shutdown(self) -> None:
        self.stop.set()
        self.wake.set()
        self.to_print.set()

    def _rebuild(self, g: GameView) -> None:
        """Draw `g` again and tell its pages; its print follows in the print thread."""
        t0 = time.perf_counter()
        self.started.setdefault(g.game, t0)
        try:
            view = g.draw()
        except Exception as exc:  # a bug in one build must not end the server; the last pictures stay
            print(f"pnp serve: {g.game}: the build failed ({type(exc).__name__}: {exc}); the last pictures stay",
                  file=self.log, flush=True)
            return
        self._prerender(g)
        errors = sum(1 for d in view.diagnostics if d.severity == "error")
        state = "cannot be read, the last good pictures stay" if view.stale else \
            f"{len(view.cards)} cards" + (f", {errors} error{'s' if errors != 1 else ''}" if errors else "")
        print(f"pnp serve: {g.game} drawn in {time.perf_counter() - t0:.2f} s: {state}", file=self.log, flush=True)
        self.hub.publish({"game": g.game, "version": view.version, "printed": False})
        if not g.unprinted:  # nothing new to print (a save that cannot be read)
            self.started.pop(g.game, None)
            print(f"pnp serve: {g.game} built in {time.perf_counter() - t0:.2f} s: {state}", file=self.log, flush=True)
        self.to_print.set()

    def print_loop(self) -> None:
        """Print every drawn game, until `stop`: a print a newer save interrupts is made again
        after that save is drawn."""
        while not self.stop.is_set():
            self.to_print.wait()
            self.to_print.clear()
            for g in self.games.values():
                if self.stop.is_set():
                    return
                if g.unprinted:
                    self._print(g)

    def _print(self, g: GameView) -> None:
        try:
            printed = g.print(self.idle)
        except Superseded:
            return  # the draw that stopped it sets `to_print` again
        except Exception as exc:
            print(f"pnp serve: {g.game}: the print failed ({type(exc).__name__}: {exc}); the last sheets stay",
                  file=self.log, flush=True)
            return
        if not printed:
            return
        view = g.view
        t0 = self.started.pop(g.game, None)
        took = f" in {time.perf_counter() - t0:.2f} s" if t0 is not None else ""
        print(f"pnp serve: {g.game} built{took}: {len(view.cards)} cards, {len(view.pages)} pages",
              file=self.log, flush=True)
        self.hub.publish({"game": g.game, "version": view.version, "printed": True})

    def _prerender(self, g: GameView) -> None:
        """Render the pictures a save changed before the page is told, so that the page's requests
        for them are answered at once (a few: a save that changes many — a layout's — leaves the
        rest to be rendered as the page asks for them, those in its window first)."""
        from . import pictures

        keys = pictures.missing(g.changed[:PRERENDER])
        if keys:
            pictures.cards_png({k: g.drawings[k] for k in keys})

    def watch(self) -> None:
        """Note the games every save touches until `stop` is set (run in a thread of its own)."""
        from watchfiles import DefaultFilter, watch

        from ..incremental.watched import WATCHED, affected, roots

        folders = roots(self.layouts, self.specs, list(self.games))
        keep = DefaultFilter()
        only_ours = lambda change, path: path.endswith(WATCHED) and keep(change, path)  # noqa: E731
        for changes in watch(*folders, watch_filter=only_ours, stop_event=self.stop, debounce=DEBOUNCE_MS, step=10,
                             rust_timeout=WATCH_STEP_MS, yield_on_timeout=True):
            if not self.watching.is_set():  # the first answer of the watcher: it is watching now
                self.watching.set()
                print("pnp serve: watching for saves", file=self.log, flush=True)
            if self.stop.is_set():
                break
            if changes:
                self.touch(affected(sorted({Path(p) for _, p in changes}), list(self.games), self.specs))

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
        sock.listen(BACKLOG)
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        print(f"serving http://{shown}:{bound}/", file=out, flush=True)
        drawer = threading.Thread(target=preview.build_and_watch, name="pnp-serve-draw", daemon=True)
        drawer.start()  # the pages answer from the first second; each game fills in as it is built
        cap, head_s = _limits()
        config = uvicorn.Config(make_app(preview, host), log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=1, http=guarded(cap, head_s, log), backlog=BACKLOG,
                                timeout_keep_alive=KEEP_ALIVE_S, h11_max_incomplete_event_size=MAX_HEAD)
        quiet_logs()
        server = uvicorn.Server(config)
        if ready is not None:
            ready.set()
        try:
            server.run(sockets=[sock])
        except KeyboardInterrupt:
            pass
        finally:
            preview.shutdown()
            drawer.join(2)
            sock.close()
        print("pnp serve: stopped", file=log, flush=True)
    return 0


def _limits() -> tuple[int, float]:
    """(connections open at most, seconds a request's head is due in): MAX_CONNECTIONS, fewer
    when the process may open few files — every connection is one, and a burst of BACKLOG more
    is accepted before any is closed —; HEAD_S. The environment may set either (tests)."""
    cap, head_s = MAX_CONNECTIONS, HEAD_S
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft != resource.RLIM_INFINITY:
            cap = max(4, min(cap, soft - FILES_KEPT - BACKLOG))
    except (ImportError, OSError, ValueError):
        pass
    try:
        cap = int(os.environ.get("PNP_SERVE_MAX_CONNECTIONS", cap))
        head_s = float(os.environ.get("PNP_SERVE_HEAD_S", head_s))
    except ValueError:
        pass
    return max(1, cap), max(0.1, head_s)
