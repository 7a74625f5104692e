"""The `mix` field of a fruit card: a YAML mapping {pattern, points} → a `Mix`.

A `Mix` is a plain dict (so `pnp list` prints it as JSON) that also remembers where its
pattern and points were written, so the validator can point at the pattern itself.
"""
from __future__ import annotations

from ...diagnostics import Loc, plural
from ...load.schema import INVALID, Field, Int, Text, Type, read_fields


class Mix(dict):
    locs: dict[str, Loc]

    def loc_of(self, name: str) -> Loc:
        return self.locs[name]

    def __str__(self) -> str:  # as `pnp list` shows it
        return f"{self['pattern']} for {plural(self['points'], 'point')}"


FIELDS = (Field("pattern", Text(20)), Field("points", Int(1, 99)))


class MixType(Type):
    def describe(self) -> str:
        return "a mapping { pattern: letters such as AAB, points: a whole number }"

    def read(self, node, report, what):
        values, locs = read_fields(node, FIELDS, report, what)
        if values is INVALID or INVALID in values.values():
            return INVALID
        mix = Mix(values)
        mix.locs = locs
        return mix


MIX = MixType()
