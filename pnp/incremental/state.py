"""Reading back what a build left in OUT: the sheet map (`pnp where`) and the manifest (`--changed`).

Each is read like a spec (pnp/writers/jsonfile.py: a regular file only, at most a size far above
anything pnp writes, UTF-8 JSON) and checked against what pnp writes, so a file that was edited
by hand, cut short or replaced is a located error naming the file (`OUT/gem.json:12:7:
error[SHEET-MAP]: pages[3] has no 'side'; …`) and never a traceback or a hang. Both are read
under the game's lock, after finishing a commit a killed build left half made
(pnp/writers/commit.py `settled`). Takes the output folder and the game id; returns the data.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..diagnostics import InputError, Loc, Report
from ..load.paths import display
from ..writers import jsonfile, outputs
from ..writers.commit import settled

MANIFEST_VERSION = 1
SHEET_OPTIONS = ("paper", "backs", "back_offset_mm", "back_rotate_deg", "printer", "diamonds", "bleed_mm", "lang",
                 "edition", "cmyk", "icc", "ink_limit", "slug", "cut_files")
MAP_LIMIT = 64 << 20  # bytes; the largest shipped sheet map is 0.12 MB
MANIFEST_LIMIT = 16 << 20  # the largest shipped manifest is 7 KB
MAX_PROBLEMS = 20  # told per file: a file cut short is not thousands of messages


class ReprintError(Exception):
    """A reprint or look-up that cannot be made (no sheet map, unknown card, no manifest); says what to do."""


def manifest_path(out_dir: Path, game: str) -> Path:
    return Path(out_dir) / f"{game}.manifest.json"


def read_sheet_map(out_dir: Path, game: str, notes: list[str] | None = None) -> dict:
    """The sheet map of the last build of `game`, checked to be one pnp wrote and to describe the
    PDF beside it. ReprintError when there is none or it belongs to another PDF, InputError for
    what is wrong inside it; `notes` gets what was put right first."""
    out = Path(out_dir)
    path, pdf = out / f"{game}.json", out / f"{game}.pdf"
    fix = f"build again with 'pnp build {game}'"
    with settled(out, game) as done:
        (notes if notes is not None else []).extend(done)
        try:
            data, text = jsonfile.load(path, display(path), MAP_LIMIT, f"pnp wrote a sheet map here: {fix}")
        except FileNotFoundError:
            raise ReprintError(f"no sheet map at {display(path)}: run 'pnp build {game}' first "
                               f"(or give the folder it was built into with --out)") from None
        _Check(display(path), text, "SHEET-MAP", fix).sheet_map(data, game)
        recorded = data.get("pdf_sha256")
        if recorded is None:
            return data  # written before pnp recorded hashes: nothing to compare
        try:
            actual = outputs.sha256(pdf)
        except FileNotFoundError:
            raise ReprintError(f"{display(pdf)} is missing, though its sheet map is there: {fix}") from None
        except (OSError, jsonfile.NotReadable) as exc:
            raise ReprintError(f"{display(pdf)} {getattr(exc, 'strerror', None) or exc}: {fix}") from None
    if actual != recorded:
        raise ReprintError(f"{path.name} does not describe {pdf.name} (a build was interrupted or two builds wrote "
                           f"this folder at once); build again")
    return data


def read_manifest(out_dir: Path, game: str, notes: list[str] | None = None) -> dict:
    """The manifest of the last full build of `game`, checked to be one this pnp wrote.
    ReprintError when there is none, InputError for what is wrong inside it."""
    path = manifest_path(out_dir, game)
    fix = f"run 'pnp build {game}' again"
    with settled(Path(out_dir), game) as done:
        (notes if notes is not None else []).extend(done)
        try:
            data, text = jsonfile.load(path, display(path), MANIFEST_LIMIT, f"pnp wrote the manifest here: {fix}")
        except FileNotFoundError:
            raise ReprintError(f"no manifest of a full build in {display(out_dir)} ({path.name}): run 'pnp build "
                               f"{game}' once, print it, and later --changed reprints what you edit") from None
    _Check(display(path), text, "MANIFEST", fix).manifest(data, game)
    return data


# -- what pnp writes ---------------------------------------------------------------------------
def _count(v) -> bool:
    return type(v) is int and v >= 1


def _text(v) -> bool:
    return isinstance(v, str)


def _hex64(v) -> bool:
    return isinstance(v, str) and len(v) == 64 and all(c in "0123456789abcdef" for c in v)


COUNT = (_count, "a whole number from 1")
TEXT = (_text, "text")
HEX = (_hex64, "a SHA-256 (64 hex digits)")
LIST = (lambda v: isinstance(v, list), "a list")
OBJECT = (lambda v: isinstance(v, dict), "an object")
SIDE = (lambda v: v == "front" or v == "back", '"front" or "back"')
ANY = (lambda v: True, "")


class _Check:
    """Checks a file's JSON against what pnp writes, collecting located problems; raises
    InputError with them at the end of each check."""

    def __init__(self, shown: str, text: str, code: str, fix: str):
        self.shown, self.text, self.code, self.fix = shown, text, code, fix
        self.report = Report()

    def bad(self, path: tuple, message: str) -> None:
        if len(self.report.items) < MAX_PROBLEMS:
            line, col = jsonfile.position(self.text, path)
            self.report.error(Loc(self.shown, line, col), self.code, f"{message}; {self.fix}")

    def need(self, parent: dict, key: str, at: tuple, want, optional: bool = False) -> Any:
        """parent[key] when it is what `want` accepts; else a problem (at the value, or at
        `parent` when it has no such key) and None."""
        if key not in parent:
            if not optional:
                self.bad(at, f"{_where(at)} has no '{key}'")
            return None
        value = parent[key]
        if not want[0](value):
            self.bad(at + (key,), f"{_where(at + (key,))} is {_kind(value)}, expected {want[1]}")
            return None
        return value

    def done(self) -> None:
        if self.report.items:
            raise InputError(self.report)

    def top(self, data: Any, game: str, what: str) -> bool:
        if not isinstance(data, dict):
            self.bad((), f"the file holds {_kind(data)}, not {what} (an object)")
            return False
        g = self.need(data, "game", (), TEXT)
        if g is not None and g != game:
            self.bad(("game",), f"this is {what} of '{g}', not of {game}")
        return True

    def sheet_map(self, data: Any, game: str) -> None:
        if self.top(data, game, "a sheet map"):
            self.need(data, "pdf_sha256", (), HEX, optional=True)
            for i, page in enumerate(self.need(data, "pages", (), LIST) or []):
                at = ("pages", i)
                if not isinstance(page, dict):
                    self.bad(at, f"{_where(at)} is {_kind(page)}, expected an object (a page)")
                    continue
                self.need(page, "page", at, COUNT)
                self.need(page, "side", at, SIDE)
                for j, piece in enumerate(self.need(page, "pieces", at, LIST) or []):
                    if not isinstance(piece, dict):
                        self.bad(at + ("pieces", j), f"{_where(at + ('pieces', j))} is {_kind(piece)}, expected an object")
                        continue
                    self.need(piece, "id", at + ("pieces", j), TEXT)
                    self.need(piece, "copy", at + ("pieces", j), COUNT)
        self.done()

    def manifest(self, data: Any, game: str) -> None:
        if self.top(data, game, "a manifest"):
            version = self.need(data, "version", (), ANY)
            if "version" in data and version != MANIFEST_VERSION:
                self.bad(("version",), f"version {json.dumps(version)[:20]} is not a manifest this pnp writes "
                                       f"(version {MANIFEST_VERSION})")
            options = self.need(data, "options", (), OBJECT) or {}
            for key in SHEET_OPTIONS:
                if options:
                    self.need(options, key, ("options",), ANY)
            for cid, h in (self.need(data, "components", (), OBJECT) or {}).items():
                self.need({cid: h}, cid, ("components",), TEXT)
            for n, sig in enumerate(self.need(data, "sheets", (), LIST) or []):
                if not isinstance(sig, str):
                    self.bad(("sheets", n), f"sheets[{n}] is {_kind(sig)}, expected text")
        self.done()


def _where(path: tuple) -> str:
    """('pages', 3, 'pieces', 0) -> 'pages[3].pieces[0]'; () -> 'the file'"""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out or "the file"


def _kind(v: Any) -> str:
    if isinstance(v, bool) or v is None:
        return {True: "true", False: "false", None: "null"}[v]
    if isinstance(v, (int, float)):
        return f"the number {v}"
    if isinstance(v, str):
        return f"the text {v[:40]!r}"
    return "a list" if isinstance(v, list) else "an object"
