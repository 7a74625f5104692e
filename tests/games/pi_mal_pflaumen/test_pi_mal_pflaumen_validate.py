"""Pi mal Pflaumen rules model and validator: every RULE/FACT of games.md section 3 is a located
diagnostic with a stable code, pointed at the value a user has to fix; CHOICE values are free."""
import pytest
from conftest import col_of, copy_spec

from pnp.games.pi_mal_pflaumen import rules

GAME = "pi-mal-pflaumen"


def diagnostics(cli, specs):
    res = cli("validate", GAME, "--specs", specs, "--format", "json")
    return res.code, res.json()["games"][GAME]["diagnostics"]


def at(diags, code):
    return [(d["line"], d["col"]) for d in diags if d["code"] == code]


def components_line(specs) -> int:
    lines = (specs / f"{GAME}.yaml").read_text(encoding="utf-8").splitlines()
    return lines.index("components:") + 1


def test_the_shipped_spec_is_valid(cli):
    res = cli("validate", GAME)
    assert res.code == 0, res.out
    assert res.out.strip() == f"{GAME}: ok"


@pytest.mark.parametrize("pattern", ["AA", "AB", "AAB", "ABC", "AABB", "AAABB", "AABBC", "ABCDE", "AAAAA"])
def test_well_formed_mix_patterns(pattern):
    assert rules.mix_problem(pattern) is None


@pytest.mark.parametrize("pattern, words", [
    ("A", "2 to 9 letters"),
    ("ABCDEFGHIJ", "2 to 9 letters"),
    ("aab", "capital letters"),
    ("AA B", "capital letters"),
    ("AABA", "one run"),
    ("ABD", "ABC in order"),
    ("BA", "AB in order"),
    ("ABB", "write AAB"),
    ("AABBB", "write AAABB"),
])
def test_malformed_mix_patterns_say_why(pattern, words):
    assert words in rules.mix_problem(pattern)


def test_removal_and_tricks_agree_for_every_player_count():
    for players in rules.PLAYERS:
        assert len(rules.kept_numbers(players)) == players * rules.TRICKS[players]
    assert [rules.turn_order_for(n)[-1] for n in rules.PLAYERS] == [(3, True), (4, True), (5, True)]
    assert all(card in rules.TURN_ORDER for n in rules.PLAYERS for card in rules.turn_order_for(n))


def test_a_number_twice_in_a_round_is_reported_at_both_cards(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "round: 1, number:  7,", "round: 1, number:  8,")
    code, diags = diagnostics(cli, specs)
    col = col_of(specs, GAME, line, "number:  8") + len("number:  ")
    assert code == 1
    assert at(diags, "PMP-NUMBERS") == [(components_line(specs), 1), (line, col), (line + 1, col)]
    messages = [d["message"] for d in diags if d["code"] == "PMP-NUMBERS"]
    assert messages[0] == "round I has no card with number 7; each number 1-25 appears once a round"
    assert messages[1] == (f"number 8 appears 2 times in round I (lines {line} and {line + 1}); "
                           "each number 1-25 appears once a round")


def test_a_number_out_of_range(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "round: 3, number: 24,", "round: 3, number: 26,")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    assert (line, col_of(specs, GAME, line, "26")) in at(diags, "PMP-NUMBERS")
    assert "fruit card 'r3-24' has number 26; number must be a whole number from 1 to 25" in [d["message"] for d in diags]


def test_four_of_a_fruit_in_a_round_points_at_the_fourth_in_file_order(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "number: 24, fruit: cherry }", "number: 24, fruit: apple }")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    fruits = {d["message"]: (d["line"], d["col"]) for d in diags if d["code"] == "PMP-FRUITS"}
    assert sorted(fruits) == ["round I has 2 cherry cards, expected 3 of each fruit but the plum",
                              "round I has 4 apple cards, expected 3 of each fruit but the plum"]
    assert fruits["round I has 4 apple cards, expected 3 of each fruit but the plum"] == (
        line, col_of(specs, GAME, line, "apple"))


def test_the_25th_card_is_the_plum(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "round: 2, number: 25, fruit: plum", "round: 2, number: 25, fruit: pear")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    plum = [d for d in diags if d["code"] == "PMP-PLUM-25"]
    assert [(d["line"], d["col"]) for d in plum] == [(line, col_of(specs, GAME, line, "pear"))]
    assert plum[0]["message"] == ("fruit card 'r2-25' (number 25) shows pear, expected plum: "
                                  "the 25th card of each round is the plum")


def test_a_plum_on_another_number(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "round: 1, number: 24, fruit: cherry", "round: 1, number: 24, fruit: plum")
    _, diags = diagnostics(cli, specs)
    plum = [d for d in diags if d["code"] == "PMP-PLUM-25"]
    assert [(d["line"], d["col"]) for d in plum] == [(line, col_of(specs, GAME, line, "plum"))]
    assert plum[0]["message"] == "fruit card 'r1-24' (number 24) shows a plum; in a round only number 25 is a plum"


def test_a_malformed_mix_pattern_is_located_at_the_pattern(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "pattern: AABB, points: 4", "pattern: ABAB, points: 4")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    assert at(diags, "PMP-MIX") == [(line, col_of(specs, GAME, line, "ABAB"))]
    assert "'ABAB', which is not well-formed: each letter stands in one run" in diags[0]["message"]


@pytest.mark.parametrize("old, new, code, message, needle", [
    ("id: plum, kind: plum, back: same-face, count: 18", "id: plum, kind: plum, back: same-face, count: 17",
     "PMP-PLUM-CARDS", "the deck has 17 plum cards, expected 18; counted from plum x17", "17 }"),
    ("id: pi,   kind: pi,   back: same-face, count: 18", "id: pi,   kind: pi,   back: same-face, count: 20",
     "PMP-PI-CARDS", "the deck has 20 pi cards, expected 18; counted from pi x20", "20 }"),
    ("id: watchdog, kind: watchdog, back: second-dog", "id: watchdog, kind: watchdog, back: second-dog, count: 2",
     "PMP-WATCHDOG-CARDS", "the deck has 2 watchdog cards, expected 1; counted from watchdog x2", "2 }"),
])
def test_a_wrong_count_is_reported_at_that_components_count(cli, tmp_path, old, new, code, message, needle):
    specs, line = copy_spec(tmp_path, GAME, old, new)
    res, diags = diagnostics(cli, specs)
    assert res == 1
    assert [(d["line"], d["col"], d["code"]) for d in diags] == [(line, col_of(specs, GAME, line, needle), code)]
    assert diags[0]["message"] == f"{message} (line {line})"


@pytest.mark.parametrize("action", ["watchdog", "steal", "pi"])
def test_a_deck_without_one_of_the_rulebooks_actions_is_a_rule_break(cli, tmp_path, action):
    import re

    from pnp.load.paths import SPECS_DIR

    text = re.sub(rf",\s*action: {action}\b", "", (SPECS_DIR / f"{GAME}.yaml").read_text(encoding="utf-8"))
    specs, _ = copy_spec(tmp_path, GAME, text=text)
    res, diags = diagnostics(cli, specs)
    assert res == 1
    missing = [d for d in diags if d["code"] == "PMP-ACTION-MISSING"]
    assert [(d["line"], d["col"]) for d in missing] == [(components_line(specs), 1)]
    assert f"no fruit card has the action '{action}'" in missing[0]["message"]


def test_a_deck_without_any_fruit_mix_is_a_rule_break(cli, tmp_path):
    import re

    from pnp.load.paths import SPECS_DIR

    text = re.sub(r",\s*mix: \{[^}]*\}", "", (SPECS_DIR / f"{GAME}.yaml").read_text(encoding="utf-8"))
    assert "pattern:" not in text.split("components:")[1]
    specs, _ = copy_spec(tmp_path, GAME, text=text)
    res, diags = diagnostics(cli, specs)
    assert res == 1
    assert [(d["line"], d["col"], d["code"]) for d in diags] == [(components_line(specs), 1, "PMP-MIX-MISSING")]


@pytest.mark.parametrize("old, new, needle, quoted", [
    ("round: 1, number:  4,", "round: 7, number:  4,", "7,", "round 7; round must be 1, 2 or 3"),
    ("round: 1, number:  4,", "round: 1, number: 26,", "26,", "number 26; number must be a whole number from 1 to 25"),
    ("round: 1, number:  4,", "round: 100, number:  4,", "100,", "is 100, must be 1, 2 or 3"),
])
def test_a_number_out_of_range_quotes_the_rules_range(cli, tmp_path, old, new, needle, quoted):
    specs, line = copy_spec(tmp_path, GAME, old, new)
    res = cli("validate", GAME, "--specs", specs)
    assert res.code in (1, 2)
    assert f":{line}:{col_of(specs, GAME, line, needle)}: error[" in res.out
    assert quoted in res.out, res.out
    assert "0 to 99" not in res.out


def test_the_turn_order_set(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "position: 4, plum: false", "position: 4, plum: true ")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    expected = "the set is 1, 2, 3, 3 with plum, 4, 4 with plum, 5 with plum"
    twice = f"the deck has 2 turn-order cards 4 with plum ('turn-4' and 'turn-4-plum'), expected 1; {expected}"
    assert [(d["line"], d["col"], d["message"]) for d in diags] == [
        (components_line(specs), 1, f"the turn-order cards lack 4; {expected}"),
        (line, col_of(specs, GAME, line, "position: 4") + len("position: "), twice),
        (line + 1, col_of(specs, GAME, line + 1, "position: 4") + len("position: "), twice),
    ]


def test_a_turn_order_card_outside_the_set(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "position: 1, plum: false", "position: 6, plum: false")
    _, diags = diagnostics(cli, specs)
    assert (line, col_of(specs, GAME, line, "6")) in at(diags, "PMP-TURN-ORDER")


def test_a_missing_card_breaks_the_tricks_for_every_player_count(cli, tmp_path):
    src = (copy_spec(tmp_path, GAME)[0] / f"{GAME}.yaml").read_text(encoding="utf-8")
    gone = next(ln for ln in src.splitlines() if "id: r2-13," in ln)
    specs, _ = copy_spec(tmp_path, GAME, gone + "\n", "")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    tricks = [d["message"] for d in diags if d["code"] == "PMP-TRICKS"]
    assert tricks == [
        "with 3 players, removing numbers 19-25 leaves 17 cards in round II, expected 18 (3 players x 6 tricks)",
        "with 4 players, removing number 25 leaves 23 cards in round II, expected 24 (4 players x 6 tricks)",
        "with 5 players, removing none leaves 24 cards in round II, expected 25 (5 players x 5 tricks)",
    ]
    assert set(at(diags, "PMP-TRICKS")) == {(components_line(specs), 1)}
    assert any(d["message"].startswith("the deck has 74 fruit cards, expected 75 (25 in each of the 3 rounds); counted from 74 fruit: 74 components of one card each") for d in diags)


def test_a_card_moved_to_an_unknown_round(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "round: 3, number:  5,", "round: 4, number:  5,")
    _, diags = diagnostics(cli, specs)
    assert at(diags, "PMP-ROUND") == [(line, col_of(specs, GAME, line, "4,"))]


def test_each_round_has_its_own_back(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "id: r3-04, kind: fruit, back: butterfly,  ",
                            "id: r3-04, kind: fruit, back: pupa,       ")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    assert [(d["line"], d["col"], d["code"], d["message"]) for d in diags] == [
        (line, col_of(specs, GAME, line, "pupa"), "PMP-BACK",
         "card 'r3-04' has back 'pupa' (a pupa design), expected a butterfly back for round III")]


def test_plum_cards_need_the_same_face_back(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "id: plum, kind: plum, back: same-face", "id: plum, kind: plum, back: emblem   ")
    _, diags = diagnostics(cli, specs)
    assert at(diags, "PMP-BACK") == [(line, col_of(specs, GAME, line, "emblem"))]


def test_an_unknown_fruit_or_action_is_an_input_error(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "fruit: fig,", "fruit: kiwi,")
    code, diags = diagnostics(cli, specs)
    assert code == 2
    assert [(d["line"], d["code"]) for d in diags] == [(line, "SPEC-VALUE")]
    assert "'kiwi' is not known, expected one of apple, blackberry, cherry, fig" in diags[0]["message"]
    specs, line = copy_spec(tmp_path, GAME, "action: steal", "action: swap")
    code, diags = diagnostics(cli, specs)
    assert code == 2 and "expected one of watchdog, steal or pi" in diags[0]["message"]


def test_mix_without_points_is_an_input_error(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, GAME, "pattern: AABB, points: 4", "pattern: AABB")
    code, diags = diagnostics(cli, specs)
    assert code == 2
    assert diags[0]["code"] == "SPEC-MISSING-KEY" and "has no 'points'" in diags[0]["message"]


@pytest.mark.parametrize("old, new", [
    ("pattern: AABB, points: 4", "pattern: AAAAB, points: 12"),  # a different mix
    ("action: watchdog", "action: steal   "),  # a different action
    ("number:  1, fruit: apple,     ", "number:  1, fruit: cherry,    "),  # swapped fruits ...
])
def test_choice_values_are_not_checked(cli, tmp_path, old, new):
    specs, _ = copy_spec(tmp_path, GAME, old, new)
    if "cherry" in new:  # ... keep three of each: the apple goes where that cherry was
        text = (specs / f"{GAME}.yaml").read_text(encoding="utf-8")
        text = text.replace("number:  3, fruit: cherry,    ", "number:  3, fruit: apple,     ", 1)
        (specs / f"{GAME}.yaml").write_text(text, encoding="utf-8")
    code, diags = diagnostics(cli, specs)
    assert (code, diags) == (0, [])


def test_list_json_shows_every_component_with_its_fields(cli):
    res = cli("list", GAME, "--format", "json")
    assert res.code == 0
    comps = {c["id"]: c for c in res.json()["components"]}
    assert sum(c["count"] for c in comps.values()) == 119
    assert comps["plum"]["count"] == 18 and comps["pi"]["count"] == 18
    assert comps["r1-03"] == {"id": "r1-03", "kind": "fruit", "count": 1, "back": "caterpillar", "round": 1,
                              "number": 3, "fruit": "cherry", "action": None, "mix": {"pattern": "AAB", "points": 2}}
    assert comps["turn-5-plum"]["position"] == 5 and comps["turn-5-plum"]["plum"] is True


def test_a_fruit_card_with_copies_repeats_its_number(cli, tmp_path):
    specs, line = copy_spec(tmp_path, GAME, "round: 1, number:  9, fruit: cherry }",
                            "round: 1, number:  9, fruit: cherry, count: 2 }")
    code, diags = diagnostics(cli, specs)
    assert code == 1
    assert (line, col_of(specs, GAME, line, "count: 2") + len("count: ")) in at(diags, "PMP-NUMBERS")
    assert "fruit card 'r1-09' has count 2, so number 9 appears 2 times in round I" in " ".join(
        d["message"] for d in diags)
    # the deck total is off by that one card's extra copy too: reported at the same count
    assert at(diags, "PMP-FRUIT-CARDS") == [(line, col_of(specs, GAME, line, "count: 2") + len("count: "))]
