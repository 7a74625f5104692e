"""A declared game's end-of-game scoring, read from its spec's `scoring:` — no code, no eval.

    scoring:
      zones: [table, puddings]        # what a player holds in a finished game file (default: cards);
                                      # or { table: [dish], wasabi: [dish] }: the kinds each zone takes
      complete: [gem]                 # optional: a finished game has every card of these kinds held
      score:                          # the lines of a player's score, in order
        - { label: Tempura, where: { type: tempura }, sets: 2, points: 5 }
        - { label: Dumplings, where: { type: dumpling }, table: [1, 3, 6, 10, 15] }
        - { label: Nigiri, where: { type: nigiri }, zone: table, each: points }
        - { label: Maki, most: { sum: maki_icons }, points: [6, 3], ties: split }
        - { label: Colours, groups: colour, table: [1, 3, 6, 10, 15, 21], best: 3, rest: subtract }
      tie_break: [ { most: { count: { where: { type: pudding } } } } ]

A step's cards are the player's cards that its `kind:` (one or a list), `where:` (field: value or
values) and `zone:` (one or a list) keep; `players:` and `variant:` limit a step as they limit a
setup step. The step then scores by one of:

    each: EXPR        per card (EXPR of the card: a field's value, a number, arithmetic), summed
    sets: N, points: P      P for every complete set of N cards
    table: [P1, P2, …]      by how many cards: P1 for one, P2 for two, the last for more
    points: EXPR      arithmetic on the cards
    most: EXPR, points: [first, second, …], ties: split | shared | none | [P, …]
    fewest: EXPR, points: [...], ties: …   (the fewest scores: a penalty with negative points)

and `groups: FIELD` scores each value of FIELD among the cards apart (a card with a list of
values is in each of its groups), optionally only the `best: N` groups (`rest: subtract` takes
the others away, `rest: ignore` leaves them out). `most` counts only a measure above 0; a tie
`split`s the place's points (remainder dropped) and takes the places it fills, so a tie for first
leaves no second place (Sushi Go!'s maki).

EXPR is a number; a field name (per card: its value; a list's length; a bool 1 or 0); or one of
`{count: FILTER}`, `{sum: FIELD}`, `{max: FIELD}`, `{min: FIELD}` (FILTER and `where:` as a
step's), `{add: [E, …]}`, `{sub: [E, E]}`, `{times: [E, …]}`, `{div: [E, E]}` (whole, toward 0;
by 0 gives 0), `{if: E, at_least: N, then: E, else: E}`. Nothing in it runs code; an expression
is at most MAX_NODES deep and wide, and every problem is a located DECLARE-* diagnostic.
"""
from __future__ import annotations

import itertools
from collections import defaultdict
from pathlib import Path
from typing import Any

from ...records import field, record
from ...diagnostics import InputError, Loc, Report, one_of, plural
from ...load.schema import INVALID, Bool, Int, ListOf, Localized, Number, Type
from ...load.spec import Item, Spec
from ...load.yamlload import Node, type_name
from .kinds import Broken, Kinds

KEYS = ("zones", "complete", "score", "tie_break", "winner", "team")
FORMS = ("each", "sets", "table", "points", "most", "fewest")  # a step scores by exactly one
STEP_KEYS = ("label", "kind", "where", "zone", "players", "variant", "groups", "best", "rest", "wild", "ties",
             *FORMS)
TIES = ("split", "shared", "none")
RESTS = ("subtract", "ignore")
OPERATORS = {"add": (1, 99), "sub": (2, 2), "times": (1, 99), "div": (2, 2)}  # name -> (fewest, most) operands
MEASURES = ("count", "sum", "max", "min")
MAX_NODES = 200  # the nodes of one expression
MAX_STEPS = 99
MAX_POINTS = 10 ** 6  # any number written in a scoring
MAX_WILD_TRIES = 10_000  # the ways wild cards may join groups, tried for the best
WINNERS = ("most", "fewest")
NUMERIC = (Int, Number, Bool, ListOf, Broken)  # a field arithmetic reads (a broken one is told at its declaration)
DEFAULT_ZONE = "cards"
TEAM = "the team"  # the one "player" of a game played together (team: true)


@record(frozen=True)
class Filter:
    """Which of a player's cards a step (or a count) looks at."""

    kinds: tuple[str, ...] = ()  # () every kind
    where: tuple[tuple[str, tuple], ...] = ()
    zones: tuple[str, ...] = ()  # () every zone

    def keeps(self, card: Item, zone: str) -> bool:
        if self.kinds and card.kind not in self.kinds or self.zones and zone not in self.zones:
            return False
        for name, wanted in self.where:
            v = card.get(name)
            values = v if isinstance(v, list) else [v]
            if not any(_plain(x) in wanted for x in values):
                return False
        return True

    def words(self) -> str:
        parts = [" or ".join(map(_shown, vals)) for _, vals in self.where]
        return " ".join(parts) or " or ".join(self.kinds) or "cards"


@record
class Step:
    """One line of a player's score (`score:`): how it scores, its label, the cards it takes, and
    the player counts and variant it applies to."""

    form: str
    label: dict[str, str]
    filter: Filter
    arg: Any  # each/points/most/fewest: an expression; sets: N; table: the points
    loc: Loc
    points: Any = None  # sets: P; most/fewest: the places' points
    ties: Any = "split"
    groups: str | None = None
    best: int | None = None
    rest: str = "subtract"
    wild: Filter | None = None  # cards that join whichever group scores the player most (jokers)
    players: tuple[int, ...] = ()
    variant: str | None = None

    def applies(self, players: int, variant: str | None) -> bool:
        if self.players and players not in self.players:
            return False
        return self.variant is None or self.variant == (variant or "default")


@record
class Scoring:
    """A declared game's end-of-game scoring, as read from `scoring:`: its zones, the steps of a
    player's score, the tie-breaks and who wins."""

    zones: dict[str, tuple[str, ...]]  # zone -> the kinds it takes
    steps: list[Step]
    tie_breaks: list[tuple[str, Any, str]] = field(default_factory=list)  # (most|fewest, expression, words)
    complete: tuple[str, ...] = ()
    loc: Loc | None = None
    winner: str = "most"  # the most points wins, or the fewest (6 nimmt!)
    team: bool = False  # played together (Hanabi): one score for the team, no winner


def _plain(v: Any) -> Any:
    return v.get("en") if isinstance(v, dict) else v


def _shown(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


# -- reading the declaration -----------------------------------------------------------------------

class _Reader:
    def __init__(self, kinds: Kinds, fronts: list[str], players: list[int], variants: list[str], report: Report):
        self.kinds, self.fronts, self.players, self.variants, self.report = kinds, fronts, players, variants, report
        self.nodes = 0
        self.zones: dict[str, tuple[str, ...]] = {}

    def error(self, loc: Loc, code: str, text: str) -> None:
        self.report.error(loc, code, text)

    def scoring(self, node: Node) -> Scoring | None:
        if not node.is_map:
            self.error(node.loc, "DECLARE-TYPE", f"'scoring' is {type_name(node)}, expected a mapping with "
                                                 f"{one_of(KEYS)}")
            return None
        ok = self._known(node, KEYS, "'scoring'")
        zones = self._zones(node.get("zones"))
        steps_node = node.get("score")
        if steps_node is None:
            self.error(node.loc, "DECLARE-MISSING", "'scoring' has no 'score': the list of what scores, such as "
                                                    "- { label: Gems, each: gems }")
            return None
        if zones is None or not ok:
            return None
        self.zones = zones
        scoring = Scoring(zones, [], loc=node.loc)
        if not steps_node.is_seq or not steps_node.value or len(steps_node.value) > MAX_STEPS:
            self.error(steps_node.loc, "DECLARE-TYPE", f"'score' of 'scoring' is {type_name(steps_node)}, expected a "
                                                       f"list of 1 to {MAX_STEPS} steps")
            return None
        steps = [self._step(s, i + 1, zones) for i, s in enumerate(steps_node.value)]
        breaks = self._tie_breaks(node.get("tie_break"), zones)
        complete = self._complete(node.get("complete"))
        if None in steps or breaks is None or complete is None:
            return None
        scoring.steps, scoring.tie_breaks, scoring.complete = steps, breaks, complete  # type: ignore[assignment]
        w = node.get("winner")
        if w is not None:
            if w.kind != "scalar" or w.value not in WINNERS:
                self.error(w.loc, "DECLARE-SCORE", f"'winner' of 'scoring' is {_quoted(w)}, expected most (the most "
                                                   "points win, the default) or fewest")
                return None
            scoring.winner = w.value
        t = node.get("team")
        if t is not None:
            if t.kind != "scalar" or not isinstance(t.value, bool):
                self.error(t.loc, "DECLARE-TYPE", f"'team' of 'scoring' is {_quoted(t)}, expected true (the players "
                                                  "play together and score as one) or false")
                return None
            if t.value and ("winner" in node.value or "tie_break" in node.value or any(
                    st.form in ("most", "fewest") for st in scoring.steps)):
                self.error(t.loc, "DECLARE-SCORE", "a game played together ('team: true') has one score: no "
                                                   "'winner', 'tie_break', 'most' or 'fewest'")
                return None
            scoring.team = t.value
        return scoring

    def _known(self, node: Node, keys: tuple[str, ...], what: str) -> bool:
        bad = [k for k in node.value if k not in keys]
        for k in bad:
            self.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}; accepted keys: {one_of(keys)}")
        return not bad

    def _kind_list(self, node: Node, what: str) -> tuple[str, ...] | None:
        items = node.value if node.is_seq else [node]
        out = []
        for item in items:
            if item.kind != "scalar" or item.value not in self.fronts:
                self.error(item.loc, "DECLARE-KIND", f"{what}: '{item.plain()}' is not a declared kind of card; "
                                                     f"kinds: {one_of(self.fronts)}")
                return None
            out.append(item.value)
        return tuple(out)

    def _zones(self, node: Node | None) -> dict[str, tuple[str, ...]] | None:
        if node is None:
            return {DEFAULT_ZONE: tuple(self.fronts)}
        if node.is_seq and node.value:
            names = [(z, None) for z in node.value]
        elif node.is_map and node.value:
            names = [(Node("scalar", node.key_loc(k), k), v) for k, v in node.value.items()]
        else:
            self.error(node.loc, "DECLARE-TYPE", "'zones' of 'scoring' is a list of the places a player's cards lie "
                                                 "in at the end, such as [hand, table], or a mapping of each to its kinds")
            return None
        out: dict[str, tuple[str, ...]] = {}
        for name, kinds in names:
            if name.kind != "scalar" or not isinstance(name.value, str) or not name.value.isidentifier() \
                    or name.value in out or len(name.value) > 40:
                self.error(name.loc, "DECLARE-ZONE", f"a zone is named by a word of letters, digits and _, each once; "
                                                     f"'{name.plain()}' is not")
                return None
            k = self._kind_list(kinds, f"the kinds of zone '{name.value}'") if kinds is not None else tuple(self.fronts)
            if k is None:
                return None
            out[name.value] = k
        return out

    def _complete(self, node: Node | None) -> tuple[str, ...] | None:
        if node is None:
            return ()
        return self._kind_list(node, "'complete' of 'scoring'")

    def _filter(self, node: Node, zones: dict[str, tuple[str, ...]], what: str, zone_ok: bool = True) -> Filter | None:
        kinds: tuple[str, ...] = ()
        if "kind" in node.value:
            got = self._kind_list(node.value["kind"], f"'kind' of {what}")
            if got is None:
                return None
            kinds = got
        scope = kinds or tuple(self.fronts)
        where = self._where(node.get("where"), scope, what)
        zs: tuple[str, ...] = ()
        if zone_ok and "zone" in node.value:
            z = node.value["zone"]
            items = z.value if z.is_seq else [z]
            for item in items:
                if item.kind != "scalar" or item.value not in zones:
                    self.error(item.loc, "DECLARE-ZONE", f"'zone' of {what}: '{item.plain()}' is not a zone of the "
                                                         f"scoring; zones: {one_of(zones)}")
                    return None
            zs = tuple(item.value for item in items)
        return None if where is None else Filter(kinds, where, zs)

    def _where(self, node: Node | None, scope: tuple[str, ...], what: str) -> tuple | None:
        if node is None:
            return ()
        if not node.is_map:
            self.error(node.loc, "DECLARE-TYPE", f"'where' of {what} is {type_name(node)}, expected a mapping of "
                                                 "fields to a value or a list of values")
            return None
        out = []
        for name, value in node.value.items():
            t = self._field_type(name, scope, node.key_loc(name), f"'where' of {what}")
            if t is None:
                return None
            items = value.value if value.is_seq else [value]
            read = [(t.item if isinstance(t, ListOf) else t).read(v, self.report, f"'{name}' in 'where' of {what}")
                    for v in items]
            if INVALID in read or not read:
                return None
            out.append((name, tuple(_plain(v) for v in read)))
        return tuple(out)

    def _field_type(self, name: Any, scope: tuple[str, ...], loc: Loc, what: str):
        for kind in scope:
            t = self.kinds.type_of(kind, name)
            if t is not None:
                return t
        fields = sorted({f.name for k in scope for f in self.kinds.fields[k]})
        self.error(loc, "DECLARE-FIELD", f"{what}: '{name}' is not a field of {' or '.join(scope)}; fields: "
                                         f"{one_of(fields) or 'none'}")
        return None

    def _step(self, node: Node, n: int, zones: dict[str, tuple[str, ...]]) -> Step | None:
        what = f"step {n} of 'score'"
        if not node.is_map:
            self.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping such as "
                                                 "{ label: Gems, each: gems }")
            return None
        if not self._known(node, STEP_KEYS, what):
            return None
        forms = [f for f in FORMS if f in node.value]
        if "points" in forms and any(f in forms for f in ("sets", "most", "fewest")):
            forms.remove("points")  # there it is the points of a set or of each place
        if len(forms) != 1:
            self.error(node.loc, "DECLARE-SCORE", f"{what} scores by exactly one of {one_of(FORMS)}; it has "
                                                  f"{one_of(forms) if forms else 'none'}")
            return None
        form = forms[0]
        label = self._label(node, what)
        flt = self._filter(node, zones, what)
        if flt is None or label is INVALID:
            return None
        scope = flt.kinds or tuple(self.fronts)
        step = Step(form, label or {"en": flt.words()}, flt, None, node.loc)
        body = node.value[form]
        if form == "each":
            step.arg = self._expr(body, scope, what, per_card=True)
        elif form == "points":
            step.arg = self._expr(body, scope, what)
        elif form == "table":
            step.arg = self._numbers(body, f"'table' of {what}", count=None)
        else:
            if form == "sets":
                step.arg = self._whole(body, f"'sets' of {what}", 1, 99)
            else:
                step.arg = self._expr(body, scope, what)
            if "points" not in node.value:
                self.error(node.loc, "DECLARE-MISSING", f"{what} has '{form}' but no 'points'"
                                                        + (": the points of a set" if form == "sets" else
                                                           ": the points of each place, such as [6, 3]"))
                return None
        if form in ("sets", "most", "fewest"):
            p = node.value["points"]
            step.points = self._number(p, f"'points' of {what}") if form == "sets" else \
                self._numbers(p, f"'points' of {what}", count=None)
        if form in ("most", "fewest"):
            step.ties = self._ties(node.get("ties"), what)
        elif "ties" in node.value:
            self.error(node.key_loc("ties"), "DECLARE-KEY", f"{what}: 'ties' goes with 'most' or 'fewest'")
            return None
        if None in (step.arg, step.points if form in ("sets", "most", "fewest") else 0, step.ties):
            return None
        if not self._grouping(node, step, scope, what):
            return None
        if not self._limits(node, step, what):
            return None
        return step

    def _label(self, node: Node, what: str):
        if "label" not in node.value:
            return None
        return Localized(60).read(node.value["label"], self.report, f"'label' of {what}")

    def _grouping(self, node: Node, step: Step, scope: tuple[str, ...], what: str) -> bool:
        g = node.get("groups")
        if g is not None:
            if g.kind != "scalar" or self._field_type(g.value, scope, g.loc, f"'groups' of {what}") is None:
                return False
            step.groups = g.value
        for key in ("best", "rest", "wild"):
            if key in node.value and step.groups is None:
                self.error(node.key_loc(key), "DECLARE-KEY", f"{what}: '{key}' goes with 'groups'")
                return False
        if step.groups and step.form in ("most", "fewest") and ("best" in node.value or "rest" in node.value):
            self.error(node.loc, "DECLARE-KEY", f"{what}: 'best' and 'rest' go with groups scored by each, sets, "
                                                "table or points")
            return False
        if "wild" in node.value:
            w = node.value["wild"]
            if step.form in ("most", "fewest") or not w.is_map:
                self.error(w.loc, "DECLARE-SCORE", f"'wild' of {what} is a filter of the cards that join the group "
                                                   "scoring most, such as { kind: joker }, on groups scored by each, "
                                                   "sets, table or points")
                return False
            if not self._known(w, ("kind", "where"), f"'wild' of {what}"):
                return False
            step.wild = self._filter(w, {}, f"'wild' of {what}", zone_ok=False)
            if step.wild is None:
                return False
        if "best" in node.value:
            step.best = self._whole(node.value["best"], f"'best' of {what}", 1, 99)
            if step.best is None:
                return False
        if "rest" in node.value:
            r = node.value["rest"]
            if r.kind != "scalar" or r.value not in RESTS:
                self.error(r.loc, "DECLARE-SCORE", f"'rest' of {what} is '{r.plain()}', expected {one_of(RESTS)}")
                return False
            step.rest = r.value
        return True

    def _limits(self, node: Node, step: Step, what: str) -> bool:
        p = node.get("players")
        if p is not None:
            items = p.value if p.is_seq else [p]
            got = [self._whole(i, f"'players' of {what}", 1, 99) for i in items]
            if None in got:
                return False
            wrong = [x for x in got if x not in self.players]
            if wrong:
                self.error(p.loc, "DECLARE-PLAYERS", f"'players' of {what}: the game is for {one_of(self.players)} "
                                                     f"players, not {one_of(wrong)}")
                return False
            step.players = tuple(got)  # type: ignore[arg-type]
        v = node.get("variant")
        if v is not None:
            allowed = ["default", *self.variants]
            if v.kind != "scalar" or v.value not in allowed:
                self.error(v.loc, "DECLARE-VARIANT", f"'variant' of {what} is '{v.plain()}', expected "
                                                     f"{one_of(allowed)}")
                return False
            step.variant = v.value
        return True

    def _ties(self, node: Node | None, what: str):
        if node is None:
            return "split"
        if node.is_seq:
            return self._numbers(node, f"'ties' of {what}", count=None)
        if node.kind == "scalar" and node.value in TIES:
            return node.value
        self.error(node.loc, "DECLARE-SCORE", f"'ties' of {what} is {_quoted(node)}, expected {one_of(TIES)} or a "
                                              "list of the points each tied player scores, place by place")
        return None

    def _tie_breaks(self, node: Node | None, zones) -> list | None:
        if node is None:
            return []
        if not node.is_seq:
            self.error(node.loc, "DECLARE-TYPE", "'tie_break' of 'scoring' is a list such as "
                                                 "[ { most: { count: {} } } ]")
            return None
        out = []
        for i, item in enumerate(node.value):
            what = f"tie-break {i + 1}"
            keys = [k for k in ("most", "fewest") if item.is_map and k in item.value]
            if not item.is_map or len(keys) != 1 or len(item.value) != 1:
                self.error(item.loc, "DECLARE-SCORE", f"{what} is one of  most: EXPR  or  fewest: EXPR, such as "
                                                      "{ fewest: { count: {} } }")
                return None
            e = self._expr(item.value[keys[0]], tuple(self.fronts), what)
            if e is None:
                return None
            out.append((keys[0], e, _describe(e)))
        return out

    # expressions: ("n", int) | ("field", name) | (measure, name_or_None, Filter) | (op, [exprs]) | ("if", ...)
    def _expr(self, node: Node, scope: tuple[str, ...], what: str, per_card: bool = False):
        self.nodes += 1
        if self.nodes > MAX_NODES * MAX_STEPS:
            self.error(node.loc, "DECLARE-RANGE", f"{what}: the scoring's expressions are too large")
            return None
        if node.kind == "scalar" and isinstance(node.value, int) and not isinstance(node.value, bool):
            n = self._number(node, what)
            return None if n is None else ("n", n)
        if node.kind == "scalar" and isinstance(node.value, str):
            if not per_card:
                self.error(node.loc, "DECLARE-SCORE", f"{what}: '{node.value}' stands alone, which only a card's own "
                                                      f"value can (in 'each'); on many cards say  {{sum: {node.value}}}"
                                                      f"  or  {{count: {{}}}}")
                return None
            t = self._field_type(node.value, scope, node.loc, what)
            if t is None:
                return None
            if not isinstance(t, NUMERIC):
                self.error(node.loc, "DECLARE-FIELD", f"{what}: field '{node.value}' is {t.describe()}, not a number, "
                                                      "a list (its length) or a bool")
                return None
            return ("field", node.value)
        if not node.is_map or len(node.value) < 1:
            self.error(node.loc, "DECLARE-SCORE", f"{what}: {_quoted(node)} is not a number, a field or "
                                                  f"an expression ({one_of(MEASURES + tuple(OPERATORS) + ('if',))})")
            return None
        ops = [k for k in node.value if k in MEASURES or k in OPERATORS or k == "if"]
        if len(ops) != 1:
            self.error(node.loc, "DECLARE-SCORE", f"{what}: an expression has one of "
                                                  f"{one_of(MEASURES + tuple(OPERATORS) + ('if',))}; this has "
                                                  f"{one_of(ops) if ops else 'none'}")
            return None
        op = ops[0]
        if op in OPERATORS:
            if not self._known(node, (op,), f"'{op}' of {what}"):
                return None
            args = node.value[op]
            lo, hi = OPERATORS[op]
            if not args.is_seq or not lo <= len(args.value) <= hi:
                count = f"{lo}" if lo == hi else f"{lo} to {hi}"
                self.error(args.loc, "DECLARE-SCORE", f"'{op}' of {what} takes a list of {count} expressions")
                return None
            got = [self._expr(a, scope, what, per_card) for a in args.value]
            return None if None in got else (op, got)
        if op == "if":
            return self._if(node, scope, what, per_card)
        return self._measure(node, op, scope, what)

    def _if(self, node: Node, scope, what: str, per_card: bool):
        keys = ("if", "at_least", "then", "else")
        if not self._known(node, keys, f"'if' of {what}"):
            return None
        for k in ("at_least", "then"):
            if k not in node.value:
                self.error(node.loc, "DECLARE-MISSING", f"'if' of {what} needs 'at_least' and 'then', such as "
                                                        "{ if: { count: {} }, at_least: 8, then: 20 }")
                return None
        cond = self._expr(node.value["if"], scope, what, per_card)
        least = self._number(node.value["at_least"], f"'at_least' of {what}")
        then = self._expr(node.value["then"], scope, what, per_card)
        other = self._expr(node.value["else"], scope, what, per_card) if "else" in node.value else ("n", 0)
        return None if None in (cond, least, then, other) else ("if", cond, least, then, other)

    def _measure(self, node: Node, op: str, scope, what: str):
        if op == "count":
            if not self._known(node, ("count",), f"'count' of {what}"):
                return None
            f = node.value["count"]
            if f.kind == "scalar" and f.value is None:
                return ("count", None, Filter())
            if not f.is_map:
                self.error(f.loc, "DECLARE-TYPE", f"'count' of {what} is a filter: {{}} for every card, or "
                                                  "{ kind: K, where: { FIELD: VALUE } }")
                return None
            if not self._known(f, ("kind", "where", "zone"), f"'count' of {what}"):
                return None
            flt = self._filter(f, self.zones, f"'count' of {what}")
            return None if flt is None else ("count", None, flt)
        if not self._known(node, (op, "kind", "where", "zone"), f"'{op}' of {what}"):
            return None
        name = node.value[op]
        flt = self._filter(node, self.zones, f"'{op}' of {what}")
        if flt is None:
            return None
        t = self._field_type(name.value if name.kind == "scalar" else name.plain(), flt.kinds or scope, name.loc,
                             f"'{op}' of {what}")
        if t is None:
            return None
        if not isinstance(t, NUMERIC):
            self.error(name.loc, "DECLARE-FIELD", f"'{op}' of {what}: field '{name.value}' is {t.describe()}, not a "
                                                  "number, a list (its length) or a bool")
            return None
        return (op, name.value, flt)

    def _number(self, node: Node, what: str) -> int | None:
        if node.kind != "scalar" or not isinstance(node.value, int) or isinstance(node.value, bool) \
                or abs(node.value) > MAX_POINTS:
            self.error(node.loc, "DECLARE-TYPE", f"{what} is {_quoted(node)}, expected a whole number from "
                                                 f"{-MAX_POINTS} to {MAX_POINTS}")
            return None
        return node.value

    def _whole(self, node: Node, what: str, lo: int, hi: int) -> int | None:
        n = Int(lo, hi).read(node, self.report, what)
        return None if n is INVALID else n

    def _numbers(self, node: Node, what: str, count: int | None) -> list[int] | None:
        if not node.is_seq or not node.value or len(node.value) > 99:
            self.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a list of 1 to 99 whole "
                                                 "numbers, such as [6, 3]")
            return None
        got = [self._number(n, what) for n in node.value]
        return None if None in got else got  # type: ignore[return-value]


def _quoted(node: Node) -> str:
    v = node.plain()
    return f"'{v}'" if node.kind == "scalar" else type_name(node)


def _describe(e) -> str:
    """An expression in words, for a tie-break's line."""
    op = e[0]
    if op == "n":
        return str(e[1])
    if op == "field":
        return e[1]
    if op == "count":
        return e[2].words() if (e[2].kinds or e[2].where) else "cards"
    if op in MEASURES:
        return f"{op} of {e[1]}" if op != "sum" else e[1]
    return "points"


def read_scoring(node: Node | None, kinds: Kinds, fronts: list[str], players: list[int], variants: list[str],
                 report: Report) -> Scoring | None:
    """The spec's `scoring:` (None when it has none or it cannot be read; every problem reported)."""
    if node is None:
        return None
    return _Reader(kinds, fronts, players, variants, report).scoring(node)


# -- scoring a finished game ------------------------------------------------------------------------

def _value(card: Item, name: str) -> int:
    v = card.get(name)
    if isinstance(v, list):
        return len(v)
    if isinstance(v, bool):
        return int(v)
    return v if isinstance(v, (int, float)) else 0


def evaluate(e, cards: list[tuple[Item, str]], card: tuple[Item, str] | None = None) -> int:
    """An expression's value on a set of (card, zone) pairs, or on one card (`each`)."""
    op = e[0]
    if op == "n":
        return e[1]
    if op == "field":
        return _value(card[0], e[1]) if card is not None else sum(_value(c, e[1]) for c, _ in cards)
    if op in MEASURES:
        _, name, flt = e
        kept = [c for c, z in (cards if card is None else [card]) if flt.keeps(c, z)]
        if op == "count":
            return len(kept)
        values = [_value(c, name) for c in kept if c.get(name) is not None]
        if op == "sum":
            return int(sum(values))
        return int((max if op == "max" else min)(values)) if values else 0
    if op == "if":
        _, cond, least, then, other = e
        return evaluate(then if evaluate(cond, cards, card) >= least else other, cards, card)
    args = [evaluate(a, cards, card) for a in e[1]]
    if op == "add":
        return sum(args)
    if op == "sub":
        return args[0] - args[1]
    if op == "times":
        out = 1
        for a in args:
            out *= a
            if abs(out) > MAX_POINTS ** 3:  # a bound on the work of big numbers: no real score is this
                return out
        return out
    return 0 if args[1] == 0 else int(args[0] / args[1])


def _scored(step: Step, cards: list[tuple[Item, str]]) -> int:
    """One step's points on a set of cards (the player's, or one group of them): each, sets, table
    or points."""
    if step.form == "each":
        return sum(evaluate(step.arg, cards, cz) for cz in cards)
    if step.form == "sets":
        return len(cards) // step.arg * step.points
    if step.form == "table":
        return step.arg[min(len(cards), len(step.arg)) - 1] if cards else 0
    return evaluate(step.arg, cards)


def _groups(step: Step, cards: list[tuple[Item, str]], order: list[Any]) -> dict[Any, list[tuple[Item, str]]]:
    out: dict[Any, list[tuple[Item, str]]] = defaultdict(list)
    for c, z in cards:
        v = c.get(step.groups)
        for x in (v if isinstance(v, list) else [v] if v is not None else []):
            out[_plain(x)].append((c, z))
    rank = {v: i for i, v in enumerate(order)}
    return dict(sorted(out.items(), key=lambda kv: (rank.get(kv[0], len(rank)), str(kv[0]))))


def award(measures: dict[str, int], places: list[int], ties: Any, most: bool) -> dict[str, tuple[int, int, int]]:
    """Each placed player's (points, place from 1, how many share it): the most (or fewest) of a
    measure, place by place; `most` places only a measure above 0."""
    eligible = {p: m for p, m in measures.items() if m > 0 or not most}
    out: dict[str, tuple[int, int, int]] = {}
    place = 0
    for value in sorted(set(eligible.values()), reverse=most):
        if place >= len(places):
            break
        group = [p for p, m in eligible.items() if m == value]
        if len(group) == 1:
            points = places[place]
        elif ties == "split":
            points = int(places[place] / len(group))
        elif ties == "shared":
            points = places[place]
        elif ties == "none":
            points = 0
        else:
            points = ties[place] if place < len(ties) else 0
        for p in group:
            out[p] = (points, place + 1, len(group))
        place += len(group)
    return out


@record
class Played:
    """A finished game read from its file: each player's cards, zone by zone."""

    players: dict[str, dict[str, list[Item]]]
    variant: str | None = None

    def cards(self, player: str) -> list[tuple[Item, str]]:
        return [(c, z) for z, items in self.players[player].items() for c in items]


def _place_words(place: int, shared: int, word: str) -> str:
    """'most', 'second fewest, tied with 1 other': a player's place in a majority."""
    nth = {1: "", 2: "second ", 3: "third "}.get(place, f"{place}th ")
    return nth + word + (f", tied with {plural(shared - 1, 'other')}" if shared > 1 else "")


def score_played(scoring: Scoring, kinds: Kinds, played: Played) -> dict[str, Any]:
    """Every player's lines and total, the tie-breaks and the winner, as JSON-ready data."""
    names = list(played.players)
    held = {p: played.cards(p) for p in names}
    rows: dict[str, list[dict[str, Any]]] = {p: [] for p in names}  # a line: label, points, step (from 1), …
    for n, step in enumerate(scoring.steps, 1):
        if not step.applies(len(names), played.variant):
            continue
        label = step.label["en"]
        mine = {p: [(c, z) for c, z in held[p] if step.filter.keeps(c, z)] for p in names}
        if step.form in ("most", "fewest"):
            _compare(n, step, label, mine, rows, kinds)
            continue
        for p in names:
            if step.groups is None:
                if mine[p] or step.form == "points":
                    rows[p].append({"label": _detail(step, label, mine[p]), "points": _scored(step, mine[p]),
                                    "step": n})
                continue
            rows[p] += [{"label": lab, "points": pts, "step": n, "group": g}
                        for lab, pts, g in _grouped(step, label, mine[p], kinds)]
    totals = {p: sum(r["points"] for r in rows[p]) for p in names}
    breaks = {p: [evaluate(e, held[p]) for _, e, _ in scoring.tie_breaks] for p in names}
    return {**_winner(scoring, totals, breaks), "players": {
        p: {"total": totals[p], "lines": rows[p],
            "tie_break": breaks[p], "cards": {z: [c.id for c in items] for z, items in played.players[p].items()}}
        for p in names}}


def _winner(scoring: Scoring, totals: dict[str, int], breaks: dict[str, list[int]]) -> dict[str, Any]:
    """The winner by points (the most, or with `winner: fewest` the fewest), then each tie-break in
    turn; None and the players still tied when they stay level; and what decided it."""
    names = list(totals)
    sign = 1 if scoring.winner == "most" else -1
    key = {p: (sign * totals[p], *[(v if how == "most" else -v) for (how, _, _), v in zip(scoring.tie_breaks, breaks[p])])
           for p in names}
    best = max(key.values())
    leaders = [p for p in names if key[p] == best]
    winner = leaders[0] if len(leaders) == 1 else None
    decided = ""
    if winner and sum(1 for p in names if totals[p] == totals[winner]) > 1:
        for i, (how, _, words) in enumerate(scoring.tie_breaks):
            if sum(1 for p in names if key[p][:i + 2] == key[winner][:i + 2]) == 1:
                decided = f"tied on points; the {how} {words} wins"
                break
    return {"winner": winner, "tied": [] if winner else leaders, "decided_by": decided}


def _grouped(step: Step, label: str, cards: list[tuple[Item, str]], kinds: Kinds) -> list[tuple[str, int, Any]]:
    """A step scored group by group (`groups:`), its wild cards placed where they score most, its
    `best` groups counted and the rest taken away or left out."""
    order = _order(kinds, step.groups)
    wild = [cz for cz in cards if step.wild is not None and step.wild.keeps(*cz)]
    plain = [cz for cz in cards if not (step.wild is not None and step.wild.keeps(*cz))]
    base = _groups(step, plain, order)
    targets = order or list(base)
    best_rows, best_total, tries = None, None, 0
    for placing in itertools.product(targets, repeat=len(wild)) if wild and targets else [()]:
        tries += 1
        if tries > MAX_WILD_TRIES:
            break
        groups = {v: list(cs) for v, cs in base.items()}
        for cz, v in zip(wild, placing):
            groups.setdefault(v, []).append(cz)
        groups = dict(sorted(groups.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
        rows = _group_rows(step, label, groups, kinds)
        total = sum(r[1] for r in rows)
        if best_total is None or total > best_total:
            best_rows, best_total = rows, total
    return best_rows or []


def _group_rows(step: Step, label: str, groups: dict[Any, list], kinds: Kinds) -> list[tuple[str, int, Any]]:
    scored = [(v, _scored(step, cs), cs) for v, cs in groups.items()]
    ranked = sorted(range(len(scored)), key=lambda i: -scored[i][1])
    best = set(ranked[:step.best]) if step.best is not None else set(range(len(scored)))
    out = []
    for i, (v, pts, cs) in enumerate(scored):
        title = f"{label}: {_value_name(kinds, step.groups, v)}"
        wild = sum(1 for cz in cs if step.wild is not None and step.wild.keeps(*cz))
        shown = _detail(step, title, cs) + (f" with {plural(wild, 'wild card')}" if wild else "")
        if i in best:
            out.append((shown, pts, v))
        elif step.rest == "subtract":
            out.append((f"{shown}, not among the best {step.best}", -pts, v))
    return out


def _compare(n: int, step: Step, label: str, mine: dict[str, list], rows: dict[str, list], kinds: Kinds) -> None:
    most = step.form == "most"
    word = "most" if most else "fewest"
    if step.groups is None:
        sets = {None: mine}
    else:
        sets = defaultdict(lambda: {p: [] for p in mine})
        for p, cs in mine.items():
            for v, g in _groups(step, cs, _order(kinds, step.groups)).items():
                sets[v][p] = g
        sets = dict(sorted(sets.items(), key=lambda kv: _order(kinds, step.groups).index(kv[0])
                           if kv[0] in _order(kinds, step.groups) else 99))
    for v, per_player in sets.items():
        measures = {p: evaluate(step.arg, cs) for p, cs in per_player.items()}
        title = label if v is None else f"{label}: {_value_name(kinds, step.groups, v)}"
        for p, (pts, place, shared) in award(measures, step.points, step.ties, most).items():
            if pts or shared > 1 or place == 1:
                rows[p].append({"label": f"{title} ({measures[p]}, {_place_words(place, shared, word)})",
                                "points": pts, "step": n, **({} if v is None else {"group": v}),
                                "place": place, "shared": shared})


def _detail(step: Step, label: str, cards: list) -> str:
    n = len(cards)
    if step.form == "sets":
        return f"{label} ({plural(n // step.arg, 'set')} of {step.arg})"
    return f"{label} ({plural(n, 'card')})" if n else label


def _order(kinds: Kinds, field_name: str) -> list[Any]:
    for fields in kinds.fields.values():
        for f in fields:
            if f.name == field_name:
                t = f.type.item if isinstance(f.type, ListOf) else f.type
                options = getattr(t, "options", None)
                return list(options()) if callable(options) else []
    return []


def _value_name(kinds: Kinds, field_name: str, value: Any) -> str:
    attrs = kinds.choices.get(field_name, {}).get(value, {})
    name = attrs.get("name") if isinstance(attrs, dict) else None
    return _plain(name) if name else _shown(value)


# -- the game file ---------------------------------------------------------------------------------

def read_played(scoring: Scoring, game, spec: Spec, path: Path, display: str, report: Report) -> Played | None:
    """The finished game in `path`: players, each with their cards in the scoring's zones (or, with
    one zone, a plain list) — or, for a game played together (`team: true`), the team's cards
    under `team:`. Every problem is a located SCORE-* error in `report`."""
    from ..gamefile import Cards, open_file, open_players
    from ...load.schema import Field, Raw

    cards = Cards(spec, report, gamedef=game)
    if scoring.team:
        opened = open_file(path, display, spec, [Field("team", _Any())], report, game=game)
        if opened is None or opened[0]["team"] is INVALID:
            return None
        v, _ = opened
        where, out = v["team"], {TEAM: _zones_of(v["team"], "the team", scoring.zones, cards, report)}
    else:
        got = open_players(path, display, spec, [Field("players", Raw("map"))], report, game=game)
        if got is None:
            return None
        v, names = got
        where = v["players"]
        out = {name: _zones_of(where.value[name], f"{name}", scoring.zones, cards, report) for name in names}
    if report.errors:
        return None
    for kind in scoring.complete:
        deck = sum(c.count for c in spec.components if c.kind == kind)
        have = sum(1 for p in out.values() for items in (p or {}).values() for c in items if c.kind == kind)
        if have < deck:
            report.error(where.loc, "SCORE-UNFINISHED",
                         f"the game is not finished: the players hold {have} of the {deck} {kind} cards, and it "
                         f"ends when every {kind} card is held")
    variant = v.get("variant") if isinstance(v, dict) else None
    return None if report.errors else Played(out, variant)  # type: ignore[arg-type]


class _Any(Type):
    """The team's cards: a mapping of zones, or with one zone a list."""

    def describe(self) -> str:
        return "a mapping of zones to lists of cards, or a list of cards"

    def read(self, node, report, what):
        return node


def _zones_of(node: Node, name: str, zones: dict[str, tuple[str, ...]], cards, report: Report
              ) -> dict[str, list[Item]] | None:
    """One player's (or the team's) cards, zone by zone; None after a located error for a shape
    that is neither a list (with one zone) nor a mapping of zones."""
    mine: dict[str, list[Item]] = {z: [] for z in zones}
    if node.is_seq and len(zones) == 1:
        (z,), = [tuple(zones)]
        mine[z] = [c for c, _ in cards.many(node, zones[z], f"{name}'s cards", _card_words(zones[z]))]
    elif node.is_map:
        for key, body in node.value.items():
            if key not in zones:
                report.error(node.key_loc(key), "SCORE-ZONE", f"'{key}' is not a zone of the game's scoring; "
                                                              f"{name}'s cards lie in {one_of(zones)}")
                continue
            if body.kind == "scalar" and body.value is None:
                continue
            mine[key] = [c for c, _ in cards.many(body, zones[key], f"{name}'s {key}", _card_words(zones[key]))]
    elif not (node.kind == "scalar" and node.value is None):
        shape = "a list of cards" if len(zones) == 1 else f"a mapping of {one_of(zones)} to lists of cards"
        report.error(node.loc, "SPEC-TYPE", f"{name}'s cards are {type_name(node)}, expected {shape}")
        return None
    return mine


def _card_words(kinds: tuple[str, ...]) -> str:
    return "a card of " + " or ".join(f"kind {k}" for k in kinds)


def score(scoring: Scoring, game, spec: Spec, path: Path, display: str):
    """`pnp score GAME FILE` for a declared game: the players' points line by line and the winner."""
    from ..gamefile import score_lines
    from ..base import SetupResult

    report = Report()
    played = read_played(scoring, game, spec, path, display, report)
    if played is None:
        raise InputError(report)
    kinds = game.declared.kinds
    data = score_played(scoring, kinds, played)
    players = {p: (r["total"], [(line["label"], line["points"]) for line in r["lines"]])
               for p, r in data["players"].items()}
    head = {"game": game.id, **({"variant": played.variant} if played.variant else {})}
    if scoring.team:
        team = data["players"][TEAM]
        title = game.title + (f" ({played.variant} variant)" if played.variant else "")
        rows = [(line["label"], line["points"]) for line in team["lines"]]
        width = max((len(label) for label, _ in rows), default=0)
        lines = [f"{title}: the team's score", "", f"The team: {team['total']} points",
                 *[f"  {label:<{width}}  {pts:>3}" for label, pts in rows]]
        return SetupResult({**head, "team": {k: team[k] for k in ("total", "lines", "cards")}}, lines)
    lines = score_lines(spec, players, data["winner"], data["tied"], data["decided_by"], played.variant,
                        game)
    return SetupResult({**head, **data}, lines)
