"""`ellipse: BOX` — the ellipse (a circle in a square box) inscribed in a box, filled and/or stroked."""
from __future__ import annotations

from ...geometry.drawing import Path
from . import params

KEYS = ("fill", "stroke", "stroke_width")


def read(node, el, ctx, report, what) -> bool:
    return params.read_paint(node, el, ctx, report, what, KEYS)


def draw(d, el, box, env) -> None:
    fill, stroke = env.colour(el.opts.get("fill")), env.colour(el.opts.get("stroke"))
    if fill is None and stroke is None:
        return
    d.path(Path.ellipse(box.cx, box.cy, box.w / 2, box.h / 2), fill=fill, stroke=stroke,
           width=el.opts.get("stroke_width", 0.3))
