"""A declared game's kinds and their fields, read from its spec's `kinds:` and `choices:`.

Takes the located nodes of those two keys; returns each kind's field table (the same `Field`s
the shipped games declare in Python, so a component of a declared game is read and checked by
the same spec reader), the choice values' attributes (`{suit.colour}`, `{suit.name}` on a face),
and every problem as a located diagnostic. Field types:

    choice: [a, b]        int: [lo, hi]        number: [lo, hi]        text: MAXLEN
    bool: true            list: TYPE (min, max)                        ref: KIND
    image: true           id: true (a name cards share or point at, such as a recipe: lower-case
                          letters, digits and dashes; not printed text, so one language)
                          with required (default true) and default on any of them
    plain: MAXLEN         text read as written, the same in every language (a code, a pattern
                          of letters such as AAB): a string, never {en, zh-TW}
    record: { NAME: TYPE, … }   a mapping of named fields of its own (each a field declaration,
                          no image, no record in a record), such as
                          mix: { record: { pattern: { plain: 20 }, points: { int: [1, 99] } } };
                          its value remembers where each of its keys is written (`loc_of`)
    legal: [1, 2, 3]      on an int field: the values the game's rules allow. Reading accepts the
                          whole range (a value outside `legal` is a rule break, exit 1, that a
                          `legal` rule reports); every message about the field quotes them, and
                          `every`, `give … one_each` go through them
    derive: { from: FIELD, cases: [{ equals: V | [V, …], value: X }, { multiple_of: N, value: X },
                                   { otherwise: X }] }
                          the field is worked out from another field of the same card, never
                          written: the first case that matches gives its value. So a misprint of
                          a derived value cannot be written at all (6 nimmt!'s bullheads follow
                          from the card's number)
"""
from __future__ import annotations

from typing import Any

from ...records import field, record
from ...diagnostics import Loc, Report, one_of
from ...load.schema import (
    ID_PATTERN, INVALID, Bool, Choice, Field, Id, Int, ListOf, Localized, Number, Ref, Text, Type, legal_values,
)
from ...load.yamlload import Node, type_name

TYPES = ("choice", "int", "number", "text", "bool", "list", "ref", "image", "plain", "record", "id")
OPTIONS = ("required", "default", "min", "max", "legal", "derive")
DERIVE_KEYS = ("from", "cases")
TESTS = ("equals", "multiple_of", "otherwise")  # a case's test; first that matches wins
SOURCES = (Int, Number, Choice, Bool)  # the types a field can be derived from
MAX_CASES = 99
MAX_CHECKED = 100_000  # an int source's values tried one by one for a case that gives none
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


class Placed(str):
    """A text item of a list that knows where it stands (`loc`): a rule, or a package's own check,
    points at the one item that is wrong. It is a str in every other way."""

    loc: Loc

    def __new__(cls, value: str, loc: Loc) -> "Placed":
        self = super().__new__(cls, value)
        self.loc = loc
        return self

    def __reduce__(self):
        return str, (str(self),)  # copied or pickled, it is plain text


class PlacedList(ListOf):
    """A declared list: its text items come back as `Placed`, each carrying its location."""

    def read(self, node: Node, report: Report, what: str) -> Any:
        values = super().read(node, report, what)
        if values is INVALID:
            return values
        return [Placed(v, n.loc) if type(v) is str else v for v, n in zip(values, node.value)]


class ImagePath(Text):
    """An image field's value: one path to a picture, read like user art once the spec is read. A
    list of them is refused at the value: a face draws one picture a field."""

    def describe(self) -> str:
        return "one picture: a path such as art/ship.png inside the spec's folder"

    def read(self, node: Node, report: Report, what: str) -> Any:
        if node.kind != "scalar" or not isinstance(node.value, str):
            hint = " (a field holds one picture: declare a field for each)" if node.is_seq else ""
            report.error(node.loc, "SPEC-TYPE", f"{what} is {type_name(node)}, expected {self.describe()}{hint}")
            return INVALID
        return super().read(node, report, what)


@record
class Kinds:
    """What `kinds:` and `choices:` declare."""

    fields: dict[str, list[Field]] = field(default_factory=dict)  # kind -> its fields
    locs: dict[str, Loc] = field(default_factory=dict)  # kind -> where it is declared
    field_locs: dict[tuple[str, str], Loc] = field(default_factory=dict)  # (kind, field) -> its declaration
    choices: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # field -> value -> attrs
    images: dict[str, list[str]] = field(default_factory=dict)  # kind -> its image fields
    nouns: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)  # kind -> lang -> (one, many): extras.py

    def type_of(self, kind: str, name: str) -> Type | None:
        return next((f.type for f in self.fields.get(kind, []) if f.name == name), None)


@record
class Case:
    """One line of a derive's table: a test of the source field's value, and the value it gives."""

    test: str  # one of TESTS
    arg: Any  # equals: the values (a list); multiple_of: the divisor; otherwise: None
    value: Any

    def matches(self, v: Any) -> bool:
        if self.test == "equals":
            return v in self.arg
        if self.test == "multiple_of":
            return isinstance(v, int) and not isinstance(v, bool) and v % self.arg == 0
        return True


@record
class Derive:
    """A field worked out from another field of the same card by a declared table of cases, the
    first that matches giving the value: data, not code, and never written on a card (so it cannot
    be misprinted). The spec reader asks `of` for each card (pnp/load/spec.py)."""

    source: str
    cases: list[Case]
    where: Loc  # the `derive:` key, for messages

    def of(self, fields: dict[str, Any]) -> Any:
        """The value for a card with these fields; None when its source has none or no case matches."""
        v = fields.get(self.source)
        if v is None:
            return None
        return next((c.value for c in self.cases if c.matches(v)), None)


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
                f.type = ImagePath(500)
    _derived(kind, body, fields, out.images.get(kind, []), report)
    return fields


def _derived(kind: str, body: Node, fields: list[Field], images: list[str], report: Report) -> None:
    """Give each field that says `derive:` its table of cases, once every field of the kind is
    known (a field may be derived from one declared after it). A derive that cannot be read leaves
    its field Broken: told once, at the declaration."""
    written = {n for n, d in body.value.items() if d.is_map and "derive" in d.value}
    for f in fields:
        if f.name not in written or isinstance(f.type, Broken):
            continue
        what = f"field '{f.name}' of kind '{kind}'"
        decl = body.value[f.name]
        if f.name in images:
            report.error(decl.key_loc("derive"), "DECLARE-DERIVE", f"{what} is an image; an image is not derived")
            f.derive = None
        else:
            f.derive = _derive(f, decl, {g.name: g for g in fields}, written, report, what)
        if f.derive is None:
            f.type, f.required, f.default = Broken(), False, None


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
        if ftype == "image":  # told once here; the cards then need not write it (as a default would say)
            report.error(decl.key_loc("default"), "DECLARE-KEY", f"{what}: an image field has no default")
            required = False
        else:
            default = ftype.read(decl.value["default"], report, f"the default of {what}")
            default = None if default is INVALID else default
            required = False
    return Field(name, ftype, required=required, default=default)


def _derive(f: Field, decl: Node, fields: dict[str, Field], derived: set[str], report: Report,
            what: str) -> Derive | None:
    """`derive: {from: FIELD, cases: [...]}` of field `f`: its source (another field of the kind,
    an int, number, choice or bool field that is not derived itself) and its cases, each value
    read as the field's own type. A required field's cases must give every card a value: they end
    with `otherwise:`, or their `equals` name every value the source can take."""
    at, node = decl.key_loc("derive"), decl.value["derive"]
    if "default" in decl.value:
        report.error(decl.key_loc("default"), "DECLARE-DERIVE", f"{what} is derived, so it has no default: "
                                                                "a last case { otherwise: VALUE } gives the rest")
        return None
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"'derive' of {what} is {type_name(node)}, expected "
                                               "{ from: FIELD, cases: [{ equals: 1, value: 5 }, { otherwise: 0 }] }")
        return None
    bad = [k for k in node.value if k not in DERIVE_KEYS]
    for k in bad:
        report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in 'derive' of {what}; accepted keys: "
                                                     f"{one_of(DERIVE_KEYS)}")
    missing = [k for k in DERIVE_KEYS if k not in node.value]
    if missing:
        report.error(node.loc, "DECLARE-DERIVE", f"'derive' of {what} has no '{missing[0]}'; it needs 'from' (the field "
                                                 "it is worked out from) and 'cases'")
    if bad or missing:
        return None
    source = _source(node.value["from"], f, fields, derived, report, what)
    if source is None:
        return None
    cases = _cases(node.value["cases"], f.type, source, report, what)
    if cases is None:
        return None
    if f.required and not _covered(cases, source, node.value["cases"], report, what):
        return None
    return Derive(source.name, cases, at)


def _source(node: Node, f: Field, fields: dict[str, Field], derived: set[str], report: Report,
            what: str) -> Field | None:
    """The field `from:` names, if a field can be derived from it."""
    name = Text(64).read(node, report, f"'from' of the derive of {what}")
    if name is INVALID:
        return None
    if name not in fields or name == f.name:
        others = [g for g in fields if g != f.name]
        why = "itself" if name == f.name else f"'{name}', which is not a field of its kind"
        report.error(node.loc, "DECLARE-DERIVE", f"{what} is derived from {why}; its kind's other fields: "
                                                 f"{one_of(others) or 'none'}")
        return None
    source = fields[name]
    if isinstance(source.type, Broken):
        return None  # its own declaration is wrong: told there
    if name in derived:
        report.error(node.loc, "DECLARE-DERIVE", f"{what} is derived from '{name}', which is derived itself; "
                                                 f"derive it from the field '{name}' is derived from")
        return None
    if not isinstance(source.type, SOURCES):
        report.error(node.loc, "DECLARE-DERIVE", f"{what} is derived from '{name}', which is "
                                                 f"{source.type.describe()}; a field is derived from an int, number, "
                                                 "choice or bool field")
        return None
    return source


def _cases(node: Node, ftype: Type, source: Field, report: Report, what: str) -> list[Case] | None:
    """The cases, in order; `otherwise` only last (a case after it is never reached)."""
    if not node.is_seq or not 1 <= len(node.value) <= MAX_CASES:
        report.error(node.loc, "DECLARE-TYPE", f"'cases' of the derive of {what} is {type_name(node)}, expected a "
                                               f"list of 1 to {MAX_CASES} cases, such as "
                                               "[{ multiple_of: 10, value: 3 }, { otherwise: 1 }]")
        return None
    cases = [_case(c, i, ftype, source, report, what) for i, c in enumerate(node.value, start=1)]
    if None in cases:
        return None
    last = next((i for i, c in enumerate(cases) if c.test == "otherwise"), len(cases) - 1)
    if last < len(cases) - 1:
        report.error(node.value[last + 1].loc, "DECLARE-DERIVE", f"case {last + 2} of the derive of {what} comes after "
                                                                 f"'otherwise' (case {last + 1}) and is never reached; "
                                                                 "'otherwise' is the last case")
        return None
    return cases


def _case(node: Node, i: int, ftype: Type, source: Field, report: Report, what: str) -> Case | None:
    """`{equals: V | [V, …], value: X}`, `{multiple_of: N, value: X}` or `{otherwise: X}`."""
    said = f"case {i} of the derive of {what}"
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{said} is {type_name(node)}, expected a mapping such as "
                                               "{ equals: 55, value: 7 }, { multiple_of: 10, value: 3 } or { otherwise: 1 }")
        return None
    tests = [k for k in node.value if k in TESTS]
    accepted = (*TESTS, "value")
    for k in node.value:
        if k not in accepted:
            report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {said}; accepted keys: "
                                                         f"{one_of(accepted)}")
    if len(tests) != 1:
        report.error(node.loc, "DECLARE-DERIVE", f"{said} needs exactly one test, one of {one_of(TESTS)}"
                                                 + (f"; it has {one_of(tests)}" if tests else ""))
        return None
    test = tests[0]
    if (test == "otherwise") == ("value" in node.value):
        why = ("an 'otherwise' case has no 'value': 'otherwise' says the value, such as { otherwise: 1 }"
               if test == "otherwise"
               else f"it has no 'value': the value it gives, such as {{ {test}: 5, value: 2 }}")
        report.error(node.loc, "DECLARE-DERIVE", f"{said}: {why}")
        return None
    arg = _test_arg(test, node.value[test], source, report, f"'{test}' of {said}")
    written = node.value["otherwise" if test == "otherwise" else "value"]
    value = ftype.read(written, report, f"the value of {said}")
    if isinstance(ftype, Int) and ftype.legal is not None and value not in (INVALID, *ftype.legal):
        report.error(written.loc, "DECLARE-DERIVE", f"the value of {said} is {value}, which the field's 'legal' "
                                                    f"leaves out; it must be {legal_values(ftype.legal)}")
        return None
    return None if INVALID in (arg, value) else Case(test, arg, value)


def _test_arg(test: str, node: Node, source: Field, report: Report, what: str) -> Any:
    """What a test compares with: for `equals` values of the source's own type (a list: any of
    them); for `multiple_of` a whole number from 1, of an int source."""
    if test == "otherwise":
        return None
    if test == "equals":
        if node.is_seq:
            return ListOf(source.type, 1, 999).read(node, report, what)
        v = source.type.read(node, report, what)
        return INVALID if v is INVALID else [v]
    if not isinstance(source.type, Int):
        report.error(node.loc, "DECLARE-DERIVE", f"{what}: 'multiple_of' tests a whole number, and '{source.name}' "
                                                 f"is {source.type.describe()}")
        return INVALID
    return Int(1, None).read(node, report, what)


def _covered(cases: list[Case], source: Field, node: Node, report: Report, what: str) -> bool:
    """Whether every value the source can take matches a case (a required field then has a value
    on every card). Without `otherwise`, the values are tried: a choice's, a bool's, an int's
    range; a number's cannot be, so it needs `otherwise`."""
    if cases[-1].test == "otherwise":
        return True
    t = source.type
    if isinstance(t, Choice):
        values: list[Any] | None = t.options()
    elif isinstance(t, Bool):
        values = [True, False]
    elif isinstance(t, Int) and t.lo is not None and t.hi is not None and t.hi - t.lo < MAX_CHECKED:
        values = list(range(t.lo, t.hi + 1))
    else:
        values = None
    left = None if values is None else [v for v in values if not any(c.matches(v) for c in cases)]
    if left == []:
        return True
    shown = "" if not left else (f": no case matches a '{source.name}' of {_shown(left[0])}"
                                 + (f" (nor {len(left) - 1} more of its values)" if len(left) > 1 else ""))
    report.error(node.loc, "DECLARE-DERIVE", f"the cases of the derive of {what} do not give every card a value{shown}; "
                                             "end them with { otherwise: VALUE } (or say required: false)")
    return False


def _shown(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


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
        if item is not None and item.type == "image":
            report.error(arg.key_loc("image"), "DECLARE-TYPE", f"the items of {what} are images: a list of images is "
                                                               "not supported, a face draws one picture a field; "
                                                               "declare a field for each picture (art1, art2, …)")
            return None
        if item is None:
            return None
        lo, hi = (_count(decl, k, d, report, what) for k, d in (("min", 0), ("max", MAX_LIST)))
        if lo > hi:
            report.error(decl.key_loc("min"), "DECLARE-RANGE", f"'min' of {what} is {lo}, above its 'max' {hi}: "
                                                               "no list could be that long")
            return None
        return PlacedList(item.type, lo, hi)
    for k in ("min", "max"):
        if k in decl.value:
            report.error(decl.key_loc(k), "DECLARE-KEY", f"'{k}' of {what} applies to a list; this field is {name}")
    if name == "record":
        return _record(arg, report, what)
    return _SCALARS[name](arg, report, f"'{name}' of {what}")


class Fields(dict):
    """A record field's value: its keys' values, and where each is written (`loc_of`)."""

    locs: dict[str, Loc]

    def loc_of(self, name: str) -> Loc:
        return self.locs[name]


@record
class RecordOf(Type):
    """A mapping of named fields, read into `Fields`."""

    fields: list[Field]

    def describe(self) -> str:
        return "a mapping with keys " + one_of(f.name for f in self.fields)

    def read(self, node: Node, report: Report, what: str) -> Any:
        from ...load.schema import read_fields

        values, locs = read_fields(node, self.fields, report, what)
        if values is INVALID or INVALID in values.values():
            return INVALID
        out = Fields(values)
        out.locs = locs
        return out


def _record(arg: Node, report: Report, what: str) -> Type | None:
    """`record: { NAME: TYPE, … }`: each a field declaration of its own (not an image, not a record)."""
    if not arg.is_map or not arg.value:
        report.error(arg.loc, "DECLARE-TYPE", f"'record' of {what} is {type_name(arg)}, expected a mapping of its "
                                              "fields, such as  record: { pattern: { plain: 20 }, points: { int: [1, 99] } }")
        return None
    fields = []
    for name, decl in arg.value.items():
        if not isinstance(name, str) or not name.replace("_", "-").replace("-", "").isalnum():
            report.error(arg.key_loc(name), "DECLARE-FIELD", f"'record' of {what} cannot have a field '{name}': a "
                                                             "field name is letters, digits, - and _")
            return None
        f = _field(name, decl, report, f"field '{name}' of the record of {what}")
        if f is None:
            return None
        if f.type == "image" or isinstance(f.type, RecordOf):
            report.error(arg.key_loc(name), "DECLARE-TYPE", f"field '{name}' of the record of {what} is "
                                                            f"{'an image' if f.type == 'image' else 'a record'}; a "
                                                            "record holds plain values")
            return None
        fields.append(f)
    return RecordOf(fields)


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


def _plain(arg: Node, report: Report, what: str) -> Type | None:
    n = Int(1, MAX_TEXT).read(arg, report, what)
    return None if n is INVALID else Text(n)


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


def _id(arg: Node, report: Report, what: str) -> Type | None:
    """`id: true`: a name of the game's own (The Jam's recipes), read like a component id."""
    v = Bool().read(arg, report, what)
    if v is not True:
        if v is False:
            report.error(arg.loc, "DECLARE-TYPE", f"{what} is false; write  id: true  for an id field")
        return None
    return Id()


_SCALARS = {
    "id": _id,
    "choice": _choice, "text": _text, "bool": _bool, "ref": _ref, "image": _image, "plain": _plain,
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
    declared = _union_of_choices(declared, kinds)
    declared.update(_listed_fields(kinds, declared))
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
        options = {str(v).lower(): _key(v) for v in declared[name].options()}  # a key `true:` is True
        out[name] = {}
        for value, attrs in values.value.items():
            key = options.get(str(value).lower())
            if key is None:
                report.error(values.key_loc(value), "DECLARE-CHOICE",
                             f"'{value}' is not a value of '{name}'; its values: {one_of(map(str, options))}")
                continue
            out[name][key] = _attrs(attrs, report, f"choice '{value}' of '{name}'")
    return out


def _union_of_choices(declared: dict[str, Choice], kinds: Kinds) -> dict[str, Choice]:
    """A choice field of one name on several kinds (a bauble's colour, a marker's colour) takes the
    values of them all in `choices:`: each kind's own values are still its field's."""
    for name in declared:
        options: dict[str, None] = {}
        for fields in kinds.fields.values():
            for f in fields:
                t = f.type.item if isinstance(f.type, ListOf) else f.type
                if f.name == name and isinstance(t, Choice):
                    options.update(dict.fromkeys(t.options()))
        if list(options) != declared[name].options():
            declared[name] = Choice(list(options))
    return declared


class _Listed:
    """The values of an int field with `legal:`, or of a bool field, as `choices:` names them."""

    def __init__(self, values: list[Any]):
        self.values = values

    def options(self) -> list[Any]:
        return self.values


def _listed_fields(kinds: Kinds, taken: dict[str, Any]) -> dict[str, _Listed]:
    """The int fields with `legal:` values and the bool fields, which `choices:` may also give
    attributes to (a round's numeral, a mark's words); a choice field of the same name wins."""
    out: dict[str, _Listed] = {}
    for fields in kinds.fields.values():
        for f in fields:
            if f.name in taken or f.name in out:
                continue
            if isinstance(f.type, Int) and f.type.legal:
                out[f.name] = _Listed(list(f.type.legal))
            elif isinstance(f.type, Bool):
                out[f.name] = _Listed([False, True])
    return out


def _key(value: Any) -> str:
    """A value as `choices:` keys it, and as a placeholder looks it up: 1 -> '1', true -> 'True'."""
    return str(value)


def _attrs(node: Node, report: Report, what: str) -> dict[str, Any]:
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping of attributes, "
                                               "such as  { name: { en: Red, zh-TW: 紅 }, colour: \"#c0392b\" }")
        return {}
    out: dict[str, Any] = {}
    for key, value in node.value.items():
        if key == "name" or value.is_map:  # any attribute may be words in both languages
            v = Localized(200).read(value, report, f"'{key}' of {what}") if value.value != "" else {"en": ""}
        elif value.kind == "scalar" and isinstance(value.value, (str, int, float)) and not isinstance(value.value, bool):
            v = value.value
        else:
            report.error(value.loc, "DECLARE-TYPE", f"'{key}' of {what} is {type_name(value)}, expected text or a number")
            continue
        if v is not INVALID:
            out[key] = v
    return out
