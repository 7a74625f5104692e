"""What the declared language grew for Christmas Tree (issue 31), each on a copy of Lantern Walk:
named variants and a default one, the kinds' nouns and `{total:noun}`, the rules' named numbers,
dummy seats (`dummies:`, a deal `with_dummies`, a shuffle `per_seat`), several checks under one
code, a count of several kinds, `{missing:spaced}`, `give: {kind, count}`, a deal's `each_card`
lines, a step limited to a list of variants, `unused:`, `backs_too:` and a choice field of one
name on two kinds — and the located DECLARE-* error of each misuse."""
from __future__ import annotations

import pytest

from declared_kit import SPEC, diags, no_traceback, one
from declared_fixtures import game  # noqa: F401  (fixtures)

VARIANTS = "variants: [short]                  # the short game: the 1s and 10s stay in the box"


def run(cli, game, *args):
    r = cli(*args, "--specs", game.path("card_specs"))
    no_traceback(r)
    return r


def deal(cli, game, players, *extra):
    r = run(cli, game, "setup", "lanterns", "--players", players, "--seed", "1", "--format", "json", *extra)
    assert r.code == 0, r.err
    return r.json()


def setup_text(cli, game, players, *extra):
    r = run(cli, game, "setup", "lanterns", "--players", players, "--seed", "1", *extra)
    assert r.code == 0, r.err
    return r.out


def add_setup(game, step: str, after: str = "  - { pile: draw }                           # the rest, face down") -> int:
    return game.edit(SPEC, after, after + "\n" + step) + 1


# -- variants with names, and the one played when none is asked -------------------------------------------

def test_a_default_variant_is_dealt_without_variant_and_named_in_the_title(cli, game):
    game.edit(SPEC, VARIANTS, "variants: { short: { en: short game, zh-TW: 短程 } }\ndefault_variant: short")
    d = deal(cli, game, 2)
    assert d["variant"] == "short"
    values = {c["value"] for c in d["private"]["player 1"]["hand"] + d["hidden"]["piles"]["draw"]}
    assert values and not values & {1, 10}  # the short game's remove step ran
    assert setup_text(cli, game, 2).splitlines()[0] == "Lantern Walk, short game for 2 players (seed 1)"
    assert "短程" in setup_text(cli, game, 2, "--lang", "zh-TW").splitlines()[0]
    assert run(cli, game, "validate", "lanterns").code == 0  # SHORT-DECK measured in the short game: 32


def test_a_default_variant_that_is_none_is_refused_at_it(cli, game):
    line = game.edit(SPEC, VARIANTS, VARIANTS + "\ndefault_variant: long") + 1
    r = run(cli, game, "validate", "lanterns")
    assert r.code == 2
    one(r, "DECLARE-VARIANT", f"{SPEC}:{line}:18", "'default_variant' is 'long', not a variant of the game")


# -- nouns, and a number of cards said with them ------------------------------------------------------------

def test_total_noun_says_the_number_with_the_kinds_noun(cli, game):
    game.edit(SPEC, "\nkinds:", '\nnouns: { lantern: { en: "paper lantern|paper lanterns", zh-TW: 紙燈籠 } }\nkinds:')
    game.edit(SPEC, "{ code: LANTERNS, count: { kind: lantern }, exactly: 40 }",
              "{ code: LANTERNS, count: { kind: lantern }, exactly: 40, message: \"the walk has {total:noun}\" }")
    game.write_rows([r for r in game.rows() if r[0] != "red-7"])
    r = run(cli, game, "validate", "lanterns")
    assert r.code == 1
    one(r, "LANTERNS", None, "the walk has 39 paper lanterns")


def test_nouns_of_a_kind_that_is_not_declared_are_refused(cli, game):
    line = game.edit(SPEC, "\nkinds:", "\nnouns: { ship: ship|ships }\nkinds:") + 1
    r = run(cli, game, "validate", "lanterns")
    assert r.code == 2
    one(r, "DECLARE-KIND", f"{SPEC}:{line}:10", "'ship' in 'nouns' is not a declared kind")


# -- the rules' named numbers ------------------------------------------------------------------------------

def test_numbers_are_written_into_a_steps_text(cli, game):
    game.edit(SPEC, "\nkinds:", "\nnumbers: { rounds: 3 }\nkinds:")
    add_setup(game, '  - { note: "The walk lasts {rounds} rounds; {players} walk it." }')
    assert "The walk lasts 3 rounds; 2 walk it." in setup_text(cli, game, 2)


def test_a_number_named_like_a_steps_own_is_refused(cli, game):
    line = game.edit(SPEC, "\nkinds:", "\nnumbers: { cards: 3 }\nkinds:") + 1
    r = run(cli, game, "validate", "lanterns")
    assert r.code == 2
    one(r, "DECLARE-KEY", f"{SPEC}:{line}:12", "'cards' in 'numbers' is a setup step's own number")


# -- dummy seats: a deal with_dummies, a shuffle per_seat ------------------------------------------------

def test_a_dummy_seat_is_dealt_a_hand_no_one_sees_and_counts_for_per_seat(cli, game):
    game.edit(SPEC, "\nkinds:", "\ndummies: { 2: 1 }\nkinds:")
    game.edit(SPEC, "  - { shuffle: [wish] }", "  - { shuffle: [wish], per_seat: 1 }")
    game.edit(SPEC, "  - { deal: { 2: 7, 3: 6, 4: 5 } }", "  - { deal: { 2: 7, 3: 6, 4: 5 }, with_dummies: true }")
    d = deal(cli, game, 2)
    assert d["public"]["dummies"] == ["dummy"] and list(d["private"]) == ["player 1", "player 2"]
    assert len(d["hidden"]["dummies"]["dummy"]["hand"]) == 7
    wishes = [c for c in d["public"]["table"] if c["kind"] == "wish"]
    assert len(wishes) == 3 and d["public"]["piles"]["wishes"] == 0  # one wish a seat: three seats
    assert len([c for c in d["public"]["removed"] if c["kind"] == "wish"]) == 5  # the rest set aside
    d = deal(cli, game, 4)
    assert "dummies" not in d["public"] and len([c for c in d["public"]["table"] if c["kind"] == "wish"]) == 3
    assert d["public"]["piles"]["wishes"] == 1


def test_with_dummies_without_dummy_seats_and_per_seat_on_a_deal_are_refused(cli, game):
    line = game.edit(SPEC, "  - { deal: { 2: 7, 3: 6, 4: 5 } }", "  - { deal: { 2: 7, 3: 6, 4: 5 }, with_dummies: true }")
    r = run(cli, game, "validate", "lanterns")
    assert r.code == 2
    one(r, "DECLARE-KEY", f"{SPEC}:{line}:", "the game declares no dummy seats")
    game.edit(SPEC, "with_dummies: true", "per_seat: 2")
    one(run(cli, game, "validate", "lanterns"), "DECLARE-KEY", f"{SPEC}:{line}:", "'per_seat' belongs to a shuffle step")


# -- several checks under one code; a count of several kinds; {missing:spaced} --------------------------------

CHECKS = """  - code: BOX
    checks:
      - { count: { kind: lantern }, exactly: 40, message: "{total} lanterns" }
      - { count: { kind: [lantern, wish] }, exactly: 48, message: "{total} cards in all" }
      - { every: { kind: lantern, fields: [colour, value] }, at_least: 1, message: "no lantern is {missing:spaced}" }
"""


def test_checks_report_under_one_code_and_a_count_may_take_several_kinds(cli, game):
    game.edit(SPEC, "rules:                             # what a legal deck is\n",
              "rules:                             # what a legal deck is\n" + CHECKS)
    assert run(cli, game, "validate", "lanterns").code == 0
    game.write_rows([r for r in game.rows() if r[0] != "red-7"])
    r = run(cli, game, "validate", "lanterns")
    found = diags(r, "BOX")
    assert r.code == 1 and len(found) == 3, r.out
    assert any("39 lanterns" in x for x in found) and any("47 cards in all" in x for x in found)
    assert any("no lantern is red 7" in x for x in found)


def test_a_check_with_a_code_of_its_own_and_a_count_of_an_unknown_kind_are_refused(cli, game):
    game.edit(SPEC, "rules:                             # what a legal deck is\n",
              "rules:                             # what a legal deck is\n" + CHECKS.replace(
                  '{ count: { kind: lantern }, exactly: 40, message: "{total} lanterns" }',
                  '{ code: MINE, count: { kind: lantern }, exactly: 40 }').replace("[lantern, wish]", "[lantern, ship]"))
    r = run(cli, game, "validate", "lanterns")
    assert r.code == 2
    one(r, "DECLARE-KEY", None, "check 1 of rule 1 has 'code'")
    one(r, "DECLARE-KIND", None, "'ship'")


# -- give {kind, count}; a deal's each_card lines; a step for a list of variants; unused ----------------------

def test_give_a_count_each_card_lines_variant_lists_and_unused(cli, game):
    game.edit(SPEC, "  - { shuffle: [wish] }\n  - { display: 3, distinct: colour }        # the night's wishes, face up\n"
                    "  - { pile: wishes }                         # the other wishes stay face down\n",
              "  - { give: { kind: wish, count: 1 }, name: gifts }\n  - { unused: [wish] }\n")
    game.edit(SPEC, "  - { deal: { 2: 7, 3: 6, 4: 5 } }",
              '  - { deal: { 2: 7, 3: 6, 4: 5 }, each_card: "in hand ({value:point|points}): {card}" }')
    add_setup(game, '  - { note: "A short or plain walk.", variant: [short, default] }')
    d = deal(cli, game, 3)
    assert {s: [c["kind"] for c in cs] for s, cs in d["public"]["gifts"].items()} == \
        {f"player {k}": ["wish"] for k in (1, 2, 3)}
    assert not [c for c in d["public"]["box"] if c["kind"] == "wish"]  # the rest stay in the box, unlisted
    text = setup_text(cli, game, 3)
    mine = text.split("--- player 1 only")[1].split("\n---")[0]
    assert sum(line.startswith("  in hand (") for line in mine.splitlines()) == 6
    assert "A short or plain walk." in text and "A short or plain walk." in setup_text(cli, game, 3, "--variant", "short")


# -- backs_too; a choice field of one name on two kinds ------------------------------------------------------

def test_backs_too_lets_a_component_kind_name_back_designs(cli, game):
    game.edit(SPEC, "\nchoices:", "\nback_kinds: [back]\nbacks_too: [wish]\nchoices:")
    game.edit(SPEC, "  - { id: wish-back, kind: back, label: { en: Wishes, zh-TW: 心願 } }",
              "  - { id: wish-back, kind: wish }")
    game.edit("layouts/lanterns.yaml", "backs:\n  back:\n", 'backs:\n  wish:\n    - { rect: all, fill: "#1d2b3a" }\n  back:\n')
    assert run(cli, game, "validate", "lanterns").code == 0
    game.edit(SPEC, "backs_too: [wish]", "backs_too: [back]")
    one(run(cli, game, "validate", "lanterns"), "DECLARE-KIND", None, "'back' in 'backs_too' is a back kind already")


def test_choices_of_a_field_two_kinds_declare_take_both_kinds_values(cli, game):
    game.edit(SPEC, "  back:\n    label:  { text: 20 }",
              "  back:\n    label:  { text: 20 }\n  token:\n    colour: { choice: [black] }")
    game.edit(SPEC, '    violet: { name: { en: Violet, zh-TW: 紫 }, colour: "#6c4aa0", light: "#e2d8f1", motif: moon }',
              '    violet: { name: { en: Violet, zh-TW: 紫 }, colour: "#6c4aa0", light: "#e2d8f1", motif: moon }\n'
              '    black:  { name: { en: Black, zh-TW: 黑 }, colour: "#000000" }')
    r = run(cli, game, "validate", "lanterns")
    assert not diags(r, "DECLARE-CHOICE"), r.out


@pytest.mark.parametrize("key", ["default_variant", "nouns", "numbers", "dummies", "backs_too"])
def test_the_new_keys_are_keys_of_a_declared_spec(key):
    from pnp.games.declared import KEYS

    assert key in KEYS
