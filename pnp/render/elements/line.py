"""`line: BOX` — a straight line across a box, from its bottom-left to its top-right corner (a box
of no height draws a level rule, of no width an upright one)."""
from __future__ import annotations

from ...geometry.drawing import BLACK
from . import params

KEYS = ("stroke", "stroke_width")


def read(node, el, ctx, report, what) -> bool:
    return params.read_paint(node, el, ctx, report, what, KEYS)


def draw(d, el, box, env) -> None:
    stroke = env.colour(el.opts.get("stroke")) if "stroke" in el.opts else BLACK
    if stroke is not None:
        d.line(box.x, box.y, box.x + box.w, box.y + box.h, stroke=stroke, width=el.opts.get("stroke_width", 0.3))
