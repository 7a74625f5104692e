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

from dataclasses import dataclass, replace
from pathlib import Path

from .diagnostics import Report
from .imposition import impose, piece_bleed
from .incremental.reprint import manifest
from .incremental.state import manifest_path
from .load.project import Loaded
from .options import BuildOptions, edition_of, pieces_of, sheet_settings
from .render.faces import TextReport, render_all
from .writers import jsonfile, outputs
from .writers.commit import Commit, recover
from .writers.pdf_sheets import Art, write_pdf
from .writers.sheet_map import sheet_map
from .writers.sheet_marks import registration, slug_text
from .writers.svg_cuts import write_cut_files

__all__ = ["BuildOptions", "Built", "TextProblems", "build", "render_all"]  # what commands import from here


@dataclass
class Built:
    pdf: Path
    sheet_map: Path
    pages: int
    cards: int
    text: TextReport
    cut_files: Path | None = None  # the folder of SVG cut files


class TextProblems(Exception):
    """`--strict`: text overflowed or lacked glyphs, so nothing was written."""

    def __init__(self, texts: TextReport):
        super().__init__(f"{len(texts.overflow)} text overflow(s), {len(texts.glyphs)} face(s) with missing glyphs")
        self.texts = texts


def build(loaded: Loaded, opts: BuildOptions, out_dir: Path, report: Report, strict: bool = False,
          cache=None, progress=None) -> Built:
    """`cache`: a warm process's RenderCache (pnp/incremental/render_cache.py); `progress`: pnp/commands/progress.py."""
    if opts.shop:  # a shop page holds one piece: a diamond needs its own bleed
        opts = replace(opts, diamonds="spaced")
    texts = TextReport()
    if cache is None and progress is None:
        art = render_all(loaded, opts, report, texts)
    else:
        from .incremental.render_cache import RenderCache  # the warm cache, or progress told card by card

        art = (cache or RenderCache()).render(loaded, opts, report, texts, progress)
    if strict and (texts.overflow or texts.glyphs):
        raise TextProblems(texts)
    if opts.shop:
        return _build_shop(loaded, opts, out_dir, art, texts)
    plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.back_offset, opts.diamonds)
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
        write_pdf(pdf_tmp, plan, art, title, cmyk=opts.cmyk, slug=slug, registration=marks,
                  code_cache=cache.pdf_code if cache else None, progress=progress)
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
                 cut_dir if opts.cut_files else None)


def _build_shop(loaded: Loaded, opts: BuildOptions, out_dir: Path, art: Art, texts: TextReport) -> Built:
    """OUT/<id>-shop.pdf (one piece a page, TrimBox and BleedBox on each) and OUT/<id>-shop.json."""
    from .writers.pdf_shop import write_shop_pdf

    game = loaded.game.id
    edition = edition_of(loaded, opts)
    pieces = pieces_of(loaded, opts)
    bleeds = {t.name: piece_bleed(t.outline, opts.bleed, "spaced") for t in edition.templates.values()}
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf_path, map_path = out_dir / f"{game}-shop.pdf", out_dir / f"{game}-shop.json"
    title = f"{loaded.spec.name.get('en', loaded.game.title)} — for the print shop"
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game), Commit(out_dir, game) as commit:
        recover(out_dir, game)
        pdf_tmp, map_tmp = commit.file(pdf_path.name), commit.file(map_path.name)
        pages = write_shop_pdf(pdf_tmp, pieces, art, bleeds, title, opts.shop, cmyk=opts.cmyk)
        data = {"game": game, "shop": True, "order": opts.shop, **sheet_settings(loaded, opts), "pages": pages,
                "pdf_sha256": outputs.sha256(pdf_tmp)}
        map_tmp.write_text(jsonfile.dumps(data), encoding="utf-8")
        commit.commit()
    return Built(pdf_path, map_path, len(pages), sum(c.count for c in loaded.spec.components), texts)


