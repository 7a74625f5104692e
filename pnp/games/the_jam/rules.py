"""The Jam rules model as Python reads it: the numbers and names its art, scorer, validator and
setup use, every one read from the game's declaration (game.yaml beside this file, as the
registry read it) — the card totals, the special cards' points, the missions' numbers, the
tea-party totals, the setup numbers and the variants — and the tables that are art, not rules
(each kind's printed name and colour, the special cards' rule text). What one copy of the game
contains is in the spec, card_specs/the-jam.yaml.

The declared values are made when first asked (`rules.GAME_CARDS`, `from .rules import HAND`): the
module reads the declaration then, never at import.
"""
from __future__ import annotations

from typing import Any

from ...records import record
from ..base import Bilingual, Named

Ingredient = Named
PINE_CONE = "pine-cone"  # its jam is made from any ingredient; its ingredient makes only that jam
GAME_ID = "the-jam"


@record(frozen=True)
class RecipeKind(Bilingual):
    id: str
    en: str  # the recipe's name is the ingredient's name and this word
    zh: str
    made_from: str  # the spec field saying what the recipe is made from
    colour: str


# Art: each recipe kind's printed word and colour (the seed's 醬, 派, 水果沙拉).
RECIPE_KINDS: dict[str, RecipeKind] = {k.id: k for k in (
    RecipeKind("jam", "jam", "醬", "fruit", "#c8283f"),
    RecipeKind("pie", "pie", "派", "jam", "#c98a2c"),
    RecipeKind("salad", "Fruit salad", "水果沙拉", "fruits", "#4f9a3a"),
)}


@record(frozen=True)
class Special(Bilingual):
    id: str
    en: str
    zh: str
    points: int  # game.yaml's legal value of its points
    en_rule: str
    zh_rule: str


# Art: the special cards' names and rule text (the seed's 年輕人, 熊); their points are declared.
_SPECIAL_TEXT = {
    "youngster": ("Karlsman", "年輕人", "When drawn, all players bid finished jams; the highest bid keeps him.",
                  "抽到時，所有玩家以完成的果醬下注，出價最高者得到他。"),
    "bear": ("Bear", "熊", "When drawn, he goes to the player with the most baked pies, who gives up one pie.",
             "抽到時，熊前往烘焙最多派的玩家，該玩家須棄掉一個派。"),
}


@record(frozen=True)
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


# Art: each mission kind's printed name and colour, and what its own mission shows; its numbers
# (shown, needed, points) are declared.
_MISSION_TEXT = {
    "mission-winter": ("Jam for winter", "為了冬天準備的果醬", "jam", "jams", "#2f6db0"),
    "mission-grandma": ("Pies for Grandma", "給奶奶的派", "pie", "pies", "#b0492f"),
    "mission-tea-party": ("Big tea party", "大型茶會派對", None, None, "#7b4aa8"),
}

YUMMY = {"en": "Yummy yummy!", "zh-TW": "美味美味！"}
YUMMY_POINTS = 1  # per card on the table whose bottom half shows the favourite ingredient (FACT, written here only)


def declared():
    """The Jam's declaration (game.yaml), as the registry read it."""
    from .. import GAMES

    return GAMES[GAME_ID].declared


def _rule(d, code: str):
    return next(r for r in d.rules if r.code == code)


def _fixed(d, kind: str, name: str) -> Any:
    """A value every card of the kind has, declared as a field derived with one case: `otherwise`."""
    f = next(f for f in d.kinds.fields[kind] if f.name == name)
    return f.derive.cases[-1].value


def _step(d, what: str, **has):
    return next(s for s in d.steps if s.what == what and all(getattr(s, k) == v for k, v in has.items()))


def _mission(d, kind: str) -> MissionKind:
    en, zh, shows, field, colour = _MISSION_TEXT[kind]
    if shows is None:
        return MissionKind(kind, en, zh, None, None, 0, 0, 0, colour)
    shown = next(r for r in d.rules if r.code == "JAM-MISSION-SHOWS" and r.kind == kind).bound.value
    return MissionKind(kind, en, zh, shows, field, int(shown), _fixed(d, kind, "needs"),
                       _fixed(d, kind, "points"), colour)


# The declared values, by name: each made from the declaration when first asked.
_DECLARED = {
    "INGREDIENTS": lambda d: {v: Named(v, a["name"]["en"], a["name"]["zh-TW"], a["colour"])
                              for v, a in d.kinds.choices["ingredient"].items()},
    "PINE_CONE_JAM_POINTS": lambda d: int(_rule(d, "JAM-PINE-POINTS").bound.value),
    "SALAD_FRUITS": lambda d: int(_rule(d, "JAM-SALAD-FRUITS").bound.value),
    "SPECIALS": lambda d: {k: Special(k, en, zh, d.kinds.type_of(k, "points").legal[0], er, zr)
                           for k, (en, zh, er, zr) in _SPECIAL_TEXT.items()},
    "GAME_CARDS": lambda d: int(_rule(d, "JAM-CARD-COUNT").bound.value),
    "GAME_KINDS": lambda d: tuple(_rule(d, "JAM-CARD-COUNT").kinds),
    "MISSION_KINDS": lambda d: {k: _mission(d, k) for k in _rule(d, "JAM-MISSION-KIND").kinds},
    "MISSION_COPIES": lambda d: int(_rule(d, "JAM-MISSION-KIND").bound.value),
    "MISSION_CARDS": lambda d: int(_rule(d, "JAM-MISSION-KIND").bound.value) * len(_rule(d, "JAM-MISSION-KIND").kinds),
    "TEA_RECIPES": lambda d: {"jam": _fixed(d, "mission-tea-party", "tea_jams"),
                              "pie": _fixed(d, "mission-tea-party", "tea_pies")},
    "TEA_MIN": lambda d: _fixed(d, "mission-tea-party", "needs"),
    "TEA_MAX": lambda d: sum(_v("TEA_RECIPES").values()),
    "LADDER_STEPS": lambda d: _v("TEA_MAX") - _v("TEA_MIN") + 1,  # points for TEA_MIN … TEA_MAX
    "PLAYERS": lambda d: tuple(d.players),
    "VARIANTS": lambda d: tuple(d.variants),
    "HAND": lambda d: _step(d, "deal", by_kind=False).arg,
    "BASKET": lambda d: _step(d, "display").arg,  # all different ingredients, no special cards
    "MISSIONS_EACH": lambda d: dict(_step(d, "deal", by_kind=True).arg),  # of every mission kind, per player
    "KIDS_REMOVE": lambda d: tuple(k for s in d.steps if s.what == "remove" and s.variant == "kids"
                                   and s.arg["where"].at(None) == [{}] for k in s.arg["kinds"]),
}
_made: dict[str, Any] = {}


def __getattr__(name: str) -> Any:
    """A declared value (`_DECLARED`), read from game.yaml on first use."""
    if name not in _DECLARED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _made:
        _made[name] = _DECLARED[name](declared())
    return _made[name]


def _v(name: str) -> Any:
    """A declared value, inside this module (a module's own names do not go through __getattr__)."""
    return __getattr__(name)


def recipe_name(kind: str, ingredient: str | None, lang: str) -> str:
    """A recipe's printed name: 'Strawberry jam' / '草莓醬'; a salad is 'Fruit salad'."""
    k = RECIPE_KINDS[kind]
    if kind == "salad" or ingredient not in _v("INGREDIENTS"):
        return k.name(lang)
    ing = _v("INGREDIENTS")[ingredient]
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


@record(frozen=True)
class Owned:
    """A recipe card in front of a player at the end of the game."""

    card: str  # the spec id
    recipe: str
    kind: str  # jam, pie or salad
    points: int  # as printed
    ingredient: str  # its bottom half
    wild: bool = False  # a pine-cone jam: any jam of a mission


@record(frozen=True)
class Mission:
    """A mission card as the scorer reads it."""

    id: str
    kind: str
    shows: tuple[str, ...]  # its own mission's recipes (the jams or pies); none on a tea-party card
    tea: tuple[str, ...]  # its part of the big tea party
    favourite: str
    ladder: tuple[int, ...] = ()  # tea-party cards: points for owning TEA_MIN, TEA_MIN + 1, ...


@record(frozen=True)
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
    by_kind = {k: [m for m in missions if m.kind == k] for k in _v("MISSION_KINDS")}
    own = []
    for m in missions:
        mk = _v("MISSION_KINDS")[m.kind]
        if mk.shows is not None:
            own.append(Goal(m.kind, (m.id,), tuple((r, mk.shows) for r in m.shows), {mk.needed: mk.points}))
    ways = []
    for pairing in _pairings([by_kind[k] for k in _v("MISSION_KINDS")]):
        parties = []
        for group in pairing:
            tea_card = next(m for m in group if m.kind == "mission-tea-party")
            slots = tuple((r, recipe_kind.get(r, "")) for m in group for r in m.tea)
            ladder = {_v("TEA_MIN") + i: p for i, p in enumerate(tea_card.ladder) if _v("TEA_MIN") + i <= len(slots)}
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
                       "needs": min(goal.ladder, default=_v("TEA_MIN")), "points": goal.ladder.get(len(fill), 0),
                       "used": [{"card": owned[c].card, "for": goal.slots[i][0]} for i, c in fill]})
    yum = [{"mission": m, "favourite": f, "points": p} for m, f, p in yummy(owned, missions)]
    special = [{"card": s, "points": _v("SPECIALS")[s].points} for s in specials]
    parts = {"recipes": sum(c.points for c in owned), "specials": sum(s["points"] for s in special),
             "missions": points, "yummy": sum(y["points"] for y in yum)}
    return {"total": sum(parts.values()), **parts, "recipe_cards": len(owned), "cards": cards,
            "special_cards": special, "combinations": combos, "yummy_cards": yum}


def tie_key(result: dict, variant: str | None = None) -> tuple[int, ...]:
    """What decides the winner: the total, then (not in kids) the Yummy-yummy points."""
    return (result["total"],) if variant == "kids" else (result["total"], result["yummy"])
