"""`rect: BOX` — a rectangle filling a box (or `all`: the whole piece to its bleed), with an
optional fill, stroke and corner radius."""
from __future__ import annotations

from . import params

KEYS = ("fill", "stroke", "stroke_width", "radius")


def read(node, el, ctx, report, what) -> bool:
    return params.read_paint(node, el, ctx, report, what, KEYS)


def draw(d, el, box, env) -> None:
    fill, stroke = env.colour(el.opts.get("fill")), env.colour(el.opts.get("stroke"))
    if fill is None and stroke is None:
        return
    d.rect(box.x, box.y, box.w, box.h, el.opts.get("radius", 0.0), fill=fill, stroke=stroke,
           width=el.opts.get("stroke_width", 0.3))
