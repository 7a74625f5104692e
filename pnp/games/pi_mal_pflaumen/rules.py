"""Pi mal Pflaumen rules model: what is legal in a copy of the game, as data.

Everything here is RULE or FACT (../shared/games.md section 3 and the seed rulebook): the nine
fruits, the three rounds and their backs, the numbers of a round, the special actions, the card
counts, the turn-order set, the removal and tricks per player count, the veteran variant, and
the grammar of a fruit-mix pattern. The validator, `pnp setup pi-mal-pflaumen` and the card
renderer all read these tables; what one particular copy contains is in the spec.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import pairwise

from ..base import Named, by_id

Fruit = Named
FRUITS: dict[str, Fruit] = by_id(
    Fruit("apple", "Apple", "蘋果", "#c8312b"),
    Fruit("blackberry", "Blackberry", "黑莓", "#3a1f45"),
    Fruit("cherry", "Cherry", "櫻桃", "#a3132a"),
    Fruit("fig", "Fig", "無花果", "#7a4a6e"),
    Fruit("orange", "Orange", "橘子", "#ee8a17"),
    Fruit("pear", "Pear", "梨子", "#b9b93a"),
    Fruit("plum", "Plum", "梅子", "#4a3a8c"),
    Fruit("strawberry", "Strawberry", "草莓", "#e0282e"),
    Fruit("white-currant", "White currant", "白葡萄乾", "#e9dfa6"),
)
PLUM = "plum"  # one fruit card a round (the 25th), never three; plum cards count as plums in a mix


@dataclass(frozen=True)
class Round:
    numeral: str
    back: str  # the back design kind of this round's cards
    stage: dict  # the stage of the butterfly's life on the back, en / zh-TW


ROUNDS: dict[int, Round] = {
    1: Round("I", "caterpillar", {"en": "Caterpillar", "zh-TW": "幼蟲"}),
    2: Round("II", "pupa", {"en": "Pupa", "zh-TW": "蛹"}),
    3: Round("III", "butterfly", {"en": "Butterfly", "zh-TW": "蝴蝶"}),
}
NUMBERS = range(1, 26)  # every number once in each round
PER_FRUIT = 3  # cards of each fruit but the plum in each round
PLUM_NUMBER = 25  # the 25th card of each round shows a plum (used with 5 players only)
FRUIT_CARDS = len(ROUNDS) * len(NUMBERS)  # 75

# One-off actions on fruit cards, done when the card is taken (the seed: three kinds). `short`:
# the word printed under the action's icon, so no one tells the actions apart by colour alone.
ACTIONS: dict[str, dict] = {
    "watchdog": {"en": "Take the watchdog", "zh-TW": "拿取看門狗",
                 "short": {"en": "Watchdog", "zh-TW": "看門狗"}},
    "steal": {"en": "Steal a card", "zh-TW": "偷一張卡片",
              "short": {"en": "Steal", "zh-TW": "偷卡"}},
    "pi": {"en": "Take 3 pi cards", "zh-TW": "拿取 3 張 pi 卡",
           "short": {"en": "3 Pi", "zh-TW": "3 張 pi"}},
}
PI_PER_ACTION = 3

PLUM_CARDS = 18
PI_CARDS = 18
WATCHDOGS = 1
PI_TEXT = "+3.14…"  # what a pi card adds to the number played
NAMES = {
    "plum": {"en": "Plum", "zh-TW": "梅子"},
    "pi": {"en": "Pi", "zh-TW": "pi 卡"},
    "watchdog": {"en": "Watchdog", "zh-TW": "看門狗"},
    "turn-order": {"en": "Turn order", "zh-TW": "回合順位"},
}
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

# Turn-order cards: (position, shows the plum mark). With N players use 1..N, card N with the plum.
TURN_ORDER: tuple[tuple[int, bool], ...] = ((1, False), (2, False), (3, False), (3, True),
                                            (4, False), (4, True), (5, True))

PLAYERS = (3, 4, 5)
REMOVED: dict[int, tuple[int, ...]] = {3: tuple(range(19, 26)), 4: (25,), 5: ()}  # per round
TRICKS: dict[int, int] = {3: 6, 4: 6, 5: 5}  # per round; one card per player a trick

# Each variant's name and rule as the seed gives them (老手變體), in English and the seed's words.
VARIANTS = {"veteran": {"name": {"en": "veteran", "zh-TW": "老手變體"},
                        "rule": {"en": "Veteran: at most one fruit mix per trick, and none at the end of the game.",
                                 "zh-TW": "老手變體：每墩只能創建一組水果混和，遊戲結束時不能創建任何水果混和。"}}}

# A fruit mix is a letter pattern, each letter a fruit kind (a plum card is a plum, not a joker). Well-formed:
#   - capital letters only, MIX_LENGTH[0] to MIX_LENGTH[1] of them;
#   - each letter in one run (AABA is not a pattern: write AAAB);
#   - the runs use A, B, C, ... in order, none skipped (ABD, BA are not patterns);
#   - runs never grow from left to right (ABB is written AAB), so each mix has one spelling;
#   - at most as many letters as there are fruits.
MIX_LENGTH = (2, 9)
_RUNS = re.compile(r"(([A-Z])\2*)")


def mix_problem(pattern: str) -> str | None:
    """Why `pattern` is not a well-formed fruit mix, or None when it is."""
    lo, hi = MIX_LENGTH
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
    if len(runs) > len(FRUITS):
        return f"a pattern names at most {len(FRUITS)} different fruits"
    return None


def canonical(pattern: str) -> str:
    """The one well-formed spelling of a pattern's shape: runs longest first, lettered A, B, ..."""
    sizes = sorted((pattern.count(ch) for ch in dict.fromkeys(pattern)), reverse=True)
    return "".join(chr(ord("A") + i) * n for i, n in enumerate(sizes))


def kept_numbers(players: int) -> list[int]:
    """The numbers of each round's pile that stay in the game for this many players."""
    return [n for n in NUMBERS if n not in REMOVED[players]]


def turn_order_for(players: int) -> list[tuple[int, bool]]:
    """The turn-order cards in use: 1..N, the highest with the plum mark."""
    return [(p, p == players) for p in range(1, players + 1)]


# -- End-of-game scoring (`pnp score pi-mal-pflaumen`) --------------------------------------------
# The seed: only fruit mixes score — the laurel number of every mix a player made (its card lies
# face down in front of them) — and at the end of the game each player may still make mixes from
# their display (not in the veteran variant). A mix takes the card showing it plus display cards
# matching its letters, each letter one fruit, different letters different fruits; the card
# showing the mix may be one of them. Plum cards are plums like any fruit card; pi cards and the
# watchdog score nothing. Ties: the most fruit cards left in the display.


@dataclass(frozen=True)
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
    makers = sorted((i for i, h in enumerate(display) if h.mix and h.fruit),
                    key=lambda i: -display[i].mix[1] / len(display[i].mix[0]))  # best points a card first
    search = _Search([(i, fruits.index(display[i].fruit), runs(display[i].mix[0]), display[i].mix[1])
                      for i in makers], fruits.index(PLUM) if PLUM in fruits else None)
    search.run(0, tuple(sum(h.fruit == f for h in display) for f in fruits), 0, 0, ())
    return search.best[0], _allocate(display, fruits, search.plan)


class _Search:
    """Branch and bound over the mix cards (make it or leave it, and with which fruits). Bound:
    the smaller of two fractional knapsacks of the mixes still open — over the cards left, and
    over the cards left but the plums, since a mix takes plums for one letter at most (a display's
    plum cards pile up: with 18 of them the first bound is loose). States that differ only by which
    fruit no open mix card shows are the same state (their counts are compared sorted); that memo
    only prunes, so it is emptied when it grows large, keeping memory bounded."""

    MEMO = 300_000

    def __init__(self, makers: list[tuple[int, int, list[int], int]], plum: int | None = None):
        self.makers, self.plum = makers, plum
        self.best: tuple[int, int] = (0, 0)  # (points, -cards used)
        self.plan: tuple = ()
        self.seen: dict = {}
        self.open_fruits = [{m[1] for m in makers[k:]} for k in range(len(makers) + 1)]
        # the cards that are no plum each open mix needs at least: all but its longest run, and
        # its own card when that is no plum
        least = [(max(int(m[1] != plum), sum(m[2]) - m[2][0]), m[3]) for m in makers]
        self.plumless = [sorted(least[k:], key=lambda w: -w[1] / w[0] if w[0] else -math.inf)
                         for k in range(len(makers) + 1)]
        self.counts: tuple[int, ...] = ()

    def bound(self, k: int, cards: int) -> float:
        whole = _knapsack(((sum(m[2]), m[3]) for m in self.makers[k:]), cards)
        if self.plum is None:
            return whole
        return min(whole, _knapsack(self.plumless[k], cards - self.counts[self.plum]))

    def run(self, k: int, counts: tuple[int, ...], points: int, used: int, plan: tuple) -> None:
        if (points, -used) > self.best:
            self.best, self.plan = (points, -used), plan
        self.counts = counts
        if k == len(self.makers) or (points + self.bound(k, sum(counts)), -used) <= self.best:
            return
        own_open = self.open_fruits[k]
        state = (k, tuple(c if f in own_open else -1 for f, c in enumerate(counts)),
                 tuple(sorted(c for f, c in enumerate(counts) if f not in own_open)))
        if self.seen.get(state, (-1, 0)) >= (points, -used):
            return
        if len(self.seen) > self.MEMO:
            self.seen.clear()
        self.seen[state] = (points, -used)
        card, own, sizes, worth = self.makers[k]
        for assign, left, cost in sorted(_assignments(sizes, counts, own), key=lambda a: a[2]):
            self.run(k + 1, left, points + worth, used + cost, (*plan, (card, assign)))
        self.run(k + 1, counts, points, used, plan)  # this card stays in the display


def _knapsack(items, cards: float) -> float:
    """The most points (cards, points) items make in `cards`, an item taken in part: items with
    no cost first, then the best points a card (makers come sorted by that, plumless too)."""
    total = 0.0
    for size, points in items:
        if size > cards:
            return total + points * max(cards, 0) / size
        total += points
        cards -= size
    return total


def _assignments(sizes: list[int], counts: tuple[int, ...], own: int):
    """Every way to give each run of a pattern its own fruit that the display can pay for, as
    (fruit index per run, counts left, cards used); the mix card counts as its fruit, or is one
    card more when its fruit is not in the mix. Equal runs take fruits in order (no repeats)."""
    def place(j: int, chosen: tuple[int, ...], left: list[int]):
        if j == len(sizes):
            extra = 0 if own in chosen else 1
            if left[own] >= extra:
                out = list(left)
                out[own] -= extra
                yield chosen, tuple(out), sum(sizes) + extra
            return
        first = chosen[-1] + 1 if j and sizes[j] == sizes[j - 1] else 0
        for f in range(first, len(left)):
            if f not in chosen and left[f] >= sizes[j]:
                left[f] -= sizes[j]
                yield from place(j + 1, (*chosen, f), left)
                left[f] += sizes[j]

    yield from place(0, (), list(counts))


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
