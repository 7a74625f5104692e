"""`text: "…{field}…"` — text in a box, set by the shared text setter (pnp/render/text.py): broken
into lines (English words kept whole, Chinese by character with its punctuation rules), shrunk
step by step to `min_size` when it does not fit, cut at the box and reported when it still does
not. Keys: size, min_size, colour, align (left, center, right), valign (top, middle, bottom),
weight (normal, bold)."""
from __future__ import annotations

from dataclasses import replace

from ..drawing import Color
from . import params

KEYS = ("size", "min_size", "colour", "align", "valign", "weight")
INK = Color.hex("#202020")
DEFAULT_SIZE = 10.0  # pt, when neither the element nor its box says


LANGS = ("en", "zh-TW")


def read(node, el, ctx, report, what) -> bool:
    """The text: one template, or {en: …, zh-TW: …} (a template per language, English where the
    build's language has none)."""
    v = node.value["text"]
    if v.is_map:
        el.value = {}
        for lang, child in v.value.items():
            if lang not in LANGS:
                report.error(v.key_loc(lang), "FACE-KEY", f"'text' of {what}: '{lang}' is not a language; "
                                                          "expected en and zh-TW")
                return False
            el.value[lang] = params.template(child, ctx, report, f"'text' ({lang}) of {what}")
        if "en" not in el.value:
            report.error(v.loc, "FACE-KEY", f"'text' of {what} has no 'en', the text for every other language")
            return False
        parts_ok = None not in el.value.values()
    else:
        el.value = params.template(v, ctx, report, f"'text' of {what}")
        parts_ok = el.value is not None
    ok = parts_ok and params.read_paint(node, el, ctx, report, what, ("colour",))
    for key in ("size", "min_size"):
        if key in node.value:
            el.opts[key] = params.size_pt(node.value[key], report, f"'{key}' of {what}")
            ok = ok and el.opts[key] is not None
    for key, options in (("align", tuple(params.ALIGN)), ("valign", params.VALIGN), ("weight", params.WEIGHTS)):
        if key in node.value:
            el.opts[key] = params.choose(node.value[key], options, report, f"'{key}' of {what}")
            ok = ok and el.opts[key] is not None
    return ok


def draw(d, el, box, env) -> None:
    from .. import text as setter  # fonts and reportlab: loaded to draw, not to read a layout

    parts = el.value.get(env.lang) or el.value["en"] if isinstance(el.value, dict) else el.value
    words = env.fill(parts).strip()
    if not words:
        return
    wanted = el.opts.get("size") or box.text or DEFAULT_SIZE
    box = replace(box, text=wanted, min_text=el.opts.get("min_size", box.min_text))
    bold = el.opts.get("weight") == "bold"
    f = setter.fit_lines(box, words, wanted, bold)
    setter.record(f)
    used = len(f.lines) * f.lead
    valign = el.opts.get("valign", "middle")
    if valign != "middle" and not f.overflows and used < box.h:
        y = box.top - used if valign == "top" else box.y
        f = replace(f, box=replace(box, y=y, h=used))
    colour = env.colour(el.opts.get("colour")) if "colour" in el.opts else INK
    setter.draw_lines(d, f, colour or INK, bold, params.ALIGN[el.opts.get("align", "center")])
