"""`symbol: NAME` — a built-in symbol (pnp/render/symbols.py: suits, pips, arrows, stars, coins,
shapes) centred in a box, in one colour. The name may be a placeholder whose every value is a
symbol's name, such as "{suit}" when the suits are named heart, spade, …. Keys: fill (the
symbol's colour, default near-black), stroke, stroke_width."""
from __future__ import annotations

from ...load.schema import Choice, ListOf
from ..symbols import SYMBOLS, draw_symbol
from . import params
from .text import INK

KEYS = ("fill", "stroke", "stroke_width")


def read(node, el, ctx, report, what) -> bool:
    v = node.value["symbol"]
    parts = params.template(v, ctx, report, f"'symbol' of {what}")
    if parts is None:
        return False
    names = _names(parts, ctx)
    unknown = [n for n in names if n not in SYMBOLS]
    if unknown:
        report.error(v.loc, "FACE-SYMBOL", f"'symbol' of {what}: {', '.join(repr(n) for n in unknown)} "
                                           f"{'is not a' if len(unknown) == 1 else 'are not'} built-in symbol"
                     f"{'' if len(unknown) == 1 else 's'}; the symbols: {', '.join(SYMBOLS)}")
        return False
    el.value = parts
    return params.read_paint(node, el, ctx, report, what, KEYS)


def _names(parts, ctx) -> list[str]:
    """Every name the symbol can come out as: the text, or each value of the field it names."""
    if all(isinstance(p, str) for p in parts):
        return ["".join(parts)]
    out = []
    for p in parts:
        if isinstance(p, str):
            continue
        field, attr = p[0], p[1]
        t = ctx.fields.get(field)
        t = t.item if isinstance(t, ListOf) else t
        values = t.options() if isinstance(t, Choice) else []
        out += [str(ctx.choices.get(field, {}).get(v, {}).get(attr, v)) if attr else v for v in values]
    return out


def draw(d, el, box, env) -> None:
    name = env.fill(el.value)
    if name not in SYMBOLS:  # a list field showing nothing, or several: nothing to draw
        return
    fill = env.colour(el.opts.get("fill")) if "fill" in el.opts else INK
    draw_symbol(d, name, box.x, box.y, box.w, box.h, fill or INK, env.colour(el.opts.get("stroke")))
