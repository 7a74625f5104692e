"""`pnp setup gem`: deal a game from the spec's cards by the rules model.

Takes a spec, a player count and a seed; returns each player's coins (one of each value,
investment side up) and the six face-down piles, left to right, that use every gem card once.
"""
from __future__ import annotations

import random

from ...spec import Item, Spec
from .. import SetupError, SetupResult, card_json, seat_name
from . import rules


def setup(spec: Spec, players: int, seed: int, variant: str | None = None, lang: str = "en") -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"GEM is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, not {players}")
    if variant is not None:
        raise SetupError(f"GEM has no variants, got '{variant}'")
    rng = random.Random(seed)
    coins = {v: [(c, k) for c, k in spec.copies("coin") if c["value"] == v] for v in rules.COIN_VALUES}
    for v, pool in coins.items():
        if len(pool) < players:
            raise SetupError(f"{players} players each need a coin of value {v}, but the deck has "
                             f"{len(pool)}", usage=False)
    seats = [seat_name(p) for p in range(1, players + 1)]
    hands = {s: [coins[v][i] for v in rules.COINS_EACH] for i, s in enumerate(seats)}

    gems = spec.copies("gem")
    piles_spec = rules.PILES[players]
    if len(gems) != sum(piles_spec):
        raise SetupError(f"the piles for {players} players ({'+'.join(map(str, piles_spec))}) need exactly "
                         f"{sum(piles_spec)} gem cards, but the deck has {len(gems)}", usage=False)
    rng.shuffle(gems)
    piles, start = [], 0
    for size in piles_spec:
        piles.append(gems[start:start + size])
        start += size

    def js(c: Item, k: int) -> dict:
        extra = {"value": c["value"]} if c.kind == "coin" else {"gems": c["gems"], "invest": c["invest"],
                                                                 "loan": c["loan"]}
        return card_json(c, k, card_name(c, spec, lang), **extra)

    data = {"game": "gem", "players": players, "seed": seed, "variant": None, "lang": lang,
            "public": {"coins": {s: [js(c, k) for c, k in cs] for s, cs in hands.items()},
                       "piles": [len(p) for p in piles]},
            "private": {s: {} for s in seats},
            "hidden": {"piles": [[js(c, k) for c, k in p] for p in piles]}}
    lines = [f"GEM for {players} players (seed {seed})", "",
             "On the table, for everyone to see:", "",
             "Coins, investment side (green tag) up:"]
    lines += [f"  {s}: " + ", ".join(f"{card_name(c, spec, lang)} [{c.id}]" for c, _ in cs) for s, cs in hands.items()]
    lines += ["", f"Gem cards: shuffle all {len(gems)} and deal {len(piles_spec)} face-down piles, left to right, of "
                  f"{', '.join(map(str, piles_spec))} cards. Each round turns the leftmost pile face up for bidding; "
                  f"no one looks at a pile before.",
              "The player to the dealer's left bids first. Players hold no hidden cards at the start."]
    return SetupResult(data, lines)


def card_name(c: Item, spec: Spec, lang: str = "en") -> str:
    """A card as printed: 'Coin 2' / '硬幣 2'; a gem card by its gems and its two numbers,
    'Ruby + Sapphire (invest 1, loan 3)' / '紅寶石 + 藍寶石（投資 1，貸款 3）'."""
    zh = lang == "zh-TW"
    if c.kind == "coin":
        return f"硬幣 {c['value']}" if zh else f"Coin {c['value']}"
    gems = " + ".join(rules.GEM_KINDS[g].name(lang) for g in c["gems"])
    invest, loan = (rules.ENDS[e][lang] for e in ("invest", "loan"))
    if zh:
        return f"{gems}（{invest} {c['invest']}，{loan} {c['loan']}）"
    return f"{gems} ({invest.lower()} {c['invest']}, {loan.lower()} {c['loan']})"
