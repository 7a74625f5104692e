"""Build: checked spec + layout → piece drawings → imposition → PDF and sheet map, atomically.

Takes a loaded game and build options; renders every component's face on its template and every
back design once per template (the PDF reuses each as a form XObject on every copy), imposes the
copies on sheets and hands plan and drawings to the writers for OUT/<id>.pdf and OUT/<id>.json.
Both are written to temporary files first and moved into place only when both are complete, so
a failed build leaves the previous output untouched.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from .render import fonts, text
from .writers import jsonfile, outputs
from .diagnostics import Report
from .render.drawing import Color, Drawing
from .games import RenderContext
from .load.images import with_image
from .imposition import Piece, back_shift, impose, piece_bleed
from .load.layout import Edition, Sheet
from .load.project import Loaded
from .incremental.reprint import manifest, write_manifest
from .writers.pdf_sheets import Art, write_pdf
from .writers.sheet_map import sheet_map
from .writers.sheet_marks import registration, slug_text
from .writers.svg_cuts import write_cut_files



@dataclass
class BuildOptions:
    sheet: Sheet
    backs: str = "duplex-long"
    bleed: float = 3.0
    lang: str = "en"
    back_offset: tuple[float, float] = (0.0, 0.0)
    edition: str | None = None
    diamonds: str = "shared-edge"
    shop: str | None = None  # print-shop output: one piece a page, in this order (pdf_shop.ORDERS)
    cmyk: bool = False  # every colour in DeviceCMYK, greys (black text and lines) in K only
    slug: bool = True  # a line in the margin of every page saying what the sheet is
    cut_files: bool = False  # OUT/<id>-cut/page-<n>.svg for print-and-cut, and registration marks on the sheets


@dataclass
class Built:
    pdf: Path
    sheet_map: Path
    pages: int
    cards: int
    text: "TextReport"
    cut_files: Path | None = None  # the folder of SVG cut files


@dataclass
class TextReport:
    """What the faces did with their text: how many were drawn, which had type shrunk below its
    box's size (and to what), which overflowed even at the smallest size, which characters no
    font has."""

    faces: int = 0
    shrunk: list[dict] = field(default_factory=list)  # {"card", "box", "text", "size", "wanted"}
    overflow: list[dict] = field(default_factory=list)  # {"card", "box", "text", "left_mm", "left", "min"}
    glyphs: list[dict] = field(default_factory=list)  # {"card", "chars"}

    def as_json(self) -> dict:
        return {"faces": self.faces, "shrunk": self.shrunk, "overflow": self.overflow, "missing_glyphs": self.glyphs}


def edition_of(loaded: Loaded, opts: BuildOptions) -> Edition:
    return loaded.layout.editions[opts.edition or loaded.layout.default]


def render_all(loaded: Loaded, opts: BuildOptions, report: Report, texts: TextReport | None = None) -> Art:
    """Every component's face and every back it needs, each drawn on its template and clipped to
    the template's outline grown by the bleed. A back design is drawn once per template it is
    printed on (once per card for designs that show the card). What the text did on each face
    goes into `texts` and, where it overflowed, into the report."""
    spec, edition = loaded.spec, edition_of(loaded, opts)
    contexts: dict[str, RenderContext] = {}
    art = Art({}, {}, {})
    texts = texts if texts is not None else TextReport()
    for c in spec.components:
        template = edition.template_for(c.kind)
        if template.name not in contexts:
            bleed = piece_bleed(template.outline, opts.bleed, opts.diamonds)
            contexts[template.name] = RenderContext(spec, template, opts.lang, bleed, edition)
        ctx = contexts[template.name]
        art.faces[c.id] = _drawn(lambda: with_image(c, ctx, report, lambda: loaded.game.render_face(c, ctx)),
                                 f"card '{c.id}'", c.loc, ctx, report, texts)
        if c.back is None:
            continue
        design = spec.backs[c.back]
        key = back_key(loaded, c, template.name)
        art.back_of[c.id] = key
        if key not in art.backs:
            art.backs[key] = _drawn(
                lambda: with_image(design, ctx, report, lambda: loaded.game.render_back(design, ctx, c), back=True),
                f"back '{design.id}'", design.loc, ctx, report, texts)
    return art


def _drawn(render, what: str, loc, ctx: RenderContext, report: Report, texts: TextReport) -> Drawing:
    """Render one face; a face that cannot be drawn becomes a visible placeholder and a warning."""
    with text.collecting() as fits:
        try:
            d = render()
        except Exception as exc:  # a renderer bug must not lose the other cards of the print run
            report.warning(loc, "RENDER-FAILED", f"{what} could not be drawn ({type(exc).__name__}: {exc}); "
                                                 "a placeholder is printed in its place")
            d = _placeholder(ctx, what)
    texts.faces += 1
    _note_text(fits, what, loc, report, texts)
    lacking = _check_glyphs(d, what, loc, report)
    if lacking:
        texts.glyphs.append({"card": what, "chars": lacking})
    return _clipped(d, ctx)


def _note_text(fits: list, what: str, loc, report: Report, texts: TextReport) -> None:
    """Text shrunk below its box's size, and text that did not fit even at its smallest size (a
    TEXT-OVERFLOW warning naming the card, the box and what is left over). A text set twice on a
    face (the two ends of a two-way card) is told once."""
    seen = set()
    for f in fits:
        key = (f.box.name, f.text, round(f.size, 2))
        if key in seen:
            continue
        seen.add(key)
        box = f.box.name or "a text box"
        if f.overflows:
            left = f.left_text if len(f.left_text) <= 40 else f.left_text[:39] + "…"
            texts.overflow.append({"card": what, "box": f.box.name, "text": f.text, "left_mm": round(f.left_mm, 2),
                                   "left": f.left_text, "min": round(f.size, 2)})
            report.warning(loc, "TEXT-OVERFLOW",
                           f"{what}: the text in box '{box}' does not fit even at {f.size:g} pt, its smallest size: "
                           f"{f.left_mm:.1f} mm left over (\"{left}\"); it is cut at the box's edge — shorten it, "
                           f"or give the box more room or a smaller min_text in the layout", stage="render")
        elif f.box.text is not None and f.size < f.box.text - 0.01:
            texts.shrunk.append({"card": what, "box": f.box.name, "text": f.text, "size": round(f.size, 2),
                                 "wanted": round(f.box.text, 2)})


def _placeholder(ctx: RenderContext, what: str) -> Drawing:
    w, h = ctx.template.width, ctx.template.height
    d = Drawing(w, h)
    red = Color(0.85, 0.1, 0.1)
    d.path(ctx.template.clip(ctx.bleed), fill=Color(1, 1, 1))
    d.path(ctx.template.outline.path(-1.0), stroke=red, width=0.6)
    d.line(1, 1, w - 1, h - 1, stroke=red, width=0.4)
    d.line(1, h - 1, w - 1, 1, stroke=red, width=0.4)
    size = fonts.fit(what, 9, w - 4, bold=True)
    d.text(w / 2, h / 2 + 1, "CANNOT DRAW", fonts.fit("CANNOT DRAW", 9, w - 4, bold=True), bold=True, fill=red, anchor="middle")
    d.text(w / 2, h / 2 - 4, what, size, bold=True, fill=red, anchor="middle")
    return d


def back_key(loaded: Loaded, card, template: str) -> str:
    design = loaded.spec.backs[card.back]
    if design.kind in loaded.game.per_card_backs:
        return f"back:{design.id}:{card.id}"
    return f"back:{design.id}@{template}"


def _clipped(d: Drawing, ctx: RenderContext) -> Drawing:
    """Art may run into the bleed but never past it, into a neighbour's: clip to the outline grown
    by the bleed (for a diamond, the offset diamond), never to a rectangle."""
    out = Drawing(d.width, d.height)
    out.group(clip=ctx.template.clip(ctx.bleed)).ops.extend(d.ops)
    return out


def _check_glyphs(d: Drawing, what: str, loc, report: Report) -> list[str]:
    lacking: list[str] = []
    for t in d.text_ops():
        for ch in fonts.missing(t.text, t.bold):
            if ch not in lacking:
                lacking.append(ch)
    if lacking:
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in lacking)
        report.warning(loc, "FONT-GLYPH", f"{what} uses characters no vendored font has: {shown}; they print as empty boxes")
    return lacking


def pieces_of(loaded: Loaded, opts: BuildOptions) -> list[Piece]:
    edition = edition_of(loaded, opts)
    out = []
    for c in loaded.spec.components:
        t = edition.template_for(c.kind)
        for k in range(1, c.count + 1):
            label = c.id if c.count == 1 else f"{c.id}-{k}"
            out.append(Piece(c.id, k, c.kind, t.outline, c.back is not None, t.name, t.overlap, label))
    return out


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
    settings = _settings(loaded, opts)
    marks = registration(plan, opts.sheet) if opts.cut_files else None
    slug = (game, slug_text(game, settings), opts.sheet) if opts.slug else None
    cut_dir = out_dir / f"{game}-cut"  # without --cut-files a stale one is removed: it would not match
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game):
        outputs.recover(out_dir, [pdf_path.name, map_path.name, cut_dir.name])
        with _Staged(pdf_path) as pdf_tmp, _Staged(map_path) as map_tmp, \
                _StagedDir(cut_dir, opts.cut_files) as cut_tmp:
            write_pdf(pdf_tmp.path, plan, art, title, cmyk=opts.cmyk, slug=slug, registration=marks,
                      code_cache=cache.pdf_code if cache else None, progress=progress)
            data = sheet_map(game, settings, plan, (cut_dir.name, marks) if marks else None)
            data["pdf_sha256"] = outputs.sha256(pdf_tmp.path)  # so a reader can tell a torn pair
            map_tmp.path.write_text(jsonfile.dumps(data), encoding="utf-8")
            if marks:
                write_cut_files(cut_tmp.path, plan, marks)
            outputs.commit([(pdf_tmp.path, pdf_path), (map_tmp.path, map_path)])
            cut_tmp.ready = True
        write_manifest(out_dir, game, manifest(loaded, opts, plan, data))  # what --changed compares with
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
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game):
        outputs.recover(out_dir, [pdf_path.name, map_path.name])
        with _Staged(pdf_path) as pdf_tmp, _Staged(map_path) as map_tmp:
            pages = write_shop_pdf(pdf_tmp.path, pieces, art, bleeds, title, opts.shop, cmyk=opts.cmyk)
            data = {"game": game, "shop": True, "order": opts.shop, **_settings(loaded, opts), "pages": pages,
                    "pdf_sha256": outputs.sha256(pdf_tmp.path)}
            map_tmp.path.write_text(jsonfile.dumps(data), encoding="utf-8")
            outputs.commit([(pdf_tmp.path, pdf_path), (map_tmp.path, map_path)])
    return Built(pdf_path, map_path, len(pages), sum(c.count for c in loaded.spec.components), texts)


def _settings(loaded: Loaded, opts: BuildOptions) -> dict:
    edition = edition_of(loaded, opts)
    main = edition.main
    return {
        "paper": {"name": opts.sheet.name, "width_mm": opts.sheet.width, "height_mm": opts.sheet.height},
        "edition": edition.name,
        "card_mm": [round(main.width, 3), round(main.height, 3)],
        "templates": {t.name: {"shape": t.shape, "size_mm": [round(t.width, 3), round(t.height, 3)],
                               "bleed_mm": piece_bleed(t.outline, opts.bleed, opts.diamonds)}
                      for t in edition.templates.values()},
        "bleed_mm": opts.bleed,
        "backs": opts.backs,
        "back_offset_mm": list(opts.back_offset),  # as measured: where the backs land, seen from the front
        "back_shift_mm": [round(v, 3) + 0.0 for v in back_shift(opts.backs, opts.back_offset)],  # the back pages moved by
        "diamonds": opts.diamonds,
        "lang": opts.lang,
        "cmyk": opts.cmyk,
        "slug": opts.slug,
        "cut_files": opts.cut_files,
    }


class _Staged:
    """A temporary file beside `target`, moved over it on success, removed on failure."""

    def __init__(self, target: Path):
        self.target = target
        self.ready = False

    def __enter__(self) -> "_Staged":
        fd, name = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=self.target.parent)
        os.close(fd)
        self.path = Path(name)
        outputs.normal_mode(self.path)  # mkstemp's files are private; an output is not
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self.ready:
            os.replace(self.path, self.target)
        else:
            self.path.unlink(missing_ok=True)


class _StagedDir:
    """A temporary folder beside `target`, put in its place on success (when `wanted`; otherwise
    a `target` left by an earlier build is removed on success), removed on failure."""

    def __init__(self, target: Path, wanted: bool):
        self.target, self.wanted = target, wanted
        self.ready = False

    def __enter__(self) -> "_StagedDir":
        self.path = None
        if self.wanted:
            self.path = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=self.target.parent))
            outputs.normal_mode(self.path, directory=True)
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self.ready and self.target.is_dir():
            old = Path(tempfile.mkdtemp(prefix=f".{self.target.name}.old.", suffix=".tmp", dir=self.target.parent))
            os.replace(self.target, old / self.target.name)
            shutil.rmtree(old)
        if exc_type is None and self.ready and self.path is not None:
            os.replace(self.path, self.target)
        elif self.path is not None:
            shutil.rmtree(self.path, ignore_errors=True)
