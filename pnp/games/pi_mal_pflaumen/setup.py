"""`pnp setup pi-mal-pflaumen`: set up a game from the spec's cards by the rules model.

Takes a spec, a player count (3-5), a seed and an optional variant ("veteran"); returns the
cards removed from each round's pile, the turn-order cards in use, each player's round-I hand
(shuffled and dealt evenly from the spec's cards) and what is set aside: the plum and pi
supplies, the watchdog and the face-down piles of rounds II and III.
"""
from __future__ import annotations

import random

from ...diagnostics import one_of
from ...spec import Item, Spec
from .. import SetupError, SetupResult, card_json, seat_name
from . import rules


def setup(spec: Spec, players: int, seed: int, variant: str | None = None, lang: str = "en") -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"Pi mal Pflaumen is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, "
                         f"not {players}")
    if variant is not None and variant not in rules.VARIANTS:
        raise SetupError(f"Pi mal Pflaumen has no variant '{variant}'; variants: {one_of(rules.VARIANTS)}")
    rng = random.Random(seed)
    removed, piles = _piles(spec, players, rng)
    first, *later = rules.ROUNDS
    tricks = rules.TRICKS[players]
    seats = [seat_name(p) for p in range(1, players + 1)]
    hands = {s: sorted(piles[first][i * tricks:(i + 1) * tricks], key=lambda c: c["number"])
             for i, s in enumerate(seats)}
    turn = _turn_order(spec, players)

    def js(c: Item) -> dict:
        extra = {"number": c["number"], "fruit": c["fruit"]} if c.kind == "fruit" else {}
        if c.get("action"):
            extra["action"] = c["action"]
        if c.get("mix"):
            extra["mix"] = dict(c["mix"])
        return card_json(c, 1, card_name(c, spec, lang), **extra)

    def named(c: Item) -> str:
        return f"{card_name(c, spec, lang)} [{c.id}]"

    data = {
        "game": "pi-mal-pflaumen", "players": players, "seed": seed, "variant": variant, "lang": lang,
        "public": {
            "tricks_per_round": tricks,
            "removed": {_key(r): [js(c) for c in cards] for r, cards in removed.items()},
            "turn_order": [js(c) for c in turn],
            "set_aside": {"plum": spec.total("plum"), "pi": spec.total("pi"),
                          "watchdog": [js(c) for c in spec.of_kind("watchdog")],
                          **{_key(r): len(piles[r]) for r in later}},
        },
        "private": {s: {"hand": [js(c) for c in hands[s]]} for s in seats},
        "hidden": {_key(r): [js(c) for c in piles[r]] for r in later},
    }
    variant_line = f", {variant} variant" if variant else ""
    lines = [f"Pi mal Pflaumen for {players} players (seed {seed}{variant_line})", "",
             "On the table, for everyone to see:", ""]
    if variant:
        lines += [rules.VARIANTS[variant], ""]
    lines.append("Removed from each round's pile, back to the box:")
    lines += [f"  {_key(r)}: {', '.join(named(c) for c in cards) if cards else 'none'}" for r, cards in removed.items()]
    lines += ["", f"Turn-order cards in use: {', '.join(named(c) for c in turn)} (the rest back to the box)", "",
              "Set aside:",
              f"  {spec.total('plum')} plum cards, {spec.total('pi')} pi cards, "
              + ", ".join(named(c) for c in spec.of_kind("watchdog"))]
    lines += [f"  {_key(r)} pile, face down ({len(piles[r])} cards)" for r in later]
    lines += ["", f"Each player holds {tricks} round-I cards: {tricks} tricks a round.",
              "The player who most recently ate fruit leads the first trick."]
    private = {s: [f"  round I hand: {named(c)}{_extras(c)}" for c in hands[s]] for s in seats}
    return SetupResult(data, lines, private)


def _key(r: int) -> str:
    return f"round {rules.ROUNDS[r].numeral}"


def _extras(c: Item) -> str:
    """What else the card shows, as a reminder: its action and its mix."""
    extras = [c["action"]] if c.get("action") else []
    if c.get("mix"):
        extras.append(f"mix {c['mix']['pattern']} = {c['mix']['points']}")
    return f" ({', '.join(extras)})" if extras else ""


def _piles(spec: Spec, players: int, rng: random.Random) -> tuple[dict, dict]:
    """Each round's pile, shuffled, after removing the player count's numbers."""
    removed, piles = {}, {}
    need = players * rules.TRICKS[players]
    for r in rules.ROUNDS:
        cards = sorted((c for c in spec.of_kind("fruit") if c["round"] == r), key=lambda c: c["number"])
        removed[r] = [c for c in cards if c["number"] in rules.REMOVED[players]]
        kept = [c for c in cards if c["number"] not in rules.REMOVED[players]]
        if len(kept) != need:
            raise SetupError(f"round {rules.ROUNDS[r].numeral} keeps {len(kept)} cards for {players} players, "
                             f"but {players} players x {rules.TRICKS[players]} tricks need {need}", usage=False)
        rng.shuffle(kept)
        piles[r] = kept
    return removed, piles


def _turn_order(spec: Spec, players: int) -> list[Item]:
    cards = {(c["position"], c["plum"]): c for c in spec.of_kind("turn-order")}
    used = []
    for key in rules.turn_order_for(players):
        if key not in cards:
            raise SetupError(f"{players} players need turn-order card {key[0]}{' with plum' if key[1] else ''}, "
                             f"but the deck has none", usage=False)
        used.append(cards[key])
    return used


def card_name(c: Item, spec: Spec, lang: str = "en") -> str:
    """A card as printed: 'Apple 11 (I)' (fruit, number, round), 'Plum', 'Pi', 'Watchdog',
    'Turn order 3 (plum)'."""
    zh = lang == "zh-TW"
    if c.kind == "fruit":
        return f"{rules.FRUITS[c['fruit']].name(lang)} {c['number']} ({rules.ROUNDS[c['round']].numeral})"
    if c.kind == "turn-order":
        name = rules.NAMES["turn-order"][lang]
        plum = ("（梅子）" if zh else " (plum)") if c["plum"] else ""
        return f"{name} {c['position']}{plum}"
    own = c.get("name")
    return (own or rules.NAMES[c.kind]).get(lang) or (own or rules.NAMES[c.kind])["en"]
