"""The Jam rules model and deck facts, fed small data: recipe names, the worst deal for the
basket, the kids' deck, and references that remember where they stand in the file."""
from __future__ import annotations

from collections import Counter

from pnp.diagnostics import Report
from pnp.games import GAMES
from pnp.games.the_jam import deck, rules
from pnp.load.paths import SPECS_DIR
from pnp.load.spec import load_spec

JAM = GAMES["the-jam"]


def test_rules_totals():
    assert rules.GAME_CARDS == 72 and rules.MISSION_CARDS == 12
    assert rules.SPECIALS["youngster"].points == 7 and rules.SPECIALS["bear"].points == 10
    assert rules.PINE_CONE_JAM_POINTS == 0
    assert sum(rules.TEA_RECIPES.values()) == 8 and rules.LADDER_STEPS == 5
    assert rules.MISSIONS_EACH == {2: 2, 3: 1, 4: 1}


def test_recipe_names_in_both_languages():
    assert rules.recipe_name("jam", "strawberry", "en") == "Strawberry jam"
    assert rules.recipe_name("jam", "plum", "zh-TW") == "黃梅醬"  # the seed's 黃梅醬
    assert rules.recipe_name("jam", "pine-cone", "zh-TW") == "松果醬"
    assert rules.recipe_name("pie", "cherry", "zh-TW") == "櫻桃派"
    assert rules.recipe_name("salad", None, "zh-TW") == "水果沙拉"


def test_sure_ingredients_takes_the_rarest_first():
    counts = Counter({"a": 3, "b": 4, "c": 10, "d": 10})
    assert deck.sure_ingredients(counts, 0) == 4
    assert deck.sure_ingredients(counts, 3) == 3  # a can be dealt away entirely
    assert deck.sure_ingredients(counts, 6) == 3  # b needs 4 more
    assert deck.sure_ingredients(counts, 7) == 2
    assert deck.sure_ingredients(Counter(), 16) == 0


def test_shipped_deck_keeps_eight_ingredients_for_the_biggest_deal():
    spec, _ = load_spec(SPECS_DIR / "the-jam.yaml", JAM)
    dealt = max(rules.PLAYERS) * rules.HAND
    variants = 0
    for variant in (None, "kids"):
        assert deck.sure_ingredients(deck.ingredient_copies(spec, variant), dealt) >= rules.BASKET
        variants += 1
    assert variants == 2


def test_references_carry_their_location():
    from pnp.diagnostics import Loc
    from pnp.load.yamlload import Node

    KINDS = JAM.declared.kinds.fields  # the kinds game.yaml declares
    field = next(f for f in KINDS["mission-winter"] if f.name == "jams")
    items = [Node("scalar", Loc("x.yaml", 4, c), v) for c, v in ((9, "a-jam"), (16, "b-jam"))]
    refs = field.type.read(Node("seq", Loc("x.yaml", 4, 8), items), Report(), "jams")
    assert refs == ["a-jam", "b-jam"]
    assert [r.loc.col for r in refs] == [9, 16]
