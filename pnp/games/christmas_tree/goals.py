"""The twelve goal kinds of the seed, their points, and how each is counted on a tree.

A goal card (spec kind `goal`) names its kind (`goal:`) and the parameters the kind takes. The
points are the seed's (RULE); which formation a card shows is ours (CHOICE). Formations are
sets of tree spaces in a shape drawn on the card (FORMATIONS, in the board's lattice
coordinates), matched turned and mirrored anywhere on the tree. Within one goal card a
decoration counts at most once, so formation goals count the largest set of disjoint formations,
found exactly by search (`most_disjoint`), not greedily. A formation holds a gingerbread man or a
candy only where the goal shows one: every other cell must be a bauble.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ...records import field, record
from ..base import Bilingual
from . import board, rules
from .tree import Tree

MAJORITY = (6, 3)  # most, second most; tied first: 6 each and no second; tied second: 3 each


@record(frozen=True)
class GoalKind(Bilingual):
    id: str
    en: str
    zh: str
    points: int  # per thing counted (most-specials: per candy; a gingerbread man counts double)
    params: tuple[str, ...]  # the spec fields the kind takes
    cells: int = 0  # the size of its formation, when it has one
    majority: bool = False
    counter: Callable[[object, Tree], list] | None = field(default=None, compare=False, repr=False)  # what it counts on a tree


SPECIALS = {"candy": 1, "gingerbread": 2}  # most-specials: points for each
LINES = ("rows", "diagonals")
BY = {"color": rules.COLORS, "shape": rules.SHAPES}  # row-variety: a row holds baubles of every one
BUBBLE_PAIR = 2  # bubble-pairs: the completed bubbles of one card that count once (_bubble_pairs pairs them)


def complete(goal) -> bool:
    """Whether a goal card gives exactly one of each parameter its kind takes (else the
    validator says which is missing, and neither a scorer nor its text can use it)."""
    kind = GOAL_KINDS[goal["goal"]]
    return all(sum(goal.get(p) is not None for p in spec.split("|")) == 1 for spec in kind.params)


def unit_points(goal) -> int:
    """What a goal card scores for each thing it counts (the seed's points)."""
    kind = GOAL_KINDS[goal["goal"]]
    return SPECIALS[goal["decoration"]] if kind.id == "most-specials" else kind.points


@record(frozen=True)
class Formation(Bilingual):
    id: str
    en: str  # how the cards lie, as a goal card's text says it
    zh: str
    shapes: tuple[tuple[tuple[int, int], ...], ...]  # alternatives, each its cells (u, v) in order

    @property
    def cells(self) -> int:
        return len(self.shapes[0])


FORMATIONS: dict[str, Formation] = {f.id: f for f in (
    Formation("pair", "edge to edge", "邊對邊", (((0, 0), (1, 0)),)),
    Formation("corner-pair", "corner to corner", "角對角", (((0, 0), (1, -1)), ((0, 0), (1, 1)))),
    Formation("line-3", "in a diagonal line", "斜向排列", (((0, 0), (1, 0), (2, 0)),)),
    Formation("peak", "one over two", "一上二下", (((1, 0), (0, 0), (0, 1)),)),
    Formation("bend", "in a bent line", "彎折排列", (((0, 0), (1, 0), (1, 1)),)),
    Formation("line-4", "in a diagonal line", "斜向排列", (((0, 0), (1, 0), (2, 0), (3, 0)),)),
    Formation("diamond-4", "in a diamond", "菱形排列", (((0, 0), (1, 0), (0, 1), (1, 1)),)),
)}
SYMMETRIES: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda u, v: (u, v), lambda u, v: (v, u), lambda u, v: (-u, -v), lambda u, v: (-v, -u))


@lru_cache(maxsize=None)
def placements(formation: str) -> tuple[tuple[int, ...], ...]:
    """Every way the formation lies on the tree: spaces in the formation's cell order, turned
    and mirrored (the four symmetries of the diamond lattice) and moved anywhere."""
    out: dict[tuple[int, ...], None] = {}
    for shape in FORMATIONS[formation].shapes:
        for sym in SYMMETRIES:
            cells = [sym(u, v) for u, v in shape]
            for du, dv in board.AT:
                spaces = tuple(board.AT.get((u + du, v + dv)) for u, v in cells)
                if None not in spaces:
                    out[spaces] = None  # type: ignore[index]
    return tuple(out)


def most_disjoint(candidates: list[frozenset]) -> list[frozenset]:
    """The largest set of pairwise disjoint candidates, exactly: each element either lies in no
    chosen candidate or in exactly one that contains it."""
    elements = sorted({e for c in candidates for e in c})
    index = {e: i for i, e in enumerate(elements)}
    masks = sorted({sum(1 << index[e] for e in c) for c in candidates})
    by_low: dict[int, list[int]] = {}
    for m in masks:
        by_low.setdefault((m & -m).bit_length() - 1, []).append(m)

    @lru_cache(maxsize=None)
    def best(free: int) -> tuple[int, ...]:
        if not free:
            return ()
        low = (free & -free).bit_length() - 1
        choice = best(free & ~(1 << low))  # the lowest free element stays unused ...
        for m in by_low.get(low, ()):  # ... or one candidate through it is used (one through a
            # lower element cannot be: every lower element is already used or left out)
            if m & free == m:
                rest = best(free & ~m)
                if len(rest) + 1 > len(choice):
                    choice = (m,) + rest
        return choice

    chosen = best((1 << len(elements)) - 1)
    return [frozenset(e for e in elements if m >> index[e] & 1) for m in chosen]


@record
class Count:
    """What a goal found on one tree: how many things it counts and which spaces they are."""

    count: int
    points: int
    found: list = None  # type: ignore[assignment]  # formations, rows, bubbles...


def evaluate(goal, tree: Tree) -> Count:
    """Count a goal card (a spec `goal` component) on a tree; majority bonuses are added by the scorer."""
    found = GOAL_KINDS[goal["goal"]].counter(goal, tree)
    return Count(len(found), len(found) * unit_points(goal), found)


def _most_baubles(goal, tree: Tree) -> list:
    attr, value = ("color", goal["color"]) if goal.get("color") else ("shape", goal["shape"])
    return [n for n in tree.baubles() if tree.at(n).card[attr] == value]


def _most_specials(goal, tree: Tree) -> list:
    return tree.of_kind(goal["decoration"])


def _bubbles(goal, tree: Tree) -> list:
    return [b.key for b in tree.bubbles() if b.colour == goal["bubble"]]


def _formations(goal, tree: Tree, fits: Callable[[list], bool]) -> list:
    cands = [frozenset(spaces) for spaces in placements(goal["formation"])
             if all(tree.at(n) is not None for n in spaces) and fits([tree.at(n) for n in spaces])]
    return [sorted(f) for f in most_disjoint(cands)]


def _baubles(cards) -> bool:
    return all(c.kind == "bauble" for c in cards)


def _twins(goal, tree: Tree) -> list:
    return _formations(goal, tree, lambda cs: _baubles(cs) and len({(c.card["color"], c.card["shape"]) for c in cs}) == 1)


def _candy_gingerbread(goal, tree: Tree) -> list:
    return _formations(goal, tree, lambda cs: sorted(c.kind for c in cs) == ["candy", "gingerbread"])


def _trio(goal, tree: Tree) -> list:
    return _formations(goal, tree, lambda cs: _baubles(cs) and (
        len({c.card["color"] for c in cs}) == 1 or len({c.card["shape"] for c in cs}) == 1))


def _four_equal(goal, tree: Tree) -> list:
    return _formations(goal, tree, lambda cs: _baubles(cs) and len({c.card["snowflakes"] for c in cs}) == 1)


def _sequence(goal, tree: Tree) -> list:
    """0, 1, 2 snowflakes along the formation's path (either way round: the path turned is a
    placement too)."""
    cands = [frozenset(spaces) for spaces in placements(goal["formation"])
             if all(tree.is_bauble(n) for n in spaces)
             and [tree.at(n).card["snowflakes"] for n in spaces] == list(rules.SNOWFLAKES)]
    return [sorted(f) for f in most_disjoint(cands)]


def _row_variety(goal, tree: Tree) -> list:
    attr = goal["by"]
    return [i + 1 for i, row in enumerate(board.rows())
            if len({tree.at(n).card[attr] for n in row if tree.is_bauble(n)}) >= len(BY[attr])]


def _row_ends(goal, tree: Tree) -> list:
    out = []
    for i, row in enumerate(board.rows()):
        ends = [row[0], row[-1]]
        if len(row) >= 2 and all(tree.is_bauble(n) for n in ends):
            a, b = (tree.at(n).card for n in ends)
            if (a["color"], a["shape"]) == (b["color"], b["shape"]):
                out.append(i + 1)
    return out


def lines_of(goal) -> list[list[int]]:
    pool = board.rows() if goal["lines"] == "rows" else board.diagonals()
    return [line for line in pool if len(line) == goal["length"]]


def _snowflake_lines(goal, tree: Tree) -> list:
    return [line for line in lines_of(goal)
            if sum(tree.at(n).card["snowflakes"] for n in line if tree.is_bauble(n)) >= goal["target"]]


def _bubble_pairs(goal, tree: Tree) -> list:
    """Two completed bubbles of the colour on the edges of one card; each bubble once."""
    mine = [b for b in tree.bubbles() if b.colour == goal["bubble"]]
    cands = [frozenset((x.key, y.key)) for i, x in enumerate(mine) for y in mine[i + 1:]
             if {x.a, x.b} & {y.a, y.b}]
    return [sorted(f) for f in most_disjoint(cands)]


# The twelve kinds of the seed, each written once here; game.yaml lists the same ids as the legal
# values of a goal card's `goal:` (tests/games/christmas_tree/test_christmas_tree_rules.py checks they agree).
GOAL_KINDS: dict[str, GoalKind] = {k.id: k for k in (
    GoalKind("most-baubles", "Most baubles of a colour or shape", "最多特定顏色或形狀的玻璃珠", 1, ("color|shape",), majority=True,
             counter=_most_baubles),
    GoalKind("most-specials", "Most candies or gingerbread men", "最多糖果或薑餅人", 1, ("decoration",), majority=True,
             counter=_most_specials),
    GoalKind("bubbles", "Completed bubbles of a colour", "特定顏色的完整泡泡", 3, ("bubble",),
             counter=_bubbles),
    GoalKind("twins", "Two baubles of one colour and shape", "兩個相同顏色及形狀的玻璃珠", 4, ("formation",), cells=2,
             counter=_twins),
    GoalKind("candy-gingerbread", "A candy and a gingerbread man corner to corner", "糖果與薑餅人角對角", 6, ("formation",), cells=2,
             counter=_candy_gingerbread),
    GoalKind("row-variety", "Rows with three colours or shapes", "有三種顏色或形狀的排", 6, ("by",),
             counter=_row_variety),
    GoalKind("trio", "Three baubles of one colour or shape", "三個相同顏色或形狀的玻璃珠", 6, ("formation",), cells=3,
             counter=_trio),
    GoalKind("row-ends", "Rows whose end baubles match", "兩端相同的排", 5, (),
             counter=_row_ends),
    GoalKind("snowflake-lines", "Lines with enough snowflakes", "雪花足夠的排或斜線", 5, ("lines", "length", "target"),
             counter=_snowflake_lines),
    GoalKind("sequence", "Snowflakes 0, 1, 2 in a row", "0、1、2 雪花依序相鄰", 6, ("formation",),
             cells=len(rules.SNOWFLAKES),
             counter=_sequence),
    GoalKind("four-equal", "Four baubles of equal value", "四個相同分數的玻璃珠", 8, ("formation",), cells=4,
             counter=_four_equal),
    GoalKind("bubble-pairs", "Two completed bubbles on one card", "同一張卡上的兩個完整泡泡", 4, ("bubble",),
             counter=_bubble_pairs),
)}


def majority(counts: dict[str, int], players: list[str]) -> dict[str, int]:
    """Majority bonuses by the seed's tie rules, among every tree in `counts` (a dummy tree too);
    only `players` receive points. A tree needs at least one to place."""
    ranked = sorted({c for c in counts.values() if c > 0}, reverse=True)
    bonus = {p: 0 for p in players}
    if not ranked:
        return bonus
    first = [t for t, c in counts.items() if c == ranked[0]]
    for t in first:
        if t in bonus:
            bonus[t] = MAJORITY[0]
    if len(first) == 1 and len(ranked) > 1:
        for t, c in counts.items():
            if c == ranked[1] and t in bonus:
                bonus[t] = MAJORITY[1]
    return bonus
