"""Build: checked spec + layout → card drawings → imposition → PDF and sheet map, atomically.

Takes a loaded game and build options; renders every component's face and every back design
once (the PDF reuses each as a form XObject on every copy), imposes the copies on sheets and
writes OUT/<id>.pdf and OUT/<id>.json. Both are written to temporary files first and moved into
place only when both are complete, so a failed build leaves the previous output untouched.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import fonts
from .diagnostics import Report
from .draw import BLACK, IDENTITY, PT, Color, Drawing, Path as DPath
from .draw.pdf import PdfBackend
from .games import RenderContext
from .imposition import Plan, Piece, impose, placement_matrix
from .layout import Sheet
from .project import Loaded

MARK_WIDTH = 0.25 * PT  # 0.25 pt, in mm


@dataclass
class BuildOptions:
    sheet: Sheet
    backs: str = "duplex-long"
    bleed: float = 3.0
    lang: str = "en"
    back_offset: tuple[float, float] = (0.0, 0.0)
    edition: str | None = None


@dataclass
class Built:
    pdf: Path
    sheet_map: Path
    pages: int
    cards: int


def render_all(loaded: Loaded, opts: BuildOptions, report: Report) -> tuple[dict[str, Drawing], dict[str, Drawing], RenderContext]:
    """Faces by component id and backs by key, each clipped to its bleed box."""
    spec, layout = loaded.spec, loaded.layout
    edition = layout.editions[opts.edition or layout.default]
    ctx = RenderContext(spec, edition, opts.lang, opts.bleed)
    faces: dict[str, Drawing] = {}
    backs: dict[str, Drawing] = {}
    for c in spec.components:
        faces[c.id] = _drawn(lambda: loaded.game.render_face(c, ctx), f"card '{c.id}'", c.loc, ctx, report)
        if c.back is None:
            continue
        design = spec.backs[c.back]
        key = back_key(loaded, c)
        if key not in backs:
            backs[key] = _drawn(lambda: loaded.game.render_back(design, ctx, c), f"back '{design.id}'",
                                design.loc, ctx, report)
    return faces, backs, ctx


def _drawn(render, what: str, loc, ctx: RenderContext, report: Report) -> Drawing:
    """Render one face; a face that cannot be drawn becomes a visible placeholder and a warning."""
    try:
        d = render()
    except Exception as exc:  # a renderer bug must not lose the other cards of the print run
        report.warning(loc, "RENDER-FAILED", f"{what} could not be drawn ({type(exc).__name__}: {exc}); "
                                             "a placeholder is printed in its place")
        d = _placeholder(ctx, what)
    _check_glyphs(d, what, loc, report)
    return _clipped(d, ctx.bleed)


def _placeholder(ctx: RenderContext, what: str) -> Drawing:
    w, h = ctx.edition.width, ctx.edition.height
    d = Drawing(w, h)
    red = Color(0.85, 0.1, 0.1)
    d.rect(-ctx.bleed, -ctx.bleed, w + 2 * ctx.bleed, h + 2 * ctx.bleed, fill=Color(1, 1, 1))
    d.rect(1, 1, w - 2, h - 2, stroke=red, width=0.6)
    d.line(1, 1, w - 1, h - 1, stroke=red, width=0.4)
    d.line(1, h - 1, w - 1, 1, stroke=red, width=0.4)
    size = fonts.fit(what, 9, w - 4, bold=True)
    d.text(w / 2, h / 2 + 1, "CANNOT DRAW", fonts.fit("CANNOT DRAW", 9, w - 4, bold=True), bold=True, fill=red, anchor="middle")
    d.text(w / 2, h / 2 - 4, what, size, bold=True, fill=red, anchor="middle")
    return d


def back_key(loaded: Loaded, card) -> str:
    design = loaded.spec.backs[card.back]
    if design.kind in loaded.game.per_card_backs:
        return f"back:{design.id}:{card.id}"
    return f"back:{design.id}"


def _clipped(d: Drawing, bleed: float) -> Drawing:
    """Art may run into the bleed but never past it, into a neighbour's."""
    out = Drawing(d.width, d.height)
    out.group(clip=DPath.rect(-bleed, -bleed, d.width + 2 * bleed, d.height + 2 * bleed)).ops.extend(d.ops)
    return out


def _check_glyphs(d: Drawing, what: str, loc, report: Report) -> None:
    lacking: list[str] = []
    for t, _ in d.texts():
        for ch in fonts.missing(t.text, t.bold):
            if ch not in lacking:
                lacking.append(ch)
    if lacking:
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in lacking)
        report.warning(loc, "FONT-GLYPH", f"{what} uses characters no vendored font has: {shown}; they print as empty boxes")


def pieces_of(loaded: Loaded, opts: BuildOptions) -> list[Piece]:
    ed = loaded.layout.editions[opts.edition or loaded.layout.default]
    return [Piece(c.id, k, c.kind, ed.width, ed.height, has_back=c.back is not None)
            for c in loaded.spec.components for k in range(1, c.count + 1)]


def build(loaded: Loaded, opts: BuildOptions, out_dir: Path, report: Report) -> Built:
    faces, backs, ctx = render_all(loaded, opts, report)
    plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.back_offset)
    comps = {c.id: c for c in loaded.spec.components}
    game = loaded.game.id
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf_path, map_path = out_dir / f"{game}.pdf", out_dir / f"{game}.json"
    with _Staged(pdf_path) as pdf_tmp, _Staged(map_path) as map_tmp:
        _write_pdf(pdf_tmp.path, plan, faces, backs, comps, loaded)
        sheet_map = _sheet_map(game, opts, ctx, plan)
        map_tmp.path.write_text(json.dumps(sheet_map, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        pdf_tmp.ready = map_tmp.ready = True
    return Built(pdf_path, map_path, len(plan.pages), sum(c.count for c in comps.values()))


def _write_pdf(path: Path, plan: Plan, faces, backs, comps, loaded: Loaded) -> None:
    name = loaded.spec.name.get("en", loaded.game.title)
    pdf = PdfBackend(str(path), title=f"{name} — print and play")
    for page in plan.pages:
        pdf.begin_page(plan.width, plan.height, page.trim_box, page.bleed_box)
        for p in page.placements:
            comp = comps[p.piece.id]
            key = f"face:{comp.id}" if p.side == "front" else back_key(loaded, comp)
            art = faces[comp.id] if p.side == "front" else backs[key]
            pdf.place_symbol(key, art, placement_matrix(p))
        marks = Drawing(plan.width, plan.height)
        for x1, y1, x2, y2 in page.marks:
            marks.line(x1, y1, x2, y2, stroke=BLACK, width=MARK_WIDTH)
        for x1, y1, x2, y2 in page.folds:
            marks.path(DPath().move(x1, y1).line(x2, y2), stroke=BLACK, width=MARK_WIDTH, dash=(1.0, 0.7))
        pdf.place(marks, IDENTITY)
        pdf.end_page()
    pdf.save()


def _sheet_map(game: str, opts: BuildOptions, ctx: RenderContext, plan: Plan) -> dict:
    return {
        "game": game,
        "paper": {"name": opts.sheet.name, "width_mm": opts.sheet.width, "height_mm": opts.sheet.height},
        "edition": ctx.edition.name,
        "card_mm": [ctx.edition.width, ctx.edition.height],
        "bleed_mm": opts.bleed,
        "backs": opts.backs,
        "back_offset_mm": list(opts.back_offset),
        "lang": opts.lang,
        "pages": [entry for i, page in enumerate(plan.pages, start=1) for entry in _map_entries(i, page)],
    }


def _map_entries(n: int, page) -> list[dict]:
    """One entry per side printed on the page: a gutterfold sheet holds fronts and backs."""
    sides = ("front", "back") if page.side == "gutterfold" else (page.side,)
    return [{"page": n, "side": side, "pieces": [p.as_json() for p in page.placements if p.side == side]}
            for side in sides]


class _Staged:
    """A temporary file beside `target`, moved over it on success, removed on failure."""

    def __init__(self, target: Path):
        self.target = target
        self.ready = False

    def __enter__(self) -> "_Staged":
        fd, name = tempfile.mkstemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=self.target.parent)
        os.close(fd)
        self.path = Path(name)
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None and self.ready:
            os.replace(self.path, self.target)
        else:
            self.path.unlink(missing_ok=True)
