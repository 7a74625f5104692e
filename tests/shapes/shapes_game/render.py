"""The shapes test game's renderer: every piece in the flat colour of its kind, with its id."""
from __future__ import annotations

from pnp.games.base import RenderContext
from pnp.render.cards import background, text_in
from pnp.geometry.drawing import WHITE, Drawing

from . import BACK, COLOURS


def render_face(item, ctx: RenderContext) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, COLOURS[item.kind])
    d.path(t.outline.path(-3.0), stroke=WHITE, width=0.5)
    if item.kind == "board":
        _grid(d, t)
    text_in(d, t.box("title"), item.id.upper(), WHITE)
    return d


def _grid(d: Drawing, t) -> None:
    """A 50 mm grid with its coordinates, so that tiles can be seen to join."""
    ink = COLOURS["board"].darker(0.45)
    for i in range(1, int(t.width // 50) + 1):
        d.line(i * 50, 3, i * 50, t.height - 3, stroke=ink, width=0.4)
    for j in range(1, int(t.height // 50) + 1):
        d.line(3, j * 50, t.width - 3, j * 50, stroke=ink, width=0.4)
    for i in range(int(t.width // 50)):
        for j in range(int(t.height // 50)):
            d.text(i * 50 + 25, j * 50 + 22, f"{chr(65 + i)}{j + 1}", 14, bold=True, fill=ink, anchor="middle")


def render_back(back, ctx: RenderContext, card=None) -> Drawing:
    t = ctx.template
    d = Drawing(t.width, t.height)
    background(d, t, ctx.bleed, BACK)
    d.path(t.outline.path(-3.0), stroke=WHITE, width=0.5)
    title = back.get("title") or "BACK"
    box = t.box("title")
    text_in(d, box, title, WHITE)
    # an arrow pointing up the piece, so a mirrored or turned back shows itself
    x, y = box.cx, box.y - 2
    d.polygon([(x, y), (x - 2.5, y - 4), (x + 2.5, y - 4)], fill=WHITE)
    return d
