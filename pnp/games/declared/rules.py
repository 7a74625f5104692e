"""A declared game's deck rules: read from its spec's `rules:`, checked against its components.

Takes the `rules:` node and the declared kinds; returns `Rule`s, each a measure of the deck —

    count:  {kind, where}      how many cards
    every:  {kind, fields}     how many cards of every combination of the fields' declared values
    sum:    {kind, field}      the field's total over the cards
    unique: {kind, field}      no two components share the field's value
    each:   {kind, field}      every card on its own: the field's number (a list: its number of
                               items) within the bound, or `distinct: true` (a list's items all
                               differ) or `legal: true` (the value is one of the field's `legal:`)
    refers: {kind, field, to}  every value names a value of `to`'s field on some card (no bound)

— with a bound (`exactly`, `at_least`, `at_most` or `between: [lo, hi]`), a number that may be
per player count (`{2: 0, 3: 0, 4: 9}`, measured on the deck as `setup` leaves it for that many
players, after its `remove` steps) or per variant, a `where: {field: value | [values]}` filter
(`{field: {present: true}}`: the cards that have the optional field at all, false: those without),
a stable `code`, an optional `message: {en, zh-TW}` and an optional `variant: NAME` (the rule
holds in that variant only; `variant: default` is the game played without one). An `every`
whose `where` names a counted field goes through only the values `where` keeps (Hanabi's
fireworks of value 2 to 4). `check` adds one located rule
violation per break: at the one component (row) that can be blamed — the copy that makes a
combination one too many, the second of two equal values, the only component counted — else at
the rule's line, naming the lines that contributed (a rule a game package declares, in a file
of its own, is reported at the spec's `components:` line instead). When one card, changed in one
value, would make every broken rule of its kind hold, that card is the misprint: each of those
breaks is told at that value, saying what it probably should be (the search is misprint.py's).
Copies are counted: `count: 3` is three cards.

A measure's `kind:` may be a list of two or more kinds: their cards are measured together (a
count's total, an each rule's every card judged by its own kind's field); an `every` over several
kinds takes `fields: [kind]`, each kind counted apart (and with `total:` all together). Its fields
must be fields of every kind it names (DECLARE-FIELD); a kind not declared, named twice or alone
in a list is DECLARE-KIND. No misprint is sought for such a rule (a misprint is of one kind).

A `refers: {kind, field, to: {kind: K | [K, …], field: F}}` (no bound) holds when every value of
its field (every item of a list) is a value of F on some card of those kinds in play, a break
told at the item with `{values}` (the values there are). An `each` with `different: true` on a
list field: its bound counts the different items, each repeat told at its second writing.
A `where` value `{not: V | [V, …]}` keeps the cards whose field holds none of those values.

A rule with `checks: [CHECK, …]` holds several measures under its one code, each with its own
bound (and its own message, or the rule's); a check with a code of its own is DECLARE-KEY. A
message's `{total:noun}` is the number with the kind's noun (the game's `nouns:`, extras.py), and
an every rule's `{missing:spaced}` the combinations missing with their values spaced ("purple
spiral") rather than comma'd.

A count's `exactly: setup` is what the setup's steps take of that kind (GEM's six piles): the
number is then written once, in the setup. An `every` with `exactly` and `total: CODE` checks the
kind's total as well — every combination's number times the combinations — under that code.
`total:` may also be `{code: CODE, message: …}`: the total in the designer's words ({total},
{expected}, {each}, {how_many} — the combinations —, {counted}, {kind}).
A `message` replaces the default words when it has placeholders (`{id}`, `{value}`, `{missing}`
… as the measure offers them; `{N:word}` writes a number in words), and is put before them
when it has none. The face-down decks the setup makes, whose backs must match, are decks.py's.
"""
from __future__ import annotations

import itertools
import re
import string
from typing import Any, Callable

from ...records import field, record
from ...diagnostics import Loc, Report, one_of, plural
from ...load.schema import INVALID, Bool, Choice, Int, ListOf, Localized, Number, legal_values
from ...load.spec import Item, Spec
from ...load.yamlload import Node, type_name
from .kinds import Broken, Kinds

MEASURES = ("count", "every", "sum", "unique", "each", "refers")
BOUNDS = ("exactly", "at_least", "at_most", "between")
TESTS = ("distinct", "legal")  # `each` only: a test of the card's own value instead of a bound
SETUP = "setup"  # `exactly: setup` on a count: what the setup's steps take
DEFAULT = "default"  # `variant: default`, or a bound's `default:`: the game played without a variant
PLAYER_KEY = re.compile(r"[0-9]{1,9}")  # a player count as a map's key writes it: ASCII digits, a few
# The placeholders a rule's message may use, by measure.
COMMON = ("kind", "context", "expected", "bound")
PLACEHOLDERS = {
    "count": COMMON + ("total", "counted"),
    "every": COMMON + ("total", "counted", "combination", "missing", "values", "how_many"),
    "sum": COMMON + ("total", "counted", "field"),
    "unique": COMMON + ("id", "other", "field", "value"),
    "each": COMMON + ("id", "field", "value", "legal", "repeated", "others"),
    "refers": COMMON + ("id", "field", "value", "values"),
    "total": ("kind", "total", "expected", "each", "how_many", "counted"),  # `total: {code, message}`
}
WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
CODE = re.compile(r"^[A-Z][A-Z0-9-]{0,39}$")
MAX_COMBINATIONS = 10_000
class _Not(tuple):
    """`where: {FIELD: {not: V | [V, …]}}`: the cards whose field holds none of those values."""


PRESENT, ABSENT = ("present",), ("absent",)  # `where: {FIELD: {present: true | false}}`: the card has it, or not


@record
class Bound:
    """A rule's bound (`exactly`, `at_least`, `at_most` or `between`): its number, fixed or per
    player count or variant."""

    how: str  # one of BOUNDS
    value: Any  # a number, [lo, hi], or {player count | variant: either}
    loc: Loc
    per: str | None = None  # "players" or "variant" when the number depends on it

    def at(self, players: int | None, variant: str | None) -> Any:
        if self.per == "players":
            return self.value[players]
        if self.per == "variant":
            return self.value.get(variant or "", self.value.get(DEFAULT))
        return self.value

    def holds(self, n: float, players: int | None, variant: str | None) -> bool:
        v = self.at(players, variant)
        lo, hi = (v if self.how == "between" else (v, v) if self.how == "exactly"
                  else (v, None) if self.how == "at_least" else (None, v))
        return (lo is None or n >= lo) and (hi is None or n <= hi)

    def wanted(self, players: int | None, variant: str | None) -> str:
        v = self.at(players, variant)
        if self.how == "between":
            return f"between {v[0]:g} and {v[1]:g}"
        return f"{v:g}" if self.how == "exactly" else f"{self.how.replace('_', ' ')} {v:g}"

    def most(self, players: int | None, variant: str | None) -> float | None:
        v = self.at(players, variant)
        return v[1] if self.how == "between" else v if self.how in ("exactly", "at_most") else None


@record
class Rule:
    """One deck rule of a declared game, as read from `rules:`: its code, what it measures of which
    kinds and cards, the bound it must keep and the words a break is told in."""

    code: str
    measure: str
    kind: str
    loc: Loc  # the rule's line
    where: dict[str, list[Any]] = field(default_factory=dict)
    fields: list[str] = field(default_factory=list)  # `every`: the fields; `sum`, `unique`: the one field
    bound: Bound | None = None
    message: dict[str, str] | None = None
    combos: list[tuple] = field(default_factory=list)  # `every`: every combination of declared values
    total: str | None = None  # `every`: the code the kind's total is checked under
    test: str | None = None  # `each`: "distinct" or "legal" instead of a bound
    why: str = ""  # `exactly: setup`: what the setup's steps take, for the message
    together: bool = False  # `every`: its message names {missing}: the combinations short, said in one
    total_message: dict[str, str] | None = None  # `total: {code, message}`: the total's own words
    variant: str | None = None  # `variant:`: the one variant it holds in (DEFAULT: the game without one)
    kinds: list[str] = field(default_factory=list)  # `kind: [a, b]`: every kind it measures (kind: the first)
    refers: tuple[list[str], str] | None = None  # `refers`: the kinds and the field its values name (`to`)
    different: bool = False  # `each ... different: true`: its bound counts a list's different items

    @property
    def per(self) -> str | None:
        return self.bound.per if self.bound else None

    def __post_init__(self) -> None:
        self.kinds = self.kinds or [self.kind]


# -- reading ----------------------------------------------------------------------------------------


def read_rules(node: Node | None, kinds: Kinds, players: list[int], variants: list[str],
               report: Report) -> list[Rule]:
    if node is None:
        return []
    if not node.is_seq:
        report.error(node.loc, "DECLARE-TYPE", f"'rules' is {type_name(node)}, expected a list of rules such as "
                                               "- { code: CARDS, count: { kind: card }, exactly: 40 }")
        return []
    rules, codes = [], {}
    for i, child in enumerate(node.value, 1):
        made = _checks(child, kinds, players, variants, report, i) if _is_group(child) else \
            [_rule(child, kinds, players, variants, report, f"rule {i}")]
        if None in made or not made:
            continue
        rule = made[0]
        if rule.code in codes:
            report.error(child.loc, "DECLARE-CODE", f"rule {i}'s code '{rule.code}' is also rule {codes[rule.code]}'s; "
                                                    "each rule has a code of its own")
            continue
        codes[rule.code] = i
        rules.extend(made)
    return rules


GROUP_KEYS = ("code", "message", "checks")  # a rule of several checks: `checks:` under one code


def _is_group(node: Node) -> bool:
    return node.is_map and "checks" in node.value


def _checks(node: Node, kinds: Kinds, players: list[int], variants: list[str], report: Report,
            i: int) -> list[Rule | None]:
    """`{code, message, checks: [CHECK, …]}`: several measures, each with its own bound, reported
    under one code; a check without a message of its own takes the rule's."""
    what = f"rule {i}"
    bad = [k for k in node.value if k not in GROUP_KEYS]
    for k in bad:
        report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}: a rule with checks takes "
                                                     f"{one_of(GROUP_KEYS)}, and each check its measure and bound")
    items = node.value["checks"]
    if not items.is_seq or not items.value:
        report.error(items.loc, "DECLARE-TYPE", f"'checks' of {what} is {type_name(items)}, expected a list of "
                                                "checks, each a measure with its bound")
        return [None]
    if bad or _code(node, report, what) is None:
        return [None]
    out: list[Rule | None] = []
    for j, sub in enumerate(items.value, 1):
        own = [k for k in ("code", "checks") if sub.is_map and k in sub.value]
        if own:
            report.error(sub.key_loc(own[0]), "DECLARE-KEY", f"check {j} of {what} has '{own[0]}': a check takes its "
                                                             "rule's code, and holds no checks of its own")
            out.append(None)
            continue
        if not sub.is_map:
            out.append(_rule(sub, kinds, players, variants, report, f"check {j} of {what}"))
            continue
        shared = {k: node.value[k] for k in ("code", "message") if k in node.value and k not in sub.value}
        merged = Node("map", sub.loc, {**shared, **sub.value}, {**{k: node.key_loc(k) for k in shared}, **sub.key_locs})
        out.append(_rule(merged, kinds, players, variants, report, f"check {j} of {what}"))
    return out


# What a rule may say beside its measure: the bounds (or tests) each measure takes — `unique`
# takes none: no two components may share the value.
LIMITS = {"count": BOUNDS, "every": BOUNDS, "sum": BOUNDS, "each": BOUNDS + TESTS, "unique": (), "refers": ()}
RULE_KEYS = ("code", "message", "total", "variant") + MEASURES + BOUNDS + TESTS


def _rule(node: Node, kinds: Kinds, players: list[int], variants: list[str], report: Report,
          what: str) -> Rule | None:
    """One rule: its keys checked against RULE_KEYS, then its measure, bound, total and message,
    each read by a step of its own (None after any of them reports a problem)."""
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping with a code, "
                                               f"a measure ({one_of(MEASURES)}) and a bound ({one_of(BOUNDS)})")
        return None
    unknown = [k for k in node.value if k not in RULE_KEYS]
    for key in unknown:
        report.error(node.key_loc(key), "DECLARE-KEY", f"unknown key '{key}' in {what}; accepted keys: "
                                                      f"{one_of(RULE_KEYS)}")
    code = _code(node, report, what)
    shape = _shape(node, report, what)
    if shape is None:
        return None
    measure, limit = shape
    rule = _measure(measure, node.value[measure], kinds, report, f"'{measure}' of {what}", node.loc)
    if rule is None or code is None or unknown:
        return None
    rule.code = code
    steps = (lambda: _rule_variant(rule, node, variants, report, what),
             lambda: _limit(rule, limit, node, kinds, players, variants, report, what),
             lambda: _total(rule, limit, node, report, what),
             lambda: _message(rule, node, report, what))
    return rule if all(step() for step in steps) else None


def _shape(node: Node, report: Report, what: str) -> tuple[str, str | None] | None:
    """The rule's one measure and its one bound or test (None for `unique`), as LIMITS allows."""
    measures = [k for k in MEASURES if k in node.value]
    if len(measures) != 1:
        report.error(node.loc, "DECLARE-RULE", f"{what} needs exactly one of {one_of(MEASURES)}"
                                               + (f"; it has {one_of(measures)}" if measures else ""))
        return None
    measure = measures[0]
    given = [k for k in BOUNDS + TESTS if k in node.value]
    allowed = LIMITS[measure]
    if (len(given) != 1 or given[0] not in allowed) if allowed else given:
        need = f"exactly one of {one_of(allowed)}" if allowed else "no bound (no two components may share the value)"
        report.error(node.loc, "DECLARE-RULE", f"{what} ({measure}) needs {need}"
                                               + (f"; it has {one_of(given)}" if given else ""))
        return None
    return measure, (given[0] if given else None)


def _rule_variant(rule: Rule, node: Node, variants: list[str], report: Report, what: str) -> bool:
    if "variant" not in node.value:
        return True
    rule.variant = _variant(node.value["variant"], variants, report, what)
    return rule.variant is not None


def _limit(rule: Rule, limit: str | None, node: Node, kinds: Kinds, players: list[int], variants: list[str],
           report: Report, what: str) -> bool:
    """The rule's bound (`exactly: 40`, `exactly: setup`, per player count or variant) or test."""
    if limit is None:
        return True
    if limit in TESTS:
        return _test(rule, limit, node, kinds, report, what)
    b = node.value[limit]
    if b.kind == "scalar" and b.value == SETUP:
        if rule.measure != "count" or limit != "exactly" or rule.where:
            report.error(b.loc, "DECLARE-RULE", f"{what}: 'setup' (what the setup's steps take) is a number only "
                                                "for  exactly:  on a count of a whole kind, without where")
            return False
        rule.bound = Bound("exactly", SETUP, b.loc)
        return True
    numbers = rule.measure != "sum" and not (rule.measure == "each" and _numeric(rule, kinds))
    rule.bound = _bound(limit, b, players, variants, report, f"'{limit}' of {what}", counts=numbers)
    return rule.bound is not None


def _total(rule: Rule, limit: str | None, node: Node, report: Report, what: str) -> bool:
    """`total: CODE`: an every rule's total (that number times the combinations) told apart."""
    if "total" not in node.value:
        return True
    t = node.value["total"]
    if rule.measure != "every" or limit != "exactly" or rule.per is not None:
        report.error(node.key_loc("total"), "DECLARE-RULE", f"{what}: 'total' belongs to an every rule with one "
                                                            "number for  exactly:  (the kind's total is that times "
                                                            "the combinations)")
        return False
    if t.is_map:
        return _total_said(rule, t, report, what)
    if t.kind != "scalar" or not isinstance(t.value, str) or not CODE.match(t.value):
        report.error(t.loc, "DECLARE-CODE", f"'total' of {what} is {type_name(t)}, expected a code for the total, "
                                            "such as CARDS")
        return False
    rule.total = t.value
    return True


def _total_said(rule: Rule, t: Node, report: Report, what: str) -> bool:
    """`total: {code: CODE, message: …}`: the total under its code, in the designer's words ({total},
    {expected}, {each}, {how_many}, {counted}, {kind})."""
    bad = [k for k in t.value if k not in ("code", "message")]
    for k in bad:
        report.error(t.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in 'total' of {what}; accepted keys: code "
                                                  "and message")
    code = _code(t, report, f"'total' of {what}")
    if code is None or bad:
        return False
    rule.total = code
    if "message" not in t.value:
        return True
    msg = Localized(300).read(t.value["message"], report, f"'message' of 'total' of {what}")
    if msg is INVALID or not _message_ok(msg, "total", t.value["message"], report, f"'total' of {what}"):
        return False
    rule.total_message = msg
    return True


def _message(rule: Rule, node: Node, report: Report, what: str) -> bool:
    """`message:` in the designer's words, its placeholders checked against what the measure tells."""
    if "message" not in node.value:
        return True
    msg = Localized(300).read(node.value["message"], report, f"'message' of {what}")
    if msg is INVALID:
        return True  # reported; the rule stands with pnp's own words
    if not _message_ok(msg, rule.measure, node.value["message"], report, what):
        return False
    rule.message = msg
    rule.together = rule.measure == "every" and "missing" in {n for n, _ in _names(msg["en"]) or []}
    return True


def _variant(node: Node, variants: list[str], report: Report, what: str) -> str | None:
    """`variant:` of a rule: one of the game's variants, or `default` (the game without one)."""
    if node.kind == "scalar" and (node.value in variants or node.value == DEFAULT):
        return node.value
    shown = node.value if node.kind == "scalar" else type_name(node)
    report.error(node.loc, "DECLARE-VARIANT", f"'variant' of {what} is '{shown}', not a variant of the game; "
                                              f"expected {one_of([*variants, DEFAULT])} (default: the game played "
                                              "without a variant)")
    return None


def _numeric(rule: Rule, kinds: Kinds) -> bool:
    """An `each` rule bounds a number field's value (which may be below 0), not a count of items."""
    return isinstance(kinds.type_of(rule.kind, rule.fields[0]), (Int, Number))


def _refers_to(rule: Rule, node: Node, kinds: Kinds, report: Report, what: str) -> bool:
    """A `refers` measure's `to: {kind: K | [K, …], field: F}`: every value (every item of a list)
    of its field is a value of field F on some card of those kinds (a pie's jam names a jam recipe)."""
    n = node.get("to")
    if n is None or not n.is_map or set(n.value) != {"kind", "field"}:
        report.error((n or node).loc, "DECLARE-RULE", f"'to' of {what} is a mapping with kind and field, such as "
                                                      "to: { kind: jam, field: recipe }")
        return False
    named = _kind_list(n, kinds, report, what) if _listed(n) else [_kind(n, kinds, report, what)]
    if not named or None in named:
        return False
    f = n.value["field"]
    lacking = [k for k in named if f.kind != "scalar" or kinds.type_of(k, f.value) is None]
    if lacking:
        report.error(f.loc, "DECLARE-FIELD", f"'to' of {what}: '{f.value}' is not a field of kind "
                                             f"'{lacking[0]}'; fields: {one_of(x.name for x in kinds.fields[lacking[0]])}")
        return False
    rule.refers = (named, f.value)
    return True


def _test(rule: Rule, test: str, node: Node, kinds: Kinds, report: Report, what: str) -> bool:
    flag = Bool().read(node.value[test], report, f"'{test}' of {what}")
    if flag is INVALID:
        return False
    if flag is not True:
        report.error(node.value[test].loc, "DECLARE-RULE", f"'{test}' of {what} is false; write  {test}: true  or "
                                                           "leave the rule out")
        return False
    t = kinds.type_of(rule.kind, rule.fields[0])
    if test == "distinct" and not isinstance(t, ListOf):
        report.error(node.key_loc(test), "DECLARE-RULE", f"{what}: 'distinct' tests a list's items, and "
                                                         f"'{rule.fields[0]}' is not a list")
        return False
    if test == "legal" and not (isinstance(t, Int) and t.legal):
        report.error(node.key_loc(test), "DECLARE-RULE", f"{what}: 'legal' tests a value against its field's "
                                                         f"legal: values, and '{rule.fields[0]}' declares none")
        return False
    rule.test = test
    return True


def _names(template: str) -> list[tuple[str, str]] | None:
    """The placeholders of a message as (name, format), or None when it is not a template."""
    try:
        return [(name, spec or "") for _, name, spec, conv in string.Formatter().parse(template)
                if name is not None]
    except ValueError:
        return None


def _message_ok(msg: dict[str, str], measure: str, node: Node, report: Report, what: str) -> bool:
    offered = PLACEHOLDERS[measure]
    for lang, text in msg.items():
        names = _names(text)
        if names is None:
            report.error(node.loc, "DECLARE-MESSAGE", f"'message' of {what} ({lang}) has a lone brace; write {{{{ or }}}} "
                                                      "for the brace itself")
            return False
        for name, spec in names:
            if name not in offered or spec not in ("", "word", "noun") and (spec, name) != ("spaced", "missing"):
                shown = "{" + name + (f":{spec}" if spec else "") + "}"
                report.error(node.loc, "DECLARE-MESSAGE",
                             f"'message' of {what} ({lang}) has the placeholder '{shown}'; {'an' if measure[0] in 'aeiou' else 'a'} {measure} rule's message can "
                             f"use {', '.join('{' + n + '}' for n in offered)} (and {{NAME:word}} for a number in words, "
                             f"{{NAME:noun}} for a number of cards with the kind's noun, {{missing:spaced}} for combinations "
                             "said with spaces)")
                return False
    return True


def _code(node: Node, report: Report, what: str) -> str | None:
    c = node.get("code")
    if c is None:
        report.error(node.loc, "DECLARE-MISSING", f"{what} has no 'code': a stable name its violations are reported "
                                                  "under, such as SHIPS or SHIP-EACH")
        return None
    if c.kind != "scalar" or not isinstance(c.value, str) or not CODE.match(c.value):
        report.error(c.loc, "DECLARE-CODE", f"'code' of {what} is {type_name(c)}, expected capital letters, digits "
                                            "and dashes, such as SHIP-EACH")
        return None
    return c.value


def _measure(measure: str, node: Node, kinds: Kinds, report: Report, what: str, loc: Loc) -> Rule | None:
    keys = {"count": ("kind", "where"), "every": ("kind", "fields", "where"), "sum": ("kind", "field", "where"),
            "unique": ("kind", "field", "where"), "each": ("kind", "field", "where", "different"),
            "refers": ("kind", "field", "where", "to")}[measure]
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping with {one_of(keys)}")
        return None
    bad = [k for k in node.value if k not in keys]
    for k in bad:
        report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}; accepted keys: {one_of(keys)}")
    named = _kind_list(node, kinds, report, what) if _listed(node) else None
    kind = named[0] if named else None if _listed(node) else _kind(node, kinds, report, what)
    if kind is None or bad:
        return None
    rule = Rule("", measure, kind, loc, kinds=named or [kind])
    where = _where(node.get("where"), kind, kinds, report, what)
    if where is None or not _shared_fields(rule, node, kinds, report, what):
        return None
    rule.where = where
    if measure == "every" and len(rule.kinds) > 1:
        return _every_kinds(rule, node, kinds, report, what)
    if measure == "every":
        rule.fields = _fields(node, kind, kinds, report, what)
        rule.combos = _combos(rule.fields, kind, kinds, node, report, what) if rule.fields else []
        return _kept(rule, node, report, what) if rule.combos else None
    if measure in ("sum", "unique", "each", "refers"):
        name = _field_name(node.get("field"), kind, kinds, report, what, node.loc)
        if name is None:
            return None
        if measure == "sum" and not isinstance(kinds.type_of(kind, name), (Int, Number)):
            report.error(node.value["field"].loc, "DECLARE-FIELD", f"{what}: field '{name}' is not a number, so it "
                                                                   "cannot be summed; sum an int or number field")
            return None
        rule.fields = [name]
        if measure == "refers" and not _refers_to(rule, node, kinds, report, what):
            return None
        if "different" in node.value and not _different(rule, node, kinds, report, what):
            return None
    return rule


def _different(rule: Rule, node: Node, kinds: Kinds, report: Report, what: str) -> bool:
    """An each's `different: true`: its bound counts the list's different items, and an item
    written again is told at that second writing (a salad of three different fruits)."""
    flag = Bool().read(node.value["different"], report, f"'different' of {what}")
    if flag is not True or not isinstance(kinds.type_of(rule.kind, rule.fields[0]), ListOf):
        if flag is not INVALID:
            report.error(node.value["different"].loc, "DECLARE-RULE", f"'different' of {what}: write  different: true  "
                                                                      "on an each over a list field, or leave it out")
        return False
    rule.different = True
    return True


def _kind(node: Node, kinds: Kinds, report: Report, what: str) -> str | None:
    k = node.get("kind")
    if k is None:
        report.error(node.loc, "DECLARE-MISSING", f"{what} has no 'kind'; declared kinds: {one_of(kinds.fields)}")
        return None
    if k.kind != "scalar" or k.value not in kinds.fields:
        report.error(k.loc, "DECLARE-KIND", f"'kind' of {what} is '{k.value}', not a declared kind; declared kinds: "
                                            f"{one_of(kinds.fields)}")
        return None
    return k.value


def _listed(node: Node) -> bool:
    """Whether a measure's `kind:` is a list: the rule measures the cards of several kinds together."""
    k = node.get("kind")
    return k is not None and k.is_seq


def _kind_list(node: Node, kinds: Kinds, report: Report, what: str) -> list[str] | None:
    """`kind: [a, b, …]`: two or more declared kinds, each once (their cards are counted together;
    an every rule's `fields: [kind]` tells them apart)."""
    k = node.value["kind"]
    named = [n.value for n in k.value]
    wrong = [n for n in k.value if n.kind != "scalar" or n.value not in kinds.fields]
    if wrong:
        report.error(wrong[0].loc, "DECLARE-KIND", f"'kind' of {what} names '{wrong[0].value}', not a declared kind; "
                                                   f"declared kinds: {one_of(kinds.fields)}")
        return None
    if len(named) < 2 or len(set(named)) != len(named):
        report.error(k.loc, "DECLARE-KIND", f"'kind' of {what} is a list of {len(named)} kinds"
                                            + (" with one twice" if len(named) >= 2 else "")
                                            + "; a list names two or more kinds, each once (or write one kind)")
        return None
    return named


def _shared_fields(rule: Rule, node: Node, kinds: Kinds, report: Report, what: str) -> bool:
    """A rule over several kinds reads only fields every one of them has (`kind` aside)."""
    if len(rule.kinds) < 2:
        return True
    named = [node.value["field"]] if "field" in node.value else []
    named += node.value["fields"].value if "fields" in node.value and node.value["fields"].is_seq else []
    if "where" in node.value and node.value["where"].is_map:
        named += [Node("scalar", node.value["where"].key_loc(k), k) for k in node.value["where"].value]
    for n in named:
        lacking = [k for k in rule.kinds if n.value != "kind" and kinds.type_of(k, n.value) is None]
        if lacking:
            report.error(n.loc, "DECLARE-FIELD", f"{what}: '{n.value}' is not a field of kind '{lacking[0]}'; a rule "
                                                 "over several kinds reads only the fields they all have")
            return False
    return True


def _every_kinds(rule: Rule, node: Node, kinds: Kinds, report: Report, what: str) -> Rule | None:
    """An every rule over several kinds goes through `fields: [kind]`: the cards of each kind are
    counted apart (and with `total:` together): three mission kinds of four cards each."""
    f = node.get("fields")
    if f is None or not f.is_seq or [n.value for n in f.value] != ["kind"]:
        report.error((f or node).loc, "DECLARE-FIELD", f"{what}: an every rule over several kinds counts each kind "
                                                       "apart, with  fields: [kind]")
        return None
    rule.fields, rule.combos = ["kind"], [(k,) for k in rule.kinds]
    return rule


def _field_name(node: Node | None, kind: str, kinds: Kinds, report: Report, what: str, at: Loc) -> str | None:
    names = [f.name for f in kinds.fields[kind]]
    if node is None:
        report.error(at, "DECLARE-MISSING", f"{what} has no 'field'; fields of '{kind}': {one_of(names) or 'none'}")
        return None
    if node.kind != "scalar" or node.value not in names:
        report.error(node.loc, "DECLARE-FIELD", f"{what}: '{node.value}' is not a field of kind '{kind}'; its fields: "
                                                f"{one_of(names) or 'none'}")
        return None
    if isinstance(kinds.type_of(kind, node.value), Broken):
        return None  # its declaration is wrong, and said so there
    return node.value


def _fields(node: Node, kind: str, kinds: Kinds, report: Report, what: str) -> list[str]:
    f = node.get("fields")
    if f is None or not f.is_seq or not f.value:
        report.error((f or node).loc, "DECLARE-MISSING", f"{what} needs 'fields': a list of the fields whose every "
                                                         "combination of values is counted")
        return []
    out = [_field_name(n, kind, kinds, report, what, n.loc) for n in f.value]
    return [] if None in out else out  # type: ignore[return-value]


def values_of(t: Any) -> list[Any] | None:
    """The values a field may take, when they are few enough to list (choice, bool, a small int range)."""
    if isinstance(t, Choice):
        return t.options()
    if isinstance(t, Bool):
        return [False, True]
    if isinstance(t, Int) and t.legal:
        return list(t.legal)
    if isinstance(t, ListOf):
        return values_of(t.item)  # a card counts once for every item it holds
    if isinstance(t, Int) and t.lo is not None and t.hi is not None and t.hi - t.lo < MAX_COMBINATIONS:
        return list(range(t.lo, t.hi + 1))
    return None


def _combos(names: list[str], kind: str, kinds: Kinds, node: Node, report: Report, what: str) -> list[tuple]:
    lists = []
    for name in names:
        vals = values_of(kinds.type_of(kind, name))
        if vals is None:
            report.error(node.get("fields").loc, "DECLARE-FIELD",
                         f"{what}: field '{name}' has no list of values to go through (it is not a choice, a bool "
                         "or an int range); 'every' needs such fields")
            return []
        lists.append(vals)
    n = 1
    for vals in lists:
        n *= len(vals)
    if n > MAX_COMBINATIONS:
        report.error(node.get("fields").loc, "DECLARE-RANGE", f"{what}: the fields have {n} combinations of values, "
                                                              f"more than {MAX_COMBINATIONS}")
        return []
    return list(itertools.product(*lists))


def _kept(rule: Rule, node: Node, report: Report, what: str) -> Rule | None:
    """An every rule goes through only the combinations whose values its `where` keeps: a filter
    on a counted field narrows the values counted, it does not ask for every other value at 0."""
    narrowed = [(i, rule.where[f]) for i, f in enumerate(rule.fields) if f in rule.where]
    rule.combos = [c for c in rule.combos if all(c[i] in wanted for i, wanted in narrowed)]
    if not rule.combos:
        report.error(node.value["where"].loc, "DECLARE-RULE", f"{what}: 'where' keeps none of the values of "
                                                             f"{one_of(rule.fields)} that 'every' goes through")
        return None
    return rule


def _where(node: Node | None, kind: str, kinds: Kinds, report: Report, what: str) -> dict[str, list[Any]] | None:
    if node is None:
        return {}
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"'where' of {what} is {type_name(node)}, expected a mapping of fields "
                                               "to a value or a list of values")
        return None
    out = {}
    for name, value in node.value.items():
        f = _field_name(Node("scalar", node.key_loc(name), name), kind, kinds, report, f"'where' of {what}", node.loc)
        if f is None:
            return None
        t = kinds.type_of(kind, f)
        if value.is_map and set(value.value) == {"present"}:  # {present: true}: the card has the field, or not
            flag = Bool().read(value.value["present"], report, f"'present' of '{f}' in 'where' of {what}")
            if flag is INVALID:
                return None
            out[f] = PRESENT if flag else ABSENT
            continue
        if value.is_map and set(value.value) == {"not"}:  # {not: V | [V, …]}: the cards without those values
            inner = _where(Node("map", node.loc, {name: value.value["not"]}, {name: node.key_loc(name)}), kind, kinds,
                           report, what)
            if inner is None:
                return None
            out[f] = _Not(inner[f])
            continue
        items = value.value if value.is_seq else [value]
        read = [(t.item if isinstance(t, ListOf) else t).read(v, report, f"'{f}' in 'where' of {what}") for v in items]
        if INVALID in read:
            return None
        out[f] = [_plain_text(v) for v in read]
    return out


def _plain_text(v: Any) -> Any:
    return v.get("en") if isinstance(v, dict) else v


def _bound(how: str, node: Node, players: list[int], variants: list[str], report: Report, what: str,
           counts: bool = True) -> Bound | None:
    """A bound's number(s); `counts`: it bounds a number of cards, which is never below 0 (a sum
    of a field may be)."""
    if node.is_map:
        keys = list(node.value)
        per = "players" if all(numeral(k) for k in keys) else "variant"
        out = {}
        for key in keys:
            k = player_count(key) if per == "players" else key
            allowed = players if per == "players" else list(variants) + [DEFAULT]
            if k not in allowed:
                report.error(node.key_loc(key), "DECLARE-RANGE",
                             f"{what}: '{shown_key(key)}' is not a {'player count' if per == 'players' else 'variant'} "
                             f"of the game; expected {one_of(map(str, allowed))}")
                return None
            v = _number(how, node.value[key], report, f"{what} for {key}", counts)
            if v is None:
                return None
            out[k] = v
        missing = [p for p in players if p not in out] if per == "players" else []
        if missing:
            report.error(node.loc, "DECLARE-RANGE", f"{what} gives no number for {one_of(map(str, missing))} players")
            return None
        if per == "variant" and DEFAULT not in out and set(out) != set(variants):
            out.setdefault("", None)
        return Bound(how, out, node.loc, per)
    v = _number(how, node, report, what, counts)
    return None if v is None else Bound(how, v, node.loc)


def numeral(key: Any) -> bool:
    """Whether a map's key is written in digits (of any script: '²' too), so the map is per player
    count and `player_count` reads each key — strictly."""
    return str(key).isdigit()


def player_count(key: Any) -> int | None:
    """The player count a per-player-count key writes, or None when it writes none: ASCII digits
    only ('²' is a digit to str.isdigit, not to int()), and at most nine of them (int() of 5,000
    digits is refused by Python; no game seats more than 99)."""
    return int(key) if PLAYER_KEY.fullmatch(str(key)) else None


def shown_key(key: Any) -> str:
    """A key as a message quotes it: a long one cut short, with its length."""
    k = str(key)
    return k if len(k) <= 24 else f"{k[:12]}… ({len(k)} characters)"


def _number(how: str, node: Node, report: Report, what: str, counts: bool = True) -> Any:
    if how == "between":
        if not node.is_seq or len(node.value) != 2:
            report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected [LOWEST, HIGHEST]")
            return None
        lo, hi = (_one(n, report, what, counts) for n in node.value)
        if INVALID in (lo, hi):
            return None
        if lo > hi:
            report.error(node.loc, "DECLARE-RANGE", f"{what} is [{lo:g}, {hi:g}]: the lowest is above the highest")
            return None
        return (lo, hi)
    v = _one(node, report, what, counts)
    return None if v is INVALID else v


def _one(node: Node, report: Report, what: str, counts: bool) -> Any:
    v = Number().read(node, report, what)
    if v is not INVALID and counts and v < 0:
        report.error(node.loc, "SPEC-RANGE", f"{what} is {v:g}, expected a number of cards: 0 or more")
        return INVALID
    return v


# -- checking ------------------------------------------------------------------------------------------

InPlay = Callable[[int | None, str | None], list[tuple[Item, int]]]  # (players, variant) -> (component, copies)


def check(rules: list[Rule], spec: Spec, kinds: Kinds, players: list[int], variants: list[str],
          in_play: InPlay, report: Report, default: str | None = None) -> None:
    """Every rule against the deck: once, or for every player count (or variant) its bound names
    (and only in the variant it is limited to); then the breaks one misprinted card explains are
    told at that card (misprint.py)."""
    deck = _Deck(spec, kinds, players, variants, in_play)
    deck.default = default
    told: dict[int, Report] = {}  # rule index -> what its break said
    for i, rule in enumerate(rules):
        said = Report()
        if deck.breaks(rule, said):
            told[i] = said
    broken = [rules[i] for i in told if len(rules[i].kinds) == 1  # a misprint is sought within one kind,
              and rules[i].measure != "refers"]  # and never for a name on another card
    if broken:  # the search for a misprint is imported when a rule breaks: a deck that holds needs none
        from .misprint import _misprint, _moved
    for kind in dict.fromkeys(r.kind for r in broken):
        found = _misprint(kind, rules, broken, deck)
        if found is not None:
            for i in told:
                if rules[i].kind == kind:
                    told[i] = _moved(told[i], *found)
    for i in sorted(told):
        report.extend(told[i])


class _Breaks(Exception):
    """A quiet check's first break: what a tried change needs to know, without its words."""


class _Deck:
    """The deck in every context a rule is measured in (the cards in play cached per player
    count and variant), and a rule checked against it — or against it with one card changed."""

    def __init__(self, spec: Spec, kinds: Kinds, players: list[int], variants: list[str], in_play: InPlay):
        self.spec, self.kinds, self.players, self.variants = spec, kinds, players, variants
        self._in_play = in_play
        self._of_kind: dict[tuple, list[tuple[Item, int]]] = {}  # (players, variant, kind) -> its cards in play
        self.default: str | None = None  # `default_variant:`: the variant measured for the game without one

    def cards(self, p: int | None, v: str | None) -> list[tuple[Item, int]]:
        return self._in_play(p, v)  # kept on the spec by setup.in_play, for the face-down decks too

    def counted(self, rule: Rule, p: int | None, v: str | None,
                swap: tuple[Item, Item] | None = None) -> list[tuple[Item, int]]:
        """The cards the rule measures in one context, with `swap` (card, changed card) in the deck:
        its kind's cards in play (found once a context, however many misprints are tried), then
        its `where`."""
        key = (p, v, *rule.kinds)
        mine = self._of_kind.get(key)
        if mine is None:
            mine = self._of_kind[key] = [(c, n) for c, n in self.cards(p, v) if c.kind in rule.kinds and n]
        if swap is not None:
            mine = [(swap[1] if c is swap[0] else c, n) for c, n in mine]
        return [(c, n) for c, n in mine if _matches(c, rule.where)]

    def contexts(self, rule: Rule) -> list[tuple[int | None, str | None]]:
        """(players, variant) the rule is measured in: every player count or variant its bound
        names, and only the variant it is limited to (None: the game without a variant)."""
        vs: list[str | None] = [None, *self.variants] if rule.per == "variant" else [None]
        if rule.variant is not None:
            vs = [None if rule.variant == DEFAULT else rule.variant]
        if self.default is not None and (rule.per == "variant" or rule.variant is not None):  # the game
            # without a variant is the default variant
            vs = list(dict.fromkeys(self.default if v is None or v == DEFAULT else v for v in vs))
        ps: list[int | None] = list(self.players) if rule.per == "players" else [None]
        return [(p, v) for v in vs for p in ps]

    def breaks(self, rule: Rule, report: Report | None = None, swap: tuple[Item, Item] | None = None) -> bool:
        """Whether the rule is broken, told to `report` (one report a rule: the first context it
        fails in); with no report, quietly, and with `swap` (card, changed card) in the deck."""
        at = rule.loc if rule.loc.file == self.spec.loc.file else self.spec.loc  # a package's rule: at `components:`
        try:
            for p, v in self.contexts(rule):
                cards = self.counted(rule, p, v, swap)
                if _CHECKS[rule.measure](_Check(rule, self.kinds, at, p, v, report or Report(), report is None, self),
                                         cards):
                    return True
        except _Breaks:
            return True
        return False

    # What misprint.py reads of the checks (it may not import this module, which calls into it).

    def first_break(self, rule: Rule) -> tuple[_Check, list[tuple[Item, int]]] | None:
        """The first context the rule breaks in, checked quietly: the check and the cards it
        measured, where what mending the break asks is read (None: the rule holds)."""
        for p, v in self.contexts(rule):
            kept = self.counted(rule, p, v)
            ch = _Check(rule, self.kinds, rule.loc, p, v, Report(), True, self)
            try:
                _CHECKS[rule.measure](ch, kept)
            except _Breaks:
                return ch, kept
        return None

    def values(self, kind: str, name: str) -> list[Any] | None:
        """The values a kind's field may take, when they are few enough to list (`values_of`)."""
        return values_of(self.kinds.type_of(kind, name))

    @staticmethod
    def text(v: Any) -> str:
        """A value as the spec writes it (`_text`)."""
        return _text(v)


@record
class _Check:
    """One rule checked in one context (a player count, a variant, or none)."""

    rule: Rule
    kinds: Kinds
    at: Loc  # where a break no one component can be blamed for is reported
    players: int | None
    variant: str | None
    report: Report
    quiet: bool = False  # only whether it breaks: the first break stops the check (_Breaks)
    deck: Any = None  # the _Deck, where a rule reads other cards than it measures (`refers`)

    def holds(self, n: float) -> bool:
        return self.rule.bound.holds(n, self.players, self.variant)

    def most(self) -> float | None:
        return self.rule.bound.most(self.players, self.variant)

    def counts(self, c: Item) -> bool:
        """Whether the rule's `where` keeps the card."""
        return _matches(c, self.rule.where)

    def keys_of(self, c: Item) -> list[tuple]:
        """The combinations of the rule's fields the card counts for."""
        return _keys_of(c, self.rule.fields)

    def keys(self, c: Item) -> list[tuple[str | None, Any]]:
        """The card's value of the rule's field, as what may not repeat."""
        return _keys(c.get(self.rule.fields[0]))

    def fails(self, cards: list[tuple[Item, int]]) -> bool:
        """Quietly, whether these cards alone break the rule (an each rule: the card fails)."""
        try:
            return _CHECKS[self.rule.measure](self, cards)
        except _Breaks:
            return True

    def say(self, loc: Loc, text: str, code: str | None = None, plain: bool = False, **values: Any) -> None:
        """Report a break at `loc`: the rule's message filled in when it is a template, else put
        before the default words `text`; `plain`: the default words alone."""
        if self.quiet:
            raise _Breaks
        rule = self.rule
        context = _context(self.players, self.variant, rule.variant)
        msg = rule.message["en"] if rule.message and code is None and not plain else None
        if msg is not None and _names(msg):
            bound = rule.bound.wanted(self.players, self.variant) if rule.bound else ""
            values = {"kind": rule.kind, "context": context, "bound": bound, "expected": bound, **values}
            text = _fill(msg, values, self.kinds.nouns)
        elif msg is not None:
            text = f"{msg} ({context}{text})"
        else:
            text = context + text
        self.report.rule(loc, code or rule.code, text)


def _fill(template: str, values: dict[str, Any], nouns: dict | None = None) -> str:
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            v = values.get(name, "")
            out.append(_word(v) if spec == "word" else _noun(nouns or {}, values.get("kind", ""), v)
                       if spec == "noun" else _text(values.get(f"{name}_spaced", v)) if spec == "spaced" else _text(v))
    return "".join(out)


def _noun(nouns: dict, kind: str, v: Any) -> str:
    """`{total:noun}`: the number with the kind's noun (`nouns:`), singular for 1."""

    return noun(nouns, kind, v) if isinstance(v, (int, float)) else _text(v)


def card_noun(kind: str) -> str:
    """"ship card", but "card" for a kind called card (never "card card") and "wager card" for
    wager: what one card of the kind is called in a message."""
    return kind if kind == "card" or kind.endswith(("-card", " card", "_card")) else f"{kind} card"


def _text(v: Any) -> str:
    """A value as the spec writes it: 3 (not 3.0), true (not True), a list's items with commas."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, list):
        return ", ".join(map(_text, v))
    return str(_plain_text(v))


def _word(v: Any) -> str:
    return WORDS[int(v)] if isinstance(v, (int, float)) and 0 <= v < len(WORDS) and v == int(v) else _text(v)


def _matches(c: Item, where: dict[str, list[Any]]) -> bool:
    for name, wanted in where.items():
        value = c.get(name)
        if wanted is PRESENT or wanted is ABSENT:
            if (value not in (None, "", [])) != (wanted is PRESENT):
                return False
            continue
        values = value if isinstance(value, list) else [_plain_text(value)]
        if isinstance(wanted, _Not) == any(v in wanted for v in values):
            return False
    return True


def _context(p: int | None, v: str | None, limit: str | None = None) -> str:
    """"with 3 players, ", "in the short variant, ": what a break was measured on; a rule limited
    to the game without a variant says so."""
    players = f"with {p} players" if p is not None else ""
    variant = f"in the {v} variant" if v else "in the game without a variant" if limit == DEFAULT else ""
    said = " ".join(x for x in (players, variant) if x)
    return said + ", " if said else ""


def _described(rule: Rule, n: int) -> str:
    """"3 ship cards with suit red": the count on the noun, the filter after it."""
    conds = [f"{k} {' or '.join(map(_text, v))}" for k, v in rule.where.items()]
    return plural(n, _rule_noun(rule)) + (" with " + " and ".join(conds) if conds else "")


def nouns(word: str) -> str:
    """The plural of a kind's name: coins, boxes, wishes, berries."""
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _line(loc: Loc, at: Loc) -> str:
    """Where `loc` is, for a message reported at `at`: its line, with its file's name when that
    is another file (a table's row, named from the spec's rule)."""
    return f"line {loc.line}" if loc.file == at.file else f"{loc.file.rsplit('/', 1)[-1]}:{loc.line}"


def _parts(kind: str, cards: list[tuple[Item, int]], at: Loc, many: int = 6) -> str:
    """The components a number was counted from, as the shipped games name them (Spec.count_parts):
    each with its copies and line when they are few; else the total, and the components written
    with a count (the lines a total is usually changed on)."""
    if not cards:
        return f"no {kind} component"

    def one(c: Item, n: int) -> str:
        return f"{c.id} x{n} ({_line(c.loc_of('count'), at)})"

    if len(cards) <= many:
        return ", ".join(one(c, n) for c, n in cards)
    total = sum(n for _, n in cards)
    written = [(c, n) for c, n in cards if c.count_written or n != c.count]
    if not written:
        return f"{total} {kind}: {len(cards)} components of one card each"
    rest = len(cards) - len(written)
    shown = [one(c, n) for c, n in written[:many]]
    if len(written) > many:
        shown.append(f"{len(written) - many} more written with a count")
    if rest:
        shown.append(f"{rest} other component{'s' if rest != 1 else ''} x1")
    return f"{total} {kind}; {', '.join(shown)}"


def _blame_total(cards: list[tuple[Item, int]], total: int, most: float | None, at: Loc) -> Loc:
    """Where a total that is off is reported: the only component counted, the one that takes it
    past `most`, else `at`."""
    if len(cards) == 1:
        return cards[0][0].loc_of("count")
    if most is not None and total > most:
        return _over(cards, most) or at
    return at


def _check_count(ch: _Check, cards) -> bool:
    rule = ch.rule
    total = sum(n for _, n in cards)
    if ch.holds(total):
        return False
    loc = _blame_total(cards, total, ch.most(), ch.at)
    counted = _parts(one_of(rule.kinds), cards, loc)
    ch.say(loc, f"the deck has {_described(rule, total)}, expected {rule.bound.wanted(ch.players, ch.variant)}"
                f"{rule.why}; counted from {counted}", total=total, counted=counted)
    return True


def _over(cards: list[tuple[Item, int]], most: float) -> Loc | None:
    """The row to blame for a total past `most`: the only component whose copies could give the
    extra back and keep one (red-5 x2 among forty x1), else the last one counted when it alone
    takes the total past (the one a designer added last: the second red 7)."""
    if not cards:
        return None
    excess = sum(k for _, k in cards) - most
    able = [(c, n) for c, n in cards if n - excess >= 1 and n > 1]
    if len(able) == 1:
        c = able[0][0]
        return c.loc_of("count") if c.count_written else c.loc
    if len(able) > 1:
        return None  # several components could each give the extra back: none of them is the one
    c, n = cards[-1]
    before = sum(k for _, k in cards[:-1])
    if before <= most < before + n:  # the cards before it are within the bound: it takes the total past
        return c.loc_of("count") if c.count_written else c.loc
    return None  # already past before the last one: no one card is to blame


def _keys_of(c: Item, fields: list[str]) -> list[tuple]:
    """The combinations a card counts for: its values, and each item of a list once."""
    lists = []
    for f in fields:
        v = c.kind if f == "kind" else c.get(f)  # `kind`: an every rule's kinds, told apart
        lists.append(list(dict.fromkeys(_plain_text(x) for x in v)) if isinstance(v, list) else [_plain_text(v)])
    return list(itertools.product(*lists))


def _check_every(ch: _Check, cards) -> bool:
    rule = ch.rule
    groups: dict[tuple, list[tuple[Item, int]]] = {}
    for c, n in cards:
        for key in _keys_of(c, rule.fields):
            groups.setdefault(key, []).append((c, n))
    broke = False
    if rule.total is not None:
        broke = _check_total(ch, cards)
    values = [", ".join(map(str, combo)) for combo in rule.combos]
    short: list[str] = []
    for combo, shown in zip(rule.combos, values):
        held = groups.get(combo, [])
        total = sum(n for _, n in held)
        if ch.holds(total):
            continue
        most = ch.most()
        name = " and ".join(f"{f} {val}" for f, val in zip(rule.fields, combo))
        loc = (_over(held, most) if most is not None and total > most else None) or ch.at
        if rule.together and (most is None or total <= most):  # short of it: said with the others, below
            short.append(shown)
            continue
        counted = _parts(rule.kind, held, loc)
        listed = f"; {nouns(rule.kind)} of {name}: {counted}" if held else ""
        # too many, where the message is made for what is missing: the default words alone
        ch.say(loc, f"the deck has {plural(total, rule.kind, _suffix(rule.kind))} of {name}{_filter(rule)}, expected "
                    f"{rule.bound.wanted(ch.players, ch.variant)}{listed}", plain=rule.together,
               total=total, counted=counted, combination=name, values=values, how_many=len(values))
        broke = True
    if short:
        spaced = one_of(s.replace(", ", " ") for s in short)  # `{missing:spaced}`: "purple spiral"
        ch.say(ch.at, "", missing=one_of(short), missing_spaced=spaced, values=values, how_many=len(values))
        broke = True
    return broke


def _suffix(kind: str) -> str:
    return nouns(kind)[len(kind):]


def _filter(rule: Rule) -> str:
    """The rule's `where`, as words after a combination: the counted fields' part is in the
    combination already."""
    conds = [f"{k} {' or '.join(map(_text, v))}" for k, v in rule.where.items() if k not in rule.fields]
    return (" with " + " and ".join(conds)) if conds else ""


def _check_total(ch: _Check, cards) -> bool:
    """An every rule's `total:`: the kind's cards, all of them, against the combinations' sum."""
    rule = ch.rule
    each = rule.bound.at(None, None)
    expected = each * len(rule.combos)
    total = sum(n for _, n in cards)
    if total == expected:
        return False
    loc = _blame_total(cards, total, expected, ch.at)
    of = (f"{rule.fields[0]} {one_of(c[0] for c in rule.combos)}" if len(rule.fields) == 1
          else f"combination of {' and '.join(rule.fields)}")
    counted = _parts(one_of(rule.kinds), cards, loc)
    if rule.total_message is not None:  # the designer's words for the total
        if ch.quiet:
            raise _Breaks
        ch.report.rule(loc, rule.total, _fill(rule.total_message["en"], {
            "kind": rule.kind, "total": total, "expected": expected, "each": each, "how_many": len(rule.combos),
            "counted": counted}))
        return True
    ch.say(loc, f"the deck has {_described(rule, total)}, expected {expected:g} ({each:g} of each {of}); counted from "
                f"{counted}", code=rule.total)
    return True


def _check_sum(ch: _Check, cards) -> bool:
    rule = ch.rule
    name = rule.fields[0]
    total = sum((c.get(name) or 0) * n for c, n in cards)
    if ch.holds(total):
        return False
    loc = cards[0][0].loc_of(name) if len(cards) == 1 else ch.at
    counted = _parts(rule.kind, cards, loc)
    ch.say(loc, f"the {name} of the {card_noun(rule.kind)}s adds up to {total:g}, expected "
                f"{rule.bound.wanted(ch.players, ch.variant)}; counted from {counted}",
           total=total, counted=counted, field=name)
    return True


def _check_unique(ch: _Check, cards) -> bool:
    """Two texts clash when they are the same in any one language: an English build would print
    two cards called 'Gold Moth' even when their Chinese names differ."""
    rule = ch.rule
    name = rule.fields[0]
    seen: dict[Any, Item] = {}
    broke = False
    for c, _ in cards:
        keys = _keys(c.get(name))
        first = next((seen[k] for k in keys if k in seen), None)
        if first is not None:
            lang, same = next(k for k in keys if k in seen)
            said = f" ({lang} '{same}')" if lang else f" '{same}'" if isinstance(same, (str, int, float)) else ""
            at = c.loc_of(name)
            ch.say(at, f"{rule.kind} '{c.id}' has the same {name}{said} as '{first.id}' ({_line(first.loc_of(name), at)}); "
                       "each must differ", id=c.id, other=first.id, field=name, value=c.get(name))
            broke = True
        else:
            seen.update({k: c for k in keys})
    return broke


def _check_each(ch: _Check, cards) -> bool:
    """Every card on its own: a value the rules do not allow, a list holding an item twice, a
    number (or a list's length) out of the bound — each at the card's value."""
    rule = ch.rule
    name = rule.fields[0]
    t = ch.kinds.type_of(rule.kind, name)
    broke = False
    for c, _ in cards:
        value = c.get(name)
        if value is None:
            continue
        items = value if isinstance(value, list) else [value]
        said = {"id": c.id, "field": name, "value": value,
                "others": " and ".join(str(x) for x in items if not any(x in w for w in rule.where.values()))}
        if rule.test == "legal":
            t = ch.kinds.type_of(c.kind, name)  # a rule over several kinds: each card's own legal values
            bad = [x for x in items if x not in t.legal]
            if not bad:
                continue
            ch.say(c.loc_of(name), f"{rule.kind} '{c.id}' has {name} {_text(value)}; {name} must be "
                                   f"{legal_values(t.legal)}", **said, legal=legal_values(t.legal))
        elif rule.different:
            if not _distinct_and_bound(ch, c, items, said):
                continue
        elif rule.test == "distinct":
            twice = next((x for i, x in enumerate(items) if x in items[:i]), None)
            if twice is None:
                continue
            ch.say(c.loc_of(name), f"{rule.kind} '{c.id}' has {_text(twice)} twice in {name}; its items must differ",
                   **said, repeated=twice)
        else:
            n = len(value) if isinstance(value, list) else value
            if ch.holds(n):
                continue
            has = plural(n, "item") + f" in {name}" if isinstance(value, list) else f"{name} {_text(value)}"
            ch.say(c.loc_of(name), f"{rule.kind} '{c.id}' has {has}, expected {rule.bound.wanted(ch.players, ch.variant)}",
                   **said)
        broke = True
    return broke


def _check_refers(ch: _Check, cards) -> bool:
    """`refers`: each value (each item) that names no value of `to`'s field on cards of its kinds, at the item."""
    kinds, name = ch.rule.refers
    there = {_plain_text(x) for k, _ in ch.deck.cards(ch.players, ch.variant) if k.kind in kinds  # once, not per card
             for x in (k.get(name) if isinstance(k.get(name), list) else [k.get(name)]) if x is not None}
    broke = False
    for c, _ in cards:
        value = c.get(ch.rule.fields[0])
        items = [] if value is None else value if isinstance(value, list) else [value]
        broke = _refers_of(ch, c, items, there, {"id": c.id, "field": ch.rule.fields[0], "value": value}) or broke
    return broke


def _refers_of(ch: _Check, c: Item, items: list, there: set, said: dict) -> bool:
    """The items of `c` that are none of the values `there` are, each told at the item."""
    kinds, name = ch.rule.refers
    field = ch.rule.fields[0]
    bad = [x for x in items if _plain_text(x) not in there]
    for x in bad:
        ch.say(getattr(x, "loc", c.loc_of(field)), f"{ch.rule.kind} '{c.id}' has {_text(x)} in {field}, which is no "
                                                   f"{' or '.join(kinds)} {name}; {name}s: {one_of(sorted(map(str, there)))}",
               **{**said, "value": x}, values=one_of(sorted(map(str, there))))
    return bool(bad)


def _distinct_and_bound(ch: _Check, c: Item, items: list, said: dict) -> bool:
    """`each` with a bound and `distinct`: the bound counts the different items (at the field), and
    each item written again is told at that writing."""
    field, broke = ch.rule.fields[0], False
    different = list(dict.fromkeys(items))
    if not ch.holds(len(different)):
        ch.say(c.loc_of(field), f"{ch.rule.kind} '{c.id}' has {plural(len(different), 'different item')} in {field}, "
                                f"expected {ch.rule.bound.wanted(ch.players, ch.variant)}", **said)
        broke = True
    for i, x in enumerate(items):
        if x in items[:i]:
            ch.say(getattr(x, "loc", c.loc_of(field)), f"{ch.rule.kind} '{c.id}' has {_text(x)} twice in {field}; "
                                                       "its items must differ", **said, repeated=x)
            broke = True
    return broke


def _keys(value: Any) -> list[tuple[str | None, Any]]:
    """A value as what may not repeat: a text's each language, a list as a whole, else itself."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [(lang, text) for lang, text in sorted(value.items())]
    if isinstance(value, list):
        return [(None, tuple(value))]
    return [(None, value)]


def _rule_noun(rule: Rule) -> str:
    """What one card a rule counts is called: its kind's card, or "card" when it counts several kinds."""
    return card_noun(rule.kind) if len(rule.kinds) < 2 else "card"


_CHECKS = {"count": _check_count, "every": _check_every, "sum": _check_sum, "unique": _check_unique,
           "each": _check_each, "refers": _check_refers}


def check_refs(spec: Spec, kinds: Kinds, report: Report) -> None:
    """A `ref` field names a component of its kind (always checked, as the shipped games check
    their own references, with or without `rules:`): a violation (exit 1) at the value, naming the
    components it could be."""
    from ...load.schema import Ref

    by_kind: dict[str, list[str]] = {}
    for c in spec.components:
        by_kind.setdefault(c.kind, []).append(c.id)
    for c in spec.components:
        for f in kinds.fields.get(c.kind, []):
            if isinstance(f.type, Ref) and c.get(f.name) is not None and c.get(f.name) not in by_kind.get(f.type.kind, []):
                ids = by_kind.get(f.type.kind, [])
                near = ", ".join(ids[:8]) + (", …" if len(ids) > 8 else "")
                report.rule(c.loc_of(f.name), "SPEC-REF", f"'{f.name}' of {c.kind} '{c.id}' is '{c.get(f.name)}', which is "
                                                          f"not a {f.type.kind} component; {f.type.kind} components: "
                                                          f"{near or 'none'}")


def noun(declared: dict, kind: str, n: float, lang: str = "en") -> str:
    """'1 gingerbread man', '19 gingerbread men': a number with the kind's noun (`declared`: the
    game's `nouns:`); without one, the kind's name ('3 cookie cards')."""
    forms = declared.get(kind, {})
    one, many = forms.get(lang) or forms.get("en") or (card_noun(kind), nouns(card_noun(kind)))
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{shown}{'' if lang != 'en' and not one.isascii() else ' '}{one if n == 1 else many}"
