"""The preview page's web app (Starlette, Jinja2 templates, server-sent events).

Routes — every one a GET, every path parameter checked against what the server made (a game it
serves, a card of that game, a picture key its latest build drew, a page of the latest PDF);
anything else is a 404, never a file read:

    /                               the games served
    /game/{game}                    every card (by kind, with count and id), the diagnostics
    /game/{game}/state.json         the same as data: what the page's script swaps in place
    /game/{game}/card/{card}        one card large: its entry as written, where it prints
    /game/{game}/sheets             every page as printed, fronts beside backs, marks on request
    /game/{game}/deal               `pnp setup` for a player count (and variant), as pictures
    /picture/{game}/{key}.png       a face or back, by the content hash of its drawing
    /sheet/{game}/{pdf}/{page}.png  a page of the print, by the hash of the PDF
    /events                         server-sent events: {"game", "version", "printed"} after a save is
                                    drawn (printed false) and again once its sheets are laid out

Templates escape everything they show (autoescape), so a card titled `<img onerror=…>` reads
as those characters; the page's script puts text in with textContent only. Only a request whose
Host names this server is answered (`_OwnHost`): a page of another site that points its own name
at 127.0.0.1 (DNS rebinding) gets a 421, never the designer's unpublished game.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import random
import re
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from . import pictures

KEY = re.compile(r"^[0-9a-f]{8,64}$")
NO_STORE = {"Cache-Control": "no-store"}
FOREVER = {"Cache-Control": "public, max-age=31536000, immutable"}  # a picture's address is its content
SECURITY = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; "
                                       "script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; "
                                       "form-action 'self'; frame-ancestors 'none'"}

_env = Environment(loader=PackageLoader("pnp.preview", "templates"), autoescape=select_autoescape(default=True),
                   trim_blocks=True, lstrip_blocks=True)


def picture_src(game: str, key: str | None) -> str:
    return f"/picture/{game}/{key}.png" if key else ""


_env.globals["src"] = picture_src
# The deal's own keys, as the page heads them (a game's own keys, such as GEM's coins, as they are).
_env.globals["labels"] = {"table": "Face up", "given": "Given to each player", "removed": "Set aside, out of the game",
                          "box": "Not placed by the setup", "supply": "On the table, for everyone", "piles": "Piles", "hand": "Hand", "deck": "The rest of the deck"}


class Hub:
    """Who is listening for rebuilds: each event stream has a queue; `publish` (from the watcher's
    thread) puts an event on every one through the server's event loop."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    def publish(self, event: dict) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        for q in list(self.queues):
            loop.call_soon_threadsafe(q.put_nowait, event)


def make_app(preview, host: str = "127.0.0.1") -> Starlette:
    """`preview`: the served games (pnp/preview/server.py's Preview), each a GameView by id;
    `host`: the address it listens on (`--host`), whose name a request's Host may give."""
    hub = preview.hub

    def game_of(request: Request):
        g = preview.games.get(request.path_params["game"])
        if g is None:
            raise HTTPException(404, "no such game")
        return g

    def page(name: str, **values) -> HTMLResponse:
        html = _env.get_template(name).render(games=list(preview.games), **values)
        return HTMLResponse(html, headers={**NO_STORE, **SECURITY})

    async def index(request: Request):
        if len(preview.games) == 1:
            return RedirectResponse(f"/game/{next(iter(preview.games))}", status_code=302)
        return page("index.html", views=[g.view for g in preview.games.values()])

    async def game_page(request: Request):
        g = game_of(request)
        return page("game.html", view=g.view, game=g.game, by_kind=_by_kind(g.view), errors=_errors(g.view))

    async def state(request: Request):
        g = game_of(request)
        return JSONResponse(_state(g.view), headers={**NO_STORE, **SECURITY})

    async def card_page(request: Request):
        g = game_of(request)
        v = g.view
        c = v.card(request.path_params["card"])
        if c is None:
            raise HTTPException(404, "no such card")
        before, after = _neighbours(v, c.id)
        return page("card.html", view=v, game=g.game, card=c, entry=_entry(g, c), prints=_prints(v, c.id),
                    errors=_errors(v).get(c.id, []), texts=v.texts.get(c.id, []), before=before, after=after)

    async def sheets(request: Request):
        g = game_of(request)
        return page("sheets.html", view=g.view, game=g.game, pairs=_pairs(g.view.pages))

    async def deal(request: Request):
        g = game_of(request)
        v = g.view
        q = request.query_params
        players = _int(q.get("players"), v.players[0] if v.players else 2)
        seed = _int(q.get("seed"), random.randrange(1, 10**6))
        variant = q.get("variant") or None
        result, problem = preview.deal(g, players, seed, variant)
        return page("deal.html", view=v, game=g.game, players=players, seed=seed, variant=variant, result=result,
                    problem=problem, cards={c.id: c for c in v.cards}, new_seed=random.randrange(1, 10**6))

    def picture(request: Request):  # sync: rendering runs in the thread pool
        g = game_of(request)
        key = request.path_params["key"]
        found = g.picture(key) if KEY.match(key) else None
        if found is None:
            raise HTTPException(404, "no such picture")
        png = pictures.card_png(key, *found, along=g.after(key, pictures.BATCH - 1))
        return Response(png, media_type="image/png", headers={**FOREVER, **SECURITY})

    def sheet(request: Request):
        g = game_of(request)
        v = g.view
        if v.pdf is None or request.path_params["pdf"] != v.pdf_hash:
            raise HTTPException(404, "no such print")
        try:
            number = int(request.path_params["page"])
        except ValueError:
            raise HTTPException(404, "no such page") from None
        png = pictures.sheet_png(v.pdf, v.pdf_hash, number) if 1 <= number <= len(v.pages) else None
        if png is None:
            raise HTTPException(404, "no such page")
        return Response(png, media_type="image/png", headers={**FOREVER, **SECURITY})

    async def events(request: Request):
        from sse_starlette.sse import EventSourceResponse

        hub.loop = asyncio.get_running_loop()
        q: asyncio.Queue = asyncio.Queue()
        hub.queues.add(q)

        async def stream():
            try:
                yield {"event": "hello", "data": json.dumps({g: v.view.version for g, v in preview.games.items()})}
                while True:
                    event = await q.get()
                    yield {"event": "rebuilt", "data": json.dumps(event)}
            finally:
                hub.queues.discard(q)

        return EventSourceResponse(stream(), ping=15, headers=NO_STORE)

    async def not_found(request: Request, exc: HTTPException):
        return HTMLResponse(f"<!doctype html><title>{exc.status_code}</title><p>{_escape(str(exc.detail))}</p>",
                            status_code=exc.status_code, headers=SECURITY)

    routes = [
        Route("/", index),
        Route("/game/{game}", game_page),
        Route("/game/{game}/state.json", state),
        Route("/game/{game}/card/{card}", card_page),
        Route("/game/{game}/sheets", sheets),
        Route("/game/{game}/deal", deal),
        Route("/picture/{game}/{key}.png", picture),
        Route("/sheet/{game}/{pdf}/{page}.png", sheet),
        Route("/events", events),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
    ]
    from starlette.middleware import Middleware
    from starlette.middleware.gzip import GZipMiddleware

    # pages and state compressed where the browser accepts it (the event stream never: Starlette
    # leaves text/event-stream alone; PNG pictures gain nothing from it)
    gzip = Middleware(GZipMiddleware, minimum_size=1000, compresslevel=6)
    answering = Middleware(_Answering, idle=getattr(preview, "idle", None))
    own_host = Middleware(_OwnHost, names=own_names(host))
    app = Starlette(routes=routes, middleware=[own_host, answering, gzip],
                    exception_handlers={404: not_found, 405: not_found, HTTPException: not_found})
    return app


def own_names(host: str) -> frozenset[str]:
    """The Host names a request may give (lower case, without the port): localhost, and the name
    `--host` was given. An address written as numbers (127.0.0.1, [::1], a LAN address) is also
    accepted: only a name can be pointed at another machine's address by whoever owns it."""
    return frozenset({"localhost", host.strip("[]").lower()})


def host_allowed(header: bytes | None, names: frozenset[str]) -> bool:
    """Whether a request's Host header (its raw bytes) names this server."""
    if not header or len(header) > 300:
        return False
    try:
        text = header.decode("ascii").strip().lower()
    except UnicodeDecodeError:
        return False
    if text.startswith("["):  # [::1]:8080
        name, _, rest = text[1:].partition("]")
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return False
    else:
        name, _, port = text.partition(":")
        if port and not port.isdigit():
            return False
    if name.endswith("."):
        name = name[:-1]  # "localhost." is localhost
    if name in names:
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


class _OwnHost:
    """Answers 421 Misdirected Request, with a line saying why, to a request whose Host is not
    this server's (module docstring); the event stream included."""

    def __init__(self, app, names: frozenset[str]):
        self.app, self.names = app, names

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        hosts = [v for k, v in scope.get("headers", ()) if k == b"host"]
        if len(hosts) == 1 and host_allowed(hosts[0], self.names):
            return await self.app(scope, receive, send)
        body = (b"pnp serve answers only requests addressed to it (Host: localhost or the address it "
                b"listens on)\n")
        await send({"type": "http.response.start", "status": 421,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()), (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})


class _Answering:
    """Keeps `idle` (a threading.Event) set exactly while no request is being answered — the event
    streams aside, which stay open —: the print of a save waits on it between sheets, so that the
    page's requests for the save's state and pictures are answered first."""

    def __init__(self, app, idle):
        self.app, self.idle, self.busy = app, idle, 0

    async def __call__(self, scope, receive, send):
        if self.idle is None or scope["type"] != "http" or scope["path"] == "/events":
            return await self.app(scope, receive, send)
        self.busy += 1  # only ever changed on the event loop's thread
        self.idle.clear()
        try:
            await self.app(scope, receive, send)
        finally:
            self.busy -= 1
            if not self.busy:
                self.idle.set()


def _escape(text: str) -> str:
    from markupsafe import escape

    return str(escape(text))


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None and len(text) < 10 else default
    except ValueError:
        return default


def _by_kind(view) -> list[tuple[str, list]]:
    return [(k, [c for c in view.cards if c.kind == k]) for k in view.kinds]


def _errors(view) -> dict[str, list]:
    out: dict[str, list] = {}
    for d in view.diagnostics:
        if d.card:
            out.setdefault(d.card, []).append(d)
    return out


def _state(view) -> dict:
    errors = _errors(view)
    return {"game": view.game, "version": view.version, "stale": view.stale, "ok": view.ok, "printed": view.printed,
            "cards": [{"id": c.id, "kind": c.kind, "count": c.count, "name": c.name, "search": c.search,
                       "front": picture_src(view.game, c.front), "back": picture_src(view.game, c.back),
                       "errors": [d.text for d in errors.get(c.id, [])], "texts": view.texts.get(c.id, [])}
                      for c in view.cards],
            "diagnostics": [{"text": d.text, "severity": d.severity, "code": d.code, "card": d.card}
                            for d in view.diagnostics]}


def _entry(g, card) -> list[tuple[int, str]]:
    """The card's entry as written: its lines of the spec (or its table's row), numbered."""
    path = _source(g, card.file)
    if path is None:
        return []
    from ..load.tables import MAX_TABLE_BYTES
    from ..writers.jsonfile import NotReadable, read_regular

    try:  # a regular file only, opened without waiting: a pipe swapped in since the build hangs nothing
        lines = read_regular(path, MAX_TABLE_BYTES).decode("utf-8", errors="replace").splitlines()
    except (OSError, NotReadable):
        return []
    last = min(card.last_line, card.line + 40)
    return [(n, lines[n - 1]) for n in range(card.line, last + 1) if 0 < n <= len(lines)]


def _source(g, shown: str) -> Path | None:
    """The file a diagnostic-style name (`card_specs/gem.yaml`, `card_specs/ships.csv`) stands for:
    only the game's own spec and the tables its spec names, which the build read."""
    spec = g.loaded.spec if g.loaded is not None else None
    if spec is None or spec.base is None:
        return None
    name = Path(shown).name
    candidates = [Path(spec.base) / f"{g.game}.yaml"] + [Path(p) for p in getattr(spec, "tables", {}) or {}]
    for p in candidates:
        if p.name == name:
            return p
    return None


def _prints(view, card_id: str) -> list[tuple[int, str]]:
    """Where the card prints, as `pnp where` says it: (page, "page 3 (front)…") of every page with a copy."""
    out = []
    for p in view.pages:
        copies = sorted({x.get("copy", 1) for x in p.get("pieces", []) if x.get("id") == card_id})
        if copies:
            what = f"page {p['page']} ({p['side']})"
            out.append((p["page"], what + (f": copies {', '.join(map(str, copies))}"
                                           if len(copies) > 1 or copies != [1] else "")))
    return out


def _neighbours(view, card_id: str) -> tuple:
    """The cards before and after this one on the game's page, for a card page's previous/next."""
    ids = [c.id for k in view.kinds for c in view.cards if c.kind == k]
    at = ids.index(card_id) if card_id in ids else -1
    return (ids[at - 1] if at > 0 else None), (ids[at + 1] if 0 <= at < len(ids) - 1 else None)


def _pairs(pages: list[dict]) -> list[tuple[dict | None, dict | None]]:
    """The printed pages as (front, back) pairs: a back page beside the front it is printed behind."""
    out, i = [], 0
    while i < len(pages):
        p = pages[i]
        nxt = pages[i + 1] if i + 1 < len(pages) else None
        if p["side"] == "front" and nxt is not None and nxt["side"] == "back":
            out.append((p, nxt))
            i += 2
        else:
            out.append((p, None) if p["side"] == "front" else (None, p))
            i += 1
    return out
