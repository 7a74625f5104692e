"""`pnp setup christmas-tree`: deal a game from the spec's cards by the rules model.

Takes a spec, a player count (2-4), a seed and a variant (beginner, family — the default, the
seed's "normal rules" — or advanced); returns the deck (the baubles and candies for the player
count and 3 gingerbread men per tree, shuffled), each tree's first hand of 8, each player's
cookies and goal cards, and with 2 players the dummy tree, which plays as a third seat. In the
beginner game no goals are dealt: a few goals are drawn at the start of every round (rules.VARIANTS).
"""
from __future__ import annotations

import random

from ...diagnostics import one_of, plural
from ...load.spec import Item, Spec
from ..base import SetupError, SetupResult, card_json, game_name, phrases, seat_name
from . import rules
from .goal_text import goal_text


def setup(spec: Spec, players: int, seed: int, variant: str | None = None, lang: str = "en") -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"Christmas Tree is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, not {players}")
    v = rules.VARIANTS.get(variant or rules.DEFAULT_VARIANT)
    if v is None:
        raise SetupError(f"Christmas Tree has no variant '{variant}'; variants: {one_of(rules.VARIANTS)}")
    rng = random.Random(seed)
    seats = rules.seats(players)
    names = [seat_name(p) for p in range(1, players + 1)] + (["dummy"] if seats > players else [])
    deck = _deck(spec, players, rng)
    hands = {n: deck[i * rules.DRAW:(i + 1) * rules.DRAW] for i, n in enumerate(names)}
    goal_pool = [g.id for g, _ in spec.copies("goal") if g["bells"] in v.bells]
    rng.shuffle(goal_pool)
    need = rules.goals_needed(v, players)
    if len(goal_pool) < need:
        raise SetupError(f"the {v.id} game with {players} players needs {need} goal cards with "
                         f"{one_of(v.bells)} bells, but the deck has {len(goal_pool)}", usage=False)
    dealt = {n: sorted(goal_pool[i * v.goals_each:(i + 1) * v.goals_each]) for i, n in enumerate(names[:players])}
    drawn = goal_pool[players * v.goals_each:players * v.goals_each + v.goals_drawn]
    cookies = spec.total("cookie")
    if cookies < v.cookies_each * players:
        raise SetupError(f"{players} players take {v.cookies_each} cookies each, but the box has {cookies}", usage=False)
    goals = {g.id: g for g in spec.of_kind("goal")}

    def card(c: Item) -> dict:
        return card_json(c, 1, card_name(c, spec, lang), kind=c.kind, shows=describe(c), bubbles=c["bubbles"])

    def goal(g: Item) -> dict:
        return card_json(g, 1, card_name(g, spec, lang), bells=g["bells"], goal=g["goal"])

    players_only = names[:players]
    data = {
        "game": "christmas-tree", "players": players, "seed": seed, "variant": v.id, "lang": lang,
        "public": {
            "trees": names,
            "deck": {"cards": len(deck), "rounds": rules.ROUNDS, "per_round": seats * rules.DRAW},
            "cookies": {n: v.cookies_each for n in players_only},
            "goals_each": v.goals_each,
            "round_goals": [goal(goals[g]) for g in drawn],
        },
        "private": {n: {"hand": [card(c) for c in hands[n]], "goals": [goal(goals[g]) for g in dealt[n]]}
                    for n in players_only},
        "hidden": {"deck_order": [c.id for c in deck],
                   **({"dummy_hand": [card(c) for c in hands["dummy"]]} if "dummy" in hands else {})},
    }

    def named(c: Item) -> str:
        return f"{card_name(c, spec, lang)} [{c.id}]"

    word = phrases(TEXT, lang)
    private = {}
    for n in players_only:
        private[n] = [word("hand", card=named(c)) for c in hands[n]]
        private[n] += [word("goal", bells=goals[g]["bells"], bells_en=plural(goals[g]["bells"], "bell"),
                            goal=rules.OTHER_PIECES["goal"].name(lang), card=named(goals[g])) for g in dealt[n]]
    lines = _lines(data, v, players, [goals[g] for g in drawn], named, word, game_name(spec, lang), lang)
    return SetupResult(data, lines, private)


def _deck(spec: Spec, players: int, rng: random.Random) -> list[Item]:
    deck = [c for k in rules.MARKED for c, _ in spec.copies(k) if rules.in_deck(c, players)]
    ginger = [c for c, _ in spec.copies("gingerbread")]
    want = rules.GINGERBREAD_PER_PLAYER * rules.seats(players)
    if len(ginger) < want:
        raise SetupError(f"{players} players shuffle in {want} gingerbread men, but the box has {len(ginger)}", usage=False)
    rng.shuffle(ginger)
    deck += ginger[:want]
    rng.shuffle(deck)
    if len(deck) < rules.cards_needed(players):
        raise SetupError(f"the deck for {players} players holds {len(deck)} cards, but {rules.seats(players)} trees "
                         f"draw {rules.cards_needed(players)} over {rules.ROUNDS} rounds", usage=False)
    return deck


def describe(c: Item) -> str:
    """A decoration as a player sees it: 'gold star, 1 snowflake'."""
    if c.kind == "bauble":
        n = c["snowflakes"]
        return f"{c['color']} {c['shape']}, {n} snowflake{'s' if n != 1 else ''}"
    if c.kind == "candy":
        return f"candy, {c['points']} points"
    return "gingerbread man: " + ", ".join(c["sides"])


def _lines(data: dict, v: rules.Variant, players: int, drawn: list[Item], named, word, title: str,
           lang: str) -> list[str]:
    pub = data["public"]
    deck = pub["deck"]
    lines = [word("title", title=title, variant=v.name(lang), variant_en=v.en.lower(), players=players,
                  seed=data["seed"]), "",
             word("table"), "",
             word("deck", cards=deck["cards"], draw=rules.DRAW, per_round=deck["per_round"], place=rules.PLACE)]
    if "dummy" in pub["trees"]:
        lines.append(word("dummy", seat=len(pub["trees"])))
    if v.cookies_each:
        lines.append(word("cookies", n=v.cookies_each, cookie=rules.OTHER_PIECES["cookie"].name(lang)))
    if v.goals_each:
        lines.append(word("goals", n=v.goals_each, goal=rules.OTHER_PIECES["goal"].name(lang)))
    if drawn:
        lines += ["", word("drawn", n=v.goals_drawn, bells=word("or").join(map(str, v.bells)),
                           goal=rules.OTHER_PIECES["goal"].name(lang))]
        lines += [f"  {named(g)}" for g in drawn]
    elif "dummy" in pub["trees"] and v.goals_each:
        lines += ["", word("dummy_goal", goal=rules.OTHER_PIECES["goal"].name(lang))]
    return lines


# The setup's sentences. The zh-TW words are the seed's: 牌庫, 裝飾卡, 輪, 回合, 放回遊戲盒中,
# 虛擬的玩家 (the dummy), 多數決類型的目標卡, 鈴鐺, 圖板; the variants', cookies' and goal cards'
# names come from the rules model.
TEXT = {
    "title": {"en": "Christmas Tree, {variant_en} game for {players} players (seed {seed})",
              "zh-TW": "{title}，{variant}，{players} 位玩家（隨機種子 {seed}）"},
    "deck": {"en": "Deck: {cards} decoration cards, shuffled; each round every tree draws {draw} ({per_round} a round), "
                   "places {place} and returns the last to the box.",
             "zh-TW": "牌庫：{cards} 張裝飾卡，已洗混；每輪每棵聖誕樹抽 {draw} 張（每輪共 {per_round} 張），"
                      "放置 {place} 張，最後一張放回遊戲盒中。"},
    "dummy": {"en": "Two players: a dummy tree takes the third seat; each turn a random card of the hand it holds "
                    "goes on an empty space of its tree. It counts only for first and second place of majority goals.",
              "zh-TW": "兩人遊戲：加入一個虛擬的玩家當作第 {seat} 位玩家，它的聖誕樹也會被裝飾；每回合從它手中的卡片"
                       "隨機抽一張，放到它圖板上任何空的位置。虛擬玩家只在多數決類型的目標卡給予第一名及第二名分數時使用。"},
    "cookies": {"en": "Cookies: each player takes {n} Linzer cookie cards, face up beside the tree.",
                "zh-TW": "{cookie}：每個玩家拿取 {n} 張{cookie}卡，正面朝上放在聖誕樹旁邊。"},
    "goals": {"en": "Goals: each player holds {n} goal cards face down and picks one a round.",
              "zh-TW": "{goal}：每個玩家正面朝下持有 {n} 張{goal}，每輪挑選一張。"},
    "drawn": {"en": "Round 1 goals, drawn at random (draw {n} new {bells}-bell goals each round):",
              "zh-TW": "第 1 輪的{goal}，隨機抽取（每輪一開始隨機抽 {n} 張標有 {bells} 個鈴鐺的新{goal}）："},
    "dummy_goal": {"en": "Each round, after the players choose their goals, draw one at random for the dummy.",
                   "zh-TW": "每輪在玩家都挑好自己的{goal}後，隨機幫虛擬玩家抽一張{goal}。"},
    "hand": {"en": "  round 1 hand: {card}", "zh-TW": "  第 1 輪手牌：{card}"},
    "goal": {"en": "  goal (face down, {bells_en}): {card}", "zh-TW": "  {goal}（正面朝下，{bells} 個鈴鐺）：{card}"},
}


def card_name(c: Item, spec: Spec, lang: str = "en") -> str:
    """A piece as a player finds it in the printed box: 'Gold star, 1 snowflake' / '金色星星，1 片雪花',
    'Candy, 4 points', 'Gingerbread man: gold, star, green, ball', a goal card by the text it prints."""
    zh = lang == "zh-TW"
    if c.kind == "bauble":
        n = c["snowflakes"]
        colour, shape = rules.COLORS[c["color"]].name(lang), rules.SHAPES[c["shape"]].name(lang)
        if zh:
            return f"{colour}{shape}，{n} 片雪花"
        return f"{colour} {shape.lower()}, {n} snowflake{'s' if n != 1 else ''}"
    if c.kind == "candy":
        return f"{rules.DECORATIONS['candy'].name(lang)}，{c['points']} 分" if zh else f"Candy, {c['points']} points"
    if c.kind == "gingerbread":
        sides = [_side_name(s, lang) for s in c["sides"]]
        return rules.DECORATIONS["gingerbread"].name(lang) + ("：" + "、".join(sides) if zh else ": " + ", ".join(sides))
    if c.kind == "goal":
        return goal_text(c, lang)
    if c.kind in rules.OTHER_PIECES:
        return rules.OTHER_PIECES[c.kind].name(lang)
    return c.id


def _side_name(side: str, lang: str) -> str:
    for table in (rules.COLORS, rules.SHAPES):
        if side in table:
            name = table[side].name(lang)
            return name if lang == "zh-TW" else name.lower()
    if side == rules.CANDY:
        name = rules.DECORATIONS["candy"].name(lang)
        return name if lang == "zh-TW" else name.lower()
    return side
