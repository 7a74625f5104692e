"""Christmas Tree scoring: the seed's worked example (gingerbread 38, 14 bubbles for 28), bubbles
that join across turned cards, majorities with the seed's tie rules and the dummy tree, formation
goals counted exactly where greedy matching undercounts, and `pnp score` on good and bad files."""

from pathlib import Path

import pytest
from conftest import (FUZZ_EDITS, FUZZ_TOKENS, SHAPES_DIR, assert_one_located_error, mangle, score_exit, score_file,
                      shipped_components, with_line)
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.diagnostics import Loc
from pnp.games.christmas_tree import board, goals, rules
from pnp.games.christmas_tree.score import tally
from pnp.games.christmas_tree.tree import Placed, Tree
from pnp.load.spec import Item

LOC = Loc("test.yaml")
GAME_ID = "christmas-tree"


def card(cid, kind, **fields):
    fields.setdefault("bubbles", ["red", "red", "red", "red"])
    return Item(cid, kind, fields, {}, LOC)


def bauble(cid, color="gold", shape="star", snowflakes=0, **kw):
    return card(cid, "bauble", color=color, shape=shape, snowflakes=snowflakes, **kw)


def goal(kind, **params):
    return Item(kind, "goal", {"goal": kind, "text": {"en": kind, "zh-TW": kind}, **params}, {}, LOC)


def with_bubbles(cards: dict[int, tuple[Item, bool]], matched: int) -> Tree:
    """Give every card the half-bubbles that complete exactly the first `matched` shared edges
    (yellow on both sides); every other edge pair differs (red above, blue below)."""
    colour = {}
    for i, (a, ea, b, eb) in enumerate(board.edge_pairs()):
        colour[a, ea], colour[b, eb] = ("yellow", "yellow") if i < matched else ("red", "blue")
    placed = {}
    for n, (c, turned) in cards.items():
        printed = [colour.get((n, board.board_edge(k, turned)), "red") for k in range(4)]
        placed[n] = Placed(Item(c.id, c.kind, {**c.fields, "bubbles": printed}, {}, LOC), turned)
    return Tree(placed)


def gingerbread(cards, space, turned, sides_and_matches):
    """A gingerbread man in `space` whose printed sides ask for these symbols; each side whose
    flag is True gets a matching bauble or candy beyond it, the others a plain green ball."""
    sides = [s for s, _ in sides_and_matches]
    cards[space] = (card(f"g{space}", "gingerbread", sides=sides), turned)
    for printed, (symbol, match) in enumerate(sides_and_matches):
        other = board.across(space, board.board_edge(printed, turned))
        assert other is not None
        if not match:
            continue
        if symbol == "candy":
            cards[other] = (card(f"c{other}", "candy", points=4), False)
        elif symbol in ("gold", "green", "purple"):
            cards[other] = (bauble(f"m{other}", symbol, "ball"), False)
        else:
            cards[other] = (bauble(f"m{other}", "gold", symbol), False)


def worked_example_tree() -> Tree:
    """Three gingerbread men with 4, 3 and 2 matching neighbours (one of them turned) and 14
    completed bubbles, the end of the seed's scoring example."""
    cards = {n: (bauble(f"b{n}", "purple", "spiral"), False) for n in board.SPACES}  # matches nothing asked below
    gingerbread(cards, 5, False, [("gold", True), ("star", True), ("candy", True), ("green", True)])
    gingerbread(cards, 13, False, [("green", True), ("candy", True), ("star", True), ("gold", False)])
    gingerbread(cards, 14, True, [("candy", True), ("star", True), ("green", False), ("gold", False)])
    return with_bubbles(cards, 14)


def test_the_seeds_worked_example_gingerbread_38_and_14_bubbles_for_28():
    tree = worked_example_tree()
    men = {n: tree.gingerbread_points(n) for n in tree.of_kind("gingerbread")}
    assert men == {5: 18, 13: 12, 14: 8}
    assert sum(men.values()) == 38
    assert len(tree.bubbles()) == 14
    result = tally(["Clooney", "Ada"], {"Clooney": tree, "Ada": Tree({}), "dummy": Tree({})},
                   {"Clooney": 1}, [])
    s = result["players"]["Clooney"]
    assert (s["gingerbread"], s["bubbles"], s["cookies"]) == (38, 28, 1)


def test_a_turned_card_shows_its_printed_edges_on_the_opposite_board_edges():
    # space 1's lower-left edge (3) meets space 2's upper-right edge (1)
    a = card("a", "bauble", color="gold", shape="star", snowflakes=0, bubbles=["red", "blue", "yellow", "yellow"])
    b = card("b", "bauble", color="gold", shape="star", snowflakes=0, bubbles=["red", "blue", "red", "red"])
    assert Tree({1: Placed(a), 2: Placed(b)}).bubbles() == []  # yellow meets blue
    assert [x.colour for x in Tree({1: Placed(a, True), 2: Placed(b)}).bubbles()] == ["blue"]  # printed edge 1 lands on 3


@pytest.mark.parametrize("counts, bonus", [
    ({"A": 4, "B": 2, "C": 1}, {"A": 6, "B": 3, "C": 0}),
    ({"A": 4, "B": 4, "C": 1}, {"A": 6, "B": 6, "C": 0}),  # tied first: 6 each, no second
    ({"A": 4, "B": 2, "C": 2}, {"A": 6, "B": 3, "C": 3}),  # tied second: 3 each
    ({"A": 3, "B": 0, "C": 0}, {"A": 6, "B": 0, "C": 0}),  # nothing, no place
    ({"A": 2, "B": 1, "dummy": 5}, {"A": 3, "B": 0}),  # the dummy takes first place, scores nothing
    ({"A": 5, "B": 1, "dummy": 5}, {"A": 6, "B": 0}),  # tied with the dummy: 6, and no second
])
def test_majorities_follow_the_seeds_tie_rules_and_the_dummy_only_places(counts, bonus):
    players = [p for p in counts if p != "dummy"]
    assert goals.majority(counts, players) == bonus


def test_majority_goal_in_a_scored_round_with_a_dummy():
    gold = goal("most-baubles", color="gold")
    trees = {"A": Tree({1: Placed(bauble("a1")), 2: Placed(bauble("a2"))}), "B": Tree({1: Placed(bauble("b1"))}),
             "dummy": Tree({n: Placed(bauble(f"d{n}")) for n in (1, 2, 3)})}
    r = tally(["A", "B"], trees, {}, [([gold], trees)])
    assert r["rounds"][0]["goals"][0]["points"] == {"A": 2 + 3, "B": 1}
    assert "dummy" not in r["players"]


def test_a_formation_goal_counts_the_most_disjoint_formations_where_greedy_undercounts():
    # four gold stars down one diagonal: spaces 1, 2, 4, 7 (u = 0)
    line = [1, 2, 4, 7]
    tree = Tree({n: Placed(bauble(f"g{n}")) for n in line})
    twins = goal("twins", formation="pair")
    cands = [frozenset(p) for p in goals.placements("pair") if all(tree.is_bauble(n) for n in p)]
    greedy, used = 0, set()
    for c in sorted(set(cands), key=lambda c: (min(c) != 2, sorted(c))):  # takes the middle pair first
        if not c & used:
            used |= c
            greedy += 1
    assert greedy == 1
    result = goals.evaluate(twins, tree)
    assert (result.count, result.points) == (2, 8)
    assert sorted(map(tuple, result.found)) == [(1, 2), (4, 7)]


def test_a_decoration_counts_once_per_goal_two_trios_need_six_cards():
    five = Tree({n: Placed(bauble(f"g{n}")) for n in (1, 2, 4, 7, 11)})
    six = Tree({n: Placed(bauble(f"g{n}")) for n in (1, 2, 4, 7, 11, 16)})
    trio = goal("trio", formation="line-3")
    assert goals.evaluate(trio, five).count == 1
    assert goals.evaluate(trio, six).count == 2


def test_formations_hold_a_candy_or_gingerbread_only_where_the_goal_shows_one():
    tree = Tree({1: Placed(bauble("a")), 2: Placed(card("c", "candy", points=3)), 4: Placed(bauble("b"))})
    assert goals.evaluate(goal("trio", formation="line-3"), tree).count == 0
    pair = Tree({4: Placed(card("c", "candy", points=3)), 5: Placed(card("g", "gingerbread", sides=["gold"] * 4))})
    assert goals.evaluate(goal("candy-gingerbread", formation="corner-pair"), pair).count == 1  # side by side in a row
    stacked = Tree({1: Placed(card("c", "candy", points=3)), 5: Placed(card("g", "gingerbread", sides=["gold"] * 4))})
    assert goals.evaluate(goal("candy-gingerbread", formation="corner-pair"), stacked).count == 1  # one above the other
    apart = Tree({1: Placed(card("c", "candy", points=3)), 2: Placed(card("g", "gingerbread", sides=["gold"] * 4))})
    assert goals.evaluate(goal("candy-gingerbread", formation="corner-pair"), apart).count == 0  # edge to edge


def test_bubble_pairs_a_card_with_four_bubbles_makes_two_and_each_bubble_counts_once():
    blue = ["blue"] * 4
    centre = {5: (card("c", "bauble", color="gold", shape="star", snowflakes=0, bubbles=blue), False)}
    for n in (2, 3, 8, 9):
        centre[n] = (card(f"n{n}", "bauble", color="gold", shape="star", snowflakes=0, bubbles=blue), False)
    tree = Tree({n: Placed(c, t) for n, (c, t) in centre.items()})
    assert len([b for b in tree.bubbles() if b.colour == "blue"]) == 4
    assert goals.evaluate(goal("bubble-pairs", bubble="blue"), tree).points == 8  # the seed: 2 formations


def test_sequence_snowflake_lines_row_goals():
    run = Tree({1: Placed(bauble("a", snowflakes=0)), 2: Placed(bauble("b", snowflakes=1)),
                4: Placed(bauble("c", snowflakes=2)), 7: Placed(bauble("d", snowflakes=1))})
    assert goals.evaluate(goal("sequence", formation="line-3"), run).count == 1
    level3 = Tree({4: Placed(bauble("a", snowflakes=2)), 5: Placed(card("c", "candy", points=6)),
                   6: Placed(bauble("b", snowflakes=2))})
    assert goals.evaluate(goal("snowflake-lines", lines="rows", length=3, target=4), level3).points == 5
    assert goals.evaluate(goal("snowflake-lines", lines="rows", length=3, target=5), level3).points == 0
    ends = Tree({7: Placed(bauble("a", "green", "ball")), 10: Placed(bauble("b", "green", "ball"))})
    assert goals.evaluate(goal("row-ends"), ends).points == 5
    variety = Tree({11: Placed(bauble("a", "gold")), 13: Placed(bauble("b", "green")), 15: Placed(bauble("c", "purple"))})
    assert goals.evaluate(goal("row-variety", by="color"), variety).points == 6
    assert goals.evaluate(goal("row-variety", by="shape"), variety).points == 0


GAME = """\
game: christmas-tree
variant: family
players: [Ada, Ben, Cy]
trees:
  Ada:
    cookies: 2
    spaces:
      1: gold-star-1
      2: { card: gold-star-2, turned: 180 }
      3: candy-3a
  Ben:
    spaces:
      1: green-ball-1
  Cy:
    spaces: {}
rounds:
  - goals: [most-gold, most-candies]
"""

# The game ends when every tree is full: 3 rounds of 7 cards fill its 21 spaces. GAME stays short,
# its lines fixed for the tests that edit it (a refused game may be unfinished as well); a game the
# scorer accepts has these spaces written in as well (`finish`). Every card is from the deck of a
# three-player game; the cards added to Ada's tree carry no snowflakes, and she ends with 5 gold
# baubles to Ben's and Cy's 4, Ben with the most candies (4). Space: card, or (card, 180) turned.
REST = {
    "Ada": {
        4: "gingerbread-03", 5: "gingerbread-01", 6: "gingerbread-06", 7: ("purple-star-8", 180),
        8: ("gold-ball-3", 180), 9: ("green-star-6", 180), 10: "purple-star-6", 11: ("gingerbread-07", 180),
        12: "gingerbread-09", 13: "gold-star-7", 14: ("purple-star-4", 180), 15: ("gingerbread-05", 180),
        16: ("gingerbread-02", 180), 17: "gold-star-5", 18: ("gingerbread-04", 180), 19: "gingerbread-08",
        20: ("green-star-1", 180), 21: ("green-star-4", 180),
    },
    "Ben": {
        2: "purple-spiral-8", 3: "green-ball-8", 4: ("green-ball-4", 180), 5: ("gold-ball-4", 180),
        6: ("purple-star-5", 180), 7: "green-spiral-5", 8: ("green-spiral-6", 180), 9: ("purple-spiral-5", 180),
        10: "gold-ball-2", 11: "green-spiral-4", 12: ("purple-spiral-1", 180), 13: ("candy-4a", 180),
        14: "purple-spiral-6", 15: ("candy-3b", 180), 16: ("candy-3c", 180), 17: "gold-star-8", 18: ("candy-4b", 180),
        19: ("gold-ball-8", 180), 20: ("green-star-3", 180), 21: "purple-ball-6",
    },
    "Cy": {
        1: ("purple-spiral-2", 180), 2: ("purple-ball-8", 180), 3: ("green-star-7", 180), 4: ("green-spiral-7", 180),
        5: "gold-ball-5", 6: "purple-spiral-3", 7: ("gold-spiral-2", 180), 8: ("green-ball-2", 180),
        9: ("green-star-2", 180), 10: ("purple-ball-7", 180), 11: "purple-ball-3", 12: ("green-spiral-8", 180),
        13: ("gold-spiral-3", 180), 14: ("purple-ball-2", 180), 15: ("purple-star-2", 180), 16: ("green-ball-3", 180),
        17: "green-spiral-1", 18: ("purple-star-1", 180), 19: ("green-ball-5", 180), 20: "gold-spiral-8",
        21: ("purple-ball-4", 180),
    },
}


def finish(text: str) -> str:
    """`text` (GAME, perhaps edited) with every tree full: REST's spaces written after Ada's and
    Ben's last ones and into the third tree's empty `spaces: {}` (Cy's, or the dummy's)."""
    def spaces(name):
        return [f"      {n}: " + (f"{{ card: {c[0]}, turned: {c[1]} }}" if isinstance(c, tuple) else c)
                for n, c in REST[name].items()]

    out = []
    for line in text.splitlines():
        if line == "    spaces: {}":
            out += ["    spaces:", *spaces("Cy")]
            continue
        out.append(line)
        if line == "      3: candy-3a":
            out += spaces("Ada")
        elif line == "      1: green-ball-1":
            out += spaces("Ben")
    return "\n".join(out) + "\n"


FINISHED = finish(GAME)


def test_pnp_score_prints_each_players_breakdown_and_the_winner(cli, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(FINISHED, encoding="utf-8")
    r = cli("score", "christmas-tree", path)
    assert r.code == 0, r.err
    assert "Winner: Ada" in r.out
    j = cli("score", "christmas-tree", path, "--format", "json").json()
    ada = j["players"]["Ada"]
    # snowflakes of the two gold stars + the candy's 3 (her other cards have none); 2 cookies;
    # most gold: 5 + 6 (Ben and Cy have 4); most candies: 1 + 3 (second to Ben's 4)
    spec_flakes = {c["id"]: c.get("snowflakes") for c in cli("list", "christmas-tree", "--format", "json").json()["components"]}
    assert ada["decorations"] == spec_flakes["gold-star-1"] + spec_flakes["gold-star-2"] + 3
    assert ada["cookies"] == 2 and ada["goals"] == 8 + 7
    assert j["winner"] == "Ada"


def test_pnp_score_the_example_game(cli):
    r = cli("score", "christmas-tree", Path(__file__).parents[3] / "examples" / "christmas-tree-game.yaml")
    assert r.code == 0, r.err
    assert r.out.splitlines()[-1] == "Winner: Ada"


@pytest.mark.parametrize("line, bad, code, words", [
    (8, "      1: no-such-card", "SCORE-CARD", "'no-such-card' is not a decoration card"),
    (9, "      2: gold-star-1", "SCORE-TWICE", "card 'gold-star-1' is placed twice (first at line 8)"),
    (9, "      22: gold-star-2", "SCORE-SPACE", "space '22' of Ada's tree is not on the tree"),
    (9, "      2: { card: gold-star-2, turned: 90 }", "SCORE-TURNED", "turned is 90, expected 0 or 180"),
    (17, "  - goals: [most-gold, no-goal]", "SCORE-GOAL", "'no-goal' is not a goal card"),
])
def test_a_bad_game_file_is_a_located_error_exit_2(cli, tmp_path, line, bad, code, words):
    r = score_file(cli, tmp_path, "christmas-tree", with_line(GAME, line, bad))
    assert_one_located_error(r, code, line, None, words)


def test_pnp_score_on_a_game_without_a_scorer_or_a_missing_file(cli, tmp_path, shapes_game):
    r = cli("score", shapes_game.GAME_ID, tmp_path / "x.yaml", "--specs", SHAPES_DIR / "card_specs")
    assert r.code == 2 and f"{shapes_game.GAME_ID} has no scorer yet" in r.err
    r = cli("score", "christmas-tree", tmp_path / "missing.yaml")
    assert r.code == 2 and "error[FILE-MISSING]" in r.err



TOKENS = FUZZ_TOKENS + ["22", "180", "90", "gold-star-3", "most-gold", "dummy", "Ada"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 16), st.sampled_from(FUZZ_EDITS), st.sampled_from(TOKENS)),
                min_size=1, max_size=4))
@pytest.mark.slow
def test_a_mangled_game_file_never_raises(tmp_path_factory, edits):
    assert score_exit(tmp_path_factory, GAME_ID, mangle(GAME, edits)) in (0, 2)


# -- games the rulebook rules out: each refused at its line (exit 2, as every unreadable game) ----

def _ginger_game(men: int, players: int = 3) -> str:
    """A finished game whose first tree holds `men` gingerbread men, in spaces 1 to `men`; every
    other space of every tree holds a bauble or candy of the three-player deck."""
    names = ["Ada", "Ben", "Cy", "Di"][:players]
    others = iter(c.id for c in shipped_components(GAME_ID).values()
                  if c.kind in rules.MARKED and not c["four_player"])
    lines = ["game: christmas-tree", f"players: [{', '.join(names)}]", "trees:", "  Ada:", "    spaces:"]
    lines += [f"      {n}: gingerbread-{n:02d}" for n in range(1, men + 1)]
    lines += [f"      {n}: {next(others)}" for n in range(men + 1, len(board.SPACES) + 1)]
    for name in names[1:] + ["dummy"] * (players == 2):
        lines += [f"  {name}:", "    spaces:", *[f"      {n}: {next(others)}" for n in board.SPACES]]
    return "\n".join(lines) + "\n"


def test_more_gingerbread_men_than_the_deck_holds_for_the_player_count(cli, tmp_path):
    allowed = rules.gingerbread_in_deck(3)
    assert score_file(cli, tmp_path, GAME_ID, _ginger_game(allowed)).code == 0
    text = _ginger_game(allowed + 1)
    line = text.splitlines().index(f"      {allowed + 1}: gingerbread-{allowed + 1:02d}") + 1
    r = score_file(cli, tmp_path, GAME_ID, text)
    assert_one_located_error(r, "SCORE-DECK", line, 11, f"gingerbread man 'gingerbread-{allowed + 1:02d}' is "
                             f"number {allowed + 1} on the trees, but with 3 players the deck holds {allowed} "
                             f"gingerbread men ({rules.GINGERBREAD_PER_PLAYER} for each of 3 trees)")
    # two players play with a dummy tree: the deck holds the same
    assert score_file(cli, tmp_path, GAME_ID, _ginger_game(allowed, players=2)).code == 0
    assert score_file(cli, tmp_path, GAME_ID, _ginger_game(allowed + 1, players=2)).code == 2


@pytest.mark.parametrize("line, bad, col, code, words", [
    # a "4"-marked card in a three-player game
    (8, "      1: gold-star-3", 10, "SCORE-DECK",
     "'gold-star-3' carries the \"4\" mark: it is shuffled in only with 4 players, and this game has 3"),
    # more unused cookies than the family game deals
    (6, "    cookies: 4", 14, "SCORE-COOKIES",
     "Ada has 4 Linzer cookies unused, but the family game deals 3 Linzer cookies to each player"),
    # a three-bell goal in the family game
    (17, "  - goals: [most-gold, four-diamond]", 24, "SCORE-VARIANT",
     "goal card 'four-diamond' has 3 bells, but the family game plays the goal cards with 1 or 2 bells"),
    # more goals than the three trees reveal
    (17, "  - goals: [most-gold, most-candies, twins, row-ends]", 12, "SCORE-GOALS",
     "round 1 scores 4 goal cards, but in the family game each of the 3 trees reveals one"),
    # an unknown variant names the variants
    (2, "variant: expert", 10, "SCORE-VARIANT",
     "'variant' of the game file: 'expert' is not known, expected one of beginner, family or advanced"),
    # a space key that str.isdigit takes for a number, int() does not
    (8, "      ²: gold-star-1", 7, "SCORE-SPACE", "space '²' of Ada's tree is not on the tree"),
])
def test_a_game_the_rules_rule_out_is_refused_at_its_line(cli, tmp_path, line, bad, col, code, words):
    r = score_file(cli, tmp_path, GAME_ID, with_line(GAME, line, bad))
    assert_one_located_error(r, code, line, col, words)


def test_no_cookies_in_the_beginner_game_and_none_on_the_dummys_tree(cli, tmp_path):
    text = with_line(GAME, 2, "variant: beginner")
    r = score_file(cli, tmp_path, GAME_ID, text)
    assert_one_located_error(r, "SCORE-COOKIES", 6, 14, "Ada has 2 Linzer cookies unused, but the beginner game "
                                                        "is played without Linzer cookies: none are dealt")
    assert score_file(cli, tmp_path, GAME_ID, finish(with_line(text, 6, "    cookies: 0"))).code == 0
    two = GAME.replace("players: [Ada, Ben, Cy]", "players: [Ada, Ben]").replace("  Cy:", "  dummy:\n    cookies: 1")
    r = score_file(cli, tmp_path, GAME_ID, two)
    assert_one_located_error(r, "SCORE-COOKIES", 15, 14, "dummy has 1 Linzer cookie unused, but the dummy tree is "
                                                         "dealt no cookies")


def test_a_goal_scored_in_two_rounds_and_a_fourth_round(cli, tmp_path):
    twice = GAME + "  - goals: [twins]\n  - goals: [most-gold]\n"
    r = score_file(cli, tmp_path, GAME_ID, twice)
    assert_one_located_error(r, "SCORE-TWICE", 19, 13, "card 'most-gold' is scored twice (first at line 17); "
                                                       "the deck has only one")
    four = GAME + "  - goals: [twins]\n  - goals: [row-ends]\n  - goals: [yellow-bubbles]\n"
    r = score_file(cli, tmp_path, GAME_ID, four)
    assert_one_located_error(r, "SCORE-ROUNDS", 20, 5, "round 4, but the game is played over 3 rounds")
    assert score_file(cli, tmp_path, GAME_ID, FINISHED + "  - goals: [twins]\n  - goals: [row-ends]\n").code == 0


ROUND_TREES = GAME + """\
    trees:
      Ada:
        spaces:
          1: gold-star-1
          3: candy-3a
"""


def test_a_rounds_tree_holds_only_cards_still_on_it_at_the_end(cli, tmp_path):
    assert score_file(cli, tmp_path, GAME_ID, finish(ROUND_TREES)).code == 0
    gone = with_line(ROUND_TREES, 22, "          3: candy-3b")  # Ben's card at the end
    r = score_file(cli, tmp_path, GAME_ID, gone)
    assert_one_located_error(r, "SCORE-GONE", 22, 14, "'candy-3b' is on Ada's tree after round 1 but not at the "
                                                      "end; a placed card stays on its tree")
    # moved by a cookie to another space: still on the tree
    assert score_file(cli, tmp_path, GAME_ID, finish(with_line(ROUND_TREES, 22, "          5: candy-3a"))).code == 0


def test_a_rounds_tree_holds_no_more_cards_than_are_placed_by_then(cli, tmp_path):
    full = GAME.replace("      3: candy-3a\n", "".join(f"      {n}: gingerbread-{n:02d}\n" for n in range(3, 9)))
    text = full + "    trees:\n      Ada:\n        spaces:\n" + "".join(
        f"          {n}: gingerbread-{n:02d}\n" for n in range(3, 9)) + "          1: gold-star-1\n" \
        "          2: gold-star-2\n"
    line = text.splitlines().index("      Ada:", 20) + 1
    r = score_file(cli, tmp_path, GAME_ID, text)
    assert_one_located_error(r, "SCORE-TREE", line + 1, 9, f"Ada's tree after round 1 holds 8 cards, but "
                                                           f"{rules.PLACE} are placed a round: at most {rules.PLACE}")


def test_a_five_thousand_digit_space_is_a_located_error(cli, tmp_path):
    huge = "1" * 5000
    text = with_line(GAME, 8, f"      ? {huge}\n      : gold-star-1")
    r = score_file(cli, tmp_path, GAME_ID, text)
    found = assert_one_located_error(r, "SCORE-SPACE", 8, 9, "of Ada's tree is not on the tree")
    assert len(found) < 200 and "Traceback" not in r.err


def test_a_card_gone_from_a_later_rounds_tree_is_refused_where_it_was_written(cli, tmp_path):
    later = ROUND_TREES + "  - goals: [twins]\n    trees:\n      Ada:\n        spaces:\n          1: gold-star-1\n"
    r = score_file(cli, tmp_path, GAME_ID, later)
    assert_one_located_error(r, "SCORE-GONE", 22, 14, "'candy-3a' is on Ada's tree after round 1 but not after "
                                                      "round 2; a placed card stays on its tree")


# -- games the rulebook does not let end, or plays otherwise: refused at their line (exit 2) -----

def _only_error(r) -> None:
    assert r.err.count("error[") == 1, r.err


def test_a_tree_not_full_at_the_end_is_an_unfinished_game(cli, tmp_path):
    # the seed: 「3 輪後，聖誕樹將會裝飾完成」, and the game ends 「在玩家完成裝飾後 (圖板上沒有空位時)」
    last = "      21: { card: purple-ball-4, turned: 180 }\n"  # Cy's last space
    assert FINISHED.count(last) == 1
    text = FINISHED.replace(last, "")
    line = text.splitlines().index("  Cy:") + 1
    r = score_file(cli, tmp_path, GAME_ID, text)
    assert_one_located_error(r, "SCORE-UNFINISHED", line, 3, "the game is not finished: Cy's tree holds 20 cards, "
                             "but the game ends when every tree is full, its 21 spaces decorated over 3 rounds of "
                             "7 cards (empty: 21)")
    _only_error(r)
    assert score_file(cli, tmp_path, GAME_ID, FINISHED).code == 0


def test_every_tree_of_a_short_game_is_named_and_the_dummys_too(cli, tmp_path):
    r = score_file(cli, tmp_path, GAME_ID, GAME)
    assert r.code == 2 and r.out == ""
    assert r.err.splitlines() == [
        f"game.yaml:{line}:3: error[SCORE-UNFINISHED]: the game is not finished: {whose} tree holds {held}, but the "
        f"game ends when every tree is full, its 21 spaces decorated over 3 rounds of 7 cards (empty: {empty})"
        for line, whose, held, empty in [(5, "Ada's", "3 cards", "4-21"), (11, "Ben's", "1 card", "2-21"),
                                         (14, "Cy's", "0 cards", "1-21")]]
    two = FINISHED.replace("players: [Ada, Ben, Cy]", "players: [Ada, Ben]").replace("  Cy:", "  dummy:")
    two = two.replace("  - goals: [most-gold, most-candies]", "  - goals: [most-gold, most-candies, twins]")
    assert score_file(cli, tmp_path, GAME_ID, two).code == 0
    text = two.replace("      3: { card: green-star-7, turned: 180 }\n", "")  # the dummy's space 3
    r = score_file(cli, tmp_path, GAME_ID, text)
    assert_one_located_error(r, "SCORE-UNFINISHED", text.splitlines().index("  dummy:") + 1, 3,
                             "the dummy's tree holds 20 cards, but the game ends when every tree is full")


# Ada's tree at the end of FINISHED, space by space (as a round's tree writes it, unturned)
ADA = {1: "gold-star-1", 2: "gold-star-2", 3: "candy-3a",
       **{n: c[0] if isinstance(c, tuple) else c for n, c in REST["Ada"].items()}}


def _after_round_1(*spaces: int, tree: str = "Ada", cards: dict | None = None) -> str:
    """Round 1's entry goes on with the trees as they stood then: `tree` holding `spaces`."""
    cards = cards or ADA
    return f"    trees:\n      {tree}:\n        spaces:\n" + "".join(f"          {n}: {cards[n]}\n" for n in spaces)


def test_advanced_a_card_placed_touching_no_card_already_on_the_tree(cli, tmp_path):
    # the seed's advanced game: 「玩家可以把他們第一張裝飾卡放到玩家圖板上的任何地方，但是接下來每張卡片都必須放到
    # 一張已經在圖板上的裝飾卡旁邊」. After round 1 Ada's seven cards lie in spaces 1-5 and, apart, 20 and 21.
    advanced = with_line(FINISHED, 2, "variant: advanced")
    text = advanced + _after_round_1(1, 2, 3, 4, 5, 20, 21)
    line = text.splitlines().index("          20: green-star-1") + 1
    r = score_file(cli, tmp_path, GAME_ID, text)
    assert_one_located_error(r, "SCORE-PLACEMENT", line, 15,
                             "'green-star-1' in space 20 of Ada's tree after round 1 touches none of the cards in "
                             "spaces 1-5: in the advanced game only a player's first card goes anywhere, every later "
                             "one next to a card already on the tree, so the cards on a tree always touch as one group "
                             "(here 2)")
    _only_error(r)
    # one group: spaces 1-5, 7 and 8 touch edge to edge; 12 touches 4 only at a corner (the loosest
    # reading of 旁邊, next to, is taken: only what every reading forbids is refused)
    assert score_file(cli, tmp_path, GAME_ID, advanced + _after_round_1(1, 2, 3, 4, 5, 7, 8)).code == 0
    assert score_file(cli, tmp_path, GAME_ID, advanced + _after_round_1(1, 2, 3, 4, 5, 12)).code == 0
    # the family game places a card on any empty space
    assert score_file(cli, tmp_path, GAME_ID, FINISHED + _after_round_1(1, 2, 3, 4, 5, 20, 21)).code == 0


def test_advanced_the_dummys_cards_go_on_any_empty_space(cli, tmp_path):
    # 兩人遊戲規則: the dummy's card goes 「放該玩家圖板的任何空位上」
    two = FINISHED.replace("players: [Ada, Ben, Cy]", "players: [Ada, Ben]").replace("  Cy:", "  dummy:")
    two = with_line(two, 2, "variant: advanced").replace("[most-gold, most-candies]", "[most-gold, most-candies, twins]")
    dummy = {n: c[0] if isinstance(c, tuple) else c for n, c in REST["Cy"].items()}
    assert score_file(cli, tmp_path, GAME_ID, two + _after_round_1(1, 21, tree="dummy", cards=dummy)).code == 0


@pytest.mark.parametrize("variant", ["family", "advanced"])
def test_two_players_score_the_dummys_goal_every_round(cli, tmp_path, variant):
    # 兩人遊戲規則: 「虛擬玩家的目標卡總是在每輪一開始隨機幫它抽取，但只在玩家都挑好他們自己的卡片後才幫虛擬玩家抽
    # (假設他們玩的是家庭遊戲或進階遊戲)」: each round scores the two players' goals and the dummy's
    two = FINISHED.replace("players: [Ada, Ben, Cy]", "players: [Ada, Ben]").replace("  Cy:", "  dummy:")
    two = with_line(two, 2, f"variant: {variant}")
    three = two.replace("[most-gold, most-candies]", "[most-gold, most-candies, twins]")
    assert score_file(cli, tmp_path, GAME_ID, three + "  - goals: [row-ends, yellow-bubbles, red-bubbles]\n").code == 0
    line = two.splitlines().index("  - goals: [most-gold, most-candies]") + 1
    r = score_file(cli, tmp_path, GAME_ID, two)
    assert_one_located_error(r, "SCORE-GOALS", line, 12, f"round 1 scores 2 goal cards, but in the {variant} game with "
                             "2 players every round scores 3: each player's and one drawn for the dummy after the "
                             "players chose theirs")
    _only_error(r)
    r = score_file(cli, tmp_path, GAME_ID, three + "  - goals: [row-ends, yellow-bubbles]\n")
    assert_one_located_error(r, "SCORE-GOALS", line + 1, 12, "round 2 scores 2 goal cards")
    _only_error(r)
