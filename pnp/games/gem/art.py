"""GEM art: six cut stones, each a distinct cut so a gem reads by shape as well as colour, and
the letter badge that names its kind where the cut alone is too close to another at 6-9 mm.

Sapphire: oval cut · ruby: round brilliant (top view) · emerald: emerald cut (step facets) ·
amethyst: pear cut · topaz: trillion · diamond: the brilliant seen from the side.
Each function draws into a Drawing, centred on (cx, cy) within a square of side s (mm).
"""
from __future__ import annotations

import math

from ...geometry import fonts
from ...render.cards import underline
from ...geometry.drawing import PT, Color, Drawing, Path

OUTLINE = Color.hex("#10141c")
PAPER = Color.hex("#fbf8f0")


def _facets(d: Drawing, polys, base: Color, shades, lw: float) -> None:
    for poly, shade in zip(polys, shades):
        colour = base.lighter(shade) if shade >= 0 else base.darker(-shade)
        d.polygon(poly, fill=colour, stroke=OUTLINE.mix(base, 0.35), width=lw * 0.45)


def _ring(cx, cy, rx, ry, n, phase=0.0):
    return [(cx + rx * math.cos(phase + 2 * math.pi * i / n), cy + ry * math.sin(phase + 2 * math.pi * i / n))
            for i in range(n)]


def _spark(d: Drawing, x, y, r) -> None:
    """A four-pointed glint."""
    k = r * 0.22
    d.polygon([(x, y + r), (x + k, y + k), (x + r, y), (x + k, y - k), (x, y - r), (x - k, y - k),
               (x - r, y), (x - k, y + k)], fill=Color(1, 1, 1))


def _radial(d, outer, inner, base, lw, light_from=(-1, 1)):
    """Facets between an outer and an inner ring, shaded by which way each faces the light."""
    n = len(outer)
    polys, shades = [], []
    cx = sum(p[0] for p in outer) / n
    cy = sum(p[1] for p in outer) / n
    for i in range(n):
        j = (i + 1) % n
        poly = [outer[i], outer[j], inner[j], inner[i]]
        mx = (outer[i][0] + outer[j][0]) / 2 - cx
        my = (outer[i][1] + outer[j][1]) / 2 - cy
        norm = math.hypot(mx, my) or 1
        facing = (mx * light_from[0] + my * light_from[1]) / (norm * math.hypot(*light_from))
        polys.append(poly)
        shades.append(0.45 * facing)
    _facets(d, polys, base, shades, lw)


def sapphire(d: Drawing, cx, cy, s, base: Color) -> None:
    rx, ry = s * 0.36, s * 0.47
    lw = s * 0.035
    d.path(Path.ellipse(cx, cy, rx, ry), fill=base.darker(0.2), stroke=OUTLINE, width=lw)
    outer = _ring(cx, cy, rx, ry, 12, math.pi / 12)
    inner = _ring(cx, cy, rx * 0.55, ry * 0.55, 12, math.pi / 12)
    _radial(d, outer, inner, base, lw)
    d.polygon(inner, fill=base.lighter(0.15), stroke=OUTLINE.mix(base, 0.35), width=lw * 0.45)
    d.path(Path.ellipse(cx, cy, rx, ry), stroke=OUTLINE, width=lw)
    _spark(d, cx - rx * 0.3, cy + ry * 0.35, s * 0.1)


def ruby(d: Drawing, cx, cy, s, base: Color, glint: bool = True) -> None:
    """Round brilliant from above; without the glint it is the same after a half turn."""
    r = s * 0.46
    lw = s * 0.035
    outer = _ring(cx, cy, r, r, 16, math.pi / 16)
    mid = _ring(cx, cy, r * 0.78, r * 0.78, 8, math.pi / 8)
    table = _ring(cx, cy, r * 0.45, r * 0.45, 8, 0)
    d.polygon(outer, fill=base.darker(0.15), stroke=OUTLINE, width=lw)
    # star facets around the table, kite facets out to the girdle
    polys, shades = [], []
    for i in range(8):
        a, b = table[i], table[(i + 1) % 8]
        m = mid[i]
        polys.append([a, m, b])
        shades.append(0.3 if i % 2 else -0.1)
        o1, o2, o3 = outer[2 * i], outer[(2 * i + 1) % 16], outer[(2 * i + 2) % 16]
        polys.append([m, o1, o2])
        shades.append(-0.25)
        polys.append([m, o2, o3])
        shades.append(0.1)
    _facets(d, polys, base, shades, lw)
    d.polygon(table, fill=base.lighter(0.2), stroke=OUTLINE.mix(base, 0.35), width=lw * 0.45)
    d.polygon(outer, stroke=OUTLINE, width=lw)
    if glint:
        _spark(d, cx - r * 0.25, cy + r * 0.3, s * 0.1)


def emerald(d: Drawing, cx, cy, s, base: Color) -> None:
    w, h = s * 0.66, s * 0.92
    lw = s * 0.035

    def octo(w, h, cut):
        x0, y0, x1, y1 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
        return [(x0 + cut, y0), (x1 - cut, y0), (x1, y0 + cut), (x1, y1 - cut),
                (x1 - cut, y1), (x0 + cut, y1), (x0, y1 - cut), (x0, y0 + cut)]

    outer = octo(w, h, w * 0.22)
    step = octo(w * 0.78, h * 0.84, w * 0.17)
    table = octo(w * 0.52, h * 0.66, w * 0.11)
    d.polygon(outer, fill=base, stroke=OUTLINE, width=lw)
    _radial(d, outer, step, base, lw)
    _radial(d, step, table, base.lighter(0.1), lw)
    d.polygon(table, fill=base.lighter(0.22), stroke=OUTLINE.mix(base, 0.35), width=lw * 0.45)
    d.polygon(outer, stroke=OUTLINE, width=lw)
    _spark(d, cx - w * 0.12, cy + h * 0.2, s * 0.1)


def amethyst(d: Drawing, cx, cy, s, base: Color) -> None:
    """Pear cut: round below, pointed above."""
    lw = s * 0.035
    r = s * 0.3
    by = cy - s * 0.13
    tip = (cx, cy + s * 0.47)
    outline = Path().move(*tip)
    outline.curve(cx + r * 0.5, cy + s * 0.3, cx + r * 1.05, by + r * 0.6, cx + r, by)
    outline.curve(cx + r, by - r * 0.56, cx + r * 0.56, by - r, cx, by - r)
    outline.curve(cx - r * 0.56, by - r, cx - r, by - r * 0.56, cx - r, by)
    outline.curve(cx - r * 1.05, by + r * 0.6, cx - r * 0.5, cy + s * 0.3, *tip).close()
    d.path(outline, fill=base.darker(0.1), stroke=OUTLINE, width=lw)
    ring = [tip] + [(cx + r * 0.97 * math.cos(a), by + r * 0.97 * math.sin(a))
                    for a in [math.radians(t) for t in (30, 0, -45, -90, -135, -180, -210)]]
    inner = [(cx, cy + s * 0.2)] + [(cx + r * 0.5 * math.cos(a), by + r * 0.5 * math.sin(a))
                                    for a in [math.radians(t) for t in (30, 0, -45, -90, -135, -180, -210)]]
    _radial(d, ring, inner, base, lw)
    d.polygon(inner, fill=base.lighter(0.2), stroke=OUTLINE.mix(base, 0.35), width=lw * 0.45)
    d.path(outline, stroke=OUTLINE, width=lw)
    _spark(d, cx - r * 0.3, by + r * 0.2, s * 0.1)


def topaz(d: Drawing, cx, cy, s, base: Color) -> None:
    """Trillion: a triangle with gently curved sides."""
    lw = s * 0.035
    r = s * 0.52
    cy2 = cy - s * 0.06
    pts = _ring(cx, cy2, r, r, 3, math.pi / 2)
    outline = Path().move(*pts[0])
    for i in range(3):
        a, b = pts[i], pts[(i + 1) % 3]
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        bulge = 0.12
        ctrl = (mx + (mx - cx) * bulge * 2, my + (my - cy2) * bulge * 2)
        outline.curve(ctrl[0], ctrl[1], ctrl[0], ctrl[1], *b)
    outline.close()
    d.path(outline, fill=base.darker(0.1), stroke=OUTLINE, width=lw)
    outer6 = []
    for i in range(3):
        a, b = pts[i], pts[(i + 1) % 3]
        outer6 += [a, ((a[0] + b[0]) / 2 + ((a[0] + b[0]) / 2 - cx) * 0.12, (a[1] + b[1]) / 2 + ((a[1] + b[1]) / 2 - cy2) * 0.12)]
    inner6 = [(cx + (x - cx) * 0.5, cy2 + (y - cy2) * 0.5) for x, y in outer6]
    _radial(d, outer6, inner6, base, lw)
    d.polygon(inner6, fill=base.lighter(0.25), stroke=OUTLINE.mix(base, 0.35), width=lw * 0.45)
    d.path(outline, stroke=OUTLINE, width=lw)
    _spark(d, cx - r * 0.18, cy2 + r * 0.15, s * 0.1)


def diamond(d: Drawing, cx, cy, s, base: Color) -> None:
    """The brilliant in profile: a crown with a flat table over a pointed pavilion."""
    lw = s * 0.035
    w = s * 0.94
    top, girdle, culet = cy + s * 0.34, cy + s * 0.1, cy - s * 0.46
    tx = w * 0.27
    crown = [(cx - w / 2, girdle), (cx - tx, top), (cx + tx, top), (cx + w / 2, girdle)]
    d.polygon(crown + [(cx, culet)], fill=base, stroke=OUTLINE, width=lw)
    ice = Color.hex("#9fd3f0")
    # crown facets
    xs = [cx - w / 2, cx - w * 0.25, cx, cx + w * 0.25, cx + w / 2]
    txs = [cx - tx, cx - tx / 3, cx + tx / 3, cx + tx]
    polys = [
        [(xs[0], girdle), (txs[0], top), (xs[1], girdle)],
        [(txs[0], top), (txs[1], top), (xs[1], girdle)],
        [(xs[1], girdle), (txs[1], top), (xs[2], girdle)],
        [(txs[1], top), (txs[2], top), (xs[2], girdle)],
        [(xs[2], girdle), (txs[2], top), (xs[3], girdle)],
        [(txs[2], top), (txs[3], top), (xs[3], girdle)],
        [(xs[3], girdle), (txs[3], top), (xs[4], girdle)],
    ]
    shades = [-0.05, 0.5, 0.2, 0.7, 0.1, 0.4, -0.1]
    for poly, sh in zip(polys, shades):
        d.polygon(poly, fill=_ice(ice, sh), stroke=OUTLINE.mix(ice, 0.4), width=lw * 0.45)
    # pavilion facets
    for i in range(4):
        poly = [(xs[i], girdle), (xs[i + 1], girdle), (cx, culet)]
        d.polygon(poly, fill=_ice(ice, (0.6, 0.15, -0.05, 0.35)[i]), stroke=OUTLINE.mix(ice, 0.4), width=lw * 0.45)
    d.polygon(crown + [(cx, culet)], stroke=OUTLINE, width=lw)
    _spark(d, cx - w * 0.18, top - s * 0.06, s * 0.11)
    _spark(d, cx + w * 0.3, girdle - s * 0.12, s * 0.07)


def _ice(ice: Color, shade: float) -> Color:
    """A facet of clear stone: pale ice blue, lit or shaded."""
    return ice.lighter(0.4 + shade * 0.6) if shade >= 0 else ice.darker(-shade)


CUTS = {
    "sapphire": sapphire,
    "ruby": ruby,
    "emerald": emerald,
    "amethyst": amethyst,
    "topaz": topaz,
    "diamond": diamond,
}


def gem(d: Drawing, kind: str, cx: float, cy: float, s: float, colour: str) -> None:
    CUTS[kind](d, cx, cy, s, Color.hex(colour))


def badge(d: Drawing, cx: float, cy: float, s: float, letter: str) -> None:
    """The gem's letter on a small disc at the lower right of its square (centre cx, cy, side s):
    the kind read without its colour. Dark on white stays legible on every stone and in grey."""
    r = min(max(s * 0.19, 1.6), 2.4)
    x, y = cx + s * 0.5 - r * 1.05, cy - s * 0.5 + r * 1.05
    d.circle(x, y, r, fill=PAPER, stroke=OUTLINE, width=r * 0.14)
    # a face with no bold weight (the CJK fallback) is emboldened by a stroke that clogs a small,
    # dense character such as 鑽: set those in the regular weight
    bold = fonts.has_bold(fonts.font_for(letter, True) or "")
    size = fonts.fit(letter, r * 1.15 / (0.73 * PT), r * 1.55, bold=bold)
    d.text(x, y - size * PT * 0.36, letter, size, bold=bold, fill=OUTLINE, anchor="middle")


def coin(d: Drawing, cx: float, cy: float, r: float, value: int, text_size: float) -> None:
    """A gold coin with its value stamped in the middle (underlined when it reads as another
    number upside down)."""
    gold = Color.hex("#e9b63b")
    lw = r * 0.06
    d.circle(cx, cy, r, fill=gold.darker(0.25), stroke=OUTLINE, width=lw)
    teeth = 28
    for i in range(teeth):
        a = 2 * math.pi * i / teeth
        d.line(cx + r * 0.86 * math.cos(a), cy + r * 0.86 * math.sin(a),
               cx + r * 0.98 * math.cos(a), cy + r * 0.98 * math.sin(a), stroke=gold.darker(0.45), width=lw * 0.6)
    d.circle(cx, cy, r * 0.8, fill=gold, stroke=gold.darker(0.4), width=lw * 0.7)
    d.circle(cx, cy, r * 0.66, stroke=gold.lighter(0.45), width=lw * 0.6)
    baseline = cy - text_size * 0.36 * PT
    d.text(cx, baseline, str(value), text_size, bold=True, fill=gold.darker(0.6), anchor="middle")
    underline(d, cx, baseline, str(value), text_size, gold.darker(0.6))
