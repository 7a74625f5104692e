"""Christmas Tree rules model and validator: the shipped spec holds what the seed's box holds, and
every rule break in a copy of it is exit 1 with a message at the value that breaks it."""
import pytest

from conftest import col_of, copy_spec
from pnp.games import GAMES
from pnp.games.christmas_tree import board, goals, rules
from pnp.load.paths import SPECS_DIR
from pnp.load.spec import load_spec

GAME = "christmas-tree"


@pytest.fixture(scope="module")
def spec():
    s, report = load_spec(SPECS_DIR / f"{GAME}.yaml", GAMES[GAME])
    assert report.ok
    return s


def test_the_box_holds_what_the_seed_lists(spec):
    assert {k: spec.total(k) for k in ("bauble", "gingerbread", "candy")} == {"bauble": 72, "gingerbread": 18, "candy": 16}
    assert sum(spec.total(k) for k in rules.DECORATIONS) == rules.DECORATION_CARDS == 106
    levels = [g["bells"] for g, _ in spec.copies("goal")]
    assert (levels.count(1), levels.count(2), levels.count(3)) == (15, 6, 9)
    assert [spec.total(k) for k in ("cookie", "board", "score-track", "score-marker")] == [16, 4, 1, 8]
    assert {g["goal"] for g in spec.of_kind("goal")} == set(goals.GOAL_KINDS)  # all twelve kinds of the seed


def test_the_goal_kinds_game_yaml_makes_legal_are_the_ones_the_scorer_counts():
    """A goal kind added to game.yaml and not to goals.py (or the other way) would pass validate
    and then fail to score: the two lists are the same twelve, in the same order."""
    declared = next(f for f in GAMES[GAME].declared.kinds.fields["goal"] if f.name == "goal").type.choices
    assert list(goals.GOAL_KINDS) == declared and len(declared) == 12
    assert all(callable(k.counter) for k in goals.GOAL_KINDS.values())


def test_every_player_count_has_a_deck_for_three_rounds(spec):
    counts = 0
    for players in rules.PLAYERS:
        marked = rules.uses_marked(players)
        base = sum(c.count for k in rules.MARKED for c in spec.of_kind(k) if marked or not c["four_player"])
        deck = base + rules.GINGERBREAD_PER_PLAYER * rules.seats(players)
        assert deck >= rules.cards_needed(players) == rules.seats(players) * 8 * 3
        counts += 1
    assert counts == len(rules.PLAYERS) > 0


def test_the_tree_has_21_spaces_in_rows_of_1_to_6_and_30_shared_edges():
    assert [len(r) for r in board.rows()] == [1, 2, 3, 4, 5, 6]
    assert len(board.SPACES) == rules.SPACES == 21
    assert len(board.edge_pairs()) == 30
    for a, ea, b, eb in board.edge_pairs():
        assert board.across(b, eb) == a and board.across(a, ea) == b
    assert sorted(board.corner_neighbours(5)) == [1, 4, 6, 13]  # beside it, and above and below
    assert sorted(len(d) for d in board.diagonals()) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_the_shipped_spec_validates(cli):
    r = cli("validate", GAME)
    assert (r.code, r.out.strip()) == (0, f"{GAME}: ok")


CASES = [
    ("id: gold-star-1, kind: bauble, color: gold, shape: star, snowflakes: 1",
     "id: gold-star-1, kind: bauble, color: gold, shape: star, snowflakes: 3", "snowflakes: 3",
     "CT-SNOWFLAKES", "bauble 'gold-star-1' has 3 snowflakes; snowflakes must be 0, 1 or 2"),
    ("id: candy-3a, kind: candy, points: 3", "id: candy-3a, kind: candy, points: 7", "points: 7",
     "CT-CANDY-POINTS", "candy 'candy-3a' is worth 7 points; a candy's points must be 3, 4, 5 or 6"),
    ("ball], bubbles: [blue, yellow, blue, red] }", "ball], bubbles: [blue, yellow, blue, red], four_player: true }",
     "four_player: true", "CT-FOUR-MARK", "gingerbread man 'gingerbread-01' carries the \"4\" mark"),
    ("goal: most-baubles, color: gold, points: 1", "goal: most-baubles, color: gold, points: 2", "points: 2",
     "CT-GOAL-POINTS", "goal card 'most-gold' (most-baubles) shows 2 points, but the seed gives 1"),
    ("goal: most-baubles, color: gold, points: 1", "goal: most-baubles, color: gold, bubble: red, points: 1",
     "bubble: red", "CT-GOAL-PARAM", "goal card 'most-gold' (most-baubles) has 'bubble', which a most-baubles goal "
     "does not take; it takes color or shape"),
    ("goal: trio, formation: line-3", "goal: trio, formation: pair", "formation: pair",
     "CT-FORMATION", "goal card 'trio-line' (trio) needs a formation of 3 cards; 'pair' has 2; formations of 3: "
     "line-3, peak or bend"),
    ("goal: candy-gingerbread, formation: corner-pair", "goal: candy-gingerbread, formation: pair",
     "formation: pair", "CT-FORMATION", "so its formation is 'corner-pair', not 'pair'"),
    ("lines: rows, length: 3, target: 4", "lines: rows, length: 3, target: 7", "target: 7",
     "CT-GOAL-PARAM", "goal card 'level-iii' asks for 7 snowflakes on 3 spaces, expected 1 to 6"),
    ("id: level-iii, kind: goal, back: goal-back, bells: 3", "id: level-iii, kind: goal, back: goal-back, bells: 4",
     "bells: 4", "CT-BELLS", "goal card 'level-iii' has 4 bells; bells must be 1, 2 or 3"),
    ("id: cookie, kind: cookie, count: 16", "id: cookie, kind: cookie, count: 15", "count: 15",
     "CT-COUNT", "the box holds 15 Linzer cookies, expected 16 (the seed's box contents)"),
    ("id: board, kind: board, count: 4", "id: board, kind: board, count: 3", "count: 3",
     "CT-COUNT", "the box holds 3 player boards, expected 4 (the seed's box contents)"),
    # out of the rules' range on either side: one code, exit 1
    ("id: gold-star-1, kind: bauble, color: gold, shape: star, snowflakes: 1",
     "id: gold-star-1, kind: bauble, color: gold, shape: star, snowflakes: -1", "snowflakes: -1",
     "CT-SNOWFLAKES", "bauble 'gold-star-1' has -1 snowflakes; snowflakes must be 0, 1 or 2"),
    ("id: candy-3a, kind: candy, points: 3", "id: candy-3a, kind: candy, points: -3", "points: -3",
     "CT-CANDY-POINTS", "candy 'candy-3a' is worth -3 points; a candy's points must be 3, 4, 5 or 6"),
    ("id: level-iii, kind: goal, back: goal-back, bells: 3", "id: level-iii, kind: goal, back: goal-back, bells: 0",
     "bells: 0", "CT-BELLS", "goal card 'level-iii' has 0 bells; bells must be 1, 2 or 3"),
    ("goal: most-baubles, color: gold, points: 1", "goal: most-baubles, color: gold, points: -1", "points: -1",
     "CT-GOAL-POINTS", "goal card 'most-gold' (most-baubles) shows -1 points, but the seed gives 1"),
    # a goal card among the decorations' backs would be shuffled into the deck unseen
    ("id: most-gold, kind: goal, back: goal-back", "id: most-gold, kind: goal, back: tree-back", "back: tree-back",
     "CT-BACKS", "goal card 'most-gold' has back 'tree-back', the decorations' back: it would be shuffled into "
     "the deck unseen; a goal card takes a goal back (goal-back)"),
    # what a goal card says is made from what it scores: words of its own are refused
    ("goal: most-baubles, color: gold, points: 1 }", "goal: most-baubles, color: gold, points: 1, text: 2 points }",
     "text: 2 points", "CT-GOAL-TEXT", "goal card 'most-gold' writes its own text, but a goal card prints the "
     "words made from what it scores (its goal, parameters and points), so that they cannot disagree; remove "
     "'text:' (it prints: \"Each gold bauble: 1 point. Most gold baubles: +6, second: +3.\")"),
    ("id: gold-star-1, kind: bauble,", "id: gold-star-1, kind: bauble, back: cookie-back,", "back: cookie-back",
     "CT-BACKS", "decoration 'gold-star-1' has back 'cookie-back' but the others have 'tree-back'"),
]


@pytest.mark.parametrize("old, new, at, code, words", CASES, ids=[c[3] + "-" + c[2] for c in CASES])
def test_each_rule_break_is_exit_1_at_the_value_that_breaks_it(cli, tmp_path, old, new, at, code, words):
    specs, line = copy_spec(tmp_path, GAME, old, new)
    r = cli("validate", GAME, "--specs", specs)
    assert r.code == 1, r.out
    hits = [l for l in r.out.splitlines() if f"error[{code}]" in l]
    assert len(hits) == 1 and words in hits[0], r.out
    value = col_of(specs, GAME, line, at) + at.index(": ") + 2  # reported at the value
    assert hits[0].startswith(f"card_specs/{GAME}.yaml:{line}:{value}:"), hits[0]


def test_a_missing_goal_kind_a_missing_combination_and_a_short_deck_are_named(cli, tmp_path):
    text = (SPECS_DIR / f"{GAME}.yaml").read_text(encoding="utf-8")
    text = text.replace("goal: row-ends, points: 5", "goal: trio, formation: bend, points: 6")
    text = text.replace("color: purple, shape: spiral", "color: purple, shape: ball")
    lines = [l if "kind: bauble" not in l or "four_player" in l else l.replace(" }", ", four_player: true }")
             for l in text.splitlines()]
    specs = tmp_path / "card_specs"
    specs.mkdir()
    (specs / f"{GAME}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("validate", GAME, "--specs", specs)
    assert r.code == 1
    assert "error[CT-GOAL-KINDS]: no goal card is of kind row-ends" in r.out
    assert "error[CT-BALANCE]: no bauble is purple spiral" in r.out
    deck = [l for l in r.out.splitlines() if "error[CT-DECK]" in l]
    assert len(deck) == 2 and "with 2 players the deck" in deck[0] and "with 3 players the deck" in deck[1]
    assert "holds 21 cards, but 3 trees draw 8 cards in each of 3 rounds: 72" in deck[0]


@pytest.mark.parametrize("old, new, words", [
    ("id: candy-3a, kind: candy,", "id: candy-3a, kind: candy, count: 2,",
     "the box holds 17 candies, expected 16 (the seed's box contents)"),
    ("id: gingerbread-01, kind: gingerbread,", "id: gingerbread-01, kind: gingerbread, count: 2,",
     "the box holds 19 gingerbread men, expected 18 (the seed's box contents)"),
])
def test_a_count_off_is_said_in_proper_plurals(cli, tmp_path, old, new, words):
    """Not "candys" or "gingerbread mans". (Where a total of many components is reported is
    the spec loader's `count_loc`; this is about the words.)"""
    specs, _ = copy_spec(tmp_path, GAME, old, new)
    r = cli("validate", GAME, "--specs", specs)
    assert r.code == 1, r.out
    hits = [l for l in r.out.splitlines() if "error[CT-COUNT]" in l]
    assert len(hits) == 1 and words in hits[0] and "candys" not in hits[0] and "mans" not in hits[0], r.out
    assert hits[0].startswith(f"card_specs/{GAME}.yaml:")


def test_a_deck_in_which_no_card_carries_the_four_mark_is_a_rule_break(cli, tmp_path):
    """The seed's setup: three players use the cards without the mark, four add the marked ones;
    without any the deck is the same for both."""
    text = (SPECS_DIR / f"{GAME}.yaml").read_text(encoding="utf-8").replace(", four_player: true", "")
    specs, _ = copy_spec(tmp_path, GAME, text=text)
    r = cli("validate", GAME, "--specs", specs)
    assert r.code == 1, r.out
    hits = [l for l in r.out.splitlines() if "error[CT-FOUR-MARK]" in l]
    first = next(i for i, l in enumerate(text.splitlines(), 1) if l.strip() == "components:")
    assert len(hits) == 1 and hits[0].startswith(f"card_specs/{GAME}.yaml:{first}:"), r.out  # no one card to blame
    assert "no bauble or candy carries the \"4\" mark ('four_player: true')" in hits[0]
    assert "the deck is the same for every player count" in hits[0]
