"""`pnp export GAME --png | --tts`: the cards as images, for screens and Tabletop Simulator.

Takes a game's spec and layout and the command's options; draws every face and back as the build
does (`render_all`), then hands them to the PNG writer (each drawing rendered from its own PDF
page by pypdfium2, so a PNG is the print) and the TTS writer (deck sheets assembled by Pillow).

    OUT/<game>-png/<id>.png        the face of each component (one per component, not per copy)
    OUT/<game>-png/<design>.back.png   each back drawing once, however many cards it backs
                                   (-1, -2, … added for a design that shows its card's level)
    OUT/<game>-png/backs.json      which of them is each card's back
    OUT/<game>-tts/<deck>-<n>.png  TTS deck sheets, with <deck>.back.png (or, where the backs
                                   differ card by card, back sheets <deck>-<n>.back.png)
    OUT/<game>-tts/deck.json       which card (id, copy) sits in which slot of which sheet
    OUT/<game>-tts/<id>.token.png  each shaped piece (diamond, hexagon, round, up to 150 mm) once,
                                   transparent outside its outline, for TTS Custom Tokens
    OUT/<game>-tts/<game>.json     a TTS saved object of those decks (one per sheet) and of a bag
                                   of tokens per shape, loading the images from file:/// URLs of
                                   this folder, or from --tts-url BASE (`pnp relink` re-points
                                   them after the folder moves)

Ids are lower-case letters, digits and dashes, so a `.back.png` never meets a card's face. Each
folder is written under a temporary name and moved into place when complete, so a failed export
leaves the previous one untouched; an export holds the folder's lock meanwhile (as builds do,
OUT/.pnp.lock), and first clears what an export killed outright left beside it. On a terminal a
slow export shows its progress, as `pnp build` does.

Every pass is drawn and planned before any is written (`_Pass`), so the pixels the export will
render and write are known first: a large export says so, and one beyond PIXELS_REFUSED (or a
TTS saved object of more than PIECES_REFUSED cards and tokens) is refused, with the --dpi that
fits, unless --force.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Callable
from urllib.parse import quote, urlsplit

from ..records import record
from .arguments import add_game, card_options, folder, lang_options, layouts_options
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, print_report as _print_report
from .progress import Progress
from ..diagnostics import Report, plural
from ..load.paths import display, out_problem

DPI_RANGE = (50, 1200)
MAX_PIXELS = 100_000_000  # one image; a 340 x 390 mm board at 1200 dpi would need 6 GB
# A whole export: rendering runs at some 23 million pixels a second here (The Jam at 1200 dpi,
# a thousand million, took 55 s), and a TTS deck's rendered cards are held in memory (4 bytes a
# pixel) while its sheets are made. Beyond PIXELS_TOLD the size is said first; beyond
# PIXELS_REFUSED (some 9 s, 800 MB at most) the export is refused unless --force.
PIXELS_TOLD = 50_000_000
PIXELS_REFUSED = 200_000_000
PIECES_REFUSED = 20_000  # cards and tokens in a TTS saved object, an object each (a card costs no pixels of its own)
IMPORT_HINT = ("Tabletop Simulator: Objects > Components > Custom > Deck, one per sheet. Face: the sheet's 'face' "
               "image; Back: the deck's 'back' image, or with 'unique_backs' the sheet's 'back' sheet and Unique "
               "Backs ticked (then tick Back is Hidden too). Width: 'columns', Height: 'rows', Number: 'cards'. "
               "Slots count from 0 at the top left, row by row; the last slot of the grid is the hidden-card image. "
               "Or spawn every deck at once: copy the saved object <game>.json into TTS's Saves/Saved Objects "
               "folder and pick it from Objects > Saved Objects; it also holds a bag of Custom Tokens per shape "
               "(see 'bags': each piece's <id>.token.png and its copies).")


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    groups = [layouts_options(), lang_options(),
              card_options(0.0, "--png only: show this much of the art round the trim (default 0: the piece as cut, "
                                "transparent outside its outline); TTS sheets are always at trim size")]
    e = sub.add_parser(
        "export", parents=[*parents, *groups], help="PNG images of every face and back; Tabletop Simulator deck sheets",
        description="Export a game's pieces as images. --png writes OUT/<game>-png/<id>.png, the face of every "
                    "component, <design>.back.png for each back design (-1, -2, … where a design looks several "
                    "ways) and backs.json, which back is each card's; rendered from the card's own PDF drawing so "
                    "the image is the print. --tts writes OUT/<game>-tts/: Tabletop Simulator Custom Deck sheets "
                    "(at most 10 x 7 slots, 4096 px a side, RGB; the last slot is the hidden-card image), one "
                    "deck per card size and back design, each deck's back image, and deck.json naming the card "
                    "in every slot, and <game>.json, a TTS saved object of all the decks (one per sheet, each card "
                    "named as printed) to put in TTS's Saves/Saved Objects folder. TTS decks hold the rectangular "
                    "cards up to 150 mm; diamonds, hexagons and round pieces up to 150 mm become Custom Tokens "
                    "(<id>.token.png, transparent outside the outline), a bag of them per shape and back design "
                    "in the saved object; boards are left to their --png images. After moving the folder, "
                    "pnp relink FOLDER points the saved object at it again.")
    add_game(e)
    e.add_argument("--png", action="store_true",
                   help="one PNG per face and one per back drawing (a back design that backs many cards is one "
                        "file), and backs.json naming each card's back")
    e.add_argument("--tts", action="store_true",
                   help="Tabletop Simulator deck sheets, deck.json, and <game>.json: a TTS saved object of the decks")
    e.add_argument("--tts-url", type=_base_url, metavar="BASE",
                   help="with --tts: where the sheets will be online, e.g. https://example.org/pnp (an http, https "
                        "or file URL); the saved object then loads each sheet and token from BASE/<file name>, so "
                        "upload the folder's PNGs there. Default: file:/// URLs of the exported images, for this "
                        "computer only (keep the PNGs where they are, or run pnp relink after moving them)")
    e.add_argument("--dpi", type=_dpi, default=300, metavar="N",
                   help=f"resolution of the cards, {DPI_RANGE[0]} to {DPI_RANGE[1]} (default 300); TTS sheets "
                        "are scaled down where a sheet would pass 4096 px")
    e.add_argument("--out", type=folder, default=Path("output"), metavar="DIR", help="output folder (default: output/)")
    e.add_argument("--force", action="store_true",
                   help=f"export even when the spec breaks the game's rules, or when the export would render more "
                        f"than {PIXELS_REFUSED // 1_000_000} million pixels")
    return e


def _dpi(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of dots per inch") from None
    lo, hi = DPI_RANGE
    if not lo <= v <= hi:
        raise argparse.ArgumentTypeError(f"{v} dpi is out of range, expected {lo} to {hi}")
    return v




def _base_url(text: str) -> str:
    """An http(s) URL with a host, or a file URL of an absolute path; kept as given."""
    example = "e.g. https://example.org/pnp or file:///home/me/tts"
    if not text or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise argparse.ArgumentTypeError(f"'{text}' is not a URL (no spaces or control characters; "
                                         f"write a space as %20), {example}")
    try:
        parts = urlsplit(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"'{text}' is not a URL ({exc}), {example}") from None
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        if not parts.hostname:
            raise argparse.ArgumentTypeError(f"'{text}' names no host; {example}")
    elif scheme == "file":
        if not parts.path.startswith("/"):
            raise argparse.ArgumentTypeError(f"'{text}' names no folder; a file URL is file:///absolute/path")
    else:
        raise argparse.ArgumentTypeError(f"'{text}' is not an http, https or file URL, {example}")
    if parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(f"'{text}' has a ?query or #fragment: the sheet's file name is added "
                                         f"after BASE/, so give the folder's URL alone, {example}")
    return text


class Refused(Exception):
    """A request that cannot be met; the message says why and what would do."""


def cmd_export(args, specs_dir: Path) -> int:
    try:
        return _export(args, specs_dir)
    except Refused as exc:
        print(f"pnp export: error: {exc}", file=sys.stderr)
        return EXIT_INPUT


def _export(args, specs_dir: Path) -> int:
    from ..games.project import load_for_build

    if not (args.png or args.tts):
        raise Refused("nothing to export: give --png, --tts or both")
    if args.tts_url is not None and not args.tts:
        raise Refused("--tts-url says where the --tts sheets will be online: give --tts too")
    loaded = load_for_build(args.game, specs_dir, args.layouts)
    report, g = loaded.report, args.game
    if report.input_errors or loaded.spec is None or loaded.layout is None:
        return _fail(report, f"{g}: not exported, the files above cannot be read", EXIT_INPUT)
    if report.errors and not args.force:
        return _fail(report, f"{g}: not exported, the spec breaks the rules (use --force to export anyway)", EXIT_RULES)
    edition = args.edition if args.edition is not None else loaded.layout.default  # '' is no edition
    if edition not in loaded.layout.editions:
        raise Refused(f"{g} has no edition '{edition}'; editions: {', '.join(loaded.layout.editions)}")
    lines = []
    try:
        with ExitStack() as progress_lines:  # every pass's progress line cleared, whatever happens
            # each pass draws every piece; its warnings (text overflow, missing glyphs) are told once
            passes = [_png(loaded, args, edition, report, progress_lines)] if args.png else []
            if args.tts:
                passes.append(_tts(loaded, args, edition, Report() if args.png else report, progress_lines))
            _check_work(g, passes, args)
            for one in passes:
                lines.extend(one.write())
    except OSError as exc:
        return _fail(report, f"{g}: not exported, cannot write to {display(args.out)}: {out_problem(args.out, exc)}", EXIT_INPUT)
    _print_report(report)
    print("\n".join(lines))
    return EXIT_OK


@record
class _Pass:
    """One output of an export (the PNGs, or the TTS decks), drawn and planned, not written yet."""

    what: str  # its option: --png, --tts
    work: Callable[[int], tuple[int, int]]  # at a dpi: (images, pixels) it renders and writes
    write: Callable[[], list[str]]  # writes it; the lines that say what was written
    progress: object = None
    pieces: int = 0  # TTS: the cards and tokens of its saved object


def _check_work(game: str, passes: list[_Pass], args) -> None:
    """Say the size of a large export before it is rendered; refuse one beyond the budget (its
    pixels, or a saved object's pieces) unless --force, naming the --dpi that fits."""
    images, pixels = _work_at(passes, args.dpi)
    pieces = sum(p.pieces for p in passes)
    what = " and ".join(p.what for p in passes)
    size = (f"{plural(images, 'image')}, {pixels / 1e6:,.1f} million pixels ({pixels * 4 / 1e6:,.0f} MB "
            f"uncompressed) at {args.dpi} dpi")
    if not args.force and pieces > PIECES_REFUSED:
        raise Refused(f"{game}: {what} would put {pieces:,} cards and tokens in a Tabletop Simulator saved object, "
                      f"more than {PIECES_REFUSED:,}; lower the counts, or export it anyway with --force")
    if not args.force and pixels > PIXELS_REFUSED:
        fits = _dpi_that_fits(passes, args.dpi)
        lower = f"use --dpi {fits} or less" if fits else f"even at {DPI_RANGE[0]} dpi it would be more: lower the counts"
        raise Refused(f"{game}: {what} would render {size}, more than {PIXELS_REFUSED // 1_000_000} million pixels; "
                      f"{lower}, or export it anyway with --force")
    if pixels > PIXELS_TOLD:
        for p in passes:
            if p.progress:
                p.progress.done()  # the line below starts at the margin
        print(f"{game}: {what}: {size} to render; Ctrl-C stops the export and keeps the previous one",
              file=sys.stderr, flush=True)


def _work_at(passes: list[_Pass], dpi: int) -> tuple[int, int]:
    counted = [p.work(dpi) for p in passes]
    return sum(n for n, _ in counted), sum(px for _, px in counted)


def _dpi_that_fits(passes: list[_Pass], dpi: int) -> int | None:
    """The highest dpi below `dpi` whose export is within PIXELS_REFUSED (None: not even the lowest)."""
    lo, hi = DPI_RANGE[0], dpi - 1
    if _work_at(passes, lo)[1] > PIXELS_REFUSED:
        return None
    while lo < hi:  # the pixels grow with the dpi
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if _work_at(passes, mid)[1] <= PIXELS_REFUSED else (lo, mid - 1)
    return lo


def _fail(report, why: str, code: int) -> int:
    _print_report(report)
    print(why, file=sys.stderr)
    return code


def _drawn(loaded, args, edition: str, bleed: float, report: Report, progress):
    """Every face and back, as the build draws them; a diamond keeps its own bleed here. No
    paper is involved (drawing knows none), so the options carry no sheet. With a progress line,
    drawn as the build does when it shows one (card by card)."""
    from ..options import options_from

    opts = options_from(args, None, bleed=bleed, edition=edition, diamonds="spaced")
    if progress is None:
        from ..build import render_all

        return render_all(loaded, opts, report), loaded.layout.editions[edition]
    from ..incremental.render_cache import RenderCache
    from ..writers.faces import TextReport

    return RenderCache().render(loaded, opts, report, TextReport(), progress), loaded.layout.editions[edition]


def _progress(game: str, progress_lines: ExitStack):
    """The progress line of one pass (None when stderr is not a terminal), cleared when
    `progress_lines` closes if not before."""
    progress = Progress(sys.stderr, game, unit="images").__enter__()
    if progress:
        progress_lines.callback(progress.done)
    return progress


def _png(loaded, args, edition_name: str, report: Report, progress_lines: ExitStack) -> _Pass:
    """The --png pass: every face and back drawn, and the pictures to write planned."""
    from ..writers.png import pixels

    b, progress = args.bleed, _progress(loaded.game.id, progress_lines)
    art, edition = _drawn(loaded, args, edition_name, b, report, progress)
    jobs, backs = _png_jobs(loaded, art, edition, args)
    boxes = [s.box for s in jobs.values()]

    def work(dpi: int) -> tuple[int, int]:
        return len(boxes), sum(pixels(box[2], dpi) * pixels(box[3], dpi) for box in boxes)

    def write() -> list[str]:
        target = _write_png(loaded, args, art, jobs, backs, progress)
        faces = len(loaded.spec.components)
        return [f"{loaded.game.id}: {plural(faces, 'face')} and {plural(len(jobs) - faces, 'back')} at {args.dpi} "
                f"dpi{f' with {b:g} mm bleed' if b else ''} → {display(target)}/"]

    return _Pass("--png", work, write, progress)


def _write_png(loaded, args, art, jobs: dict, backs: dict, progress) -> Path:
    from ..writers.png import rasterise

    target = args.out / f"{loaded.game.id}-png"
    try:
        with _staged_dir(target) as tmp:
            for name, img in zip(jobs, rasterise(list(jobs.values()), args.dpi)):
                img.save(tmp / name, dpi=(args.dpi, args.dpi))
                if progress:
                    progress.sheet(len(jobs))
            index = {"game": loaded.game.id, "backs": {i: backs[k] for i, k in art.back_of.items()}}
            (tmp / "backs.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    finally:
        if progress:
            progress.done()
    return target


def _png_jobs(loaded, art, edition, args) -> tuple[dict, dict]:
    """The pictures to write (file name -> shot) and each back drawing's file name (by its key):
    pnp/writers/png.py's `card_shots`, every face checked for its size first."""
    from ..writers.png import card_shots

    comps = loaded.spec.components
    templates = {c.id: edition.template_for(c.kind) for c in comps}
    return card_shots(comps, templates, art, args.bleed, args.dpi, lambda t, box: _check_size(t, box, args.dpi))


def _check_size(template, box, dpi: int) -> None:
    from ..writers.png import pixels

    w, h = box[2], box[3]
    if pixels(w, dpi) * pixels(h, dpi) > MAX_PIXELS:
        fits = int((MAX_PIXELS / (w * h)) ** 0.5 * 25.4)
        raise Refused(f"template '{template.name}' ({w:g} x {h:g} mm) would be {pixels(w, dpi)} x {pixels(h, dpi)} px "
                      f"at {dpi} dpi, more than {MAX_PIXELS // 1_000_000} million pixels; use --dpi {fits} or less")


def _tts(loaded, args, edition_name: str, report: Report, progress_lines: ExitStack) -> _Pass:
    """The --tts pass: every piece drawn, and its decks and bags planned."""
    from ..writers.tts import decks_of, work_of

    progress = _progress(loaded.game.id, progress_lines)
    art, edition = _drawn(loaded, args, edition_name, 0.0, report, progress)
    decks, bags, left_out = decks_of(loaded.spec.components, edition, art.back_of)
    if not decks and not bags:
        raise Refused(f"{loaded.game.id} has no pieces for Tabletop Simulator (cards and tokens up to 150 mm); "
                      f"use --png for its boards")
    pieces = sum(len(d.cards) for d in decks) + sum(len(b.pieces) for b in bags)

    def write() -> list[str]:
        try:
            return _tts_decks(loaded, args, art, edition, (decks, bags, left_out), progress)
        finally:
            if progress:
                progress.done()

    return _Pass("--tts", lambda dpi: work_of(decks, bags, dpi), write, progress, pieces)


def _tts_decks(loaded, args, art, edition, planned, progress) -> list[str]:
    from ..writers.jsonfile import dumps
    from ..writers.tts import bag_tokens, deck_sheets, images_of, saved_object

    decks, bags, left_out = planned
    target = args.out / f"{loaded.game.id}-tts"
    records, bag_records = [], []
    images = sum(images_of(g) for g in (*decks, *bags))
    tick = (lambda: progress.sheet(images)) if progress else None
    with _staged_dir(target) as tmp:
        def save(name: str, img) -> None:
            img.save(tmp / name)

        for deck in decks:
            records.append(deck_sheets(deck, art.faces, art.backs, args.dpi, tick, save)[1])
        for bag in bags:
            bag_records.append(bag_tokens(bag, art.faces, args.dpi, tick, save)[1])
        data = {"game": loaded.game.id, "edition": edition.name, "lang": args.lang, "dpi": args.dpi,
                "import": IMPORT_HINT, "decks": records, "bags": bag_records, "left_out": left_out}
        (tmp / "deck.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        spec, game = loaded.spec, loaded.game
        names = {c.id: game.name_of(c, spec, args.lang) for c in spec.components}
        saved = saved_object_name(game.id)
        tts_object = saved_object(_title(loaded, args.lang), records, names, url_of(args.tts_url, target), salt=game.id,
                                  bags=bag_records)
        (tmp / saved).write_text(dumps(tts_object, depth=4), encoding="utf-8")  # in place with the folder, whole
    cards = sum(len(d.cards) for d in decks)
    sheets = sum(len(r["sheets"]) for r in records)
    tokens = sum(len(b.pieces) for b in bags)
    made = []
    if decks:
        made.append(f"{plural(cards, 'card')} in {plural(len(decks), 'Tabletop Simulator deck')} on "
                    f"{plural(sheets, 'sheet')}")
    if bags:
        made.append(f"{plural(tokens, 'shaped piece')} as Custom Tokens in {plural(len(bags), 'bag')}")
    out = [f"{loaded.game.id}: {', '.join(made)} → {display(target)}/",
           f"  saved object {display(target / saved)}: copy it to TTS's Saves/Saved Objects folder, spawn it from "
           f"Objects > Saved Objects; " + (f"upload the images to {args.tts_url}" if args.tts_url else
                                          "it loads the images from this folder: keep them here, or after moving "
                                          "the folder run pnp relink on it")]
    if left_out:
        out.append(f"  not in a deck, a bag nor the saved object (use their --png images as TTS boards): "
                   f"{', '.join(p['id'] for p in left_out)}")
    return out


def _title(loaded, lang: str) -> str:
    from ..games.base import game_name

    return game_name(loaded.spec, lang) or loaded.game.title


def saved_object_name(game: str) -> str:
    """`<game>.json`; a game called 'deck' would meet deck.json, and gets deck.tts.json."""
    return f"{game}.json" if game != "deck" else "deck.tts.json"


def url_of(tts_url: str | None, folder: Path):
    """File name -> the URL a saved object loads it from: BASE/<name> with --tts-url, else the
    file:/// URL of the file in `folder` (where the export is once in place)."""
    if tts_url is not None:
        base = tts_url if tts_url.endswith("/") else tts_url + "/"
        return lambda name: base + quote(name)
    folder = folder.resolve()
    return lambda name: (folder / name).as_uri()


@contextmanager
def _staged_dir(target: Path):
    """A fresh folder beside `target`, put in its place when the block completes; on failure
    (an interrupt too) it is removed and `target` is left as it was. Under the folder's lock, so
    that the staging folders an export killed outright (SIGKILL, a power cut) left are known to be
    no other export's and are cleared first."""
    from ..writers.outputs import locked

    def note() -> None:
        print(f"pnp export: waiting for another export into {display(target.parent)} to finish…", file=sys.stderr)

    with locked(target.parent, note, game=target.name):
        _clear_stale(target)
        with _staging(target) as tmp:
            yield tmp


def _clear_stale(target: Path) -> None:
    """Remove `.<name>.*.tmp` and `.<name>.*.old` beside `target`: what interrupted exports left."""
    for stale in target.parent.glob(f".{target.name}.*"):
        if stale.suffix in (".tmp", ".old") and stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)


def _staging_name(target: Path) -> Path:
    import secrets

    return target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"


@contextmanager
def _staging(target: Path):
    # The folder is made inside the `try`: a Ctrl-C or hang-up that lands just after it is made
    # (mkdtemp made it, then the signal came before the `try`) left it behind.
    tmp = _staging_name(target)
    try:
        while True:
            try:
                tmp.mkdir(mode=0o700)
                break
            except FileExistsError:  # another's: never removed here
                tmp = _staging_name(target)
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    os.chmod(tmp, 0o755)  # mkdtemp's folder is private
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
    try:
        if target.exists():
            os.replace(target, old / target.name)
        try:
            os.replace(tmp, target)
        except OSError:
            if (old / target.name).exists():
                os.replace(old / target.name, target)
            raise
    finally:
        shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(tmp, ignore_errors=True)
