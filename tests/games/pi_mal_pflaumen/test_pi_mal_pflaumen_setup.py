"""`pnp setup pi-mal-pflaumen`: removal, turn-order cards, round-I hands dealt from the spec's
cards, what is set aside; repeatable with a seed; bad requests and unplayable decks refused."""
import pytest
from conftest import copy_spec

from pnp.games import GAMES
from pnp.games.base import SetupError
from pnp.load.paths import SPECS_DIR
from pnp.load.spec import load_spec

GAME = "pi-mal-pflaumen"


def deal(cli, players, *extra):
    res = cli("setup", GAME, "--players", players, "--format", "json", *extra)
    assert res.code == 0, res.err
    return res.json()


@pytest.mark.parametrize("players, tricks, removed, turn_order", [
    (3, 6, list(range(19, 26)), ["turn-1", "turn-2", "turn-3-plum"]),
    (4, 6, [25], ["turn-1", "turn-2", "turn-3", "turn-4-plum"]),
    (5, 5, [], ["turn-1", "turn-2", "turn-3", "turn-4", "turn-5-plum"]),
])
def test_a_deal_for_each_player_count(cli, players, tricks, removed, turn_order):
    got = deal(cli, players, "--seed", 11)
    public = got["public"]
    # the declared setup's data: a hand's size is the tricks a round; the removed cards in one list,
    # each with its round; the named groups (turn-order, set-aside) and piles under their names
    assert got["players"] == players and len(got["private"]["player 1"]["hand"]) == tricks
    for numeral, r in (("I", 1), ("II", 2), ("III", 3)):
        assert [c["card"] for c in public["removed"] if c["round"] == r] == [f"r{r}-{n:02d}#1" for n in removed]
    assert [c["id"] for c in public["turn-order"]] == turn_order
    hands = {p: own["hand"] for p, own in got["private"].items()}
    assert list(hands) == [f"player {p}" for p in range(1, players + 1)]
    dealt = [c for hand in hands.values() for c in hand]
    assert all(len(hand) == tricks for hand in hands.values())
    assert len({c["card"] for c in dealt}) == players * tricks  # every card once
    assert all(c["card"].startswith("r1-") and c["number"] not in removed for c in dealt)
    aside = public["set-aside"]
    assert (aside["plum"], aside["pi"], [c["card"] for c in aside["watchdog"]]) == (18, 18, ["watchdog#1"])
    for later in ("round II", "round III"):
        pile = [c["card"] for c in got["hidden"]["piles"][later]]
        assert len(pile) == public["piles"][later] == players * tricks
        assert not set(pile) & {c["card"] for c in public["removed"] if f"round {c['round']}" == later}


def test_the_same_seed_deals_the_same_game(cli):
    assert deal(cli, 4, "--seed", 7) == deal(cli, 4, "--seed", 7)
    assert deal(cli, 4, "--seed", 7)["private"] != deal(cli, 4, "--seed", 8)["private"]


def test_without_a_seed_the_chosen_one_is_printed(cli):
    res = cli("setup", GAME, "--players", 3)
    assert res.code == 0
    seed = res.out.strip().splitlines()[-1].split("--seed ")[1].rstrip(")")
    again = cli("setup", GAME, "--players", 3, "--seed", seed)
    assert again.out.strip() == "\n".join(res.out.strip().splitlines()[:-2]).strip()


def test_hands_are_dealt_from_the_spec(cli, tmp_path):
    # CHOICE values: r1-01 made a cherry with a new mix, r1-03 the apple
    specs, _ = copy_spec(tmp_path, GAME, "number:  1, fruit: apple,             mix: { pattern: AB, points: 1 }",
                         "number:  1, fruit: cherry,            mix: { pattern: AAAB, points: 7 }")
    text = (specs / f"{GAME}.yaml").read_text(encoding="utf-8").replace(
        "number:  3, fruit: cherry,", "number:  3, fruit: apple, ", 1)
    (specs / f"{GAME}.yaml").write_text(text, encoding="utf-8")
    got = deal(cli, 5, "--seed", 1, "--specs", specs)
    cards = {c["card"]: c for own in got["private"].values() for c in own["hand"]}
    shown = ("card", "id", "name", "number", "fruit", "mix")  # the declared setup's card also has every field
    assert {k: cards["r1-01#1"][k] for k in shown} == {"card": "r1-01#1", "id": "r1-01", "name": "Cherry 1 (I)",
                                                        "number": 1, "fruit": "cherry",
                                                        "mix": {"pattern": "AAAB", "points": 7}}
    assert cards["r1-03#1"]["fruit"] == "apple"
    assert cards["r1-25#1"]["fruit"] == "plum"  # 5 players use the plum 25


def test_the_text_form_lists_the_deal(cli):
    res = cli("setup", GAME, "--players", 3, "--seed", 2, "--variant", "veteran")
    assert res.code == 0
    out = res.out
    assert out.startswith("Pi mal Pflaumen for 3 players (seed 2, veteran variant)")
    assert "Veteran: at most one fruit mix per trick, and none at the end of the game." in out
    assert ("round I: Blackberry 19 (I) [r1-19], Strawberry 20 (I) [r1-20], Fig 21 (I) [r1-21], Apple 22 (I) "
            "[r1-22], Pear 23 (I) [r1-23], Cherry 24 (I) [r1-24], Plum 25 (I) [r1-25]") in out
    assert "Turn-order cards in use: Turn order 1 [turn-1], Turn order 2 [turn-2], Turn order 3 (plum) [turn-3-plum]" in out
    assert "18 plum cards, 18 pi cards, Watchdog [watchdog]" in out
    assert "round II pile, face down (18 cards)" in out
    assert sum(line.startswith("--- player ") for line in out.splitlines()) == 3
    assert sum(line.startswith("  round I hand: ") for line in out.splitlines()) == 18


@pytest.mark.parametrize("args, words", [
    (("--players", 2), "played by 3 to 5 players, not 2"),
    (("--players", 6), "played by 3 to 5 players, not 6"),
    (("--players", 4, "--variant", "kids"), "no variant 'kids'; variants: veteran"),
])
def test_bad_requests_are_usage_errors(cli, args, words):
    res = cli("setup", GAME, *args)
    assert res.code == 2
    assert words in res.err and "Traceback" not in res.err


def test_a_spec_that_breaks_the_rules_is_not_set_up(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, GAME, "position: 5, plum: true", "position: 5, plum: false")
    res = cli("setup", GAME, "--players", 5, "--specs", specs)
    assert res.code == 1
    assert "PMP-TURN-ORDER" in res.err and "cannot set up" in res.err


def test_a_deck_that_cannot_be_dealt_is_a_setup_error_not_a_usage_error():
    game = GAMES[GAME]
    spec, report = load_spec(SPECS_DIR / f"{GAME}.yaml", game)
    assert report.ok
    spec.components = [c for c in spec.components if c.id not in ("turn-5-plum", "r2-07")]
    with pytest.raises(SetupError) as exc:
        game.setup(spec, 5, 1)
    assert exc.value.usage is False
    # the declared setup refuses the deck by the game's own checks (validate.py), in their words
    assert "with 5 players, removing none leaves 24 cards in round II, expected 25 (5 players x 5 tricks)" in str(exc.value)
    spec.components = [c for c in load_spec(SPECS_DIR / f"{GAME}.yaml", game)[0].components if c.id != "turn-5-plum"]
    with pytest.raises(SetupError, match="the turn-order cards lack 5 with plum") as exc:
        game.setup(spec, 5, 1)
    assert exc.value.usage is False
