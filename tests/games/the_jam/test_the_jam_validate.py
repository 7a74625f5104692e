"""`pnp validate the-jam`: the shipped spec is valid, and every class of broken card, broken
cross-reference and broken count is reported at its file:line:col with its stable code."""
from __future__ import annotations

import re

import pytest
from conftest import col_of, copy_spec

GAME = "the-jam"


def diags(cli, specs) -> tuple[int, list[dict]]:
    res = cli("validate", GAME, "--specs", specs, "--format", "json")
    return res.code, res.json()["games"][GAME]["diagnostics"]


def at(found: list[dict], code: str) -> list[tuple[int, int]]:
    return [(d["line"], d["col"]) for d in found if d["code"] == code]


def test_shipped_spec_is_valid(cli):
    res = cli("validate", GAME)
    assert res.code == 0, res.out
    assert f"{GAME}: ok" in res.out


# (what is broken, old text, new text, code, the value the diagnostic must point at)
ONE_EDIT = [
    ("pie baked from a jam no card shows",
     "jam: gooseberry-jam, points: 6", "jam: lemon-jam, points: 6", "JAM-PIE-JAM", "lemon-jam"),
    ("pie baked from a pie recipe",
     "jam: gooseberry-jam, points: 6", "jam: apple-pie, points: 6", "JAM-PIE-JAM", "apple-pie"),
    ("salad names one fruit twice",
     "fruits: [strawberry, raspberry, blueberry], points: 4, ingredient: cherry",
     "fruits: [strawberry, raspberry, raspberry], points: 4, ingredient: cherry", "JAM-SALAD-FRUITS", "raspberry]"),
    ("salad with two fruits",
     "fruits: [strawberry, raspberry, blueberry], points: 4, ingredient: cherry",
     "fruits: [strawberry, raspberry], points: 4, ingredient: cherry", "JAM-SALAD-FRUITS", "[strawberry"),
    ("salad needing a pine cone",
     "fruits: [strawberry, raspberry, blueberry], points: 4, ingredient: cherry",
     "fruits: [strawberry, raspberry, pine-cone], points: 4, ingredient: cherry", "JAM-PINE-CONE", "pine-cone]"),
    ("card whose ingredient is its own recipe's fruit",
     "fruit: strawberry, points: 1, ingredient: walnut", "fruit: strawberry, points: 1, ingredient: strawberry",
     "JAM-OWN-FRUIT", "strawberry }"),
    ("pie whose ingredient is its jam's fruit",
     "jam: gooseberry-jam, points: 6, ingredient: currant", "jam: gooseberry-jam, points: 6, ingredient: gooseberry",
     "JAM-OWN-FRUIT", "gooseberry }"),
    ("salad whose ingredient is one of its fruits",
     "fruits: [strawberry, raspberry, blueberry], points: 4, ingredient: cherry",
     "fruits: [strawberry, raspberry, blueberry], points: 4, ingredient: raspberry", "JAM-OWN-FRUIT", "raspberry }"),
    ("winter mission naming no recipe",
     "jams: [strawberry-jam, cherry-jam, plum-jam, gooseberry-jam]",
     "jams: [strawberry-jam, cherry-jam, plum-jam, lemon-jam]", "JAM-MISSION-RECIPE", "lemon-jam"),
    ("grandma mission showing a jam as a pie",
     "pies: [strawberry-pie, cherry-pie, plum-pie]", "pies: [strawberry-pie, cherry-jam, plum-pie]",
     "JAM-MISSION-RECIPE", "cherry-jam"),
    ("tea-party part naming no recipe",
     "tea: [apple-jam, raspberry-jam], favourite: strawberry", "tea: [apple-jam, lemon-tart], favourite: strawberry",
     "JAM-MISSION-RECIPE", "lemon-tart"),
    ("winter mission with three jams",
     "jams: [strawberry-jam, cherry-jam, plum-jam, gooseberry-jam]",
     "jams: [strawberry-jam, cherry-jam, plum-jam]", "JAM-MISSION-SHOWS", "[strawberry-jam"),
    ("winter mission showing a jam twice",
     "jams: [strawberry-jam, cherry-jam, plum-jam, gooseberry-jam]",
     "jams: [strawberry-jam, cherry-jam, plum-jam, plum-jam]", "JAM-MISSION-SHOWS", "[strawberry-jam"),
    ("one winter card's tea part differs from the others",
     "tea: [apple-jam, raspberry-jam], favourite: strawberry", "tea: [apple-jam, raspberry-pie], favourite: strawberry",
     "JAM-TEA-PART", "[apple-jam, raspberry-pie"),
    ("tea-party ladder with a step missing",
     "ladder: [5, 8, 11, 14, 18]", "ladder: [5, 8, 11, 14]", "JAM-TEA-LADDER", "[5, 8, 11, 14]"),
    ("tea-party ladder that pays less for more",
     "ladder: [5, 8, 11, 14, 18]", "ladder: [5, 8, 11, 14, 3]", "JAM-TEA-LADDER", "[5, 8"),
    ("Youngster not worth 7", "kind: youngster, points: 7", "kind: youngster, points: 8", "JAM-SPECIAL-POINTS", "8 }"),
    ("Bear not worth 10", "kind: bear, points: 10", "kind: bear, points: 12", "JAM-SPECIAL-POINTS", "12 }"),
    ("Youngster with an ingredient half", "kind: youngster, points: 7", "kind: youngster, points: 7, ingredient: apple",
     "JAM-SPECIAL-HALVES", "apple }"),
    ("pine-cone jam worth points",
     "fruit: pine-cone, points: 0, ingredient: pine-cone", "fruit: pine-cone, points: 2, ingredient: pine-cone",
     "JAM-PINE-POINTS", "2, ingredient"),
    ("two cards of one recipe with different points",
     "fruit: strawberry, points: 1, ingredient: blueberry", "fruit: strawberry, points: 2, ingredient: blueberry",
     "JAM-RECIPE-AGREE", "2, ingredient"),
    ("a recipe id used for a jam and a pie",
     "recipe: gooseberry-pie,", "recipe: gooseberry-jam,", "JAM-RECIPE-AGREE", "gooseberry-jam,"),
    ("two winter cards showing the same",
     "jams: [apple-jam, raspberry-jam, peach-jam, currant-jam], tea: [strawberry-jam, blueberry-jam], favourite: apple",
     ("jams: [strawberry-jam, cherry-jam, plum-jam, gooseberry-jam], tea: [apple-jam, raspberry-jam], "
      "favourite: strawberry"), "JAM-MISSION-SAME", "winter-2"),
    ("two identical copies of a mission",
     "{ id: winter-4, kind: mission-winter,", "{ id: winter-4, count: 2, kind: mission-winter,",
     "JAM-MISSION-SAME", "2, kind"),
]


@pytest.mark.parametrize("what,old,new,code,needle", ONE_EDIT, ids=[e[0] for e in ONE_EDIT])
def test_broken_card_is_reported_at_its_value(cli, tmp_path, what, old, new, code, needle):
    specs, line = copy_spec(tmp_path, GAME, old, new)
    rc, found = diags(cli, specs)
    assert rc == 1, found
    assert (line, col_of(specs, GAME, line, needle)) in at(found, code), found


def edit_all(tmp_path, pattern: str, repl: str, anchor: str):
    """A spec copy with every match of `pattern` replaced; returns (specs, line, col) of `anchor`."""
    from pnp.load.paths import SPECS_DIR

    text = re.sub(pattern, repl, (SPECS_DIR / f"{GAME}.yaml").read_text(encoding="utf-8"))
    specs, _ = copy_spec(tmp_path, GAME, text=text)
    before = text[: text.index(anchor)]
    return specs, before.count("\n") + 1, len(before) - before.rfind("\n")


def test_jam_whose_fruit_no_card_shows(cli, tmp_path):
    specs, line, col = edit_all(tmp_path, r"ingredient: walnut", "ingredient: peach", "walnut, points: 4")
    rc, found = diags(cli, specs)
    assert rc == 1
    assert (line, col) in at(found, "JAM-JAM-FRUIT")
    msg = next(d["message"] for d in found if d["code"] == "JAM-JAM-FRUIT")
    assert "no card shows walnut" in msg


def test_favourite_no_card_shows(cli, tmp_path):
    specs, line, col = edit_all(tmp_path, r"ingredient: walnut", "ingredient: peach", "walnut }")
    _, found = diags(cli, specs)
    assert (line, col) in at(found, "JAM-FAVOURITE")


def test_pine_cone_ingredient_without_pine_cone_jam(cli, tmp_path):
    specs, line, col = edit_all(tmp_path, r"fruit: pine-cone", "fruit: walnut", "pine-cone, count")
    _, found = diags(cli, specs)
    assert (line, col) in at(found, "JAM-PINE-CONE")


def test_tea_party_that_is_not_six_jams_and_two_pies(cli, tmp_path):
    specs, _, _ = edit_all(tmp_path, r"tea: \[(\w+-jam), (\w+-jam), (\w+-pie), \w+-pie\]", r"tea: [\1, \2, \3]", "components:")
    rc, found = diags(cli, specs)
    assert rc == 1
    totals = [d for d in found if d["code"] == "JAM-TEA-TOTAL"]
    assert totals and "1 pie" in totals[0]["message"] and "expected 6 jams and 2 pies" in totals[0]["message"]


def test_deck_totals_are_reported_at_components(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, GAME, "ingredient: gooseberry, count: 2", "ingredient: gooseberry")
    comp_line = (specs / f"{GAME}.yaml").read_text().splitlines().index("components:") + 1
    rc, found = diags(cli, specs)
    assert rc == 1
    assert (comp_line, 1) in at(found, "JAM-CARD-COUNT")
    assert "71 game cards" in next(d["message"] for d in found if d["code"] == "JAM-CARD-COUNT")


def test_missing_mission_kind_copy(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, GAME, "  - { id: winter-4,", "  - { id: winter-4, kind: mission-grandma, pies: "
                         "[cherry-pie, apple-pie, plum-pie], tea: [apple-jam, walnut-jam], favourite: raspberry } #")
    _, found = diags(cli, specs)
    codes = {d["code"] for d in found}
    assert {"JAM-MISSION-KIND"} <= codes


def test_basket_that_cannot_always_be_dealt(cli, tmp_path):
    specs, _, _ = edit_all(tmp_path, r"ingredient: walnut", "ingredient: cherry", "components:")
    rc, found = diags(cli, specs)
    assert rc == 1
    msg = next(d["message"] for d in found if d["code"] == "JAM-BASKET")
    assert "8 different ingredients" in msg and "16 cards to 4 players" in msg


def test_unknown_ingredient_is_an_input_error(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "ingredient: walnut", "ingredient: lemon")
    res = cli("validate", GAME, "--specs", specs)
    assert res.code == 2
    assert f":{line}:{col_of(specs, GAME, line, 'lemon')}: error[SPEC-VALUE]" in res.out
    assert "strawberry" in res.out  # the accepted values


def test_text_diagnostic_reads_file_line_col_code(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "jam: gooseberry-jam, points: 6", "jam: lemon-jam, points: 6")
    res = cli("validate", GAME, "--specs", specs)
    col = col_of(specs, GAME, line, "lemon-jam")
    assert f"the-jam.yaml:{line}:{col}: error[JAM-PIE-JAM]: pie 'gooseberry-pie-currant' is baked from 'lemon-jam'" in res.out


def _components_line(specs) -> int:
    return (specs / f"{GAME}.yaml").read_text().splitlines().index("components:") + 1


# The rulebook's deck: what must be there, the lines that remove it, and the name the message uses.
MISSING = [
    ("youngster", r"\n  - \{ id: youngster,[^\n]*", "Karlsman"),
    ("bear", r"\n  - \{ id: bear,[^\n]*", "Bear (熊)"),
    ("salads", r"\n  - \{ id: [a-z-]+, kind: salad,[^\n]*", "fruit salad card (水果沙拉)"),
    ("pine-cone jam", r"\n  - \{ id: pine-cone-jam,[^\n]*", "pine-cone jam card (松果醬)"),
]


@pytest.mark.parametrize("what,pattern,name", MISSING, ids=[m[0] for m in MISSING])
def test_a_deck_without_a_card_the_rulebook_names_is_a_rule_break(cli, tmp_path, what, pattern, name):
    specs, _, _ = edit_all(tmp_path, pattern, "", "components:")
    rc, found = diags(cli, specs)
    assert rc == 1, found
    missing = [d for d in found if d["code"] == "JAM-MISSING"]
    assert [(d["line"], d["col"]) for d in missing] == [(_components_line(specs), 1)]
    assert f"the deck has no {name}" in missing[0]["message"]


def test_the_pine_cone_halves_are_on_the_pine_cone_jam_cards(cli, tmp_path):
    """The seed: the pine-cone jam is made from any ingredient, and a pine-cone half only makes
    pine-cone jam. A pine-cone jam card whose own bottom half is a pine cone is legal (it was
    once rejected as "its own fruit"), and the shipped deck puts every pine-cone half there, so
    the kids variant — which removes exactly the Youngster, the Bear and the pine-cone jam —
    leaves no half that can make nothing."""
    from pnp.games import GAMES
    from pnp.games.the_jam import deck, rules
    from pnp.load.paths import SPECS_DIR
    from pnp.load.spec import load_spec

    spec = load_spec(SPECS_DIR / f"{GAME}.yaml", GAMES[GAME])[0]
    halves = [c for c in spec.of_kind(*rules.RECIPE_KINDS) if c["ingredient"] == rules.PINE_CONE]
    assert halves and all(rules.is_pine_cone_jam(c.fields) for c in halves)
    kids = {c.kind for c in spec.components if c.kind in rules.GAME_KINDS and not deck.plays_in(c, "kids")}
    gone = [c.id for c in spec.components if c.kind in rules.GAME_KINDS and not deck.plays_in(c, "kids")]
    assert kids == {"youngster", "bear", "jam"}
    assert all(c.kind in rules.SPECIALS or rules.is_pine_cone_jam(c.fields) for c in spec.components if c.id in gone)
    res = cli("validate", GAME, "--format", "json")
    assert res.code == 0 and res.json()["games"][GAME]["diagnostics"] == []


def test_a_pine_cone_half_left_in_the_kids_deck_is_a_warning(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "recipe: apple-jam, fruit: apple, points: 1, ingredient: cherry",
                            "recipe: apple-jam, fruit: apple, points: 1, ingredient: pine-cone")
    rc, found = diags(cli, specs)
    assert rc == 0
    [warning] = [d for d in found if d["code"] == "JAM-KIDS-PINE-CONE"]
    assert warning["severity"] == "warning"
    assert (warning["line"], warning["col"]) == (line, col_of(specs, GAME, line, "pine-cone }"))


def test_a_deck_total_names_the_components_whose_counts_make_it(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "ingredient: apple, count: 2", "ingredient: apple, count: 3")
    rc, found = diags(cli, specs)
    assert rc == 1
    msg = next(d["message"] for d in found if d["code"] == "JAM-CARD-COUNT")
    assert "73 game cards" in msg
    assert f"wild-salad-apple x3 (line {line})" in msg and "garden-salad-gooseberry x2" in msg


def test_a_total_one_component_is_off_by_is_reported_at_its_count(cli, tmp_path):
    old = "points: 1, ingredient: cherry }"
    specs, line = copy_spec(tmp_path, GAME, old, "points: 1, ingredient: cherry, count: 50 }")
    rc, found = diags(cli, specs)
    assert rc == 1
    [total] = [d for d in found if d["code"] == "JAM-CARD-COUNT"]
    assert (total["line"], total["col"]) == (line, col_of(specs, GAME, line, "50 }"))
    assert total["message"].startswith("the deck has 121 game cards, expected 72, special cards included;")
    assert f"apple-jam-cherry x50 (line {line})" in total["message"]


def test_a_total_several_components_could_be_off_by_stays_at_components(cli, tmp_path):
    # x3 on a salad: it, the other salad and the pine-cone jam (x2 each) could each give one back
    specs, _ = copy_spec(tmp_path, GAME, "ingredient: apple, count: 2", "ingredient: apple, count: 3")
    comp_line = (specs / f"{GAME}.yaml").read_text().splitlines().index("components:") + 1
    _, found = diags(cli, specs)
    assert at(found, "JAM-CARD-COUNT") == [(comp_line, 1)]


def test_an_extra_mission_copy_is_reported_at_its_count(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "{ id: winter-1, kind: mission-winter,",
                            "{ id: winter-1, kind: mission-winter, count: 2,")
    _, found = diags(cli, specs)
    where = (line, col_of(specs, GAME, line, "2,"))
    codes = []
    for code in ("JAM-MISSION-COUNT", "JAM-MISSION-KIND", "JAM-MISSION-SAME"):
        assert at(found, code) == [where], code
        codes.append(code)
    assert len(codes) == 3


def test_special_points_quote_the_rules(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "kind: youngster, points: 7", "kind: youngster, points: 700")
    res = cli("validate", GAME, "--specs", specs)
    assert res.code == 2
    assert f":{line}:{col_of(specs, GAME, line, '700')}: error[SPEC-RANGE]" in res.out
    assert "is 700, must be 7" in res.out
