"""A declared game's faces in its layout: `faces: {KIND: [elements]}` and `backs: {BACK-KIND:
[elements]}` at the top of the layout, for every edition, and under an edition for what it draws
differently. Takes the layout's nodes, its editions and what the spec declares (the kinds'
fields, the choices' attributes, the image fields, the specs folder); fills each edition's
`faces` and `backs` with the elements read (pnp/render/elements/), every problem located at its
element, each reported once however many editions share it."""
from __future__ import annotations

from pathlib import Path

from ...records import record
from ...diagnostics import Loc, Report, one_of
from ...load.templates import Edition
from ...load.yamlload import Node, type_name


@record
class FaceInfo:
    """What a layout's faces may refer to, from the spec's declaration."""

    kinds: dict[str, list]  # kind -> its fields
    choices: dict[str, dict[str, dict]]
    images: dict[str, list[str]]  # kind -> its image fields
    base: Path | None
    component_kinds: list[str]  # the kinds that need a face (those the spec's components use)
    back_kinds: list[str]  # the kinds the spec's back designs use
    required: bool = True  # False when the game's own code draws its faces

    def read(self, root: Node, editions: dict[str, Edition], report: Report, at: Loc,
             fonts: frozenset[str] = frozenset()) -> None:
        """The layout's `faces:` and `backs:`, read for these kinds (the layout reader calls this:
        it knows no element types of its own)."""
        read_faces(root, editions, self, report, at, fonts)


def read_faces(root: Node, editions: dict[str, Edition], info: FaceInfo, report: Report, at: Loc,
               fonts: frozenset[str] = frozenset()) -> None:
    """`fonts`: the layout's own font families, which a text's `font:` may name."""
    from . import FaceContext, read_face

    seen: set[tuple] = set()
    for name, edition in editions.items():
        node = _edition_node(root, name)
        for key, target, needed in (("faces", edition.faces, info.component_kinds),
                                    ("backs", edition.backs, info.back_kinds)):
            tables = [(n, f"'{key}' of edition '{name}'") for n in [node.get(key) if node else None] if n is not None]
            tables.append((root.get(key), f"'{key}'"))
            for kind in dict.fromkeys(needed):
                src = next(((n.value[kind], w) for n, w in tables if n is not None and n.is_map and kind in n.value), None)
                if src is None:
                    if info.required:
                        _once(report, seen, at if root.get(key) is None else root.key_loc(key), "FACE-MISSING",
                              f"the layout's '{key}' has nothing for kind '{kind}'; every kind {_who(key)} needs "
                              f"its list of elements (edition '{name}')")
                    continue
                elements = src[0]
                template = edition.template_for(kind) if key == "faces" else edition.main
                what = f"the {key[:-1]} of '{kind}'" + (f" in edition '{name}'" if len(editions) > 1 else "")
                ctx = FaceContext(what, {f.name: f.type for f in info.kinds.get(kind, [])},
                                  info.choices, dict(template.boxes), frozenset(info.images.get(kind, [])), info.base,
                                  fonts)
                scratch = Report()
                got = read_face(elements, ctx, scratch, ctx.what)
                for d in scratch.items:
                    _once(report, seen, d.loc, d.code, d.message)
                if got is not None:
                    target[kind] = got
            for n, w in tables:
                if n is not None and not n.is_map:
                    _once(report, seen, n.loc, "FACE-TYPE", f"{w} is {type_name(n)}, expected a mapping of kinds to "
                                                            "their elements")
                elif n is not None:
                    for kind in n.value:
                        if kind not in info.kinds:
                            _once(report, seen, n.key_loc(kind), "FACE-KIND",
                                  f"{w} names kind '{kind}', which the spec does not declare; its kinds: "
                                  f"{one_of(info.kinds)}")


def _who(key: str) -> str:
    return "the spec's components use" if key == "faces" else "the spec's back designs use"


def _edition_node(root: Node, name: str) -> Node | None:
    eds = root.get("editions")
    node = eds.get(name) if eds is not None and eds.is_map else None
    return node if node is not None and node.is_map else None


def _once(report: Report, seen: set, loc: Loc, code: str, message: str) -> None:
    key = (loc, code, message)
    if key not in seen:
        seen.add(key)
        report.error(loc, code, message)


COLOUR_KEYS = ("fill", "stroke", "colour")


def check_colours(spec, layout, report: Report) -> None:
    """A colour a face takes from a field written per component (`fill: "{type}"`) must be a
    colour for every component that shows it: otherwise an error at that component's value (its
    table cell or spec entry), so `validate` finds it and `build` writes nothing — never a card
    drawn as a placeholder. (A literal colour and a choice's values are checked as the layout
    is read.)"""
    drawn_as_data = [e for e in layout.editions.values() if e.faces or e.backs]
    if not drawn_as_data:  # a game whose faces its code draws (the shipped ones): nothing to check
        return
    from .params import shows

    seen: set[tuple] = set()
    for edition in drawn_as_data:
        plan = {kind: _field_colours(elements) for kind, elements in [*edition.faces.items(), *edition.backs.items()]}
        drawn = [(i, edition.faces) for i in spec.components] + [(b, edition.backs) for b in spec.backs.values()]
        for item, faces in drawn:
            for el, key, parts, fields in plan.get(item.kind, []) if faces.get(item.kind) else []:
                if not shows(el, item) or (item.id, key, el.loc) in seen:
                    continue
                wrong = _not_a_colour(parts, item)
                if wrong is not None:
                    seen.add((item.id, key, el.loc))
                    value, lang = wrong
                    report.error(item.loc_of(fields[0]), "SPEC-COLOUR",
                                 f"'{fields[0]}' of '{item.id}' is '{value}'{lang}, which its face draws as "
                                 f"the '{key}' colour (layout line {el.loc.line}); expected a colour such as "
                                 f"\"#2e6da4\" or red")


def _not_a_colour(parts: list, item) -> tuple[str, str] | None:
    """(the value, " in LANG" or "") of a colour template filled in for `item` in the first
    language a build may print it in where it is not a colour; None when it is one in all: a text
    field gives each language its own value, and `--lang zh-TW` paints with that one."""
    from .params import hex_colour
    from .placeholders import fill
    from .text import LANGS

    values = {lang: fill(parts, item, lang, {}, "") for lang in LANGS}
    for lang, value in values.items():
        if hex_colour(value) is None:
            return value, "" if len(set(values.values())) == 1 else f" in {lang}"
    return None


def _field_colours(elements: list) -> list[tuple]:
    """(element, key, parts, fields) of every colour a face takes from a field written per card."""
    out = []
    for el in elements:
        for key in COLOUR_KEYS:
            parts = el.opts.get(key)
            fields = [p[0] for p in parts or [] if not isinstance(p, str) and p[1] is None]
            if fields:
                out.append((el, key, parts, fields))
    return out
