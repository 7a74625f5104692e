"""Christmas Tree art: the three bauble shapes, the snowflake, the candy, the gingerbread man, the
bell, the Linzer cookie and the tree-top star. Each function draws into a Drawing centred on
(cx, cy) within a square of side s (mm). `place` draws a picture once as a shared symbol (a form
XObject in the PDF) and places it wherever it recurs: every card shows a few of the same icons.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from ...geometry.drawing import WHITE, Color, Drawing, Path, place as _place

INK = Color.hex("#2a1d14")
CREAM = Color.hex("#f7f0dc")
SNOW = Color.hex("#f4f8fc")
DOUGH = Color.hex("#b8672e")
ICING = Color.hex("#fffaf0")
CANDY = Color.hex("#c3173a")  # not a bubble colour: tests find half-bubbles by their fill
STAR_GOLD = Color.hex("#f2c230")


def place(d: Drawing, key: str, draw: Callable[[Drawing, float, float, float], None], cx: float, cy: float,
          s: float, turn: bool = False) -> None:
    """pnp.draw.place, in Christmas Tree's own name space of symbols."""
    _place(d, "christmas-tree:" + key, draw, cx, cy, s, turn)


def _ring(cx, cy, r, n, phase=0.0):
    return [(cx + r * math.cos(phase + 2 * math.pi * i / n), cy + r * math.sin(phase + 2 * math.pi * i / n))
            for i in range(n)]


def glint(d: Drawing, x, y, r) -> None:
    """A four-pointed sparkle of light."""
    k = r * 0.22
    d.polygon([(x, y + r), (x + k, y + k), (x + r, y), (x + k, y - k), (x, y - r), (x - k, y - k),
               (x - r, y), (x - k, y + k)], fill=WHITE)


def _star_outline(cx, cy, s) -> Path:
    outer = _ring(cx, cy, s * 0.5, 5, math.pi / 2)
    inner = _ring(cx, cy, s * 0.22, 5, math.pi / 2 + math.pi / 5)
    return Path.polygon([p for pair in zip(outer, inner) for p in pair])


def ball(d: Drawing, cx, cy, s, colour: Color) -> None:
    """A round glass bauble with a band round its middle; the same after a half turn but its shine."""
    r, lw = s * 0.45, s * 0.03
    d.circle(cx, cy, r, fill=colour.darker(0.2), stroke=colour.darker(0.55), width=lw)
    d.circle(cx - r * 0.08, cy + r * 0.08, r * 0.86, fill=colour)
    band = d.group(clip=Path.circle(cx, cy, r))
    band.rect(cx - r, cy - r * 0.16, 2 * r, r * 0.32, fill=colour.lighter(0.45))
    zig = [(cx - r + i * r / 4, cy + (r * 0.09 if i % 2 else -r * 0.09)) for i in range(9)]
    band.path(_open(zig), stroke=colour.darker(0.35), width=lw * 0.8)
    d.path(Path.ellipse(cx - r * 0.42, cy + r * 0.45, r * 0.2, r * 0.13), fill=colour.lighter(0.7))
    glint(d, cx - r * 0.45, cy + r * 0.45, r * 0.28)


def star(d: Drawing, cx, cy, s, colour: Color) -> None:
    """A five-pointed glass star, each point a lit and a shaded facet."""
    outer = _ring(cx, cy, s * 0.5, 5, math.pi / 2)
    inner = _ring(cx, cy, s * 0.22, 5, math.pi / 2 + math.pi / 5)
    for i in range(5):
        d.polygon([(cx, cy), outer[i], inner[i]], fill=colour.darker(0.18))
        d.polygon([(cx, cy), outer[i], inner[i - 1]], fill=colour.lighter(0.3))
    d.path(_star_outline(cx, cy, s), stroke=colour.darker(0.55), width=s * 0.03)
    glint(d, cx - s * 0.1, cy + s * 0.14, s * 0.12)


def _coil(cx, cy, rx, ry, tilt) -> list[tuple[float, float]]:
    """A tilted oval as a polygon: one turn of the corkscrew."""
    c, k = math.cos(tilt), math.sin(tilt)
    return [(cx + rx * math.cos(a) * c - ry * math.sin(a) * k, cy + rx * math.cos(a) * k + ry * math.sin(a) * c)
            for a in (2 * math.pi * i / 28 for i in range(28))]


def spiral(d: Drawing, cx, cy, s, colour: Color) -> None:
    """A corkscrew: five tilted coils, widest in the middle, tapering to a point at both ends;
    the same after a half turn."""
    n, half, tilt = 5, s * 0.5, math.radians(-20)
    step = 2 * half / (n + 0.9)
    edge = colour.darker(0.55)
    for end in (-1, 1):
        tip = cy + end * half
        d.polygon([(cx, tip), (cx + s * 0.09, tip - end * step * 0.9), (cx - s * 0.09, tip - end * step * 0.9)],
                  fill=colour.darker(0.2), stroke=edge, width=s * 0.025)
    for k in range(n):
        t = (k - (n - 1) / 2) / ((n - 1) / 2 + 0.75)
        y = cy + (k - (n - 1) / 2) * step
        rx = s * 0.3 * math.sqrt(1 - t * t)
        d.polygon(_coil(cx, y, rx, step * 0.62, tilt), fill=colour, stroke=edge, width=s * 0.025)
        d.polygon(_coil(cx - rx * 0.12, y + step * 0.16, rx * 0.62, step * 0.2, tilt), fill=colour.lighter(0.45))
    glint(d, cx - s * 0.1, cy + step * 0.25, s * 0.09)


BAUBLES = {"star": star, "ball": ball, "spiral": spiral}


def bauble(d: Drawing, shape: str, colour: Color, cx, cy, s) -> None:
    """A bauble of a shape and colour, drawn once per combination."""
    place(d, f"bauble-{shape}-{colour.as_hex()}", lambda g, x, y, u: BAUBLES[shape](g, x, y, u, colour), cx, cy, s)


def silhouette(d: Drawing, shape: str, colour: Color, cx, cy, s) -> None:
    """A bauble shape in a neutral colour, not one of the baubles' colours: what a goal or a
    gingerbread man asks for by shape alone."""
    bauble(d, shape, colour, cx, cy, s)


def _open(points) -> Path:
    p = Path()
    for i, (x, y) in enumerate(points):
        p.move(x, y) if i == 0 else p.line(x, y)
    return p


def snowflake(d: Drawing, cx, cy, s, colour: Color = SNOW) -> None:
    """Six arms with two pairs of branches each: the same every way up."""
    def draw(g: Drawing, x, y, u):
        r, lw = u * 0.47, u * 0.085
        for i in range(6):
            a = math.pi / 2 + i * math.pi / 3
            ca, sa = math.cos(a), math.sin(a)
            g.line(x, y, x + r * ca, y + r * sa, stroke=colour, width=lw)
            for t, b in ((0.5, 0.24), (0.75, 0.16)):
                bx, by = x + r * t * ca, y + r * t * sa
                for side in (-1, 1):
                    a2 = a + side * math.pi / 3.2
                    g.line(bx, by, bx + b * u * math.cos(a2), by + b * u * math.sin(a2), stroke=colour, width=lw * 0.8)
    place(d, f"snowflake-{colour.as_hex()}", draw, cx, cy, s)


def candy(d: Drawing, cx, cy, s) -> None:
    """A wrapped peppermint sweet: a striped disc between two twisted wrapper ends."""
    def draw(g: Drawing, x, y, u):
        r, lw = u * 0.24, u * 0.025
        for side in (-1, 1):
            x0, x1 = x + side * r * 0.8, x + side * u * 0.5
            g.polygon([(x0, y + r * 0.25), (x1, y + r * 0.95), (x1 - side * u * 0.04, y), (x1, y - r * 0.95),
                       (x0, y - r * 0.25)], fill=CANDY.lighter(0.35), stroke=CANDY.darker(0.4), width=lw)
            g.line(x0 + side * u * 0.06, y + r * 0.3, x1 - side * u * 0.06, y + r * 0.2, stroke=WHITE, width=lw)
        g.circle(x, y, r, fill=WHITE, stroke=CANDY.darker(0.4), width=lw)
        for k in range(4):  # four swirling stripes: a quarter turn apart, so a half turn maps them onto each other
            a = k * math.pi / 2
            p = Path().move(x, y)
            p.curve(x + r * 0.7 * math.cos(a), y + r * 0.7 * math.sin(a), x + r * math.cos(a + 0.5),
                    y + r * math.sin(a + 0.5), x + r * 0.98 * math.cos(a + 0.9), y + r * 0.98 * math.sin(a + 0.9))
            p.line(x + r * 0.98 * math.cos(a + 1.3), y + r * 0.98 * math.sin(a + 1.3))
            p.curve(x + r * 0.8 * math.cos(a + 0.9), y + r * 0.8 * math.sin(a + 0.9), x + r * 0.3 * math.cos(a + 0.4),
                    y + r * 0.3 * math.sin(a + 0.4), x, y)
            g.path(p.close(), fill=CANDY)
        glint(g, x - r * 0.45, y + r * 0.45, r * 0.3)
    place(d, "candy", draw, cx, cy, s)


def gingerbread(d: Drawing, cx, cy, h) -> None:
    """A gingerbread man h mm tall, arms out level with his middle, icing at his wrists and
    ankles; his buttons are left for the caller (see `button`)."""
    def draw(g: Drawing, x, y, u):
        limb = u * 0.12
        for side in (-1, 1):
            g.line(x + side * u * 0.1, y + u * 0.08, x + side * u * 0.37, y - u * 0.01, stroke=DOUGH, width=limb)
            g.line(x + side * u * 0.075, y - u * 0.15, x + side * u * 0.095, y - u * 0.38, stroke=DOUGH, width=limb)
            wx = x + side * u * 0.3
            wy = y + u * 0.012
            g.path(_open([(wx, wy + limb * 0.42), (wx + side * limb * 0.22, wy + limb * 0.14),
                          (wx - side * limb * 0.05, wy - limb * 0.12), (wx + side * limb * 0.16, wy - limb * 0.4)]),
                   stroke=ICING, width=u * 0.014)
            ay = y - u * 0.32
            g.path(_open([(x + side * u * 0.04, ay + u * 0.01), (x + side * u * 0.07, ay - u * 0.015),
                           (x + side * u * 0.1, ay + u * 0.01), (x + side * u * 0.13, ay - u * 0.015)]),
                   stroke=ICING, width=u * 0.014)
        g.rect(x - u * 0.135, y - u * 0.26, u * 0.27, u * 0.55, r=u * 0.1, fill=DOUGH)
        g.circle(x, y + u * 0.385, u * 0.115, fill=DOUGH)
        for ex in (-1, 1):
            g.circle(x + ex * u * 0.045, y + u * 0.41, u * 0.017, fill=ICING)
        smile = Path().move(x - u * 0.05, y + u * 0.355).curve(x - u * 0.025, y + u * 0.325, x + u * 0.025,
                                                               y + u * 0.325, x + u * 0.05, y + u * 0.355)
        g.path(smile, stroke=ICING, width=u * 0.013)
    place(d, "gingerbread", draw, cx, cy, h)


def button(d: Drawing, cx, cy, r) -> None:
    """An icing button on the gingerbread man, for his points."""
    d.circle(cx, cy, r, fill=ICING, stroke=DOUGH.darker(0.35), width=r * 0.1)


def bell(d: Drawing, cx, cy, s, colour: Color = STAR_GOLD) -> None:
    """A bell with its clapper and a bow: the goal cards' level."""
    def draw(g: Drawing, x, y, u):
        dark = colour.darker(0.45)
        g.circle(x, y - u * 0.36, u * 0.09, fill=dark)
        p = Path().move(x - u * 0.42, y - u * 0.3)
        p.curve(x - u * 0.3, y - u * 0.2, x - u * 0.3, y + u * 0.05, x - u * 0.27, y + u * 0.15)
        p.curve(x - u * 0.24, y + u * 0.34, x - u * 0.1, y + u * 0.36, x, y + u * 0.36)
        p.curve(x + u * 0.1, y + u * 0.36, x + u * 0.24, y + u * 0.34, x + u * 0.27, y + u * 0.15)
        p.curve(x + u * 0.3, y + u * 0.05, x + u * 0.3, y - u * 0.2, x + u * 0.42, y - u * 0.3)
        g.path(p.close(), fill=colour, stroke=dark, width=u * 0.03)
        g.rect(x - u * 0.42, y - u * 0.33, u * 0.84, u * 0.06, r=u * 0.03, fill=colour.darker(0.15))
        g.path(Path.ellipse(x - u * 0.14, y + u * 0.1, u * 0.05, u * 0.14), fill=colour.lighter(0.6))
        for side in (-1, 1):
            g.polygon([(x, y + u * 0.38), (x + side * u * 0.2, y + u * 0.5), (x + side * u * 0.2, y + u * 0.3)],
                      fill=CANDY)
        g.circle(x, y + u * 0.4, u * 0.06, fill=CANDY.darker(0.2))
    place(d, f"bell-{colour.as_hex()}", draw, cx, cy, s)


def linzer(d: Drawing, cx, cy, s) -> None:
    """A Linzer cookie from above: a scalloped round of shortbread dusted with sugar, a heart-shaped
    window showing the red jam."""
    def draw(g: Drawing, x, y, u):
        r = u * 0.46
        n = 14
        edge = Path()
        for i in range(n):
            a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            am = (a0 + a1) / 2
            p0 = (x + r * 0.93 * math.cos(a0), y + r * 0.93 * math.sin(a0))
            if i == 0:
                edge.move(*p0)
            k = r * 1.12
            edge.curve(x + k * math.cos(am - 0.12), y + k * math.sin(am - 0.12), x + k * math.cos(am + 0.12),
                       y + k * math.sin(am + 0.12), x + r * 0.93 * math.cos(a1), y + r * 0.93 * math.sin(a1))
        edge.close()
        dough = Color.hex("#dcaa63")
        g.path(edge, fill=dough, stroke=dough.darker(0.4), width=u * 0.02)
        g.circle(x, y, r * 0.78, fill=dough.lighter(0.25))
        for i, (px, py) in enumerate(_ring(x, y, r * 0.62, 11, 0.3)):
            g.circle(px, py, u * (0.012 + 0.006 * (i % 2)), fill=WHITE)
        hw = r * 0.42
        heart = Path().move(x, y - hw * 0.85)
        heart.curve(x - hw * 0.6, y - hw * 0.3, x - hw * 1.1, y + hw * 0.15, x - hw * 0.9, y + hw * 0.55)
        heart.curve(x - hw * 0.7, y + hw * 0.9, x - hw * 0.15, y + hw * 0.85, x, y + hw * 0.45)
        heart.curve(x + hw * 0.15, y + hw * 0.85, x + hw * 0.7, y + hw * 0.9, x + hw * 0.9, y + hw * 0.55)
        heart.curve(x + hw * 1.1, y + hw * 0.15, x + hw * 0.6, y - hw * 0.3, x, y - hw * 0.85)
        g.path(heart.close(), fill=Color.hex("#a3112b"), stroke=dough.darker(0.45), width=u * 0.025)
        g.path(Path.ellipse(x - hw * 0.45, y + hw * 0.4, hw * 0.16, hw * 0.1), fill=Color.hex("#e0566a"))
    place(d, "linzer", draw, cx, cy, s)


def tree_star(d: Drawing, cx, cy, s, colour: Color = STAR_GOLD) -> None:
    """The star on top of the tree, with rays."""
    for i in range(8):
        a = i * math.pi / 4
        d.line(cx + s * 0.3 * math.cos(a), cy + s * 0.3 * math.sin(a), cx + s * 0.55 * math.cos(a),
               cy + s * 0.55 * math.sin(a), stroke=colour.lighter(0.4), width=s * 0.025)
    outer = _ring(cx, cy, s * 0.42, 5, math.pi / 2)
    inner = _ring(cx, cy, s * 0.18, 5, math.pi / 2 + math.pi / 5)
    d.polygon([p for pair in zip(outer, inner) for p in pair], fill=colour, stroke=colour.darker(0.4), width=s * 0.02)
    glint(d, cx - s * 0.08, cy + s * 0.1, s * 0.08)
