"""The SVG cut file writer: for every sheet that is cut, each piece's cut path at true size and
the registration marks a print-and-cut machine looks for; nothing else.

Takes the plan, the paper and the registration marks; writes one SVG per front (or gutterfold)
sheet into a folder, `page-<n>.svg` after the sheet's page number in the PDF and the sheet map.
The SVG is the sheet at true size: `width`/`height` in mm and a viewBox in mm, so one user unit
is one millimetre; y runs down, so a sheet-map point (x, y) is (x, H - y) here, H the paper's
height. A gutterfold sheet is cut folded: its SVG is the top half of the page (H / 2 high, the
same formula). Every piece is one closed path with the id `<id>.<copy>` (a tile's
`<id>.<copy>.tile-<n>`) through exactly the points of its sheet-map `outline_mm`; where
consecutive points lie on a curve of the piece (a circle, a rounded corner) the path follows
the true arc between them rather than the chord. Shared-edge diamonds are cut piece by piece
too, so an edge two diamonds share is in both their paths.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING


from ..geometry.drawing import apply
from ..imposition import Page, Placement, Plan
from ..geometry.shapes import FLAT_TOL, Point
from .sheet_marks import Registration

if TYPE_CHECKING:
    import svgwrite

CUT_STROKE = "#ff0000"  # what cutter software treats as a cut line
HAIRLINE = 0.1  # mm


def cut_sheets(plan: Plan) -> list[tuple[int, Page]]:
    """The pages a cutter cuts, with their page numbers: fronts and gutterfold sheets."""
    return [(n, page) for n, page in enumerate(plan.pages, start=1) if page.side != "back"]


def file_name(n: int, pages: int) -> str:
    return f"page-{n:0{len(str(pages))}d}.svg"


def write_cut_files(folder: Path, plan: Plan, marks: Registration, pages: set[int] | None = None) -> list[Path]:
    """One SVG per sheet a cutter cuts, named by its page number in `plan`; only the page
    numbers in `pages` when given (a reprint's)."""
    out = []
    for n, page in cut_sheets(plan):
        if pages is not None and n not in pages:
            continue
        path = folder / file_name(n, len(plan.pages))
        cut_svg(page, plan, marks).saveas(path, pretty=True)
        out.append(path)
    return out


def cut_svg(page: Page, plan: Plan, marks: Registration) -> "svgwrite.Drawing":
    import svgwrite  # 40 ms to import: only builds with --cut-files pay for it

    w, h = plan.width, plan.height
    shown = h / 2 if page.side == "gutterfold" else h
    doc = svgwrite.Drawing(size=(f"{w:g}mm", f"{_n(shown)}mm"), viewBox=f"0 0 {w:g} {_n(shown)}", debug=False)
    reg = doc.add(doc.g(id="registration", fill="#000000", stroke="none"))
    for shape in marks.shapes():
        reg.add(doc.path(d=_polygon_d(shape, h)))
    cuts = doc.add(doc.g(id="cut", fill="none", stroke=CUT_STROKE, stroke_width=HAIRLINE))
    for p in page.placements:
        if p.side == "front":
            cuts.add(doc.path(d=cut_path(p, h), id=piece_ref(p)))
    return doc


def piece_ref(p: Placement) -> str:
    ref = f"{p.piece.id}.{p.piece.copy}"
    return ref + (f".tile-{p.tile.number}" if p.tile else "")


def cut_path(p: Placement, height: float) -> str:
    """SVG path data of a placement's trim outline: its outline points joined by straight lines,
    or by arcs where both ends lie on one of the piece's curves."""
    pts = p.outline()
    circles = [(apply(p.matrix(), cx, cy), r) for (cx, cy), r in curves(p)]
    d = [f"M{_n(pts[0][0])},{_n(height - pts[0][1])}"]
    arc: tuple | None = None  # the circle the path is following, and the angle swept so far
    for a, b in zip(pts, pts[1:] + pts[:1]):
        c = _on_arc(a, b, circles)
        if c is not None and arc is not None and arc[0] == c and arc[1] + _angle(a, b, c) < math.pi - 1e-6:
            arc = (c, arc[1] + _angle(a, b, c))
            d[-1] = _arc_to(b, c[1], height)  # extend the arc to this point
            continue
        arc = (c, _angle(a, b, c)) if c is not None else None
        d.append(_arc_to(b, c[1], height) if c is not None else f"L{_n(b[0])},{_n(height - b[1])}")
    return " ".join(d) + " Z"


def curves(p: Placement) -> list[tuple[Point, float]]:
    """The circles the piece's outline follows (centre in the piece's coordinates, radius)."""
    o = p.piece.outline
    if o.shape == "circle":
        return [((o.w / 2, o.h / 2), o.w / 2)]
    if o.shape == "rect" and o.radius > 0:
        r = min(o.radius, o.w / 2, o.h / 2)
        return [((cx, cy), r) for cx in (r, o.w - r) for cy in (r, o.h - r)]
    return []


def _on_arc(a: Point, b: Point, circles) -> tuple | None:
    """The circle whose arc runs from a to b counter-clockwise, if the edge a-b is a chord of it
    no farther from the arc than the outline's flattening tolerance."""
    for c in circles:
        (cx, cy), r = c
        if abs(math.hypot(a[0] - cx, a[1] - cy) - r) > 1e-6 or abs(math.hypot(b[0] - cx, b[1] - cy) - r) > 1e-6:
            continue
        half = math.hypot(b[0] - a[0], b[1] - a[1]) / 2
        cross = (a[0] - cx) * (b[1] - cy) - (a[1] - cy) * (b[0] - cx)
        if cross > 0 and half < r and r - math.sqrt(r * r - half * half) <= FLAT_TOL + 1e-6:
            return c
    return None


def _angle(a: Point, b: Point, c) -> float:
    (cx, cy), _ = c
    return (math.atan2(b[1] - cy, b[0] - cx) - math.atan2(a[1] - cy, a[0] - cx)) % (2 * math.pi)


def _arc_to(b: Point, r: float, height: float) -> str:
    # counter-clockwise with y up is the negative direction with y down: sweep flag 0
    return f"A{_n(r)},{_n(r)} 0 0,0 {_n(b[0])},{_n(height - b[1])}"


def _polygon_d(points: list[Point], height: float) -> str:
    return "M" + " L".join(f"{_n(x)},{_n(height - y)}" for x, y in points) + " Z"


def _n(v: float) -> str:
    """A coordinate to 0.0001 mm, without trailing zeros."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s
