"""The animals of the card backs and the watchdog, after Merian's plates of metamorphosis.

Backs by round: the caterpillar (I, on its leaf), the pupa (II, hanging from a twig), the
peacock butterfly (III). The watchdog: a sitting hound on one side, a dachshund on the other.
Each function draws inside a layout box, scaled to fit it.
"""
from __future__ import annotations

import math

from ...geometry.drawing import Color, Drawing, Path
from ...load.layout import Box
from .shapes import INK, leaf, place, smooth


def _frame(box: Box) -> tuple[float, float, float]:
    return box.cx, box.cy, min(box.w, box.h)


def _blob(d: Drawing, pts, fill: Color, lw: float) -> None:
    d.path(smooth(pts), fill=fill, stroke=INK, width=lw)


def _limb(d: Drawing, pts, width: float, fill: Color, lw: float) -> None:
    path = smooth(pts, closed=False) if len(pts) > 2 else Path().move(*pts[0]).line(*pts[1])
    d.path(path, stroke=INK, width=width + 2 * lw)
    d.path(path, stroke=fill, width=width)


def caterpillar(d: Drawing, box: Box) -> None:
    cx, cy, s = _frame(box)
    lw = s * 0.008
    leaf(d, *place([(-0.4, -0.4)], cx, cy, s)[0], s * 1.1, 50, Color.hex("#6f9a45"), lw * 1.5, width=0.5, veins=5)
    maroon, red, white = Color.hex("#4a1c24"), Color.hex("#d9453a"), Color.hex("#f4f0e6")
    n = 11
    segs = []
    for i in range(n):
        t = i / (n - 1)
        x = -0.4 + 0.74 * t
        y = -0.02 + 0.07 * math.sin(t * math.pi * 1.6)
        segs.append(place([(x, y)], cx, cy, s)[0])
    r = s * 0.064
    for i, (x, y) in enumerate(segs):  # prolegs under the body
        if 1 <= i <= n - 2:
            d.path(Path.ellipse(x, y - r * 0.9, r * 0.35, r * 0.3), fill=maroon.darker(0.3), stroke=INK, width=lw)
    for i, (x, y) in enumerate(segs):
        colour = white if i == 5 else maroon
        d.circle(x, y, r, fill=colour, stroke=INK, width=lw)
        if i != 5:
            d.circle(x - r * 0.2, y + r * 0.25, r * 0.45, fill=maroon.lighter(0.18))
        for dx in (-0.45, 0.45):  # the fleshy red tubercles
            tx, ty = x + dx * r, y + r * 0.95
            d.polygon([(tx - r * 0.22, ty - r * 0.1), (tx + r * 0.22, ty - r * 0.1), (tx + dx * r * 0.2, ty + r * 0.55)],
                      fill=red, stroke=INK, width=lw * 0.6)
    hx, hy = segs[-1][0] + r * 0.9, segs[-1][1] - r * 0.15
    d.circle(hx, hy, r * 0.75, fill=Color.hex("#1e1410"), stroke=INK, width=lw)
    d.circle(hx + r * 0.25, hy + r * 0.2, r * 0.12, fill=white)


def pupa(d: Drawing, box: Box) -> None:
    cx, cy, s = _frame(box)
    s *= 1.2
    lw = s * 0.008
    bark = Color.hex("#6b4a2b")
    _limb(d, place([(-0.38, 0.41), (-0.1, 0.4), (0.2, 0.42), (0.38, 0.39)], cx, cy, s), s * 0.03, bark, lw)
    leaf(d, *place([(0.14, 0.415)], cx, cy, s)[0], s * 0.24, -28, Color.hex("#6f9a45"), lw * 1.5, width=0.45)
    d.line(*place([(0.0, 0.4)], cx, cy, s)[0], *place([(0.0, 0.34)], cx, cy, s)[0], stroke=INK, width=lw * 2)
    right = [(0.0, 0.34), (0.06, 0.3), (0.1, 0.2), (0.16, 0.12), (0.13, 0.0), (0.15, -0.12),
             (0.1, -0.28), (0.03, -0.4), (0.0, -0.44)]
    pts = right + [(-x, y) for x, y in reversed(right) if x != 0]
    shell = Color.hex("#b39a5e")
    d.path(smooth(place(pts, cx, cy, s)), fill=shell.darker(0.2))
    d.path(smooth(place([(x * 0.75 - 0.02, y * 0.95 + 0.01) for x, y in pts], cx, cy, s)), fill=shell)
    for k in (-0.06, 0.0, 0.06):  # the ridges of the wing cases
        d.path(smooth(place([(k * 0.5, 0.28), (k * 1.4, 0.05), (k, -0.25), (0, -0.42)], cx, cy, s), closed=False),
               stroke=shell.darker(0.4), width=lw)
    for x, y in [(-0.08, 0.14), (0.08, 0.14), (-0.1, 0.02), (0.1, 0.02)]:  # the gold spots
        d.circle(*place([(x, y)], cx, cy, s)[0], s * 0.014, fill=Color.hex("#f0c84a"), stroke=INK, width=lw * 0.5)
    d.path(smooth(place(pts, cx, cy, s)), stroke=INK, width=lw * 1.4)
    for y in (-0.1, -0.18, -0.26):
        a, b = place([(-0.12 + abs(y) * 0.2, y), (0.12 - abs(y) * 0.2, y - 0.01)], cx, cy, s)
        d.line(*a, *b, stroke=shell.darker(0.45), width=lw * 0.8)


def butterfly(d: Drawing, box: Box) -> None:
    """The peacock butterfly (Aglais io): rust-red wings, an eyespot on each."""
    cx, cy, s = _frame(box)
    lw = s * 0.008
    rust, margin = Color.hex("#a8342a"), Color.hex("#3a2420")
    fore = [(0.02, 0.05), (0.14, 0.24), (0.32, 0.36), (0.47, 0.34), (0.47, 0.18), (0.38, 0.03), (0.2, -0.01)]
    hind = [(0.02, 0.0), (0.2, -0.03), (0.38, -0.1), (0.38, -0.26), (0.26, -0.38), (0.1, -0.36), (0.03, -0.2)]
    for flip in (False, True):
        for wing in (hind, fore):
            outer = place(wing, cx, cy, s, flip=flip)
            inner = place([(x * 0.88 + 0.01, y * 0.88) for x, y in wing], cx, cy, s, flip=flip)
            _blob(d, outer, margin, lw)
            d.path(smooth(inner), fill=rust)
        _eye(d, *place([(0.34, 0.22)], cx, cy, s, flip=flip)[0], s * 0.085, big=False)
        _eye(d, *place([(0.25, -0.21)], cx, cy, s, flip=flip)[0], s * 0.09, big=True)
        for x, y in [(0.2, 0.28), (0.26, 0.31)]:  # the dark costal marks
            d.circle(*place([(x, y)], cx, cy, s, flip=flip)[0], s * 0.018, fill=margin)
        a, b, c = place([(0.02, 0.18), (0.1, 0.34), (0.14, 0.42)], cx, cy, s, flip=flip)
        d.path(smooth([a, b, c], closed=False), stroke=INK, width=lw * 1.2)
        d.circle(*c, s * 0.014, fill=INK)
    d.path(Path.ellipse(cx, cy - s * 0.08, s * 0.028, s * 0.22), fill=Color.hex("#2a1c16"), stroke=INK, width=lw)
    d.circle(cx, cy + s * 0.16, s * 0.04, fill=Color.hex("#2a1c16"), stroke=INK, width=lw)


def _eye(d: Drawing, x, y, r, big: bool) -> None:
    if big:
        d.circle(x, y, r, fill=Color.hex("#8a8a8a"), stroke=INK, width=r * 0.08)
        d.circle(x, y, r * 0.8, fill=Color.hex("#1a1412"))
        for dx, dy in [(-0.3, 0.2), (0.25, 0.25), (0.0, -0.25), (0.3, -0.1)]:
            d.circle(x + dx * r, y + dy * r, r * 0.13, fill=Color.hex("#5a8ad0"))
    else:
        d.circle(x, y, r, fill=Color.hex("#f2d36b"), stroke=INK, width=r * 0.08)
        d.circle(x, y, r * 0.72, fill=Color.hex("#3d6fc0"))
        d.circle(x + r * 0.1, y - r * 0.05, r * 0.4, fill=Color.hex("#1a1412"))
        d.circle(x - r * 0.3, y + r * 0.3, r * 0.12, fill=Color.hex("#f4f0e6"))


def _hound(d: Drawing, box: Box) -> None:
    """A sitting hound in profile, brown with a white chest and a red collar."""
    cx, cy, s = _frame(box)
    lw = s * 0.009
    brown, white = Color.hex("#9a5b2c"), Color.hex("#f1e8d6")
    d.path(Path.ellipse(cx + s * 0.02, cy - s * 0.44, s * 0.36, s * 0.04), fill=Color.hex("#cdbf9c"))
    _limb(d, place([(0.28, -0.36), (0.4, -0.42), (0.46, -0.36)], cx, cy, s), s * 0.04, brown, lw)
    body = [(-0.14, 0.16), (0.02, 0.14), (0.16, -0.02), (0.3, -0.22), (0.3, -0.38), (0.1, -0.44),
            (-0.14, -0.4), (-0.2, -0.2), (-0.22, 0.0)]
    _blob(d, place(body, cx, cy, s), brown, lw)
    _blob(d, place([(-0.2, 0.05), (-0.1, 0.02), (-0.1, -0.2), (-0.17, -0.3), (-0.23, -0.15)], cx, cy, s), white, lw * 0.6)
    _blob(d, place([(0.1, -0.12), (0.28, -0.2), (0.3, -0.38), (0.12, -0.42), (0.04, -0.28)], cx, cy, s),
          brown.darker(0.12), lw)
    for x in (-0.16, -0.06):
        _limb(d, place([(x, -0.12), (x - 0.01, -0.42)], cx, cy, s), s * 0.055, brown, lw)
        d.path(Path.ellipse(*place([(x - 0.03, -0.43)], cx, cy, s)[0], s * 0.045, s * 0.022), fill=white, stroke=INK, width=lw)
    head = [(-0.1, 0.36), (0.0, 0.32), (0.02, 0.2), (-0.08, 0.12), (-0.26, 0.13), (-0.4, 0.16), (-0.41, 0.24), (-0.26, 0.3)]
    _blob(d, place(head, cx, cy, s), brown, lw)
    _blob(d, place([(-0.05, 0.3), (0.04, 0.24), (0.05, 0.06), (-0.02, 0.06), (-0.08, 0.2)], cx, cy, s), brown.darker(0.35), lw)
    d.circle(*place([(-0.41, 0.22)], cx, cy, s)[0], s * 0.025, fill=INK)
    d.circle(*place([(-0.2, 0.27)], cx, cy, s)[0], s * 0.018, fill=INK)
    _limb(d, place([(-0.18, 0.11), (-0.04, 0.12)], cx, cy, s), s * 0.03, Color.hex("#b8322a"), lw * 0.6)


def _dachshund(d: Drawing, box: Box) -> None:
    """A standing dachshund, black and tan, facing right."""
    cx, cy, s = _frame(box)
    lw = s * 0.009
    black, tan = Color.hex("#2a2320"), Color.hex("#b87333")
    s *= 0.88
    cx -= s * 0.04
    d.path(Path.ellipse(cx, cy - s * 0.26, s * 0.42, s * 0.035), fill=Color.hex("#cdbf9c"))
    _limb(d, place([(-0.36, 0.02), (-0.44, 0.1), (-0.48, 0.2)], cx, cy, s), s * 0.035, black, lw)
    for x in (-0.28, -0.2, 0.16, 0.24):
        _limb(d, place([(x, -0.04), (x + 0.01, -0.22)], cx, cy, s), s * 0.05, black if x in (-0.2, 0.24) else black.lighter(0.1), lw)
        d.path(Path.ellipse(*place([(x + 0.03, -0.235)], cx, cy, s)[0], s * 0.04, s * 0.018), fill=tan, stroke=INK, width=lw)
    _blob(d, place([(-0.38, 0.04), (-0.2, 0.12), (0.1, 0.12), (0.3, 0.08), (0.34, -0.04), (0.2, -0.12),
                    (-0.1, -0.1), (-0.34, -0.09)], cx, cy, s), black, lw)
    _blob(d, place([(0.18, -0.02), (0.3, 0.02), (0.32, -0.06), (0.22, -0.1)], cx, cy, s), tan, lw * 0.6)
    head = [(0.28, 0.22), (0.4, 0.22), (0.48, 0.14), (0.56, 0.08), (0.55, 0.03), (0.42, 0.02), (0.3, 0.06), (0.26, 0.14)]
    _blob(d, place([(0.24, 0.06), (0.3, 0.14), (0.34, 0.08), (0.3, 0.0)], cx, cy, s), black, lw)
    _blob(d, place(head, cx, cy, s), black, lw)
    _blob(d, place([(0.42, 0.08), (0.55, 0.07), (0.55, 0.03), (0.42, 0.02)], cx, cy, s), tan, lw * 0.5)
    _blob(d, place([(0.32, 0.2), (0.36, 0.19), (0.35, 0.02), (0.3, 0.0), (0.29, 0.12)], cx, cy, s), black.lighter(0.15), lw)
    d.circle(*place([(0.56, 0.06)], cx, cy, s)[0], s * 0.016, fill=INK)
    d.circle(*place([(0.41, 0.16)], cx, cy, s)[0], s * 0.014, fill=Color.hex("#f4f0e6"))
    d.circle(*place([(0.415, 0.175)], cx, cy, s)[0], s * 0.012, fill=tan)


STAGES = {"caterpillar": caterpillar, "pupa": pupa, "butterfly": butterfly}
DOGS = (_hound, _dachshund)


def dog(d: Drawing, which: int, box: Box) -> None:
    DOGS[which % len(DOGS)](d, box)
