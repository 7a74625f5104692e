"""A declared game's face-down decks: what its setup shuffles together and lays face down.

Takes the spec, the setup's steps (setup.py's `Step`s), the player counts and variants, and
`in_play` (a player count and variant -> each component with its copies, as the remove steps
leave them: rules.py's `InPlay`); returns the components of each deck the steps shuffle and then
deal, pile or leave face down, each deck once over every player count and variant: the cards
whose backs must not tell them apart (`check_backs`, games/base.py). A deck only shown face up,
or dealt `seen_by: all`, is none of them.
"""
from __future__ import annotations

from typing import Any

from ...load.spec import Item, Spec
from .rules import InPlay

FACE_DOWN = ("deal", "piles", "pile")  # the steps that lay a deck's cards face down (a deal seen_by: all excepted)


def face_down_decks(spec: Spec, steps: list, players: list[int], variants: list[str],
                    in_play: InPlay) -> list[list[Item]]:
    """The components of each deck the setup (`steps`, setup.py's Steps) shuffles and then deals,
    piles or leaves face down — for every player count and variant, each deck once: the cards
    whose backs must not tell them apart. A deck only shown face up is none of them."""
    decks: dict[tuple[str, ...], list[Item]] = {}
    for v in [None, *variants]:
        for p in players:
            for deck in _decks_in(steps, in_play(p, v), p, v):
                decks.setdefault(tuple(c.id for c in deck), deck)
    return list(decks.values())


def _decks_in(steps: list, cards: list[tuple[Item, int]], players: int, variant: str | None) -> list[list[Item]]:
    """The steps run on copies counted, not dealt: a shuffle moves its kinds from the box into the
    deck, a step that takes every card left empties it (the next shuffle begins another), and the
    deck as a face-down step finds it is one of the decks."""
    box = {c.id: [c, n] for c, n in cards if n}
    deck: dict[str, Item] = {}
    left, out = 0, []
    for s in steps:
        if not s.applies(players, variant):
            continue
        if s.what == "shuffle":
            for c, n in [x for x in box.values() if x[0].kind in s.arg and s.selects(x[0], players)]:
                deck[c.id], left = c, left + n
                del box[c.id]
        elif s.what == "give":
            _given(box, s.arg, players)
        elif s.what in FACE_DOWN + ("display",):
            if deck and s.what in FACE_DOWN and getattr(s, "seen_by", "owner") != "all":
                out += _apart(list(deck.values())) if getattr(s, "by_kind", False) else [list(deck.values())]
            left -= left if s.what == "pile" else _taken(s.what, s.arg, players) * (
                len({c.kind for c in deck.values()}) if getattr(s, "by_kind", False) else 1)
            if left <= 0:
                deck, left = {}, 0
    return out


def _apart(deck: list[Item]) -> list[list[Item]]:
    """A deal `by_kind` deals each kind of its deck apart: each kind is a face-down deck of its own."""
    return [[c for c in deck if c.kind == k] for k in dict.fromkeys(c.kind for c in deck)]


def _taken(what: str, arg: Any, players: int) -> int:
    """How many cards a deal, display or piles step takes from the deck."""
    n = arg.get(players, 0) if isinstance(arg, dict) else arg
    return sum(n) if what == "piles" else n * players if what == "deal" else n


def _given(box: dict[str, list], arg: dict, players: int) -> None:
    """A give step's copies out of the box: each player's of every id, or of every value."""
    tests = ([lambda c, i=i: c.id == i for i in arg["ids"]] if "ids" in arg else
             [lambda c: c.kind == arg["kind"]] * arg["count"] if "count" in arg else
             [lambda c, v=v: c.kind == arg["kind"] and c.get(arg["one_each"]) == v for v in arg["values"]])
    for test in tests:
        need = players
        for key in [k for k, (c, _) in box.items() if test(c)]:
            took = min(need, box[key][1])
            box[key][1] -= took
            need -= took
            if not box[key][1]:
                del box[key]
            if not need:
                break
