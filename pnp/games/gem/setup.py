"""`pnp setup gem`: deal a game from the spec's cards by the rules model.

Takes a spec, a player count and a seed; returns each player's coins (one of each value,
investment side up) and the six face-down piles, left to right, that use every gem card once.
"""
from __future__ import annotations

import random

from ...load.spec import Item, Spec
from ..base import SetupError, SetupResult, card_json, game_name, phrases, seat_name
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
    piles_spec = rules.PILES  # the same six piles for every player count (the seed)
    if len(gems) != sum(piles_spec):
        raise SetupError(f"the six piles ({'+'.join(map(str, piles_spec))}) need exactly "
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
    word = phrases(TEXT, lang)
    lines = [word("title", title=game_name(spec, lang), players=players, seed=seed), "",
             word("table"), "", word("coins", coin=rules.COIN[lang], invest=rules.ENDS["invest"][lang])]
    lines += [word("seat_coins", seat=word("seat", n=i),
                   cards=word("and").join(f"{card_name(c, spec, lang)} [{c.id}]" for c, _ in cs))
              for i, cs in enumerate(hands.values(), 1)]
    lines += ["", word("piles", cards=len(gems), piles=len(piles_spec),
                       sizes=word("and").join(map(str, piles_spec))),
              word("start")]
    return SetupResult(data, lines)


# The setup's sentences; GEM's words are the seed's (投資 / 貸款 ends, 錢幣卡, 寶石卡, 發牌員).
TEXT = {
    "title": {"en": "GEM for {players} players (seed {seed})",
              "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}）"},
    "coins": {"en": "Coins, investment side (green tag) up:",
              "zh-TW": "{coin}，{invest}那邊（綠色標籤）朝上："},
    "seat_coins": {"en": "  {seat}: {cards}", "zh-TW": "  {seat}：{cards}"},
    "piles": {"en": "Gem cards: shuffle all {cards} and deal {piles} face-down piles, left to right, of {sizes} cards. "
                    "Each round turns the leftmost pile face up for bidding; no one looks at a pile before.",
              "zh-TW": "寶石卡：洗混全部 {cards} 張，正面朝下分成 {piles} 疊，由左到右排列，數量分別是 {sizes} 張。"
                       "每一輪把最左邊的牌堆翻開來競標；在此之前沒有人可以查看牌堆。"},
    "start": {"en": "The player to the dealer's left bids first. Players hold no hidden cards at the start.",
              "zh-TW": "發牌員左手邊的玩家第一個競標（起始玩家）。遊戲開始時，玩家手中沒有隱藏的卡片。"},
}


def card_name(c: Item, spec: Spec, lang: str = "en") -> str:
    """A card as printed: 'Coin 2' / '錢幣卡 2' (the seed's word); a gem card by its gems and its two numbers,
    'Ruby + Sapphire (invest 1, loan 3)' / '紅寶石 + 藍寶石（投資 1，貸款 3）'."""
    zh = lang == "zh-TW"
    if c.kind == "coin":
        return f"{rules.COIN[lang]} {c['value']}"
    gems = " + ".join(rules.GEM_KINDS[g].name(lang) for g in c["gems"])
    invest, loan = (rules.ENDS[e][lang] for e in ("invest", "loan"))
    if zh:
        return f"{gems}（{invest} {c['invest']}，{loan} {c['loan']}）"
    return f"{gems} ({invest.lower()} {c['invest']}, {loan.lower()} {c['loan']})"
