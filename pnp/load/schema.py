"""Declarative readers for YAML nodes: field tables in, checked Python values out.

A `Field` describes one key (its type, whether it is required, its range or accepted values).
`read_fields` checks a mapping node against a table and returns `{name: value}` and
`{name: Loc}`; every problem becomes a located diagnostic naming what was expected, and a bad
value reads as `INVALID` so later stages can skip it without crashing.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from ..records import record
from ..diagnostics import Loc, Report, one_of
from .yamlload import Node, type_name

INVALID = object()

UNITS_MM = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
ID_PATTERN = r"[a-z0-9][a-z0-9-]{0,63}"
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$")


class Type:
    """Reads one node; returns a value or INVALID after reporting."""

    def read(self, node: Node, report: Report, what: str) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


def _bad(report: Report, node: Node, what: str, expected: str, code: str = "SPEC-TYPE") -> Any:
    report.error(node.loc, code, f"{what} is {type_name(node)}, expected {expected}")
    return INVALID


@record
class Int(Type):
    """A whole number within [lo, hi] (the reader's sanity range). `legal` is the rules model's
    own range for the field, when it fixes one: messages quote it ("must be 1, 2 or 3"), and a
    value inside lo..hi but outside `legal` is left for the game's validator (a rule break)."""

    lo: int | None = None
    hi: int | None = None
    legal: Sequence[int] | None = None

    def describe(self) -> str:
        if self.legal is not None:
            return legal_values(self.legal)
        if self.lo is not None and self.hi is not None:
            return f"a whole number from {self.lo} to {self.hi}"
        return "a whole number"

    def read(self, node, report, what):
        v = node.value
        if node.kind != "scalar" or isinstance(v, bool) or not isinstance(v, int):
            return _bad(report, node, what, self.describe())
        if (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
            verb = "must be" if self.legal is not None else "expected"
            report.error(node.loc, "SPEC-RANGE", f"{what} is {v}, {verb} {self.describe()}")
            return INVALID
        return v


def legal_values(values: Sequence[int]) -> str:
    """The rules' values for a message: '1, 2 or 3', or 'a whole number from 1 to 25' for a long run."""
    vals = sorted(values)
    if len(vals) > 4 and vals == list(range(vals[0], vals[-1] + 1)):
        return f"a whole number from {vals[0]} to {vals[-1]}"
    return one_of(vals)


@record
class Bool(Type):
    """A YAML boolean: true or false."""

    def describe(self) -> str:
        return "true or false"

    def read(self, node, report, what):
        if node.kind != "scalar" or not isinstance(node.value, bool):
            return _bad(report, node, what, self.describe())
        return node.value


@record
class Text(Type):
    """Non-empty text of at most `max_len` characters."""

    max_len: int = 200

    def describe(self) -> str:
        return "text"

    def read(self, node, report, what):
        v = node.value
        if node.kind != "scalar" or not isinstance(v, str) or not v.strip():
            return _bad(report, node, what, "non-empty text")
        if len(v) > self.max_len:
            report.error(node.loc, "SPEC-RANGE", f"{what} is {len(v)} characters long, expected at most {self.max_len}")
            return INVALID
        return v


@record
class Id(Type):
    """An identifier: lower-case letters, digits and dashes."""

    def describe(self) -> str:
        return "an id of lower-case letters, digits and dashes"

    def read(self, node, report, what):
        v = node.value
        if node.kind != "scalar" or not isinstance(v, (str, int)) or isinstance(v, bool):
            return _bad(report, node, what, self.describe())
        v = str(v)
        if not re.fullmatch(ID_PATTERN, v):
            report.error(node.loc, "SPEC-ID", f"{what} '{v}' is not a valid id, expected {self.describe()}")
            return INVALID
        return v


@record
class Choice(Type):
    """Text that must be one of a fixed set; `choices` may be a callable for late binding."""

    choices: Sequence[str] | Callable[[], Sequence[str]]
    code: str = "SPEC-VALUE"

    def options(self) -> list[str]:
        c = self.choices() if callable(self.choices) else self.choices
        return list(c)

    def describe(self) -> str:
        return "one of " + one_of(self.options())

    def read(self, node, report, what):
        v = node.value
        if node.kind != "scalar" or not isinstance(v, str):
            return _bad(report, node, what, self.describe())
        if v not in self.options():
            report.error(node.loc, self.code, f"{what}: '{v}' is not known, expected {self.describe()}")
            return INVALID
        return v


@record
class ListOf(Type):
    """A list of `min_items` to `max_items` items, each read by `item`."""

    item: Type
    min_items: int = 0
    max_items: int = 999

    def describe(self) -> str:
        n = (f"{self.min_items}" if self.min_items == self.max_items
             else f"{self.min_items} to {self.max_items}")
        return f"a list of {n} items, each {self.item.describe()}"

    def read(self, node, report, what):
        if not node.is_seq:
            return _bad(report, node, what, self.describe())
        n = len(node.value)
        values = [self.item.read(item, report, f"item {i + 1} of {what}") for i, item in enumerate(node.value)]
        if not self.min_items <= n <= self.max_items:
            report.error(node.loc, "SPEC-RANGE", f"{what} has {n} items, expected {self.describe()}")
            return INVALID
        return INVALID if any(v is INVALID for v in values) else values


@record
class Length(Type):
    """A length with a unit ('63mm', '1in', '9pt'); 0 may be written bare. Returns mm."""

    lo_mm: float | None = 0.0
    hi_mm: float | None = None

    def describe(self) -> str:
        return "a length with a unit, such as 63mm, 2.5in or 9pt (units: " + one_of(UNITS_MM) + ")"

    def read(self, node, report, what):
        v = node.value
        if node.kind != "scalar" or isinstance(v, bool) or v is None or isinstance(v, (list, dict)):
            return _bad(report, node, what, self.describe())
        if isinstance(v, (int, float)):
            if v != 0:
                report.error(node.loc, "SPEC-UNIT", f"{what} is the number {v:g} without a unit, expected {self.describe()}")
                return INVALID
            number, unit = 0.0, "mm"  # a bare 0 needs no unit, but it must still be in range
        else:
            m = _LENGTH.match(str(v))
            if not m:
                return _bad(report, node, what, self.describe())
            number, unit = float(m.group(1)), m.group(2)
        if unit not in UNITS_MM:
            shown = f"unit '{unit}'" if unit else "no unit"
            report.error(node.loc, "SPEC-UNIT", f"{what} '{v}' has {shown}, expected one of " + one_of(UNITS_MM))
            return INVALID
        mm = number * UNITS_MM[unit]
        if (self.lo_mm is not None and mm < self.lo_mm) or (self.hi_mm is not None and mm > self.hi_mm):
            lo = "" if self.lo_mm is None else f"at least {self.lo_mm:g}mm"
            hi = "" if self.hi_mm is None else f"at most {self.hi_mm:g}mm"
            shown = f"{v}" if unit == "mm" else f"{v} ({mm:g}mm)"
            report.error(node.loc, "SPEC-RANGE", f"{what} is {shown}, expected " + " and ".join(x for x in (lo, hi) if x))
            return INVALID
        return mm


@record
class Field:
    """One key of a field table: its name and type, whether it is required, and the value it reads
    as when an optional key is left out."""

    name: str
    type: Type
    required: bool = True
    default: Any = None
    # A field worked out from the item's other fields, never written (a declared game's `derive:`,
    # pnp/games/declared/kinds.py): an object with `source` (the field it reads), `where` (its
    # declaration, for messages) and `of(fields)` (the value, or None when no case gives one).
    derive: Any = None


@record
class Record(Type):
    """A mapping with a fixed table of fields; unknown keys are reported."""

    fields: Sequence[Field]

    def describe(self) -> str:
        return "a mapping with keys " + one_of(f.name for f in self.fields)

    def read(self, node, report, what):
        values, _ = read_fields(node, self.fields, report, what)
        return values


def read_fields(node: Node, fields: Sequence[Field], report: Report, what: str,
                extra_ok: Sequence[str] = ()) -> tuple[Any, dict[str, Loc]]:
    """Check a mapping against a field table. Returns (values or INVALID, value locations)."""
    if not node.is_map:
        return _bad(report, node, what, "a mapping of keys"), {}
    table = {f.name: f for f in fields}
    accepted = [f.name for f in fields] + list(extra_ok)
    values: dict[str, Any] = {}
    locs: dict[str, Loc] = {}
    for key, child in node.value.items():
        if key in extra_ok:
            continue
        if key not in table:
            report.error(node.key_loc(key), "SPEC-UNKNOWN-KEY",
                         f"unknown key '{key}' in {what}; accepted keys: {', '.join(accepted)}")
            continue
        values[key] = table[key].type.read(child, report, f"'{key}' of {what}")
        locs[key] = child.loc
    for f in fields:
        if f.name not in node.value:
            if f.required:
                report.error(node.loc, "SPEC-MISSING-KEY", f"{what} has no '{f.name}'; it needs {f.type.describe()}")
                values[f.name] = INVALID
            else:
                values[f.name] = f.default
            locs[f.name] = node.loc
    return values, locs


@record
class Raw(Type):
    """Accept a mapping ("map") or list ("seq") node as it is, for a later stage to read."""

    kind: str = "map"

    def describe(self) -> str:
        return "a mapping" if self.kind == "map" else "a list"

    def read(self, node, report, what):
        if node.kind != self.kind:
            return _bad(report, node, what, self.describe())
        return node


@record
class Number(Type):
    """A number (whole or not) within [lo, hi]."""

    lo: float | None = None
    hi: float | None = None

    def describe(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"a number from {self.lo:g} to {self.hi:g}"
        return "a number"

    def read(self, node, report, what):
        v = node.value
        if node.kind != "scalar" or isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
            return _bad(report, node, what, self.describe())
        if (self.lo is not None and v < self.lo) or (self.hi is not None and v > self.hi):
            report.error(node.loc, "SPEC-RANGE", f"{what} is {v:g}, expected {self.describe()}")
            return INVALID
        return v


@record
class Localized(Type):
    """Printed text in one language or two: a string, or {en: …, zh-TW: …} (en required). Reads
    as {"en": …, "zh-TW": …} with only the languages given."""

    max_len: int = 200

    def describe(self) -> str:
        return f"text of at most {self.max_len} characters, or {{en: …, zh-TW: …}}"

    def read(self, node, report, what):
        text = Text(self.max_len)
        if node.kind == "scalar":
            v = text.read(node, report, what)
            return INVALID if v is INVALID else {"en": v}
        fields = [Field("en", text), Field("zh-TW", text, required=False)]
        values, _ = read_fields(node, fields, report, what)
        if values is INVALID or INVALID in values.values():
            return INVALID
        return {k: v for k, v in values.items() if v is not None}


@record
class Ref(Type):
    """The id of another component, of kind `kind`; whether it exists is checked once every
    component is read (the declared game's rules: SPEC-REF)."""

    kind: str

    def describe(self) -> str:
        return f"the id of a {self.kind} component"

    def read(self, node, report, what):
        return Id().read(node, report, what)
