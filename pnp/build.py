"""Build: checked spec + layout → piece drawings → imposition → PDF and sheet map, atomically.

Takes a loaded game and build options; renders every component's face on its template and every
back design once per template (the PDF reuses each as a form XObject on every copy), imposes the
copies on sheets and hands plan and drawings to the writers for OUT/<id>.pdf and OUT/<id>.json,
the cut files (OUT/<id>-cut/) and the manifest (OUT/<id>.manifest.json). Everything is written
to temporary files first and put in place in one commit (pnp/writers/commit.py) only when all of
it is complete, so a build that fails, or is killed, never leaves the outputs torn: a failure
leaves the previous ones untouched, and a commit cut short is finished by the next build or read.
"""
from __future__ import annotations

import json
from pathlib import Path

from .records import field, record, replace
from .diagnostics import Report
from .imposition import impose, piece_bleed
from .incremental.reprint import manifest
from .incremental.state import manifest_path
from .games.project import Loaded
from .options import BuildOptions, edition_of, pieces_of, press_of, sheet_settings
from .writers.faces import TextReport, render_all
from .writers import jsonfile, outputs
from .writers.commit import Commit, recover
from .writers.jsonfile import NotReadable, read_regular
from .writers.pdf_sheets import Art, check_back_turn, write_pdf
from .writers.sheet_map import sheet_map
from .writers.sheet_marks import registration, slug_text
from .writers.svg_cuts import write_cut_files

__all__ = ["BuildOptions", "Built", "TextProblems", "build", "render_all"]  # what commands import from here


@record
class Built:
    """What a build wrote: the PDF, the sheet map and the folder of cut files, how many pages and
    cards, and what its drawings did with their text."""

    pdf: Path
    sheet_map: Path
    pages: int
    cards: int
    text: TextReport
    cut_files: Path | None = None  # the folder of SVG cut files
    one_sided: list[int] = field(default_factory=list)  # the pages to print single-sided (the sheet map's)


class TextProblems(Exception):
    """`--strict`: text overflowed or lacked glyphs, or a face could not be drawn, so nothing was written."""

    def __init__(self, texts: TextReport, failed: int = 0):
        words = f"{len(texts.overflow)} text overflow(s), {len(texts.glyphs)} face(s) with missing glyphs"
        words += f", {len(texts.icons)} face(s) with unknown icons" if texts.icons else ""
        super().__init__(words + (f", {failed} face(s) that could not be drawn" if failed else ""))
        self.texts = texts


def build(loaded: Loaded, opts: BuildOptions, out_dir: Path, report: Report, strict: bool = False,
          cache=None, progress=None, art: Art | None = None) -> Built:
    """`cache`: a warm process's RenderCache (pnp/incremental/render_cache.py); `progress`: pnp/commands/progress.py;
    `art`: the faces and backs already drawn from `loaded` (the preview draws them for its page first)."""
    if opts.shop:  # a shop page holds one piece: a diamond needs its own bleed
        opts = replace(opts, diamonds="spaced")
    texts = TextReport()
    if art is None and cache is None and progress is None:
        art = render_all(loaded, opts, report, texts)
    elif art is None:
        from .incremental.render_cache import RenderCache  # the warm cache, or progress told card by card

        art = (cache or RenderCache()).render(loaded, opts, report, texts, progress)
    failed = sum(1 for d in report.items if d.code == "RENDER-FAILED")
    if strict and (texts.overflow or texts.glyphs or texts.icons or failed):
        raise TextProblems(texts, failed)
    if opts.shop == "gamecrafter":
        return _build_gamecrafter(loaded, opts, out_dir, art, texts, report)
    if opts.shop:
        return _build_shop(loaded, opts, out_dir, art, texts)
    plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.back_offset, opts.diamonds)
    check_back_turn(plan, opts.sheet.margin, opts.back_rotate, opts.sheet.name)
    game = loaded.game.id
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf_path, map_path = out_dir / f"{game}.pdf", out_dir / f"{game}.json"
    title = f"{loaded.spec.name.get('en', loaded.game.title)} — print and play"
    settings = sheet_settings(loaded, opts)
    marks = registration(plan, opts.sheet) if opts.cut_files else None
    slug = (game, slug_text(game, settings), opts.sheet) if opts.slug else None
    cut_dir = out_dir / f"{game}-cut"  # without --cut-files a stale one is removed: it would not match
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game), Commit(out_dir, game) as commit:
        recover(out_dir, game)
        pdf_tmp, map_tmp = commit.file(pdf_path.name), commit.file(map_path.name)
        write_pdf(pdf_tmp, plan, art, title, press=press_of(opts), slug=slug, registration=marks,
                  code_cache=cache.pdf_code if cache else None, progress=progress, back_rotate=opts.back_rotate)
        data = sheet_map(game, settings, plan, (cut_dir.name, marks) if marks else None)
        data["pdf_sha256"] = outputs.sha256(pdf_tmp)  # so a reader can tell a torn pair
        map_tmp.write_text(jsonfile.dumps(data), encoding="utf-8")
        if marks:
            write_cut_files(commit.folder(cut_dir.name), plan, marks)
        else:
            commit.drop(cut_dir.name, folder=True)
        recorded = manifest(loaded, opts, plan, data)  # what --changed compares with
        commit.file(manifest_path(out_dir, game).name).write_text(jsonfile.dumps(recorded), encoding="utf-8")
        commit.commit()
    return Built(pdf_path, map_path, len(plan.pages), sum(c.count for c in loaded.spec.components), texts,
                 cut_dir if opts.cut_files else None, list(data["one_sided_pages"]))


@record
class ShopBuilt(Built):
    """A --shop build: `files` holds each PDF written (a file per piece size) with its template,
    page count and page size; `pdf` is the first of them."""
    files: list = field(default_factory=list)  # [(path, template, pages, page_mm)]


def _build_shop(loaded: Loaded, opts: BuildOptions, out_dir: Path, art: Art, texts: TextReport) -> ShopBuilt:
    """A PDF per piece size — OUT/<id>-shop-<template>.pdf, or OUT/<id>-shop.pdf for a game of
    one size — one piece a page with a TrimBox and a BleedBox on each, and their map
    OUT/<id>-shop.json. A shop PDF an earlier build wrote for a size the game no longer has
    (another edition, a template taken out) is removed in the same commit."""
    from .writers.pdf_shop import decks_of, shop_files, shop_map, write_shop_pdf

    game = loaded.game.id
    edition = edition_of(loaded, opts)
    pieces = pieces_of(loaded, opts)
    files = shop_files(game, pieces, decks_of(pieces, art) if opts.shop == "drivethru" else None)
    bleeds = {t.name: piece_bleed(t.outline, opts.bleed, "spaced") for t in edition.templates.values()}
    out_dir.mkdir(parents=True, exist_ok=True)
    map_path = out_dir / f"{game}-shop.json"
    name = loaded.spec.name.get("en", loaded.game.title)
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game), Commit(out_dir, game) as commit:
        recover(out_dir, game)
        stale = _shop_pdfs_before(loaded, map_path) - {f.name for f in files}  # temporaries: cleared by recover
        written = []
        for f in files:
            t = edition.templates[f.template]
            title = f"{name} — for the print shop" + ("" if len(files) == 1 else
                                                       f": {f.template}, {t.width:g} x {t.height:g} mm")
            tmp = commit.file(f.name)
            pages = write_shop_pdf(tmp, f.pieces, art, bleeds, title, opts.shop, press=press_of(opts))
            written.append((f, pages, outputs.sha256(tmp)))
        for old in sorted(stale):
            commit.drop(old)
        map_tmp = commit.file(map_path.name)
        map_tmp.write_text(jsonfile.dumps(shop_map(game, edition, opts, written, press_of(opts))), encoding="utf-8")
        commit.commit()
    paths = [(out_dir / f.name, f.template, len(pages), pages[0]["page_mm"]) for f, pages, _ in written]
    cards = sum(c.count for c in loaded.spec.components)
    return ShopBuilt(paths[0][0] if paths else map_path, map_path, sum(p[2] for p in paths), cards, texts, files=paths)


@record
class ImagesBuilt(ShopBuilt):
    """A --shop gamecrafter build: `pdf` is the folder of PNGs, `pages` how many there are."""
    images: bool = True


def _build_gamecrafter(loaded: Loaded, opts: BuildOptions, out_dir: Path, art: Art, texts: TextReport,
                       report: Report) -> ImagesBuilt:
    """OUT/<id>-gamecrafter/: a PNG per face and per back drawing at The Game Crafter's pixel
    sizes (pnp/writers/gamecrafter.py), and OUT/<id>-gamecrafter.json listing them; written in
    one commit, as every build's outputs are."""
    from .writers.gamecrafter import BLEED_MM, DPI, write_gamecrafter

    game = loaded.game.id
    edition = edition_of(loaded, opts)
    out_dir.mkdir(parents=True, exist_ok=True)
    folder_name, map_path = f"{game}-gamecrafter", out_dir / f"{game}-gamecrafter.json"
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game), Commit(out_dir, game) as commit:
        recover(out_dir, game)
        up = write_gamecrafter(commit.folder(folder_name), loaded, edition, art, loaded.layout.editions)
        data = {"game": game, "shop": "gamecrafter", "edition": edition.name, "lang": opts.lang, "dpi": DPI,
                "bleed_mm": round(BLEED_MM, 4), "folder": folder_name, "files": up.files}
        commit.file(map_path.name).write_text(jsonfile.dumps(data), encoding="utf-8")
        commit.commit()
    for template, said in up.unsold:
        report.warning(template.loc, "SHOP-SIZE", said)
    cards = sum(c.count for c in loaded.spec.components)
    folder = out_dir / folder_name
    return ImagesBuilt(folder, map_path, len(up.files), cards, texts, files=[(folder, "png", len(up.files), None)])


def _shop_pdfs_before(loaded: Loaded, map_path: Path) -> set[str]:
    """Every shop PDF of the game that may be in OUT: the one-size name, a name for each template of
    every edition, and what the shop map there lists (a template since taken out of the layout)."""
    from .writers.pdf_shop import listed_files

    game = loaded.game.id
    names = {outputs.shop_pdf_name(game)}
    names |= {outputs.shop_pdf_name(game, t) for e in loaded.layout.editions.values() for t in e.templates}
    try:
        before = json.loads(read_regular(map_path, 1 << 26))
    except (OSError, ValueError, NotReadable, RecursionError):
        before = None  # none, or not one pnp wrote: the names above are still looked for
    return names | {n for n in listed_files(before) if outputs.is_shop_pdf_name(game, n)}
