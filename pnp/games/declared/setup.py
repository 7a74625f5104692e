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
    note: {en, zh-TW}           a sentence for the people setting up, nothing dealt

and optionally `name: KEY` (the key the deal's data holds the step's cards under, in place of
`given`, `table` or `piles`: GEM's `coins` and `piles`) and `text: {en, zh-TW}` (the sentence the
setup prints for the step, in place of its own line; `{cards}`, `{each}`, `{piles}`, `{sizes}`,
`{players}` are its numbers).

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
from ...load.schema import INVALID, Id, Int, ListOf, Localized, Text
from ...load.spec import Item, Spec
from ...load.yamlload import Node, type_name
from ..base import CARD_KEYS, SetupError, SetupResult, card_json, seat_name
from .kinds import Broken, Kinds
from .rules import _matches, _where, values_of

STEPS = ("shuffle", "remove", "deal", "give", "display", "piles", "pile", "note")
LIMITS = ("players", "variant")
EXTRAS = ("distinct", "name", "text")
TEXT_VALUES = ("cards", "each", "piles", "sizes", "players")
STEP_VALUES = {"give": ("cards", "each", "players"), "deal": ("cards", "each", "players"),
               "display": ("cards", "players"), "piles": ("cards", "piles", "sizes", "players"),
               "pile": ("cards", "players"), "shuffle": ("cards", "players"), "remove": ("cards", "players"),
               "note": ("players",)}  # what a step's text may say: the numbers that step has
MAX_DEAL = 999


@dataclass
class Step:
    what: str
    arg: Any
    loc: Loc
    players: list[int] | None = None
    variant: str | None = None
    distinct: str | None = None
    name: str | None = None  # the key its cards go under in the deal's data
    text: dict[str, str] | None = None  # what the setup says for it, by language

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
    steps, nodes = [], []
    for i, child in enumerate(node.value, 1):
        step = _step(child, kinds, players, variants, report, f"setup step {i}")
        if step is not None:
            steps.append(step)
            nodes.append((i, child))
    _check_names(steps, nodes, report)
    return steps


# The deal's own keys, and the unnamed steps whose cards go under each (box and removed: always).
OWN_KEYS = {"table": ("display",), "given": ("give",), "piles": ("piles", "pile"), "hand": ("deal",),
            "box": (), "removed": (), "deck": ()}


def _check_names(steps: list[Step], nodes: list, report: Report) -> None:
    """A step's name may not take a key the deal's data already fills: the cards under it would be lost."""
    for step, (i, node) in zip(steps, nodes):
        if step.name not in OWN_KEYS:
            continue
        others = [n for s, (n, _) in zip(steps, nodes) if s.what in OWN_KEYS[step.name] and s.name is None]
        if step.name in ("box", "removed", "deck") or others:
            why = (f"it holds {'what no step puts into play' if step.name == 'box' else 'the cards set aside' if step.name == 'removed' else 'the rest of the deck'}"
                   if not others else f"setup step {others[0]} puts its cards there")
            report.error(node.key_loc("name"), "DECLARE-KEY", f"'name' of setup step {i} is '{step.name}', a key the "
                                                              f"deal's data has already ({why}); name it otherwise")


def _step(node: Node, kinds: Kinds, players: list[int], variants: list[str], report: Report, what: str) -> Step | None:
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
    if "name" in node.value:
        n = Id().read(node.value["name"], report, f"'name' of {what}")
        if n is INVALID:
            return None
        if kind in ("shuffle", "remove", "note", "pile"):
            report.error(node.key_loc("name"), "DECLARE-KEY", f"'name' of {what}: a {kind} step puts no cards of its "
                                                              "own in the deal's data" + ("; its pile is named by "
                                                              "pile: NAME" if kind == "pile" else ""))
            return None
        step.name = n
    if "text" in node.value:
        step.text = _sentence(node.value["text"], report, f"'text' of {what}", STEP_VALUES[kind])
        if step.text is None:
            return None
    return step


def _sentence(node: Node, report: Report, what: str, offered: tuple[str, ...] = TEXT_VALUES) -> dict[str, str] | None:
    """A sentence in one or both languages; its `{…}` are the step's numbers, checked here."""
    import string

    text = Localized(1000).read(node, report, what)
    if text is INVALID:
        return None
    text = text if isinstance(text, dict) else {"en": text}
    for lang, t in text.items():
        try:
            names = [(n, spec, conv) for _, n, spec, conv in string.Formatter().parse(t) if n is not None]
        except ValueError:
            report.error(node.loc, "DECLARE-MESSAGE", f"{what} ({lang}) has a lone brace; write {{{{ or }}}} for the "
                                                      "brace itself")
            return None
        for n, spec, conv in names:
            if n not in offered or spec or conv:
                report.error(node.loc, "DECLARE-MESSAGE", f"{what} ({lang}) has the placeholder '{{{n}}}'; this step's "
                                                          f"text can use {', '.join('{' + v + '}' for v in offered)}")
                return None
    return text


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


def _note(node, kinds, players, report, what):
    return _sentence(node, report, what, STEP_VALUES["note"])


_READERS = {"shuffle": _kinds_list, "remove": _remove, "deal": _per_players, "give": _give,
            "display": _per_players, "piles": _sizes, "pile": _pile, "note": _note}


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
    """The cards as the steps move them, and what each step did (for the words of the deal)."""

    def __init__(self, spec: Spec, players: int, rng: random.Random):
        self.box = [(c, k) for c, k in spec.copies(*{c.kind for c in spec.components})]
        self.deck: list[tuple[Item, int]] = []
        self.players, self.rng = players, rng
        self.seats = [seat_name(p) for p in range(1, players + 1)]
        self.hands: dict[str, dict[str, list]] = {s: {} for s in self.seats}  # seat -> group -> cards
        self.given: dict[str, dict[str, list]] = {}  # group -> seat -> cards
        self.shown: dict[str, list] = {}  # group -> cards face up
        self.removed: list = []
        self.piles: list[tuple[str, list]] = []
        self.grouped: dict[str, list[list]] = {}  # a named piles step: its piles, in order
        self.said: list[tuple[Step, dict]] = []  # each step run, with its numbers

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
            numbers = _RUN[step.what](table, step, number) or {}
            table.said.append((step, {"players": players, **numbers}))
    return table


def _shuffle(t: _Table, step: Step, n: int) -> dict:
    t.deck += [x for x in t.box if x[0].kind in step.arg]
    t.box = [x for x in t.box if x[0].kind not in step.arg]
    t.rng.shuffle(t.deck)
    return {"cards": len(t.deck)}


def _run_remove(t: _Table, step: Step, n: int) -> dict:
    def gone(x):
        return x[0].kind in step.arg["kinds"] and _matches(x[0], step.arg["where"])

    out = [x for x in t.deck + t.box if gone(x)]
    t.removed += out
    t.deck = [x for x in t.deck if not gone(x)]
    t.box = [x for x in t.box if not gone(x)]
    return {"cards": len(out)}


def _count(arg: Any, players: int) -> int:
    return arg[players] if isinstance(arg, dict) else arg


def _run_deal(t: _Table, step: Step, n: int) -> dict:
    each = _count(step.arg, t.players)
    cards = t.take(each * t.players, step, n, f"deals {each} to each of {t.players} players")
    for i, s in enumerate(t.seats):
        t.hands[s].setdefault(step.name or "hand", []).extend(cards[i::t.players])
    return {"cards": len(cards), "each": each}


def _run_give(t: _Table, step: Step, n: int) -> dict:
    group = t.given.setdefault(step.name or "given", {s: [] for s in t.seats})
    mine: dict[str, list] = {s: [] for s in t.seats}
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
            group[s].append(hit)
            mine[s].append(hit)
    return {"cards": sum(len(cs) for cs in mine.values()), "each": len(names), "given": mine}


def _run_display(t: _Table, step: Step, n: int) -> dict:
    want = _count(step.arg, t.players)
    group = t.shown.setdefault(step.name or "table", [])
    if step.distinct is None:
        shown = t.take(want, step, n, f"shows {want} cards")
        group += shown
        return {"cards": want, "shown": shown}
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
    group += shown
    return {"cards": want, "shown": shown}


def _run_piles(t: _Table, step: Step, n: int) -> dict:
    sizes = _count(step.arg, t.players)
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
    return {"cards": len(cards), "piles": len(sizes), "sizes": sizes, "made": made}


def _run_pile(t: _Table, step: Step, n: int) -> dict:
    t.piles.append((step.arg, t.deck))
    t.deck = []
    return {"cards": len(t.piles[-1][1])}


def _run_note(t: _Table, step: Step, n: int) -> dict:
    return {}


_RUN = {"shuffle": _shuffle, "remove": _run_remove, "deal": _run_deal, "give": _run_give,
        "display": _run_display, "piles": _run_piles, "pile": _run_pile, "note": _run_note}


# The deal's own words, in both languages (`phrases` adds the framing every setup shares).
TEXT = {
    "title": {"en": "{title} for {players} players (seed {seed})", "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}）"},
    "title_variant": {"en": "{title} for {players} players (seed {seed}), {variant}",
                      "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}），{variant}"},
    "face_up": {"en": "  face up: {cards}", "zh-TW": "  正面朝上：{cards}"},
    "seat_cards": {"en": "  {seat}: {cards}", "zh-TW": "  {seat}：{cards}"},
    "pile": {"en": "  {pile}: {n}, face down", "zh-TW": "  {pile}：{n}，正面朝下"},
    "pile_n": {"en": "pile {n}", "zh-TW": "第 {n} 疊"},
    "deck": {"en": "deck", "zh-TW": "牌庫"},
    "removed": {"en": "  set aside (out of the game): {cards}", "zh-TW": "  放到一旁（不參與遊戲）：{cards}"},
    "box": {"en": "  left in the box, not in play: {cards}", "zh-TW": "  留在盒子裡，這局用不到：{cards}"},
    "nothing": {"en": "nothing", "zh-TW": "無"},
    "n_cards": {"en": "{n} cards", "zh-TW": "{n} 張"},
    "one_card": {"en": "1 card", "zh-TW": "1 張"},
}


def result(spec: Spec, table: _Table, seed: int, variant: str | None, lang: str, name, title: str) -> SetupResult:
    """The deal as data and as lines for a person, in `lang`, each step's lines in the order of the
    steps. `name(item, lang)` is a card's printed name."""
    from ..base import phrases

    word = phrases(TEXT, lang)

    def js(x):
        c = x[0]
        fields = {k: v for k, v in c.fields.items() if k not in ("id", "count", "back")}
        out = card_json(c, x[1], name(c, lang), kind=c.kind, **fields)
        if any(k in CARD_KEYS or k == "kind" for k in fields):  # a field called name, id, card or kind
            out["fields"] = fields  # its value in full, where the card's own keys do not hide it
        return out

    def listed(cards):
        return word("and").join(f"{name(c, lang)} [{c.id}]" for c, _ in cards) or word("nothing")

    def n_cards(n):
        return word("one_card") if n == 1 else word("n_cards", n=n)

    def pile_name(p):
        return word("pile_n", n=p.split()[-1]) if p.startswith("pile ") and p.split()[-1].isdigit() else p

    piles = table.piles + ([("deck", table.deck)] if table.deck else [])
    public: dict[str, Any] = {"table": [], "given": {}, "piles": {}, "removed": [js(x) for x in table.removed],
                              "box": [js(x) for x in table.box]}  # box: of kinds no shuffle step put into play
    public.update({g: [js(x) for x in cs] for g, cs in table.shown.items()})
    public.update({g: {s: [js(x) for x in cs] for s, cs in seats.items()} for g, seats in table.given.items()})
    public["piles"] = {p: len(cs) for p, cs in piles}
    hidden: dict[str, Any] = {"piles": {p: [js(x) for x in cs] for p, cs in piles}}
    if "piles" in table.grouped and table.deck:  # the named piles took the key: the rest of the deck has its own
        public["deck"], hidden["deck"] = len(table.deck), [js(x) for x in table.deck]
    for g, group in table.grouped.items():
        public[g] = [len(cs) for cs in group]
        hidden[g] = [[js(x) for x in cs] for cs in group]
    private = {s: {g: [js(x) for x in cs] for g, cs in groups.items()} or {"hand": []}
               for s, groups in table.hands.items()}
    data = {"game": spec.game, "players": table.players, "seed": seed, "variant": variant, "lang": lang,
            "public": public, "private": private, "hidden": hidden}

    from ..base import game_name

    shown_title = game_name(spec, lang) if lang != "en" else title
    lines = [word("title_variant" if variant else "title", title=shown_title, players=table.players, seed=seed,
                  variant=variant), "", word("table")]
    for step, numbers in table.said:
        text = None
        if step.text or step.what == "note":
            said = step.text or step.arg
            sizes = word("and").join(map(str, numbers.get("sizes", [])))
            text = (said.get(lang) or said["en"]).format(**{**numbers, "sizes": sizes})
            lines += [text] if step.what == "note" else ["", text]
        if step.what == "give":
            lines += [word("seat_cards", seat=word("seat", n=s.split()[-1]), cards=listed(cs))
                      for s, cs in numbers["given"].items() if cs]
        elif step.what == "display":
            lines.append(word("face_up", cards=listed(numbers["shown"])))
        elif text is None and step.what == "piles":
            made = dict(table.piles)
            made.update({f"{g} {i}": cs for g, group in table.grouped.items() for i, cs in enumerate(group, 1)})
            lines += [word("pile", pile=pile_name(p), n=n_cards(len(made[p]))) for p in numbers["made"]]
        elif text is None and step.what == "pile":
            cs = next(cs for p, cs in table.piles if p == step.arg)
            lines.append(word("pile", pile=step.arg, n=n_cards(len(cs))))
    if table.deck:
        lines.append(word("pile", pile=word("deck"), n=n_cards(len(table.deck))))
    if table.removed:
        lines.append(word("removed", cards=listed(table.removed)))
    if table.box:
        lines.append(word("box", cards=listed(table.box)))
    private_lines = {s: [f"  {listed(cs)}" for cs in groups.values() if cs] for s, groups in table.hands.items()}
    return SetupResult(data, lines, {s: ls for s, ls in private_lines.items() if ls})


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
            mine = [s for s in steps if s.applies(p, None) and s.variant is None]
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
