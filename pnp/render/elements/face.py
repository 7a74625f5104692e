"""A face as a list of elements: read from a layout, drawn for one component.

`read_face(node, ctx, report, what)` reads `[{rect: all, fill: …}, {text: "{title}", box: …}, …]`
and returns the `Element`s that read cleanly (every problem reported at its element's line);
`draw_face(d, elements, env)` draws them in order — later elements over earlier ones — each
only when its `when:` holds, those with `turn: 180` turned about the piece's centre.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...records import record
from ...diagnostics import Report, one_of
from ...load.yamlload import Node, type_name
from ...geometry.drawing import Color, Drawing, multiply, rotate, translate
from . import ellipse, image, line, params, placeholders, rect, symbol, text
from .params import COMMON, PLACE, Element, FaceContext

TYPES = {"rect": rect, "ellipse": ellipse, "line": line, "text": text, "image": image, "symbol": symbol}
FILLS_BOX = ("rect", "ellipse", "line")  # their value is the box they fill; the others say `box:`
MAX_ELEMENTS = 500


def read_face(node: Node, ctx: FaceContext, report: Report, what: str) -> list[Element] | None:
    if not node.is_seq:
        report.error(node.loc, "FACE-TYPE", f"{what} is {type_name(node)}, expected a list of elements, such as "
                                            "- { rect: all, fill: \"#1d2b3a\" }")
        return None
    if len(node.value) > MAX_ELEMENTS:
        report.error(node.loc, "FACE-TYPE", f"{what} has {len(node.value)} elements, at most {MAX_ELEMENTS}")
        return None
    out = []
    for i, child in enumerate(node.value, 1):
        el = _element(child, ctx, report, f"element {i} of {what}")
        if el is not None:
            out.append(el)
    return out


def _element(node: Node, ctx: FaceContext, report: Report, what: str) -> Element | None:
    if not node.is_map or not node.value:
        report.error(node.loc, "FACE-TYPE", f"{what} is {type_name(node)}, expected a mapping whose first key is its "
                                            f"type: {one_of(TYPES)}")
        return None
    kind = next(iter(node.value))
    if kind not in TYPES:
        others = [k for k in node.value if k in TYPES]
        hint = f" ('{others[0]}' must come first)" if others else ""
        report.error(node.key_loc(kind), "FACE-ELEMENT", f"{what} begins with '{kind}', not an element type{hint}; "
                                                         f"types: {one_of(TYPES)}")
        return None
    module = TYPES[kind]
    accepted = (kind,) + module.KEYS + COMMON + (() if kind in FILLS_BOX else PLACE)
    bad = [k for k in node.value if k not in accepted]
    for k in bad:
        report.error(node.key_loc(k), "FACE-KEY", f"unknown key '{k}' in {what} ({kind}); accepted keys: "
                                                  f"{one_of(accepted[1:])}")
    el = Element(kind, None, node.loc)
    if kind in FILLS_BOX:
        el.opts["box"] = params.box_name(node.value[kind], ctx, report, f"'{kind}' of {what}")
        placed = el.opts["box"] is not None
    else:
        placed = params.placement(node, el, ctx, report, what)
    ok = module.read(node, el, ctx, report, what)
    ok = params.read_common(node, el, ctx, report, what) and ok
    return el if ok and placed and not bad else None


@record
class Env:
    """One component's values for its face's elements: placeholders filled in the build's
    language, colours made, images found and placed."""

    item: Any
    lang: str
    choices: dict[str, dict[str, dict]]
    game_name: str
    base: Path | None
    place: Callable[[Drawing, Path, Any, str], None]

    def fill(self, parts: list) -> str:
        return placeholders.fill(parts, self.item, self.lang, self.choices, self.game_name)

    def colour(self, parts: list | None) -> Color | None:
        return params.paint(parts, self.fill)

    def image(self, field: str) -> Path | None:
        written = self.item.get(field)
        return None if not written or self.base is None else (self.base / written).resolve()

    def place_image(self, d: Drawing, path: Path, box: Any, fit: str) -> None:
        self.place(d, path, box, fit)


def draw_face(d: Drawing, elements: list[Element], env: Env, template: Any, bleed: float) -> None:
    far_end = None
    for el in elements:
        if not params.shows(el, env.item):
            continue
        target = d
        if el.turn:
            far_end = far_end or d.group(multiply(rotate(180), translate(template.width, template.height)))
            target = far_end
        TYPES[el.type].draw(target, el, params.box_of(el, template, bleed), env)
