"""Rhombi, circles and hexagons in a staggered lattice: rows of pieces, every other row shifted by
half a step, so that the pieces nest into each other's gaps.

Shared-edge diamonds tessellate (the lattice along their own edges, no bleed), so every cut is a
straight line across the tiled area, marked at both of its ends. Spaced diamonds, circles and
hexagons keep their bleed (2 x bleed between neighbours) and are cut along their outlines.
The lattice's offset and orientation are chosen exactly, not by trial: the number of whole
pieces in a rectangle is a product of one-dimensional counts that change only at a few offsets,
and every one of those is tried.
"""
from __future__ import annotations

import math

from ..records import record
from ..geometry.shapes import Outline
from .geometry import MARK_GAP, MARK_LEN, MARK_ZONE, ImpositionError, Line, Region

EPS = 1e-9
ROOT3 = math.sqrt(3.0)

Slot = tuple[float, float, float, float, int]


@record(frozen=True)
class Stagger:
    """The steps of a staggered lattice: centre to centre along a row, and row to row, every other
    row shifted by half a step (columns instead, when transposed)."""

    sx: float  # centre to centre along a row
    sy: float  # row to row; odd rows are shifted by sx / 2
    transposed: bool = False  # columns are staggered instead of rows


@record
class Lattice:
    """The lattice that holds the most pieces in a region: how many, their centres on the page in
    reading order, and the outline as it lies there (turned `rotation` degrees)."""

    count: int
    centres: list[tuple[float, float]]  # page mm, in reading order
    outline: Outline  # as it lies on the page
    rotation: int


def staggers(o: Outline, gw: float, gh: float) -> list[Stagger]:
    """The lattices in which pieces of outline `o`, grown to a gw x gh box, nest edge to edge."""
    if o.shape == "rhombus":
        return [Stagger(gw, gh / 2)]
    if o.shape == "circle":
        return [Stagger(gw, gw * ROOT3 / 2), Stagger(gh, gh * ROOT3 / 2, transposed=True)]
    if o.shape == "hexagon" and o.orient == "pointy":
        return [Stagger(gw, 0.75 * gh)]
    if o.shape == "hexagon":
        return [Stagger(gh, 0.75 * gw, transposed=True)]
    raise ImpositionError(f"no lattice packs a {o.shape}")


def count_1d(length: float, step: float, offset: float) -> int:
    """How many of offset, offset + step, ... lie in [0, length]."""
    if offset > length + EPS:
        return 0
    return int(math.floor((length - offset) / step + EPS)) + 1


def _situations(length: float, step: float) -> list[tuple[float, int, int]]:
    """(offset, count of a grid, count of the grid shifted by half a step) for every offset at
    which either count changes, and one offset inside every interval between them."""
    rest = length - step * math.floor(length / step + EPS)
    cuts = sorted({0.0, rest % step, (rest - step / 2) % step, (step / 2) % step})
    probes = cuts + [(a + b) / 2 for a, b in zip(cuts, cuts[1:] + [step])]
    return [(t, count_1d(length, step, t), count_1d(length, step, (t + step / 2) % step)) for t in probes]


def best_offsets(free_w: float, free_h: float, st: Stagger) -> tuple[int, list[tuple[float, float]]]:
    """The most lattice points that fit in [0, free_w] x [0, free_h], and those points, centred.
    Even rows form a grid of (sx, 2 sy), odd rows the same grid shifted by (sx / 2, sy)."""
    if free_w < -EPS or free_h < -EPS:
        return 0, []
    free_w, free_h = max(free_w, 0.0), max(free_h, 0.0)
    best = (0, 0.0, 0.0, (0, 0, 0, 0))
    for tx, ax, bx in _situations(free_w, st.sx):
        for ty, ay, by in _situations(free_h, 2 * st.sy):
            n = ax * ay + bx * by
            if n > best[0]:
                best = (n, tx, ty, (ax, bx, ay, by))
    n, tx, ty, (ax, bx, ay, by) = best
    if n == 0:
        return 0, []
    pts = [(tx + i * st.sx, ty + 2 * k * st.sy) for k in range(ay) for i in range(ax)]
    ox, oy = (tx + st.sx / 2) % st.sx, (ty + st.sy) % (2 * st.sy)
    pts += [(ox + i * st.sx, oy + 2 * k * st.sy) for k in range(by) for i in range(bx)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    dx, dy = (free_w - min(xs) - max(xs)) / 2, (free_h - min(ys) - max(ys)) / 2  # centre the lot
    return n, [(x + dx, y + dy) for x, y in pts]


def fit(outline: Outline, region: Region, bleed: float) -> Lattice:
    """The lattice, orientation and offset that hold the most whole pieces in the region."""
    best: Lattice | None = None
    for rotation in (0, 90):
        o = outline if rotation == 0 else outline.turned()
        _, _, gw, gh = o.grown_box(bleed)
        for st in staggers(o, gw, gh):
            fw, fh = region.w - gw, region.h - gh
            n, pts = best_offsets(fh, fw, st) if st.transposed else best_offsets(fw, fh, st)
            if st.transposed:
                pts = [(y, x) for x, y in pts]
            if best is None or n > best.count:
                centres = [(region.x0 + gw / 2 + x, region.y0 + gh / 2 + y) for x, y in pts]
                centres.sort(key=lambda c: (-round(c[1], 3), round(c[0], 3)))  # top row first, left to right
                best = Lattice(n, centres, o, rotation)
    if best is None or best.count == 0:
        o = outline
        _, _, gw, gh = o.grown_box(bleed)
        raise ImpositionError(f"{o.shape} ({o.w:g} x {o.h:g} mm, {gw:.1f} x {gh:.1f} mm with {bleed:g} mm bleed) "
                              f"too large for the printable area ({region.w:g} x {region.h:g} mm)")
    return best


@record
class LatticePacking:
    """Pieces packed in a staggered lattice: shared-edge diamonds, marked at both ends of every
    straight cut, or spaced pieces cut along their outlines."""

    lattice: Lattice
    shared_edge: bool

    @property
    def mark_style(self) -> str:
        return "lattice" if self.shared_edge else "none"

    @property
    def per_page(self) -> int:
        return self.lattice.count

    @property
    def slots(self) -> list[Slot]:
        o = self.lattice.outline
        return [(cx - o.w / 2, cy - o.h / 2, o.w, o.h, self.lattice.rotation) for cx, cy in self.lattice.centres]

    def marks(self, placements, region: Region) -> list[Line]:
        return rhombus_marks(placements, region) if self.shared_edge else []

    def cuts(self, placements) -> list[list[tuple[float, float]]]:
        return [] if self.shared_edge else [p.outline() for p in placements]


def pack(outline: Outline, region: Region, bleed: float, diamonds: str = "shared-edge") -> LatticePacking:
    shared = outline.shape == "rhombus" and diamonds == "shared-edge"
    # a shared-edge lattice is cut line by line: leave room for a mark beyond every corner
    area = region.inset(MARK_ZONE) if shared else region
    return LatticePacking(fit(outline, area, 0.0 if shared else bleed), shared)


def cut_lines(placements) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight cuts through a shared-edge lattice: every line that carries tile edges, from
    its first tile corner to its last."""
    found: list[tuple[tuple[float, float], float, float, float]] = []  # direction, offset, t0, t1
    for p in placements:
        pts = p.outline()
        for a, b in zip(pts, pts[1:] + pts[:1]):
            length = math.hypot(b[0] - a[0], b[1] - a[1])
            d = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
            if d[0] < -EPS or (abs(d[0]) <= EPS and d[1] < 0):
                d = (-d[0], -d[1])
            c = d[0] * a[1] - d[1] * a[0]  # signed distance of the line from the origin
            ta, tb = d[0] * a[0] + d[1] * a[1], d[0] * b[0] + d[1] * b[1]
            found.append((d, c, min(ta, tb), max(ta, tb)))
    found.sort(key=lambda f: (round(f[0][0], 6), round(f[0][1], 6), f[1]))
    lines: list[list] = []
    for d, c, t0, t1 in found:
        last = lines[-1] if lines else None
        if last and abs(last[0][0] - d[0]) < 1e-6 and abs(last[0][1] - d[1]) < 1e-6 and abs(last[1] - c) < 1e-6:
            last[2], last[3] = min(last[2], t0), max(last[3], t1)
        else:
            lines.append([d, c, t0, t1])
    out = []
    for (dx, dy), c, t0, t1 in lines:
        nx, ny = -dy, dx  # unit normal: the line is the points p with n . p = c
        out.append(((nx * c + dx * t0, ny * c + dy * t0), (nx * c + dx * t1, ny * c + dy * t1)))
    return out


def rhombus_marks(placements, region: Region) -> list[Line]:
    """A mark beyond both ends of every straight cut, outside the tiled area, in the region."""
    marks: list[Line] = []
    for (x0, y0), (x1, y1) in cut_lines(placements):
        length = math.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for (ex, ey), s in (((x1, y1), 1.0), ((x0, y0), -1.0)):
            a = (ex + s * ux * MARK_GAP, ey + s * uy * MARK_GAP)
            b = (ex + s * ux * (MARK_GAP + MARK_LEN), ey + s * uy * (MARK_GAP + MARK_LEN))
            seg = region.clip_segment(*a, *b)
            if seg and math.hypot(seg[2] - seg[0], seg[3] - seg[1]) > 0.5:
                marks.append(seg)
    return marks
