"""Pi mal Pflaumen's rules model in Python: what its art, its checks and its scorer read.

Everything the rules fix is data in game.yaml beside this file — the fruits and their colours,
the rounds, their numbers and backs, the actions, the card counts, the removal and the tricks per
player count, the turn-order cards in use, the veteran variant — and the names below read it from
the declaration when first asked for (`FRUITS`, `ROUNDS`, `TRICKS`, …): a number is written there
once. What stays here is what is no declared fact: the card art's words and backs, the grammar of
a fruit-mix pattern and the end-of-game scoring.
"""
from __future__ import annotations

import math
import re
from functools import cache
from itertools import pairwise
from typing import Any

from ...records import record
from ..base import Named

GAME = "pi-mal-pflaumen"
Fruit = Named
PLUM = "plum"  # the fruit of the 25th card of a round and of the plum cards: a plum in a mix, never a joker
PER_FRUIT = 3  # cards of each fruit but the plum in each round: validate.py's PMP-FRUITS


@record(frozen=True)
class Round:
    numeral: str
    back: str  # the back design kind of this round's cards
    stage: dict  # the stage of the butterfly's life on the back, en / zh-TW


PI_TEXT = "+3.14…"  # what a pi card adds to the number played
# Reminders printed on the cards (the seed's wording where it has one). Plum cards print none:
# the seed gives them no special function (they count in a mix as plums, like any fruit card).
NOTES = {
    "pi": {"en": "Add to the number you play", "zh-TW": "加到你打出的數字上"},
    "watchdog": {"en": "No one can steal from you", "zh-TW": "其他玩家不能從你這裡偷卡片"},
    "last": {"en": "Last pick: take a plum card", "zh-TW": "最後挑選：獲得一張梅子卡"},
}
# Backs that are not a round's: plum and pi cards show their face on both sides; the watchdog
# shows a second dog.
SAME_FACE_BACK = "same-face"
WATCHDOG_BACK = "second-dog"
KIND_BACKS = {"plum": SAME_FACE_BACK, "pi": SAME_FACE_BACK, "watchdog": WATCHDOG_BACK}


# -- read from game.yaml -----------------------------------------------------------------------------


def declared():
    """The game's declaration (game.yaml), as the registry read it."""
    from .. import GAMES

    return GAMES[GAME].declared


def _attrs(field: str) -> dict[str, dict[str, Any]]:
    return declared().kinds.choices[field]


def _legal(kind: str, field: str) -> tuple[int, ...]:
    return declared().kinds.type_of(kind, field).legal


def _fruits() -> dict[str, Fruit]:
    out = {}
    for fruit in declared().kinds.type_of("fruit", "fruit").options():
        attrs = _attrs("fruit")[fruit]
        out[fruit] = Fruit(fruit, attrs["name"]["en"], attrs["name"]["zh-TW"], attrs["colour"])
    return out


def _rounds() -> dict[int, Round]:
    return {r: Round(a["numeral"], a["back"], a["stage"]) for r in _legal("fruit", "round")
            for a in [_attrs("round")[str(r)]]}


def _actions() -> dict[str, dict]:
    return {a: {**attrs["name"], "short": attrs["short"]} for a, attrs in _attrs("action").items()}


def _count(kind: str) -> int:
    """The number of cards of a kind the rules fix (its count rule's `exactly`)."""
    return next(r.bound.value for r in declared().rules if r.measure == "count" and r.kind == kind and not r.where)


def _fruit_cards() -> int:
    rule = next(r for r in declared().rules if r.measure == "every" and r.kind == "fruit" and r.total)
    return rule.bound.value * len(rule.combos)


def _names() -> dict[str, dict[str, str]]:
    """The names printed on the plum, pi and watchdog cards (their `name` field's default) and the
    word of a turn-order card (its name template's words before the number)."""
    d = declared()
    out = {k: next(f.default for f in d.kinds.fields[k] if f.name == "name") for k in ("plum", "pi", "watchdog")}
    out["turn-order"] = {lang: parts[0].strip() for lang, parts in d.names["turn-order"].items()}
    return out


def _step(what: str, test=lambda s: True):
    return next(s for s in declared().steps if s.what == what and test(s))


def _removed() -> dict[int, tuple[int, ...]]:
    """The numbers each player count removes from each round's pile (the remove steps' `number`)."""
    where = _step("remove").arg["where"]
    return {p: tuple(where.at(p)[0]["number"]) for p in declared().players}


def _tricks() -> dict[int, int]:
    """Each player count's cards a hand a round, one a trick: the deal step's."""
    arg = _step("deal").arg
    return {p: arg[p] if isinstance(arg, dict) else arg for p in declared().players}


def _in_use(players: int) -> list[tuple[int, bool]]:
    """The turn-order cards (position, plum mark) the setup places for this many players."""
    from ...load.spec import Item

    where = _step("place", lambda s: "turn-order" in s.arg).where
    cards = [(p, m) for p in _legal("turn-order", "position") for m in (False, True)]
    return [(p, m) for p, m in cards if where.matches(Item("t", "turn-order", {"position": p, "plum": m}, {}, None), players)]


def _turn_order() -> tuple[tuple[int, bool], ...]:
    """The turn-order cards of the game: every card some player count uses."""
    return tuple(sorted({card for n in declared().players for card in _in_use(n)}))


_READ = {
    "FRUITS": _fruits, "ROUNDS": _rounds, "ACTIONS": _actions, "NAMES": _names,
    "NUMBERS": lambda: _legal("fruit", "number"),
    # the last (25th) card of each round shows a plum, used with 5 players only: validate.py's PMP-PLUM-25
    "PLUM_NUMBER": lambda: max(_legal("fruit", "number")),
    "FRUIT_CARDS": _fruit_cards, "PLUM_CARDS": lambda: _count("plum"), "PI_CARDS": lambda: _count("pi"),
    "WATCHDOGS": lambda: _count("watchdog"), "PLAYERS": lambda: tuple(declared().players),
    "VARIANTS": lambda: tuple(declared().variants), "REMOVED": _removed, "TRICKS": _tricks,
    "TURN_ORDER": _turn_order,
}


@cache
def __getattr__(name: str) -> Any:
    """FRUITS, ROUNDS, ACTIONS, NAMES, NUMBERS, PLUM_NUMBER, the card counts, PLAYERS, VARIANTS, REMOVED,
    TRICKS and TURN_ORDER: read from game.yaml when first asked for."""
    if name not in _READ:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _READ[name]()


# A fruit mix is a letter pattern, each letter a fruit kind (a plum card is a plum, not a joker). Well-formed:
#   - capital letters only, MIX_LEAST to one a fruit of them;
#   - each letter in one run (AABA is not a pattern: write AAAB);
#   - the runs use A, B, C, ... in order, none skipped (ABD, BA are not patterns);
#   - runs never grow from left to right (ABB is written AAB), so each mix has one spelling;
#   - at most as many letters as there are fruits.
MIX_LEAST = 2
_RUNS = re.compile(r"(([A-Z])\2*)")


def mix_problem(pattern: str) -> str | None:
    """Why `pattern` is not a well-formed fruit mix, or None when it is."""
    lo, hi = MIX_LEAST, len(__getattr__("FRUITS"))
    if not re.fullmatch(r"[A-Z]+", pattern):
        return "a pattern is capital letters A-Z only"
    if not lo <= len(pattern) <= hi:
        return f"a pattern has {lo} to {hi} letters"
    runs = [m.group(1) for m in _RUNS.finditer(pattern)]
    letters = [r[0] for r in runs]
    if len(set(letters)) != len(letters):
        return "each letter stands in one run (write AAAB, not AABA)"
    expected = [chr(ord("A") + i) for i in range(len(runs))]
    if letters != expected:
        return f"the runs use the letters {''.join(expected)} in order"
    if any(len(a) < len(b) for a, b in pairwise(runs)):
        return f"runs never grow from left to right (write {canonical(pattern)})"
    if len(runs) > hi:
        return f"a pattern names at most {hi} different fruits"
    return None


def canonical(pattern: str) -> str:
    """The one well-formed spelling of a pattern's shape: runs longest first, lettered A, B, ..."""
    sizes = sorted((pattern.count(ch) for ch in dict.fromkeys(pattern)), reverse=True)
    return "".join(chr(ord("A") + i) * n for i, n in enumerate(sizes))


def kept_numbers(players: int) -> list[int]:
    """The numbers of each round's pile that stay in the game for this many players."""
    removed = __getattr__("REMOVED")[players]
    return [n for n in __getattr__("NUMBERS") if n not in removed]


def turn_order_for(players: int) -> list[tuple[int, bool]]:
    """The turn-order cards in use: 1..N, the highest with the plum mark (game.yaml's setup)."""
    return _in_use(players)


# -- End-of-game scoring (`pnp score pi-mal-pflaumen`) --------------------------------------------
# The seed: only fruit mixes score — the laurel number of every mix a player made (its card lies
# face down in front of them) — and at the end of the game each player may still make mixes from
# their display (not in the veteran variant). A mix takes the card showing it plus display cards
# matching its letters, each letter one fruit, different letters different fruits; the card
# showing the mix may be one of them. Plum cards are plums like any fruit card; pi cards and the
# watchdog score nothing. Ties: the most fruit cards left in the display.


@record(frozen=True)
class Held:
    """A card in a player's display at the end of the game."""

    card: str  # the spec id
    fruit: str | None  # a plum card is a plum; a pi card or the watchdog shows no fruit
    mix: tuple[str, int] | None = None  # (pattern, laurel points) of a fruit card that shows one


def runs(pattern: str) -> list[int]:
    """How many cards each letter of a mix asks for, most first: AAB -> [2, 1]."""
    return sorted((pattern.count(ch) for ch in dict.fromkeys(pattern)), reverse=True)


def best_final_mixes(display: list[Held]) -> tuple[int, list[dict]]:
    """The fruit mixes a player makes from their display at the end, chosen exactly: the most
    points, and of those the fewest cards used (the tie-break counts the cards left). Returns
    (points, [{"card": index of the mix card, "pattern", "points", "fruits": one per letter,
    "cards": display indices used, the mix card first}])."""
    fruits = sorted({h.fruit for h in display if h.fruit})
    counts = tuple(sum(h.fruit == f for h in display) for f in fruits)
    makers = [(i, fruits.index(h.fruit), runs(h.mix[0]), h.mix[1]) for i, h in enumerate(display)
              if h.mix and h.fruit and h.mix[1] > 0]  # a mix worth nothing only uses cards up
    makers.sort(key=lambda m: (-m[3] / sum(m[2]), -m[3]))  # the best points a card first
    search = _Search(makers, counts)
    search.run()
    return search.best[0], _allocate(display, fruits, search.plan)


class _Search:
    """Branch and bound over the mix cards, each made or left in the display; which fruits each
    made mix takes is a separate question, asked of the set of mixes made so far (`_Packing`).

    Bound: a set F of fruits, the t with the most cards, holds at most t letters of a mix, so a
    mix takes at least its cards but its t longest runs from outside F, and at least one (its own
    card) when its fruit is outside F; the cards outside F pay for that. Each t gives a fractional
    knapsack of the open mix cards; the smallest is the bound (t = 0 is every card, t = 1 the
    cards that are no plum when the plums pile up). Of equal points, the fewest cards: a second
    fractional knapsack gives the fewest cards that still reach the best points.

    A set's extra cards (mix cards whose own fruit is not in their mix) are known between a
    lower bound and the way found to pay for it; the fewest is searched for only when it decides
    between two sets of equal points, and for the set chosen at the end."""

    def __init__(self, makers: list[tuple[int, int, list[int], int]], counts: tuple[int, ...]):
        self.makers, self.counts = makers, counts
        self.packing = _Packing([(m[1], m[2]) for m in makers], counts)
        n, heavy = len(makers), sorted(range(len(counts)), key=lambda f: -counts[f])
        self.cuts = []  # per t: (cards outside F, each mix card's least cards from outside F)
        for t in range(len(counts)):
            inside = set(heavy[:t])
            need = [max(sum(r) - sum(r[:t]), int(own not in inside)) for _, own, r, _ in makers]
            self.cuts.append((sum(counts) - sum(counts[f] for f in inside), need))
        # per t and per k: the open mix cards k.. as (cards, points), the free ones first, then by
        # points a card
        self.open = []
        for _, need in self.cuts:
            ranked = sorted(range(n), key=lambda j: -makers[j][3] / need[j] if need[j] else -math.inf)
            self.open.append([[(need[j], makers[j][3]) for j in ranked if j >= k] for k in range(n + 1)])
        self.top = _Made(0, (), 0, 0, 0, counts, ())  # the best set so far

    def run(self) -> None:
        self._visit(0, self.top, [0] * len(self.cuts))
        self._exact(self.top)
        self.best = (self.top.points, -self.top.used)
        self.plan = tuple((self.makers[j][0], a) for j, a in sorted(self.top.plan))

    def _visit(self, k: int, node: _Made, spent: list[int]) -> None:
        """`spent`: per t, the least cards the mixes made take from outside its F (t = 0: all the
        cards they use, the fewest extra cards they may need too)."""
        self._offer(node)
        if k == len(self.makers) or self._cut(k, node, spent):
            return
        _, own, sizes, worth = self.makers[k]
        spent_k = [s + need[k] for s, (_, need) in zip(spent, self.cuts)]
        if all(s <= cap for s, (cap, _) in zip(spent_k, self.cuts)):
            child = self._add(k, node)
            if child:
                spent_k[0] += child.least - node.least
                self._visit(k + 1, child, spent_k)
        self._visit(k + 1, node, spent)  # this card stays in the display

    def _offer(self, node: _Made) -> None:
        """Keep `node` if it beats the best so far: more points, or as many and fewer cards."""
        top = self.top
        if node is top:
            return
        if node.points != top.points:
            if node.points > top.points:
                self.top = node
            return
        if node.size + node.extra < top.size + top.least:
            self.top = node
            return
        if node.size + node.least >= top.size + top.extra:
            return
        self._exact(node)
        self._exact(top)
        if node.used < top.used:
            self.top = node

    def _exact(self, node: _Made) -> None:
        """The fewest extra cards `node`'s set needs, and a way to pay for it with them."""
        if node.least < node.extra:
            packed = self.packing.pack(node.made, node.least, node.extra)
            if packed is not None:
                node.extra, node.left, node.plan = packed
            node.least = node.extra

    def _cut(self, k: int, node: _Made, spent) -> bool:
        """Whether no way on from here beats the best: the open cards' points bound first."""
        top = min(_knapsack(self.open[t][k], cap - s) for t, ((cap, _), s) in enumerate(zip(self.cuts, spent)))
        points = node.points + top
        if points != self.top.points:
            return points < self.top.points
        fewest = node.size + node.least + _fewest_cards(self.open[0][k], points - node.points)
        if fewest >= self.top.size + self.top.extra:
            return True
        if fewest < self.top.size + self.top.least:
            return False
        self._exact(self.top)
        return fewest >= self.top.used

    def _add(self, k: int, node: _Made) -> _Made | None:
        """Mix card k made as well, or None when the fruits cannot pay for it beside the others."""
        _, own, sizes, worth = self.makers[k]
        made, size = (*node.made, k), node.size + sum(sizes)
        fit = _fit(sizes, node.left, own)  # beside the way the others are paid for
        if fit:
            assign, left, extra = fit
            return _Made(node.points + worth, made, size, node.least, node.extra + extra, left,
                         (*node.plan, (k, assign)))
        found = self.packing.find(made, node.least)  # all of them paid for anew
        return None if found is None else _Made(node.points + worth, made, size, *found)


class _Made:
    """A set of mix cards made: points, cards (sizes), the fewest extra cards it may need
    (`least`) and the extra cards, counts left and plan of a way found to pay for it."""

    __slots__ = ("points", "made", "size", "least", "extra", "left", "plan")

    def __init__(self, points, made, size, least, extra, left, plan):
        self.points, self.made, self.size, self.least, self.extra = points, made, size, least, extra
        self.left, self.plan = left, plan

    @property
    def used(self) -> int:
        return self.size + self.extra


def _knapsack(items, cards: int) -> int:
    """The most points (cards, points) items make in `cards`, an item taken in part, rounded down
    (points are whole): items with no cost first, then the best points a card."""
    if cards < 0:
        return -1
    total = 0
    for size, points in items:
        if size > cards:
            return total + points * cards // size
        total += points
        cards -= size
    return total


def _fewest_cards(items, points: int) -> int:
    """The fewest cards (cards, points) items (the best points a card first) take to make `points`,
    an item taken in part, rounded up."""
    cards = 0
    for size, worth in items:
        if worth >= points:
            return cards + -(-size * points // worth)
        cards += size
        points -= worth
    return cards if points <= 0 else 1 << 30


def _fit(sizes: list[int], left: tuple[int, ...], own: int):
    """A way to pay for one mix from the counts left, as (fruit per run, counts left, extra card),
    with its own fruit in the mix when it can be, or None. A run fits a fruit with as many cards
    left; runs longest first each take the fruit with the fewest cards that still fits, which
    finds a way whenever there is one (each run's fruits include the longer runs' fruits)."""
    def match(runs_at):
        free = sorted((left[f], f) for f in range(len(left)) if f != own)
        out = {}
        for j in runs_at:
            for p, (n, f) in enumerate(free):
                if n >= sizes[j]:
                    out[j] = f
                    del free[p]
                    break
            else:
                return None
        return out

    tried = set()
    for j, size in enumerate(sizes):
        if size <= left[own] and size not in tried:
            tried.add(size)
            rest = match([x for x in range(len(sizes)) if x != j])
            if rest is not None:
                rest[j] = own
                return _paid(sizes, left, rest, 0, own)
    rest = match(range(len(sizes))) if left[own] >= 1 else None
    return _paid(sizes, left, rest, 1, own) if rest is not None else None


def _paid(sizes, left, chosen: dict, extra: int, own: int):
    out = list(left)
    for j, f in chosen.items():
        out[f] -= sizes[j]
    out[own] -= extra
    return tuple(chosen[j] for j in range(len(sizes))), tuple(out), extra


class _Packing:
    """Whether a set of mixes can all be paid for from the display's counts, and with how few
    extra cards: a depth-first search over the mixes, longest runs first, each mix's runs on
    distinct fruits. Cut where the cards left cannot pay (the cards outside the t fruits with
    most cards left pay for every open mix's cards but its t longest runs) or would need too many
    extra cards: a mix's own fruit holds one of its runs only with that run's cards left, so the
    open mixes of one fruit that fit in its cards left, smallest runs first, bound how many of
    them avoid an extra card. Fruits that are no open mix's own fruit and have as many cards left
    are alike, so only one of them is tried; a state that failed is remembered (by open mixes and
    counts, alike fruits sorted), and that memo is emptied when it grows large."""

    MEMO = 200_000

    def __init__(self, mixes: list[tuple[int, list[int]]], counts: tuple[int, ...]):
        self.mixes, self.counts = mixes, counts

    def find(self, members: tuple[int, ...], least: int):
        """A way to pay for the members, whatever its extra cards (own fruit first, so few), as
        (the fewest extra cards they may need, at least `least`; extra cards, counts left, plan),
        or None when there is none."""
        go, result, forced = self._search(members)
        least = max(least, forced)
        left = go(0, self.counts, len(members), least)
        return None if left is None else (least, *result(left))

    def pack(self, members: tuple[int, ...], least: int, most: int):
        """(extra cards, counts left, plan) for the members with the fewest extra cards, at least
        `least` (the caller knows no fewer can do) and below `most`, or None."""
        go, result, _ = self._search(members)
        for budget in range(least, most):
            left = go(0, self.counts, budget, least)
            if left is not None:
                return result(left)
        return None

    def _search(self, members: tuple[int, ...]):
        """The search for these members: (go, result, the fewest extra cards they need by their
        own fruits)."""
        mixes, nf = self.mixes, len(self.counts)
        items = sorted(members, key=lambda j: (-mixes[j][1][0], -sum(mixes[j][1])))
        n = len(items)
        owns = [mixes[j][0] for j in items]
        sizes = [mixes[j][1] for j in items]
        fixed = [frozenset(owns[i:]) for i in range(n + 1)]
        kept = [tuple(owns[i + 1:].count(f) for f in range(nf)) for i in range(n)]  # own cards of mixes after i
        keyed = [(tuple(f for f in range(nf) if f in fixed[i]), tuple(f for f in range(nf) if f not in fixed[i]))
                 for i in range(n + 1)]
        demand = [[0] * (nf + 1) for _ in range(n + 1)]  # cards but the t longest runs, mixes i..
        for i in range(n - 1, -1, -1):
            s = sum(sizes[i])
            for t in range(nf + 1):
                demand[i][t] = demand[i + 1][t] + max(s - sum(sizes[i][:t]), 0)
        # per own fruit of mixes i..: what holding its own fruit costs each of them beyond its own
        # card (its shortest run less one), cheapest first
        holds: list[list[tuple[int, list[int]]]] = [[] for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            by = {f: list(c) for f, c in holds[i + 1]}
            by.setdefault(owns[i], []).append(sizes[i][-1] - 1)
            holds[i] = [(f, sorted(c)) for f, c in by.items()]
        failed: dict = {}
        chosen = [None] * n

        def forced(i: int, left: tuple[int, ...]) -> int:
            """The fewest extra cards mixes i.. need by their own fruits' cards left (more than
            any budget when the own cards themselves are missing)."""
            out = 0
            for f, costs in holds[i]:
                room = left[f] - len(costs)
                if room < 0:
                    return n + 1
                inside = 0
                for c in costs:
                    if c > room:
                        break
                    room -= c
                    inside += 1
                out += len(costs) - inside
            return out

        def go(i: int, left: tuple[int, ...], budget: int, owed: int):
            """Mixes i.. paid from `left` with at most `budget` extra cards, at least `owed` (the
            fewest the whole set needs, less those already taken): the counts left, or None."""
            if i == n:
                return left
            least = forced(i, left)
            if least > budget:
                return None
            need, room = demand[i], sum(left)
            if need[0] + max(owed, least) > room:
                return None
            for t, c in enumerate(sorted(left, reverse=True)):
                if need[t] > room:
                    return None
                if not need[t + 1]:
                    break
                room -= c
            mine, alike = keyed[i]
            key = (i, tuple(left[f] for f in mine), tuple(sorted(left[f] for f in alike)))
            if failed.get(key, -1) >= budget:
                return None
            for a, left_a, extra in _choices(sizes[i], left, owns[i], fixed[i], kept[i]):
                if extra <= budget:
                    done = go(i + 1, left_a, budget - extra, max(owed - extra, 0))
                    if done is not None:
                        chosen[i] = a
                        return done
            if len(failed) > self.MEMO:
                failed.clear()
            failed[key] = budget
            return None

        def result(left):
            extra = sum(owns[i] not in chosen[i] for i in range(n))
            return extra, left, tuple(sorted(zip(items, chosen)))

        return go, result, forced(0, self.counts)


def _choices(sizes: list[int], left: tuple[int, ...], own: int, fixed: frozenset, kept: tuple[int, ...]):
    """Every way to give each run of a mix its own fruit that the counts left pay for, as (fruit
    per run, counts left, extra card): the mix card counts as its fruit, or is one card more when
    its fruit is not in the mix. Its own fruit first, then the fruits with most cards left. Equal
    runs take fruits in that order (no repeats), and of fruits not in `fixed` with as many cards
    left only the first unused is tried (they are alike). `kept`: the cards of each fruit that
    stay for the mix cards still to come (their own cards)."""
    order = sorted((f for f in range(len(left)) if left[f] - kept[f] >= sizes[-1]),
                   key=lambda f: (f != own, -left[f], f))
    pos = {f: p for p, f in enumerate(order)}
    prev, last = {}, {}
    for f in order:
        if f not in fixed:
            prev[f] = last.get(left[f])
            last[left[f]] = f
    chosen: list[int] = []
    counts = list(left)

    def place(j: int):
        if j == len(sizes):
            if own in chosen:
                yield tuple(chosen), tuple(counts), 0
            elif counts[own] > kept[own]:
                counts[own] -= 1
                yield tuple(chosen), tuple(counts), 1
                counts[own] += 1
            return
        size = sizes[j]
        for p in range(pos[chosen[-1]] + 1 if j and sizes[j - 1] == size else 0, len(order)):
            f = order[p]
            if counts[f] - kept[f] < size or f in chosen or (prev.get(f) is not None and prev[f] not in chosen):
                continue
            chosen.append(f)
            counts[f] -= size
            yield from place(j + 1)
            counts[f] += size
            chosen.pop()

    yield from place(0)


def _allocate(display: list[Held], fruits: list[str], plan: tuple) -> list[dict]:
    """Which display cards each planned mix takes: its own card, then cards of each letter's fruit
    (plain cards before cards that show a mix). The counts in the plan guarantee enough."""
    makers = {m for m, _ in plan}
    taken = set(makers)
    order = sorted(range(len(display)), key=lambda i: display[i].mix is not None)
    out = []
    for m, assign in plan:
        held = display[m]
        pattern, points = held.mix
        cards = [m]
        for size, f in zip(runs(pattern), assign):
            need = size - (fruits[f] == held.fruit)
            for i in order:
                if need and i not in taken and display[i].fruit == fruits[f]:
                    taken.add(i)
                    cards.append(i)
                    need -= 1
        out.append({"card": m, "pattern": pattern, "points": points, "fruits": [fruits[f] for f in assign],
                    "cards": cards})
    return out


def score_player(made: list[int], display: list[Held], veteran: bool = False) -> dict:
    """A player's points: the laurels of the mixes made during play, plus (not veteran) the best
    mixes left in the display at the end; and the fruit cards left there for the tie-break."""
    points, final = (0, []) if veteran else best_final_mixes(display)
    used = {i for mix in final for i in mix["cards"]}
    left = sum(1 for i, h in enumerate(display) if h.fruit and i not in used)
    return {"total": sum(made) + points, "mixes": sum(made), "final": points, "final_mixes": final,
            "fruit_cards_left": left}


def tie_key(result: dict) -> tuple[int, int]:
    """What decides the winner: points, then the most fruit cards left in the display."""
    return result["total"], result["fruit_cards_left"]
