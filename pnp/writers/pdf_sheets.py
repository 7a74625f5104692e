"""The PDF sheets writer: the plan's pages with every face and back in place, and the marks.

Takes the plan, the drawn faces and backs (by key) and a title; writes the PDF through the PDF
backend. Each face and back is a shared symbol (a form XObject) placed by its placement's
matrix; a tile of a board shows its window of the board and the bleed around it. On top go the
cut lines of pieces cut along their outlines, tile glue areas, cross-hairs and captions, crop
marks and fold marks; then, in the margin, the slug line (game, page, side, build options, `pnp`
version) and, for print-and-cut, the registration marks on every sheet that is cut.

A duplex printer that turns the backs (`--back-rotate DEG`, measured as seen from the front,
counter-clockwise positive) is corrected here, at the page: everything on a back page is drawn
through one transform (`back_turn`), turned by -DEG about the page centre as seen from the front,
which is +DEG in the back page's own (mirrored) coordinates. The offset is already in the plan's
back placements (`pnp.imposition.back_shift`), so the turn comes after it. `turned_outline`
gives a back piece's outline where it is actually drawn, for the sheet map.
"""
from __future__ import annotations

import math
from pathlib import Path

from ..records import record
from ..geometry import fonts
from ..geometry.drawing import BLACK, IDENTITY, PT, WHITE, Color, Drawing, Group, Matrix, apply, multiply, rotate, translate
from ..geometry.drawing import Path as DPath
from ..render.pdf import PdfBackend
from ..imposition import ImpositionError, Page, Placement, Plan
from ..imposition.tiles import CAPTION_PT
from ..load.layout import Sheet
from .sheet_marks import Registration, page_slug, place_slug

MARK_WIDTH = 0.25 * PT  # 0.25 pt, in mm
CUT_GREY = Color(0.3, 0.3, 0.3)  # dark enough to follow on light art and on dark
GLUE_GREY = Color(0.55, 0.55, 0.55)
CAPTION_GREY = Color(0.25, 0.25, 0.25)


@record
class Art:
    """The drawn faces and backs the sheets place: each component's face, each back design's
    drawing, and which back each component has."""

    faces: dict[str, Drawing]  # by component id
    backs: dict[str, Drawing]  # by back key
    back_of: dict[str, str]  # component id -> the key of its back

    def of(self, p: Placement) -> tuple[str, Drawing]:
        if p.side == "front":
            return f"face:{p.piece.id}", self.faces[p.piece.id]
        key = self.back_of[p.piece.id]
        return key, self.backs[key]


def write_pdf(path: Path, plan: Plan, art: Art, title: str, press=None,
              slug: tuple[str, str, Sheet] | None = None, registration: Registration | None = None,
              numbering: tuple[list[int], int] | None = None, code_cache: dict | None = None,
              progress=None, back_rotate: float = 0.0) -> None:
    """`slug`: (game, the build's options as the slug states them, paper) to print a slug line
    on every page; `registration`: print-and-cut marks for every sheet that is cut; `numbering`:
    the pages' numbers in the full print and its page count (a reprint of some of its sheets);
    `code_cache`: see PdfBackend; `progress`: told of each sheet written; `back_rotate`: the
    printer's measured turn of the backs in degrees, undone on every back page (`back_turn`)."""
    pdf = PdfBackend(str(path), title=title, press=press, code_cache=code_cache)
    numbers, total = numbering or (range(1, len(plan.pages) + 1), len(plan.pages))
    sheets = sum(page.side != "back" for page in plan.pages)
    turn = back_turn(plan.width, plan.height, back_rotate) if back_rotate else None
    for n, page in zip(numbers, plan.pages):
        turned = turn if page.side == "back" else None
        if turned:  # every back page's content through one transform; its boxes where they are then
            pdf.begin_page(plan.width, plan.height, _turned_box(page.trim_box, turned),
                           _turned_box(page.bleed_box, turned))
            whole = Drawing(plan.width, plan.height)
        else:
            pdf.begin_page(plan.width, plan.height, page.trim_box, page.bleed_box)
        for p in page.placements:
            key, drawing = art.of(p)
            if p.tile is None and turned:
                whole.use(key, drawing, p.matrix())
            elif p.tile is None:
                pdf.place_symbol(key, drawing, p.matrix())
            else:
                x, y, w, h = p.tile.window
                b = page.bleed
                layer = whole if turned else Drawing(plan.width, plan.height)
                layer.group(clip=DPath.rect(x - b, y - b, w + 2 * b, h + 2 * b)).use(key, drawing, p.matrix())
                if not turned:
                    pdf.place(layer, IDENTITY)
        overlay = _overlay(page, plan)
        marks = registration.shapes() if registration and page.side != "back" else []
        for shape in marks:
            overlay.polygon(shape, fill=BLACK)
        if slug:
            game, options, sheet = slug
            inset = turn_reach(plan.width, plan.height, back_rotate) if turned else 0.0
            _slug(overlay, place_slug(page_slug(game, n, total, page.side, options), page, sheet, marks, inset))
        if turned:
            whole.ops.append(Group(overlay))
            pdf.place(whole, turned)
        else:
            pdf.place(overlay, IDENTITY)
        pdf.end_page()
        if progress and page.side != "back":
            progress.sheet(sheets)
    pdf.save()


def turn_reach(width: float, height: float, deg: float) -> float:
    """The most a back page's turn (`back_turn`) moves any point of the page, in mm: the slug of a
    turned back page is placed that much further inside the printable margin, so that the turn
    never carries it (or its scale bar) into the edge the printer cannot print."""
    return math.hypot(width, height) / 2 * 2 * math.sin(math.radians(abs(deg)) / 2)


def back_turn(width: float, height: float, deg: float) -> Matrix:
    """The transform of a back page's content that undoes a printer turning the backs by `deg`
    (seen from the front, counter-clockwise positive): -`deg` about the page centre seen from the
    front, which a duplex flip (a mirror) makes +`deg` in the back page's own coordinates."""
    if not deg:
        return IDENTITY
    cx, cy = width / 2, height / 2
    return multiply(multiply(translate(-cx, -cy), rotate(deg)), translate(cx, cy))


def turned_outline(p: Placement, width: float, height: float, deg: float) -> list[tuple[float, float]]:
    """A back placement's trim outline where it is drawn on a page turned by `back_turn`."""
    m = back_turn(width, height, deg)
    return [apply(m, x, y) for x, y in p.outline()]


def check_back_turn(plan: Plan, margin: float, deg: float, paper: str = "the paper") -> None:
    """Refuse a turn that swings a back's bleed past the printable margin (as an offset that
    pushes it there is refused), naming the largest turn that fits."""
    if not deg:
        return

    def fits(a: float) -> bool:
        m = back_turn(plan.width, plan.height, a)
        for page in plan.pages:
            if page.side != "back":
                continue
            b = page.bleed
            for p in page.placements:
                x, y, w, h = p.trim
                for px, py in ((x - b, y - b), (x + w + b, y - b), (x + w + b, y + h + b), (x - b, y + h + b)):
                    qx, qy = apply(m, px, py)
                    if not (margin - 1e-6 <= qx <= plan.width - margin + 1e-6
                            and margin - 1e-6 <= qy <= plan.height - margin + 1e-6):
                        return False
        return True

    if fits(deg):
        return
    lo, hi = 0.0, abs(deg)  # the turn that just fits, the same way round
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(math.copysign(mid, deg)) else (lo, mid)
    raise ImpositionError(f"--back-rotate {deg:g} would turn backs past the {margin:g} mm printable margin of "
                          f"{paper}; the largest turn that fits this way is {math.floor(lo * 100) / 100:g} degrees")


def _turned_box(box, m: Matrix):
    """The bounding box (x0, y0, x1, y1) of `box` turned by `m`."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    pts = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
    return (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))


def _overlay(page: Page, plan: Plan) -> Drawing:
    d = Drawing(plan.width, plan.height)
    for outline in page.cuts:
        d.polygon(outline, stroke=CUT_GREY, width=MARK_WIDTH)
    for p in page.placements:
        if p.tile:
            for g in p.tile.glue:
                _glue(d, g)
            for x, y in p.tile.crosshairs:  # as large as the glue area they sit on leaves room for
                _crosshair(d, x, y, r=p.tile.mark_arm * 0.625, arm=p.tile.mark_arm)
            _caption(d, p.tile.caption, *p.tile.caption_at)
    for x1, y1, x2, y2 in page.marks:
        d.line(x1, y1, x2, y2, stroke=BLACK, width=MARK_WIDTH)
    for x1, y1, x2, y2 in page.folds:
        d.path(DPath().move(x1, y1).line(x2, y2), stroke=BLACK, width=MARK_WIDTH, dash=(1.0, 0.7))
    return d


def _glue(d: Drawing, rect: tuple[float, float, float, float]) -> None:
    """A hatched strip with a dashed edge and the word 'glue': the next tile is laid over it."""
    x, y, w, h = rect
    g = d.group(clip=DPath.rect(x, y, w, h))
    step = 2.5
    k = -h
    while k < w:
        g.line(x + k, y, x + k + h, y + h, stroke=GLUE_GREY, width=0.15)
        k += step
    d.rect(x, y, w, h, stroke=GLUE_GREY, width=0.3, dash=(1.5, 1.0))
    size = 6.0
    text_w = fonts.width("glue", size, True) + 2
    along = h > w  # a strip down the side reads upwards
    m = multiply(rotate(90), translate(x + w / 2, y + h / 2)) if along else translate(x + w / 2, y + h / 2)
    t = d.group(m)
    t.rect(-text_w / 2, -1.6, text_w, 3.2, r=0.8, fill=WHITE)
    t.text(0, -size * PT * 0.36, "glue", size, bold=True, fill=GLUE_GREY.darker(0.3), anchor="middle")


def _crosshair(d: Drawing, x: float, y: float, r: float = 2.5, arm: float = 4.0) -> None:
    """A circle and cross, haloed in white so it shows on dark art as on light."""
    for colour, width in ((WHITE, 0.6), (BLACK, MARK_WIDTH)):
        d.circle(x, y, r, stroke=colour, width=width)
        d.line(x - arm, y, x + arm, y, stroke=colour, width=width)
        d.line(x, y - arm, x, y + arm, stroke=colour, width=width)


def _slug(d: Drawing, s) -> None:
    g = d.group(multiply(rotate(s.rotation), translate(s.x, s.y)))
    g.text(0, 0, s.text, s.size, fill=CAPTION_GREY)
    for x0, y0, x1, y1 in s.bar_lines():  # 50 mm exactly, to check with a ruler that nothing scaled the print
        g.line(x0, y0, x1, y1, stroke=CAPTION_GREY, width=0.2)
    if s.apart is not None:  # the bar on its own, where the margin had no room for it after the text
        _slug(d, s.apart)


def _caption(d: Drawing, text: str, x: float, y: float) -> None:
    d.text(x, y, text, CAPTION_PT, fill=CAPTION_GREY, anchor="middle")
