"""What the preview page shows of a game: built the way `pnp build` builds it, kept warm.

Takes a game id, the specs and layouts folders and build options; each `rebuild` reads the game
(`load_for_build`), draws its faces and backs through a warm render cache (a one-card edit draws
one card), writes the print — PDF and sheet map — into the server's own folder, and keeps the
result as an immutable `View`: every card's front and back picture (named by the content hash
of its drawing, so a picture's address changes exactly when the picture does), the diagnostics,
each tied to the card it is about, the text report at the card, the sheet map's pages. A save
that breaks a rule is shown as saved, with its violations; a save that cannot be read keeps the
last good pictures beside its located errors (`View.stale`).
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from ..records import field, record
from ..diagnostics import Diagnostic, InputError, Loc, Report
from ..options import BuildOptions


@record(frozen=True)
class Card:
    id: str
    kind: str
    count: int
    name: str  # as setups and scores call it, in the build's language
    front: str  # the picture's key (a content hash)
    back: str | None
    size_mm: tuple[float, float]  # the trim size of its template
    fields: dict[str, Any]
    file: str  # where its entry is written: the spec or a table
    line: int
    last_line: int

    @property
    def search(self) -> str:
        """What the page's search looks in: the id, the name and every field's value (both languages)."""
        def flat(v):
            if isinstance(v, dict):
                return " ".join(flat(x) for x in v.values())
            if isinstance(v, list):
                return " ".join(flat(x) for x in v)
            return "" if v is None else str(v)

        return " ".join([self.id, self.name, flat(self.fields)]).lower()


@record(frozen=True)
class Shown:
    """A diagnostic as the page shows it: the command line's words, and the card it is about."""

    text: str
    severity: str
    code: str
    card: str | None


@record
class View:
    game: str
    title: str
    version: int = 0
    cards: list[Card] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    diagnostics: list[Shown] = field(default_factory=list)
    texts: dict[str, list[str]] = field(default_factory=dict)  # card id -> what its text did
    pages: list[dict] = field(default_factory=list)  # the sheet map's pages
    pdf: Path | None = None  # the print, as built
    pdf_hash: str = ""
    stale: bool = False  # the latest save could not be read: these are the last good pictures
    printed: bool = False  # `pages` and `pdf` are of these cards (else of an earlier save, or none yet)
    players: tuple[int, ...] = ()
    variants: tuple[str, ...] = ()
    bleed: float = 0.0
    paper_mm: tuple[float, float] = (210.0, 297.0)

    def card(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)


IN_ORDER = 4  # a picture at most this many places after the last one asked: the page reads in order
PAGE_FIRST_S = 2.0  # the longest a print waits at a sheet for the page's requests to be answered


class Superseded(Exception):
    """A newer save is waiting to be drawn: this print is dropped, and made again after it."""


class _Until:
    """A build's progress (pnp/commands/progress.py's calls), between two sheets: stops the build
    once `wanted` is set (a newer save waits to be drawn), and waits while `idle` is clear (the
    page's requests come first: they are the path that shows a save)."""

    def __init__(self, wanted: threading.Event, idle: threading.Event | None):
        self.wanted, self.idle = wanted, idle

    def cards(self, done: int, total: int) -> None:
        self._check()

    def sheet(self, total: int) -> None:
        self._check()

    def _check(self) -> None:
        if self.idle is not None:
            self.idle.wait(PAGE_FIRST_S)
        if self.wanted.is_set():
            raise Superseded


class GameView:
    """One game of the preview: its latest View and the drawings its pictures are made from.

    A save is shown in two steps: `draw` reads the game and draws what changed — the page can show
    the new pictures then —, and `print` lays out the sheets and writes the PDF afterwards, off the
    path that updates the page; a `draw` asked while a print runs stops that print at its next sheet
    (`Superseded`), and the next print is of the newer save."""

    def __init__(self, game: str, specs: Path, layouts: Path | None, opts: BuildOptions, out: Path):
        from ..incremental.render_cache import RenderCache

        self.game, self.specs, self.layouts, self.opts, self.out = game, specs, layouts, opts, out
        self.spec_path = Path(specs) / f"{game}.yaml"
        self.own = _own_files(game, specs, layouts)
        self.cache = RenderCache()
        self.view = View(game, game)
        self.drawings: dict[str, Any] = {}  # picture key -> (drawing, box in mm)
        self._keys: list[str] = []  # the picture keys, in the page's order
        self._order: dict[str, int] = {}  # picture key -> its place among `drawings`
        self._asked: int | None = -1  # the place of the picture asked for last
        self.changed: list[str] = []  # the picture keys the latest draw made new (none on the first)
        self.loaded = None  # the last good load, for deals
        self.lock = threading.Lock()
        self.wanted = threading.Event()  # a draw is waiting for the lock: a print in progress gives way
        self._unprinted = None  # (loaded, art) of the latest good draw, until it is printed

    def draw(self) -> View:
        """Read the game and draw its pictures again; the new View (also kept as `self.view`),
        whose sheets are still the last print's (`printed` False) until `print` runs."""
        self.wanted.set()
        with self.lock:
            self.wanted.clear()
            view = self._draw()
            view.version = self.view.version + 1
            self.view = view
            return view

    @property
    def unprinted(self) -> bool:
        return self._unprinted is not None

    def print(self, idle: threading.Event | None = None) -> bool:
        """Lay out and write the print of the latest good draw; False when there was none to
        make. Raises Superseded when a draw asks for the game meanwhile; waits between sheets while
        `idle` is clear (the web server is answering a page)."""
        from ..records import replace

        from ..build import build
        from ..incremental.fingerprint import file_hash

        with self.lock:
            if self._unprinted is None:
                return False
            if self.wanted.is_set():
                raise Superseded
            loaded, art = self._unprinted
            built = build(loaded, self.opts, self.out, Report(), cache=self.cache, progress=_Until(self.wanted, idle),
                          art=art)
            sheet_map = json.loads(built.sheet_map.read_text(encoding="utf-8"))
            paper = sheet_map["paper"]
            self.view = replace(self.view, pages=sheet_map["pages"], pdf=built.pdf, pdf_hash=file_hash(built.pdf),
                                paper_mm=(paper["width_mm"], paper["height_mm"]), printed=True)
            self._unprinted = None
            return True

    def _draw(self) -> View:
        from ..incremental.fingerprint import keys_for
        from ..games import UnknownGame
        from ..games.project import load_for_build
        from ..options import edition_of
        from ..writers.faces import TextReport

        gone = self._gone()
        if gone is not None:
            return self._unreadable(gone, None)
        try:
            loaded = load_for_build(self.game, self.specs, self.layouts)
        except UnknownGame as exc:  # a declared game whose spec went away (or is no file now)
            return self._unreadable(_problem(self.spec_path) or _at(self.spec_path, str(exc)), None)
        report = loaded.report
        old = self.view
        _check_edition(loaded.layout, self.opts.edition, report)
        if report.input_errors or loaded.spec is None or loaded.layout is None:
            return self._unreadable(report, loaded.spec)
        texts = TextReport()
        drawn = Report()
        art = self.cache.render(loaded, self.opts, drawn, texts)
        report.extend(drawn)
        keys = keys_for(loaded, self.opts)
        spec, game = loaded.spec, loaded.game
        edition = edition_of(loaded, self.opts)
        cards, drawings = [], {}
        for c in spec.components:
            t = edition.template_for(c.kind)
            box = (0.0, 0.0, t.width, t.height)
            front = keys.face(c)
            drawings[front] = (art.faces[c.id], box)
            back = None
            if c.back is not None and c.id in art.back_of:
                back = keys.back(c)
                drawings[back] = (art.backs[art.back_of[c.id]], box)
            lines = [loc.line for loc in c.locs.values() if loc.file == c.loc.file] if c.locs else []
            cards.append(Card(c.id, c.kind, c.count, game.name_of(c, spec, self.opts.lang), front, back,
                              (t.width, t.height), _fields(c), c.loc.file, c.loc.line, max([c.loc.line, *lines])))
        self.changed = [k for k in drawings if k not in self.drawings] if self.drawings else []
        self._keys = list(drawings)
        self.drawings, self._order = drawings, {k: i for i, k in enumerate(self._keys)}
        self.loaded = loaded
        self._unprinted = (loaded, art)
        return View(self.game, spec.name.get(self.opts.lang) or spec.name.get("en") or game.title, cards=cards,
                    kinds=list(dict.fromkeys(c.kind for c in cards)), diagnostics=_shown(report, spec),
                    texts=_texts(texts), pages=old.pages, pdf=old.pdf, pdf_hash=old.pdf_hash,
                    players=tuple(game.players), variants=tuple(game.variants), bleed=self.opts.bleed,
                    paper_mm=old.paper_mm)

    def _gone(self) -> Report | None:
        """FILE-MISSING at the designer's spec or layout, served at start-up, when it is no more: a
        build would read pnp's own copy instead, and the page would show that in silence."""
        for path in self.own:
            if not os.path.lexists(path):
                return _problem(path) or _at(path, "no such file", "FILE-MISSING")
        return None

    def _unreadable(self, report: Report, spec) -> View:
        """The save could not be read: its located errors, beside the last good pictures."""
        old = self.view
        return View(self.game, old.title, cards=old.cards, kinds=old.kinds, texts=old.texts, pages=old.pages,
                    pdf=old.pdf, pdf_hash=old.pdf_hash, stale=bool(old.cards), players=old.players,
                    variants=old.variants, bleed=old.bleed, paper_mm=old.paper_mm,
                    printed=old.printed and self._unprinted is None, diagnostics=_shown(report, spec))

    def picture(self, key: str):
        """The drawing and box a picture key names, or None (a key this game never made)."""
        return self.drawings.get(key)

    def after(self, key: str, n: int) -> dict:
        """Up to `n` pictures not rendered yet that follow `key` on the game's page (key ->
        (drawing, box)): those the page asks for next — when it reads them in order, as the cards
        page does; a page that asks here and there (a deal) gets the one it asks for."""
        from . import pictures

        drawings, order = self.drawings, self._order  # (replaced together by a draw: read once)
        at = order.get(key)
        last, self._asked = self._asked, at
        if at is None or last is None or not 0 < at - last <= IN_ORDER:
            return {}
        keys = self._keys[at + 1:at + 1 + 2 * n]
        return {k: drawings[k] for k in pictures.missing(keys)[:n] if k in drawings}


def _own_files(game: str, specs: Path, layouts: Path | None) -> list[Path]:
    """The game's spec and layout where they are the designer's own, not pnp's shipped copies
    (which a build falls back to when the designer's is missing)."""
    from ..load.paths import LAYOUTS_DIR, SPECS_DIR, layout_file, spec_home

    own = [Path(specs) / f"{game}.yaml"] if spec_home(game, specs) != SPECS_DIR else []
    layout = layout_file(f"{game}.yaml", specs, layouts)
    return own + ([layout] if layouts is None and layout.parent != LAYOUTS_DIR else [])


def _problem(path: Path) -> Report | None:
    """Why the file cannot be read (missing, a pipe, a folder …), located as `pnp build` says it;
    None when it can be. Read as every spec is: never waits on a pipe."""
    from ..load.paths import display
    from ..load.yamlload import MAX_BYTES, read_regular

    try:
        read_regular(path, display(path), MAX_BYTES)
    except InputError as exc:
        return exc.report
    return None


def _check_edition(layout, edition: str | None, report: Report) -> None:
    """The --edition served must still be one of the layout's: a save that takes it out is an
    error at the layout (every build of it would fail), not a crash of the draw."""
    if edition is not None and layout is not None and edition not in layout.editions:
        report.error(Loc(layout.path, 1, 1), "LAYOUT-DANGLING-REF",
                     f"pnp serve was started with --edition {edition}, which this layout no longer has; "
                     f"editions: {', '.join(layout.editions)}")


def _at(path: Path, message: str, code: str = "FILE-UNREADABLE") -> Report:
    from ..load.paths import display

    report = Report()
    report.error(Loc(display(path), 1, 1), code, message)
    return report


def _fields(c) -> dict[str, Any]:
    return {k: v for k, v in c.fields.items() if k not in ("id", "kind", "count")}


def _owners(spec) -> dict[tuple[str, int], str]:
    """(file, line) -> the component written there, for tying a diagnostic to its card."""
    out: dict[tuple[str, int], str] = {}
    if spec is None:
        return out
    for c in spec.components:
        out.setdefault((c.loc.file, c.loc.line), c.id)
        for loc in (c.locs or {}).values():
            out.setdefault((loc.file, loc.line), c.id)
    return out


def _shown(report: Report, spec) -> list[Shown]:
    owners = _owners(spec)
    out = []
    for d in report.sorted():
        out.append(Shown(str(d), d.severity, d.code, owners.get((d.loc.file, d.loc.line)) or _named(d)))
    return out


def _named(d: Diagnostic) -> str | None:
    """A card a drawing's diagnostic names ("card 'red-7': the text …")."""
    import re

    m = re.match(r"card '([^']+)'", d.message)
    return m.group(1) if m else None


def _texts(texts) -> dict[str, list[str]]:
    """What the text setter did, by card: shrunk, overflowing, missing glyphs."""
    import re

    out: dict[str, list[str]] = {}

    def card(what: str) -> str | None:
        m = re.match(r"card '([^']+)'", what)
        return m.group(1) if m else None

    for s in texts.shrunk:
        if card(s["card"]):
            out.setdefault(card(s["card"]), []).append(f"text in box '{s['box']}' shrunk to {s['size']:g} pt "
                                                       f"(planned {s['wanted']:g} pt)")
    for s in texts.overflow:
        if card(s["card"]):
            out.setdefault(card(s["card"]), []).append(f"text in box '{s['box']}' does not fit at {s['min']:g} pt: "
                                                       f"'{s['left']}' is left over")
    for s in texts.glyphs:
        if card(s["card"]):
            out.setdefault(card(s["card"]), []).append(f"no font has {' '.join(s['chars'])}")
    return out
