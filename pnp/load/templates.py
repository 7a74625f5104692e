"""Piece templates: the shape, size and named boxes of one kind of piece, read from a layout.

An edition of a game's layout holds one or more templates and says which component kind uses
which (`kinds`, with a `default` for the rest). A template is an `Outline` (rect with an
optional corner radius, rhombus, circle, hexagon) plus boxes in mm from its bounding box's
bottom-left corner, y up. The older form of an edition, `card: {width, height}` with `boxes`, is
one rect template named `card`. Takes YAML nodes; returns `Edition`s and located diagnostics.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from ..records import field, record
from ..diagnostics import Loc, Report, one_of
from ..geometry.drawing import Path
from .schema import INVALID, Choice, Field, Id, Length, Raw, read_fields
from .boxes import Box, read_boxes
from ..geometry.shapes import ORIENTS, SHAPES, Outline, regular_hexagon_other_side
from .yamlload import Node

__all__ = ["Box", "DEFAULT_OVERLAP", "Edition", "Template", "read_edition"]
SIZE = dict(lo_mm=5, hi_mm=2000)  # a token of 5 mm up to a board of 2 m
DEFAULT_OVERLAP = 10.0  # mm that the tiles of a piece larger than the paper overlap by
CARD = "card"  # the one template of an edition written in the older `card:` form

Needed = Sequence[str] | Mapping[str, Sequence[str]]  # boxes every kind needs, or per kind


@record
class Template:
    """The template of one kind of piece: its outline, its named boxes, where it is declared, and
    the overlap of its tiles when it is larger than the paper."""

    name: str
    outline: Outline
    boxes: dict[str, Box]
    loc: Loc
    overlap: float = DEFAULT_OVERLAP

    @property
    def width(self) -> float:
        return self.outline.w

    @property
    def height(self) -> float:
        return self.outline.h

    @property
    def shape(self) -> str:
        return self.outline.shape

    def box(self, name: str) -> Box:
        return self.boxes[name]

    def clip(self, bleed: float) -> Path:
        """The trim outline grown by the bleed: art runs up to it and never past it."""
        return self.outline.path(bleed)


@record
class Edition:
    """One edition of a layout (a size a user picks with `--edition`): its templates and which
    component kind uses which; a declared game's faces and backs."""

    name: str
    templates: dict[str, Template]
    default: str | None
    kinds: dict[str, str]  # component kind -> template name, for kinds not using the default
    loc: Loc
    # A declared game's faces (pnp/render/elements/): kind -> its elements, back kind -> its elements
    faces: dict[str, list] = field(default_factory=dict)
    backs: dict[str, list] = field(default_factory=dict)

    def template_for(self, kind: str) -> Template:
        return self.templates[self.kinds.get(kind) or self.default]  # type: ignore[index]

    @property
    def main(self) -> Template:
        """The default template (the only one, in an edition of one)."""
        return self.templates[self.default or next(iter(self.templates))]


EDITION_FIELDS = [Field("card", Raw("map"), required=False), Field("boxes", Raw("map"), required=False),
                  Field("templates", Raw("map"), required=False), Field("default", Id(), required=False),
                  Field("kinds", Raw("map"), required=False)]
FACE_KEYS = ("faces", "backs")  # an edition's own faces, read by the layout loader


def read_edition(name: str, node: Node, needed: Needed, kinds: Sequence[str] | None, report: Report) -> Edition | None:
    """An edition in either form; `kinds` are the game's component kinds (None: not checked)."""
    what = f"edition '{name}'"
    values, locs = read_fields(node, EDITION_FIELDS, report, what, extra_ok=FACE_KEYS)
    if values is INVALID:
        return None
    old = values["card"] is not None or values["boxes"] is not None
    if old and values["templates"] is not None:
        report.error(node.key_loc("templates"), "LAYOUT-TEMPLATE",
                     f"{what} has both 'card'/'boxes' and 'templates'; use one form")
        return None
    if old:
        return _old_form(name, node, values, needed, report)
    if values["templates"] is None:
        report.error(node.loc, "SPEC-MISSING-KEY", f"{what} has no 'templates' (or 'card' and 'boxes'); "
                                                   "it needs at least one template")
        return None
    return _templates_form(name, node, values, locs, needed, kinds, report)


def _old_form(name: str, node: Node, values: dict, needed: Needed, report: Report) -> Edition | None:
    what = f"edition '{name}'"
    for key in ("card", "boxes"):
        if values[key] is None:
            report.error(node.loc, "SPEC-MISSING-KEY", f"{what} has no '{key}'; it needs a mapping")
    if values["card"] in (None, INVALID) or values["boxes"] in (None, INVALID):
        return None
    size = [Field("width", Length(lo_mm=10, hi_mm=400)), Field("height", Length(lo_mm=10, hi_mm=400)),
            Field("radius", Length(lo_mm=0, hi_mm=100), required=False)]  # rounded corners, as a template's
    card, locs = read_fields(values["card"], size, report, f"'card' of {what}")
    if card is INVALID or INVALID in card.values():
        return None
    outline = Outline("rect", card["width"], card["height"], card["radius"] or 0.0)
    if outline.radius > min(outline.w, outline.h) / 2:
        report.error(locs["radius"], "LAYOUT-TEMPLATE", f"'radius' of the card of {what} is {outline.radius:g} mm, more "
                                                       f"than half of the {outline.w:g} x {outline.h:g} mm card")
        return None
    boxes = read_boxes(values["boxes"], outline, what, "card", report)
    _needs(values["boxes"].value, _all_needs(needed), node.key_loc("boxes"), what, report)
    return Edition(name, {CARD: Template(CARD, outline, boxes, node.loc)}, CARD, {}, node.loc)


def _templates_form(name: str, node: Node, values: dict, locs: dict, needed: Needed,
                    kinds: Sequence[str] | None, report: Report) -> Edition | None:
    what = f"edition '{name}'"
    tnode: Node = values["templates"]
    if tnode is INVALID:
        return None
    templates: dict[str, Template] = {}
    for tname, child in tnode.value.items():
        if Id().read(Node("scalar", tnode.key_loc(tname), tname), report, f"template name in {what}") is INVALID:
            continue
        t = _read_template(str(tname), child, what, report)
        if t is not None:
            templates[t.name] = t
    if not tnode.value:
        report.error(tnode.loc, "LAYOUT-TEMPLATE", f"'templates' of {what} is empty; it needs at least one template")
    default = values["default"]
    written = default is not None  # a default was named, even if it cannot be used (no kind is told it has none)
    if default is INVALID:
        default = None
    elif default is not None and default not in tnode.value:
        report.error(locs["default"], "LAYOUT-DANGLING-REF",
                     f"default template '{default}' of {what} is not defined; templates: {one_of(tnode.value)}")
        default = None
    elif default is None and len(tnode.value) == 1:  # the one template, if it could be read
        default = next(iter(templates), None)
        written = default is None  # it could not: told at it, not again at every kind
    mapping = _read_kinds(values["kinds"], tnode, kinds, what, report)
    listed = set(values["kinds"].value) if values["kinds"] not in (None, INVALID) else set()
    if kinds is not None and default is None and not written:
        for kind in kinds:
            if kind not in listed:  # a kind listed with a bad template is reported there
                report.error(node.key_loc("kinds") if values["kinds"] is not None else node.loc, "LAYOUT-KIND",
                             f"kind '{kind}' of {what} has no template: map it under 'kinds' or name a "
                             f"'default' template; templates: {one_of(tnode.value)}")
    for tname, t in templates.items():
        users = [k for k in (kinds or (needed if isinstance(needed, Mapping) else ())) if (mapping.get(k) or default) == tname]
        if isinstance(needed, Mapping):
            need = list(dict.fromkeys(b for k in users for b in needed.get(k, ())))
        else:
            need = list(needed)
        child = tnode.value[tname]
        declared = child.value["boxes"].value if "boxes" in child.value else {}
        used_by = f" (used by kind {one_of(users)})" if users else ""
        _needs(declared, need, child.key_loc("boxes") if "boxes" in child.value else child.loc,
               f"template '{tname}' of {what}{used_by}", report)
    edition = Edition(name, templates, default, mapping, node.loc)
    return edition if _usable(edition, kinds) else None


def _usable(edition: Edition, kinds: Sequence[str] | None) -> bool:
    """Whether every kind finds a template that was read: a default or a mapping naming one that
    is not defined, or could not be read, is told where it is written, and the edition is then
    not used (its faces would be read against a template it does not have)."""
    if not edition.templates or (edition.default is not None and edition.default not in edition.templates):
        return False
    return all((edition.kinds.get(k) or edition.default) in edition.templates for k in kinds or ())


def _read_kinds(knode, tnode: Node, kinds: Sequence[str] | None, what: str, report: Report) -> dict[str, str]:
    mapping: dict[str, str] = {}
    if knode in (None, INVALID):
        return mapping
    for kind, child in knode.value.items():
        if kinds is not None and kind not in kinds:
            report.error(knode.key_loc(kind), "LAYOUT-KIND",
                         f"'kinds' of {what} names '{kind}', which is not a component kind of the game; "
                         f"kinds: {one_of(kinds)}")
            continue
        tname = Id().read(child, report, f"the template of kind '{kind}' in {what}")
        if tname is INVALID:
            continue
        if tname not in tnode.value:
            report.error(child.loc, "LAYOUT-DANGLING-REF",
                         f"kind '{kind}' of {what} uses template '{tname}', which is not defined; "
                         f"templates: {one_of(tnode.value)}")
            continue
        mapping[str(kind)] = tname
    return mapping


TEMPLATE_FIELDS = [
    Field("shape", Choice(SHAPES, code="LAYOUT-SHAPE"), required=False, default="rect"),
    Field("width", Length(**SIZE), required=False), Field("height", Length(**SIZE), required=False),
    Field("radius", Length(lo_mm=0, hi_mm=100), required=False),
    Field("orient", Choice(ORIENTS), required=False),
    Field("overlap", Length(lo_mm=3, hi_mm=50), required=False, default=DEFAULT_OVERLAP),
    Field("boxes", Raw("map"), required=False),
]


def _read_template(tname: str, node: Node, edition: str, report: Report) -> Template | None:
    what = f"template '{tname}' of {edition}"
    v, locs = read_fields(node, TEMPLATE_FIELDS, report, what)
    if v is INVALID or INVALID in v.values():
        return None
    shape = v["shape"]
    for key, only in (("radius", "rect"), ("orient", "hexagon")):
        if v[key] is not None and shape != only:
            report.error(node.key_loc(key), "LAYOUT-TEMPLATE", f"'{key}' of {what} applies to a {only} only, not a {shape}")
            return None
    size = _size(shape, v, locs, node, what, report)
    if size is None:
        return None
    outline = Outline(shape, size[0], size[1], v["radius"] or 0.0, v["orient"] or "pointy")
    if outline.radius > min(outline.w, outline.h) / 2:
        report.error(locs["radius"], "LAYOUT-TEMPLATE", f"'radius' of {what} is {outline.radius:g} mm, more than half "
                                                       f"of the {outline.w:g} x {outline.h:g} mm rectangle")
        return None
    boxes = read_boxes(v["boxes"], outline, what, None, report) if v["boxes"] is not None else {}
    return Template(tname, outline, boxes, node.loc, v["overlap"])


def _size(shape: str, v: dict, locs: dict, node: Node, what: str, report: Report) -> tuple[float, float] | None:
    """Width and height; a circle or a regular hexagon may give one and the other follows."""
    w, h = v["width"], v["height"]
    if shape in ("rect", "rhombus") or (w is None and h is None):
        missing = [k for k, x in (("width", w), ("height", h)) if x is None]
        if missing:
            hint = " (a circle or a hexagon needs only one)" if shape in ("circle", "hexagon") else ""
            report.error(node.loc, "SPEC-MISSING-KEY", f"{what} has no {' or '.join(missing)}; it needs a length{hint}")
            return None
        return w, h
    if shape == "circle":
        expect_h = w if w is not None else h
        expect_w = expect_h
    else:
        orient = v["orient"] or "pointy"
        expect_h = regular_hexagon_other_side(orient, w, None) if w is not None else h
        expect_w = w if w is not None else regular_hexagon_other_side(orient, None, h)
    if w is not None and h is not None and abs(h - expect_h) > 0.1:
        form = "circle" if shape == "circle" else f"regular {v['orient'] or 'pointy'}-topped hexagon"
        report.error(locs["height"], "LAYOUT-TEMPLATE",
                     f"a {form} {w:g} mm wide is {expect_h:.4g} mm high, not {h:g} mm ({what}); "
                     "give only one of width and height, or both matching")
        return None
    return expect_w, expect_h


def _all_needs(needed: Needed) -> list[str]:
    if isinstance(needed, Mapping):
        return list(dict.fromkeys(b for boxes in needed.values() for b in boxes))
    return list(needed)


def _needs(declared: Mapping, need: Sequence[str], loc: Loc, what: str, report: Report) -> None:
    """Boxes the renderer reads must be declared (a declared box with a mistake is reported where it is)."""
    for n in need:
        if n not in declared:
            report.error(loc, "LAYOUT-MISSING-BOX", f"{what} has no box '{n}'; the renderer needs boxes {', '.join(need)}")


def derived_edition(name: str, node: Node, editions: Mapping[str, Edition], report: Report) -> Edition | None:
    """`from: EDITION` and `card: {width, height}`: that edition at another card size — every
    template and box scaled by the card's ratio (a 63 x 88 mm poker card as 2.5 x 3.5 in, the size
    US print shops sell), each type size as it is. Nothing else may be given: the rest is the
    other edition's."""
    from ..records import replace

    what = f"edition '{name}'"
    values, locs = read_fields(node, [Field("from", Id()), Field("card", Raw("map"))], report, what)
    if values is INVALID or INVALID in values.values():
        return None
    base = editions.get(values["from"])
    if base is None:
        report.error(locs["from"], "LAYOUT-DANGLING-REF", f"{what} is made from edition '{values['from']}', which "
                                                           f"is not defined (or is itself made from another); "
                                                           f"editions: {one_of(editions)}")
        return None
    size = [Field("width", Length(lo_mm=10, hi_mm=400)), Field("height", Length(lo_mm=10, hi_mm=400))]
    card, _ = read_fields(values["card"], size, report, f"'card' of {what}")
    if card is INVALID or INVALID in card.values():
        return None
    main = base.main
    sx, sy = card["width"] / main.width, card["height"] / main.height

    def scaled(t: Template) -> Template:
        o = t.outline
        boxes = {k: replace(b, x=b.x * sx, y=b.y * sy, w=b.w * sx, h=b.h * sy) for k, b in t.boxes.items()}
        return replace(t, outline=replace(o, w=o.w * sx, h=o.h * sy, radius=o.radius * min(sx, sy)), boxes=boxes)

    return replace(base, name=name, templates={k: scaled(t) for k, t in base.templates.items()}, loc=node.loc)
