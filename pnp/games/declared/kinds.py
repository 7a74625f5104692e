"""A declared game's kinds and their fields, read from its spec's `kinds:` and `choices:`.

Takes the located nodes of those two keys; returns each kind's field table (the same `Field`s
the shipped games declare in Python, so a component of a declared game is read and checked by
the same spec reader), the choice values' attributes (`{suit.colour}`, `{suit.name}` on a face),
and every problem as a located diagnostic. Field types:

    choice: [a, b]        int: [lo, hi]        number: [lo, hi]        text: MAXLEN
    bool: true            list: TYPE (min, max)                        ref: KIND
    image: true           with required (default true) and default on any of them
    legal: [1, 2, 3]      on an int field: the values the game's rules allow. Reading accepts the
                          whole range (a value outside `legal` is a rule break, exit 1, that a
                          `legal` rule reports); every message about the field quotes them, and
                          `every`, `give … one_each` go through them
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...diagnostics import Loc, Report, one_of
from ...load.schema import (
    ID_PATTERN, INVALID, Bool, Choice, Field, Int, ListOf, Localized, Number, Ref, Text, Type,
)
from ...load.yamlload import Node, type_name

TYPES = ("choice", "int", "number", "text", "bool", "list", "ref", "image")
OPTIONS = ("required", "default", "min", "max", "legal")
RESERVED = ("id", "kind", "count", "back", "image", "image_box", "image_bleed")  # keys every component has
MAX_TEXT = 2000
MAX_LIST = 99


class Broken(Type):
    """The type of a field whose declaration is wrong (reported there): it reads any value without
    a word, so the field's one mistake is not told again at every row, rule and face that uses it."""

    def read(self, node: Node, report: Report, what: str) -> Any:
        return node.plain()

    def describe(self) -> str:
        return "any value (its declaration is wrong)"


@dataclass
class Kinds:
    """What `kinds:` and `choices:` declare."""

    fields: dict[str, list[Field]] = field(default_factory=dict)  # kind -> its fields
    locs: dict[str, Loc] = field(default_factory=dict)  # kind -> where it is declared
    field_locs: dict[tuple[str, str], Loc] = field(default_factory=dict)  # (kind, field) -> its declaration
    choices: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # field -> value -> attrs
    images: dict[str, list[str]] = field(default_factory=dict)  # kind -> its image fields

    def type_of(self, kind: str, name: str) -> Type | None:
        return next((f.type for f in self.fields.get(kind, []) if f.name == name), None)


def read_kinds(node: Node | None, choices: Node | None, report: Report, at: Loc) -> Kinds:
    out = Kinds()
    if node is None:
        report.error(at, "DECLARE-MISSING", "a declared game needs 'kinds': each kind and its fields")
        return out
    if not node.is_map or not node.value:
        report.error(node.loc, "DECLARE-TYPE", f"'kinds' is {type_name(node)}, expected a mapping of kind names "
                                               "to their fields, such as  card: { value: { int: [1, 10] } }")
        return out
    for kind, body in node.value.items():
        if not _is_id(kind):
            report.error(node.key_loc(kind), "DECLARE-ID", f"kind '{kind}' is not a valid id, expected lower-case "
                                                           "letters, digits and dashes")
            continue
        out.locs[kind] = node.key_loc(kind)
        out.fields[kind] = _kind_fields(kind, body, report, out)
    out.choices = _choices(choices, out, report)
    for kind, fields in out.fields.items():
        for f in fields:
            if isinstance(f.type, Ref) and f.type.kind not in out.fields:
                report.error(out.field_locs[(kind, f.name)], "DECLARE-REF",
                             f"field '{f.name}' of kind '{kind}' refers to kind '{f.type.kind}', which is not "
                             f"declared; declared kinds: {one_of(out.fields)}")
    return out


def _is_id(name: Any) -> bool:
    import re

    return isinstance(name, str) and re.fullmatch(ID_PATTERN, name) is not None


def _kind_fields(kind: str, body: Node, report: Report, out: Kinds) -> list[Field]:
    if body.kind == "scalar" and body.value is None:
        return []  # `back:` with nothing after it: a kind without fields
    if not body.is_map:
        report.error(body.loc, "DECLARE-TYPE", f"kind '{kind}' is {type_name(body)}, expected a mapping of its "
                                               "fields (or {} for a kind without fields)")
        return []
    fields = []
    for name, decl in body.value.items():
        loc = body.key_loc(name)
        if name in RESERVED or not isinstance(name, str) or not name.replace("_", "-").replace("-", "").isalnum():
            why = "every component has it already" if name in RESERVED else "a field name is letters, digits, - and _"
            report.error(loc, "DECLARE-FIELD", f"kind '{kind}' cannot have a field '{name}': {why}")
            continue
        out.field_locs[(kind, name)] = loc
        f = _field(name, decl, report, f"field '{name}' of kind '{kind}'")
        if f is None:
            fields.append(Field(name, Broken(), required=False))
        else:
            fields.append(f)
            if f.type == "image":  # a path, resolved like user art once the spec is read
                out.images.setdefault(kind, []).append(name)
                f.type = Text(500)
    return fields


def _field(name: str, decl: Node, report: Report, what: str) -> Field | None:
    if not decl.is_map:
        report.error(decl.loc, "DECLARE-TYPE", f"{what} is {type_name(decl)}, expected a mapping with its type, "
                                               f"one of {one_of(TYPES)}, such as {{ int: [1, 10] }}")
        return None
    types = [k for k in decl.value if k in TYPES]
    unknown = [k for k in decl.value if k not in TYPES and k not in OPTIONS]
    for k in unknown:
        report.error(decl.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}; accepted keys: a type "
                                                     f"({one_of(TYPES)}) and {one_of(OPTIONS)}")
    if len(types) != 1:
        report.error(decl.loc, "DECLARE-TYPE", f"{what} needs exactly one type, one of {one_of(TYPES)}"
                                               + (f"; it has {one_of(types)}" if types else ""))
        return None
    ftype = _type(types[0], decl, report, what)
    if ftype is None:
        return None
    if "legal" in decl.value:
        ftype = _legal(ftype, decl, report, what)
        if ftype is None:
            return None
    required = _flag(decl, "required", True, report, what)
    default = None
    if "default" in decl.value:
        if ftype == "image":
            report.error(decl.key_loc("default"), "DECLARE-KEY", f"{what}: an image field has no default")
        else:
            default = ftype.read(decl.value["default"], report, f"the default of {what}")
            default = None if default is INVALID else default
            required = False
    return Field(name, ftype, required=required, default=default)


def _legal(ftype: Any, decl: Node, report: Report, what: str) -> Type | None:
    """An int field's `legal:` values, each inside its range."""
    node = decl.value["legal"]
    if not isinstance(ftype, Int):
        report.error(decl.key_loc("legal"), "DECLARE-KEY", f"'legal' of {what} applies to an int field")
        return None
    values = ListOf(Int(ftype.lo, ftype.hi), 1, 999).read(node, report, f"'legal' of {what}")
    if values is INVALID:
        return None
    return Int(ftype.lo, ftype.hi, legal=tuple(sorted(set(values))))


def _flag(decl: Node, key: str, default: bool, report: Report, what: str) -> bool:
    node = decl.get(key)
    if node is None:
        return default
    v = Bool().read(node, report, f"'{key}' of {what}")
    return default if v is INVALID else v


def _type(name: str, decl: Node, report: Report, what: str) -> Type | str | None:
    arg = decl.value[name]
    if name == "list":
        if not arg.is_map:
            report.error(arg.loc, "DECLARE-TYPE", f"'list' of {what} is {type_name(arg)}, expected the type of its "
                                                  "items, such as  list: { choice: [anchor, star] }")
            return None
        item = _field("item", arg, report, f"the items of {what}")
        if item is None or item.type == "image":
            return None
        lo, hi = (_count(decl, k, d, report, what) for k, d in (("min", 0), ("max", MAX_LIST)))
        return ListOf(item.type, lo, hi)
    for k in ("min", "max"):
        if k in decl.value:
            report.error(decl.key_loc(k), "DECLARE-KEY", f"'{k}' of {what} applies to a list; this field is {name}")
    return _SCALARS[name](arg, report, f"'{name}' of {what}")


def _count(decl: Node, key: str, default: int, report: Report, what: str) -> int:
    node = decl.get(key)
    if node is None:
        return default
    v = Int(0, MAX_LIST).read(node, report, f"'{key}' of {what}")
    return default if v is INVALID else v


def _range(kind: type, arg: Node, report: Report, what: str) -> Type | None:
    number = Int() if kind is Int else Number()
    if not arg.is_seq or len(arg.value) != 2:
        report.error(arg.loc, "DECLARE-TYPE", f"{what} is {type_name(arg)}, expected [LOWEST, HIGHEST]")
        return None
    lo, hi = (number.read(n, report, f"{what}, {end}") for n, end in zip(arg.value, ("lowest", "highest")))
    if INVALID in (lo, hi):
        return None
    if lo > hi:
        report.error(arg.loc, "DECLARE-RANGE", f"{what} is [{lo}, {hi}]: the lowest is above the highest")
        return None
    return kind(lo, hi)


def _choice(arg: Node, report: Report, what: str) -> Type | None:
    values = ListOf(Text(64), 1, 999).read(arg, report, what)
    if values is INVALID:
        return None
    if len(set(values)) != len(values):
        report.error(arg.loc, "DECLARE-RANGE", f"{what} names a value twice")
    return Choice(list(dict.fromkeys(values)))


def _text(arg: Node, report: Report, what: str) -> Type | None:
    n = Int(1, MAX_TEXT).read(arg, report, what)
    return None if n is INVALID else Localized(n)


def _bool(arg: Node, report: Report, what: str) -> Type | None:
    v = Bool().read(arg, report, what)
    if v is not True:
        if v is False:
            report.error(arg.loc, "DECLARE-TYPE", f"{what} is false; write  bool: true  for a yes/no field")
        return None
    return Bool()


def _ref(arg: Node, report: Report, what: str) -> Type | None:
    v = Text(64).read(arg, report, what)
    return None if v is INVALID else Ref(v)


def _image(arg: Node, report: Report, what: str) -> str | None:
    v = Bool().read(arg, report, what)
    return "image" if v is True else None


_SCALARS = {
    "choice": _choice, "text": _text, "bool": _bool, "ref": _ref, "image": _image,
    "int": lambda a, r, w: _range(Int, a, r, w), "number": lambda a, r, w: _range(Number, a, r, w),
}


def _choices(node: Node | None, kinds: Kinds, report: Report) -> dict[str, dict[str, dict[str, Any]]]:
    """`choices: {FIELD: {VALUE: {name: {en, zh-TW}, colour: "#…", ATTR: …}}}` for every choice field
    of that name; a value the field does not declare is an error at its key."""
    if node is None:
        return {}
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"'choices' is {type_name(node)}, expected a mapping of choice "
                                               "fields to their values' attributes")
        return {}
    declared = {f.name: f.type for fields in kinds.fields.values() for f in fields if isinstance(f.type, Choice)}
    declared.update({f.name: f.type.item for fields in kinds.fields.values() for f in fields
                     if isinstance(f.type, ListOf) and isinstance(f.type.item, Choice)})
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name, values in node.value.items():
        if name not in declared:
            report.error(node.key_loc(name), "DECLARE-CHOICE", f"'{name}' in 'choices' is not a choice field of any "
                                                               f"kind; choice fields: {one_of(declared) or 'none'}")
            continue
        if not values.is_map:
            report.error(values.loc, "DECLARE-TYPE", f"choices of '{name}' is {type_name(values)}, expected a mapping "
                                                     "of its values to their attributes")
            continue
        options = declared[name].options()
        out[name] = {}
        for value, attrs in values.value.items():
            if value not in options:
                report.error(values.key_loc(value), "DECLARE-CHOICE",
                             f"'{value}' is not a value of '{name}'; its values: {one_of(options)}")
                continue
            out[name][value] = _attrs(attrs, report, f"choice '{value}' of '{name}'")
    return out


def _attrs(node: Node, report: Report, what: str) -> dict[str, Any]:
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping of attributes, "
                                               "such as  { name: { en: Red, zh-TW: 紅 }, colour: \"#c0392b\" }")
        return {}
    out: dict[str, Any] = {}
    for key, value in node.value.items():
        if key == "name":
            v = Localized(200).read(value, report, f"'name' of {what}")
        elif value.kind == "scalar" and isinstance(value.value, (str, int, float)) and not isinstance(value.value, bool):
            v = value.value
        else:
            report.error(value.loc, "DECLARE-TYPE", f"'{key}' of {what} is {type_name(value)}, expected text or a number")
            continue
        if v is not INVALID:
            out[key] = v
    return out
