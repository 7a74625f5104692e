"""`pnp setup the-jam`: deal a game from the spec's cards by the rules model.

Takes a spec, a player count, a seed and an optional variant (kids, travel); returns each
player's hand and mission cards, the basket and the draw pile. The basket is built as the
rulebook says: reveal cards one by one; a card whose ingredient is already in the basket is set
aside, and so is a Youngster or Bear (another card replaces it); when the basket holds 8 cards
the set-aside cards are shuffled back into the deck. Our reading where the rules are silent:
a Youngster or Bear dealt into a hand is treated the same way (set aside, replaced, shuffled
back), since both act only when drawn during play.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ...diagnostics import one_of
from ...spec import Item, Spec
from .. import SetupError, SetupResult
from . import deck, rules


@dataclass(frozen=True)
class Card:
    item: Item
    copy: int

    @property
    def label(self) -> str:
        return f"{self.item.id}#{self.copy}"

    @property
    def special(self) -> bool:
        return self.item.kind in rules.SPECIALS

    def as_json(self) -> dict:
        out = {"card": self.label, "kind": self.item.kind}
        if not self.special:
            out.update(recipe=self.item["recipe"], ingredient=self.item["ingredient"])
        return out


def setup(spec: Spec, players: int, seed: int, variant: str | None = None) -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"The Jam is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, not {players}")
    if variant is not None and variant not in rules.VARIANTS:
        raise SetupError(f"The Jam has no variant '{variant}'; variants: {one_of(rules.VARIANTS)}")
    rng = random.Random(seed)
    names = [f"player {p + 1}" for p in range(players)]
    missions = {} if variant == "kids" else _missions(spec, names, rng)
    pile = [Card(c, k) for c, k in spec.copies(*rules.GAME_KINDS) if deck.plays_in(c, variant)]
    rng.shuffle(pile)
    aside: list[Card] = []
    hands = {n: [] for n in names}
    for _ in range(rules.HAND):
        for n in names:
            hands[n].append(_draw(pile, aside, lambda c: not c.special))
    basket: list[Card] = []
    for _ in range(rules.BASKET):
        have = frozenset(c.item["ingredient"] for c in basket)
        basket.append(_draw(pile, aside, lambda c, have=have: not c.special and c.item["ingredient"] not in have))
    pile += aside
    rng.shuffle(pile)
    data = {"game": "the-jam", "players": players, "seed": seed, "variant": variant,
            "hands": {n: [c.as_json() for c in h] for n, h in hands.items()},
            "missions": missions,
            "basket": [c.as_json() for c in basket],
            "set_aside": [c.label for c in aside],
            "deck": [c.label for c in pile]}
    return SetupResult(data, _lines(data, spec))


def _missions(spec: Spec, names: list[str], rng: random.Random) -> dict[str, list[str]]:
    """Each kind shuffled apart; every player draws one of each (two of each with 2 players)."""
    each = rules.MISSIONS_EACH[len(names)]
    out: dict[str, list[str]] = {n: [] for n in names}
    for kind, mk in rules.MISSION_KINDS.items():
        cards = [f"{c.id}#{k}" if c.count > 1 else c.id for c, k in spec.copies(kind)]
        need = each * len(names)
        if len(cards) < need:
            raise SetupError(f"{len(names)} players need {need} '{mk.en}' mission cards, but the deck has "
                             f"{len(cards)}", usage=False)
        rng.shuffle(cards)
        for i, n in enumerate(names):
            out[n] += cards[i * each:(i + 1) * each]
    return out


def _draw(pile: list[Card], aside: list[Card], keep) -> Card:
    """Reveal cards until one passes `keep`; the others are set aside."""
    while pile:
        card = pile.pop()
        if keep(card):
            return card
        aside.append(card)
    raise SetupError("the deck ran out before every hand and the basket of "
                     f"{rules.BASKET} different ingredients could be dealt; run 'pnp validate the-jam'",
                     usage=False)


def _lines(data: dict, spec: Spec) -> list[str]:
    v = f", {data['variant']} variant" if data["variant"] else ""
    lines = [f"The Jam for {data['players']} players (seed {data['seed']}{v})", ""]
    for n, hand in data["hands"].items():
        lines.append(f"{n}:")
        lines.append("  hand: " + "; ".join(_card(c) for c in hand))
        if data["missions"]:
            lines.append("  missions (keep them secret): " + ", ".join(data["missions"][n]))
    lines += ["", f"Basket ({rules.BASKET} different ingredients, face up):"]
    lines += [f"  {c['ingredient']:<12} {_card(c)}" for c in data["basket"]]
    lines += ["", (f"Draw pile: {len(data['deck'])} cards ({len(data['set_aside'])} set aside while "
                   f"dealing, shuffled back in)")]
    if data["variant"] == "kids":
        lines.append("Kids: no missions, no trading; Youngster, Bear and pine-cone cards are out of the deck.")
    elif data["variant"] == "travel":
        lines.append("Travel: finished recipes go face down into your own recipe pile; "
                     "equal ingredients in the basket stack.")
    return lines


def _card(c: dict) -> str:
    if "recipe" not in c:
        return c["card"]
    return f"{c['card']} ({c['recipe']} / {c['ingredient']})"
