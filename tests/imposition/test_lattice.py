"""The lattice packer: diamonds, circles and hexagons fill a sheet as well as any offset of their
lattice can, never overlap, and shared-edge diamonds are cut by straight lines marked at both ends."""
import math

import pytest

from polygons import contains, grow, inside_rect, overlap
from pnp.imposition import Piece, impose
from pnp.imposition.geometry import MARK_GAP, MARK_LEN, MARK_MIN, MARK_ZONE, Region
from pnp.imposition import grid, lattice
from pnp.load.layout import Sheet
from pnp.geometry.shapes import Outline

A4 = Sheet("a4", 210, 297, 5)
LETTER = Sheet("letter", 215.9, 279.4, 6.35)


def region(sheet):
    return Region(sheet.margin, sheet.margin, sheet.width - sheet.margin, sheet.height - sheet.margin)


def vectors(o: Outline, gw: float, gh: float):
    """The lattices pieces of this outline (grown to gw x gh) nest in, worked out afresh."""
    if o.shape == "rhombus":
        return [((gw / 2, gh / 2), (-gw / 2, gh / 2))]
    if o.shape == "circle":
        return [((gw, 0), (gw / 2, gw * math.sqrt(3) / 2)), ((0, gh), (gh * math.sqrt(3) / 2, gh / 2))]
    if o.orient == "pointy":
        return [((gw, 0), (gw / 2, 0.75 * gh))]
    return [((0, gh), (0.75 * gw, gh / 2))]


def brute_force(outline: Outline, sheet: Sheet, bleed: float, shared: bool, steps: int = 24) -> int:
    """The most whole pieces any of steps x steps offsets of the lattice puts in the printable area."""
    area = region(sheet).inset(MARK_ZONE) if shared else region(sheet)
    g = 0.0 if shared else bleed
    best = 0
    for o in (outline, outline.turned()):
        poly = grow(o.polygon(), g) if o.shape != "circle" else o.polygon(g)
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        gw, gh = max(xs) - min(xs), max(ys) - min(ys)
        lo_x, hi_x = area.x0 + gw / 2, area.x1 - gw / 2  # where a centre may go
        lo_y, hi_y = area.y0 + gh / 2, area.y1 - gh / 2
        for v1, v2 in vectors(o, gw, gh):
            n = int(max(area.w, area.h) / min(math.hypot(*v1), math.hypot(*v2))) + 3
            for a in range(steps):
                for b in range(steps):
                    ox = area.x0 + (a * v1[0] + b * v2[0]) / steps
                    oy = area.y0 + (a * v1[1] + b * v2[1]) / steps
                    count = 0
                    for i in range(-n, n + 1):
                        for j in range(-n, n + 1):
                            x, y = ox + i * v1[0] + j * v2[0], oy + i * v1[1] + j * v2[1]
                            count += lo_x - 1e-9 <= x <= hi_x + 1e-9 and lo_y - 1e-9 <= y <= hi_y + 1e-9
                    best = max(best, count)
    return best


CASES = [
    (Outline("rhombus", 40, 64), A4, "shared-edge"),
    (Outline("rhombus", 40, 64), A4, "spaced"),
    (Outline("rhombus", 52, 90), LETTER, "shared-edge"),
    (Outline("circle", 30, 30), A4, ""),
    (Outline("circle", 41, 41), LETTER, ""),
    (Outline("hexagon", 40, 40 * 2 / math.sqrt(3)), A4, ""),
    (Outline("hexagon", 34 * 2 / math.sqrt(3), 34, orient="flat"), LETTER, ""),
]


@pytest.mark.parametrize("outline, sheet, mode", CASES, ids=lambda c: getattr(c, "shape", None) or getattr(c, "name", c))
def test_the_packer_never_places_fewer_than_a_brute_force_search_over_offsets(outline, sheet, mode):
    shared = mode == "shared-edge"
    packing = lattice.pack(outline, region(sheet), 3.0, mode or "spaced")
    found = brute_force(outline, sheet, 3.0, shared)
    assert packing.per_page >= found > 0


@pytest.mark.parametrize("w", [20, 30, 40, 45, 50])
def test_shared_edge_diamonds_fill_a4_half_again_as_well_as_a_grid_of_their_boxes(w):
    """On A4, diamonds up to 50 mm across (any height up to 1.9 x that) pack at least 1.5 x as many
    per sheet as a grid of their bounding rectangles; larger ones lose more to the sheet's edges."""
    heights = 0
    for h in range(w, int(w * 1.9) + 1, 3):
        o = Outline("rhombus", w, h)
        tiles = lattice.pack(o, region(A4), 3.0, "shared-edge").per_page
        boxes = grid.fit(w, h, region(A4), 0.0).per_page
        assert tiles >= 1.5 * boxes, (w, h, tiles, boxes)
        heights += 1
    assert heights > 1


def pieces(outline, n, backs=True):
    return [Piece(f"p{i}", 1, outline.shape, outline, has_back=backs) for i in range(n)]


@pytest.mark.parametrize("outline, sheet, mode", CASES, ids=lambda c: getattr(c, "shape", None) or getattr(c, "name", c))
def test_pieces_never_overlap_and_stay_in_the_printable_area_with_their_bleed(outline, sheet, mode):
    plan = impose(pieces(outline, 60), sheet, 3.0, "none", diamonds=mode or "spaced")
    m = sheet.margin
    placed = 0
    for page in plan.pages:
        bleeds = [grow(p.outline(), page.bleed) if outline.shape != "circle" else _circle(p, page.bleed)
                  for p in page.placements]
        for i, a in enumerate(bleeds):
            assert inside_rect(a, m, m, sheet.width - m, sheet.height - m)
            placed += 1
            for b in bleeds[i + 1:]:
                assert overlap(a, b) < 0.005  # bleeds touch at most (flattened circles: a hair)
        trims = [p.outline() for p in page.placements]
        for i, a in enumerate(trims):
            for b in trims[i + 1:]:
                assert overlap(a, b) == 0
    assert placed == 60  # every piece was looked at


def _circle(p, bleed):
    x, y, w, h = p.trim
    r = w / 2 + bleed
    return [(x + w / 2 + r * math.cos(a / 64 * 2 * math.pi), y + h / 2 + r * math.sin(a / 64 * 2 * math.pi)) for a in range(64)]


def test_every_copy_is_placed_exactly_once_in_reading_order():
    plan = impose(pieces(Outline("hexagon", 40, 40 * 2 / math.sqrt(3)), 50), A4, 3.0, "duplex-long")
    fronts = [p for page in plan.pages if page.side == "front" for p in page.placements]
    assert sorted(p.piece.id for p in fronts) == sorted(f"p{i}" for i in range(50))
    first = [p for p in plan.pages[0].placements]
    tops = [round(p.y + p.h, 3) for p in first]
    assert tops == sorted(tops, reverse=True)  # the top row first


def shared_page():
    return impose(pieces(Outline("rhombus", 40, 64), 33), A4, 3.0, "none").pages[0]


def test_shared_edge_neighbours_share_their_edges_exactly():
    page = shared_page()
    assert page.bleed == 0
    edges = []
    for n, p in enumerate(page.placements):
        pts = p.outline()
        edges += [(n, a, b) for a, b in zip(pts, pts[1:] + pts[:1])]
    shared = 0
    for n, a, b in edges:
        twins = [(m, c, d) for m, c, d in edges if m != n and _near(a, d) and _near(b, c)]
        assert len(twins) <= 1
        if twins:
            shared += 1
        else:  # an edge nobody shares lies on the tiled area's boundary: no tile beyond it
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            ox, oy = mx + (b[1] - a[1]) * 0.01, my - (b[0] - a[0]) * 0.01
            assert not any(contains(q.outline(), ox, oy) for q in page.placements)
    assert shared >= 2 * len(page.placements)  # most of the 4 edges of each tile are shared


def _near(p, q, tol=0.01):
    return math.hypot(p[0] - q[0], p[1] - q[1]) <= tol


def test_every_cut_is_one_straight_line_marked_beyond_both_ends_outside_every_tile():
    page = shared_page()
    lines = lattice.cut_lines(page.placements)
    assert len(lines) >= 2 * 7  # two families of cuts across the sheet
    tiles = [p.outline() for p in page.placements]
    reg = region(A4)
    for (x0, y0), (x1, y1) in lines:
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        # the straight cut passes through no tile: every point on it is on tile edges or outside
        for k in range(1, 200):
            t = length * k / 200
            px, py = x0 + ux * t, y0 + uy * t
            assert not any(contains(grow(poly, -0.05), px, py) for poly in tiles)
        for (ex, ey), s in (((x1, y1), 1), ((x0, y0), -1)):
            marks = [m for m in page.marks if _on_line(m, x0, y0, ux, uy) and
                     (min((m[0] - ex) * ux * s + (m[1] - ey) * uy * s, (m[2] - ex) * ux * s + (m[3] - ey) * uy * s)
                      >= MARK_GAP - 1e-6)]
            assert len(marks) == 1, ((x0, y0), (x1, y1), s)
            mx0, my0, mx1, my1 = marks[0]
            assert MARK_MIN - 1e-6 <= math.hypot(mx1 - mx0, my1 - my0) <= MARK_LEN + 1e-6
            assert inside_rect([(mx0, my0), (mx1, my1)], reg.x0, reg.y0, reg.x1, reg.y1)
            for poly in tiles:
                for t in (0, 0.5, 1):
                    assert not contains(poly, mx0 + (mx1 - mx0) * t, my0 + (my1 - my0) * t)
    assert len(page.marks) == 2 * len(lines)


def _on_line(mark, x0, y0, ux, uy, tol=1e-6):
    return all(abs((x - x0) * uy - (y - y0) * ux) <= tol for x, y in ((mark[0], mark[1]), (mark[2], mark[3])))


def test_each_template_fills_the_sheets_it_starts_and_the_next_shares_its_last_sheet():
    rh = Outline("rhombus", 40, 64)
    mixed = pieces(rh, 3) + [Piece("c", 1, "card", Outline("rect", 63, 88))] + pieces(rh, 3)
    plan = impose(mixed, A4, 3.0, "none")
    assert [sorted({p.piece.shape for p in page.placements}) for page in plan.pages] == [["rect", "rhombus"]]
    assert [p.piece.shape for p in plan.pages[0].placements] == ["rhombus"] * 6 + ["rect"]
