"""Christmas Tree card renderer (placeholder until the art lands): a component → one face."""
from __future__ import annotations

from ...cards import background, text_in
from ...draw import WHITE, Color, Drawing
from ...layout import Box
from .. import RenderContext

BOXES: dict[str, tuple[str, ...]] = {}


def render_face(item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, Color.hex("#2f6b3a"))
    text_in(d, Box(0, t.height / 2 - 4, t.width, 8), item.id, WHITE)
    return d


def render_back(back, ctx: RenderContext, card=None) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, Color.hex("#1d4a2a"))
    return d
