"""`pnp setup gem`: deal a game from the spec's cards by the rules model.

Takes a spec, a player count and a seed; returns each player's coins (one of each value,
investment side up) and the six face-down piles, left to right, that use every gem card once.
"""
from __future__ import annotations

import random

from ...spec import Item, Spec
from .. import SetupError, SetupResult
from . import rules


def setup(spec: Spec, players: int, seed: int, variant: str | None = None) -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"GEM is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, not {players}")
    if variant is not None:
        raise SetupError(f"GEM has no variants, got '{variant}'")
    rng = random.Random(seed)
    coins = {v: [f"{c.id}#{k}" for c, k in spec.copies("coin") if c["value"] == v] for v in rules.COIN_VALUES}
    for v, pool in coins.items():
        if len(pool) < players:
            raise SetupError(f"{players} players each need a coin of value {v}, but the deck has "
                             f"{len(pool)}", usage=False)
    hands = {f"player {p + 1}": [coins[v][p] for v in rules.COINS_EACH] for p in range(players)}

    gems = spec.copies("gem")
    piles_spec = rules.PILES[players]
    if len(gems) != sum(piles_spec):
        raise SetupError(f"the piles for {players} players ({'+'.join(map(str, piles_spec))}) need exactly "
                         f"{sum(piles_spec)} gem cards, but the deck has {len(gems)}", usage=False)
    rng.shuffle(gems)
    piles, start = [], 0
    for size in piles_spec:
        piles.append([{"card": f"{c.id}#{k}", "gems": c["gems"], "invest": c["invest"], "loan": c["loan"]}
                      for c, k in gems[start:start + size]])
        start += size

    data = {"game": "gem", "players": players, "seed": seed,
            "coins": hands, "piles": piles}
    lines = [f"GEM for {players} players (seed {seed})", "",
             "Coins, investment side (green tag) up:"]
    lines += [f"  {p}: {', '.join(cs)}" for p, cs in hands.items()]
    lines += ["", "Gem cards in six face-down piles, left to right (one pile a round):"]
    for i, pile in enumerate(piles, start=1):
        lines.append(f"  round {i} ({len(pile)} cards): " +
                     "; ".join(f"{g['card']} [{' + '.join(g['gems'])}]" for g in pile))
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
