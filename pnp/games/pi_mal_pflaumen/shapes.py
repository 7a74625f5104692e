"""Drawing helpers for the botanical art: smooth outlines through points, leaves, shaded bodies.

Everything works in card millimetres and builds `Path`s or draws into a `Drawing`; no colours
are decided here except by the caller.
"""
from __future__ import annotations

import math

from ...geometry.drawing import Color, Drawing, Path

INK = Color.hex("#2b1d12")  # sepia ink, the outline of every drawing


def smooth(points: list[tuple[float, float]], closed: bool = True, tension: float = 1.0) -> Path:
    """A Catmull-Rom curve through the points, as cubic Beziers."""
    n = len(points)
    p = Path().move(*points[0])
    last = n if closed else n - 1
    for i in range(last):
        p0 = points[(i - 1) % n] if closed or i > 0 else points[0]
        p1, p2 = points[i], points[(i + 1) % n]
        p3 = points[(i + 2) % n] if closed or i + 2 < n else points[-1]
        k = tension / 6
        c1 = (p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k)
        c2 = (p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k)
        p.curve(*c1, *c2, *p2)
    return p.close() if closed else p


def place(points, cx: float, cy: float, s: float, angle: float = 0.0, flip: bool = False):
    """Unit-square points (-0.5..0.5) scaled by s, turned by angle (degrees), moved to (cx, cy)."""
    c, sn = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    out = []
    for x, y in points:
        x = -x if flip else x
        out.append((cx + s * (x * c - y * sn), cy + s * (x * sn + y * c)))
    return out


def scaled(points, fx: float, fy: float, cx: float, cy: float):
    return [(cx + (x - cx) * fx, cy + (y - cy) * fy) for x, y in points]


def body(d: Drawing, outline, base: Color, lw: float, light=(-0.07, 0.07), shine: float = 0.55,
         glint: tuple[float, float] | None = None) -> None:
    """A rounded fruit body: shadowed base, a lit inner shape towards the light, a glint (by default
    up and left of the middle), an outline."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    d.path(smooth(outline), fill=base.darker(0.22))
    inner = [(x + light[0] * w, y + light[1] * h) for x, y in scaled(outline, 0.86, 0.86, cx, cy)]
    d.path(smooth(inner), fill=base)
    hx, hy = glint or (cx + light[0] * w * 3.6, cy + light[1] * h * 3.6)
    d.path(Path.ellipse(hx, hy, w * 0.09, h * 0.06), fill=base.lighter(shine))
    d.path(smooth(outline), stroke=INK, width=lw)


def leaf(d: Drawing, x: float, y: float, length: float, angle: float, colour: Color, lw: float,
         width: float = 0.38, veins: int = 3) -> None:
    """A pointed leaf from its base (x, y) towards angle (degrees), with a midrib and side veins."""
    L, W = length, length * width / 2
    local = [(0, 0), (L * 0.25, W * 0.9), (L * 0.6, W), (L, 0), (L * 0.6, -W), (L * 0.25, -W * 0.9)]
    pts = _turn(local, x, y, angle)
    d.path(smooth(pts), fill=colour, stroke=INK, width=lw)
    half = _turn([(L * 0.1, W * 0.12), (L * 0.55, W * 0.75), (L * 0.95, 0.05 * W), (L * 0.55, W * 0.15)], x, y, angle)
    d.path(smooth(half), fill=colour.lighter(0.18))
    vein = colour.darker(0.45)
    a, b = _turn([(0, 0), (L * 0.95, 0)], x, y, angle)
    d.line(*a, *b, stroke=vein, width=lw * 0.7)
    for i in range(1, veins + 1):
        t = i / (veins + 1)
        for side in (1, -1):
            reach = W * 0.75 * math.sin(math.pi * min(t + 0.14, 1.0))
            p, q = _turn([(L * t, 0), (L * (t + 0.14), side * reach)], x, y, angle)
            d.line(*p, *q, stroke=vein, width=lw * 0.5)


def _turn(points, x, y, angle):
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return [(x + px * c - py * s, y + px * s + py * c) for px, py in points]


WOOD = Color.hex("#6b4a2b")


def stem(d: Drawing, points, lw: float, colour: Color = WOOD) -> None:
    """A woody stalk through the points: a thick dark stroke with a lighter core."""
    path = smooth(points, closed=False)
    d.path(path, stroke=INK, width=lw * 2.6)
    d.path(path, stroke=colour, width=lw * 1.5)


def circle_at(cx, cy, r, n=24):
    return [(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n)) for i in range(n)]


def ellipse_points(cx, cy, rx, ry, n=24, phase=0.0):
    return [(cx + rx * math.cos(phase + 2 * math.pi * i / n), cy + ry * math.sin(phase + 2 * math.pi * i / n))
            for i in range(n)]


def diamonds(cx: float, cy: float, step: float, x0: float, y0: float, x1: float, y1: float):
    """A lattice of diamonds centred on (cx, cy), covering the rectangle x0..x1, y0..y1: the
    lines at +45 and -45 degrees bounding them (as segments from x0 to x1, 2 * step apart
    vertically) and the middle of every diamond. One of its corners is the centre, so the lattice
    looks the same turned 180 degrees."""
    lines = []
    for slope in (1, -1):
        lo = min(y0 - cy - slope * (xx - cx) for xx in (x0, x1))
        hi = max(y1 - cy - slope * (xx - cx) for xx in (x0, x1))
        for k in range(math.floor(lo / (2 * step)), math.ceil(hi / (2 * step)) + 1):
            c = cy + 2 * k * step
            lines.append(((x0, c + slope * (x0 - cx)), (x1, c + slope * (x1 - cx))))
    middles = []
    for i in range(math.floor((x0 - cx) / step) - 1, math.ceil((x1 - cx) / step) + 2):
        for j in range(math.floor((y0 - cy) / step) - 1, math.ceil((y1 - cy) / step) + 2):
            if (i + j) % 2:
                middles.append((cx + i * step, cy + j * step))
    return lines, middles


def lens(cx: float, cy: float, length: float, width: float, angle: float) -> Path:
    """A pointed oval (a plain leaf without its stalk) centred on (cx, cy), turned by angle."""
    L, W = length / 2, width / 2
    pts = _turn([(-L, 0), (-L * 0.35, W * 1.3), (L * 0.35, W * 1.3), (L, 0), (L * 0.35, -W * 1.3),
                 (-L * 0.35, -W * 1.3)], cx, cy, angle)
    p = Path().move(*pts[0]).curve(*pts[1], *pts[2], *pts[3])
    return p.curve(*pts[4], *pts[5], *pts[0]).close()
