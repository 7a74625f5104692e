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
from ...load.spec import Item, Spec
from ..base import SetupError, SetupResult, card_json, game_name, phrases, say, seat_name
from . import deck, rules
from .deck import card_name


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


def setup(spec: Spec, players: int, seed: int, variant: str | None = None, lang: str = "en") -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"The Jam is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, not {players}")
    if variant is not None and variant not in rules.VARIANTS:
        raise SetupError(f"The Jam has no variant '{variant}'; variants: {one_of(rules.VARIANTS)}")
    rng = random.Random(seed)
    names = [seat_name(p) for p in range(1, players + 1)]
    missions = {} if variant == "kids" else _missions(spec, names, rng)
    pile = [Card(c, k) for c, k in spec.copies(*rules.GAME_KINDS) if deck.plays_in(c, variant)]
    rng.shuffle(pile)
    aside: list[Card] = []
    hands: dict[str, list[Card]] = {n: [] for n in names}
    for _ in range(rules.HAND):
        for n in names:
            hands[n].append(_draw(pile, aside, lambda c: not c.special))
    basket: list[Card] = []
    for _ in range(rules.BASKET):
        have = frozenset(c.item["ingredient"] for c in basket)
        basket.append(_draw(pile, aside, lambda c, have=have: not c.special and c.item["ingredient"] not in have))
    pile += aside
    rng.shuffle(pile)

    def js(c: Card) -> dict:
        extra = {} if c.special else {"recipe": c.item["recipe"], "ingredient": c.item["ingredient"]}
        return card_json(c.item, c.copy, card_name(c.item, spec, lang), kind=c.item.kind, **extra)

    def named(c: Card | Item) -> str:
        item = c.item if isinstance(c, Card) else c
        return f"{card_name(item, spec, lang)} [{item.id}]"

    data = {
        "game": "the-jam", "players": players, "seed": seed, "variant": variant, "lang": lang,
        "public": {
            "basket": [js(c) for c in basket],
            "draw_pile": len(pile),
            "set_aside_and_shuffled_back": [c.label for c in aside],
            "missions_each": 0 if variant == "kids" else rules.MISSIONS_EACH[players] * len(rules.MISSION_KINDS),
            "hand_size": rules.HAND,
        },
        "private": {n: {"hand": [js(c) for c in hands[n]],
                        "missions": [card_json(m, 1, card_name(m, spec, lang), kind=m.kind)
                                     for m in missions.get(n, [])]} for n in names},
        "hidden": {"draw_pile": [c.label for c in pile]},
    }
    word = phrases(TEXT, lang)
    public = _public_lines(data, basket, named, word, game_name(spec, lang), lang)
    private = {n: [word("hand", card=named(c)) for c in hands[n]]
               + [word("mission", card=named(m)) for m in missions.get(n, [])] for n in names}
    return SetupResult(data, public, private)


def _missions(spec: Spec, names: list[str], rng: random.Random) -> dict[str, list[Item]]:
    """Each kind shuffled apart; every player draws one of each (two of each with 2 players)."""
    each = rules.MISSIONS_EACH[len(names)]
    out: dict[str, list[Item]] = {n: [] for n in names}
    for kind, mk in rules.MISSION_KINDS.items():
        cards = [c for c, _ in spec.copies(kind)]
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


def _public_lines(data: dict, basket: list[Card], named, word, title: str, lang: str) -> list[str]:
    variant = data["variant"]
    v = word("variant", name=say(VARIANT_NAMES[variant], lang), id=variant) if variant else ""
    pub = data["public"]
    lines = [word("title", title=title, players=data["players"], seed=data["seed"], variant=v), "",
             word("table"), "", word("basket", n=rules.BASKET)]
    lines += [f"  {named(c)}" for c in basket]
    lines += ["", word("draw_pile", cards=pub["draw_pile"], aside=len(pub["set_aside_and_shuffled_back"])),
              word("holds", hand=rules.HAND)
              + (word("holds_missions", missions=pub["missions_each"]) if pub["missions_each"] else word("stop")),
              word("turn_order")]
    if variant == "kids":
        lines.append(word("kids_rules", youngster=rules.SPECIALS["youngster"].name(lang),
                          bear=rules.SPECIALS["bear"].name(lang),
                          pine=rules.recipe_name("jam", rules.PINE_CONE, lang)))
    elif variant == "travel":
        lines.append(word("travel_rules"))
    return lines


# The setup's sentences. The zh-TW words are the seed's: 籃子, 配料, 牌庫, 任務卡, 食譜, 起始玩家,
# 給小孩玩, 旅行版; the special cards' and the pine-cone jam's names come from the rules model.
TEXT = {
    "title": {"en": "The Jam for {players} players (seed {seed}{variant})",
              "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}{variant}）"},
    "variant": {"en": ", {id} variant", "zh-TW": "，{name}"},
    "basket": {"en": "Basket ({n} different ingredients, face up):",
               "zh-TW": "籃子（{n} 張不同配料的卡片，正面朝上）："},
    "draw_pile": {"en": "Draw pile: {cards} cards face down ({aside} set aside while dealing, shuffled back in)",
                  "zh-TW": "牌庫：{cards} 張牌正面朝下（發牌時放到一旁的 {aside} 張已洗回牌庫中）"},
    "holds": {"en": "Each player holds {hand} cards", "zh-TW": "每個玩家手中有 {hand} 張牌"},
    "holds_missions": {"en": " and {missions} secret mission cards.",
                       "zh-TW": "，以及 {missions} 張不讓其他玩家看到的任務卡。"},
    "stop": {"en": ".", "zh-TW": "。"},
    "turn_order": {"en": "Turn order: the player who most recently ate jam starts (else a random player); then clockwise.",
                   "zh-TW": "起始玩家：最近有吃果醬的玩家（如果最近沒有人吃果醬，則隨機指定一個玩家）；"
                            "接著按照順時針方向進行。"},
    "kids_rules": {"en": "Kids: no missions, no trading; the Youngster, the Bear and the pine-cone jam are out of the "
                         "deck; the most recipes wins.",
                   "zh-TW": "給小孩玩：別使用任務卡，別進行交易；「{youngster}」、「{bear}」以及{pine}從牌庫中移除；"
                            "有最多食譜卡的玩家獲勝。"},
    "travel_rules": {"en": "Travel: finished recipes go face down into your own recipe pile; "
                           "equal ingredients in the basket stack.",
                     "zh-TW": "旅行版：完成的食譜正面朝下放進自己的食譜牌堆；籃子裡相同的配料疊成一個牌堆。"},
    "hand": {"en": "  hand: {card}", "zh-TW": "  手牌：{card}"},
    "mission": {"en": "  mission (secret): {card}", "zh-TW": "  任務卡（不讓其他玩家看到）：{card}"},
}
VARIANT_NAMES = {"kids": {"en": "kids", "zh-TW": "給小孩玩的規則"}, "travel": {"en": "travel", "zh-TW": "旅行版"}}
