"""`pnp setup christmas-tree`: deal a game from the spec's cards by the rules model.

Takes a spec, a player count (2-4), a seed and a variant (beginner, family — the default, the
seed's "normal rules" — or advanced); returns the deck (the baubles and candies for the player
count and 3 gingerbread men per tree, shuffled), each tree's first hand of 8, each player's
cookies and goal cards, and with 2 players the dummy tree, which plays as a third seat. In the
beginner game no goals are dealt: 3 one-bell goals are drawn at the start of every round.
"""
from __future__ import annotations

import random

from ...diagnostics import one_of
from ...spec import Item, Spec
from .. import SetupError, SetupResult
from . import rules


def setup(spec: Spec, players: int, seed: int, variant: str | None = None) -> SetupResult:
    if players not in rules.PLAYERS:
        raise SetupError(f"Christmas Tree is played by {rules.PLAYERS[0]} to {rules.PLAYERS[-1]} players, not {players}")
    v = rules.VARIANTS.get(variant or rules.DEFAULT_VARIANT)
    if v is None:
        raise SetupError(f"Christmas Tree has no variant '{variant}'; variants: {one_of(rules.VARIANTS)}")
    rng = random.Random(seed)
    seats = rules.seats(players)
    names = [f"player {p + 1}" for p in range(players)] + (["dummy"] if seats > players else [])
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
    data = {
        "game": "christmas-tree", "players": players, "seed": seed, "variant": v.id,
        "trees": names,
        "deck": {"cards": len(deck), "rounds": rules.ROUNDS, "per_round": seats * rules.DRAW,
                 "order": [c.id for c in deck]},
        "hands": {n: [_card(c) for c in cards] for n, cards in hands.items()},
        "cookies": {n: v.cookies_each for n in names[:players]},
        "goals": {n: [_goal(goals[g]) for g in gs] for n, gs in dealt.items()},
        "round_goals": [_goal(goals[g]) for g in drawn],
    }
    return SetupResult(data, _lines(data, v, players))


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


def _card(c: Item) -> dict:
    return {"card": c.id, "kind": c.kind, "shows": describe(c), "bubbles": c["bubbles"]}


def _goal(g: Item) -> dict:
    return {"card": g.id, "bells": g["bells"], "goal": g["goal"], "text": g["text"]["en"]}


def _lines(data: dict, v: rules.Variant, players: int) -> list[str]:
    deck = data["deck"]
    lines = [f"Christmas Tree, {v.en.lower()} game for {players} players (seed {data['seed']})", "",
             (f"Deck: {deck['cards']} decoration cards, shuffled; each round every tree draws {rules.DRAW} "
              f"({deck['per_round']} a round), places {rules.PLACE} and returns the last to the box.")]
    if "dummy" in data["trees"]:
        lines.append("Two players: a dummy tree takes the third seat; each turn a random card of the hand it holds "
                     "goes on an empty space of its tree. It counts only for first and second place of majority goals.")
    for name, hand in data["hands"].items():
        lines += ["", f"{name}, round 1 hand:"] + [f"  {h['card']} ({h['shows']})" for h in hand]
        if name in data["cookies"]:
            lines.append(f"  cookies: {data['cookies'][name]}")
        for g in data["goals"].get(name, []):
            lines.append(f"  goal (face down, {g['bells']} bell{'s' if g['bells'] > 1 else ''}): {g['card']}: {g['text']}")
    if data["round_goals"]:
        lines += ["", "Round 1 goals, drawn at random (draw 3 new one-bell goals each round):"]
        lines += [f"  {g['card']}: {g['text']}" for g in data["round_goals"]]
    elif "dummy" in data["trees"]:
        lines += ["", "Each round, after the players choose their goals, draw one at random for the dummy."]
    return lines


def card_name(c: Item, spec: Spec, lang: str = "en") -> str:
    """A piece as a player finds it in the printed box: 'Gold star, 1 snowflake' / '金色星星，1 片雪花',
    'Candy, 4 points', 'Gingerbread man: gold, star, green, ball', a goal card by its text."""
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
        return c["text"].get(lang) or c["text"]["en"]
    if c.kind in rules.OTHER_PIECES:
        return rules.OTHER_PIECES[c.kind].name(lang)
    return c.id


def _side_name(side: str, lang: str) -> str:
    for table in (rules.COLORS, rules.SHAPES):
        if side in table:
            name = table[side].name(lang)
            return name if lang == "zh-TW" else name.lower()
    return rules.DECORATIONS["candy"].name(lang) if side == "candy" else side
