"""Small pictures on the cards: the round numeral, the three action icons, the laurel wreath of
a fruit mix, the pi medallion and the turn-order medallion, and the backs' all-over pattern and
oval medallion. Each draws inside a layout box (the pattern: over the whole piece)."""
from __future__ import annotations

import math

from ...records import record
from ...render.cards import text_in
from ...geometry.drawing import UNIT, Color, Drawing, Path, place
from ...load.layout import Box
from .shapes import INK, diamonds, leaf, lens, smooth

GOLD = Color.hex("#c9a24a")
CREAM = Color.hex("#fbf5e4")
LAUREL = Color.hex("#5f7f3a")
CARD = Color.hex("#fbf5e4")


def numeral(d: Drawing, box: Box, text: str) -> None:
    """The round numeral in an oval cartouche."""
    d.path(Path.ellipse(box.cx, box.cy, box.w / 2, box.h / 2), fill=CREAM, stroke=INK, width=0.3)
    d.path(Path.ellipse(box.cx, box.cy, box.w / 2 - 0.7, box.h / 2 - 0.7), stroke=GOLD, width=0.25)
    text_in(d, Box(box.x + 1, box.y, box.w - 2, box.h, box.text), text, INK)


def _medallion(d: Drawing, box: Box, fill: Color = CREAM) -> tuple[float, float, float]:
    r = min(box.w, box.h) / 2 - 0.15  # the outline's stroke, too, stays inside the box
    d.circle(box.cx, box.cy, r, fill=GOLD, stroke=INK, width=0.3)
    d.circle(box.cx, box.cy, r * 0.86, fill=fill, stroke=INK, width=0.2)
    return box.cx, box.cy, r * 0.86


def action(d: Drawing, kind: str, box: Box) -> None:
    cx, cy, r = _medallion(d, box)
    ACTIONS[kind](d, cx, cy, r)


def _dog_head(d: Drawing, cx, cy, r) -> None:
    brown, dark = Color.hex("#a0652e"), Color.hex("#5a3416")
    lw = r * 0.05
    for side in (-1, 1):
        d.path(smooth([(cx + side * r * 0.35, cy + r * 0.42), (cx + side * r * 0.72, cy + r * 0.2),
                       (cx + side * r * 0.7, cy - r * 0.35), (cx + side * r * 0.48, cy - r * 0.25),
                       (cx + side * r * 0.4, cy + r * 0.1)]), fill=dark, stroke=INK, width=lw)
    d.path(Path.ellipse(cx, cy + r * 0.05, r * 0.45, r * 0.52), fill=brown, stroke=INK, width=lw)
    d.path(Path.ellipse(cx, cy - r * 0.26, r * 0.26, r * 0.2), fill=Color.hex("#e8c9a0"), stroke=INK, width=lw)
    d.path(Path.ellipse(cx, cy - r * 0.16, r * 0.11, r * 0.07), fill=INK)
    for side in (-1, 1):
        d.circle(cx + side * r * 0.18, cy + r * 0.16, r * 0.065, fill=INK)
    d.line(cx, cy - r * 0.22, cx, cy - r * 0.34, stroke=INK, width=lw)


def _small_card(d: Drawing, cx, cy, w, h, angle, label: str = "", size: float = 6, dash=None,
                fruit: Color | None = None) -> None:
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts = [(cx + x * c - y * s, cy + x * s + y * c) for x, y in
           ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
    if dash:
        d.path(Path.polygon(pts), stroke=INK.lighter(0.45), width=0.25, dash=dash)
        return
    d.polygon(pts, fill=CARD, stroke=INK, width=0.25)
    if fruit is not None:
        d.circle(cx, cy, min(w, h) * 0.24, fill=fruit, stroke=INK, width=0.2)
    if label:
        d.text(cx, cy - size * 0.36 * 25.4 / 72, label, size, bold=True, fill=INK, anchor="middle")


def _steal(d: Drawing, cx, cy, r) -> None:
    """A fruit card taken from its place (dashed) along a curved arrow."""
    red = Color.hex("#a8322a")
    _small_card(d, cx - r * 0.42, cy - r * 0.08, r * 0.52, r * 0.74, 0, dash=(0.6, 0.5))
    lw = r * 0.1
    arc = smooth([(cx - r * 0.42, cy + r * 0.38), (cx - r * 0.05, cy + r * 0.58), (cx + r * 0.3, cy + r * 0.42)],
                 closed=False)
    d.path(arc, stroke=red, width=lw)
    tip = (cx + r * 0.52, cy + r * 0.24)
    d.polygon([tip, (cx + r * 0.2, cy + r * 0.28), (cx + r * 0.4, cy + r * 0.58)], fill=red)
    _small_card(d, cx + r * 0.36, cy - r * 0.2, r * 0.52, r * 0.74, -12, fruit=red)


def _pi(d: Drawing, cx, cy, r) -> None:
    """Three pi cards, fanned, the front one showing its pi."""
    for dx, angle in ((-0.28, 22), (0.28, -22)):
        _small_card(d, cx + dx * r, cy - r * 0.04, r * 0.7, r * 1.0, angle)
    _small_card(d, cx, cy + r * 0.02, r * 0.72, r * 1.04, 0, "π", r * 0.62 / (25.4 / 72))


ACTIONS = {"watchdog": _dog_head, "steal": _steal, "pi": _pi}


def wreath(d: Drawing, box: Box, points: str) -> None:
    """A laurel wreath, open at the top, around the mix's points. The laurel is the same on every
    mix card: drawn once, at its size, and placed (pnp.draw.place)."""
    cx, cy = box.cx, box.cy
    rx, ry = box.w / 2 * 0.82, box.h / 2 * 0.9
    place(d, f"pi-mal-pflaumen:laurel-{box.w:.3f}x{box.h:.3f}",
          lambda sym, x, y, _: _laurel(sym, x, y, box.w, box.h), cx, cy, UNIT)
    text_in(d, Box(cx - rx * 0.6, cy - ry * 0.6, rx * 1.2, ry * 1.2, box.text), points, INK)


def _laurel(d: Drawing, cx: float, cy: float, w: float, h: float) -> None:
    rx, ry = w / 2 * 0.82, h / 2 * 0.9
    n = 7
    for side in (-1, 1):
        stem_pts = []
        for i in range(n + 1):
            a = math.radians(-90 + side * (6 + i * 124 / n))
            stem_pts.append((cx + rx * 0.92 * math.cos(a), cy + ry * 0.92 * math.sin(a)))
        d.path(smooth(stem_pts, closed=False), stroke=LAUREL.darker(0.3), width=0.3)
        for i in range(1, n + 1):
            a = math.radians(-90 + side * (6 + i * 124 / n))
            x, y = cx + rx * 0.92 * math.cos(a), cy + ry * 0.92 * math.sin(a)
            tangent = math.degrees(a) + side * 90
            for off in (35, -35):
                leaf(d, x, y, min(w, h) * 0.22, tangent + off, LAUREL, 0.15, width=0.45, veins=0)
    d.circle(cx, cy, min(rx, ry) * 0.62, fill=CREAM, stroke=GOLD, width=0.3)


def pi_medallion(d: Drawing, box: Box) -> None:
    cx, cy, r = _medallion(d, box)
    d.circle(cx, cy, r * 0.82, stroke=GOLD, width=0.3)
    text_in(d, Box(cx - r, cy - r, 2 * r, 2 * r, r * 1.5 / (25.4 / 72)), "π", INK)


def position(d: Drawing, box: Box, number: str) -> None:
    _medallion(d, box)
    text_in(d, box, number, INK)


@record(frozen=True)
class Pattern:
    """The look of a back: its ground out to the bleed, the diamond lattice's lines, a small
    motif in every diamond (which one, in what colour) and the medallion's ground."""

    paper: Color
    lines: Color
    motif: Color
    kind: str  # a key of MOTIFS
    inner: Color


STEP = 5.0  # mm from a diamond's middle to its corners: small enough that no diamond stands out


def pattern(d: Drawing, style: Pattern, width: float, height: float, bleed: float) -> None:
    """The lattice over the whole piece and `bleed` mm beyond it, centred on the piece. All the
    lines are one path and each layer of the motifs another (hundreds of small shapes as a handful
    of PDF paths), so a back stays quick to print and to read."""
    g = bleed + STEP
    lines, middles = diamonds(width / 2, height / 2, STEP, -g, -g, width + g, height + g)
    trellis = Path()
    for a, b in lines:
        trellis.move(*a).line(*b)
    d.path(trellis, stroke=style.lines, width=0.3)
    layers: dict[tuple[int, Color], Path] = {}

    def add(layer: int, colour: Color, shape: Path) -> None:
        """Shapes of one layer never overlap (PDF fills paths even-odd)."""
        layers.setdefault((layer, colour), Path()).cmds.extend(shape.cmds)

    for x, y in middles:
        MOTIFS[style.kind](add, x, y, STEP, style.motif)
    for (_, colour), shapes in sorted(layers.items(), key=lambda kv: kv[0][0]):
        d.path(shapes, fill=colour)


def _leaves(add, x, y, a, colour: Color) -> None:
    """Two small leaves crossed, along the lattice's lines."""
    for layer, angle in enumerate((45, -45)):
        add(layer, colour, lens(x, y, a * 0.78, a * 0.2, angle))


def _spots(add, x, y, a, colour: Color) -> None:
    """The pupa's gold spots."""
    add(0, colour.darker(0.25), Path.circle(x, y, a * 0.15))
    add(1, colour.lighter(0.3), Path.circle(x, y, a * 0.09))


def _eyes(add, x, y, a, colour: Color) -> None:
    """Small eyespots, after the peacock butterfly's."""
    add(0, colour, Path.circle(x, y, a * 0.18))
    add(1, colour.darker(0.35), Path.circle(x, y, a * 0.09))


def _blossoms(add, x, y, a, colour: Color) -> None:
    """Four-petalled blossoms, their petals along the lattice's lines."""
    r, k = a * 0.26, a * 0.09
    add(0, colour, Path().move(x + r, y).curve(x + k, y + k, x + k, y + k, x, y + r)
        .curve(x - k, y + k, x - k, y + k, x - r, y).curve(x - k, y - k, x - k, y - k, x, y - r)
        .curve(x + k, y - k, x + k, y - k, x + r, y).close())
    add(1, colour.lighter(0.4), Path.circle(x, y, a * 0.05))


MOTIFS = {"leaves": _leaves, "spots": _spots, "eyes": _eyes, "blossoms": _blossoms}


def oval(d: Drawing, box: Box, style: Pattern) -> None:
    """The medallion of a back: a band of plain ground clearing the pattern, then the oval with
    an ink line and a gold one inside it."""
    rx, ry = box.w / 2, box.h / 2
    d.path(Path.ellipse(box.cx, box.cy, rx + 1.6, ry + 1.6), fill=style.paper)
    d.path(Path.ellipse(box.cx, box.cy, rx, ry), fill=style.inner, stroke=INK, width=0.35)
    d.path(Path.ellipse(box.cx, box.cy, rx - 0.9, ry - 0.9), stroke=GOLD, width=0.3)


def flourish(d: Drawing, cx: float, y: float, w: float) -> None:
    """A short gold rule under a title, thinning to points at both ends, a lozenge in the middle."""
    h = 0.45
    for side in (-1, 1):
        d.polygon([(cx + side * 1.6, y + h), (cx + side * w / 2, y), (cx + side * 1.6, y - h)], fill=GOLD)
    d.polygon([(cx - 1.4, y), (cx, y + 1.1), (cx + 1.4, y), (cx, y - 1.1)], fill=GOLD, stroke=INK, width=0.15)
