"""`pnp setup` on the declared example: hands per the spec's deal for 2, 3 and 4 players, the
public / private / hidden split, --player K, seeds, the short variant, and steps the deck is too
small for (exit 1, naming the step)."""
from __future__ import annotations

import pytest

from declared_kit import EXAMPLE, SPEC, no_traceback
from declared_fixtures import game  # noqa: F401  (fixtures)

SPECS = EXAMPLE / "card_specs"
HAND = {2: 7, 3: 6, 4: 5}  # setup: { deal: { 2: 7, 3: 6, 4: 5 } }
WISHES = {f"wish-{c}-{p}" for c in ("red", "gold", "jade", "violet") for p in (2, 4)}
LANTERNS = {f"{c}-{v}" for c in ("red", "gold", "jade", "violet") for v in range(1, 11)}
COLOUR = {i: i.split("-")[-2] if i.startswith("wish-") else i.split("-")[0] for i in WISHES | LANTERNS}


def deal(cli, players: int, *extra, specs=SPECS):
    r = cli("setup", "lanterns", "--players", players, "--specs", specs, "--format", "json", *extra)
    no_traceback(r)
    assert r.code == 0, r.err
    return r.json()


def ids(cards) -> list[str]:
    return [c["id"] for c in cards]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_for_each_player_count(cli, players):
    d = deal(cli, players, "--seed", "1")
    assert (d["game"], d["players"], d["seed"], d["variant"]) == ("lanterns", players, 1, None)
    assert set(d) == {"game", "players", "seed", "variant", "lang", "public", "private", "hidden"}
    seats = [f"player {k}" for k in range(1, players + 1)]
    assert list(d["private"]) == seats
    hands = {s: ids(d["private"][s]["hand"]) for s in seats}
    assert all(len(h) == HAND[players] for h in hands.values()), hands
    assert all(set(h) <= LANTERNS for h in hands.values())  # the wishes were shuffled apart
    # the table: three wishes of three colours, then the market of four lanterns of four colours
    table = ids(d["public"]["table"])
    assert len(table) == 7 and set(table[:3]) <= WISHES and set(table[3:]) <= LANTERNS
    assert len({COLOUR[i] for i in table[:3]}) == 3 and len({COLOUR[i] for i in table[3:]}) == 4
    # the piles: their sizes in public, their order hidden
    rest = 40 - players * HAND[players] - 4
    assert d["public"]["piles"] == {"wishes": 5, "draw": rest}
    hidden = {p: ids(cs) for p, cs in d["hidden"]["piles"].items()}
    assert {p: len(cs) for p, cs in hidden.items()} == {"wishes": 5, "draw": rest}
    assert set(hidden["wishes"]) <= WISHES and set(hidden["draw"]) <= LANTERNS
    # every card of the deck is in exactly one place
    everywhere = table + [i for h in hands.values() for i in h] + hidden["wishes"] + hidden["draw"]
    assert sorted(everywhere) == sorted(WISHES | LANTERNS)
    assert d["public"]["removed"] == [] and all(g == [] for g in d["public"]["given"].values())
    # a card as data: its printed name (the CSV's title) and kind
    card = next(c for c in d["private"]["player 1"]["hand"])
    assert {"card", "id", "name", "kind"} <= set(card) and card["kind"] == "lantern"
    assert card["colour"] == COLOUR[card["id"]] and isinstance(card["value"], int)  # and its fields, as read
    assert card["card"] == card["id"] + "#1"


def test_names_in_the_language_asked(cli):
    d = deal(cli, 2, "--seed", "3", "--lang", "zh-TW")
    names = {c["id"]: c["name"] for c in d["private"]["player 1"]["hand"] + d["public"]["table"]}
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in n) for n in names.values()), names
    if "red-7" in names:
        assert names["red-7"] == "紅龍燈"
    text = cli("setup", "lanterns", "--players", "2", "--seed", "3", "--specs", SPECS).out
    assert text.splitlines()[0] == "Lantern Walk for 2 players (seed 3)"
    assert "On the table, for everyone to see:" in text and "wishes: 5 cards, face down" in text


def test_player_k_sees_only_their_hand(cli):
    whole = deal(cli, 3, "--seed", "7")
    mine = deal(cli, 3, "--seed", "7", "--player", "2")
    assert list(mine["private"]) == ["player 2"]
    assert mine["private"]["player 2"] == whole["private"]["player 2"]
    assert "hidden" not in mine and mine["public"] == whole["public"]
    text = cli("setup", "lanterns", "--players", "3", "--seed", "7", "--specs", SPECS, "--player", "2").out
    assert "--- player 2 only" in text and "--- player 1 only" not in text and "--- player 3 only" not in text
    for card in whole["private"]["player 1"]["hand"]:
        assert f"[{card['id']}]" not in text  # nothing of another player's hand
    for card in whole["private"]["player 2"]["hand"]:
        assert f"{card['name']} [{card['id']}]" in text


def test_same_seed_same_deal(cli):
    a, b = deal(cli, 4, "--seed", "42"), deal(cli, 4, "--seed", "42")
    assert a == b
    c = deal(cli, 4, "--seed", "43")
    assert c["private"] != a["private"]


def test_short_variant_removes_the_ones_and_tens(cli):
    d = deal(cli, 4, "--seed", "5", "--variant", "short")
    assert d["variant"] == "short"
    removed = ids(d["public"]["removed"])
    assert sorted(removed) == sorted(i for i in LANTERNS if i.endswith(("-1", "-10")))
    in_play = ids(d["public"]["table"]) + [i for s in d["private"].values() for i in ids(s["hand"])] \
        + [i for cs in d["hidden"]["piles"].values() for i in ids(cs)]
    assert not set(removed) & set(in_play)
    assert len(in_play) == 48 - 8
    assert d["public"]["piles"] == {"wishes": 5, "draw": 32 - 4 * 5 - 4}
    text = cli("setup", "lanterns", "--players", "4", "--seed", "5", "--variant", "short", "--specs", SPECS).out
    assert "Lantern Walk for 4 players (seed 5), short" in text and "set aside (out of the game): " in text


def test_player_count_and_variant_the_game_has_not(cli):
    r = cli("setup", "lanterns", "--players", "5", "--specs", SPECS)
    assert r.code == 2 and "Lantern Walk is played by 2 to 4 players, not 5" in r.err
    r = cli("setup", "lanterns", "--players", "3", "--variant", "long", "--specs", SPECS)
    assert r.code == 2 and "has no variant 'long'; its variants: short" in r.err
    no_traceback(r)


def test_a_deal_the_deck_is_too_small_for(cli, game):
    line = game.edit(SPEC, "{ deal: { 2: 7, 3: 6, 4: 5 } }", "{ deal: { 2: 7, 3: 6, 4: 11 } }")
    assert cli("validate", "lanterns", "--specs", "card_specs").code == 0  # the deck itself is right
    assert cli("setup", "lanterns", "--players", "3", "--seed", "1", "--specs", "card_specs").code == 0
    r = cli("setup", "lanterns", "--players", "4", "--seed", "1", "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 1 and r.out == ""
    assert (f"setup step 6 (deal, line {line}) deals 11 to each of 4 players: it needs 44 cards, but the deck has "
            "40 left") in r.err, r.err
    r = cli("setup", "lanterns", "--players", "4", "--seed", "1", "--variant", "short", "--specs", "card_specs")
    assert r.code == 1
    assert "it needs 44 cards, but the deck has 32 left" in r.err, r.err


def test_a_display_of_more_colours_than_there_are(cli, game):
    line = game.edit(SPEC, "{ display: 3, distinct: colour }", "{ display: 5, distinct: colour }")
    r = cli("setup", "lanterns", "--players", "2", "--seed", "1", "--specs", "card_specs")
    assert r.code == 1
    assert (f"setup step 2 (display, line {line}) shows 5 cards all different in colour, but the deck has only 4 "
            "different") in r.err, r.err


def test_piles_and_give(cli, game):
    """give: one wish of each colour to every player, openly; piles of fixed sizes, face down."""
    game.edit(SPEC, "  - { shuffle: [wish] }\n  - { display: 3, distinct: colour }        # the night's wishes, face up\n"
                    "  - { pile: wishes }  ", "  - { give: { kind: wish, one_each: colour } }\n  ")
    game.edit(SPEC, "  - { pile: draw }", "  - { piles: [4, 3] }\n  - { pile: draw }")
    d = deal(cli, 2, "--seed", "9", specs="card_specs")
    given = {s: ids(cs) for s, cs in d["public"]["given"].items()}
    assert sorted(given) == ["player 1", "player 2"]
    for cards in given.values():
        assert len(cards) == 4 and set(cards) <= WISHES and {COLOUR[i] for i in cards} == {"red", "gold", "jade", "violet"}
    assert not set(given["player 1"]) & set(given["player 2"])
    assert d["public"]["piles"] == {"pile 1": 4, "pile 2": 3, "draw": 40 - 14 - 4 - 7}
    # a third player finds no third wish of a colour: exit 1 naming the step
    r = cli("setup", "lanterns", "--players", "3", "--seed", "9", "--specs", "card_specs")
    assert r.code == 1
    assert "setup step 1 (give, line" in r.err and "gives every player wish with colour red, but there is none left for player 3" in r.err


def test_steps_limited_by_players(cli, game):
    game.edit(SPEC, "  - { deal: ", "  - { remove: { where: { value: [5, 6] } }, players: [2] }\n  - { deal: ")
    two, three = deal(cli, 2, "--seed", "2", specs="card_specs"), deal(cli, 3, "--seed", "2", specs="card_specs")
    assert sorted(ids(two["public"]["removed"])) == sorted(i for i in LANTERNS if i.endswith(("-5", "-6")))
    assert three["public"]["removed"] == []


def test_setup_of_a_spec_with_errors(cli, game):
    game.edit(SPEC, "{ shuffle: [lantern] }", "{ shuffle: [lanterns] }")
    r = cli("setup", "lanterns", "--players", "2", "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 2
    assert f"{SPEC}:{game.line_of(SPEC, '[lanterns]')}:" in r.err and "error[DECLARE-KIND]" in r.err
    assert "cannot set up a game from a spec with errors" in r.err


def test_cards_no_step_shuffles_in_are_left_in_the_box(cli, game):
    """Cards of a kind no `shuffle` step names are not lost from the deal: they are in the box."""
    game.edit(SPEC, "  - { shuffle: [wish] }\n  - { display: 3, distinct: colour }        # the night's wishes, face up\n"
                    "  - { pile: wishes }                         # the other wishes stay face down\n", "")
    d = deal(cli, 2, "--seed", "1", specs="card_specs")
    assert sorted(ids(d["public"]["box"])) == sorted(WISHES)
    assert d["public"]["piles"] == {"draw": 40 - 14 - 4}
    text = cli("setup", "lanterns", "--players", "2", "--seed", "1", "--specs", "card_specs").out
    assert "not placed by the setup (the rules say where): A warm red night [wish-red-2]" in text
    assert deal(cli, 2, "--seed", "1")["public"]["box"] == []  # the example puts every card into play
