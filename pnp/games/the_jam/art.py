"""The Jam art: the recipe icons (jar, pie, salad bowl), the special cards' figures, the
gingham cloth and the points badge. Each function draws into a Drawing centred on (cx, cy)
within a square of side s (mm), or fills the rectangle it is given."""
from __future__ import annotations

import math

from ...geometry.drawing import WHITE, Color, Drawing, Path

INK = Color.hex("#3a2418")
GLASS = Color.hex("#eef4f6")
CRUST = Color.hex("#e2a94f")
DISC = 0.74  # the points badge's white disc, as a share of its radius


def jar(d: Drawing, cx, cy, s, jam: Color, cloth: Color | None = None) -> None:
    """A jam jar with a cloth cover tied with string."""
    lw = s * 0.025
    w, h = s * 0.62, s * 0.62
    x0, y0 = cx - w / 2, cy - s * 0.45
    d.rect(x0, y0, w, h, r=s * 0.08, fill=GLASS, stroke=INK, width=lw)
    d.rect(x0 + lw * 1.5, y0 + lw * 1.5, w - lw * 3, h * 0.8, r=s * 0.06, fill=jam)
    d.rect(x0 + w * 0.12, y0 + h * 0.25, w * 0.1, h * 0.45, r=w * 0.05, fill=jam.lighter(0.45))
    d.rect(cx - w * 0.28, y0 + h * 0.28, w * 0.56, h * 0.3, r=s * 0.03, fill=WHITE, stroke=INK, width=lw * 0.5)
    d.rect(x0 - s * 0.02, y0 + h, w + s * 0.04, s * 0.07, r=s * 0.02, fill=GLASS.darker(0.2), stroke=INK, width=lw)
    cloth = cloth or Color.hex("#d9473f")
    top = y0 + h + s * 0.07
    p = Path().move(x0 - s * 0.06, top - s * 0.08)
    p.curve(x0, top + s * 0.1, cx - w * 0.3, top + s * 0.2, cx, top + s * 0.2)
    p.curve(cx + w * 0.3, top + s * 0.2, x0 + w, top + s * 0.1, x0 + w + s * 0.06, top - s * 0.08)
    p.line(x0 + w + s * 0.02, top - s * 0.02).line(x0 - s * 0.02, top - s * 0.02).close()
    d.path(p, fill=cloth, stroke=INK, width=lw)
    for i in range(1, 4):
        x = x0 + w * i / 4
        d.circle(x, top + s * 0.07, s * 0.025, fill=WHITE)
    d.line(x0 - s * 0.02, top - s * 0.02, x0 + w + s * 0.02, top - s * 0.02, stroke=INK, width=lw * 1.4)


def pie(d: Drawing, cx, cy, s, filling: Color) -> None:
    """A lattice pie in its dish, seen slightly from above."""
    lw = s * 0.025
    rx, ry = s * 0.46, s * 0.26
    y = cy - s * 0.05
    d.path(Path.ellipse(cx, y - s * 0.1, rx, ry), fill=Color.hex("#c9d6de"), stroke=INK, width=lw)
    d.rect(cx - rx, y - s * 0.1, rx * 2, s * 0.1, fill=Color.hex("#c9d6de"))
    d.path(Path.ellipse(cx, y, rx, ry), fill=CRUST, stroke=INK, width=lw)
    d.path(Path.ellipse(cx, y + s * 0.01, rx * 0.82, ry * 0.78), fill=filling, stroke=CRUST.darker(0.35), width=lw * 0.6)
    clip = d.group(clip=Path.ellipse(cx, y + s * 0.01, rx * 0.82, ry * 0.78))
    for i in range(-2, 3):
        x = cx + i * rx * 0.36
        clip.rect(x - s * 0.03, y - ry, s * 0.06, ry * 2, fill=CRUST, stroke=CRUST.darker(0.3), width=lw * 0.5)
    for j in range(-1, 2):
        yy = y + j * ry * 0.5
        clip.rect(cx - rx, yy - s * 0.025, rx * 2, s * 0.05, fill=CRUST.lighter(0.1), stroke=CRUST.darker(0.3),
                  width=lw * 0.5)
    d.path(Path.ellipse(cx, y, rx, ry), stroke=CRUST.darker(0.45), width=lw * 1.6)


def bowl(d: Drawing, cx, cy, s, colours: list[Color]) -> None:
    """A salad bowl heaped with pieces of its fruits."""
    lw = s * 0.025
    rim = cy + s * 0.02
    for i, c in enumerate(colours * 2):
        a = math.pi * (0.15 + 0.7 * i / max(len(colours) * 2 - 1, 1))
        x = cx - math.cos(a) * s * 0.3
        y = rim + math.sin(a) * s * 0.16
        d.circle(x, y, s * 0.11, fill=c, stroke=c.darker(0.45), width=lw * 0.6)
        d.circle(x - s * 0.03, y + s * 0.03, s * 0.025, fill=WHITE)
    body = Path().move(cx - s * 0.46, rim)
    body.curve(cx - s * 0.44, rim - s * 0.34, cx + s * 0.44, rim - s * 0.34, cx + s * 0.46, rim).close()
    d.path(body, fill=Color.hex("#f4efe3"), stroke=INK, width=lw)
    d.rect(cx - s * 0.13, rim - s * 0.33, s * 0.26, s * 0.06, r=s * 0.02, fill=Color.hex("#f4efe3"), stroke=INK, width=lw)
    d.path(Path().move(cx - s * 0.36, rim - s * 0.1).curve(cx - s * 0.2, rim - s * 0.2, cx + s * 0.2, rim - s * 0.2,
                                                           cx + s * 0.36, rim - s * 0.1),
           stroke=Color.hex("#4f9a3a"), width=lw * 1.5)


def bear(d: Drawing, cx, cy, s) -> None:
    fur, muzzle = Color.hex("#8a5a33"), Color.hex("#d8b48a")
    lw = s * 0.02
    for side in (-1, 1):
        d.circle(cx + side * s * 0.3, cy + s * 0.3, s * 0.13, fill=fur, stroke=INK, width=lw)
        d.circle(cx + side * s * 0.3, cy + s * 0.3, s * 0.07, fill=muzzle)
    d.path(Path.ellipse(cx, cy, s * 0.4, s * 0.36), fill=fur, stroke=INK, width=lw)
    d.path(Path.ellipse(cx, cy - s * 0.12, s * 0.18, s * 0.13), fill=muzzle, stroke=INK, width=lw * 0.7)
    d.path(Path.ellipse(cx, cy - s * 0.06, s * 0.06, s * 0.04), fill=INK)
    d.path(Path().move(cx, cy - s * 0.1).line(cx, cy - s * 0.16).move(cx - s * 0.06, cy - s * 0.19)
           .curve(cx - s * 0.03, cy - s * 0.16, cx + s * 0.03, cy - s * 0.16, cx + s * 0.06, cy - s * 0.19),
           stroke=INK, width=lw)
    for side in (-1, 1):
        d.circle(cx + side * s * 0.14, cy + s * 0.08, s * 0.035, fill=INK)
        d.circle(cx + side * s * 0.14 - s * 0.01, cy + s * 0.09, s * 0.01, fill=WHITE)


def youngster(d: Drawing, cx, cy, s, jam: Color) -> None:
    """Karlsman: a young man with a cap and a big spoon, eyeing a jar of jam."""
    skin, coat, cap = Color.hex("#f2c9a0"), Color.hex("#3d6fb0"), Color.hex("#c83a3a")
    lw = s * 0.02
    body = Path().move(cx - s * 0.32, cy - s * 0.48)
    body.curve(cx - s * 0.32, cy - s * 0.1, cx - s * 0.2, cy - s * 0.02, cx, cy - s * 0.02)
    body.curve(cx + s * 0.2, cy - s * 0.02, cx + s * 0.32, cy - s * 0.1, cx + s * 0.32, cy - s * 0.48).close()
    d.path(body, fill=coat, stroke=INK, width=lw)
    d.circle(cx, cy + s * 0.16, s * 0.17, fill=skin, stroke=INK, width=lw)
    hat = Path().move(cx - s * 0.19, cy + s * 0.2).curve(cx - s * 0.18, cy + s * 0.42, cx + s * 0.18, cy + s * 0.42,
                                                         cx + s * 0.19, cy + s * 0.2).close()
    d.path(hat, fill=cap, stroke=INK, width=lw)
    d.rect(cx - s * 0.02, cy + s * 0.17, s * 0.3, s * 0.05, r=s * 0.02, fill=cap.darker(0.2), stroke=INK, width=lw * 0.7)
    for side in (-1, 1):
        d.circle(cx + side * s * 0.065, cy + s * 0.14, s * 0.022, fill=INK)
    d.path(Path().move(cx - s * 0.07, cy + s * 0.07).curve(cx - s * 0.03, cy + s * 0.03, cx + s * 0.03, cy + s * 0.03,
                                                           cx + s * 0.07, cy + s * 0.07), stroke=INK, width=lw)
    d.line(cx + s * 0.26, cy - s * 0.3, cx + s * 0.4, cy + s * 0.12, stroke=Color.hex("#9aa4ab"), width=lw * 2.5)
    d.path(Path.ellipse(cx + s * 0.41, cy + s * 0.16, s * 0.05, s * 0.07), fill=Color.hex("#c7cfd4"), stroke=INK, width=lw)
    jar(d, cx - s * 0.36, cy - s * 0.3, s * 0.3, jam)


def gingham(d: Drawing, x, y, w, h, colour: Color, cell: float) -> None:
    """A checked tablecloth, its squares on a grid anchored at x = 0 of the card so that
    cards laid side by side continue the pattern."""
    d.rect(x, y, w, h, fill=colour.lighter(0.85))
    light, dark = colour.lighter(0.55), colour.lighter(0.2)
    i0 = math.floor(x / cell)
    j0 = math.floor(y / cell)
    for i in range(i0, i0 + int(w / cell) + 2):
        if i % 2 == 0:
            d.rect(max(x, i * cell), y, min(cell, x + w - i * cell), h, fill=light)
    for j in range(j0, j0 + int(h / cell) + 2):
        if j % 2 == 0:
            y0, y1 = max(y, j * cell), min(y + h, (j + 1) * cell)
            if y1 > y0:
                d.rect(x, y0, w, y1 - y0, fill=light)
                for i in range(i0, i0 + int(w / cell) + 2):
                    if i % 2 == 0:
                        x0, x1 = max(x, i * cell), min(x + w, (i + 1) * cell)
                        if x1 > x0:
                            d.rect(x0, y0, x1 - x0, y1 - y0, fill=dark)


def badge(d: Drawing, cx, cy, r, colour: Color) -> None:
    """The points badge: a scalloped seal behind the number."""
    pts = []
    for i in range(24):
        a = 2 * math.pi * i / 24
        rr = r if i % 2 == 0 else r * 0.88
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=colour, stroke=colour.darker(0.4), width=r * 0.04)
    d.circle(cx, cy, r * DISC, fill=WHITE, stroke=colour.darker(0.3), width=r * 0.04)
