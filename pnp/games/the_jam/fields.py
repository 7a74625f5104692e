"""The Jam's spec schema: the field tables of every component and back kind.

Takes nothing; gives `KINDS` and `BACK_KINDS` for the spec loader. References between cards
(a pie's jam, a salad's fruits, a mission's recipes) are read as `Ref` strings that remember
where they stand in the file, so the validator can point at the one value that is wrong.
"""
from __future__ import annotations

from ...diagnostics import Loc
from ...load.schema import Choice, Field, Id, Int, ListOf, Text, Type
from . import rules


class Ref(str):
    """A text value that knows its file:line:col."""

    loc: Loc

    def __new__(cls, value: str, loc: Loc) -> Ref:  # noqa: PYI034 (Self needs Python 3.11)
        self = super().__new__(cls, value)
        self.loc = loc
        return self


class Located(Type):
    """Read a value with `inner`; text comes back as a `Ref` carrying the value's location."""

    def __init__(self, inner: Type):
        self.inner = inner

    def describe(self) -> str:
        return self.inner.describe()

    def read(self, node, report, what):
        value = self.inner.read(node, report, what)
        return Ref(value, node.loc) if isinstance(value, str) else value


def _ingredient() -> Type:
    return Located(Choice(list(rules.INGREDIENTS)))


POINTS = Int(0, 99)
RECIPE_ID = Id()
RECIPE_REFS = ListOf(Located(Id()), min_items=1, max_items=12)

KINDS = {
    "jam": [Field("recipe", RECIPE_ID), Field("fruit", _ingredient()), Field("points", POINTS),
            Field("ingredient", _ingredient())],
    "pie": [Field("recipe", RECIPE_ID), Field("jam", Located(Id())), Field("points", POINTS),
            Field("ingredient", _ingredient())],
    "salad": [Field("recipe", RECIPE_ID), Field("fruits", ListOf(_ingredient(), min_items=1, max_items=9)),
              Field("points", POINTS), Field("ingredient", _ingredient())],
    # Single-purpose cards: an `ingredient` is accepted only so the validator can say why not.
    **{k: [Field("points", Int(0, 99, legal=(s.points,))), Field("ingredient", _ingredient(), required=False)]
       for k, s in rules.SPECIALS.items()},
    "mission-winter": [Field("jams", RECIPE_REFS), Field("tea", RECIPE_REFS), Field("favourite", _ingredient())],
    "mission-grandma": [Field("pies", RECIPE_REFS), Field("tea", RECIPE_REFS), Field("favourite", _ingredient())],
    "mission-tea-party": [Field("tea", RECIPE_REFS), Field("ladder", ListOf(POINTS, min_items=1, max_items=12)),
                          Field("favourite", _ingredient())],
}
BACK_KINDS = {
    "game-back": [Field("title", Text(40), required=False)],
    "mission-back": [Field("title", Text(40), required=False)],
}
