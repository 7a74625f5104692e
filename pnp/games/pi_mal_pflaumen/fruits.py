"""The nine fruits, drawn in the spirit of an 18th-century botanical plate.

Each drawing is centred on (cx, cy) inside a square of side s (mm): outline shapes are written
in unit coordinates (-0.5..0.5) and placed with `shapes.place`. Apple: round with a dipped top;
blackberry: a cone of dark drupelets; cherry: a pair on joined stalks; fig: a whole fig and a cut
half; orange: a pitted sphere with glossy leaves; pear: the pear outline with a blush; plum: an
oval with its suture and bloom; strawberry: a seeded cone under a green calyx; white currant: a
hanging string of pale, translucent berries.
"""
from __future__ import annotations

import math
from itertools import pairwise

from ...geometry.drawing import Color, Drawing, Path, place as place_symbol
from .shapes import INK, body, circle_at, ellipse_points, leaf, place, scaled, smooth, stem

LEAF = Color.hex("#4f8a3a")
DARK_LEAF = Color.hex("#2f6a32")


def _mirror(right):
    """A symmetric outline from its right half, listed top to bottom."""
    left = [(-x, y) for x, y in reversed(right) if x != 0]
    return right + left


def apple(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    stem(d, place([(0, 0.22), (0.02, 0.32), (0.06, 0.42)], cx, cy, s), lw)
    leaf(d, *place([(0.04, 0.36)], cx, cy, s)[0], s * 0.32, 18, LEAF, lw)
    right = [(0, 0.24), (0.14, 0.33), (0.31, 0.3), (0.42, 0.14), (0.44, -0.07), (0.37, -0.28),
             (0.22, -0.41), (0.07, -0.4), (0, -0.37)]
    outline = place(_mirror(right), cx, cy - s * 0.04, s)
    body(d, outline, base, lw)
    # streaks of the skin, and the dimple where the stalk sits
    for dx in (-0.22, -0.1, 0.12, 0.25):
        d.path(smooth(place([(dx, 0.2), (dx * 1.25, 0.0), (dx * 1.05, -0.22)], cx, cy - s * 0.04, s), closed=False),
               stroke=base.lighter(0.25), width=lw * 0.7)
    d.path(smooth(place([(-0.07, 0.25), (-0.03, 0.215), (0.03, 0.215), (0.07, 0.25)], cx, cy - s * 0.04, s),
                  closed=False), stroke=base.darker(0.45), width=lw)


def pear(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    stem(d, place([(0, 0.3), (0.03, 0.4), (0.08, 0.47)], cx, cy, s), lw)
    leaf(d, *place([(0.05, 0.43)], cx, cy, s)[0], s * 0.28, 12, LEAF, lw)
    right = [(0, 0.33), (0.07, 0.32), (0.12, 0.24), (0.15, 0.1), (0.24, -0.03), (0.33, -0.17),
             (0.35, -0.3), (0.27, -0.42), (0.12, -0.47), (0, -0.47)]
    outline = place(_mirror(right), cx, cy, s)
    body(d, outline, base, lw, glint=place([(-0.16, -0.14)], cx, cy, s)[0])
    blush = Color.hex("#c0502a")
    d.path(smooth(place([(0.1, -0.03), (0.28, -0.15), (0.3, -0.33), (0.16, -0.4), (0.07, -0.22)], cx, cy, s)),
           fill=base.mix(blush, 0.22))
    d.path(smooth(place([(0.15, -0.1), (0.25, -0.18), (0.25, -0.3), (0.17, -0.34), (0.12, -0.22)], cx, cy, s)),
           fill=base.mix(blush, 0.4))
    for x, y in [(-0.15, -0.3), (0.05, -0.1), (-0.05, 0.1), (0.2, -0.3), (-0.2, -0.12)]:
        d.circle(*place([(x, y)], cx, cy, s)[0], s * 0.008, fill=base.darker(0.45))
    d.path(smooth(outline), stroke=INK, width=lw)


def plum(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    stem(d, place([(0.02, 0.3), (0.04, 0.38), (0.1, 0.44)], cx, cy, s), lw)
    leaf(d, *place([(0.06, 0.4)], cx, cy, s)[0], s * 0.36, 30, LEAF, lw)
    outline = place([(0.02, 0.33), (0.2, 0.3), (0.35, 0.14), (0.37, -0.08), (0.27, -0.3), (0.06, -0.42),
                     (-0.16, -0.38), (-0.32, -0.2), (-0.36, 0.02), (-0.28, 0.22), (-0.14, 0.32)], cx, cy - s * 0.03, s)
    body(d, outline, base, lw, shine=0.35)
    # the bloom: a pale dusty haze over the skin
    d.path(smooth(place([(-0.24, 0.12), (-0.12, 0.24), (0.0, 0.2), (-0.08, 0.02), (-0.22, -0.06)], cx, cy, s)),
           fill=base.mix(Color.hex("#b8c4e0"), 0.45))
    d.path(smooth(place([(0.03, 0.3), (-0.06, 0.12), (-0.07, -0.1), (0.02, -0.36)], cx, cy - s * 0.03, s),
                  closed=False), stroke=base.darker(0.5), width=lw * 1.1)
    d.path(smooth(outline), stroke=INK, width=lw)


def cherry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    joint = (0.06, 0.4)
    fruit = [(-0.18, -0.2, 0.18), (0.17, -0.27, 0.18)]
    for x, y, r in fruit:
        stem(d, place([(x + 0.01, y + r * 0.8), ((x + joint[0]) / 2 - 0.04, 0.16), joint], cx, cy, s), lw * 0.8,
             Color.hex("#5d7a2a"))
    leaf(d, *place([joint], cx, cy, s)[0], s * 0.38, 15, LEAF, lw)
    leaf(d, *place([joint], cx, cy, s)[0], s * 0.26, 150, DARK_LEAF, lw)
    for x, y, r in fruit:
        pts = circle_at(x, y, r, 20)
        top = max(range(len(pts)), key=lambda i: pts[i][1])
        pts[top] = (pts[top][0], y + r * 0.8)  # the dip where the stalk sits
        body(d, place(pts, cx, cy, s), base, lw, shine=0.7)


def orange(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    leaf(d, *place([(0.0, 0.33)], cx, cy, s)[0], s * 0.36, 25, DARK_LEAF, lw)
    leaf(d, *place([(0.0, 0.33)], cx, cy, s)[0], s * 0.3, 160, DARK_LEAF, lw)
    oy = cy - s * 0.07
    outline = ellipse_points(cx, oy, s * 0.4, s * 0.39, 24)
    body(d, outline, base, lw, shine=0.6)
    for i in range(70):  # the pitted peel, on a golden-angle spiral
        r = 0.36 * math.sqrt((i + 0.5) / 70)
        a = i * 2.39996
        x, y = cx + s * r * math.cos(a), oy + s * r * math.sin(a)
        if (x - cx + s * 0.12) ** 2 + (y - oy - s * 0.12) ** 2 > (s * 0.1) ** 2:
            d.circle(x, y, s * 0.007, fill=base.darker(0.3))
    calyx = place([(0, 0.33)], cx, cy, s)[0]
    d.circle(*calyx, s * 0.03, fill=Color.hex("#6b7a2a"), stroke=INK, width=lw * 0.7)


def fig(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    right = [(0, 0.34), (0.05, 0.33), (0.08, 0.25), (0.14, 0.1), (0.28, -0.05), (0.34, -0.2),
             (0.28, -0.35), (0.14, -0.42), (0, -0.43)]
    shape = _mirror(right)
    wx, wy, ws = cx - s * 0.14, cy + s * 0.04, s * 0.86
    stem(d, place([(0, 0.32), (0.02, 0.4), (0.06, 0.46)], wx, wy, ws), lw)
    leaf(d, *place([(0.04, 0.42)], wx, wy, ws)[0], s * 0.3, 20, LEAF, lw, width=0.55)
    whole = place(shape, wx, wy, ws)
    body(d, whole, base, lw, shine=0.35, glint=place([(-0.14, -0.12)], wx, wy, ws)[0])
    for k in (-0.18, -0.07, 0.07, 0.18):  # ribs from the neck down
        d.path(smooth(place([(k * 0.2, 0.28), (k * 1.1, 0.0), (k * 1.2, -0.25), (k * 0.6, -0.4)], wx, wy, ws),
                      closed=False), stroke=base.lighter(0.2), width=lw * 0.7)
    # the cut half: skin, a cream layer, the red flesh with its seeds
    hx, hy, hs = cx + s * 0.24, cy - s * 0.17, s * 0.58
    half = place(shape, hx, hy, hs, angle=-25)
    d.path(smooth(half), fill=base, stroke=INK, width=lw)
    hc = (sum(p[0] for p in half) / len(half), sum(p[1] for p in half) / len(half))
    d.path(smooth(scaled(half, 0.86, 0.86, *hc)), fill=Color.hex("#efe3c0"))
    flesh = scaled(half, 0.66, 0.66, hc[0], hc[1] - s * 0.01)
    d.path(smooth(flesh), fill=Color.hex("#c8485a"))
    for i in range(26):
        r = 0.13 * math.sqrt((i + 0.5) / 26)
        a = i * 2.39996
        d.circle(hc[0] + hs * r * math.cos(a) * 0.9, hc[1] - s * 0.02 + hs * r * math.sin(a), s * 0.007,
                 fill=Color.hex("#f2d98a"))
    d.path(smooth(half), stroke=INK, width=lw)


def strawberry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    stem(d, place([(0, 0.28), (0.02, 0.38), (0.06, 0.46)], cx, cy, s), lw, Color.hex("#5d7a2a"))
    right = [(0, 0.3), (0.16, 0.32), (0.31, 0.25), (0.37, 0.08), (0.31, -0.12), (0.19, -0.3),
             (0.07, -0.42), (0, -0.44)]
    outline = place(_mirror(right), cx, cy - s * 0.04, s)
    body(d, outline, base, lw, shine=0.5)
    seed = Color.hex("#f3d34a")
    for row in range(7):
        y = 0.2 - row * 0.085
        half = _half_width(right, y) * 0.8
        n = max(1, int(half * 2 / 0.1))
        for i in range(n + 1):
            x = -half + (2 * half) * i / max(n, 1) + (0.03 if row % 2 else 0)
            if abs(x) < half + 0.001:
                px, py = place([(x, y)], cx, cy - s * 0.04, s)[0]
                d.path(Path.ellipse(px, py, s * 0.011, s * 0.017), fill=seed, stroke=base.darker(0.5), width=lw * 0.4)
    top = place([(0, 0.27)], cx, cy - s * 0.04, s)[0]
    for angle in (185, 215, 250, 290, 325, 355):  # the calyx
        leaf(d, *top, s * 0.2, angle, LEAF, lw * 0.8, width=0.45, veins=0)


def _half_width(right, y):
    """The half-width of a right-half outline at height y (linear between its points)."""
    for (x0, y0), (x1, y1) in pairwise(right):
        if y1 <= y <= y0 and y0 != y1:
            return x0 + (x1 - x0) * (y0 - y) / (y0 - y1)
    return 0.0


def blackberry(d: Drawing, cx, cy, s, base: Color) -> None:
    lw = s * 0.012
    stem(d, place([(0, 0.25), (0.03, 0.37), (0.1, 0.46)], cx, cy, s), lw, Color.hex("#5d7a2a"))
    leaf(d, *place([(0.06, 0.4)], cx, cy, s)[0], s * 0.36, 5, LEAF, lw, width=0.5)
    oy, rx, ry, r = -0.08, 0.27, 0.32, 0.068
    rows = []
    y = oy + ry - r
    while y > oy - ry + r * 0.5:
        half = rx * math.sqrt(max(0.0, 1 - ((y - oy) / ry) ** 2))
        n = max(1, round(2 * half / (r * 1.7)))
        rows.append([(-half + r + (2 * half - 2 * r) * i / max(n - 1, 1), y) for i in range(n)] if n > 1 else [(0, y)])
        y -= r * 1.45
    for row in rows:
        for x, y in row:
            px, py = place([(x, y)], cx, cy, s)[0]
            d.circle(px, py, s * r, fill=base, stroke=INK, width=lw * 0.7)
            d.circle(px - s * r * 0.15, py + s * r * 0.15, s * r * 0.62, fill=base.lighter(0.18))
            d.circle(px - s * r * 0.35, py + s * r * 0.35, s * r * 0.2, fill=base.lighter(0.7))
    top = place([(0, oy + ry - 0.02)], cx, cy, s)[0]
    for angle in (160, 200, 340, 20):
        leaf(d, *top, s * 0.14, angle, LEAF, lw * 0.7, width=0.4, veins=0)


def white_currant(d: Drawing, cx, cy, s, base: Color) -> None:
    """A hanging string (strig) of small pale berries, each on its own short stalk."""
    lw = s * 0.012
    origin = place([(0.0, 0.36)], cx, cy, s)[0]
    for angle, length in ((38, 0.26), (8, 0.34), (-22, 0.27)):  # a three-lobed leaf
        leaf(d, *origin, s * length, angle, DARK_LEAF if angle == 8 else LEAF, lw, width=0.62)
    stalk = Color.hex("#7a8a3a")
    stem(d, place([(0.0, 0.36), (-0.06, 0.22), (-0.06, 0.04), (-0.03, -0.16), (-0.01, -0.32), (0.0, -0.4)],
                  cx, cy, s), lw * 0.6, stalk)
    berries = []
    for i in range(9):
        y = 0.2 - i * 0.075
        rx = -0.06 + 0.04 * max(0.0, (0.04 - y)) / 0.44 * 1.5  # the rachis bends back towards the middle
        side = -1 if i % 2 else 1
        bx = rx + side * (0.12 - i * 0.008) if i < 8 else rx + 0.01
        berries.append((rx, y + 0.02, bx, y - 0.03, 0.07 - i * 0.001))
    for rx, ry, bx, by, r in berries:
        a, b = place([(rx, ry), (bx, by + r * 0.8)], cx, cy, s)
        d.line(*a, *b, stroke=stalk.darker(0.3), width=lw * 0.6)
    for _, _, x, y, r in berries:
        _currant(d, *place([(x, y)], cx, cy, s)[0], s * r, base, lw)


def _currant(d: Drawing, px, py, R, base: Color, lw: float) -> None:
    """One translucent berry: pale skin, fine veins, a glint and the dry flower at its foot."""
    d.circle(px, py, R, fill=base.darker(0.1), stroke=INK, width=lw * 0.6)
    d.circle(px - R * 0.08, py + R * 0.08, R * 0.8, fill=base.lighter(0.45))
    for k in (-0.5, 0.0, 0.5):
        d.path(smooth([(px + R * k * 0.5, py + R * 0.85), (px + R * k, py), (px + R * k * 0.5, py - R * 0.85)],
                      closed=False), stroke=base.darker(0.18), width=lw * 0.3)
    d.circle(px - R * 0.38, py + R * 0.38, R * 0.2, fill=Color(1, 1, 1))
    d.circle(px + R * 0.05, py - R * 0.9, R * 0.12, fill=Color.hex("#5a3a1e"))


DRAW = {
    "apple": apple, "blackberry": blackberry, "cherry": cherry, "fig": fig, "orange": orange,
    "pear": pear, "plum": plum, "strawberry": strawberry, "white-currant": white_currant,
}


def draw(d: Drawing, fruit: str, cx: float, cy: float, s: float, colour: str) -> None:
    """The fruit centred on (cx, cy) at size s: drawn once, placed on every card that shows it."""
    place_symbol(d, f"pi-mal-pflaumen:fruit-{fruit}-{colour}", lambda sym, x, y, u: DRAW[fruit](sym, x, y, u, Color.hex(colour)),
          cx, cy, s)
