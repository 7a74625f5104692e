"""Scores declared in data (`scoring:` in a declared game's spec, docs/own-game.md *Scoring*):
`pnp score GAME FILE` on the Lantern Walk example and on published games declared from their
rulebooks, checked against scorers written here from the published rules (not from pnp's
vocabulary) over hundreds of random finished games; a bad game file and a bad declaration are
located errors.

Sushi Go! (one round's table, nigiri on wasabi, puddings: maki 6/3 split, no second place after
a tie for first; puddings most +6 / fewest -6 split, no penalty with two players), Lost Cities
((sum - 20) x (1 + wagers), +20 from 8 cards, per expedition begun), Coloretto (1/3/6/10/15/21 a
colour, jokers where they score most, the best three plus and the rest minus, +2 cards), 6 nimmt!
(bullheads, the fewest wins) and Love Letter (tokens of affection).
"""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from declared_kit import EXAMPLE, FUZZ_EDITS, FUZZ_TOKENS, SPEC, has, mangle, no_traceback, one
from declared_fixtures import game  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = Path(__file__).resolve().parent / "published"
SPECS = {"lanterns": EXAMPLE / "card_specs", "six-nimmt": ROOT / "examples" / "six-nimmt" / "card_specs",
         **{g: PUBLISHED / g / "card_specs" for g in ("sushi-go", "lost-cities", "coloretto", "love-letter")}}
LANTERN_GAME = EXAMPLE / "lanterns-game.yaml"


def loaded(game_id: str):
    from pnp.games.project import load_checked

    got = load_checked(game_id, SPECS[game_id])
    assert not got.report.errors, [str(d) for d in got.report.errors]
    assert got.game.declared.scoring is not None
    return got


@pytest.fixture(scope="module")
def games():
    cache = {}

    def get(game_id):
        if game_id not in cache:
            cache[game_id] = loaded(game_id)
        return cache[game_id]
    return get


def scored(got, players: dict[str, dict[str, list[str]]], variant=None) -> dict:
    """pnp's scoring of a finished game given as player -> zone -> card ids (the engine, no file)."""
    from pnp.games.declared.scoring import Played, score_played

    by_id = {c.id: c for c in got.spec.components}
    played = Played({p: {z: [by_id[i] for i in ids] for z, ids in zones.items()} for p, zones in players.items()},
                    variant)
    return score_played(got.game.declared.scoring, got.game.declared.kinds, played)


def score_cli(cli, tmp_path, game_id: str, text: str, *extra):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    r = cli("score", game_id, path, "--specs", SPECS[game_id], *extra)
    no_traceback(r)
    return r


def deal_out(rng: random.Random, deck: list[str], players: int, most: int) -> list[list[str]]:
    """Random hands from one shuffled deck (so no card is held more often than the deck has it)."""
    rng.shuffle(deck)
    out, at = [], 0
    for _ in range(players):
        n = rng.randint(0, most)
        out.append(deck[at:at + n])
        at += n
    return out


def deck_of(got, where=lambda c: True) -> list[str]:
    return [c.id for c in got.spec.components for _ in range(c.count) if where(c)]


# -- Lantern Walk: the example's scoring and game file -------------------------------------------------

def lanterns_by_hand(cards: dict[str, dict], players: dict[str, dict[str, list[str]]]) -> dict[str, int]:
    """The example's rules as its spec's comments say them, written out: per colour 1/3/6/10/15/21
    by how many lanterns; the highest sum of values in a colour 4, the second 1 (a tie splits the
    place's points, rounded down, and takes the places it fills); 5 for each three lanterns
    showing a moon; each wish its points."""
    table = [0, 1, 3, 6, 10, 15, 21]
    totals = {}
    sums = {p: Counter() for p in players}
    for p, zones in players.items():
        lanterns = [cards[i] for i in zones.get("lanterns", [])]
        per = Counter(c["colour"] for c in lanterns)
        for c in lanterns:
            sums[p][c["colour"]] += c["value"]
        moons = sum(1 for c in lanterns if "moon" in (c.get("icons") or []))
        totals[p] = sum(table[min(n, 6)] for n in per.values()) + moons // 3 * 5 + \
            sum(cards[i]["points"] for i in zones.get("wishes", []))
    for colour in ("red", "gold", "jade", "violet"):
        held = sorted({s[colour] for s in sums.values() if s[colour] > 0}, reverse=True)
        place = 0
        for value in held:
            who = [p for p in players if sums[p][colour] == value]
            if place < 2:
                for p in who:
                    totals[p] += [4, 1][place] // len(who)
            place += len(who)
    return totals


def test_the_example_game_file_scores_by_the_declared_scoring(cli):
    r = cli("score", "lanterns", LANTERN_GAME, "--specs", SPECS["lanterns"], "--format", "json")
    assert r.code == 0, r.err
    j = r.json()
    cards = {c["id"]: c for c in cli("list", "lanterns", "--specs", SPECS["lanterns"], "--format", "json")
             .json()["components"]}
    held = {p: v["cards"] for p, v in j["players"].items()}
    assert held["Ada"]["lanterns"][:3] == ["red-10", "red-9", "red-8"]  # by printed title, as written
    assert "violet-6" in held["Ben"]["lanterns"]  # 紫蓮花燈, its Chinese title
    expected = lanterns_by_hand(cards, held)
    assert {p: v["total"] for p, v in j["players"].items()} == expected == {"Ada": 25, "Ben": 34, "Cy": 20}
    assert j["winner"] == "Ben" and j["tied"] == []
    for p, v in j["players"].items():
        assert sum(line["points"] for line in v["lines"]) == v["total"]
    text = cli("score", "lanterns", LANTERN_GAME, "--specs", SPECS["lanterns"]).out.splitlines()
    assert text[0] == "Lantern Walk: final scores" and text[-1] == "Winner: Ben"
    assert "Ben: 34 points" in text
    assert any(x.split() == ["Lanterns:", "Jade", "(3", "cards)", "6"] for x in text)
    assert any(x.split() == ["Brightest:", "Violet", "(23,", "most)", "4"] for x in text)
    assert any(x.split() == ["Moons", "(1", "set", "of", "3)", "5"] for x in text)
    assert any(x.split() == ["Wishes", "(2", "cards)", "8"] for x in text)


def test_random_lantern_games_agree_with_the_rules_written_out(games):
    got = games("lanterns")
    cards = {c.id: {**c.fields, "id": c.id} for c in got.spec.components}
    rng = random.Random(7)
    decided = 0
    for _ in range(300):
        n = rng.choice([2, 3, 4])
        lanterns = deal_out(rng, deck_of(got, lambda c: c.kind == "lantern"), n, 12)
        wishes = deal_out(rng, deck_of(got, lambda c: c.kind == "wish"), n, 3)
        players = {f"P{i}": {"lanterns": lanterns[i], "wishes": wishes[i]} for i in range(n)}
        result = scored(got, players)
        totals = lanterns_by_hand(cards, players)
        assert {p: v["total"] for p, v in result["players"].items()} == totals, players
        key = {p: (totals[p], -sum(map(len, z.values()))) for p, z in players.items()}  # tied: fewer cards
        leaders = [p for p in key if key[p] == max(key.values())]
        assert result["winner"] == (leaders[0] if len(leaders) == 1 else None)
        assert result["tied"] == ([] if len(leaders) == 1 else leaders)
        decided += bool(result["decided_by"])
    assert decided > 3  # ties on points that the fewest cards broke came up


# -- published games: the rules written out here, against pnp on random games ----------------------

def sushi_by_hand(cards: dict[str, dict], players: dict[str, dict[str, list[str]]]) -> dict[str, int]:
    """Sushi Go!'s scoring from its rulebook: tempura 5 a pair, sashimi 10 a set of three,
    dumplings 1/3/6/10/15, nigiri 1/2/3 (tripled on a wasabi), maki most 6 / second 3 (a tie for
    most splits 6 and gives no second; a tie for second splits 3; remainders dropped), puddings
    most +6 and (with 3 or more players) fewest -6, split likewise."""
    totals = {}
    maki, puddings = {}, {}
    for p, zones in players.items():
        table = [cards[i] for i in zones.get("table", [])]
        kinds = Counter(c["type"] for c in table)
        dumplings = [0, 1, 3, 6, 10, 15][min(kinds["dumpling"], 5)]
        nigiri = sum(c["points"] for c in table if c["type"] == "nigiri")
        nigiri += sum(3 * cards[i]["points"] for i in zones.get("on_wasabi", []))
        totals[p] = kinds["tempura"] // 2 * 5 + kinds["sashimi"] // 3 * 10 + dumplings + nigiri
        maki[p] = sum(c["maki_icons"] for c in table if c["type"] == "maki")
        puddings[p] = len(zones.get("puddings", []))
    first = max(maki.values())
    if first > 0:
        top = [p for p in maki if maki[p] == first]
        for p in top:
            totals[p] += 6 // len(top)
        if len(top) == 1:
            rest = [m for m in maki.values() if 0 < m < first]
            if rest:
                second = [p for p in maki if maki[p] == max(rest)]
                for p in second:
                    totals[p] += 3 // len(second)
    most = [p for p in puddings if puddings[p] == max(puddings.values())]
    if max(puddings.values()) > 0:
        for p in most:
            totals[p] += 6 // len(most)
    if len(players) > 2:
        fewest = [p for p in puddings if puddings[p] == min(puddings.values())]
        for p in fewest:
            totals[p] -= 6 // len(fewest)
    return totals


def test_random_sushi_go_rounds_agree_with_the_rulebook(games):
    got = games("sushi-go")
    cards = {c.id: {**c.fields} for c in got.spec.components}
    rng = random.Random(11)
    rounds = 0
    for _ in range(400):
        rounds += 1
        n = rng.choice([2, 3, 4, 5])
        deck = deck_of(got)
        rng.shuffle(deck)
        players, at = {}, 0
        for i in range(n):
            hand = deck[at:at + rng.randint(0, 10)]
            at += len(hand)
            wasabi = [c for c in hand if cards[c]["type"] == "nigiri" and rng.random() < 0.3]
            puddings = [c for c in hand if cards[c]["type"] == "pudding"]
            table = [c for c in hand if c not in wasabi and c not in puddings]
            players[f"P{i}"] = {"table": table, "on_wasabi": wasabi, "puddings": puddings}
        result = scored(got, players)
        assert {p: v["total"] for p, v in result["players"].items()} == sushi_by_hand(cards, players), players
        ties = {p: len(z["puddings"]) for p, z in players.items()}
        best = max(v["total"] for v in result["players"].values())
        leaders = [p for p, v in result["players"].items() if v["total"] == best]
        most = max(ties[p] for p in leaders)
        by_pudding = [p for p in leaders if ties[p] == most]
        assert result["winner"] == (by_pudding[0] if len(by_pudding) == 1 else None)  # ties: the most puddings
    assert rounds == 400


def test_sushi_go_a_tie_for_most_maki_leaves_no_second_place(cli, tmp_path):
    text = """\
game: sushi-go
players:
  Ann: { table: [maki-roll-0342e0] }
  Bo: { table: [maki-roll-0342e0, egg-nigiri] }
  Cy: { table: [maki-roll-dc987e], puddings: [pudding] }
"""
    r = score_cli(cli, tmp_path, "sushi-go", text, "--format", "json")
    assert r.code == 0, r.err
    j = r.json()["players"]
    # Ann and Bo 3 icons each: split 6 -> 3 each; Cy (2 icons) gets no second place.
    # Puddings: Cy most (+6); Ann and Bo fewest with 0: split -6 -> -3 each.
    assert {p: v["total"] for p, v in j.items()} == {"Ann": 0, "Bo": 1, "Cy": 6}
    assert [x["label"] for x in j["Ann"]["lines"]] == ["Maki rolls (3, most, tied with 1 other)",
                                                       "Puddings (0, fewest, tied with 1 other)"]
    two = "game: sushi-go\nplayers:\n  Ann: { table: [tempura, tempura] }\n  Bo: { puddings: [pudding] }\n"
    j = score_cli(cli, tmp_path, "sushi-go", two, "--format", "json").json()["players"]
    assert (j["Ann"]["total"], j["Bo"]["total"]) == (5, 6)  # two players: no penalty for fewest puddings


def lost_cities_by_hand(cards: dict[str, dict], ids: list[str]) -> int:
    total = 0
    for colour in ("yellow", "blue", "white", "green", "red"):
        mine = [cards[i] for i in ids if cards[i]["expedition"] == colour]
        if not mine:
            continue
        wagers = sum(1 for c in mine if c["kind"] == "wager")
        value = sum(c.get("value") or 0 for c in mine)
        total += (value - 20) * (1 + wagers) + (20 if len(mine) >= 8 else 0)
    return total


def test_random_lost_cities_rounds_agree_with_the_rulebook(games):
    got = games("lost-cities")
    cards = {c.id: {**c.fields, "kind": c.kind} for c in got.spec.components}
    rng = random.Random(5)
    bonus = 0
    for _ in range(400):
        a, b = deal_out(rng, deck_of(got), 2, 30)
        result = scored(got, {"A": {"expeditions": a}, "B": {"expeditions": b}})
        for p, ids in (("A", a), ("B", b)):
            assert result["players"][p]["total"] == lost_cities_by_hand(cards, ids), ids
        bonus += any(sum(1 for i in a if cards[i]["expedition"] == c) >= 8 for c in ("red", "blue", "green"))
    assert bonus > 20  # the 8-card bonus was exercised


def test_lost_cities_lines_name_each_expedition(cli, tmp_path):
    text = ("game: lost-cities\nplayers:\n  Ann: [wager-red, wager-red, red-2, red-5, red-7, red-9, red-10, red-3, "
            "red-4, blue-10]\n  Bo: { expeditions: [Desert wager, Desert 8] }\n")
    r = score_cli(cli, tmp_path, "lost-cities", text)
    assert r.code == 0, r.err
    lines = [x.split() for x in r.out.splitlines()]
    assert ["Expedition:", "Volcano", "(9", "cards)", "80"] in lines  # (40 - 20) x 3 + 20
    assert ["Expedition:", "Neptune's", "Realm", "(1", "card)", "-10"] in lines
    assert ["Expedition:", "Desert", "(2", "cards)", "-24"] in lines  # (8 - 20) x 2
    assert r.out.splitlines()[-1] == "Winner: Ann"


def coloretto_by_hand(ids: list[str]) -> int:
    """Coloretto's end: each joker becomes a colour of the player's choice (the best for them);
    the three best colours score by 1/3/6/10/15/21 (six or more: 21), the others score minus;
    each +2 card scores 2."""
    table = [0, 1, 3, 6, 10, 15, 21]
    colours = ["yellow", "orange", "red", "green", "blue", "brown", "grey"]
    base = Counter(i for i in ids if i in colours)
    jokers = sum(1 for i in ids if i in ("joker", "golden-joker"))
    best = None
    for choice in itertools.product(colours, repeat=jokers):
        counts = base + Counter(choice)
        points = sorted((table[min(n, 6)] for n in counts.values() if n), reverse=True)
        value = sum(points[:3]) - sum(points[3:])
        best = value if best is None else max(best, value)
    return (best or 0) + 2 * ids.count("plus-two")


def test_random_coloretto_games_agree_with_the_rulebook(games):
    got = games("coloretto")
    rng = random.Random(3)
    playable = deck_of(got, lambda c: c.kind in ("chameleon", "joker", "plus-two"))
    hands_checked = 0
    for _ in range(150):
        n = rng.choice([3, 4, 5])
        hands = deal_out(rng, list(playable), n, 18)
        result = scored(got, {f"P{i}": {"cards": h} for i, h in enumerate(hands)})
        for i, h in enumerate(hands):
            assert result["players"][f"P{i}"]["total"] == coloretto_by_hand(h), h
            hands_checked += 1
    assert hands_checked >= 150 * 3  # three players at least in each game


def test_six_nimmt_the_fewest_bullheads_win(cli, tmp_path):
    text = "game: six-nimmt\nplayers:\n  Ada: [55, 10, 3]\n  Ben: { taken: [11, 22, 5] }\n  Cy: []\n"
    r = score_cli(cli, tmp_path, "six-nimmt", text, "--format", "json")
    assert r.code == 0, r.err
    j = r.json()
    assert {p: v["total"] for p, v in j["players"].items()} == {"Ada": 7 + 3 + 1, "Ben": 5 + 5 + 2, "Cy": 0}
    assert j["winner"] == "Cy"


def test_love_letter_counts_tokens_of_affection(cli, tmp_path):
    text = ("game: love-letter\nplayers:\n  Ann: { tokens: [{ card: Token of affection, count: 4 }] }\n"
            "  Bo: { tokens: [token, token] }\n")
    r = score_cli(cli, tmp_path, "love-letter", text)
    assert r.code == 0, r.err
    assert "Ann: 4 points" in r.out and r.out.splitlines()[-1] == "Winner: Ann"
    r = score_cli(cli, tmp_path, "love-letter", text.replace("count: 4", "count: 12"))
    assert r.code == 2  # 12 + 2 tokens, the box has 13
    assert "card 'token' is listed 14 times" in r.err and "the deck has 13" in r.err


# -- a bad game file --------------------------------------------------------------------------------

GOOD = """\
game: lanterns
players:
  Ada:
    lanterns: [Red Moon, red-9]
    wishes: [A warm red night]
  Ben:
    lanterns: [Gold Tiger]
"""


@pytest.mark.parametrize("old, new, code, needle, words", [
    ("[Red Moon, red-9]", "[Red Moon, Blue Moon]", "SCORE-CARD", "Blue Moon", "'Blue Moon' is not a card of kind lantern"),
    ("[Red Moon, red-9]", "[Red Moon, red-10]", "SCORE-TWICE", "red-10",
     "card 'red-10' is listed twice (first at line 4); the deck has only one"),
    ("[Gold Tiger]", "[Gold Tiger, { card: red-1, count: 2 }]", "SCORE-TWICE", "red-1", "the deck has only one"),
    ("    wishes: [A warm red night]", "    pockets: [red-1]", "SCORE-ZONE", "pockets",
     "'pockets' is not a zone of the game's scoring; Ada's cards lie in lanterns or wishes"),
    ("wishes: [A warm red night]", "wishes: [red-1]", "SCORE-CARD", "red-1", "'red-1' is not a card of kind wish"),
    ("    lanterns: [Gold Tiger]", "    lanterns: Gold Tiger", "SPEC-TYPE", "Gold Tiger", "expected a list of cards"),
    ("game: lanterns", "game: gem", "SCORE-GAME", "gem", "'game' is 'gem', expected 'lanterns'"),
])
def test_a_bad_game_file_is_one_located_error_exit_2(cli, tmp_path, old, new, code, needle, words):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    r = score_cli(cli, tmp_path, "lanterns", text)
    assert r.code == 2 and r.out == ""
    found = one(r, code, None, words)
    row = text[:text.index(new)].count("\n")
    line = text.splitlines()[row]
    where = f"game.yaml:{row + 1}:{line.index(needle) + 1}"
    assert found.split(": error[")[0].endswith(where), (found, where)


def test_players_must_be_a_count_the_game_supports(cli, tmp_path):
    r = score_cli(cli, tmp_path, "lanterns", "game: lanterns\nplayers:\n  Solo: { lanterns: [red-1] }\n")
    assert r.code == 2 and "game.yaml:3:3: error[SCORE-PLAYERS]: 1 players; Lantern Walk is played by 2 to 4" in r.err


def test_a_game_without_scoring_still_says_so(cli, tmp_path):
    r = cli("score", "no-thanks", tmp_path / "x.yaml", "--specs", PUBLISHED / "no-thanks" / "card_specs")
    assert r.code == 2 and "no-thanks has no scorer yet" in r.err


# -- a bad declaration ------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, code, needle, words", [
    ("each: points }", "each: colour }", "DECLARE-FIELD", "colour }", "field 'colour' is one of red, gold, jade or violet, not a number"),
    ("table: [1, 3, 6, 10, 15, 21] }", "tables: [1, 3] }", "DECLARE-KEY", "tables", "unknown key 'tables'"),
    ("groups: colour, most", "groups: hue, most", "DECLARE-FIELD", "hue", "'hue' is not a field of"),
    ("ties: split", "ties: maybe", "DECLARE-SCORE", "maybe", "expected split, shared or none"),
    ("zone: wishes, each", "zone: pocket, each", "DECLARE-ZONE", "pocket", "'pocket' is not a zone"),
    ("most: { sum: value }, points: [4, 1]", "most: { sum: value }", "DECLARE-MISSING", "{ label: Brightest",
     "has 'most' but no 'points'"),
    ("most: { sum: value }", "most: value", "DECLARE-SCORE", "value, points", "'value' stands alone"),
    ("most: { sum: value }", "most: { sub: [value] }", "DECLARE-SCORE", "[value]", "takes a list of 2 expressions"),
    ("sets: 3, points: 5", "sets: 0, points: 5", "SPEC-RANGE", "0, points", "'sets' of step 3"),
    ("- fewest: { count: {} }", "- { fewest: { count: {} }, most: 3 }", "DECLARE-SCORE", "{ fewest",
     "tie-break 1 is one of"),
])
def test_a_bad_scoring_is_a_located_error(cli, game, old, new, code, needle, words):
    game.edit(SPEC, old, new)
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    assert r.code != 0
    has(r, code, game.at(SPEC, needle, after="scoring:"), words)


def test_the_scoring_keys_are_checked_at_the_key(cli, game):
    game.edit(SPEC, "  tie_break:", "  winner: highest\n  tie_break:")
    r = cli("validate", "lanterns", "--specs", "card_specs")
    has(r, "DECLARE-SCORE", game.at(SPEC, "highest"), "expected most")


# -- the tie rules and the arithmetic, on their own ---------------------------------------------------

@pytest.mark.parametrize("ties, expected", [
    ("split", {"A": 3, "B": 3}),  # C (second by value) gets nothing: the tie filled both places
    ("shared", {"A": 6, "B": 6}),
    ("none", {"A": 0, "B": 0}),
    ([2, 1], {"A": 2, "B": 2}),  # GEM: a tied majority scores 2 each
])
def test_a_tie_for_first_by_each_tie_rule(ties, expected):
    from pnp.games.declared.scoring import award

    got = award({"A": 5, "B": 5, "C": 3, "D": 0}, [6, 3], ties, most=True)
    assert {p: pts for p, (pts, _, _) in got.items()} == expected
    assert all(place == 1 and shared == 2 for _, place, shared in got.values())


def test_most_places_only_a_measure_above_zero_and_fewest_places_everyone():
    from pnp.games.declared.scoring import award

    assert award({"A": 0, "B": 0}, [6], "split", most=True) == {}
    assert award({"A": 0, "B": 2, "C": 0, "D": 0}, [-6], "split", most=False) == {p: (-2, 1, 3) for p in "ACD"}
    assert award({"A": 4, "B": 2, "C": 2}, [6, 3], "split", most=True) == {"A": (6, 1, 1), "B": (1, 2, 2),
                                                                             "C": (1, 2, 2)}


def test_arithmetic_divides_toward_zero_and_by_zero_gives_zero():
    from pnp.games.declared.scoring import evaluate

    n = lambda v: ("n", v)  # noqa: E731
    assert evaluate(("div", [n(-7), n(2)]), []) == -3
    assert evaluate(("div", [n(7), n(0)]), []) == 0
    assert evaluate(("sub", [n(2), ("times", [n(3), n(4)])]), []) == -10
    assert evaluate(("if", n(8), 8, n(20), n(1)), []) == 20 and evaluate(("if", n(7), 8, n(20), n(1)), []) == 1


def test_a_game_file_is_read_within_the_scoring_zones_json(cli, tmp_path):
    r = score_cli(cli, tmp_path, "lanterns", GOOD, "--format", "json")
    assert r.code == 0, r.err
    j = r.json()
    assert j["game"] == "lanterns" and j["players"]["Ada"]["cards"] == {"lanterns": ["red-10", "red-9"],
                                                                          "wishes": ["wish-red-2"]}
    assert j["players"]["Ben"]["cards"] == {"lanterns": ["gold-9"], "wishes": []}
    assert j["players"]["Ada"]["tie_break"] == [3]  # the cards she holds: the fewest wins a tie


def test_the_short_variant_is_named_in_the_file_and_the_title(cli, tmp_path):
    r = score_cli(cli, tmp_path, "lanterns", GOOD.replace("game: lanterns\n", "game: lanterns\nvariant: short\n"))
    assert r.code == 0, r.err
    assert r.out.splitlines()[0] == "Lantern Walk (short variant): final scores"
    r = score_cli(cli, tmp_path, "lanterns", GOOD.replace("game: lanterns\n", "game: lanterns\nvariant: long\n"))
    assert r.code == 2 and "error[SCORE-VARIANT]" in r.err


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.sampled_from(FUZZ_EDITS), st.sampled_from(FUZZ_TOKENS)),
                min_size=1, max_size=4))
def test_a_mangled_game_file_never_raises(tmp_path_factory, edits):
    from pnp.cli import main

    path = tmp_path_factory.mktemp("score") / "game.yaml"
    path.write_text(mangle(GOOD, edits), encoding="utf-8")
    assert main(["score", "lanterns", str(path), "--specs", str(SPECS["lanterns"])]) in (0, 2)


def test_hanabi_is_scored_as_one_team_by_its_fireworks(cli, tmp_path):
    specs = PUBLISHED / "hanabi" / "card_specs"
    text = "game: hanabi\nteam:\n  - { card: Red 1 }\n  - red-2\n  - red-3\n  - white-1\n  - blue-1\n  - blue-2\n"
    path = tmp_path / "game.yaml"
    path.write_text(text.replace("{ card: Red 1 }", "Red 1"), encoding="utf-8")
    r = cli("score", "hanabi", path, "--specs", specs, "--format", "json")
    assert r.code == 0, r.err
    j = r.json()
    assert "players" not in j and "winner" not in j
    assert j["team"]["total"] == 3 + 1 + 2  # the top card of each firework
    assert [x["points"] for x in j["team"]["lines"]] == [1, 2, 3]  # white, blue, red: the colours' order
    text_out = cli("score", "hanabi", path, "--specs", specs).out.splitlines()
    assert text_out[:3] == ["Hanabi: the team's score", "", "The team: 6 points"]
    path.write_text("game: hanabi\nplayers:\n  Ann: [red-1]\n  Bo: [red-2]\n", encoding="utf-8")
    r = cli("score", "hanabi", path, "--specs", specs)
    assert r.code == 2 and "game.yaml:2:1: error[SPEC-UNKNOWN-KEY]: unknown key 'players'" in r.err
    assert "game.yaml:1:1: error[SPEC-MISSING-KEY]: the game file has no 'team'" in r.err


def test_a_team_game_has_no_majorities(cli, game):
    game.edit(SPEC, "  tie_break:\n    - fewest: { count: {} }        # tied: the player who carried fewer cards home\n",
              "  team: true\n")
    r = cli("validate", "lanterns", "--specs", "card_specs")
    has(r, "DECLARE-SCORE", game.at(SPEC, "true", after="team:"), "a game played together ('team: true') has one score")
