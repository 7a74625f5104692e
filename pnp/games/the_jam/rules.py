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

from .. import Bilingual, Named, by_id

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
