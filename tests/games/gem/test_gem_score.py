"""GEM scoring through `pnp score gem` (the rules are rules.score, tested in test_gem_rules): the
seed has no worked example, so the cases are computed by hand — gems on investment-up cards only,
sole and tied majorities, a tie on points broken by the most gems — and broken files are located
errors, exit 2."""
from pathlib import Path

import pytest
from conftest import FUZZ_EDITS, FUZZ_TOKENS, assert_one_located_error, mangle, score_exit, score_file, with_line
from hypothesis import given, settings
from hypothesis import strategies as st

EXAMPLE = Path(__file__).parents[3] / "examples" / "gem-game.yaml"

# Three players; every card written as printed, by id, or in zh-TW. A finished game: the players
# hold all 18 gem cards, the last five on loan (they score nothing and count no gems), written
# after the lines the tests below address.
GAME = """\
game: gem
players:
  Ann:
    invest: [ruby-topaz, ruby-emerald, amethyst-emerald]
    loan: [diamond-3]
  Bo:
    invest:
      - Sapphire + Emerald (invest 2, loan 3)
      - Diamond (invest 5, loan 6)
      - sapphire-ruby
      - sapphire-topaz
      - 藍寶石 + 紫水晶（投資 1，貸款 3）
  Cy:
    invest: [ruby-amethyst, diamond-1, ruby-sapphire, amethyst-topaz]
    loan: [emerald-amethyst, emerald-topaz, emerald-ruby, topaz-amethyst, sapphire-topaz-2]
"""
# The second player's loan cards that finish a game in which each player invested one card.
REST_ON_LOAN = ("    loan: [sapphire-ruby, sapphire-emerald, sapphire-amethyst, sapphire-topaz, ruby-topaz, "
                "emerald-amethyst, emerald-topaz, amethyst-topaz, ruby-sapphire, emerald-ruby, amethyst-emerald, "
                "topaz-amethyst, sapphire-topaz-2, diamond-1, diamond-2, diamond-3]\n")


def run(cli, tmp_path, text, *extra):
    return score_file(cli, tmp_path, "gem", text, *extra)


def test_hand_computed_a_tie_on_points_goes_to_the_most_gems(cli, tmp_path):
    spec = {c["id"]: c for c in cli("list", "gem", "--format", "json").json()["components"]}
    assert spec["sapphire-amethyst"]["gems"] == ["sapphire", "amethyst"]  # the cards this case was computed on
    # Ann: ruby 2, topaz 1, emerald 2, amethyst 1 = 6 gems (her diamond is on loan: nothing)
    # Bo: sapphire 4, emerald, diamond, ruby, topaz, amethyst = 9; Cy: ruby 2, amethyst 2, diamond,
    # sapphire, topaz = 7. Majorities: sapphire Bo +3; ruby Ann/Cy +2 each; emerald Ann +3;
    # amethyst Cy +3; topaz all three +2 each; diamond Bo/Cy +2 each.
    r = run(cli, tmp_path, GAME, "--format", "json")
    assert r.code == 0, r.err
    j = r.json()
    totals = {p: (s["total"], s["gems"]) for p, s in j["players"].items()}
    assert totals == {"Ann": (6 + 2 + 3 + 2, 6), "Bo": (9 + 3 + 2 + 2, 9), "Cy": (7 + 2 + 3 + 2 + 2, 7)}
    assert j["players"]["Cy"]["majorities"] == {"ruby": 2, "amethyst": 3, "topaz": 2, "diamond": 2}
    assert j["players"]["Ann"]["loan"] == ["diamond-3"]
    assert (j["winner"], j["tied"]) == ("Bo", [])
    text = run(cli, tmp_path, GAME).out
    assert "Winner: Bo (tied on points; the most gems wins)" in text
    assert "Diamond (invest 4, loan 6): loan end up, not scored    0" in text
    assert "most Sapphire (sole majority)" in text and "most Topaz (tied majority)" in text


def test_a_tie_on_points_and_gems_is_a_tie(cli, tmp_path):
    both = "game: gem\nplayers:\n  A:\n    invest: [ruby-emerald]\n  B:\n    invest: [ruby-amethyst]\n" + REST_ON_LOAN
    j = run(cli, tmp_path, both, "--format", "json").json()  # 2 gems + ruby tied 2 + a sole 3 each
    assert (j["winner"], j["tied"]) == (None, ["A", "B"])
    assert j["players"]["A"]["total"] == j["players"]["B"]["total"] == 7
    assert "Tied for first: A, B" in run(cli, tmp_path, both).out


def test_pnp_score_the_example(cli):
    r = cli("score", "gem", EXAMPLE)
    assert r.code == 0, r.err
    assert r.out.splitlines()[-1] == "Winner: Ada"


@pytest.mark.parametrize("line, bad, code, col, words", [
    (4, "    invest: [ruby-topas, ruby-emerald, amethyst-emerald]", "SCORE-CARD", 14,
     "'ruby-topas' is not a gem card of the spec; did you mean 'ruby-topaz'"),
    (4, "    invest: [Coin 2, ruby-emerald, amethyst-emerald]", "SCORE-CARD", 14, "'Coin 2' is not a gem card"),
    (14, "    invest: [ruby-amethyst, diamond-1, ruby-sapphire, ruby-topaz]", "SCORE-TWICE", 55,
     "card 'ruby-topaz' is listed twice (first at line 4); the deck has only one"),
    (8, "      - Sapphire + Emerald (invest 2, loan 9)", "SCORE-CARD", 9,
     "did you mean 'Sapphire + Emerald (invest 2, loan 3)'"),
    (5, "    loan: diamond-3", "SPEC-TYPE", 11, "'loan' of the player Ann is the text 'diamond-3', expected a list"),
    (5, "    lent: [diamond-3]", "SPEC-UNKNOWN-KEY", 5, "unknown key 'lent' in the player Ann; accepted keys: invest, loan"),
    (4, "    invest: [ruby-topaz, { card: ruby-emerald, count: 2 }]", "SCORE-TWICE", 34,
     "card 'ruby-emerald' is listed twice"),
    (1, "game: the-jam", "SCORE-GAME", 7, "'game' is 'the-jam', expected 'gem'"),
])
def test_a_bad_game_file_is_a_located_error_exit_2(cli, tmp_path, line, bad, code, col, words):
    assert_one_located_error(run(cli, tmp_path, with_line(GAME, line, bad)), code, line, col, words)


def test_a_printed_name_cut_at_its_comma_says_to_quote_it(cli, tmp_path):
    r = run(cli, tmp_path, GAME.replace("loan: [diamond-3]", "loan: [Diamond (invest 4, loan 6)]"))
    assert r.code == 2
    assert ("game.yaml:5:12: error[SCORE-CARD]: 'Diamond (invest 4' is not a gem card of the spec; a name with a "
            "comma must be quoted in a [ ] list, or written one card a line after '- '") in r.err


def test_players_must_number_two_to_four(cli, tmp_path):
    r = run(cli, tmp_path, "game: gem\nplayers:\n  Solo: { invest: [ruby-topaz] }\n")
    assert r.code == 2 and "game.yaml:3:3: error[SCORE-PLAYERS]: 1 players; GEM is played by 2 to 4" in r.err


def test_an_ambiguous_printed_name_asks_for_the_id(cli, tmp_path):
    from conftest import copy_spec

    specs, _ = copy_spec(tmp_path, "gem", "gems: [sapphire, ruby],     invest: 1, loan: 2",
                         "gems: [ruby, sapphire],     invest: 3, loan: 4")
    text = "game: gem\nplayers:\n  A:\n    invest:\n      - Ruby + Sapphire (invest 3, loan 4)\n  B: {}\n"
    r = run(cli, tmp_path, text, "--specs", specs)
    assert r.code == 2, r.err
    assert ("game.yaml:5:9: error[SCORE-CARD]: 'Ruby + Sapphire (invest 3, loan 4)' names 2 different cards "
            "(sapphire-ruby, ruby-sapphire); give the card's id") in r.err


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 20), st.sampled_from(FUZZ_EDITS), st.sampled_from(FUZZ_TOKENS)),
                min_size=1, max_size=4))
def test_a_mangled_game_file_never_raises(tmp_path_factory, edits):
    assert score_exit(tmp_path_factory, 'gem', mangle(GAME, edits)) in (0, 2)


# -- a game the rulebook does not let end: refused at the players (exit 2, as every unreadable game) --

UNFINISHED = "\n".join(GAME.splitlines()[:-1]) + "\n"  # Cy's five cards on loan left out: 13 of 18 held


def test_a_game_with_gem_cards_not_yet_won_is_not_finished(cli, tmp_path):
    # the seed: bidding repeats 「直到所有的寶石卡都已經被標走」, until every gem card is won
    r = run(cli, tmp_path, UNFINISHED)
    assert_one_located_error(r, "SCORE-UNFINISHED", 2, 1, "the game is not finished: the players hold 13 of the 18 "
                                                          "gem cards; play goes on until every gem card is won")
    assert "error[" not in r.err.replace("error[SCORE-UNFINISHED]", "")  # nothing else is wrong with it
    assert run(cli, tmp_path, GAME).code == 0  # all 18 held, five of them on loan: finished


def test_how_many_gem_cards_a_finished_game_holds_is_the_specs_deck(tmp_path):
    from pnp.records import replace

    from pnp.diagnostics import InputError
    from pnp.games import GAMES
    from pnp.games.gem.score import score
    from pnp.load.paths import SPECS_DIR
    from pnp.load.spec import load_spec

    spec = load_spec(SPECS_DIR / "gem.yaml", GAMES["gem"])[0]
    more = replace(spec, components=[replace(c, count=2) if c.id == "diamond-3" else c for c in spec.components])
    path = tmp_path / "game.yaml"
    path.write_text(GAME, encoding="utf-8")
    assert score(spec, path, "game.yaml").data["winner"] == "Bo"
    with pytest.raises(InputError) as refused:
        score(more, path, "game.yaml")
    assert [(d.code, d.loc.line, d.loc.col) for d in refused.value.report.items] == [("SCORE-UNFINISHED", 2, 1)]
    assert "the players hold 18 of the 19 gem cards" in refused.value.report.items[0].message


def test_a_card_that_cannot_be_read_is_not_also_counted_as_unwon(cli, tmp_path):
    r = run(cli, tmp_path, with_line(GAME, 4, "    invest: [ruby-topas, ruby-emerald, amethyst-emerald]"))
    assert "SCORE-CARD" in r.err and "SCORE-UNFINISHED" not in r.err
