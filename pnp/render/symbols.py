"""The built-in symbols, so a first game needs no art: suits, pips, arrows, stars, coins and a few
plain shapes, each drawn as vector paths in a 10 mm square (y up) in one colour.

`draw_symbol(d, name, box, fill, stroke)` places one centred in a box, as big as the box's
shorter side; every symbol of one name and colour is drawn once and reused as a form XObject.
"""
from __future__ import annotations

import math
from typing import Callable

from ..geometry.drawing import UNIT, Color, Drawing, Path, place, translate

Draw = Callable[[Drawing, Color, Color | None], None]


def _heart_path(flip: bool = False, shift: float = 0.0, k: float = 1.0) -> Path:
    pts = [(5, 1.0), (3.5, 2.6), (0.5, 4.6), (0.5, 6.9), (0.5, 8.6), (1.9, 9.5), (3.1, 9.5), (4.1, 9.5),
           (4.7, 8.9), (5, 8.2), (5.3, 8.9), (5.9, 9.5), (6.9, 9.5), (8.1, 9.5), (9.5, 8.6), (9.5, 6.9),
           (9.5, 4.6), (6.5, 2.6), (5, 1.0)]

    def at(p):
        x, y = 5 + (p[0] - 5) * k, 5 + (p[1] - 5) * k
        return (x, (10 - y if flip else y) + shift)

    pts = [at(p) for p in pts]
    path = Path().move(*pts[0])
    for i in range(1, len(pts), 3):
        path.curve(*pts[i], *pts[i + 1], *pts[i + 2])
    return path.close()


def _heart(d, fill, stroke):
    d.path(_heart_path(), fill=fill, stroke=stroke, width=0.3)


def _spade(d, fill, stroke):
    d.path(_heart_path(flip=True, shift=1.0, k=0.85), fill=fill, stroke=stroke, width=0.3)
    d.polygon([(5, 4.2), (6.6, 0.5), (3.4, 0.5)], fill=fill, stroke=stroke, width=0.3)


def _club(d, fill, stroke):
    for cx, cy in ((5, 7.0), (2.8, 4.4), (7.2, 4.4)):
        d.circle(cx, cy, 2.2, fill=fill, stroke=stroke, width=0.3)
    d.circle(5, 4.8, 1.2, fill=fill)
    d.polygon([(5, 4.6), (6.6, 0.5), (3.4, 0.5)], fill=fill, stroke=stroke, width=0.3)


def _diamond(d, fill, stroke):
    d.polygon([(5, 0.5), (8.6, 5), (5, 9.5), (1.4, 5)], fill=fill, stroke=stroke, width=0.3)


def _star(d, fill, stroke):
    pts = []
    for i in range(10):
        r = 4.7 if i % 2 == 0 else 1.9
        a = math.radians(90 + i * 36)
        pts.append((5 + r * math.cos(a), 5.3 + r * math.sin(a)))
    d.polygon(pts, fill=fill, stroke=stroke, width=0.3)


def _moon(d, fill, stroke):
    d.path(Path().move(6.6, 9.4).curve(2.2, 9.2, 0.5, 4.3, 3.3, 1.7).curve(5.3, 0.0, 8.2, 0.4, 9.4, 2.4)
           .curve(6.2, 2.4, 3.7, 5.4, 6.6, 9.4).close(), fill=fill, stroke=stroke, width=0.3)


def _coin(d, fill, stroke):
    ring = stroke or fill.darker(0.35)
    d.circle(5, 5, 4.6, fill=fill, stroke=ring, width=0.5)
    d.circle(5, 5, 3.4, stroke=ring, width=0.4)


def _circle(d, fill, stroke):
    d.circle(5, 5, 4.5, fill=fill, stroke=stroke, width=0.3)


def _pip(d, fill, stroke):
    d.circle(5, 5, 2.6, fill=fill, stroke=stroke, width=0.3)


def _square(d, fill, stroke):
    d.rect(1, 1, 8, 8, 0.6, fill=fill, stroke=stroke, width=0.3)


def _triangle(d, fill, stroke):
    d.polygon([(5, 9.2), (9.4, 1.2), (0.6, 1.2)], fill=fill, stroke=stroke, width=0.3)


def _hexagon(d, fill, stroke):
    d.polygon([(5 + 4.6 * math.cos(math.radians(90 + 60 * i)), 5 + 4.6 * math.sin(math.radians(90 + 60 * i)))
               for i in range(6)], fill=fill, stroke=stroke, width=0.3)


def _arrow(turns: int) -> Draw:
    base = [(5, 9.5), (9.2, 5.0), (6.4, 5.0), (6.4, 0.5), (3.6, 0.5), (3.6, 5.0), (0.8, 5.0)]

    def draw(d, fill, stroke):
        a = math.radians(-90 * turns)
        pts = [(5 + (x - 5) * math.cos(a) - (y - 5) * math.sin(a), 5 + (x - 5) * math.sin(a) + (y - 5) * math.cos(a))
               for x, y in base]
        d.polygon(pts, fill=fill, stroke=stroke, width=0.3)
    return draw


def _plus(d, fill, stroke):
    d.polygon([(3.7, 0.8), (6.3, 0.8), (6.3, 3.7), (9.2, 3.7), (9.2, 6.3), (6.3, 6.3), (6.3, 9.2), (3.7, 9.2),
               (3.7, 6.3), (0.8, 6.3), (0.8, 3.7), (3.7, 3.7)], fill=fill, stroke=stroke, width=0.3)


def _check(d, fill, stroke):
    d.path(Path().move(1.4, 5.3).line(4.0, 2.3).line(8.8, 8.2), stroke=fill, width=1.5)


def _anchor(d, fill, stroke):
    ink = fill
    d.circle(5, 8.3, 1.1, stroke=ink, width=0.8)
    d.path(Path().move(5, 7.2).line(5, 1.0), stroke=ink, width=0.95)
    d.path(Path().move(3.1, 6.2).line(6.9, 6.2), stroke=ink, width=0.8)
    d.path(Path().move(1.2, 4.2).curve(1.6, 1.6, 3.4, 0.9, 5, 0.9).curve(6.6, 0.9, 8.4, 1.6, 8.8, 4.2),
           stroke=ink, width=0.9)
    d.polygon([(0.6, 3.3), (2.3, 3.9), (1.0, 5.0)], fill=ink)
    d.polygon([(9.4, 3.3), (7.7, 3.9), (9.0, 5.0)], fill=ink)


SYMBOLS: dict[str, Draw] = {
    "heart": _heart, "diamond": _diamond, "club": _club, "spade": _spade, "star": _star, "moon": _moon, "coin": _coin,
    "circle": _circle, "pip": _pip, "square": _square, "triangle": _triangle, "hexagon": _hexagon,
    "arrow-up": _arrow(0), "arrow-right": _arrow(1), "arrow-down": _arrow(2), "arrow-left": _arrow(3),
    "plus": _plus, "check": _check, "anchor": _anchor,
}


def draw_symbol(d: Drawing, name: str, x: float, y: float, w: float, h: float, fill: Color,
                stroke: Color | None = None, turn: bool = False) -> None:
    """Symbol `name` centred in the box (x, y, w, h), as large as its shorter side."""
    key = f"pnp-symbol:{name}:{fill.as_hex()}:{stroke.as_hex() if stroke else '-'}"
    s = min(w, h)
    # `place` draws in a UNIT square centred on the origin: shift the 0..10 drawing to centre it
    place(d, key, lambda sym, ox, oy, unit: _centred(sym, name, fill, stroke), x + w / 2, y + h / 2, s, turn)


def _centred(sym: Drawing, name: str, fill: Color, stroke: Color | None) -> None:
    inner = sym.group(translate(-UNIT / 2, -UNIT / 2))
    SYMBOLS[name](inner, fill, stroke)
