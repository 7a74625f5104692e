"""`text: "…{field}…"` — text in a box, set by the shared text setter (pnp/render/text.py): broken
into lines (English words kept whole, Chinese by character with its punctuation rules), shrunk
step by step to `min_size` when it does not fit, cut at the box and reported when it still does
not; `**bold**`, `*italic*` and `:icon:` in it (pnp/render/rich.py). Keys: size, min_size,
colour, align (left, center, right, justify), valign (top, middle, bottom), weight (normal,
bold), font (a family of the layout's `fonts:`), line_spacing (a factor of the normal spacing,
1.25 times the type size)."""
from __future__ import annotations

from ...records import replace
from ...geometry.drawing import Color
from . import params

KEYS = ("size", "min_size", "colour", "align", "valign", "weight", "font", "line_spacing")
SPACING = (0.5, 3.0)  # the line_spacing factors a text may ask for
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
    if "line_spacing" in node.value:
        el.opts["line_spacing"] = _spacing(node.value["line_spacing"], report, f"'line_spacing' of {what}")
        ok = ok and el.opts["line_spacing"] is not None
    if "font" in node.value:
        el.opts["font"] = _font(node.value["font"], ctx, report, f"'font' of {what}")
        ok = ok and el.opts["font"] is not None
    return ok


def _spacing(node, report, what: str) -> float | None:
    v = node.value
    lo, hi = SPACING
    if node.kind != "scalar" or isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
        report.error(node.loc, "FACE-VALUE", f"{what} is '{v}', expected a factor of the normal line spacing from "
                                             f"{lo:g} to {hi:g} (1 is normal, 1.5 one and a half)")
        return None
    return float(v)


def _font(node, ctx, report, what: str) -> str | None:
    v = node.value
    known = ctx.fonts
    if node.kind != "scalar" or not isinstance(v, str) or (known is not None and v not in known):
        offer = f"the layout's fonts: {params.one_of(sorted(known))}" if known else \
            "the layout declares none (add fonts: { NAME: { regular: FILE.ttf } } to the layout)"
        report.error(node.loc, "FACE-FONT", f"{what} is '{v}', not a font family of the layout; {offer}")
        return None
    return v


def draw(d, el, box, env) -> None:
    from .. import text as setter  # fonts and reportlab: loaded to draw, not to read a layout

    parts = el.value.get(env.lang) or el.value["en"] if isinstance(el.value, dict) else el.value
    words = env.fill(parts).strip()
    if not words:
        return
    wanted = el.opts.get("size") or box.text or DEFAULT_SIZE
    box = replace(box, text=wanted, min_text=el.opts.get("min_size", box.min_text))
    bold = el.opts.get("weight") == "bold"
    align = params.ALIGN[el.opts.get("align", "center")]
    lead = setter.LEAD * el.opts.get("line_spacing", 1.0)
    f = setter.fit_lines(box, words, wanted, bold, lead, family=el.opts.get("font", ""), marked=align == "justify")
    setter.record(f)
    used = len(f.lines) * f.lead
    valign = el.opts.get("valign", "middle")
    if valign != "middle" and not f.overflows and used < box.h:
        y = box.top - used if valign == "top" else box.y
        f = replace(f, box=replace(box, y=y, h=used))
    colour = env.colour(el.opts.get("colour")) if "colour" in el.opts else INK
    setter.draw_lines(d, f, colour or INK, bold, align)
