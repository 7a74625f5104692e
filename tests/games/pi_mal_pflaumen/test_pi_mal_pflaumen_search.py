"""Pi mal Pflaumen's end-of-game mix search against oracles that know nothing of its bounds: a
count-by-count search over every mix card and every way to give its letters fruits (exact on the
counting model, slow, so on middling displays with plum cards piled up), the card-by-card brute
force of the scoring tests on small ones, and hands of 24 mix cards and 18 plums whose answers
the earlier search (seconds a hand) gave. Every answer is also checked card by card: each mix is
its pattern, one fruit a letter, its own card inside, no card used twice."""
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from .test_pi_mal_pflaumen_score import brute_force

from pnp.games.pi_mal_pflaumen import rules
from pnp.games.pi_mal_pflaumen.rules import Held

SHAPES = ["AA", "AB", "AAB", "ABC", "AAA", "AABB", "AAAB", "ABCD", "AAAA", "ABCDE", "AABBC", "AAABB", "AAAAA"]


def by_counts(display):
    """The most points, then the fewest cards, over the counts of each fruit: every mix card made
    or not, each made one every way its runs can take distinct fruits (its own card one of its
    fruit's cards, or one card more when its fruit is not in the mix)."""
    fruits = sorted({h.fruit for h in display if h.fruit})
    makers = [(fruits.index(h.fruit), rules.runs(h.mix[0]), h.mix[1]) for h in display if h.mix and h.fruit]

    def ways(sizes, counts, chosen=()):  # distinct fruits for the runs, each with the cards
        if len(chosen) == len(sizes):
            yield chosen, counts
            return
        for f, n in enumerate(counts):
            if f not in chosen and n >= sizes[len(chosen)]:
                yield from ways(sizes, counts[:f] + (n - sizes[len(chosen)],) + counts[f + 1:], (*chosen, f))

    @lru_cache(maxsize=None)
    def best(k, counts):
        if k == len(makers):
            return 0, 0
        top = best(k + 1, counts)
        own, sizes, worth = makers[k]
        for chosen, left in ways(sizes, counts):
            extra = own not in chosen
            if left[own] >= extra:
                left = left[:own] + (left[own] - extra,) + left[own + 1:]
                points, used = best(k + 1, left)
                top = max(top, (points + worth, used - sum(sizes) - extra))
        return top

    return best(0, tuple(sum(h.fruit == f for h in display) for f in fruits))


def checked(display):
    """The search's answer as (points, -cards used), every mix checked against the display."""
    points, mixes = rules.best_final_mixes(display)
    used = [i for m in mixes for i in m["cards"]]
    assert len(used) == len(set(used)), mixes
    assert sum(m["points"] for m in mixes) == points
    for m in mixes:
        held = display[m["card"]]
        assert m["cards"][0] == m["card"] and (m["pattern"], m["points"]) == held.mix
        kinds = [display[i].fruit for i in m["cards"]]
        assert len(set(m["fruits"])) == len(m["fruits"]) == len(rules.runs(m["pattern"]))
        assert sorted((kinds.count(f) for f in m["fruits"]), reverse=True) == rules.runs(m["pattern"]), m
        assert len(m["cards"]) == len(m["pattern"]) + (held.fruit not in m["fruits"]), m  # only its own card more
    return points, -len(used)


mix_card = st.tuples(st.sampled_from(["apple", "cherry", "fig", "orange", "pear"]),
                     st.tuples(st.sampled_from(SHAPES), st.integers(1, 12) | st.integers(1, 3)))  # ties too
plain_card = st.sampled_from(["apple", "cherry", "fig", "orange", "pear", rules.PLUM])


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.lists(mix_card, min_size=1, max_size=8), st.lists(plain_card, max_size=6), st.integers(0, 18))
def test_the_search_matches_a_count_by_count_search_with_plums_piled_up(mixes, plain, plums):
    display = [Held(f"m{i}", fruit, mix) for i, (fruit, mix) in enumerate(mixes)]
    display += [Held(f"c{i}", fruit) for i, fruit in enumerate(plain)]
    display += [Held(f"p{i}", rules.PLUM) for i in range(plums)]
    assert checked(display) == by_counts(display)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([("fig", ("AA", 2)), ("fig", ("AAA", 3)), ("cherry", ("AAAB", 6)),
                                 ("cherry", ("ABCD", 4)), ("apple", ("AB", 1))]), min_size=2, max_size=9),
       st.lists(plain_card, max_size=6), st.integers(0, 18))
@pytest.mark.slow
def test_mix_cards_alike_but_for_their_points_are_chosen_exactly(mixes, plain, plums):
    # the same pattern on the same fruit recurs across the rounds (worth more later): alike to pay
    # for, so the packing search must not take one for the other
    display = [Held(f"m{i}", fruit, mix) for i, (fruit, mix) in enumerate(mixes)]
    display += [Held(f"c{i}", fruit) for i, fruit in enumerate(plain)] + [Held(f"p{i}", rules.PLUM)
                                                                        for i in range(plums)]
    assert checked(display) == by_counts(display)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["apple", "cherry", "fig", rules.PLUM]),
                          st.one_of(st.none(), st.tuples(st.sampled_from(SHAPES), st.integers(1, 3)))),
                min_size=1, max_size=9))
def test_the_search_matches_the_card_by_card_brute_force_on_every_pattern_shape(cards):
    # points 1 to 3: many sets tie on points, so the fewest cards decide
    display = [Held(f"c{i}", fruit, mix if fruit != rules.PLUM else None) for i, (fruit, mix) in enumerate(cards)]
    assert checked(display) == brute_force(display)


def test_a_mix_worth_nothing_is_not_made():
    display = [Held("a", "apple", ("AA", 0)), Held("b", "apple"), Held("c", "cherry", ("AB", 1))]
    points, mixes = rules.best_final_mixes(display)
    assert points == 1 and [m["card"] for m in mixes] == [2]


def test_the_extra_card_only_where_no_way_avoids_it():
    # AAA on a cherry with two cherries left: the plums pay, the cherry card one card more (four)
    display = [Held("m", "cherry", ("AAA", 3)), Held("c", "cherry"), *(Held(f"p{i}", rules.PLUM) for i in range(3))]
    assert checked(display) == (3, -4)
    display.append(Held("c2", "cherry"))  # three cherries: the mix card is one of them
    assert checked(display) == (3, -3)


def test_of_equal_points_the_fewest_cards_even_where_the_first_way_found_takes_more():
    # the apple's AB first takes the cherry (the fruit with fewest cards), so the cherry's AA is
    # paid by the figs and its own card one more (5 cards); the AB on apple and fig leaves the
    # cherries for the AA: 4 cards
    display = [Held("m1", "apple", ("AB", 3)), Held("m2", "cherry", ("AA", 2)), Held("c", "cherry"),
               Held("f1", "fig"), Held("f2", "fig")]
    assert checked(display) == (5, -4)
    # the AB on fig and a plum (2 cards) against the AA on two plums and the apple card (3)
    assert checked([Held("m1", "apple", ("AA", 1)), Held("m2", "fig", ("AB", 1)),
                    Held("p1", rules.PLUM), Held("p2", rules.PLUM)]) == (1, -2)
    assert checked([Held("m1", "cherry", ("AB", 1)), Held("m2", "apple", ("AA", 1)), Held("o1", "orange"),
                    Held("o2", "orange"), Held("a", "apple")]) == (2, -4)
    # two sets of 6 points whose cards are not known exactly until both are searched for
    mixes = [("apple", "AA", 2), ("fig", "AA", 3), ("cherry", "AABB", 3), ("apple", "AAA", 3), ("orange", "AAAA", 3)]
    display = [Held(f"m{i}", f, (p, n)) for i, (f, p, n) in enumerate(mixes)]
    display += [Held("c1", "cherry"), Held("c2", "cherry"), Held("p", rules.PLUM), Held("c3", "cherry")]
    assert checked(display) == by_counts(display) == (6, -7)


# Hands of 24 mix cards (a game for three: 18 tricks and all 6 steal cards, every card taken
# showing a mix) and all 18 plum cards, drawn from the shipped deck; the answers are the earlier
# search's (5 to 16 s a hand), the hands among the slowest for both searches.
HANDS = {
    (86, 42): "pear AABBC 12, apple AABB 8, orange ABC 2, white-currant AAA 3, pear AB 1, cherry ABCDE 12, "
              "strawberry AAA 7, apple AB 1, pear AAB 3, cherry AAAB 6, white-currant AB 2, pear AAAA 9, "
              "orange AA 1, cherry AAAB 8, blackberry ABC 3, cherry AAB 2, strawberry AAA 5, fig AAB 4, "
              "apple ABC 3, strawberry AA 1, fig ABCD 8, fig AABB 4, fig AA 2, orange AAAA 12",
    (79, 41): "pear AB 1, orange AA 1, cherry ABCDE 12, apple ABC 3, cherry AAB 2, white-currant AB 2, "
              "blackberry AABB 6, pear ABCDE 9, apple AB 1, white-currant AAA 5, strawberry AA 1, pear AAA 3, "
              "white-currant AAB 3, pear ABC 2, orange AAAA 12, white-currant AAA 3, cherry AAAB 8, pear AAAA 9, "
              "orange ABCD 6, fig ABCD 8, orange ABC 2, pear AAB 3, strawberry AAA 5, strawberry AAA 7",
    (89, 42): "fig ABCD 8, apple ABC 3, fig AA 2, cherry AAAB 6, pear ABCDE 9, strawberry AA 1, "
              "white-currant ABC 4, blackberry AABB 6, white-currant AAABB 15, orange AA 1, strawberry AAA 5, "
              "pear ABC 2, strawberry AAA 7, pear AAB 3, pear AABBC 12, orange AAB 2, pear AAAA 9, pear AB 1, "
              "cherry ABCDE 12, pear AAA 3, orange ABCD 6, fig ABCD 8, white-currant AAA 3, cherry AAAB 8",
}


def hand(text):
    cards = [c.split() for c in text.split(", ")]
    return [Held(f"m{i}", f, (p, int(n))) for i, (f, p, n) in enumerate(cards)] + [
        Held(f"p{i}", rules.PLUM) for i in range(rules.PLUM_CARDS)]


def test_full_hands_of_24_mix_cards_and_18_plums_get_the_earlier_searchs_answer():
    hands = 0
    for (points, used), text in HANDS.items():
        assert checked(hand(text)) == (points, -used)
        hands += 1
    assert hands == len(HANDS) > 0
