"""Pi mal Pflaumen scoring: the seed's worked example (Dennis's AAA with the blackberries, or with
three strawberries and the mix card), plum cards as plums and never jokers, pi cards and the
watchdog worth nothing, the best set of end-of-game mixes found exactly (checked against brute
force), the veteran variant, the tie rule, and `pnp score pi-mal-pflaumen` on the example and on
broken files (each a located error, exit 2)."""
import itertools
import re
import random
from pathlib import Path

import pytest
from conftest import FUZZ_EDITS, FUZZ_TOKENS, assert_one_located_error, mangle, score_exit, score_file
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.gamefile import ranking
from pnp.games.pi_mal_pflaumen import rules
from pnp.games.pi_mal_pflaumen.rules import Held

EXAMPLE = Path(__file__).parents[3] / "examples" / "pi-mal-pflaumen-game.yaml"


def fruit(name, n=0, mix=None):
    return Held(f"{name}-{n}", name, mix)


def best(display):
    points, mixes = rules.best_final_mixes(display)
    return points, [(m["pattern"], sorted(m["cards"])) for m in mixes]


def test_the_seeds_example_dennis_makes_aaa_with_the_blackberries_including_the_mix_card():
    display = [fruit("blackberry", 0, ("AAA", 3)), fruit("blackberry", 1), fruit("blackberry", 2),
               fruit("strawberry", 1), fruit("strawberry", 2), fruit("strawberry", 3)]
    points, mixes = best(display)
    assert points == 3 and mixes == [("AAA", [0, 1, 2])]  # three cards leave the display
    r = rules.score_player([], display)
    assert (r["total"], r["fruit_cards_left"]) == (3, 3)


def test_the_seeds_example_or_three_strawberries_and_the_mix_card_four_cards():
    display = [fruit("blackberry", 0, ("AAA", 3)), fruit("blackberry", 1),
               fruit("strawberry", 1), fruit("strawberry", 2), fruit("strawberry", 3)]
    points, mixes = best(display)
    assert points == 3 and mixes == [("AAA", [0, 2, 3, 4])]
    assert rules.score_player([], display)["fruit_cards_left"] == 1


def test_plum_cards_count_as_plums_like_any_fruit_and_are_not_jokers():
    plums = [Held(f"plum-{i}", rules.PLUM) for i in range(3)]
    assert best([fruit("cherry", 0, ("AAA", 3)), *plums])[0] == 3  # three plums and the mix card
    assert best([fruit("cherry", 0, ("AAA", 3)), fruit("cherry", 1), plums[0]])[0] == 0  # no joker
    assert best([fruit("strawberry", 0, ("AB", 1)), plums[0]])[0] == 1  # strawberry + plum


def test_pi_cards_and_the_watchdog_score_nothing_and_are_not_fruit():
    display = [Held("pi", None), Held("pi", None), Held("watchdog", None), fruit("apple", 0, ("AA", 1))]
    r = rules.score_player([2, 5], display)
    assert (r["total"], r["mixes"], r["final"], r["fruit_cards_left"]) == (7, 7, 0, 1)


def test_the_best_set_of_mixes_where_taking_the_richest_first_loses():
    # AAAA (6) takes all four apples; two AA mixes (4 + 4), one using the AAAA card as an apple, make 8
    display = [fruit("apple", 0, ("AAAA", 6)), fruit("apple", 1, ("AA", 4)), fruit("apple", 2, ("AA", 4)),
               fruit("apple", 3)]
    points, mixes = best(display)
    assert points == 8 and len(mixes) == 2
    assert sorted(i for _, cards in mixes for i in cards) == [0, 1, 2, 3]


def test_of_equal_points_the_mixes_that_leave_the_most_cards():
    # AB on the orange: with the orange as A or B it takes two cards; with pear + fig it takes three
    display = [fruit("orange", 0, ("AB", 2)), fruit("pear"), fruit("fig")]
    points, mixes = best(display)
    assert points == 2 and len(mixes[0][1]) == 2
    assert rules.score_player([], display)["fruit_cards_left"] == 1


def test_veteran_makes_no_mixes_at_the_end():
    display = [fruit("blackberry", 0, ("AAA", 3)), fruit("blackberry", 1), fruit("blackberry", 2)]
    r = rules.score_player([4], display, veteran=True)
    assert (r["total"], r["final"], r["fruit_cards_left"]) == (4, 0, 3)


def test_a_tie_on_points_goes_to_the_most_fruit_cards_left():
    a = rules.score_player([3], [fruit("apple"), Held("plum-1", rules.PLUM)])  # a plum card is a fruit card
    b = rules.score_player([3], [fruit("apple"), Held("pi", None), Held("watchdog", None)])
    assert ranking({"A": rules.tie_key(a), "B": rules.tie_key(b)}) == ("A", [])
    assert ranking({"A": rules.tie_key(b), "B": rules.tie_key(b)}) == (None, ["A", "B"])


def brute_force(display):
    """Every subset of mix cards in every fruit assignment, each letter's cards every way they can be
    taken: plain cards first (they are alike and good for nothing else), then every choice of the
    mix cards of that fruit (which mix card goes as a plain fruit decides what can still be made)."""
    makers = [i for i, h in enumerate(display) if h.mix]
    top = (0, 0)

    def takes(letters, fruits, pattern, m, pool):
        if not letters:
            yield frozenset()
            return
        f, need = fruits[0], pattern.count(letters[0]) - (fruits[0] == display[m].fruit)
        plain = sorted(i for i in pool if display[i].fruit == f and display[i].mix is None)
        mixed = sorted(i for i in pool if display[i].fruit == f and display[i].mix is not None)
        first = plain[:need]
        for more in itertools.combinations(mixed, max(0, need - len(first))):
            taken = frozenset(first) | frozenset(more)
            for rest in takes(letters[1:], fruits[1:], pattern, m, pool - taken):
                yield taken | rest

    def go(k, free, points, used):
        nonlocal top
        top = max(top, (points, -used))
        for j in range(k, len(makers)):
            m = makers[j]
            if m not in free:
                continue
            pattern, worth = display[m].mix
            letters = list(dict.fromkeys(pattern))
            for fruits in itertools.permutations(sorted({display[i].fruit for i in free}), len(letters)):
                for taken in takes(letters, fruits, pattern, m, free - {m}):
                    go(j + 1, free - taken - {m}, points + worth, used + len(taken) + 1)

    go(0, frozenset(range(len(display))), 0, 0)
    return top


@pytest.mark.slow
def test_the_search_matches_brute_force_on_random_displays():
    rng = random.Random(9)
    patterns = ["AA", "AB", "AAB", "ABC", "AAA", "AABB", "AAAB", "ABCD", "AAAA", "ABCDE", "AABBC"]
    displays = 0
    for _ in range(150):
        displays += 1
        kinds = list(rules.FRUITS)[: rng.randint(2, 9)]
        n = rng.randint(1, 10)
        display = [Held(str(i), rng.choice(kinds), (rng.choice(patterns), rng.randint(1, 6)) if i < min(n, 4) and
                        rng.random() < 0.8 else None) for i in range(n)]
        points, mixes = rules.best_final_mixes(display)
        used = [i for m in mixes for i in m["cards"]]
        assert (points, -len(used)) == brute_force(display), display
        assert len(used) == len(set(used))
        for m in mixes:  # each mix really holds its pattern: one fruit a letter, the mix card inside or extra
            kinds_used = [display[i].fruit for i in m["cards"]]
            shape = sorted((kinds_used.count(f) for f in m["fruits"]), reverse=True)
            assert shape == rules.runs(m["pattern"]) and len(set(m["fruits"])) == len(m["fruits"])
            assert len(m["cards"]) == len(m["pattern"]) + (display[m["card"]].fruit not in m["fruits"])
    assert displays == 150


def test_a_full_display_is_searched_quickly():
    rng = random.Random(3)
    patterns = ["AB", "AAB", "ABC", "AAA", "AABB", "AAAB", "ABCD", "AAAA", "ABCDE", "AABBC", "AAABB"]
    display = [Held(str(i), rng.choice(list(rules.FRUITS)), (rng.choice(patterns), rng.randint(1, 9)) if i < 12
                    else None) for i in range(24)]
    display += [Held(f"plum-{i}", rules.PLUM) for i in range(6)]
    points, mixes = rules.best_final_mixes(display)  # an 18-trick game, every steal, six plums
    assert points > 0 and mixes


# -- pnp score pi-mal-pflaumen ---------------------------------------------------------------------


def test_pnp_score_the_example_prints_each_players_points_and_the_winner(cli):
    r = cli("score", "pi-mal-pflaumen", EXAMPLE)
    assert r.code == 0, r.err
    assert "Winner: Dennis" in r.out and "mix at the end: AAA on White currant 8 (I)" in r.out
    j = cli("score", "pi-mal-pflaumen", EXAMPLE, "--format", "json").json()
    dennis = j["players"]["Dennis"]
    laurels = {c["id"]: c.get("mix") for c in cli("list", "pi-mal-pflaumen", "--format", "json").json()["components"]}
    assert dennis["mixes"] == laurels["r1-10"]["points"] + laurels["r1-12"]["points"]
    assert [m["pattern"] for m in dennis["final_mixes"]] == ["AAA", "AA"]
    assert dennis["fruit_cards_left"] == 2  # the two plum cards; pi and the watchdog are no fruit


def test_the_veteran_variant_scores_only_the_mixes_made(cli, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("# variant: veteran", "variant: veteran"),
                    encoding="utf-8")
    j = cli("score", "pi-mal-pflaumen", path, "--format", "json").json()
    assert all(p["final"] == 0 and p["total"] == p["mixes"] for p in j["players"].values())


GAME = """\
game: pi-mal-pflaumen
players:
  Dennis:
    mixes: [Pear 10 (I)]
    display:
      - White currant 8 (I)
      - Plum
      - Watchdog
  Alice:
    display: [Cherry 9 (I), Pi]
  Bob:
    display: []
"""


def run(cli, tmp_path, text, *extra):
    return score_file(cli, tmp_path, "pi-mal-pflaumen", text, *extra)


@pytest.mark.parametrize("line, bad, code, col, words", [
    (6, "      - White currant 99 (I)", "SCORE-CARD", 9,
     "'White currant 99 (I)' is not a fruit, plum, pi or watchdog card of the spec; did you mean"),
    (10, "    display: [Cherry 9 (I), cherry 9 (i)]", "SCORE-TWICE", 29,
     "card 'cherry 9 (i)' (r1-09) is listed twice (first at line 10)"),
    (4, "    mixes: [Pear 10 (I), Cherry 8 (II)]", "SCORE-MIX", 26, "Cherry 8 (II) [r2-08] shows no fruit mix"),
    (4, "    mixes: [White currant 16 (I)]", "SCORE-MIX", 13,
     "White currant 16 (I) [r1-16] shows no fruit mix; 'mixes' lists the cards of the mixes you made"),
    (4, "    mixes: [Plum]", "SCORE-CARD", 13, "'Plum' is not a fruit card of the spec"),
    (6, "      - Apple 22 (I)", "SCORE-REMOVED", 9,
     "Apple 22 (I) [r1-22] is not in a game for 3: the setup removes numbers 19 to 25 of each round"),
    (10, "    display: [Cherry 9 (I), Watchdog]", "SCORE-TWICE", 29,
     "card 'Watchdog' (watchdog) is listed twice (first at line 8); the deck has only one"),
    (10, "    display: Cherry 9 (I)", "SPEC-TYPE", 14, "'display' of the player Alice is the text 'Cherry 9 (I)'"),
    (10, "    display: [{ card: Pi, count: many }]", "SPEC-TYPE", 34,
     "'count' of a card of Alice's display is the text 'many'"),
    (12, "    display: [Pi, Pi, 3.5]", "SPEC-TYPE", 23, "a card is the number 3.5, expected a card's printed name"),
    (2, "players: {Dennis: {display: []}, Alice: {display: []}}", "SCORE-PLAYERS", 10,
     "2 players; Pi mal Pflaumen is played by 3 to 5"),
])
def test_a_bad_game_file_is_a_located_error_exit_2(cli, tmp_path, line, bad, code, col, words):
    lines = GAME.splitlines()
    lines[line - 1] = bad
    if code == "SCORE-PLAYERS":
        lines = lines[:2]
    assert_one_located_error(run(cli, tmp_path, "\n".join(lines) + "\n"), code, line, col, words)


def test_more_plum_cards_than_the_deck_has(cli, tmp_path):
    r = run(cli, tmp_path, GAME.replace("      - Plum", "      - { card: Plum, count: 19 }"))
    assert r.code == 2
    assert ("game.yaml:7:17: error[SCORE-TWICE]: card 'Plum' (plum) is listed 19 times (first at line 7), "
            "but the deck has 18") in r.err


def test_more_fruit_cards_than_one_a_trick_and_every_steal(cli, tmp_path):
    comps = cli("list", "pi-mal-pflaumen", "--format", "json").json()["components"]
    kept = [c["id"] for c in comps if c["kind"] == "fruit" and c["number"] <= 18]  # a 3-player game
    steals = sum(1 for c in comps if c["kind"] == "fruit" and c.get("action") == "steal")
    limit = 3 * rules.TRICKS[3] + steals
    ids = [cid for cid in kept if cid not in ("r1-10", "r1-09")][:limit]  # with Pear 10 in mixes: one too many
    text = GAME.replace("      - White currant 8 (I)\n", "".join(f"      - {cid}\n" for cid in ids))
    r = run(cli, tmp_path, text)
    assert r.code == 2
    assert (f"game.yaml:4:5: error[SCORE-DISPLAY]: Dennis has {limit + 1} fruit cards (made mixes and display), "
            f"but a player takes one card a trick, 18 in a game for 3, and can steal at most {steals} more") in r.err


def test_an_ambiguous_printed_name_asks_for_the_id(cli, tmp_path):
    from conftest import copy_spec

    specs, _ = copy_spec(tmp_path, "pi-mal-pflaumen", "- { id: pi,   kind: pi,   back: same-face, count: 18 }",
                         "- { id: pi,   kind: pi,   back: same-face, count: 18, name: { en: Plum, zh-TW: 梅子 } }")
    r = run(cli, tmp_path, GAME, "--specs", specs)
    assert r.code == 2, r.err
    assert ("game.yaml:7:9: error[SCORE-CARD]: 'Plum' names 2 different cards (plum, pi); give the card's id"
            in r.err)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 20), st.sampled_from(FUZZ_EDITS), st.sampled_from(FUZZ_TOKENS)),
                min_size=1, max_size=4))
@pytest.mark.slow
def test_a_mangled_game_file_never_raises(tmp_path_factory, edits):
    assert score_exit(tmp_path_factory, 'pi-mal-pflaumen', mangle(GAME, edits)) in (0, 2)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["apple", "cherry", "fig", rules.PLUM]),
                          st.one_of(st.none(), st.tuples(st.sampled_from(["AA", "AB", "AAB", "ABC", "AAA", "AABB",
                                                                          "AAAB", "ABCD"]), st.integers(1, 9)))),
                min_size=1, max_size=9))
def test_the_search_matches_brute_force_with_plums_piled_up(cards):
    # plum cards as the display piles them up (a mix takes plums for one letter at most): the bound
    # that counts only the other cards must never cut off the best answer
    display = [Held(f"c{i}", fruit, mix if fruit != rules.PLUM else None) for i, (fruit, mix) in enumerate(cards)]
    points, mixes = rules.best_final_mixes(display)
    assert (points, -sum(len(m["cards"]) for m in mixes)) == brute_force(display)


def test_no_player_steals_more_than_once_a_trick(cli, tmp_path):
    """Even a spec where every fruit card steals: a player takes one card a trick and steals only
    on taking a steal card, so 18 taken and 18 stolen in a game for three, and no more."""
    from conftest import copy_spec

    spec = (copy_spec(tmp_path, "pi-mal-pflaumen")[0] / "pi-mal-pflaumen.yaml").read_text(encoding="utf-8")
    def steal(line):  # numbers 1-18 steal; the 25s keep the other two actions the rulebook names
        m = re.search(r"round: (\d), number: +(\d+)", line)
        if not m:
            return line
        action = "steal" if int(m[2]) <= 18 else {("1", "25"): "watchdog", ("2", "25"): "pi"}.get((m[1], m[2]))
        line = re.sub(r",\s*action: \w+", "", line)
        return line.replace("kind: fruit,", f"kind: fruit, action: {action},") if action else line

    lines = [steal(ln) for ln in spec.splitlines()]
    specs, _ = copy_spec(tmp_path, "pi-mal-pflaumen", text="\n".join(lines) + "\n")
    comps = cli("list", "pi-mal-pflaumen", "--specs", specs, "--format", "json").json()["components"]
    kept = [c["id"] for c in comps if c["kind"] == "fruit" and c["number"] <= 18]
    assert all(c.get("action") == "steal" for c in comps if c["id"] in kept) and len(kept) == 54
    ids = [cid for cid in kept if cid not in ("r1-10", "r1-09")][:36]  # Pear 10 is in mixes, Cherry 9 with Alice
    text = GAME.replace("      - White currant 8 (I)\n", "".join(f"      - {cid}\n" for cid in ids))
    r = run(cli, tmp_path, text, "--specs", specs)
    assert r.code == 2, r.err
    assert ("game.yaml:4:5: error[SCORE-DISPLAY]: Dennis has 37 fruit cards (made mixes and display), but a player "
            "takes one card a trick, 18 in a game for 3, and can steal at most 18 more") in r.err
