"""A declared game's setup: read from its spec's `setup:`, run for a player count and a seed.

Takes the `setup:` node; returns `Step`s that `deal` carries out in order on the components'
copies, each step limited, where it says so, to some player counts (`players: [2]`) or to one
variant (`variant: short`; `variant: default` is the game played without one; a list,
`variant: [default, travel]`, names each variant it runs in):

    shuffle: [KIND, …]          those kinds' cards into the deck, shuffled; or
             {kind: K | [K, …], where: {…}}   only their cards that match (a round's cards)
    remove: {where: {…}}        matching cards out of the game (set aside, open)
    deal: N | {2: 8, 3: 7}      N cards from the deck to every player, hidden from the others
                                (seen_by: owner); seen_by: others (the holder cannot look) or all
    give: [ID, …] | {kind: K, one_each: FIELD}   to every player, open: those components, or one
                                card of kind K for every value of FIELD
    display: N, distinct: F     N cards face up on the table (with distinct: all different in F,
                                never a card without F; a deal takes distinct too)
    piles: [4, 3, 3] | {2: […]} face-down piles from the deck, in that order
    pile: NAME | {en, zh-TW}    the rest of the deck, face down
    place: [KIND, …]            every card of those kinds open on the table, for everyone (tokens,
                                boards, a supply); kinds no step names are "not placed by the setup";
                                or {kind: K | [K, …], where: {…}}: only their cards that match
    unused: [KIND, …]           the cards of those kinds no earlier step took stay in the box,
                                unused (the cookies a variant deals none of): not in the deal
    note: {en, zh-TW}           a sentence for the people setting up, nothing dealt

A deal may say `by_kind: true`: its number is of every kind in the deck, each kind dealt apart
(and each kind a face-down deck of its own, decks.py); what a kind has left stays in the deck.
A deal or display may say `set_aside: [KIND, …]`: a card of those kinds drawn is set aside and
the next taken (a distinct display's repeats too); the next pile step shuffles them back first,
its text's `{aside}` their number (the deal's data: `shuffled_back`). Any step's text may quote
a named step's number, `{hand.each}` (QUOTED; 0 when that step did not run).

A shuffle may say `per_seat: N` (only N of its kinds' cards for each seat — players and the
game's `dummies:` — at random, the rest set aside); a deal `with_dummies: true` (the dummy seats
are dealt a hand no one sees) and `each_card: TEXT` (the line its holder's section prints for
each card, `{card}` and the card's `{FIELD}`); a give `{kind: K, count: N}`; any step a list of
variants (`variant: [short, default]`). A text's `{deck}` is the cards in the deck when a deal,
display or piles step began, and the game's `numbers:` are written into texts when read.

A place step may say `counted: [KIND, …]`: the deal's data gives the number of those kinds' cards
({plum: 18, pi: 18, watchdog: [the card]}) rather than each card (a supply of alike cards).

And optionally `name: KEY` (the key the deal's data holds the step's cards under, in place of
`given`, `table` or `piles`: GEM's `coins` and `piles`) and `text: {en, zh-TW}` (the sentence the
setup prints for the step, in place of its own line; `{cards}`, `{each}`, `{piles}`, `{sizes}`,
`{players}` are its numbers, `{cards:card|cards}` a number with its word, singular for 1;
`{listed}` the cards a remove, place, display or give step moved, by name and id, `{cards.KIND}`
and `{listed.KIND}` the same of one kind; a text may run over lines, and one that begins with a
space continues the paragraph before it).

A step's `where:` (remove, and shuffle or place in their mapping form) keeps the cards whose
fields have those values; a value may be per player count (`number: {3: [19, 20], 4: [20], 5: []}`:
the cards a player count removes), and `where` may be a list of such mappings (a card matching
any one of them is kept: the turn-order cards 1 to N-1 without the plum mark and N with it).

`deal` runs them for a player count, a seed and a variant, and returns the table as the steps left
it; setup_text.py says what it dealt (`result`: as data, split like every game's setup, and as
lines in English or Chinese). A step the deck is too small for is a `SetupError` naming the step
(exit 1).
`in_play` gives the deck as the remove steps leave it for a player count, which the deck rules
measure; `check_leftovers` warns where a shuffle would mix in cards an earlier step left.
"""
from __future__ import annotations

import random
import string
from typing import Any

from ...records import field, record
from ...diagnostics import Loc, Report, one_of, plural
from ...load.schema import INVALID, Id, Int, ListOf, Localized
from ...load.spec import Item, Spec
from ...load.yamlload import Node, type_name
from ..base import SetupError, seat_name
from .kinds import Broken, Kinds
from .rules import DEFAULT, _matches, _where, numeral, player_count, shown_key, values_of

STEPS = ("shuffle", "remove", "deal", "give", "display", "piles", "pile", "place", "note", "unused")
LIMITS = ("players", "variant")
EXTRAS = ("distinct", "name", "text", "seen_by", "with_dummies", "per_seat", "each_card", "counted", "by_kind",
          "set_aside")
SEEN_BY = ("owner", "others", "all")  # who looks at a dealt hand: its holder, everyone else, everyone
TEXT_VALUES = ("cards", "each", "piles", "sizes", "players")
STEP_VALUES = {"give": ("cards", "each", "players", "listed"), "deal": ("cards", "each", "players", "deck"),
               "display": ("cards", "players", "deck", "listed"),
               "piles": ("cards", "piles", "sizes", "players", "deck"),
               "pile": ("cards", "players", "aside"), "shuffle": ("cards", "players"), "remove": ("cards", "players", "listed"),
               "place": ("cards", "players", "listed"), "note": ("players",),
               "unused": ("cards", "players")}  # what a step's text may say: the numbers that step has
QUOTED = ("cards", "each", "piles", "deck", "aside")  # a named step's numbers another step's text may quote
MAX_DEAL = 999


@record
class Step:
    """One step of a declared game's setup, as read from `setup:`: what it does and its argument,
    the player counts and variant it runs in, and its options."""

    what: str
    arg: Any
    loc: Loc
    players: list[int] | None = None
    variant: str | None = None
    distinct: str | None = None
    name: str | None = None  # the key its cards go under in the deal's data
    text: dict[str, str] | None = None  # what the setup says for it, by language
    seen_by: str = "owner"  # a deal's cards: seen by their holder, by the others, or by all
    by_kind: bool = False  # a deal's number is of every kind in the deck, each kind apart
    set_aside: list[str] | None = None  # a deal or display: these kinds, drawn, are set aside and replaced
    with_dummies: bool = False  # a deal: the dummy seats (`dummies:`) are dealt a hand too
    per_seat: int | None = None  # a shuffle: only this many of its kinds' cards for every seat
    each_card: dict[str, str] | None = None  # a deal: the line its holder's section prints for each card
    where: Any = None  # shuffle, place: a `Where` keeping only the matching cards of its kinds
    counted: list[str] | None = None  # a place step's kinds the data counts rather than lists (a supply)

    def selects(self, c: Item, players: int | None) -> bool:
        """Whether the step's `where` (if it has one) keeps the card for this player count."""
        return self.where is None or self.where.matches(c, players)

    def applies(self, players: int | None, variant: str | None) -> bool:
        """Whether the step is run for this player count (None: any) and variant (None: none)."""
        return ((self.players is None or players is None or players in self.players)
                and (self.variant in (None, variant or DEFAULT)
                     or isinstance(self.variant, list) and (variant or DEFAULT) in self.variant))

    def label(self, n: int) -> str:
        return f"setup step {n} ({self.what}, line {self.loc.line})"


def read_setup(node: Node | None, kinds: Kinds, players: list[int], variants: list[str], report: Report,
               numbers: dict | None = None, dummies: dict | None = None) -> list[Step]:
    if node is None:
        return []
    if not node.is_seq:
        report.error(node.loc, "DECLARE-TYPE", f"'setup' is {type_name(node)}, expected a list of steps, such as "
                                               "- { shuffle: [card] } - { deal: 5 }")
        return []
    steps, nodes = [], []
    for i, child in enumerate(node.value, 1):
        step = _step(child, kinds, players, variants, report, f"setup step {i}", numbers or {}, dummies or {})
        if step is not None:
            steps.append(step)
            nodes.append((i, child))
    _check_names(steps, nodes, report)
    _check_quoted(steps, nodes, report)
    return steps


def _check_quoted(steps: list[Step], nodes: list, report: Report) -> None:
    """A text's `{STEP.NUMBER}` (`{hand.each}`): a number of the step named STEP (its `name:`),
    one that step has (a note saying what a player holds once every deal is done)."""
    named = {s.name: s for s in steps if s.name}
    for step, (i, node) in zip(steps, nodes):
        for t in (step.text or (step.arg if step.what == "note" else None) or {}).values():
            for _, n, _, _ in _COUNTED.parse(t.replace("{{", "").replace("}}", "")):
                head, _, of = (n or "").partition(".")
                if not of or head in ("cards", "listed"):
                    continue
                if head not in named or of not in STEP_VALUES[named[head].what]:
                    said = (f"setup step {i} quotes '{{{n}}}', but no step is named '{head}'; named steps: "
                            f"{one_of(named) or 'none'}" if head not in named else
                            f"setup step {i} quotes '{{{n}}}', but a {named[head].what} step has no '{of}'; it has "
                            f"{one_of(x for x in STEP_VALUES[named[head].what] if x in QUOTED)}")
                    report.error((node.get("text") or node.get("note") or node).loc, "DECLARE-MESSAGE", said)


# The deal's own keys, and the unnamed steps whose cards go under each (box and removed: always).
OWN_KEYS = {"table": ("display",), "given": ("give",), "piles": ("piles", "pile"), "hand": ("deal",),
            "hands": ("deal",), "supply": ("place",), "box": (), "removed": (), "deck": ()}


def _check_names(steps: list[Step], nodes: list, report: Report) -> None:
    """A step's name may not take a key the deal's data already fills: the cards under it would be lost."""
    for step, (i, node) in zip(steps, nodes):
        if step.name not in OWN_KEYS:
            continue
        others = [n for s, (n, _) in zip(steps, nodes) if s.what in OWN_KEYS[step.name] and s.name is None
                  and (s.seen_by == "all") == (step.name == "hands")]  # a deal seen by all: public "hands"
        if step.name in ("box", "removed", "deck") or others:
            why = (f"it holds {'what no step puts into play' if step.name == 'box' else 'the cards set aside' if step.name == 'removed' else 'the rest of the deck'}"
                   if not others else f"setup step {others[0]} puts its cards there")
            report.error(node.key_loc("name"), "DECLARE-KEY", f"'name' of setup step {i} is '{step.name}', a key the "
                                                              f"deal's data has already ({why}); name it otherwise")


def _step(node: Node, kinds: Kinds, players: list[int], variants: list[str], report: Report, what: str,
          numbers: dict | None = None, dummies: dict | None = None) -> Step | None:
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is {type_name(node)}, expected a mapping with one of {one_of(STEPS)}")
        return None
    found = [k for k in node.value if k in STEPS]
    for k in node.value:
        if k not in STEPS and k not in LIMITS and k not in EXTRAS:
            report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}; accepted keys: one of "
                                                         f"{one_of(STEPS)}, and {one_of(LIMITS + EXTRAS)}")
            return None
    if len(found) != 1:
        report.error(node.loc, "DECLARE-STEP", f"{what} needs exactly one of {one_of(STEPS)}"
                                               + (f"; it has {one_of(found)}" if found else ""))
        return None
    kind = found[0]
    game = _Game(kinds, players, variants, numbers or {}, dummies or {})
    if kind == "note" and game.numbers:  # a note may write the rules' named numbers too
        arg = _baked(_sentence(node.value[kind], report, f"'{kind}' of {what}", STEP_VALUES["note"] + tuple(game.numbers)),
                     game.numbers)
    else:
        arg = _READERS[kind](node.value[kind], kinds, players, report, f"'{kind}' of {what}")
    if arg is None:
        return None
    step = Step(kind, arg, node.loc)
    if kind in ("shuffle", "place") and isinstance(arg, dict):  # the mapping form: kinds and a where
        step.arg, step.where = arg["kinds"], arg["where"]
    for key, read in _EXTRA_READERS.items():
        if key in node.value and not read(step, node, game, report, what):
            return None
    return step if _per_players_whole(step, node.value[kind], game, report, what) else None


def _per_players_whole(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """A deal, display or piles number given per player count gives one for every player count
    the step is run for (the game's, or its `players:`): else the deal for a count left out
    would have no number to go by."""
    if step.what not in ("deal", "display", "piles") or not isinstance(step.arg, dict):
        return True
    missing = [p for p in step.players or game.players if p not in step.arg]
    if missing:
        report.error(node.loc, "DECLARE-RANGE", f"'{step.what}' of {what} gives no number for "
                                                f"{one_of(map(str, missing))} players; give one for each player count "
                                                "the step is run for (or limit the step with players: [...])")
    return not missing


@record
class _Game:
    """What a step's extra keys are read against: the game's kinds, player counts and variants."""

    kinds: Kinds
    players: list[int]
    variants: list[str]
    numbers: dict = field(default_factory=dict)  # `numbers:`, which a step's text may write
    dummies: dict = field(default_factory=dict)  # `dummies:`: player count -> dummy seats


def _read_players(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    step.players = ListOf(Int(min(game.players), max(game.players)), 1).read(
        node.value["players"], report, f"'players' of {what}") or None
    return step.players is not INVALID


def _read_variant(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`variant: NAME` of a declared variant, or `variant: default`: the game without one; or a
    list of them (`variant: [family, advanced]`): the step is run in any of them."""
    v = node.value["variant"]
    if v.is_seq and v.value:
        names = []
        for item in v.value:
            one = Step(step.what, step.arg, step.loc)
            if not _read_variant(one, Node("map", node.loc, {"variant": item}), game, report, what):
                return False
            names.append(one.variant)
        step.variant = names
        return True
    if v.kind != "scalar" or v.value not in [*game.variants, DEFAULT]:
        report.error(v.loc, "DECLARE-VARIANT", f"'variant' of {what} is '{v.value}', not a variant of the game; "
                                               f"variants: {one_of(game.variants) or 'none (declare them under variants:)'}"
                                               f"{', or' if game.variants else '; or'} default (the game without a variant)")
        return False
    step.variant = v.value
    return True


def _read_distinct(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    step.distinct = _distinct(node, step.what, game.kinds, report, what)
    return step.distinct is not None


def _read_name(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    n = Id().read(node.value["name"], report, f"'name' of {what}")
    if n is INVALID:
        return False
    if step.what in ("shuffle", "remove", "note", "pile", "unused"):
        report.error(node.key_loc("name"), "DECLARE-KEY", f"'name' of {what}: a {step.what} step puts no cards of its "
                                                          "own in the deal's data" + ("; its pile is named by "
                                                          "pile: NAME" if step.what == "pile" else ""))
        return False
    step.name = n
    return True


def _read_text(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    step.text = _baked(_sentence(node.value["text"], report, f"'text' of {what}",
                                 STEP_VALUES[step.what] + tuple(game.numbers), game.kinds), game.numbers)
    return step.text is not None


def _baked(text: dict[str, str] | None, numbers: dict) -> dict[str, str] | None:
    """A sentence with the rules' named numbers (`numbers:`) written in, the step's own left."""
    if text is None or not numbers:
        return text
    out = {}
    for lang, t in text.items():
        parts = []
        for literal, name, spec, conv in _COUNTED.parse(t):
            parts.append(literal.replace("{", "{{").replace("}", "}}"))
            if name is not None:
                parts.append(_COUNTED.format_field(numbers[name], spec) if name in numbers
                             else "{" + name + (f":{spec}" if spec else "") + "}")
        out[lang] = "".join(parts)
    return out


def _read_with_dummies(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`with_dummies: true` on a deal: the dummy seats (`dummies:`) are dealt a hand as well."""
    v = node.value["with_dummies"]
    if step.what != "deal" or v.value is not True:
        report.error(node.key_loc("with_dummies"), "DECLARE-KEY", f"'with_dummies' of {what}: " + (
            f"it belongs to a deal step, not a {step.what} step" if step.what != "deal"
            else "write  with_dummies: true  or leave it out"))
        return False
    if not game.dummies:
        report.error(node.key_loc("with_dummies"), "DECLARE-KEY", f"'with_dummies' of {what}: the game declares no "
                                                                  "dummy seats (dummies: {PLAYERS: N})")
        return False
    step.with_dummies = True
    return True


def _read_per_seat(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`per_seat: N` on a shuffle: only N of its kinds' cards for every seat (players and dummies),
    chosen at random; the rest are set aside."""
    if step.what != "shuffle":
        report.error(node.key_loc("per_seat"), "DECLARE-KEY", f"'per_seat' belongs to a shuffle step, not {what} "
                                                              f"(a {step.what} step)")
        return False
    n = Int(1, MAX_DEAL).read(node.value["per_seat"], report, f"'per_seat' of {what}")
    step.per_seat = None if n is INVALID else n
    return n is not INVALID


def _read_each_card(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`each_card: TEXT` on a deal: the line its holder's section prints for each card dealt,
    `{card}` its name and id, `{FIELD}` (`{FIELD:one|many}`) the card's own values."""
    if step.what != "deal":
        report.error(node.key_loc("each_card"), "DECLARE-KEY", f"'each_card' belongs to a deal step, not {what} "
                                                               f"(a {step.what} step)")
        return False
    fields = tuple(dict.fromkeys(f.name for fs in game.kinds.fields.values() for f in fs))
    step.each_card = _baked(_sentence(node.value["each_card"], report, f"'each_card' of {what}",
                                      ("card",) + fields + tuple(game.numbers)), game.numbers)
    return step.each_card is not None


def _read_counted(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`counted: [KIND, …]` of a place step: a supply of alike cards, whose number the deal's data
    gives ({plum: 18}) in place of each card."""
    if step.what != "place":
        report.error(node.key_loc("counted"), "DECLARE-KEY", f"'counted' belongs to a place step, not {what} "
                                                             f"(a {step.what} step)")
        return False
    kinds = _kinds_list(node.value["counted"], game.kinds, game.players, report, f"'counted' of {what}")
    if kinds is None:
        return False
    wrong = [k for k in kinds if k not in step.arg]
    if wrong:
        report.error(node.value["counted"].loc, "DECLARE-KIND", f"'counted' of {what} names {one_of(wrong)}, which "
                                                                f"the step does not place; it places {one_of(step.arg)}")
        return False
    step.counted = kinds
    return True


def _read_seen_by(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`seen_by:` of a deal: who may look at the hands it deals (Hanabi's: everyone but the holder)."""
    v = node.value["seen_by"]
    if step.what != "deal":
        report.error(node.key_loc("seen_by"), "DECLARE-KEY", f"'seen_by' belongs to a deal step, not {what} "
                                                             f"(a {step.what} step)")
        return False
    if v.kind != "scalar" or v.value not in SEEN_BY:
        report.error(v.loc, "DECLARE-VALUE", f"'seen_by' of {what} is '{v.value}', expected {one_of(SEEN_BY)} "
                                             "(its holder only, everyone but its holder, everyone)")
        return False
    step.seen_by = v.value
    return True


def _read_by_kind(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`by_kind: true` on a deal: its number is of every kind in the deck, each kind dealt apart (and
    shuffled apart: the cards of one kind in a shuffled deck are a shuffled deck of their own)."""
    v = node.value["by_kind"]
    if step.what != "deal" or v.kind != "scalar" or v.value is not True:
        report.error(v.loc if step.what == "deal" else node.key_loc("by_kind"), "DECLARE-KEY",
                     f"'by_kind' of {what}: " + ("write  by_kind: true  or leave it out" if step.what == "deal"
                                                 else f"it belongs to a deal step, not a {step.what} step"))
        return False
    step.by_kind = True
    return True


def _read_set_aside(step: Step, node: Node, game: _Game, report: Report, what: str) -> bool:
    """`set_aside: [KIND, …]` on a deal or display: a card of those kinds drawn is set aside and the
    next one taken in its place (and a display's `distinct` repeats with it); the next pile step
    shuffles the cards set aside back into the deck (The Jam: no hand or basket holds a special)."""
    if step.what not in ("deal", "display"):
        report.error(node.key_loc("set_aside"), "DECLARE-KEY", f"'set_aside' belongs to a deal or display step, "
                                                               f"not {what} (a {step.what} step)")
        return False
    step.set_aside = _kinds_list(node.value["set_aside"], game.kinds, game.players, report, f"'set_aside' of {what}")
    return step.set_aside is not None


# A step's keys besides its own, each with its reader, in the order they are checked.
_EXTRA_READERS = {"players": _read_players, "variant": _read_variant, "distinct": _read_distinct,
                  "name": _read_name, "text": _read_text, "seen_by": _read_seen_by,
                  "with_dummies": _read_with_dummies, "per_seat": _read_per_seat, "each_card": _read_each_card,
                  "counted": _read_counted, "by_kind": _read_by_kind, "set_aside": _read_set_aside}


def _sentence(node: Node, report: Report, what: str, offered: tuple[str, ...] = TEXT_VALUES,
              kinds: Kinds | None = None) -> dict[str, str] | None:
    """A sentence in one or both languages; its `{…}` are the step's numbers, checked here. A
    number may carry its word in both forms, `{cards:card|cards}` ("1 card", "5 cards")."""
    text = Localized(1000).read(node, report, what)
    if text is INVALID:
        return None
    text = text if isinstance(text, dict) else {"en": text}
    for lang, t in text.items():
        try:
            names = [(n, spec, conv) for _, n, spec, conv in _COUNTED.parse(t) if n is not None]
        except ValueError:
            report.error(node.loc, "DECLARE-MESSAGE", f"{what} ({lang}) has a lone brace; write {{{{ or }}}} for the "
                                                      "brace itself")
            return None
        for n, spec, conv in names:
            n, _, of = n.partition(".")  # {cards.KIND}, {listed.KIND}: of one kind
            if of and n not in ("cards", "listed") and of in QUOTED and not conv:
                continue  # {STEP.NUMBER}: a named step's number, checked once every step is read (_check_quoted)
            if of and (n not in ("cards", "listed") or "listed" not in offered or kinds is None
                       or of not in kinds.fields):
                known = one_of(kinds.fields) if kinds is not None else "none"
                report.error(node.loc, "DECLARE-MESSAGE", f"{what} ({lang}) has the placeholder '{{{n}.{of}}}'; "
                                                          "{cards.KIND} and {listed.KIND} name a kind of a step that "
                                                          f"moves cards (remove, place, display, give); kinds: {known}")
                return None
            if n not in offered or conv or spec and not (n != "sizes" and _forms(spec)):
                report.error(node.loc, "DECLARE-MESSAGE", f"{what} ({lang}) has the placeholder '{{{n}}}'; this step's "
                                                          f"text can use {', '.join('{' + v + '}' for v in offered)}")
                return None
    return text


def _forms(spec: str) -> tuple[str, str] | None:
    """The singular and plural of a number's word written `ONE|MANY` after its colon, if it is so."""
    parts = spec.split("|")
    return (parts[0], parts[1]) if len(parts) == 2 and all(p.strip() for p in parts) else None


class _Counted(string.Formatter):
    """str.format where `{n:card|cards}` is the number with its word, singular for 1."""

    def format_field(self, value: Any, spec: str) -> str:
        forms = _forms(spec) if spec else None
        if forms is None:
            return super().format_field(value, spec)
        return f"{value} {forms[0] if value == 1 else forms[1]}"


_COUNTED = _Counted()


def _distinct(node: Node, kind: str, kinds: Kinds, report: Report, what: str) -> str | None:
    d = node.value["distinct"]
    names = sorted({f.name for fields in kinds.fields.values() for f in fields})
    if kind not in ("display", "deal"):
        report.error(node.key_loc("distinct"), "DECLARE-KEY", f"'distinct' belongs to a display or deal step, not {what}")
        return None
    if d.kind != "scalar" or d.value not in names:
        report.error(d.loc, "DECLARE-FIELD", f"'distinct' of {what} is '{d.value}', not a field; fields: {one_of(names)}")
        return None
    return d.value


def _kinds_list(node, kinds, players, report, what):
    if node.is_map:  # {kind: K | [K, …], where: {…}}: only the matching cards of those kinds
        return _kinds_where(node, kinds, players, report, what)
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
            if player_count(key) not in players:
                report.error(node.key_loc(key), "DECLARE-RANGE", f"{what}: '{shown_key(key)}' is not a player count "
                                                                 f"of the game; expected {one_of(map(str, players))}")
                return None
            v = one.read(value, report, f"{what} for {key} players")
            if v is INVALID:
                return None
            out[player_count(key)] = v
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
    w = node.value["where"]
    fields = {k for m in (w.value if w.is_seq else [w]) if m.is_map for k in m.value}
    usable = [k for k in chosen if fields <= {f.name for f in kinds.fields[k]}]
    if not usable:
        report.error(node.value["where"].loc, "DECLARE-FIELD", f"{what}: no kind has all of the fields "
                                                               f"{one_of(sorted(fields))}")
        return None
    where = _step_where(w, usable[0], kinds, players, report, what)
    return None if where is None else {"kinds": usable, "where": where}


def _kinds_where(node, kinds, players, report, what):
    """`{kind: K | [K, …], where: {…}}` of a shuffle or place step: {kinds, where}."""
    bad = [k for k in node.value if k not in ("kind", "where")]
    for k in bad:
        report.error(node.key_loc(k), "DECLARE-KEY", f"unknown key '{k}' in {what}; accepted keys: kind and where")
    if bad or "kind" not in node.value or "where" not in node.value:
        if not bad:
            report.error(node.loc, "DECLARE-TYPE", f"{what} is a mapping, expected {{ kind: K, where: {{ FIELD: VALUE }} }}"
                                                   " (or a list of kinds)")
        return None
    chosen = _kinds_list(node.value["kind"], kinds, players, report, what)
    if chosen is None:
        return None
    w = node.value["where"]
    where = _step_where(w, chosen[0], kinds, players, report, what)
    return None if where is None else {"kinds": chosen, "where": where}


@record
class Where:
    """A setup step's `where`: any of its mappings, each {field: values, or {player count: values}}."""

    anys: list[tuple[dict[str, list], dict[str, dict[int, list]]]]  # (plain values, per player count)

    def at(self, players: int | None) -> list[dict[str, list]] | None:
        """The mappings for this player count; None when a value is per player count and there is none.
        Made once a player count: a deal asks for every card of the box."""
        made = self.__dict__.setdefault("_at", {})
        if players not in made:
            made[players] = (None if players is None and any(by for _, by in self.anys) else
                             [{**plain, **{f: v[players] for f, v in by.items()}} for plain, by in self.anys])
        return made[players]

    def matches(self, c: Item, players: int | None) -> bool:
        return any(_matches(c, w) for w in self.at(players) or [])

    def __contains__(self, field: str) -> bool:
        """Whether some mapping of it tests the field."""
        return any(field in plain or field in by for plain, by in self.anys)


def _step_where(node, kind, kinds, players, report, what) -> Where | None:
    """A step's `where:` — a mapping, or a list of them (any one) — whose values may be per player
    count ({3: [19, 20], 4: 20, 5: []}: every player count of the game, each as a plain value)."""
    anys = []
    for m in node.value if node.is_seq and node.value else [node]:
        if not m.is_map:
            report.error(m.loc, "DECLARE-TYPE", f"'where' of {what} is {type_name(m)}, expected a mapping of fields "
                                                "to a value or a list of values (or a list of such mappings)")
            return None
        per = {k: v for k, v in m.value.items() if v.is_map and v.value and all(numeral(p) for p in v.value)}
        plain = _where(Node("map", m.loc, {k: v for k, v in m.value.items() if k not in per}, m.key_locs), kind,
                       kinds, report, what)
        if plain is None:
            return None
        by: dict[str, dict[int, list]] = {}
        for f, v in per.items():
            wrong = next((p for p in v.value if player_count(p) not in players), None)
            if wrong is not None:
                report.error(v.key_loc(wrong), "DECLARE-RANGE", f"'{f}' in 'where' of {what}: '{shown_key(wrong)}' is "
                                                                f"not a player count of the game; expected "
                                                                f"{one_of(map(str, players))}")
                return None
            counts = {player_count(p): n for p, n in v.value.items()}
            if sorted(counts) != sorted(players):
                report.error(v.loc, "DECLARE-RANGE", f"'{f}' in 'where' of {what} is per player count, so it gives "
                                                     f"the values for each of {one_of(map(str, players))} players, "
                                                     f"no other")
                return None
            read = {p: _where(Node("map", m.loc, {f: n}, {f: m.key_loc(f)}), kind, kinds, report, what)
                    for p, n in counts.items()}
            if any(r is None for r in read.values()):
                return None
            by[f] = {p: r[f] for p, r in read.items()}
        anys.append((plain, by))
    return Where(anys)


def _give(node, kinds, players, report, what):
    if node.is_map and "count" in node.value:
        return _give_count(node, kinds, report, what)
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
    if ids is INVALID:
        return None
    return {"ids": ids, "locs": [n.loc for n in node.value]} if node.is_seq else {"ids": [ids], "locs": [node.loc]}


def check_gives(spec: Spec, steps: list[Step], report: Report) -> None:
    """Every id a `give: [ID, …]` step names is a component of the spec: told at the id, rather
    than found by a deal that runs out (or not at all: the checks deal past a step that fails)."""
    ids = [c.id for c in spec.components]
    known = set(ids)
    for n, step in enumerate(steps, 1):
        if step.what != "give" or "ids" not in step.arg:
            continue
        for i, at in zip(step.arg["ids"], step.arg["locs"]):
            if i not in known:
                from difflib import get_close_matches  # only for an id misspelt

                near = get_close_matches(i, ids, 3) or ids[:8]
                report.error(at, "SPEC-DANGLING-REF", f"'give' of setup step {n} names '{i}', which is not a component "
                                                      f"of the spec; components: {', '.join(near) or 'none'}"
                                                      + (", …" if len(ids) > len(near) else ""))


def _give_count(node, kinds, report, what):
    """`give: {kind: K, count: N}`: N cards of kind K to every player, open."""
    k = node.get("kind")
    if k is None or set(node.value) - {"kind", "count"}:
        report.error(node.loc, "DECLARE-TYPE", f"{what} is a mapping, expected {{ kind: K, count: N }}")
        return None
    if k.value not in kinds.fields:
        report.error(k.loc, "DECLARE-KIND", f"{what}: '{k.value}' is not a declared kind; kinds: {one_of(kinds.fields)}")
        return None
    n = Int(1, MAX_DEAL).read(node.value["count"], report, f"'count' of {what}")
    return None if n is INVALID else {"kind": k.value, "count": n}


def _pile(node, kinds, players, report, what):
    """The pile's name: one for every language, or {en, zh-TW} (the deal's data keys it by the English)."""
    v = Localized(40).read(node, report, what)
    return None if v is INVALID else v


def _note(node, kinds, players, report, what):
    return _sentence(node, report, what, STEP_VALUES["note"])


_READERS = {"shuffle": _kinds_list, "remove": _remove, "deal": _per_players, "give": _give,
            "display": _per_players, "piles": _sizes, "pile": _pile, "place": _kinds_list, "note": _note,
            "unused": _kinds_list}


# -- running -------------------------------------------------------------------------------------------


def in_play(spec: Spec, steps: list[Step], players: int | None, variant: str | None) -> list[tuple[Item, int]]:
    """Every component with its copies left in the game after the remove steps for this many
    players (all of them when `players` is None and no step is limited) and this variant. Kept on
    the spec for its steps: the deck rules and the face-down decks ask for the same ones."""
    removes = [s for s in steps if s.what == "remove" and s.applies(players, variant)
               and (players is not None or s.players is None) and s.arg["where"].at(players) is not None]
    memo = spec.__dict__.setdefault("_in_play", {})
    key = (id(steps), tuple(id(s) for s in removes), players)
    if key in memo and memo[key][0] is steps:
        return memo[key][1]
    out = []
    for c in spec.components:
        gone = any(c.kind in s.arg["kinds"] and s.arg["where"].matches(c, players) for s in removes)
        out.append((c, 0 if gone else c.count))
    memo[key] = (steps, out)
    return out


class _Table:
    """The cards as the steps move them, and what each step did (for the words of the deal)."""

    def __init__(self, spec: Spec, players: int, rng: random.Random, dummies: int = 0):
        every = spec.__dict__.get("_every_copy")  # the same for every deal of this spec: made once
        if every is None:
            every = spec.__dict__["_every_copy"] = list(spec.copies(*{c.kind for c in spec.components}))
        self.box = list(every)
        self.deck: list[tuple[Item, int]] = []
        self.players, self.rng, self.spec = players, rng, spec
        self.verdicts: dict[tuple, bool] = {}  # remove steps' answers; shared by the runs of one check
        self.seats = [seat_name(p) for p in range(1, players + 1)]
        self.dummies = ["dummy"] if dummies == 1 else [f"dummy {n}" for n in range(1, dummies + 1)]
        self.dummy_hands: dict[str, dict[str, list]] = {s: {} for s in self.dummies}  # no one sees them
        self.card_lines: dict[str, dict[str, str]] = {}  # a deal's group -> its `each_card` line
        self.hands: dict[str, dict[str, list]] = {s: {} for s in self.seats}  # seat -> group -> cards
        self.facing: dict[str, dict[str, list]] = {s: {} for s in self.seats}  # the same, seen_by: others
        self.given: dict[str, dict[str, list]] = {}  # group -> seat -> cards
        self.shown: dict[str, list] = {}  # group -> cards face up
        self.removed: list = []
        self.piles: list[tuple[str, list]] = []
        self.labels: dict[str, dict[str, str]] = {}  # a pile's name by language, where the spec gives it
        self.grouped: dict[str, list[list]] = {}  # a named piles step: its piles, in order
        self.said: list[tuple[Step, dict]] = []  # each step run, with its numbers
        self.opened: list[int] = []  # the shuffle steps whose cards the deck holds
        self.drawn = False  # whether a step has taken cards from the deck since it was begun
        self.leftovers: list[tuple[int, int, list[str], list[int]]] = []  # (step, cards, kinds, from steps)
        self.counted: dict[str, list[str]] = {}  # a group of cards face up -> the kinds its data counts
        self.steps: list[Step] = []  # the steps run, for their numbers in messages
        self.aside: list = []  # cards a deal or display set aside (`set_aside:`), until a pile step takes them back
        self.returned: list | None = None  # the cards set aside and shuffled back (None: no step sets any aside)

    def said_number(self, step: Step) -> int:
        return next((i for i, s in enumerate(self.steps, 1) if s is step), 0)

    def take(self, n: int, step: Step, number: int, why: str) -> list:
        if n > len(self.deck):
            raise SetupError(f"{step.label(number)} {why}: it needs {plural(n, 'card')}, but the deck has "
                             f"{len(self.deck)} left", usage=False)
        out, self.deck = self.deck[:n], self.deck[n:]
        self.drawn = True
        return out

    def distinct(self, n: int, step: Step, number: int, why: str) -> list:
        """`n` cards from the top all different in the step's field, never one without it; the
        ones passed over go to the bottom, in the order drawn."""
        field = step.distinct
        taken, skipped, seen = [], [], set()
        while len(taken) < n and self.deck:
            card = self.deck.pop(0)
            value = card[0].get(field)
            key = repr(value)
            (skipped if value in (None, "", []) or key in seen else taken).append(card)
            seen.add(key)
        self.deck += skipped
        self.drawn = True
        if len(taken) < n:
            raise SetupError(f"{step.label(number)} {why} all different in {field}, but the deck has only "
                             f"{len(taken)} different", usage=False)
        return taken


    def sifted(self, n: int, step: Step, number: int, why: str) -> list:
        """`n` cards from the top, a card of the step's `set_aside` kinds (or a `distinct` repeat,
        or a card without that field) set aside and the next taken in its place."""
        taken, seen = [], set()
        while len(taken) < n and self.deck:
            card = self.deck.pop(0)
            value = card[0].get(step.distinct) if step.distinct else None
            passed = card[0].kind in step.set_aside or bool(step.distinct) and (
                value in (None, "", []) or repr(value) in seen)
            (self.aside if passed else taken).append(card)
            seen |= set() if passed else {repr(value)}
        self.drawn = True
        if self.returned is None:
            self.returned = []
        if len(taken) < n:
            raise SetupError(f"{step.label(number)} {why}{' all different in ' + step.distinct if step.distinct else ''}"
                             f": the deck ran out with {len(taken)} taken and {len(self.aside)} set aside", usage=False)
        return taken


class _Unshuffled(random.Random):
    """The deal run in the order the cards are written, for what is true of every deal (how many
    cards each step leaves) rather than of one."""

    def shuffle(self, x, *args) -> None:
        return None


def deal(spec: Spec, steps: list[Step], players: int, seed: int, variant: str | None, dummies: int = 0) -> _Table:
    table = _Table(spec, players, random.Random(seed), dummies)
    _run_all(table, steps, players, variant)
    return table


def _run_all(table: _Table, steps: list[Step], players: int, variant: str | None) -> None:
    """The steps that apply to this player count and variant, in order, each with its numbers said."""
    table.steps = steps
    for number, step in enumerate(steps, 1):
        if step.applies(players, variant):
            numbers = _RUN[step.what](table, step, number) or {}
            table.said.append((step, {"players": players, **numbers}))
    table.removed += table.aside  # set aside, and no pile step after took them back
    table.aside = []


def _shuffle(t: _Table, step: Step, n: int) -> dict:
    if t.deck and t.drawn:  # what an earlier step left would be mixed in
        kinds = sorted({c.kind for c, _ in t.deck})
        t.leftovers.append((n, len(t.deck), kinds, list(t.opened)))
    mine = [x for x in t.box if x[0].kind in step.arg and step.selects(x[0], t.players)]
    t.box = _without(t.box, mine)
    t.deck += _per_seat(t, step, mine) if step.per_seat else mine
    t.opened.append(n)
    t.rng.shuffle(t.deck)
    return {"cards": len(t.deck)}


def _per_seat(t: _Table, step: Step, mine: list) -> list:
    """A shuffle's `per_seat`: that many of its kinds' cards for every seat, at random; the rest set aside."""
    mine = list(mine)
    t.rng.shuffle(mine)
    want = step.per_seat * (len(t.seats) + len(t.dummies))
    if want > len(mine):
        raise SetupError(f"{step.label(t.said_number(step))} shuffles in {step.per_seat} for each of "
                         f"{len(t.seats) + len(t.dummies)} seats ({want}), but there are {len(mine)}", usage=False)
    t.removed += mine[want:]
    return mine[:want]


def _run_remove(t: _Table, step: Step, n: int) -> dict:
    kinds, where, verdict = step.arg["kinds"], step.arg["where"], t.verdicts

    def gone(x):  # asked once a component, step and player count (a component's copies are alike)
        key = (id(step), id(x[0]), t.players)
        if key not in verdict:
            verdict[key] = x[0].kind in kinds and where.matches(x[0], t.players)
        return verdict[key]

    out = [x for x in t.deck + t.box if gone(x)]
    t.removed += out
    t.deck = [x for x in t.deck if not gone(x)]
    t.box = [x for x in t.box if not gone(x)]
    return {"cards": len(out), "moved": out}


def _count(arg: Any, players: int) -> int:
    return arg[players] if isinstance(arg, dict) else arg


def _run_deal(t: _Table, step: Step, n: int) -> dict:
    """Each player's cards, dealt one at a time around the table, to where `seen_by` says they are seen."""
    if step.by_kind:
        return _deal_by_kind(t, step, n)
    each = _count(step.arg, t.players)
    seats = t.seats + (t.dummies if step.with_dummies else [])
    why = f"deals {each} to each of {plural(len(seats), 'player' if len(seats) == t.players else 'seat')}"
    deck = len(t.deck)
    cards = (t.sifted if step.set_aside else t.distinct if step.distinct else t.take)(each * len(seats), step, n, why)
    mine = {s: cards[i::len(seats)] for i, s in enumerate(seats)}
    if step.each_card:
        t.card_lines[step.name or "hand"] = step.each_card
    for s, cs in mine.items():
        (t.dummy_hands[s].setdefault(step.name or "hand", []) if s in t.dummies else _held(t, step, s)).extend(cs)
    return {"cards": len(cards), "each": each, "deck": deck,
            "given": {s: cs for s, cs in mine.items() if s not in t.dummies}}


def _deal_by_kind(t: _Table, step: Step, n: int) -> dict:
    """`by_kind`: the number of every kind in the deck to each player, kind by kind in the order the
    kinds were shuffled in; what a kind has left stays in the deck."""
    each = _count(step.arg, t.players)
    mine: dict[str, list] = {s: [] for s in t.seats}
    shuffled = [k for st, _ in t.said if st.what == "shuffle" for k in st.arg]  # the kinds in the order shuffled in
    for kind in sorted({c.kind for c, _ in t.deck}, key=lambda k: shuffled.index(k) if k in shuffled else len(shuffled)):
        cards = [x for x in t.deck if x[0].kind == kind][:each * t.players]
        if len(cards) < each * t.players:
            raise SetupError(f"{step.label(n)} deals {each} {kind} to each of {plural(t.players, 'player')}: it needs "
                             f"{plural(each * t.players, 'card')}, but the deck has {len(cards)}", usage=False)
        t.deck = [x for x in t.deck if x not in cards]
        for i, s in enumerate(t.seats):
            mine[s] += cards[i * each:(i + 1) * each]
    t.drawn = True
    if step.each_card:
        t.card_lines[step.name or "hand"] = step.each_card
    for s, cs in mine.items():
        _held(t, step, s).extend(cs)
    return {"cards": sum(map(len, mine.values())), "each": len(mine[t.seats[0]]), "given": mine}


def _held(t: _Table, step: Step, seat: str) -> list:
    """Where a deal puts a seat's cards: open on the table (seen_by: all), held facing out
    (others), or in the hand only its holder sees (owner)."""
    if step.seen_by == "all":
        return t.given.setdefault(step.name or "hands", {s: [] for s in t.seats})[seat]
    return (t.hands if step.seen_by == "owner" else t.facing)[seat].setdefault(step.name or "hand", [])


def _run_give(t: _Table, step: Step, n: int) -> dict:
    group = t.given.setdefault(step.name or "given", {s: [] for s in t.seats})
    mine: dict[str, list] = {s: [] for s in t.seats}
    for s in t.seats:
        if "ids" in step.arg:
            wanted = [lambda x, i=i: x[0].id == i for i in step.arg["ids"]]
            names = step.arg["ids"]
        elif "count" in step.arg:  # {kind, count}: that many cards of the kind
            wanted = [lambda x: x[0].kind == step.arg["kind"]] * step.arg["count"]
            names = [f"a {step.arg['kind']} card"] * step.arg["count"]
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
            group[s].append(hit)
            mine[s].append(hit)
    return {"cards": sum(len(cs) for cs in mine.values()), "each": len(names), "given": mine}


def _run_display(t: _Table, step: Step, n: int) -> dict:
    want = _count(step.arg, t.players)
    why = f"shows {plural(want, 'card')}"
    deck = len(t.deck)
    shown = (t.sifted if step.set_aside else t.distinct if step.distinct else t.take)(want, step, n, why)
    t.shown.setdefault(step.name or "table", []).extend(shown)
    return {"cards": want, "shown": shown, "deck": deck}


def _run_piles(t: _Table, step: Step, n: int) -> dict:
    sizes = _count(step.arg, t.players)
    deck = len(t.deck)
    cards = t.take(sum(sizes), step, n, f"makes piles of {'+'.join(map(str, sizes))}")
    at, made = 0, []
    for size in sizes:
        if step.name:
            t.grouped.setdefault(step.name, []).append(cards[at:at + size])
            made.append(f"{step.name} {len(t.grouped[step.name])}")
        else:
            made.append(f"pile {len(t.piles) + 1}")
            t.piles.append((made[-1], cards[at:at + size]))
        at += size
    return {"cards": len(cards), "piles": len(sizes), "sizes": sizes, "made": made, "deck": deck}


def _run_pile(t: _Table, step: Step, n: int) -> dict:
    """The rest of the deck, face down: the next shuffle begins a deck of its own."""
    key, aside = step.arg["en"], len(t.aside)
    if t.aside:  # what a deal or display set aside goes back into the deck, shuffled
        t.deck += t.aside
        t.returned += t.aside
        t.aside = []
        t.rng.shuffle(t.deck)
    t.piles.append((key, t.deck))
    t.labels[key] = step.arg
    t.deck, t.opened, t.drawn = [], [], False
    return {"cards": len(t.piles[-1][1]), "aside": aside}


def _run_place(t: _Table, step: Step, n: int) -> dict:
    """Every card of the kinds named, open on the table for everyone: tokens, boards, a supply."""
    placed = [x for x in t.box if x[0].kind in step.arg and step.selects(x[0], t.players)]
    t.box = _without(t.box, placed)
    t.shown.setdefault(step.name or "supply", []).extend(placed)
    if step.counted:
        t.counted.setdefault(step.name or "supply", []).extend(step.counted)
    return {"cards": len(placed), "shown": placed}


def _without(box: list, taken: list) -> list:
    """The box without the copies a step took from it."""
    gone = {id(x) for x in taken}
    return [x for x in box if id(x) not in gone]


def _run_note(t: _Table, step: Step, n: int) -> dict:
    return {}


def _run_unused(t: _Table, step: Step, n: int) -> dict:
    """The cards of those kinds left in the box stay there, unused: the deal does not hold them."""
    left = [x for x in t.box if x[0].kind in step.arg]
    t.box = [x for x in t.box if x[0].kind not in step.arg]
    return {"cards": len(left)}


_RUN = {"shuffle": _shuffle, "remove": _run_remove, "deal": _run_deal, "give": _run_give,
        "display": _run_display, "piles": _run_piles, "pile": _run_pile, "place": _run_place, "note": _run_note,
        "unused": _run_unused}


def check_leftovers(spec: Spec, steps: list[Step], players: list[int], variants: list[str], report: Report,
                    dummies: dict | None = None) -> None:
    """A warning at each shuffle that adds to a deck still holding cards an earlier step left
    (Coloretto's spare row cards mixed into the colour cards), for every player count and
    variant it happens with: the steps run without shuffling, since how many cards each step
    leaves is the same in every deal."""
    found: dict[int, list] = {}
    verdicts: dict[tuple, bool] = {}
    for v in [None, *variants]:
        for p in players:
            table = _Table(spec, p, _Unshuffled(), (dummies or {}).get(p, 0))
            table.verdicts = verdicts  # the spec and steps live through every run: the ids stay theirs
            try:
                _run_all(table, steps, p, v)
            except SetupError:
                pass  # the deal itself fails there: `pnp setup` says so, naming the step
            for n, cards, kinds, sources in table.leftovers:
                found.setdefault(n, []).append((p, v, cards, kinds, sources))
    for n, cases in found.items():
        step = steps[n - 1]
        report.warning(step.loc, "DECLARE-LEFTOVER", f"setup step {n} (shuffle) adds the {' and '.join(step.arg)} cards "
                       f"to a deck that still holds {_left(cases, players, variants)}: they would be shuffled in "
                       "unseen; lay them out first with a pile step (such as  - { pile: spare }) before this one",
                       stage="input")


def _left(cases: list, players: list[int], variants: list[str]) -> str:
    """'the 2 row cards setup step 1 left with 3 players', or, when the number differs, 'the row
    cards setup step 1 left (2 with 3 players, 1 with 4 players)'."""
    _, _, _, kinds, sources = cases[0]
    what = f"{kinds[0]} card" if len(kinds) == 1 else "card"
    of = "" if len(kinds) == 1 else f" (of {' and '.join(kinds)})"
    by = f"setup step {one_of(map(str, sources))}"
    counts: dict[int, list] = {}
    for case in cases:
        counts.setdefault(case[2], []).append(case)
    if len(counts) == 1:
        return f"the {plural(cases[0][2], what)}{of} {by} left{_when(cases, players, variants)}"
    each = ", ".join(f"{n}{_when(cs, players, variants)}" for n, cs in counts.items())
    return f"the {what}s{of} {by} left ({each})"


def _when(cases: list, players: list[int], variants: list[str]) -> str:
    """' with 3 or 4 players', ' in the short variant', both, or '' when it is so for every game."""
    counts = sorted({p for p, *_ in cases})
    kinds = list(dict.fromkeys(v for _, v, *_ in cases))
    said = ""
    if counts != players:
        said += f" with {one_of(map(str, counts))} players" if counts != [1] else " with 1 player"
    if kinds != [None, *variants]:
        said += " " + " and ".join(f"in the {v} variant" if v else "without a variant" for v in kinds)
    return said


def resolve_setup_bounds(rules: list, steps: list[Step], players: list[int], report: Report) -> None:
    """Each count rule's `exactly: setup` becomes the number of cards of its kind that the setup's
    steps take — for every player count, a number per player count when it differs — and the
    rule's message says what takes them. A setup that does not fix the number (the rest goes to a
    pile, cards are removed, the deck mixes kinds) is an error at the bound."""
    from .rules import SETUP, WORDS, Bound

    for rule in rules:
        if rule.bound is None or rule.bound.value != SETUP:
            continue
        taken, why = {}, None
        for p in players:
            mine = [s for s in steps if s.applies(p, None)]  # the game without a variant
            deck = {k for s in mine if s.what == "shuffle" for k in s.arg}
            fixed = [s for s in mine if s.what in ("deal", "display", "piles")]
            if deck != {rule.kind} or not fixed or any(s.what in ("pile", "remove") for s in mine):
                why = ("no setup step shuffles it into the deck" if rule.kind not in deck else
                       f"the setup's deck holds {' and '.join(sorted(deck))}" if deck != {rule.kind} else
                       "the setup leaves the rest of the deck in a pile, or removes cards" if fixed else
                       "no setup step deals, shows or piles a number of cards")
                break
            taken[p] = sum(_count(s.arg, p) * (p if s.what == "deal" else 1) if s.what != "piles"
                           else sum(_count(s.arg, p)) for s in fixed)
        if why is not None:
            report.error(rule.bound.loc, "DECLARE-RULE", f"rule {rule.code}: 'exactly: setup' needs a setup that takes "
                                                         f"a fixed number of {rule.kind} cards, but {why}; write the "
                                                         "number instead")
            rule.bound = None
            continue
        same = len(set(taken.values())) == 1
        rule.bound = Bound("exactly", next(iter(taken.values())) if same else taken, rule.bound.loc,
                           None if same else "players")
        said = []
        for s in fixed:
            if s.what == "piles" and not isinstance(s.arg, dict):
                n = len(s.arg)
                said.append(f"the pile of {s.arg[0]}" if n == 1 else
                            f"the {WORDS[n] if n < len(WORDS) else n} piles of {'+'.join(map(str, s.arg))}")
            elif s.what == "deal" and not isinstance(s.arg, dict):
                said.append(f"{plural(s.arg, 'card')} to each player")
            elif s.what == "display" and not isinstance(s.arg, dict):
                said.append(f"{plural(s.arg, 'card')} face up")
        if same and len(said) == len(fixed):
            rule.why = f" ({' and '.join(said)} that setup deals for any player count)"
        else:
            rule.why = " (what setup deals for that many players)"
