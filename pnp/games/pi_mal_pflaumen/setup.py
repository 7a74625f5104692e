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
from .. import SetupError, SetupResult
from . import rules


def setup(spec: Spec, players: int, seed: int, variant: str | None = None) -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"Pi mal Pflaumen is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, "
                         f"not {players}")
    if variant is not None and variant not in rules.VARIANTS:
        raise SetupError(f"Pi mal Pflaumen has no variant '{variant}'; variants: {one_of(rules.VARIANTS)}")
    rng = random.Random(seed)
    removed, piles = _piles(spec, players, rng)
    first, *later = rules.ROUNDS
    tricks = rules.TRICKS[players]
    hands = {f"player {p + 1}": piles[first][p * tricks:(p + 1) * tricks] for p in range(players)}
    data = {
        "game": "pi-mal-pflaumen", "players": players, "seed": seed, "variant": variant,
        "tricks_per_round": tricks,
        "removed": {_key(r): ids for r, ids in removed.items()},
        "turn_order": _turn_order(spec, players),
        "hands": {p: [_card(c) for c in cards] for p, cards in hands.items()},
        "set_aside": {
            "plum": spec.total("plum"), "pi": spec.total("pi"),
            "watchdog": [f"{c.id}#{k}" for c, k in spec.copies("watchdog")],
            **{_key(r): [f"{c.id}#1" for c in piles[r]] for r in later},
        },
    }
    return SetupResult(data, _lines(data))


def _key(r: int) -> str:
    return f"round {rules.ROUNDS[r].numeral}"


def _card(c: Item) -> dict:
    out = {"card": f"{c.id}#1", "number": c["number"], "fruit": c["fruit"]}
    if c.get("action"):
        out["action"] = c["action"]
    if c.get("mix"):
        out["mix"] = dict(c["mix"])
    return out


def _piles(spec: Spec, players: int, rng: random.Random) -> tuple[dict, dict]:
    """Each round's pile, shuffled, after removing the player count's numbers."""
    removed, piles = {}, {}
    need = players * rules.TRICKS[players]
    for r in rules.ROUNDS:
        cards = sorted((c for c in spec.of_kind("fruit") if c["round"] == r), key=lambda c: c["number"])
        removed[r] = [f"{c.id}#1" for c in cards if c["number"] in rules.REMOVED[players]]
        kept = [c for c in cards if c["number"] not in rules.REMOVED[players]]
        if len(kept) != need:
            raise SetupError(f"round {rules.ROUNDS[r].numeral} keeps {len(kept)} cards for {players} players, "
                             f"but {players} players x {rules.TRICKS[players]} tricks need {need}", usage=False)
        rng.shuffle(kept)
        piles[r] = kept
    return removed, piles


def _turn_order(spec: Spec, players: int) -> list[str]:
    cards = {(c["position"], c["plum"]): c.id for c in spec.of_kind("turn-order")}
    used = []
    for key in rules.turn_order_for(players):
        if key not in cards:
            raise SetupError(f"{players} players need turn-order card {key[0]}{' with plum' if key[1] else ''}, "
                             f"but the deck has none", usage=False)
        used.append(cards[key])
    return used


def _lines(data: dict) -> list[str]:
    n = data["players"]
    variant = f", {data['variant']} variant" if data["variant"] else ""
    lines = [f"Pi mal Pflaumen for {n} players (seed {data['seed']}{variant})", ""]
    if data["variant"]:
        lines += [rules.VARIANTS[data["variant"]], ""]
    lines.append("Removed from each round's pile, back to the box:")
    lines += [f"  {r}: {', '.join(ids) if ids else 'none'}" for r, ids in data["removed"].items()]
    lines += ["", f"Turn-order cards in use: {', '.join(data['turn_order'])} (the rest back to the box)", "",
              f"Round I hands ({data['tricks_per_round']} cards each, {data['tricks_per_round']} tricks a round):"]
    for p, cards in data["hands"].items():
        lines.append(f"  {p}: " + ", ".join(_show(c) for c in sorted(cards, key=lambda c: c["number"])))
    aside = data["set_aside"]
    lines += ["", "Set aside:", f"  {aside['plum']} plum cards, {aside['pi']} pi cards, the watchdog"]
    lines += [f"  {k} pile, face down ({len(v)} cards)" for k, v in aside.items() if k.startswith("round")]
    lines += ["", "The player who most recently ate fruit leads the first trick."]
    return lines


def _show(card: dict) -> str:
    extras = [card["action"]] if "action" in card else []
    if "mix" in card:
        extras.append(f"{card['mix']['pattern']}={card['mix']['points']}")
    return f"{card['number']} {card['fruit']}" + (f" [{', '.join(extras)}]" if extras else "")


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
