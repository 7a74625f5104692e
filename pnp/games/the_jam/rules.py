"""The Jam rules model: what is legal in a copy of The Jam (果醬甜心), as data.

Everything here is RULE or FACT (../shared/games.md section 1): the recipe kinds, the
ingredients a card can show, the card totals, the special cards and their points, the mission
kinds with their scoring, the tea-party totals, the setup numbers and the variants. The
validator, `pnp setup the-jam` and the card renderer all read these tables; what one copy of
the game contains (which recipe on which card, their points, the mission contents) is in the
spec, card_specs/the-jam.yaml.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import Bilingual, Named, by_id

# The bottom half of a game card. The published flavour names strawberry, raspberry, apple,
# cherry, peach, gooseberry and currant; the seed rulebook adds 黃梅 (yellow plum), 胡桃
# (walnut) and the pine cone; blueberry completes the set.
Ingredient = Named
INGREDIENTS: dict[str, Ingredient] = by_id(
    Ingredient("strawberry", "Strawberry", "草莓", "#e0283c"),
    Ingredient("raspberry", "Raspberry", "覆盆子", "#c81d5e"),
    Ingredient("apple", "Apple", "蘋果", "#6fb52c"),
    Ingredient("cherry", "Cherry", "櫻桃", "#a3102a"),
    Ingredient("peach", "Peach", "桃子", "#f59a5b"),
    Ingredient("gooseberry", "Gooseberry", "鵝莓", "#a9c94a"),
    Ingredient("currant", "Currant", "紅醋栗", "#d8142c"),
    Ingredient("plum", "Yellow plum", "黃梅", "#f2c230"),
    Ingredient("blueberry", "Blueberry", "藍莓", "#3a4fa8"),
    Ingredient("walnut", "Walnut", "胡桃", "#9a6a3a"),
    Ingredient("pine-cone", "Pine cone", "松果", "#7a5230"),
)
PINE_CONE = "pine-cone"  # its jam is made from any ingredient; its ingredient makes only that jam
PINE_CONE_JAM_POINTS = 0


@dataclass(frozen=True)
class RecipeKind(Bilingual):
    id: str
    en: str  # the recipe's name is the ingredient's name and this word
    zh: str
    made_from: str  # the spec field saying what the recipe is made from
    colour: str


RECIPE_KINDS: dict[str, RecipeKind] = {k.id: k for k in (
    RecipeKind("jam", "jam", "醬", "fruit", "#c8283f"),
    RecipeKind("pie", "pie", "派", "jam", "#c98a2c"),
    RecipeKind("salad", "Fruit salad", "水果沙拉", "fruits", "#4f9a3a"),
)}
SALAD_FRUITS = 3  # a fruit salad needs exactly three different fruits


@dataclass(frozen=True)
class Special(Bilingual):
    id: str
    en: str
    zh: str
    points: int
    en_rule: str
    zh_rule: str


# Single-purpose cards: no recipe, no ingredient.
SPECIALS: dict[str, Special] = {s.id: s for s in (
    Special("youngster", "Karlsman", "年輕人", 7,
            "When drawn, all players bid finished jams; the highest bid keeps him.",
            "抽到時，所有玩家以完成的果醬下注，出價最高者得到他。"),
    Special("bear", "Bear", "熊", 10,
            "When drawn, he goes to the player with the most baked pies, who gives up one pie.",
            "抽到時，熊前往烘焙最多派的玩家，該玩家須棄掉一個派。"),
)}

GAME_CARDS = 72  # special cards included
GAME_KINDS = tuple(RECIPE_KINDS) + tuple(SPECIALS)


@dataclass(frozen=True)
class MissionKind(Bilingual):
    id: str
    en: str
    zh: str
    shows: str | None  # the recipe kind its own mission shows, and the spec field listing them
    field: str | None
    shown: int  # how many recipes it shows
    needed: int  # how many of them a player must own
    points: int
    colour: str


MISSION_KINDS: dict[str, MissionKind] = {m.id: m for m in (
    MissionKind("mission-winter", "Jam for winter", "為了冬天準備的果醬", "jam", "jams", 4, 3, 7, "#2f6db0"),
    MissionKind("mission-grandma", "Pies for Grandma", "給奶奶的派", "pie", "pies", 3, 2, 8, "#b0492f"),
    MissionKind("mission-tea-party", "Big tea party", "大型茶會派對", None, None, 0, 0, 0, "#7b4aa8"),
)}
MISSION_COPIES = 4  # per kind, every copy different
MISSION_CARDS = MISSION_COPIES * len(MISSION_KINDS)

# The big tea party: one part on each of a player's three mission cards, together
# 6 jams and 2 pies; a player must own at least 4 of them to score.
TEA_RECIPES = {"jam": 6, "pie": 2}
TEA_MIN = 4
TEA_MAX = sum(TEA_RECIPES.values())
LADDER_STEPS = TEA_MAX - TEA_MIN + 1  # points for owning TEA_MIN, TEA_MIN + 1, ... TEA_MAX

YUMMY = {"en": "Yummy yummy!", "zh-TW": "美味美味！"}
YUMMY_POINTS = 1  # per card on the table whose bottom half shows the favourite ingredient

PLAYERS = (2, 3, 4)
HAND = 4
BASKET = 8  # all different ingredients, no special cards
MISSIONS_EACH = {2: 2, 3: 1, 4: 1}  # of every mission kind, per player

VARIANTS = ("kids", "travel")
# Kids: no missions, no trading; the seed removes exactly 「年輕人」、「熊」，以及松果醬 — the
# Youngster, the Bear and the pine-cone jam cards (see is_pine_cone_jam).
KIDS_REMOVE = tuple(SPECIALS)


def recipe_name(kind: str, ingredient: str | None, lang: str) -> str:
    """A recipe's printed name: 'Strawberry jam' / '草莓醬'; a salad is 'Fruit salad'."""
    k = RECIPE_KINDS[kind]
    if kind == "salad" or ingredient not in INGREDIENTS:
        return k.name(lang)
    ing = INGREDIENTS[ingredient]
    return ing.zh + k.zh if lang == "zh-TW" else f"{ing.en} {k.en}"


def is_pine_cone_jam(fields: dict) -> bool:
    """A card showing the pine-cone jam recipe (the kids variant removes these, whatever their
    bottom half shows)."""
    return fields.get("fruit") == PINE_CONE


# -- End-of-game scoring (`pnp score the-jam`) --------------------------------------------------
# The seed: every recipe in front of a player scores its printed points; missions add theirs;
# 「一罐果醬只能被用在一種組合中」 — one recipe card serves one combination only, and the player
# chooses which; the pine-cone jam stands in for any jam of a mission. Highest total wins; a tie
# goes to the most Yummy-yummy points. Kids: no missions, recipes not scored, most recipe cards.


@dataclass(frozen=True)
class Owned:
    """A recipe card in front of a player at the end of the game."""

    card: str  # the spec id
    recipe: str
    kind: str  # jam, pie or salad
    points: int  # as printed
    ingredient: str  # its bottom half
    wild: bool = False  # a pine-cone jam: any jam of a mission


@dataclass(frozen=True)
class Mission:
    """A mission card as the scorer reads it."""

    id: str
    kind: str
    shows: tuple[str, ...]  # its own mission's recipes (the jams or pies); none on a tea-party card
    tea: tuple[str, ...]  # its part of the big tea party
    favourite: str
    ladder: tuple[int, ...] = ()  # tea-party cards: points for owning TEA_MIN, TEA_MIN + 1, ...


@dataclass(frozen=True)
class Goal:
    """One combination a player can complete: a mission card's own, or one tea party."""

    kind: str  # a MISSION_KINDS id
    missions: tuple[str, ...]  # the mission cards it is printed on
    slots: tuple[tuple[str, str], ...]  # (recipe id, recipe kind), one owned card each
    ladder: dict[int, int]  # recipes owned -> points, for every count that scores


def goals_for(missions: list[Mission], recipe_kind: dict[str, str]) -> list[list[Goal]]:
    """Every way the player's mission cards form combinations: each winter and grandma card its
    own, and one tea party per tea-party card, from the tea parts of one card of each kind.
    With one card of each kind there is one way; with two of each (2 players, our reading) the
    tea parts can pair up in several ways and the player takes the best."""
    by_kind = {k: [m for m in missions if m.kind == k] for k in MISSION_KINDS}
    own = []
    for m in missions:
        mk = MISSION_KINDS[m.kind]
        if mk.shows is not None:
            own.append(Goal(m.kind, (m.id,), tuple((r, mk.shows) for r in m.shows), {mk.needed: mk.points}))
    ways = []
    for pairing in _pairings([by_kind[k] for k in MISSION_KINDS]):
        parties = []
        for group in pairing:
            tea_card = next(m for m in group if m.kind == "mission-tea-party")
            slots = tuple((r, recipe_kind.get(r, "")) for m in group for r in m.tea)
            ladder = {TEA_MIN + i: p for i, p in enumerate(tea_card.ladder) if TEA_MIN + i <= len(slots)}
            parties.append(Goal("mission-tea-party", tuple(m.id for m in group), slots, ladder))
        ways.append(own + parties)
    return ways


def _pairings(columns: list[list[Mission]]) -> list[list[tuple[Mission, ...]]]:
    """Groups of one card from each column, the last column fixed in order and the others permuted."""
    from itertools import permutations, product

    *free, fixed = columns
    ways = []
    for perms in product(*(permutations(c) for c in free)):
        ways.append([tuple(col[i] for col in (*perms, fixed)) for i in range(len(fixed))])
    return ways


def best_combinations(owned: list[Owned], ways: list[list[Goal]]) -> tuple[int, list[Goal], dict]:
    """The most mission points a player can make, exactly: (points, the goals of the best way,
    {goal index: [(slot index, owned card index)]}). Each card fills one slot of one goal."""
    from itertools import product

    options = []
    for way in ways:
        for counts in product(*([0, *sorted(g.ladder)] for g in way)):
            pts = sum(g.ladder.get(k, 0) for g, k in zip(way, counts))
            options.append((-pts, sum(counts), way, counts))
    options.sort(key=lambda o: (o[0], o[1]))
    for neg, _, way, counts in options:
        used = _fill(owned, way, counts)
        if used is not None:
            return -neg, way, used
    return 0, ways[0] if ways else [], {}  # pragma: no cover - all-zero counts always fit


def _fits(card: Owned, slot: tuple[str, str]) -> bool:
    recipe, kind = slot
    return card.recipe == recipe or (card.wild and kind == "jam")


def _fill(owned: list[Owned], goals: list[Goal], counts: tuple[int, ...]) -> dict[int, list[tuple[int, int]]] | None:
    """(slot, card) for `counts[g]` slots of each goal g, every card used once (a max flow: goal ->
    its slots -> the cards that fit them); None when they cannot all be filled."""
    from collections import defaultdict

    need = sum(counts)
    if need > len(owned):
        return None
    cap: dict = defaultdict(dict)
    for g, (goal, k) in enumerate(zip(goals, counts)):
        if not k:
            continue
        cap["s"][("g", g)] = k
        for i, slot in enumerate(goal.slots):
            cap[("g", g)][("slot", g, i)] = 1
            for c, card in enumerate(owned):
                if _fits(card, slot):
                    cap[("slot", g, i)][("c", c)] = 1
    for c in range(len(owned)):
        cap[("c", c)]["t"] = 1
    if _max_flow(cap, "s", "t") < need:
        return None
    used: dict[int, list[tuple[int, int]]] = {}
    for node, edges in cap.items():
        if node[0] == "c":
            for back, flow in edges.items():
                if back[0] == "slot" and flow:
                    used.setdefault(back[1], []).append((back[2], node[1]))
    return used


def _max_flow(cap: dict, s, t) -> int:
    """Unit augmenting paths (breadth first) on residual capacities; `cap` is left as the residual."""
    flow = 0
    while True:
        parent = {s: None}
        queue = [s]
        for u in queue:
            for v, c in list(cap[u].items()):
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if t not in parent:
            return flow
        v = t
        while parent[v] is not None:
            u = parent[v]
            cap[u][v] -= 1
            cap[v][u] = cap[v].get(u, 0) + 1
            v = u
        flow += 1


def yummy(owned: list[Owned], missions: list[Mission]) -> list[tuple[str, str, int]]:
    """(mission card, its favourite ingredient, points): YUMMY_POINTS for every card on the
    player's table whose bottom half shows the favourite — each mission card counts its own."""
    return [(m.id, m.favourite, YUMMY_POINTS * sum(c.ingredient == m.favourite for c in owned)) for m in missions]


def score_player(owned: list[Owned], specials: list[str], missions: list[Mission], recipe_kind: dict[str, str],
                 variant: str | None = None) -> dict:
    """One player's points: printed recipe points, Youngster 7 and Bear 10, the best use of the
    missions, Yummy yummy. Kids: the number of recipe cards, nothing else."""
    cards = [{"card": c.card, "points": c.points} for c in owned]
    if variant == "kids":
        return {"total": len(owned), "recipe_cards": len(owned), "cards": [c["card"] for c in cards]}
    points, goals, used = best_combinations(owned, goals_for(missions, recipe_kind))
    combos = []
    for g, goal in enumerate(goals):
        fill = sorted(used.get(g, []))
        combos.append({"kind": goal.kind, "missions": list(goal.missions), "slots": len(goal.slots),
                       "needs": min(goal.ladder, default=TEA_MIN), "points": goal.ladder.get(len(fill), 0),
                       "used": [{"card": owned[c].card, "for": goal.slots[i][0]} for i, c in fill]})
    yum = [{"mission": m, "favourite": f, "points": p} for m, f, p in yummy(owned, missions)]
    special = [{"card": s, "points": SPECIALS[s].points} for s in specials]
    parts = {"recipes": sum(c.points for c in owned), "specials": sum(s["points"] for s in special),
             "missions": points, "yummy": sum(y["points"] for y in yum)}
    return {"total": sum(parts.values()), **parts, "recipe_cards": len(owned), "cards": cards,
            "special_cards": special, "combinations": combos, "yummy_cards": yum}


def tie_key(result: dict, variant: str | None = None) -> tuple[int, ...]:
    """What decides the winner: the total, then (not in kids) the Yummy-yummy points."""
    return (result["total"],) if variant == "kids" else (result["total"], result["yummy"])
