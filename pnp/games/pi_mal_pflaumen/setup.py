"""`pnp setup pi-mal-pflaumen`: set up a game from the spec's cards by the rules model.

Takes a spec, a player count (3-5), a seed and an optional variant ("veteran"); returns the
cards removed from each round's pile, the turn-order cards in use, each player's round-I hand
(shuffled and dealt evenly from the spec's cards) and what is set aside: the plum and pi
supplies, the watchdog and the face-down piles of rounds II and III.
"""
from __future__ import annotations

import random

from ...diagnostics import one_of
from ...load.spec import Item, Spec
from ..base import SetupError, SetupResult, card_json, game_name, phrases, say, seat_name
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
    word = phrases(TEXT, lang)
    and_ = word("and")

    def round_(r: int) -> str:
        return word("round", numeral=rules.ROUNDS[r].numeral, n=r)

    v = word("variant", id=variant, name=say(rules.VARIANTS[variant]["name"], lang)) if variant else ""
    lines = [word("title", title=game_name(spec, lang), players=players, seed=seed, variant=v), "",
             word("table"), ""]
    if variant:
        lines += [say(rules.VARIANTS[variant]["rule"], lang), ""]
    lines.append(word("removed"))
    lines += [word("removed_round", round=round_(r), cards=and_.join(named(c) for c in cards) if cards else word("none"))
              for r, cards in removed.items()]
    lines += ["", word("turn_order", cards=and_.join(named(c) for c in turn)), "",
              word("set_aside"),
              word("supplies", plum=spec.total("plum"), pi=spec.total("pi"),
                   watchdog=and_.join(named(c) for c in spec.of_kind("watchdog")))]
    lines += [word("later_pile", round=round_(r), cards=len(piles[r])) for r in later]
    lines += ["", word("holds", tricks=tricks, round=round_(first), numeral=rules.ROUNDS[first].numeral), word("lead")]
    private = {s: [word("hand", round=round_(first), card=named(c)) + _extras(c, word, lang) for c in hands[s]]
               for s in seats}
    return SetupResult(data, lines, private)


def _key(r: int) -> str:
    return f"round {rules.ROUNDS[r].numeral}"


def _extras(c: Item, word, lang: str) -> str:
    """What else the card shows, as a reminder: its action and its mix."""
    action = c.get("action")
    extras = [word("action", id=action, name=say(rules.ACTIONS[action], lang))] if action else []
    if c.get("mix"):
        extras.append(word("mix", pattern=c["mix"]["pattern"], points=c["mix"]["points"]))
    return word("extras", extras=word("extras_and").join(extras)) if extras else ""


# The setup's sentences. The zh-TW words are the seed's: 輪 (a round, 第 1 輪), 墩 (a trick), 引牌,
# 起始玩家, 放回遊戲盒中, 梅子卡, pi 卡, 回合順位卡, 水果混和, 老手變體; action names from the rules model.
TEXT = {
    "title": {"en": "Pi mal Pflaumen for {players} players (seed {seed}{variant})",
              "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}{variant}）"},
    "variant": {"en": ", {id} variant", "zh-TW": "，{name}"},
    "round": {"en": "round {numeral}", "zh-TW": "第 {n} 輪"},
    "removed": {"en": "Removed from each round's pile, back to the box:",
                "zh-TW": "從每一輪的牌堆移除，放回遊戲盒中："},
    "removed_round": {"en": "  {round}: {cards}", "zh-TW": "  {round}：{cards}"},
    "none": {"en": "none", "zh-TW": "無"},
    "turn_order": {"en": "Turn-order cards in use: {cards} (the rest back to the box)",
                   "zh-TW": "使用的回合順位卡：{cards}（其它的放回遊戲盒中）"},
    "set_aside": {"en": "Set aside:", "zh-TW": "放到一旁："},
    "supplies": {"en": "  {plum} plum cards, {pi} pi cards, {watchdog}",
                 "zh-TW": "  {plum} 張梅子卡、{pi} 張 pi 卡、{watchdog}"},
    "later_pile": {"en": "  {round} pile, face down ({cards} cards)", "zh-TW": "  {round}的牌堆，正面朝下（{cards} 張）"},
    "holds": {"en": "Each player holds {tricks} round-{numeral} cards: {tricks} tricks a round.",
              "zh-TW": "每個玩家手中有 {tricks} 張{round}的水果卡：每輪進行 {tricks} 墩。"},
    "lead": {"en": "The player who most recently ate fruit leads the first trick.",
             "zh-TW": "最近有吃水果的玩家是起始玩家，打出第一墩的引牌。"},
    "hand": {"en": "  {round} hand: {card}", "zh-TW": "  {round}手牌：{card}"},
    "action": {"en": "{id}", "zh-TW": "{name}"},
    "mix": {"en": "mix {pattern} = {points}", "zh-TW": "水果混和 {pattern}：{points} 分"},
    "extras": {"en": " ({extras})", "zh-TW": "（{extras}）"},
    "extras_and": {"en": ", ", "zh-TW": "；"},
}


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
