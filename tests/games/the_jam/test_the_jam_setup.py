"""`pnp setup the-jam`: hands, missions and a basket built as the rulebook says, for every
player count and variant, repeatable with --seed; bad requests and unplayable decks fail cleanly."""
from __future__ import annotations

from collections import Counter

import pytest
from conftest import copy_spec

from pnp.games.the_jam import rules

GAME = "the-jam"
SPECIALS = set(rules.SPECIALS)


def deal(cli, *args):
    res = cli("setup", GAME, *args, "--format", "json")
    assert res.code == 0, res.err
    return res.json()


def _draw_pile(data) -> list[str]:
    """The draw pile's cards ('id#copy'), in order: the declared setup keeps a pile's cards under hidden.piles."""
    return [c["card"] for c in data["hidden"]["piles"]["draw pile"]]


def spec_cards(cli) -> dict[str, dict]:
    return {c["id"]: c for c in cli("list", GAME, "--format", "json").json()["components"]}


@pytest.fixture(scope="module")
def shipped(spec):
    from pnp.games import GAMES

    return GAMES["the-jam"], spec


@pytest.mark.parametrize("players", rules.PLAYERS)
@pytest.mark.parametrize("variant", [None, "kids", "travel"])
def test_basket_never_repeats_an_ingredient(shipped, players, variant):
    jam, spec = shipped
    cards = {c.id: c for c in spec.components}
    baskets = 0
    for seed in range(400):
        baskets += 1
        data = jam.setup(spec, players, seed, variant).data
        basket = data["public"]["basket"]
        assert len(basket) == rules.BASKET
        ingredients = [c["ingredient"] for c in basket]
        assert len(set(ingredients)) == rules.BASKET, (seed, ingredients)
        for c in basket:  # what setup says matches the card in the spec
            comp = cards[c["card"].split("#")[0]]
            assert comp.kind not in SPECIALS and comp["ingredient"] == c["ingredient"]
    assert baskets == 400


def test_basket_from_the_command_line(cli):
    data = deal(cli, "--players", 4, "--seed", 3)
    assert len({c["ingredient"] for c in data["public"]["basket"]}) == rules.BASKET


@pytest.mark.parametrize("players,each", [(2, 2), (3, 1), (4, 1)])
def test_hands_and_missions(cli, players, each):
    cards = spec_cards(cli)
    data = deal(cli, "--players", players, "--seed", 11)
    assert list(data["private"]) == [f"player {p + 1}" for p in range(players)]
    dealt = []
    for name, own in data["private"].items():
        hand = own["hand"]
        assert len(hand) == rules.HAND
        assert not {c["kind"] for c in hand} & SPECIALS
        kinds = Counter(cards[m["id"]]["kind"] for m in own["missions"])
        assert kinds == {k: each for k in rules.MISSION_KINDS}
        dealt += [m["card"] for m in own["missions"]]
        dealt += [c["card"] for c in hand]
    assert len(dealt) == len(set(dealt))  # no card is in two places
    everything = dealt + [c["card"] for c in data["public"]["basket"]] + _draw_pile(data)
    assert len(_draw_pile(data)) == data["public"]["piles"]["draw pile"]
    missions = sum(1 for m in dealt if cards[m.split("#")[0]]["kind"] in rules.MISSION_KINDS)
    assert len(everything) - missions == rules.GAME_CARDS
    assert len(set(everything)) == len(everything)


def test_set_aside_cards_go_back_into_the_deck(cli):
    deals = 0
    for seed in range(60):
        deals += 1
        data = deal(cli, "--players", 4, "--seed", seed)
        aside = data["public"]["shuffled_back"]
        assert set(aside) <= set(_draw_pile(data))
        if any(c.split("#")[0] in SPECIALS for c in aside):
            break
    else:
        pytest.fail("no seed set Youngster or Bear aside")
    assert deals > 0


def test_same_seed_same_deal(cli):
    assert deal(cli, "--players", 3, "--seed", 42) == deal(cli, "--players", 3, "--seed", 42)
    assert deal(cli, "--players", 3, "--seed", 42) != deal(cli, "--players", 3, "--seed", 43)


def test_kids_variant_removes_exactly_the_youngster_the_bear_and_the_pine_cone_jam(cli):
    cards = spec_cards(cli)
    for seed in range(8):
        data = deal(cli, "--players", 4, "--seed", seed, "--variant", "kids")
        assert all(own.get("missions", []) == [] for own in data["private"].values())
        everything = [c["card"] for own in data["private"].values() for c in own["hand"]]
        everything += [c["card"] for c in data["public"]["basket"]] + _draw_pile(data)
        for label in everything:
            c = cards[label.split("#")[0]]
            assert c["kind"] not in SPECIALS
            assert c.get("fruit") != rules.PINE_CONE
    removed = sum(c["count"] for c in cards.values() if c["kind"] in SPECIALS or c.get("fruit") == rules.PINE_CONE)
    assert removed == 4  # the shipped deck: one Youngster, one Bear, two pine-cone jams
    assert len(everything) == sum(c["count"] for c in cards.values() if c["kind"] in rules.GAME_KINDS) - removed


def test_travel_variant_deals_like_the_standard_game(cli):
    data = deal(cli, "--players", 2, "--seed", 5, "--variant", "travel")
    assert data["variant"] == "travel" and len(data["public"]["basket"]) == rules.BASKET
    text = cli("setup", GAME, "--players", 2, "--seed", 5, "--variant", "travel").out
    assert "Travel:" in text and "--- player 2 only" in text


@pytest.mark.parametrize("args,words", [
    (("--players", "5"), "2 to 4 players, not 5"),
    (("--players", "1"), "2 to 4 players, not 1"),
    (("--players", "3", "--variant", "solo"), "no variant 'solo'; variants: kids or travel"),
])
def test_bad_request_is_a_usage_error(cli, args, words):
    res = cli("setup", GAME, *args)
    assert res.code == 2 and words in res.err and "Traceback" not in res.err


def test_deck_that_cannot_be_set_up(cli, tmp_path, monkeypatch):
    """A spec with too few mission cards is invalid; setup refuses it without a traceback."""
    specs, _ = copy_spec(tmp_path, GAME, "  - { id: winter-4,", "  # - { id: winter-4,")
    res = cli("setup", GAME, "--players", 4, "--specs", specs)
    assert res.code == 1 and "JAM-MISSION-KIND" in res.err


def test_setup_error_when_the_deck_runs_out():
    """Called directly on a thin deck (the validator would refuse it), setup raises
    SetupError(usage=False), which the CLI turns into exit 1."""
    from pnp.games.base import SetupError
    from pnp.games import GAMES

    JAM = GAMES["the-jam"]
    from pnp.load.paths import SPECS_DIR
    from pnp.load.spec import load_spec

    spec, _ = load_spec(SPECS_DIR / "the-jam.yaml", JAM)
    keep = ("apple", "cherry")  # two ingredients cannot fill a basket of eight
    spec.components = [c for c in spec.components
                       if c.kind in rules.MISSION_KINDS or (c.kind in rules.RECIPE_KINDS and c["ingredient"] in keep)]
    with pytest.raises(SetupError) as err:
        JAM.setup(spec, 2, 1)
    assert err.value.usage is False and "ran out" in str(err.value)
