"""The Jam scoring (the seed has no worked example, so every case is computed by hand): printed
recipe points, Karlsman 7 and the Bear 10, the three missions, one card for one combination only
where a greedy choice scores less, the pine-cone jam standing in for a jam (never a pie), the
tea-party ladder, Yummy yummy, the tie rule, two players' paired tea parties, the kids variant,
and `pnp score the-jam` on the example and on broken files (each a located error, exit 2)."""
from pathlib import Path

import pytest
from conftest import FUZZ_EDITS, FUZZ_TOKENS, assert_one_located_error, mangle, score_exit, score_file, with_line
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.the_jam import rules
from pnp.games.the_jam.rules import Mission, Owned

EXAMPLE = Path(__file__).parents[3] / "examples" / "the-jam-game.yaml"
LADDER = (5, 8, 11, 14, 18)
KIND = {r: ("pie" if r.endswith("-pie") else "jam") for r in (
    "strawberry-jam", "cherry-jam", "plum-jam", "gooseberry-jam", "apple-jam", "raspberry-jam", "peach-jam",
    "currant-jam", "blueberry-jam", "walnut-jam", "pine-cone-jam",
    "strawberry-pie", "cherry-pie", "plum-pie", "apple-pie", "peach-pie", "raspberry-pie")}


def card(recipe, points=1, ingredient="walnut", n=0):
    kind = KIND.get(recipe, "salad")
    return Owned(f"{recipe}-{ingredient}-{n}", recipe, kind, points, ingredient, wild=recipe == "pine-cone-jam")


def winter(jams, tea=("apple-jam", "raspberry-jam"), favourite="strawberry", mid="w"):
    return Mission(mid, "mission-winter", tuple(jams), tuple(tea), favourite)


def grandma(pies, tea=("peach-jam", "currant-jam"), favourite="cherry", mid="g"):
    return Mission(mid, "mission-grandma", tuple(pies), tuple(tea), favourite)


def party(tea=("strawberry-jam", "cherry-jam", "apple-pie", "plum-pie"), favourite="peach", mid="t", ladder=LADDER):
    return Mission(mid, "mission-tea-party", (), tuple(tea), favourite, ladder)


W = winter(["strawberry-jam", "cherry-jam", "plum-jam", "gooseberry-jam"])
G = grandma(["strawberry-pie", "cherry-pie", "plum-pie"])
T = party()


def score(owned, specials=(), missions=(W, G, T), variant=None):
    return rules.score_player(list(owned), list(specials), list(missions), KIND, variant)


def test_recipes_score_their_printed_points_the_pine_cone_jam_0_and_the_specials_7_and_10():
    r = score([card("strawberry-jam", 1), card("cherry-pie", 4), card("pine-cone-jam", 0, "pine-cone"),
               card("summer-salad", 4)], ["youngster", "bear"], missions=[])
    assert (r["recipes"], r["specials"], r["missions"], r["total"]) == (1 + 4 + 0 + 4, 7 + 10, 0, 26)


def test_jam_for_winter_needs_three_of_its_four_jams_for_7():
    two = [card("strawberry-jam"), card("cherry-jam")]
    assert score(two, missions=[W])["missions"] == 0
    three = [*two, card("gooseberry-jam")]
    assert score(three, missions=[W])["missions"] == rules.MISSION_KINDS["mission-winter"].points == 7
    assert score([*three, card("plum-jam")], missions=[W])["missions"] == 7  # all four: still 7
    same = [card("strawberry-jam", n=i) for i in range(3)]  # three copies of one jam are one of its four
    assert score(same, missions=[W])["missions"] == 0


def test_pies_for_grandma_needs_two_of_its_three_pies_for_8():
    assert score([card("cherry-pie")], missions=[G])["missions"] == 0
    assert score([card("cherry-pie"), card("plum-pie")], missions=[G])["missions"] == 8


def test_the_pine_cone_jam_stands_in_for_any_jam_of_a_mission_but_not_for_a_pie():
    pine = card("pine-cone-jam", 0, "pine-cone")
    r = score([card("strawberry-jam"), card("cherry-jam"), pine], missions=[W])
    assert r["missions"] == 7
    used = r["combinations"][0]["used"]
    assert {"card": pine.card, "for": "plum-jam"} in used or {"card": pine.card, "for": "gooseberry-jam"} in used
    assert score([card("cherry-pie"), pine], missions=[G])["missions"] == 0


def test_the_tea_party_counts_the_parts_of_all_three_cards_and_pays_by_the_ladder():
    # parts: winter apple, raspberry; grandma peach, currant; tea party strawberry, cherry, apple pie, plum pie
    tea = ["apple-jam", "raspberry-jam", "peach-jam", "currant-jam", "strawberry-jam", "cherry-jam",
           "apple-pie", "plum-pie"]
    rungs = 0
    for owned, points in [(3, 0), (4, 5), (5, 8), (6, 11), (7, 14), (8, 18)]:
        r = score([card(t) for t in tea[:owned]], missions=[winter(["walnut-jam"] * 4), G, T])
        party_row = next(c for c in r["combinations"] if c["kind"] == "mission-tea-party")
        assert party_row["points"] == points, owned
        assert r["missions"] == points
        rungs += 1
    assert rungs == 6


def test_a_card_serves_one_combination_only_and_the_best_assignment_wins_where_greedy_loses():
    # Winter first (greedy) takes strawberry, cherry and plum jam for 7 and leaves the tea party
    # apple jam, raspberry jam and plum pie: 3, nothing. Giving strawberry and cherry jam to the
    # tea party instead makes it 5 recipes for 8, and winter fails: 8 is the most.
    owned = [card(r) for r in ("strawberry-jam", "cherry-jam", "plum-jam", "apple-jam", "raspberry-jam", "plum-pie")]
    r = score(owned)
    assert r["missions"] == 8
    rows = {c["kind"]: c for c in r["combinations"]}
    assert rows["mission-winter"]["points"] == 0 and rows["mission-tea-party"]["points"] == 8
    # ...with a second strawberry jam both complete: winter 7 + tea party of 4 (5) beats 8
    assert score([*owned, card("strawberry-jam", n=1)])["missions"] == 7 + 5
    # ...and with a second cherry jam too, the tea party holds 5: 7 + 8
    assert score([*owned, card("strawberry-jam", n=1), card("cherry-jam", n=1)])["missions"] == 7 + 8


def test_yummy_yummy_one_point_a_card_per_mission_card_showing_its_favourite():
    owned = [card("strawberry-jam", ingredient="cherry"), card("plum-pie", ingredient="cherry"),
             card("apple-jam", ingredient="peach")]
    r = score(owned, ["bear"])
    assert {y["mission"]: y["points"] for y in r["yummy_cards"]} == {"w": 0, "g": 2, "t": 1}
    assert r["yummy"] == 3


def test_a_tie_on_points_goes_to_the_most_yummy_points():
    from pnp.games.gamefile import ranking

    a = score([card("cherry-jam", 2, "cherry")], missions=[W, G, T])  # 2 + 1 yummy (grandma: cherry)
    b = score([card("walnut-jam", 3, "walnut")], missions=[W, G, T])  # 3
    assert a["total"] == b["total"] == 3
    assert ranking({"A": rules.tie_key(a), "B": rules.tie_key(b)}) == ("A", [])


def test_two_players_hold_two_of_each_mission_and_pair_the_tea_parts_as_scores_best():
    w1, w2 = winter(["walnut-jam"] * 4, ("apple-jam", "raspberry-jam"), mid="w1"), \
        winter(["walnut-jam"] * 4, ("blueberry-jam", "walnut-jam"), mid="w2")
    g1, g2 = grandma(["peach-pie"] * 3, ("peach-jam", "currant-jam"), mid="g1"), \
        grandma(["peach-pie"] * 3, ("gooseberry-jam", "cherry-jam"), mid="g2")
    t1, t2 = party(("strawberry-jam", "plum-jam", "apple-pie", "plum-pie"), mid="t1"), \
        party(("strawberry-pie", "cherry-pie", "raspberry-pie", "peach-pie"), mid="t2", ladder=(6, 9, 12, 15, 19))
    # apple, raspberry (w1) + gooseberry, cherry (g2): four only when w1 and g2 join the same party
    owned = [card(r) for r in ("apple-jam", "raspberry-jam", "gooseberry-jam", "cherry-jam")]
    r = score(owned, missions=[w1, w2, g1, g2, t1, t2])
    parties = [c for c in r["combinations"] if c["kind"] == "mission-tea-party"]
    assert len(parties) == 2 and r["missions"] == 6  # the richer ladder of t2, paired with w1 and g2
    assert next(p for p in parties if p["points"])["missions"] == ["w1", "g2", "t2"]
    assert len([c for c in r["combinations"] if c["kind"] != "mission-tea-party"]) == 4  # every card scores


def test_kids_variant_the_most_recipe_cards_wins_and_nothing_else_counts():
    r = score([card("strawberry-jam", 1), card("cherry-pie", 4)], missions=[], variant="kids")
    assert r == {"total": 2, "recipe_cards": 2, "cards": [c.card for c in (card("strawberry-jam", 1), card("cherry-pie", 4))]}


# -- pnp score the-jam ------------------------------------------------------------------------------


def test_pnp_score_the_example_prints_each_players_points_and_the_winner(cli):
    r = cli("score", "the-jam", EXAMPLE)
    assert r.code == 0, r.err
    assert "Winner: Ben" in r.out
    assert "Pine cone jam for Yellow plum jam" in r.out  # where the pine cone went
    j = cli("score", "the-jam", EXAMPLE, "--format", "json").json()
    cy = j["players"]["Cy"]
    # winter: strawberry, blueberry + pine cone = 7; tea party: blueberry, cherry, gooseberry jam
    # and apple pie = 4 for 5 (all six with the pine cone would be 11, winter 0: 12 is the most)
    assert (cy["missions"], cy["yummy"]) == (12, 1)
    assert cy["total"] == cy["recipes"] + 12 + 1
    assert j["winner"] == "Ben" and j["tied"] == []


GAME = """\
game: the-jam
players:
  Ada:
    table:
      - Strawberry jam / Walnut
      - Karlsman
    missions: [winter-1, grandma-1, tea-party-1]
  Ben:
    table: [cherry-jam-plum]
    missions: [winter-2, grandma-2, tea-party-2]
  Cy:
    table: []
    missions: [winter-3, grandma-3, tea-party-3]
"""


def run(cli, tmp_path, text, *extra):
    return score_file(cli, tmp_path, "the-jam", text, *extra)


def test_a_player_writes_cards_as_printed_in_either_language_or_by_id(cli, tmp_path):
    r = run(cli, tmp_path, GAME.replace("Strawberry jam / Walnut", "草莓醬 / 胡桃"), "--format", "json")
    assert r.code == 0, r.err
    assert r.json()["players"]["Ada"]["total"] == 1 + 7  # the jam and Karlsman; no mission, no favourite
    assert r.json()["players"]["Ada"]["cards"][0]["card"] == "strawberry-jam-walnut"


@pytest.mark.parametrize("line, bad, code, col, words", [
    (5, "      - Strawbery jam / Walnut", "SCORE-CARD", 9,
     ("'Strawbery jam / Walnut' is not a recipe card, Karlsman (the Youngster) or the Bear of the spec; "
      "did you mean 'Strawberry jam / Walnut'")),
    (9, "    table: [cherry-jam-plum, Karlsman]", "SCORE-TWICE", 30,
     "card 'Karlsman' (youngster) is listed twice (first at line 6); the deck has only one"),
    (9, "    table: cherry-jam-plum", "SPEC-TYPE", 12,
     "'table' of the player Ben is the text 'cherry-jam-plum', expected a list"),
    (9, "    table: [7]", "SCORE-CARD", 13, "'7' is not a recipe card"),
    (9, "    table: [[cherry-jam-plum]]", "SPEC-TYPE", 13, "a card is a list, expected a card's printed name"),
    (10, "    missions: [winter-2, grandma-2]", "SCORE-MISSIONS", 15,
     "Ben holds 1 Jam for winter, 1 Pies for Grandma, 0 Big tea party; with 3 players everyone holds 1"),
    (10, "    missions: [winter-2, grandma-2, Strawberry jam / Walnut]", "SCORE-CARD", 37,
     "'Strawberry jam / Walnut' is not a mission card of the spec"),
    (10, "    missions: [winter-2, grandma-2, tea-party-1]", "SCORE-TWICE", 37,
     "card 'tea-party-1' is listed twice (first at line 7)"),
    (1, "game: gem", "SCORE-GAME", 7, "'game' is 'gem', expected 'the-jam'"),
])
def test_a_bad_game_file_is_a_located_error_exit_2(cli, tmp_path, line, bad, code, col, words):
    assert_one_located_error(run(cli, tmp_path, with_line(GAME, line, bad)), code, line, col, words)


def test_a_recipe_card_written_more_often_than_the_deck_has_it(cli, tmp_path):
    deck = {c["id"]: c["count"] for c in cli("list", "the-jam", "--format", "json").json()["components"]}
    n = deck["pine-cone-jam"]
    text = GAME.replace("table: [cherry-jam-plum]", f"table: [{{ card: Pine cone jam / Pine cone, count: {n + 1} }}]")
    r = run(cli, tmp_path, text)
    assert r.code == 2
    assert (f"game.yaml:9:21: error[SCORE-TWICE]: card 'Pine cone jam / Pine cone' (pine-cone-jam) is listed "
            f"{n + 1} times (first at line 9), but the deck has {n}") in r.err


def test_an_ambiguous_printed_name_asks_for_the_id(cli, tmp_path):
    from conftest import copy_spec

    specs, _ = copy_spec(tmp_path, "the-jam", "id: strawberry-jam-blueberry, kind: jam, recipe: strawberry-jam, "
                                              "fruit: strawberry, points: 1, ingredient: blueberry",
                         "id: strawberry-jam-blueberry, kind: jam, recipe: strawberry-jam, "
                         "fruit: strawberry, points: 1, ingredient: walnut")
    r = run(cli, tmp_path, GAME, "--specs", specs)
    assert r.code == 2, r.err
    assert ("game.yaml:5:9: error[SCORE-CARD]: 'Strawberry jam / Walnut' names 2 different cards "
            "(strawberry-jam-walnut, strawberry-jam-blueberry); give the card's id") in r.err


def test_kids_variant_in_a_file_no_missions_and_no_specials(cli, tmp_path):
    kids = "game: the-jam\nvariant: kids\nplayers:\n  Ada:\n    table: [Strawberry jam / Walnut, cherry-jam-plum]\n" \
           "  Ben:\n    table: [Karlsman]\n"
    r = run(cli, tmp_path, kids)
    assert r.code == 2
    assert "game.yaml:7:13: error[SCORE-VARIANT]: Karlsman [youngster] is not in the kids deck" in r.err
    r = run(cli, tmp_path, kids.replace("[Karlsman]", "[apple-jam-strawberry]"), "--format", "json")
    assert r.code == 0, r.err
    assert r.json()["winner"] == "Ada" and r.json()["players"]["Ada"]["total"] == 2
    r = run(cli, tmp_path, kids.replace("[Karlsman]", "[apple-jam-strawberry]\n    missions: [winter-1]"))
    assert r.code == 2
    assert "game.yaml:8:15: error[SCORE-VARIANT]: the kids variant is played without mission cards" in r.err


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 20), st.sampled_from(FUZZ_EDITS), st.sampled_from(FUZZ_TOKENS)),
                min_size=1, max_size=4))
def test_a_mangled_game_file_never_raises(tmp_path_factory, edits):
    assert score_exit(tmp_path_factory, 'the-jam', mangle(GAME, edits)) in (0, 2)
