"""A declared game's card renderer: each face and back drawn from its layout's elements.

Takes the declaration (the choices' attributes), a component or back design and the render
context (its template, the build's language and bleed, the edition with its faces); returns the
piece's drawing, made by pnp/render/elements/ from `faces:` / `backs:` of the layout.
"""
from __future__ import annotations

from typing import Any

from ...geometry.drawing import Drawing
from ...render.elements import draw_face
from ...render.elements.face import Env
from ...render.elements.image import place_image
from ..base import RenderContext, game_name


def render_face(d: Any, item, ctx: RenderContext) -> Drawing:
    return _drawn(d, item, ctx, ctx.edition.faces.get(item.kind, []) if ctx.edition else [])


def render_back(d: Any, design, ctx: RenderContext) -> Drawing:
    return _drawn(d, design, ctx, ctx.edition.backs.get(design.kind, []) if ctx.edition else [])


def _drawn(d: Any, item, ctx: RenderContext, elements: list) -> Drawing:
    t = ctx.template
    out = Drawing(t.width, t.height)
    env = Env(item, ctx.lang, d.kinds.choices, game_name(ctx.spec, ctx.lang), ctx.spec.base, place_image)
    draw_face(out, elements, env, t, ctx.bleed)
    return out
