"""What every face element shares: where it goes (`box:`, or x, y, width, height), its paint
(fill, stroke, stroke_width, radius), its text options, `when:` and `turn: 180`, each read from
the layout with a located diagnostic, and resolved for one component when the face is drawn."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from ...records import field, record
from ...diagnostics import Loc, Report, one_of
from ...load.boxes import Box
from ...load.schema import INVALID, Choice, Length, ListOf
from ...load.yamlload import Node, type_name
from ...geometry.drawing import PT, Color
from . import placeholders

ALL = "all"  # `rect: all`: the whole piece, to its bleed
COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def hex_colour(text: Any) -> str | None:
    """"#rrggbb" for a colour as written: "#rrggbb", "#rgb" or a CSS colour name in any case
    ("red", "DarkSlateBlue": the names Squib's data uses); None for anything else."""
    if not isinstance(text, str):
        return None
    t = text.strip()
    if COLOUR.match(t):
        code = t[1:]
        return "#" + (code if len(code) == 6 else "".join(ch * 2 for ch in code)).lower()
    from PIL import ImageColor  # the CSS colour names, as Pillow keeps them

    named = ImageColor.colormap.get(t.lower()) if t.isalpha() else None
    if isinstance(named, str) and COLOUR.match(named):
        return named.lower()
    if named is not None:  # a name Pillow keeps as a function ("hsl(…)")
        r, g, b = ImageColor.getrgb(t.lower())[:3]
        return f"#{r:02x}{g:02x}{b:02x}"
    return None


def is_colour(text: Any) -> bool:
    return hex_colour(text) is not None
ALIGN = {"left": "start", "center": "middle", "centre": "middle", "right": "end", "justify": "justify"}
VALIGN = ("top", "middle", "bottom")
WEIGHTS = ("normal", "bold")
PLACE = ("box", "x", "y", "width", "height")
COMMON = ("when", "turn")


@record
class FaceContext:
    """What a face's elements may refer to: its kind's fields, the choices' attributes, the boxes
    of the template its pieces are drawn on."""

    what: str  # "face 'ship' (edition standard)", for messages
    fields: dict[str, Any]  # field name -> its schema Type
    choices: dict[str, dict[str, dict]]
    boxes: dict[str, Box]
    images: frozenset[str] = frozenset()  # the kind's image fields
    base: Any = None  # the specs folder (a Path): where images are found
    fonts: frozenset[str] | None = None  # the layout's font families (None: not known here, not checked)


@record
class Element:
    """One element of a declared game's face or back, as read from the layout: its type, the box it
    fills or what it shows, its type's options, and its `when:` and `turn: 180`."""

    type: str
    value: Any  # the box it fills, or what it shows (placeholder parts, a symbol name, an image path)
    loc: Loc
    opts: dict[str, Any] = field(default_factory=dict)
    when: tuple[str, list[Any] | None] | None = None
    turn: bool = False


# -- reading ------------------------------------------------------------------------------------------

def template(node: Node, ctx: FaceContext, report: Report, what: str) -> list | None:
    """A text with placeholders, checked against the face's fields; None after reporting."""
    v = node.value
    if node.kind != "scalar" or v is None or isinstance(v, (bool, list, dict)):
        report.error(node.loc, "FACE-TYPE", f"{what} is {type_name(node)}, expected text (with {{field}} placeholders)")
        return None
    try:
        parts = placeholders.parse(str(v))
    except ValueError as exc:
        report.error(node.loc, "FACE-PLACEHOLDER", f"{what}: {exc}")
        return None
    wrong = placeholders.problems(parts, ctx.fields, ctx.choices)
    for w in wrong:
        report.error(node.loc, "FACE-PLACEHOLDER", f"{what}: {w}")
    return None if wrong else parts


def colour(node: Node, ctx: FaceContext, report: Report, what: str) -> list | None:
    """A colour: "#rrggbb", "#rgb", a CSS colour name, none, or a placeholder whose every value is
    such a colour (a choice's values or attribute: checked here; a field written per component:
    checked at each component, by pnp/render/elements/layout.check_colours)."""
    if node.kind == "scalar" and node.value in (None, "none"):
        return []
    parts = template(node, ctx, report, what)
    if parts is None:
        return None
    if all(isinstance(p, str) for p in parts):
        if not is_colour("".join(parts)):
            report.error(node.loc, "FACE-COLOUR", f"{what} is '{node.value}', expected a colour such as \"#2e6da4\" "
                                                  "(in quotes: YAML reads # as a comment) or red, none, or {field.colour}")
            return None
        return parts
    for field_name, attr in (p[:2] for p in parts if not isinstance(p, str)):
        if field_name == "game" and field_name not in ctx.fields:
            report.error(node.loc, "FACE-COLOUR", f"{what} is '{node.value}': the game's name is not a colour; "
                                                  "expected a colour such as \"#2e6da4\", or {field.colour}")
            return None
        values = ctx.choices.get(field_name, {})
        bad = [f"{v}: {a.get(attr)!r}" for v, a in values.items() if attr and not is_colour(a.get(attr, ""))]
        bad += [repr(v) for v in _choice_values(ctx, field_name) if not attr and not is_colour(v)]
        if bad or len(parts) != 1:
            report.error(node.loc, "FACE-COLOUR", f"{what} is '{node.value}', but not every value it can take is a "
                                                  f"colour such as \"#2e6da4\"" + (f" ({', '.join(bad)})" if bad else ""))
            return None
    return parts


def _choice_values(ctx: FaceContext, field_name: str) -> list:
    """The values a choice field can take (none for another field: its values are the components')."""
    t = ctx.fields.get(field_name)
    return t.options() if isinstance(t, Choice) else []


def length(node: Node, report: Report, what: str, lo: float = 0.0, hi: float = 2000.0) -> float | None:
    v = Length(lo_mm=lo, hi_mm=hi).read(node, report, what)
    return None if v is INVALID else v


def choose(node: Node, options, report: Report, what: str) -> str | None:
    if node.kind != "scalar" or node.value not in options:
        report.error(node.loc, "FACE-VALUE", f"{what} is '{node.value}', expected one of {one_of(options)}")
        return None
    return node.value


def box_name(node: Node, ctx: FaceContext, report: Report, what: str) -> str | None:
    v = node.value
    if v == ALL:
        return ALL
    if node.kind != "scalar" or not isinstance(v, str) or v not in ctx.boxes:
        report.error(node.loc, "FACE-BOX", f"{what} is '{v}', not a box of the template; its boxes: "
                                           f"{one_of(ctx.boxes) or 'none (add boxes: to the template)'}, or {ALL}")
        return None
    return v


def placement(node: Node, el: Element, ctx: FaceContext, report: Report, what: str) -> bool:
    """`box:` or x, y, width and height (all four): where the element goes."""
    given = [k for k in PLACE if k in node.value]
    if "box" in given and len(given) > 1:
        report.error(node.key_loc(given[1]), "FACE-PLACE", f"{what} has both 'box' and '{given[1]}'; place it by a box "
                                                           "or by x, y, width and height")
        return False
    if "box" in given:
        name = box_name(node.value["box"], ctx, report, f"'box' of {what}")
        el.opts["box"] = name
        return name is not None
    missing = [k for k in PLACE[1:] if k not in given]
    if missing:
        report.error(node.loc, "FACE-PLACE", f"{what} says where it goes by 'box: NAME' (one of "
                                             f"{one_of(ctx.boxes) or 'none'}) or by x, y, width and height"
                     + (f"; it lacks {one_of(missing)}" if given else ""))
        return False
    vals = [length(node.value[k], report, f"'{k}' of {what}", lo=-100.0) for k in PLACE[1:]]
    if None in vals:
        return False
    el.opts["rect"] = tuple(vals)
    return True


def when(node: Node, ctx: FaceContext, report: Report, what: str) -> tuple[str, list | None] | None | bool:
    """`when: FIELD` (drawn when the field has a value, or is true) or `when: {FIELD: VALUE}`
    (drawn when it is that value; for a list, when it holds it). False after reporting."""
    if node.is_map:
        if len(node.value) != 1:
            report.error(node.loc, "FACE-WHEN", f"'when' of {what} names one field: {{ FIELD: VALUE }}")
            return False
        (name, value), = node.value.items()
        if name not in ctx.fields:
            report.error(node.key_loc(name), "FACE-WHEN", f"'when' of {what}: '{name}' is not a field; fields: "
                                                          f"{one_of(ctx.fields) or 'none'}")
            return False
        t = ctx.fields[name]
        t = t.item if isinstance(t, ListOf) else t
        items = value.value if value.is_seq else [value]
        read = [t.read(v, report, f"'when' of {what}") for v in items]
        return False if INVALID in read else (name, [r.get("en") if isinstance(r, dict) else r for r in read])
    if node.kind != "scalar" or node.value not in ctx.fields:
        report.error(node.loc, "FACE-WHEN", f"'when' of {what} is '{node.value}', expected a field "
                                            f"({one_of(ctx.fields) or 'none'}) or {{ FIELD: VALUE }}")
        return False
    return (node.value, None)


def read_common(node: Node, el: Element, ctx: FaceContext, report: Report, what: str) -> bool:
    ok = True
    if "when" in node.value:
        w = when(node.value["when"], ctx, report, what)
        ok = w is not False
        el.when = w or None
    if "turn" in node.value:
        t = node.value["turn"]
        if t.kind != "scalar" or t.value not in (0, 180):
            report.error(t.loc, "FACE-VALUE", f"'turn' of {what} is '{t.value}', expected 180 (the far end of a "
                                              "two-way card) or 0")
            ok = False
        el.turn = t.value == 180
    return ok


# -- drawing -------------------------------------------------------------------------------------------

def shows(el: Element, item: Any) -> bool:
    if el.when is None:
        return True
    name, wanted = el.when
    value = item.get(name)
    if wanted is None:
        return bool(value)
    values = value if isinstance(value, list) else [value]
    values = [v.get("en") if isinstance(v, dict) else v for v in values]
    return any(v in wanted for v in values)


def box_of(el: Element, template: Any, bleed: float) -> Box:
    name = el.opts.get("box")
    if name == ALL:
        return Box(-bleed, -bleed, template.width + 2 * bleed, template.height + 2 * bleed, name=ALL)
    if name is not None:
        return template.box(name)
    x, y, w, h = el.opts["rect"]
    return Box(x, y, w, h)


def paint(parts: list | None, fill_in: Callable[[list], str]) -> Color | None:
    """A colour template filled in for one component; None for none."""
    if not parts:
        return None
    written = fill_in(parts)
    got = _painted(written)
    if got is None:  # a value validate reports (check_colours); never reached by a checked build
        raise ValueError(f"'{written}' is not a colour")
    return got


@lru_cache(maxsize=4096)
def _painted(written: str) -> Color | None:
    """A colour as written, read once (a deck paints the same few colours thousands of times)."""
    code = hex_colour(written)
    return None if code is None else Color.hex(code[1:])


def size_pt(node: Node, report: Report, what: str) -> float | None:
    mm = length(node, report, what, lo=0.5 * PT, hi=200 * PT)
    return None if mm is None else mm / PT


def read_paint(node: Node, el: Element, ctx: FaceContext, report: Report, what: str, keys) -> bool:
    """The paint keys an element takes: fill, stroke (colours), stroke_width, radius (lengths)."""
    ok = True
    for key in keys:
        if key not in node.value:
            continue
        v = node.value[key]
        if key in ("fill", "stroke", "colour"):
            got = colour(v, ctx, report, f"'{key}' of {what}")
        elif key in ("stroke_width", "radius"):
            got = length(v, report, f"'{key}' of {what}", hi=100.0)
        else:
            continue
        ok = ok and got is not None
        el.opts[key] = got
    return ok
