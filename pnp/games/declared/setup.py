"""A declared game's setup: read from its spec's `setup:`, run for a player count and a seed.

Takes the `setup:` node; returns `Step`s that `deal` carries out in order on the components'
copies, each step limited, where it says so, to some player counts (`players: [2]`) or to one
variant (`variant: short`):

    shuffle: [KIND, …]          those kinds' cards into the deck, shuffled
    remove: {where: {…}}        matching cards out of the game (set aside, open)
    deal: N | {2: 8, 3: 7}      N cards from the deck to every player, hidden from the others
    give: [ID, …] | {kind: K, one_each: FIELD}   to every player, open: those components, or one
                                card of kind K for every value of FIELD
    display: N, distinct: F     N cards face up on the table (with distinct: all different in F)
    piles: [4, 3, 3] | {2: […]} face-down piles from the deck, in that order
    pile: NAME                  the rest of the deck, face down

The result is split like every game's setup: `public` (what everyone sees, and the cards of kinds no step shuffles in, left in the box), `private` (each
player's hand) and `hidden` (the order of face-down piles). A step the deck is too small for is a
`SetupError` naming the step (exit 1). `in_play` gives the deck as the remove steps leave it for
a player count, which the deck rules measure.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...diagnostics import Loc, Report, one_of, plural
from ...load.schema import INVALID, Id, Int, ListOf, Text
from ...load.spec import Item, Spec
from ...load.yamlload import Node, type_name
from ..base import SetupError, SetupResult, card_json, seat_name
from .kinds import Broken, Kinds
from .rules import _matches, _where, values_of

STEPS = ("shuffle", "remove", "deal", "give", "display", "piles", "pile")
LIMITS = ("players", "variant")
MAX_DEAL = 999


@dataclass
class Step:
    what: str
    arg: Any
    loc: Loc
    players: list[int] | None = None
    variant: str | None = None
    distinct: str | None = None

    def applies(self, players: int | None, variant: str | None) -> bool:
        return ((self.players is None or players is None or players in self.players)
                and (self.variant is None or self.variant == variant))

    def label(self, n: int) -> str:
        return f"setup step {n} ({self.what}, line {self.loc.line})"


def read_setup(node: Node | None, kinds: Kinds, players: list[int], variants: list[str], report: Report) -> list[Step]:
    if node is None:
        return []
    if not node.is_seq:
        report.error(node.loc, "DECLARE-TYPE", f"'setup' is {type_name(node)}, expected a list of steps, such as "
                                               "- { shuffle: [card] } - { deal: 5 }")
        return []
    steps = []
    for i, child in enumerate(node.value, 1):
        step = _step(child, kinds, players, variants, report, f"setup step {i}")
        if step is not None:
            steps.append(step)
    return steps


def _step(node: Node, kinds: Kinds, players: list[int], variants: list[str], report: Report, what: str) -> Step | None:
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping with one of {one_of(STEPS)}")
        return None
    found = [k for k in node.value if k in STEPS]
    for k in node.value:
        if k not in STEPS and k not in LIMITS and k != "distinct":
            report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}; accepted keys: one of "
                                                         f"{one_of(STEPS)}, and {one_of(LIMITS)}")
            return None
    if len(found) != 1:
        report.error(node.loc, "DECLARE-STEP", f"{what} needs exactly one of {one_of(STEPS)}"
                                               + (f"; it has {one_of(found)}" if found else ""))
        return None
    kind = found[0]
    arg = _READERS[kind](node.value[kind], kinds, players, report, f"'{kind}' of {what}")
    if arg is None:
        return None
    step = Step(kind, arg, node.loc)
    if "players" in node.value:
        step.players = ListOf(Int(min(players), max(players)), 1).read(node.value["players"], report,
                                                                          f"'players' of {what}") or None
        if step.players is INVALID:
            return None
    if "variant" in node.value:
        v = node.value["variant"]
        if v.kind != "scalar" or v.value not in variants:
            report.error(v.loc, "DECLARE-VARIANT", f"'variant' of {what} is '{v.value}', not a variant of the game; "
                                                   f"variants: {one_of(variants) or 'none (declare them under variants:)'}")
            return None
        step.variant = v.value
    if "distinct" in node.value:
        step.distinct = _distinct(node, kind, kinds, report, what)
        if step.distinct is None:
            return None
    return step


def _distinct(node: Node, kind: str, kinds: Kinds, report: Report, what: str) -> str | None:
    d = node.value["distinct"]
    names = sorted({f.name for fields in kinds.fields.values() for f in fields})
    if kind != "display":
        report.error(node.key_loc("distinct"), "DECLARE-KEY", f"'distinct' belongs to a display step, not {what}")
        return None
    if d.kind != "scalar" or d.value not in names:
        report.error(d.loc, "DECLARE-FIELD", f"'distinct' of {what} is '{d.value}', not a field; fields: {one_of(names)}")
        return None
    return d.value


def _kinds_list(node, kinds, players, report, what):
    items = node.value if node.is_seq else [node]
    out = []
    for n in items:
        if n.kind != "scalar" or n.value not in kinds.fields:
            report.error(n.loc, "DECLARE-KIND", f"{what}: '{n.value}' is not a declared kind; kinds: {one_of(kinds.fields)}")
            return None
        out.append(n.value)
    return out


def _by_players(one):
    """A step's number (or list of pile sizes) as `one` reads it, or {player count: that} for
    every player count the game supports: the one reader both forms go through."""
    def read(node, kinds, players, report, what):
        if not node.is_map:
            v = one.read(node, report, what)
            return None if v is INVALID else v
        out = {}
        for key, value in node.value.items():
            if not str(key).isdigit() or int(key) not in players:
                report.error(node.key_loc(key), "DECLARE-RANGE", f"{what}: '{key}' is not a player count of the game; "
                                                                 f"expected {one_of(map(str, players))}")
                return None
            v = one.read(value, report, f"{what} for {key} players")
            if v is INVALID:
                return None
            out[int(key)] = v
        return out
    return read


_per_players = _by_players(Int(0, MAX_DEAL))  # deal: N, display: N
_sizes = _by_players(ListOf(Int(0, MAX_DEAL), 1))  # piles: [4, 3, 3]


def _remove(node, kinds, players, report, what):
    if not node.is_map or "where" not in node.value:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected {{ where: {{ FIELD: VALUE }} }}"
                                               " (and optionally kind: K)")
        return None
    kind_node = node.get("kind")
    chosen = [kind_node.value] if kind_node is not None else list(kinds.fields)
    if kind_node is not None and kind_node.value not in kinds.fields:
        report.error(kind_node.loc, "DECLARE-KIND", f"{what}: '{kind_node.value}' is not a declared kind")
        return None
    fields = set(node.value["where"].value) if node.value["where"].is_map else set()
    usable = [k for k in chosen if fields <= {f.name for f in kinds.fields[k]}]
    if not usable:
        report.error(node.value["where"].loc, "DECLARE-FIELD", f"{what}: no kind has all of the fields "
                                                               f"{one_of(sorted(fields))}")
        return None
    where = _where(node.value["where"], usable[0], kinds, report, what)
    return None if where is None else {"kinds": usable, "where": where}


def _give(node, kinds, players, report, what):
    if node.is_map:
        k, each = node.get("kind"), node.get("one_each")
        if k is None or each is None or set(node.value) - {"kind", "one_each"}:
            report.error(node.loc, "DECLARE-TYPE", f"{what} is a mapping, expected {{ kind: K, one_each: FIELD }}")
            return None
        if k.value not in kinds.fields:
            report.error(k.loc, "DECLARE-KIND", f"{what}: '{k.value}' is not a declared kind; kinds: {one_of(kinds.fields)}")
            return None
        t = kinds.type_of(k.value, each.value)
        if isinstance(t, Broken):
            return None  # its declaration is wrong, and said so there
        if values_of(t) is None:
            report.error(each.loc, "DECLARE-FIELD", f"{what}: '{each.value}' is not a field of '{k.value}' with a list of "
                                                    "values (a choice, a bool or an int range)")
            return None
        return {"kind": k.value, "one_each": each.value, "values": values_of(t)}
    ids = ListOf(Id(), 1).read(node, report, what) if node.is_seq else Id().read(node, report, what)
    return None if ids is INVALID else {"ids": ids if isinstance(ids, list) else [ids]}


def _pile(node, kinds, players, report, what):
    v = Text(40).read(node, report, what)
    return None if v is INVALID else v


_READERS = {"shuffle": _kinds_list, "remove": _remove, "deal": _per_players, "give": _give,
            "display": _per_players, "piles": _sizes, "pile": _pile}


# -- running -------------------------------------------------------------------------------------------


def in_play(spec: Spec, steps: list[Step], players: int | None, variant: str | None) -> list[tuple[Item, int]]:
    """Every component with its copies left in the game after the remove steps for this many
    players (all of them when `players` is None and no step is limited) and this variant."""
    removes = [s for s in steps if s.what == "remove" and s.applies(players, variant)
               and (players is not None or s.players is None)]
    out = []
    for c in spec.components:
        gone = any(c.kind in s.arg["kinds"] and _matches(c, s.arg["where"]) for s in removes)
        out.append((c, 0 if gone else c.count))
    return out


class _Table:
    """The cards as the steps move them."""

    def __init__(self, spec: Spec, players: int, rng: random.Random):
        self.box = [(c, k) for c, k in spec.copies(*{c.kind for c in spec.components})]
        self.deck: list[tuple[Item, int]] = []
        self.players, self.rng = players, rng
        self.seats = [seat_name(p) for p in range(1, players + 1)]
        self.hands: dict[str, list] = {s: [] for s in self.seats}
        self.given: dict[str, list] = {s: [] for s in self.seats}
        self.shown: list = []
        self.removed: list = []
        self.piles: list[tuple[str, list]] = []

    def take(self, n: int, step: Step, number: int, why: str) -> list:
        if n > len(self.deck):
            raise SetupError(f"{step.label(number)} {why}: it needs {plural(n, 'card')}, but the deck has "
                             f"{len(self.deck)} left", usage=False)
        out, self.deck = self.deck[:n], self.deck[n:]
        return out


def deal(spec: Spec, steps: list[Step], players: int, seed: int, variant: str | None) -> _Table:
    table = _Table(spec, players, random.Random(seed))
    for number, step in enumerate(steps, 1):
        if step.applies(players, variant):
            _RUN[step.what](table, step, number)
    return table


def _shuffle(t: _Table, step: Step, n: int) -> None:
    t.deck += [x for x in t.box if x[0].kind in step.arg]
    t.box = [x for x in t.box if x[0].kind not in step.arg]
    t.rng.shuffle(t.deck)


def _run_remove(t: _Table, step: Step, n: int) -> None:
    def gone(x):
        return x[0].kind in step.arg["kinds"] and _matches(x[0], step.arg["where"])

    t.removed += [x for x in t.deck + t.box if gone(x)]
    t.deck = [x for x in t.deck if not gone(x)]
    t.box = [x for x in t.box if not gone(x)]


def _count(arg: Any, players: int) -> int:
    return arg[players] if isinstance(arg, dict) else arg


def _run_deal(t: _Table, step: Step, n: int) -> None:
    each = _count(step.arg, t.players)
    cards = t.take(each * t.players, step, n, f"deals {each} to each of {t.players} players")
    for i, s in enumerate(t.seats):
        t.hands[s] += cards[i::t.players]


def _run_give(t: _Table, step: Step, n: int) -> None:
    for s in t.seats:
        if "ids" in step.arg:
            wanted = [lambda x, i=i: x[0].id == i for i in step.arg["ids"]]
            names = step.arg["ids"]
        else:
            kind, field = step.arg["kind"], step.arg["one_each"]
            wanted = [lambda x, v=v: x[0].kind == kind and x[0].get(field) == v for v in step.arg["values"]]
            names = [f"{kind} with {field} {v}" for v in step.arg["values"]]
        for test, name in zip(wanted, names):
            hit = next((x for x in t.box if test(x)), None)
            if hit is None:
                raise SetupError(f"{step.label(n)} gives every player {name}, but there is none left for {s} "
                                 f"(the deck has too few for {t.players} players)", usage=False)
            t.box.remove(hit)
            t.given[s].append(hit)


def _run_display(t: _Table, step: Step, n: int) -> None:
    want = _count(step.arg, t.players)
    if step.distinct is None:
        t.shown += t.take(want, step, n, f"shows {want} cards")
        return
    shown, skipped, seen = [], [], set()
    while len(shown) < want and t.deck:
        card = t.deck.pop(0)
        key = repr(card[0].get(step.distinct))
        (skipped if key in seen else shown).append(card)
        seen.add(key)
    t.deck += skipped  # the ones passed over go to the bottom, in the order drawn
    if len(shown) < want:
        raise SetupError(f"{step.label(n)} shows {want} cards all different in {step.distinct}, but the deck has only "
                         f"{len(shown)} different", usage=False)
    t.shown += shown


def _run_piles(t: _Table, step: Step, n: int) -> None:
    sizes = _count(step.arg, t.players)
    cards = t.take(sum(sizes), step, n, f"makes piles of {'+'.join(map(str, sizes))}")
    at = 0
    for i, size in enumerate(sizes, 1):
        t.piles.append((f"pile {len(t.piles) + 1}", cards[at:at + size]))
        at += size


def _run_pile(t: _Table, step: Step, n: int) -> None:
    t.piles.append((step.arg, t.deck))
    t.deck = []


_RUN = {"shuffle": _shuffle, "remove": _run_remove, "deal": _run_deal, "give": _run_give,
        "display": _run_display, "piles": _run_piles, "pile": _run_pile}


def result(spec: Spec, table: _Table, seed: int, variant: str | None, lang: str, name, title: str) -> SetupResult:
    """The deal as data and as lines for a person. `name(item, lang)` is a card's printed name."""
    def js(x):
        return card_json(x[0], x[1], name(x[0], lang), kind=x[0].kind)

    def listed(cards):
        return ", ".join(f"{name(c, lang)} [{c.id}]" for c, _ in cards) or "nothing"

    piles = table.piles + ([("deck", table.deck)] if table.deck else [])
    data = {"game": spec.game, "players": table.players, "seed": seed, "variant": variant, "lang": lang,
            "public": {"table": [js(x) for x in table.shown],
                       "given": {s: [js(x) for x in cs] for s, cs in table.given.items()},
                       "piles": {p: len(cs) for p, cs in piles},
                       "removed": [js(x) for x in table.removed],
                       "box": [js(x) for x in table.box]},  # of kinds no shuffle step put into play
            "private": {s: {"hand": [js(x) for x in cs]} for s, cs in table.hands.items()},
            "hidden": {"piles": {p: [js(x) for x in cs] for p, cs in piles}}}
    lines = [f"{title} for {table.players} players (seed {seed})" + (f", {variant}" if variant else ""), "",
             "On the table, for everyone to see:"]
    if table.shown:
        lines.append(f"  face up: {listed(table.shown)}")
    for s, cs in table.given.items():
        if cs:
            lines.append(f"  {s}: {listed(cs)}")
    for p, cs in piles:
        lines.append(f"  {p}: {plural(len(cs), 'card')}, face down")
    if table.removed:
        lines.append(f"  set aside (out of the game): {listed(table.removed)}")
    if table.box:
        lines.append(f"  left in the box (no shuffle step names their kind): {listed(table.box)}")
    private = {s: [f"  {listed(cs)}"] for s, cs in table.hands.items() if cs}
    return SetupResult(data, lines, private)
