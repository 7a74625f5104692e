"""Piece outlines: the shape of a card, tile, token or board, and that shape grown by the bleed.

An `Outline` is a shape kind and its bounding box (w x h mm, origin bottom-left, y up, the
piece's own coordinates). It gives the trim outline and the outline grown by any distance as a
drawing `Path` (curves kept, for clipping and filling) or as a polygon (curves flattened to a
tolerance, for the sheet map, cut lines and tests). Layout reads outlines from templates;
imposition packs them; renderers clip and fill with them. Nothing here knows paper or cards.
"""
from __future__ import annotations

import math

from ..records import record
from .drawing import Matrix, Path, apply

SHAPES = ("rect", "rhombus", "circle", "hexagon")
ORIENTS = ("pointy", "flat")  # hexagon: a vertex at the top, or an edge at the top
FLAT_TOL = 0.1  # mm: the largest gap between a curve and the polygon standing in for it
ROOT3 = math.sqrt(3.0)

Point = tuple[float, float]


@record(frozen=True)
class Outline:
    """A piece's trim shape: one of SHAPES and its bounding box in mm, with a rect's corner radius
    and a hexagon's orientation."""

    shape: str  # one of SHAPES
    w: float  # bounding box of the trim outline
    h: float
    radius: float = 0.0  # rect: corner radius
    orient: str = "pointy"  # hexagon: pointy- or flat-topped

    def turned(self) -> "Outline":
        """The same outline a quarter turn round: width and height swap, a pointy hexagon lies flat."""
        orient = {"pointy": "flat", "flat": "pointy"}[self.orient] if self.shape == "hexagon" else self.orient
        return Outline(self.shape, self.h, self.w, self.radius, orient)

    def polygon(self, grow: float = 0.0, tol: float = FLAT_TOL) -> list[Point]:
        """The outline grown outwards by `grow` mm, counter-clockwise, curves flattened to `tol`."""
        w, h, g = self.w, self.h, grow
        if self.shape == "circle":
            return circle_points(w / 2, h / 2, w / 2 + g, tol)
        if self.shape == "rect":
            if self.radius > 0:
                return _rounded(w, h, self.radius, g, tol)
            return [(-g, -g), (w + g, -g), (w + g, h + g), (-g, h + g)]
        return offset_convex(self.corners(), g)

    def corners(self) -> list[Point]:
        """The vertices of a polygonal outline (rect, rhombus, hexagon), counter-clockwise."""
        w, h = self.w, self.h
        if self.shape == "rhombus":  # width and height are the two diagonals
            return [(w / 2, 0.0), (w, h / 2), (w / 2, h), (0.0, h / 2)]
        if self.shape == "hexagon" and self.orient == "pointy":
            return [(w / 2, 0.0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0.0, 3 * h / 4), (0.0, h / 4)]
        if self.shape == "hexagon":
            return [(w / 4, 0.0), (3 * w / 4, 0.0), (w, h / 2), (3 * w / 4, h), (w / 4, h), (0.0, h / 2)]
        return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]

    def path(self, grow: float = 0.0) -> Path:
        """The outline grown by `grow` as a drawing path, with true curves (clip and fill with it)."""
        g = grow
        if self.shape == "circle":
            return Path.circle(self.w / 2, self.h / 2, self.w / 2 + g)
        if self.shape == "rect":
            return Path.rect(-g, -g, self.w + 2 * g, self.h + 2 * g, self.radius + g if self.radius > 0 else 0.0)
        return Path.polygon(offset_convex(self.corners(), g))

    def grown_box(self, grow: float) -> tuple[float, float, float, float]:
        """The bounding box (x, y, w, h) of the outline grown by `grow`, in the piece's coordinates."""
        return bbox(self.polygon(grow, tol=0.01)) if self.shape in ("rhombus", "hexagon") else (
            -grow, -grow, self.w + 2 * grow, self.h + 2 * grow)


def regular_hexagon_other_side(orient: str, width: float | None, height: float | None) -> float:
    """For a regular hexagon: the height from the width (or the width from the height)."""
    across_points = 2 / ROOT3  # the vertex-to-vertex diameter over the edge-to-edge one
    if width is not None:
        return width * across_points if orient == "pointy" else width / across_points
    assert height is not None
    return height / across_points if orient == "pointy" else height * across_points


def circle_points(cx: float, cy: float, r: float, tol: float = FLAT_TOL) -> list[Point]:
    """A polygon inscribed in the circle, no point of the circle more than `tol` from it."""
    n = _segments(r, 2 * math.pi, tol)
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def _segments(r: float, angle: float, tol: float) -> int:
    if r <= tol:
        return max(1, math.ceil(angle / (math.pi / 2)))
    step = 2 * math.acos(1 - tol / r)
    return max(1, math.ceil(angle / step))


def _rounded(w: float, h: float, r: float, g: float, tol: float) -> list[Point]:
    r = min(r, w / 2, h / 2) + g
    n = _segments(r, math.pi / 2, tol)
    pts: list[Point] = []
    for cx, cy, start in ((w - r + g, r - g, -90), (w - r + g, h - r + g, 0), (r - g, h - r + g, 90), (r - g, r - g, 180)):
        for i in range(n + 1):
            a = math.radians(start + 90 * i / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return dedupe(pts)


def offset_convex(points: list[Point], d: float) -> list[Point]:
    """A convex counter-clockwise polygon with every edge moved `d` outwards (sharp corners)."""
    if d == 0:
        return list(points)
    n = len(points)
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = (y2 - y1) / length, -(x2 - x1) / length  # outward for counter-clockwise order
        lines.append(((x1 + nx * d, y1 + ny * d), (x2 - x1, y2 - y1)))
    out = []
    for i in range(n):
        (p, u), (q, v) = lines[i - 1], lines[i]
        cross = u[0] * v[1] - u[1] * v[0]
        t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / cross
        out.append((p[0] + u[0] * t, p[1] + u[1] * t))
    return out


def bbox(points: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def transform(points: list[Point], m: Matrix) -> list[Point]:
    return [apply(m, x, y) for x, y in points]


def counter_clockwise(points: list[Point]) -> list[Point]:
    """The polygon in counter-clockwise order (a mirrored one comes out clockwise)."""
    area2 = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
    return list(points) if area2 >= 0 else list(reversed(points))


def clip_to_rect(points: list[Point], rect: tuple[float, float, float, float]) -> list[Point]:
    """The part of a convex polygon inside an axis-aligned rectangle (x, y, w, h)."""
    x0, y0, w, h = rect
    edges = [(0, x0, 1), (0, x0 + w, -1), (1, y0, 1), (1, y0 + h, -1)]  # axis, value, inside sign
    out = list(points)
    for axis, value, sign in edges:
        if not out:
            break
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            cin, pin = (cur[axis] - value) * sign >= -1e-12, (prev[axis] - value) * sign >= -1e-12
            if cin != pin:
                t = (value - prev[axis]) / (cur[axis] - prev[axis])
                out.append((prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t))
            if cin:
                out.append(cur)
    return dedupe(out)


def dedupe(points: list[Point], tol: float = 1e-9) -> list[Point]:
    """The polygon without repeated vertices (a corner on a clipping edge, a pill's flat side)."""
    out: list[Point] = []
    for p in points:
        if not out or abs(p[0] - out[-1][0]) > tol or abs(p[1] - out[-1][1]) > tol:
            out.append(p)
    while len(out) > 1 and abs(out[0][0] - out[-1][0]) <= tol and abs(out[0][1] - out[-1][1]) <= tol:
        out.pop()
    return out
