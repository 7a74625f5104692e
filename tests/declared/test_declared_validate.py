"""`pnp validate` on a game declared in data: the Lantern Walk example as shipped, and broken
copies of it (one line edited). Every diagnostic is asserted by its code, its file:line:col and
its words; exit 2 for what cannot be read, 1 for a rule broken, never a traceback."""
from __future__ import annotations

import pytest

from declared_kit import CSV, EXAMPLE, SPEC, codes, diags, has, no_traceback, one
from declared_fixtures import game  # noqa: F401  (fixtures)


def validate(cli, *extra):
    r = cli("validate", "lanterns", "--specs", "card_specs", *extra)
    no_traceback(r)
    return r


# -- the example --------------------------------------------------------------------------------------

def test_example_validates(cli):
    r = cli("validate", "lanterns", "--specs", EXAMPLE / "card_specs")
    assert r.code == 0, r.out + r.err
    assert r.out.strip() == "lanterns: ok"


def test_example_validates_as_json(cli):
    r = cli("validate", "lanterns", "--specs", EXAMPLE / "card_specs", "--format", "json")
    assert r.code == 0
    assert r.json() == {"games": {"lanterns": {"ok": True, "diagnostics": []}}}


def test_list_shows_every_row_and_written_component(cli):
    r = cli("list", "lanterns", "--specs", EXAMPLE / "card_specs")
    assert r.code == 0, r.err
    assert r.out.splitlines()[0] == "Lantern Walk: 48 components, 48 cards"
    assert "red-9" in r.out and "title={en: Red Tiger; zh-TW: 紅虎燈}, icons=star+moon" in r.out
    assert "wish-violet-4" in r.out and "points=4" in r.out
    data = cli("list", "lanterns", "--specs", EXAMPLE / "card_specs", "--format", "json").json()
    comps = {c["id"]: c for c in data["components"]}
    assert len(comps) == 48
    # a row's cells typed by their fields: a number, a two-language title, a list cell split at commas
    assert comps["red-9"] == {"id": "red-9", "kind": "lantern", "count": 1, "back": "lantern-back", "colour": "red",
                              "value": 9, "title": {"en": "Red Tiger", "zh-TW": "紅虎燈"}, "icons": ["star", "moon"]}
    assert comps["red-1"]["icons"] is None  # a blank cell: the field's default
    assert comps["wish-jade-2"]["back"] == "wish-back"


# -- a spec that is no game -----------------------------------------------------------------------------

def test_spec_neither_installed_nor_declared(cli, game):
    game.edit(SPEC, "kinds:", "kindz:")
    r = validate(cli)
    assert r.code == 2
    line = one(r, "SPEC-GAME", game.at(SPEC, "game: lanterns"), "'lanterns' is not an installed game",
               "christmas-tree, gem, pi-mal-pflaumen or the-jam", "'kinds'", "'players'", "pnp new")
    assert codes(r) == ["SPEC-GAME"], line


def test_declared_game_without_players(cli, game):
    game.edit(SPEC, "players: [2, 3, 4]\n", "")
    r = validate(cli)
    assert r.code == 2
    one(r, "DECLARE-MISSING", game.at(SPEC, "kinds:"), "needs 'players'", "players: [2, 3, 4]")


# -- unknown kinds, unknown fields: each at its word, all of them at once --------------------------------

def test_unknown_kinds_in_kinds_rules_setup_and_components_all_told(cli, game):
    game.edit(SPEC, "    title:  { text: 30 }\n", "    title:  { text: 30 }\n    pair:   { ref: lamp, required: false }\n")
    game.edit(SPEC, "count: { kind: lantern }, exactly: 40", "count: { kind: lanten }, exactly: 40")
    game.edit(SPEC, "{ shuffle: [wish] }", "{ shuffle: [wishes] }")
    game.edit(SPEC, "{ id: wish-red-2, kind: wish,", "{ id: wish-red-2, kind: wsh,")
    r = validate(cli)
    assert r.code == 2
    one(r, "DECLARE-REF", game.at(SPEC, "pair:"), "field 'pair' of kind 'wish' refers to kind 'lamp'",
        "declared kinds: lantern, wish or back")
    has(r, "DECLARE-KIND", game.at(SPEC, "lanten"), "'kind' of 'count' of rule 1 is 'lanten', not a declared kind")
    has(r, "DECLARE-KIND", game.at(SPEC, "wishes", after="setup:"), "'shuffle' of setup step 1: 'wishes' is not a declared kind")
    one(r, "SPEC-KIND", game.at(SPEC, "wsh"), "kind 'wsh'", "wish-red-2", "lantern, wish or back")
    assert sorted(codes(r)) == ["DECLARE-KIND", "DECLARE-KIND", "DECLARE-REF", "SPEC-KIND"]


def test_unknown_fields_in_rules_where_setup_and_components(cli, game):
    game.edit(SPEC, "sum: { kind: lantern, field: value }", "sum: { kind: lantern, field: valu }")
    game.edit(SPEC, "every: { kind: wish, fields: [colour] }", "every: { kind: wish, fields: [color] }")
    game.edit(SPEC, "{ display: 4, distinct: colour }", "{ display: 4, distinct: hue }")
    game.edit(SPEC, "{ id: wish-red-4, kind: wish, colour: red,", "{ id: wish-red-4, kind: wish, colour: red, shiny: true,")
    r = validate(cli)
    assert r.code == 2
    assert len(diags(r, "DECLARE-FIELD")) == 3
    has(r, "DECLARE-FIELD", game.at(SPEC, "valu }"), "'valu' is not a field of kind 'lantern'",
        "colour, value, title or icons")
    has(r, "DECLARE-FIELD", game.at(SPEC, "color]"), "'color' is not a field of kind 'wish'")
    has(r, "DECLARE-FIELD", game.at(SPEC, "hue"), "'hue', not a field")
    one(r, "SPEC-UNKNOWN-KEY", game.at(SPEC, "shiny"), "unknown key 'shiny'", "wish-red-4", "colour, points, title")


def test_wrong_field_declarations_told_once_not_at_every_use(cli, game):
    """A field declared wrong is one error at its declaration — not an unknown column in the
    table, an unknown key in every component, and an unknown field in every rule that uses it."""
    game.edit(SPEC, "value:  { int: [1, 10] }", "value:  { integer: [1, 10] }")
    game.edit(SPEC, "points: { int: [1, 6] }", "points: { int: [6, 1] }")
    game.edit(SPEC, "title:  { text: 30 }", "title:  { text: 30, requird: false }")
    r = validate(cli)
    assert r.code == 2
    has(r, "DECLARE-KEY", game.at(SPEC, "integer"), "unknown key 'integer' in field 'value' of kind 'lantern'")
    one(r, "DECLARE-TYPE", game.at(SPEC, "{ integer"), "field 'value' of kind 'lantern' needs exactly one type")
    one(r, "DECLARE-RANGE", game.at(SPEC, "[6, 1]"), "'int' of field 'points' of kind 'wish' is [6, 1]",
        "the lowest is above the highest")
    has(r, "DECLARE-KEY", game.at(SPEC, "requird"), "unknown key 'requird' in field 'title' of kind 'wish'")
    assert sorted(codes(r)) == ["DECLARE-KEY", "DECLARE-KEY", "DECLARE-RANGE", "DECLARE-TYPE"], r.out


# -- bounds --------------------------------------------------------------------------------------------

def test_bad_bounds(cli, game):
    game.edit(SPEC, "count: { kind: lantern }, exactly: 40", "count: { kind: lantern }, exactly: -1")
    game.edit(SPEC, "exactly: { default: 40, short: 32 }", "exactly: { default: 40, shrt: 32 }")
    game.edit(SPEC, "every: { kind: wish, fields: [colour] }, exactly: 2",
              "every: { kind: wish, fields: [colour] }, exactly: { 2: 2, 3: 2 }")
    game.edit(SPEC, "sum: { kind: lantern, field: value }, exactly: 220",
              "sum: { kind: lantern, field: value }, between: [230, 210]")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-RANGE", game.at(SPEC, "-1"), "'exactly' of rule 1 is -1", "0 or more")
    has(r, "DECLARE-RANGE", game.at(SPEC, "shrt"), "'shrt' is not a variant of the game",
        "short or default")
    has(r, "DECLARE-RANGE", game.at(SPEC, "{ 2: 2, 3: 2 }"), "gives no number for 4 players")
    has(r, "DECLARE-RANGE", game.at(SPEC, "[230, 210]"), "[230, 210]: the lowest is above the highest")
    assert len(diags(r, "DECLARE-RANGE")) == 3


def test_a_bound_on_a_sum_may_be_negative(cli, game):
    """A sum of a field may be below 0 (a count of cards may not): a bound of -5 on a sum is read,
    and broken by the example's deck (its values add up to 220), at the rule's line."""
    game.edit(SPEC, "sum: { kind: lantern, field: value }, exactly: 220", "sum: { kind: lantern, field: value }, at_most: -5")
    r = validate(cli)
    assert r.code == 1
    one(r, "LANTERN-VALUES", game.at(SPEC, "{ code: LANTERN-VALUES"), "adds up to 220, expected at most -5")


def test_unique_takes_no_bound(cli, game):
    game.edit(SPEC, "unique: { kind: lantern, field: title } }", "unique: { kind: lantern, field: title }, exactly: 3 }")
    r = validate(cli)
    assert r.code == 2
    one(r, "DECLARE-RULE", game.at(SPEC, "{ code: TITLES"), "rule 5 (unique) needs no bound", "it has exactly")


def test_rule_codes_are_unique_and_capitals(cli, game):
    game.edit(SPEC, "{ code: WISHES,", "{ code: LANTERNS,")
    game.edit(SPEC, "{ code: TITLES,", "{ code: titles,")
    r = validate(cli)
    assert r.code == 2
    has(r, "DECLARE-CODE", game.at(SPEC, "{ code: LANTERNS, every"), "rule 3's code 'LANTERNS' is also rule 1's")
    has(r, "DECLARE-CODE", game.at(SPEC, "titles"), "capital letters")


# -- rule violations, blamed on the one row, else at the rule ------------------------------------------------

def test_second_row_of_a_combination_is_blamed(cli, game):
    line = game.append_row("red-7b,red,7,Red Dragon Two,紅龍燈二,star")
    r = validate(cli)
    assert r.code == 1
    each = one(r, "LANTERN-EACH", f"{CSV}:{line}:1", "every colour has one lantern of each value 1 to 10",
               "the deck has 2 lanterns of colour red and value 7, expected 1",
               "red-7 x1 (line 8)", f"red-7b x1 (line {line})")
    assert "every colour" in each.split("error[LANTERN-EACH]: ")[1][:14]  # the rule's message is said first
    # the deck of 41: blamed on the card that made it one too many; the sum is no one card's
    one(r, "LANTERNS", f"{CSV}:{line}:1", "the deck has 41 lantern cards, expected 40")
    one(r, "LANTERN-VALUES", game.at(SPEC, "{ code: LANTERN-VALUES"), "adds up to 227, expected 220",
        "counted from 41 lantern: 41 components of one card each")
    assert "lanterns: 4 errors" in r.out


def test_a_colour_short_of_a_card_is_told_at_the_rule_naming_the_lines(cli, game):
    game.edit(SPEC, "  - { id: wish-red-4, kind: wish, colour: red, points: 4, title: { en: Red as far as you see, "
                    "zh-TW: 滿眼通紅 }, back: wish-back }\n", "")
    r = validate(cli)
    assert r.code == 1
    one(r, "WISHES", game.at(SPEC, "{ code: WISHES"), "the deck has 1 wish of colour red, expected 2",
        f"wishes of colour red: wish-red-2 x1 (line {game.line_of(SPEC, 'wish-red-2')})")
    assert codes(r) == ["WISHES"]


def test_a_missing_combination_is_told_at_the_rule(cli, game):
    game.edit(CSV, "jade-4,jade,4,Jade Peony,玉牡丹燈,\r\n", "")
    r = validate(cli)
    assert r.code == 1
    one(r, "LANTERN-EACH", game.at(SPEC, "{ code: LANTERN-EACH"),
        "the deck has 0 lanterns of colour jade and value 4, expected 1")
    one(r, "LANTERNS", game.at(SPEC, "{ code: LANTERNS"), "39 lantern cards, expected 40",
        "counted from 39 lantern: 39 components of one card each")


def test_equal_titles_blame_the_second(cli, game):
    game.edit(CSV, "gold-9,gold,9,Gold Tiger,", "gold-9,gold,9,Gold Moth,")
    r = validate(cli)
    assert r.code == 1
    one(r, "TITLES", f"{CSV}:20:4", "lantern 'gold-9' has the same title (en 'Gold Moth') as 'gold-1' (line 12)",
        "each must differ")
    assert codes(r) == ["TITLES"]


def test_titles_equal_in_one_language_clash(cli, game):
    """Two cards printing the same Chinese title clash even when their English titles differ."""
    game.edit(CSV, "jade-3,jade,3,Jade Crane,玉鶴燈,", "jade-3,jade,3,Jade Crane,玉蛾燈,")
    r = validate(cli)
    assert r.code == 1
    one(r, "TITLES", f"{CSV}:24:4", "'jade-3' has the same title (zh-TW '玉蛾燈') as 'jade-1' (line 22)")


def test_bound_per_player_count_measured_after_removes(cli, game):
    """A bound per player count is measured on the deck as setup leaves it for that many
    players: with 2 players a remove step takes the 10s out, so 0 is right for 2."""
    game.edit(SPEC, "  - { code: SHORT-DECK", "  - { code: TENS, count: { kind: lantern, where: { value: 10 } }, "
                                           "exactly: { 2: 0, 3: 4, 4: 4 } }\n  - { code: SHORT-DECK")
    game.edit(SPEC, "  - { deal: ", "  - { remove: { where: { value: 10 } }, players: [2] }\n  - { deal: ")
    assert validate(cli).code == 0
    game.edit(SPEC, "exactly: { 2: 0, 3: 4, 4: 4 }", "exactly: { 2: 0, 3: 4, 4: 5 }")
    r = validate(cli)
    assert r.code == 1
    one(r, "TENS", game.at(SPEC, "{ code: TENS"), "with 4 players, the deck has 4 lantern cards with value 10, "
                                                  "expected 5", "red-10 x1 (lanterns.csv:11)")
    game.edit(SPEC, "exactly: { 2: 0, 3: 4, 4: 5 }", "exactly: { 2: 4, 3: 4, 4: 4 }")
    r = validate(cli)
    one(r, "TENS", game.at(SPEC, "{ code: TENS"), "with 2 players, the deck has 0 lantern cards with value 10, "
                                                  "expected 4")


def test_bound_per_variant(cli, game):
    game.edit(SPEC, "exactly: { default: 40, short: 32 }", "exactly: { default: 40, short: 30 }")
    r = validate(cli)
    assert r.code == 1
    one(r, "SHORT-DECK", game.at(SPEC, "{ code: SHORT-DECK"),
        "in the short variant, the deck has 32 lantern cards, expected 30")


def test_refs_always_checked_even_with_no_rules(cli, game):
    game.edit(SPEC, "    title:  { text: 30 }\n", "    title:  { text: 30 }\n    pair:   { ref: lantern, required: false }\n")
    game.edit(SPEC, "{ id: wish-red-2, kind: wish,", "{ id: wish-red-2, kind: wish, pair: red-99,")
    game.edit(SPEC, "{ id: wish-red-4, kind: wish,", "{ id: wish-red-4, kind: wish, pair: red-9,")
    game.edit(SPEC, "{ id: wish-gold-2, kind: wish,", "{ id: wish-gold-2, kind: wish, pair: wish-red-4,")
    text = game.text(SPEC)
    game.write(SPEC, text[:text.index("rules:")] + text[text.index("setup:"):])
    r = validate(cli)
    assert r.code == 1
    refs = diags(r, "SPEC-REF")
    assert len(refs) == 2, refs
    assert refs[0].startswith(game.at(SPEC, "red-99") + ":")
    assert "'pair' of wish 'wish-red-2' is 'red-99', which is not a lantern component" in refs[0]
    assert "lantern components: red-1, red-2" in refs[0]
    assert refs[1].startswith(game.at(SPEC, "wish-red-4,", after="wish-gold-2") + ":")
    assert "is 'wish-red-4', which is not a lantern component" in refs[1]


# -- YAML, exit codes ------------------------------------------------------------------------------------

def test_yaml_scalar_tags_refused(cli, game):
    game.edit(SPEC, "players: [2, 3, 4]", "players: [2, 3, !!python/int 4]")
    game.edit(SPEC, "name: { en: Lantern Walk", "name: { en: !!python/name:os.system Lantern Walk")
    r = validate(cli)
    assert r.code == 2
    tags = diags(r, "YAML-VALUE")
    assert len(tags) == 2, r.out
    assert tags[0].startswith(game.at(SPEC, "!!python/name") + ":") and "python/name:os.system" in tags[0]
    assert tags[1].startswith(game.at(SPEC, "!!python/int") + ":") and "python/int" in tags[1]


def test_yaml_collection_tags_refused(cli, game):
    game.edit(SPEC, "players: [2, 3, 4]", "players: !!python/tuple [2, 3, 4]")
    r = validate(cli)
    assert r.code == 2
    assert "error[YAML-TAG]: the tag '!!python/tuple' is not supported" in r.out


def test_unreadable_yaml_is_exit_2_located(cli, game):
    game.edit(SPEC, "players: [2, 3, 4]", "players: [2, 3, 4")
    r = validate(cli)
    assert r.code == 2
    assert any(x.startswith(f"{SPEC}:") and "error[YAML" in x for x in r.out.splitlines()), r.out


def test_unknown_game_names_what_there_is(cli, game):
    r = cli("validate", "harbor", "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 2
    assert "unknown game 'harbor'" in r.err and "card_specs has no harbor.yaml" in r.err


def test_a_between_bound_broken_says_both_ends(cli, game):
    """A `between` bound that breaks names both ends, on every measure (it once crashed the message)."""
    game.edit(SPEC, "{ code: LANTERN-VALUES, sum: { kind: lantern, field: value }, exactly: 220 }",
              "{ code: LANTERN-VALUES, sum: { kind: lantern, field: value }, between: [100, 200] }")
    game.edit(SPEC, "{ code: WISHES, every: { kind: wish, fields: [colour] }, exactly: 2 }",
              "{ code: WISHES, every: { kind: wish, fields: [colour] }, between: [3, 4] }")
    r = validate(cli)
    no_traceback(r)
    assert r.code == 1
    assert "error[LANTERN-VALUES]: the value of the lantern cards adds up to 220, expected between 100 and 200" in r.out
    assert "error[WISHES]" in r.out and "expected between 3 and 4" in r.out
