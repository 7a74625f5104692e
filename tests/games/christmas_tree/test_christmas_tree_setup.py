"""`pnp setup christmas-tree`: the deck for the player count, a hand of 8 for every tree (the
dummy's too with 2 players), cookies and goals by variant from the right bell levels, the same
deal for the same seed, and refusals for impossible requests."""
import pytest

from conftest import copy_spec

GAME = "christmas-tree"


@pytest.fixture(scope="module")
def cards(request):
    from pnp.games import GAMES
    from pnp.load.paths import SPECS_DIR
    from pnp.load.spec import load_spec

    spec, _ = load_spec(SPECS_DIR / f"{GAME}.yaml", GAMES[GAME])
    return {c.id: c for c in spec.components}


def trees_of(d):
    """The trees at the table: each player's, and the dummy's (the declared setup's `dummies`)."""
    return [*d["private"], *d["public"].get("dummies", [])]


def hand_of(d, tree):
    return d["hidden"]["dummies"][tree]["hand"] if tree in d["public"].get("dummies", []) else d["private"][tree]["hand"]


def deck_order(d):
    """The shuffled deck's card ids: the hands it dealt, tree by tree, then what is left of it."""
    return [c["id"] for t in trees_of(d) for c in hand_of(d, t)] + [c["id"] for c in d["hidden"]["piles"]["deck"]]


def deal(cli, players, variant=None, seed=7):
    args = ["setup", GAME, "--players", players, "--seed", seed, "--format", "json"]
    r = cli(*args, *(["--variant", variant] if variant else []))
    assert r.code == 0, r.err
    return r.json()


@pytest.mark.parametrize("players, trees, marked, gingerbread", [(2, 3, False, 9), (3, 3, False, 9), (4, 4, True, 12)])
def test_the_deck_holds_the_cards_for_the_player_count(cli, cards, players, trees, marked, gingerbread):
    d = deal(cli, players)
    trees_at = trees_of(d)
    order = [cards[c] for c in deck_order(d)]
    assert len(trees_at) == trees and ("dummy" in trees_at) == (players == 2)
    assert sum(c.kind == "gingerbread" for c in order) == gingerbread
    assert any(c.get("four_player") for c in order) == marked
    others = [c for c in cards.values() if c.kind in ("bauble", "candy") and (marked or not c["four_player"])]
    assert sorted(c.id for c in order if c.kind != "gingerbread") == sorted(c.id for c in others)
    assert len(order) >= trees * 8 * 3 and len(set(deck_order(d))) == len(order)
    hands = {p: own["hand"] for p, own in d["private"].items()}
    if players == 2:  # the dummy's hand is no one's to see
        hands["dummy"] = d["hidden"]["dummies"]["dummy"]["hand"]
    assert list(hands) == trees_at and all(len(h) == 8 for h in hands.values())
    dealt = [c["id"] for h in hands.values() for c in h]
    assert dealt == deck_order(d)[:8 * trees]  # off the top of the shuffled deck


@pytest.mark.parametrize("variant, goals, cookies, bells", [
    ("beginner", 0, 0, {1}), ("family", 4, 3, {1, 2}), (None, 4, 3, {1, 2}), ("advanced", 5, 4, {1, 2, 3})])
def test_goals_and_cookies_by_variant_from_the_right_levels(cli, cards, variant, goals, cookies, bells):
    deals = 0
    for players in (2, 3, 4):
        deals += 1
        d = deal(cli, players, variant)
        players_only = [t for t in trees_of(d) if t != "dummy"]
        assert {p: len(d["public"].get("cookies", {}).get(p, [])) for p in players_only} == {p: cookies for p in players_only}
        private_goals = {p: own.get("goals", []) for p, own in d["private"].items()}
        assert set(private_goals) == set(players_only) and all(len(g) == goals for g in private_goals.values())
        round_goals = d["public"].get("round-goals", [])
        dealt = [g["id"] for gs in private_goals.values() for g in gs] + [g["id"] for g in round_goals]
        assert len(set(dealt)) == len(dealt)
        assert {cards[g]["bells"] for g in dealt} <= bells
        assert len(round_goals) == (3 if variant == "beginner" else 0)  # beginner: 3 drawn each round
    assert deals == 3


def test_the_same_seed_deals_the_same_game_and_another_seed_another(cli):
    assert deal(cli, 3, seed=11) == deal(cli, 3, seed=11)
    assert deck_order(deal(cli, 3, seed=11)) != deck_order(deal(cli, 3, seed=12))


def test_the_text_deal_names_the_cards_and_says_what_the_dummy_does(cli):
    r = cli("setup", GAME, "--players", 2, "--seed", 5)
    assert r.code == 0
    assert "family game for 2 players (seed 5)" in r.out
    assert "counts only for first and second place" in r.out and "dummy" not in r.out.split("--- player 1")[1]
    assert sum(line.startswith("  round 1 hand: ") for line in r.out.splitlines()) == 16  # two players' hands
    assert "each player takes 3 Linzer cookie cards" in r.out


@pytest.mark.parametrize("args, words", [
    (["--players", 1], "played by 2 to 4 players, not 1"),
    (["--players", 5], "played by 2 to 4 players, not 5"),
    (["--players", 3, "--variant", "expert"], "no variant 'expert'; variants: beginner, family or advanced"),
])
def test_impossible_requests_exit_2(cli, args, words):
    r = cli("setup", GAME, *args)
    assert r.code == 2 and words in r.err


def test_a_spec_that_breaks_the_rules_is_not_dealt_exit_1(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, GAME, "id: cookie, kind: cookie, count: 16", "id: cookie, kind: cookie, count: 2")
    r = cli("setup", GAME, "--players", 4, "--specs", specs)
    assert r.code == 1 and "error[CT-COUNT]" in r.err
