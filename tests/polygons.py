"""Polygon checks for the imposition tests, independent of the code under test: overlap by
separating axes (convex polygons), containment, and mirror images."""
from __future__ import annotations

import math

TOUCH = 1e-6  # mm of overlap still counted as touching


def _axes(poly):
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        length = math.hypot(x2 - x1, y2 - y1)
        if length > 1e-9:
            yield (-(y2 - y1) / length, (x2 - x1) / length)


def overlap(a, b) -> float:
    """How deep two convex polygons overlap (0 when they are apart or only touch)."""
    depth = math.inf
    for ax in list(_axes(a)) + list(_axes(b)):
        pa = [ax[0] * x + ax[1] * y for x, y in a]
        pb = [ax[0] * x + ax[1] * y for x, y in b]
        d = min(max(pa), max(pb)) - max(min(pa), min(pb))
        if d <= TOUCH:
            return 0.0
        depth = min(depth, d)
    return depth


def inside_rect(poly, x0, y0, x1, y1, tol=1e-6) -> bool:
    return all(x0 - tol <= x <= x1 + tol and y0 - tol <= y <= y1 + tol for x, y in poly)


def same_points(a, b, tol=0.01) -> bool:
    """Two polygons with the same vertices, whatever vertex each starts from or which way round."""
    if len(a) != len(b):
        return False
    return all(any(math.hypot(p[0] - q[0], p[1] - q[1]) <= tol for q in b) for p in a)


def grow(poly, d):
    """A convex counter-clockwise polygon with every edge pushed `d` outwards."""
    n = len(poly)
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 1e-9:
            continue
        nx, ny = (y2 - y1) / length, -(x2 - x1) / length
        lines.append(((x1 + nx * d, y1 + ny * d), (x2 - x1, y2 - y1)))
    out = []
    for i in range(len(lines)):
        (p, u), (q, v) = lines[i - 1], lines[i]
        cross = u[0] * v[1] - u[1] * v[0]
        if abs(cross) < 1e-12:
            out.append(q)
            continue
        t = ((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / cross
        out.append((p[0] + u[0] * t, p[1] + u[1] * t))
    return out


def contains(poly, x, y) -> bool:
    """Point in a convex counter-clockwise polygon (boundary counts)."""
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) < -1e-9:
            return False
    return True
