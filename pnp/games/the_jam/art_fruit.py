"""The Jam art: the ingredients, each drawn so it reads by shape as well as by colour.

Every function draws into a Drawing centred on (cx, cy) within a square of side s (mm), in the
ingredient's colour from the rules model. `fruit()` picks the drawing by ingredient id.
"""
from __future__ import annotations

import math

from ...geometry.drawing import Color, Drawing, Path, place

INK = Color.hex("#3a2418")
LEAF = Color.hex("#3f8f2f")
STEM = Color.hex("#6b4a2a")
SHINE = Color(1, 1, 1)


def _leaf(d: Drawing, x, y, length, angle_deg, colour=LEAF, lw=0.2) -> None:
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    w = length * 0.35
    tip = (x + ux * length, y + uy * length)
    p = Path().move(x, y)
    p.curve(x + ux * length * 0.3 + px * w, y + uy * length * 0.3 + py * w,
            x + ux * length * 0.75 + px * w, y + uy * length * 0.75 + py * w, *tip)
    p.curve(x + ux * length * 0.75 - px * w, y + uy * length * 0.75 - py * w,
            x + ux * length * 0.3 - px * w, y + uy * length * 0.3 - py * w, x, y).close()
    d.path(p, fill=colour, stroke=colour.darker(0.4), width=lw)
    d.line(x, y, x + ux * length * 0.8, y + uy * length * 0.8, stroke=colour.darker(0.35), width=lw * 0.8)


def _shine(d: Drawing, x, y, r) -> None:
    d.path(Path.ellipse(x, y, r * 0.6, r), fill=SHINE)


def _berry(d: Drawing, x, y, r, base: Color, lw) -> None:
    d.circle(x, y, r, fill=base, stroke=base.darker(0.45), width=lw)
    _shine(d, x - r * 0.35, y + r * 0.35, r * 0.28)


def strawberry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    top, bottom, w = cy + s * 0.28, cy - s * 0.46, s * 0.4
    p = Path().move(cx, bottom)
    p.curve(cx + w * 0.7, bottom + s * 0.1, cx + w * 1.15, top - s * 0.05, cx + w * 0.75, top + s * 0.02)
    p.curve(cx + w * 0.4, top + s * 0.1, cx - w * 0.4, top + s * 0.1, cx - w * 0.75, top + s * 0.02)
    p.curve(cx - w * 1.15, top - s * 0.05, cx - w * 0.7, bottom + s * 0.1, cx, bottom).close()
    d.path(p, fill=base, stroke=base.darker(0.5), width=lw)
    seed = Color.hex("#f6d64a")
    for dy, n, spread in ((0.15, 4, 0.62), (0.0, 5, 0.7), (-0.15, 4, 0.55), (-0.29, 3, 0.38)):
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * (w * 2 * spread / max(n - 1, 1))
            y = cy + dy * s + (0.02 * s if i % 2 else 0)
            d.path(Path.ellipse(x, y, s * 0.014, s * 0.024), fill=seed, stroke=seed.darker(0.4), width=lw * 0.3)
    _shine(d, cx - w * 0.5, cy + s * 0.12, s * 0.04)
    for ang in (90, 140, 190, 40, -10):
        _leaf(d, cx, top + s * 0.03, s * 0.2, ang + 0, lw=lw)
    d.line(cx, top + s * 0.05, cx + s * 0.04, top + s * 0.18, stroke=STEM, width=lw * 2)


def raspberry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.015
    r = s * 0.075
    rows = ((0.24, 4), (0.11, 5), (-0.02, 5), (-0.15, 4), (-0.28, 3), (-0.39, 2))
    for dy, n in rows:
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * r * 1.75
            y = cy + dy * s
            d.circle(x, y, r, fill=base, stroke=base.darker(0.5), width=lw)
            _shine(d, x - r * 0.3, y + r * 0.3, r * 0.25)
    for ang in (70, 110, 150, 30, 10, 170):
        _leaf(d, cx, cy + s * 0.3, s * 0.16, ang, lw=lw)


def apple(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    r = s * 0.36
    y0 = cy - s * 0.05
    p = Path().move(cx, y0 + r * 0.82)
    p.curve(cx + r * 0.5, y0 + r * 1.15, cx + r * 1.15, y0 + r * 0.8, cx + r * 1.05, y0 - r * 0.1)
    p.curve(cx + r * 0.98, y0 - r * 0.75, cx + r * 0.45, y0 - r * 1.12, cx, y0 - r * 0.9)
    p.curve(cx - r * 0.45, y0 - r * 1.12, cx - r * 0.98, y0 - r * 0.75, cx - r * 1.05, y0 - r * 0.1)
    p.curve(cx - r * 1.15, y0 + r * 0.8, cx - r * 0.5, y0 + r * 1.15, cx, y0 + r * 0.82).close()
    d.path(p, fill=base, stroke=base.darker(0.5), width=lw)
    d.path(Path.ellipse(cx + r * 0.4, y0 - r * 0.15, r * 0.4, r * 0.5), fill=base.mix(Color.hex("#f2d04a"), 0.35))
    _shine(d, cx - r * 0.5, y0 + r * 0.35, r * 0.16)
    d.path(Path().move(cx, y0 + r * 0.8).curve(cx, y0 + r * 1.1, cx + r * 0.1, y0 + r * 1.25, cx + r * 0.2, y0 + r * 1.4),
           stroke=STEM, width=lw * 2.5)
    _leaf(d, cx + r * 0.08, y0 + r * 1.05, s * 0.24, 20, lw=lw)


def cherry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    r = s * 0.2
    knot = (cx + s * 0.05, cy + s * 0.4)
    for bx, by in ((cx - s * 0.2, cy - s * 0.2), (cx + s * 0.2, cy - s * 0.26)):
        d.path(Path().move(bx, by + r * 0.8).curve(bx, by + s * 0.3, knot[0], knot[1] - s * 0.15, *knot),
               stroke=STEM, width=lw * 2)
    for bx, by in ((cx - s * 0.2, cy - s * 0.2), (cx + s * 0.2, cy - s * 0.26)):
        d.circle(bx, by, r, fill=base, stroke=base.darker(0.5), width=lw)
        d.path(Path().move(bx - r * 0.1, by + r * 0.95).curve(bx - r * 0.05, by + r * 0.7, bx + r * 0.05, by + r * 0.7,
                                                              bx + r * 0.1, by + r * 0.95), stroke=base.darker(0.5), width=lw)
        _shine(d, bx - r * 0.4, by + r * 0.3, r * 0.2)
    _leaf(d, *knot, s * 0.3, 15, lw=lw)


def peach(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    r = s * 0.38
    y0 = cy - s * 0.06
    d.circle(cx, y0, r, fill=base.lighter(0.15), stroke=base.darker(0.45), width=lw)
    d.path(Path.ellipse(cx + r * 0.3, y0 - r * 0.05, r * 0.6, r * 0.7), fill=base.mix(Color.hex("#e8604a"), 0.18))
    d.path(Path().move(cx - r * 0.1, y0 + r * 0.98).curve(cx - r * 0.55, y0 + r * 0.4, cx - r * 0.45, y0 - r * 0.4,
                                                          cx - r * 0.05, y0 - r * 0.95), stroke=base.darker(0.35), width=lw * 1.2)
    _shine(d, cx - r * 0.55, y0 + r * 0.35, r * 0.14)
    d.line(cx - r * 0.1, y0 + r * 0.95, cx - r * 0.02, y0 + r * 1.15, stroke=STEM, width=lw * 2.5)
    _leaf(d, cx - r * 0.05, y0 + r * 1.1, s * 0.26, 25, lw=lw)
    _leaf(d, cx - r * 0.12, y0 + r * 1.08, s * 0.2, 150, lw=lw)


def gooseberry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    for bx, by, k in ((cx - s * 0.17, cy - s * 0.05, 0.85), (cx + s * 0.16, cy - s * 0.12, 1.0)):
        rx, ry = s * 0.2 * k, s * 0.26 * k
        d.path(Path.ellipse(bx, by, rx, ry), fill=base, stroke=base.darker(0.5), width=lw)
        for t in (-0.6, -0.3, 0.0, 0.3, 0.6):  # the pale veins that mark a gooseberry
            d.path(Path().move(bx, by + ry * 0.95).curve(bx + rx * t * 1.6, by + ry * 0.5, bx + rx * t * 1.6, by - ry * 0.5,
                                                         bx, by - ry * 0.95), stroke=base.lighter(0.5), width=lw * 0.7)
        _shine(d, bx - rx * 0.4, by + ry * 0.35, rx * 0.16)
        d.line(bx, by + ry * 0.95, bx + s * 0.02, by + ry + s * 0.1, stroke=STEM, width=lw * 1.5)
        for a in (-110, -90, -70):
            ra = math.radians(a)
            d.line(bx, by - ry, bx + math.cos(ra) * s * 0.05, by - ry + math.sin(ra) * s * 0.05, stroke=STEM, width=lw)
    _leaf(d, cx, cy + s * 0.28, s * 0.22, 40, lw=lw)


def currant(d: Drawing, cx, cy, s, base: Color) -> None:
    """A strig: small glossy berries hanging from one stalk."""
    lw = s * 0.018
    x0, y0 = cx - s * 0.32, cy + s * 0.38
    stalk = Path().move(x0, y0).curve(cx - s * 0.05, cy + s * 0.3, cx + s * 0.15, cy + s * 0.05, cx + s * 0.22, cy - s * 0.35)
    d.path(stalk, stroke=STEM, width=lw * 2)
    r = s * 0.085
    spots = ((-0.15, 0.18), (0.0, 0.12), (-0.05, -0.02), (0.12, -0.03), (0.03, -0.17), (0.2, -0.17), (0.13, -0.32),
             (-0.2, 0.04))
    for dx, dy in spots:
        _berry(d, cx + dx * s, cy + dy * s, r, base, lw)
        d.circle(cx + dx * s, cy + dy * s - r * 0.75, r * 0.12, fill=INK)
    _leaf(d, x0, y0, s * 0.28, -20, lw=lw)


def plum(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    for bx, by, k in ((cx - s * 0.16, cy - s * 0.08, 0.9), (cx + s * 0.14, cy - s * 0.14, 1.0)):
        rx, ry = s * 0.19 * k, s * 0.22 * k
        d.path(Path.ellipse(bx, by, rx, ry), fill=base, stroke=base.darker(0.45), width=lw)
        d.path(Path().move(bx + rx * 0.1, by + ry * 0.95).curve(bx + rx * 0.5, by + ry * 0.3, bx + rx * 0.45, by - ry * 0.4,
                                                                bx + rx * 0.15, by - ry * 0.9), stroke=base.darker(0.3), width=lw)
        _shine(d, bx - rx * 0.45, by + ry * 0.35, rx * 0.15)
        d.line(bx, by + ry * 0.95, bx + s * 0.03, by + ry + s * 0.12, stroke=STEM, width=lw * 1.8)
    _leaf(d, cx + s * 0.03, cy + s * 0.2, s * 0.26, 50, lw=lw)


def blueberry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.02
    r = s * 0.17
    for bx, by in ((cx - s * 0.18, cy + s * 0.1), (cx + s * 0.18, cy + s * 0.06), (cx, cy - s * 0.2)):
        d.circle(bx, by, r, fill=base, stroke=base.darker(0.5), width=lw)
        d.circle(bx - r * 0.2, by + r * 0.2, r * 0.75, fill=base.lighter(0.12))
        pts = []
        for i in range(5):
            a, b = math.radians(90 + 72 * i), math.radians(126 + 72 * i)
            pts += [(bx + r * 0.3 * math.cos(a), by + r * 0.3 * math.sin(a)),
                    (bx + r * 0.12 * math.cos(b), by + r * 0.12 * math.sin(b))]
        d.polygon(pts, fill=base.darker(0.55))
        _shine(d, bx - r * 0.5, by - r * 0.2, r * 0.12)
    _leaf(d, cx + s * 0.05, cy + s * 0.26, s * 0.26, 35, lw=lw)


def walnut(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.022
    rx, ry = s * 0.33, s * 0.4
    d.path(Path.ellipse(cx, cy, rx, ry), fill=base.lighter(0.15), stroke=base.darker(0.5), width=lw)
    d.line(cx, cy - ry, cx, cy + ry, stroke=base.darker(0.45), width=lw * 1.6)
    for side in (-1, 1):  # the wrinkles of the shell
        for k in range(5):
            y = cy + ry * (0.65 - k * 0.32)
            p = Path().move(cx + side * rx * 0.12, y)
            p.curve(cx + side * rx * 0.4, y + ry * 0.12, cx + side * rx * 0.55, y - ry * 0.12, cx + side * rx * 0.8, y + ry * 0.02)
            d.path(p, stroke=base.darker(0.35), width=lw * 0.9)
    d.circle(cx, cy + ry * 0.98, s * 0.03, fill=base.darker(0.4))


def pine_cone(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.018
    rx, ry = s * 0.26, s * 0.44
    d.path(Path.ellipse(cx, cy - s * 0.02, rx, ry), fill=base.darker(0.25))
    rows = 7
    for row in range(rows):
        t = row / (rows - 1)
        y = cy + ry * 0.85 - t * ry * 1.75
        half = rx * math.sin(math.pi * (0.15 + 0.75 * t)) * 0.95
        n = 3 if row % 2 else 4
        for i in range(n):
            x = cx + (i - (n - 1) / 2) * (2 * half / max(n, 1))
            w, h = half / n * 1.05, ry * 0.16
            scale = Path().move(x - w, y + h * 0.3).curve(x - w, y - h * 0.6, x + w, y - h * 0.6, x + w, y + h * 0.3)
            scale.line(x, y + h * 0.55).close()
            d.path(scale, fill=base.lighter(0.1 + 0.1 * (i % 2)), stroke=base.darker(0.55), width=lw)
    d.line(cx, cy + ry * 0.95, cx + s * 0.03, cy + ry + s * 0.08, stroke=STEM, width=lw * 2.5)


DRAW = {
    "strawberry": strawberry, "raspberry": raspberry, "apple": apple, "cherry": cherry, "peach": peach,
    "gooseberry": gooseberry, "currant": currant, "plum": plum, "blueberry": blueberry, "walnut": walnut,
    "pine-cone": pine_cone,
}


def fruit(d: Drawing, ingredient: str, cx: float, cy: float, s: float, colour: str) -> None:
    """The ingredient centred on (cx, cy) at size s: drawn once, placed wherever it recurs."""
    place(d, f"the-jam:fruit-{ingredient}-{colour}", lambda sym, x, y, u: DRAW[ingredient](sym, x, y, u, Color.hex(colour)),
          cx, cy, s)
