"""Declarations made to hurt the declared engine, from a red-team report: keys that look like
player counts and are not ('²', which str.isdigit calls a digit and int() refuses; a key of 5,000
digits, which int() refuses too), an image field with a default or given a list, a deal with no
number for a player count the game allows, a NUL in a table's name, a template named like a path,
a list whose min is above its max, a give naming no component, a default template that is not
defined. Each is one located diagnostic with its code and exit 2 — never a traceback, never
accepted in silence, and a build keeps the last good PDF."""
from __future__ import annotations

import pytest

from declared_kit import LAYOUT, SPEC, codes, no_traceback, one
from declared_fixtures import game  # noqa: F401  (fixtures)

BIG = "9" * 5000  # int() of it raises ValueError (Python 3.11 converts at most 4,300 digits)


def run(cli, *args):
    r = cli(*args, "lanterns", "--specs", "card_specs")
    no_traceback(r)
    return r


def validate(cli):
    return run(cli, "validate")


# -- keys that look like player counts -------------------------------------------------------------------

SUPERSCRIPT = {  # where a per-player-count map stands: (old, new, what the message names)
    "rule bound": ("count: { kind: lantern }, exactly: 40 }", "count: { kind: lantern }, exactly: { '²': 40 } }",
                   "'exactly' of rule 1"),
    "deal": ("{ deal: { 2: 7, 3: 6, 4: 5 } }", "{ deal: { 2: 7, '²': 6, 4: 5 } }", "'deal' of setup step 6"),
    "dummies": ("players: [2, 3, 4]\n", "players: [2, 3, 4]\ndummies: { '²': 1 }\n", "'dummies'"),
    "where": ("{ remove: { where: { value: [1, 10] } }, variant: short }",
              "{ remove: { where: { value: { 2: [1], '²': [1], 4: [1] } } }, variant: short }",
              "'value' in 'where' of 'remove' of setup step 5"),
}


@pytest.mark.parametrize("where", SUPERSCRIPT)
def test_a_player_count_written_in_other_digits_is_refused_at_its_key(cli, game, where):
    old, new, what = SUPERSCRIPT[where]
    game.edit(SPEC, old, new)
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "DECLARE-RANGE", game.at(SPEC, "'²'"), what, "'²' is not a player count of the game", "expected 2, 3 or 4")
    assert codes(r) == ["DECLARE-RANGE"]


LONG = {  # a key of 5,000 digits, written as YAML's explicit key (a plain key is at most 1,024 characters)
    "rule bound": ("  - { code: LANTERNS, count: { kind: lantern }, exactly: 40 }",
                   f"  - code: LANTERNS\n    count: {{ kind: lantern }}\n    exactly:\n      ? {BIG}\n      : 40",
                   "'exactly' of rule 1"),
    "deal": ("  - { deal: { 2: 7, 3: 6, 4: 5 } }", f"  - deal:\n      ? {BIG}\n      : 7\n      3: 6\n      4: 5",
             "'deal' of setup step 6"),
    "dummies": ("players: [2, 3, 4]\n", f"players: [2, 3, 4]\ndummies:\n  ? {BIG}\n  : 1\n", "'dummies'"),
}


@pytest.mark.parametrize("where", LONG)
def test_a_player_count_of_5000_digits_is_refused_at_its_key_and_quoted_short(cli, game, where):
    old, new, what = LONG[where]
    game.edit(SPEC, old, new)
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    line = one(r, "DECLARE-RANGE", game.at(SPEC, BIG), what, "'999999999999… (5000 characters)' is not a player count")
    assert len(line) < 300


def test_a_range_filling_in_a_number_of_5000_digits_is_refused_at_it(cli, game):
    game.edit(SPEC, "  - { id: wish-red-2,", '  - { range: 1..2, id: "w-{n}", kind: wish, colour: red, '
                                          f'points: "{{n}}{"0" * 5000}", title: Far, back: wish-back }}\n  - {{ id: wish-red-2,')
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "SPEC-TYPE", game.at(SPEC, '"{n}000'), "'points' of", "expected a whole number from 1 to 6")


def test_a_range_written_in_other_digits_is_refused(cli, game):
    """'١..٢' (Arabic-Indic digits) was read as 1..2: a range is written in the digits 0 to 9."""
    game.edit(SPEC, "  - { id: wish-red-2,", '  - { range: ١..٢, id: "w-{n}", kind: wish, colour: red, points: 2, '
                                          'title: Far, back: wish-back }\n  - { id: wish-red-2,')
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "SPEC-RANGE-SYNTAX", game.at(SPEC, "١..٢"), "expected LOW..HIGH")


# -- image fields ----------------------------------------------------------------------------------------

ART = "    title:  { text: 30 }\n"  # the wish kind's last field: an image field is added after it


def test_an_image_field_with_a_default_is_told_once_at_the_default(cli, game):
    game.edit(SPEC, ART, ART + "    art:    { image: true, default: art/wish.png }\n")
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "DECLARE-KEY", game.at(SPEC, "default: art/wish.png"), "field 'art' of kind 'wish'",
        "an image field has no default")
    assert codes(r) == ["DECLARE-KEY"]  # not again at each of the eight wishes that leave it out


def test_a_required_image_field_left_out_is_told_at_each_card(cli, game):
    game.edit(SPEC, ART, ART + "    art:    { image: true }\n")
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    assert codes(r) == ["SPEC-MISSING-KEY"] * 8
    one_line = [x for x in (r.out + r.err).splitlines() if "wish-red-2" in x][0]
    assert one_line.startswith(game.at(SPEC, "{ id: wish-red-2") + ":"), one_line
    assert "has no 'art'" in one_line


def test_an_image_field_given_a_list_is_refused_at_the_value(cli, game):
    game.edit(SPEC, ART, ART + "    art:    { image: true, required: false }\n")
    game.edit(SPEC, "wish-red-2, kind: wish,", "wish-red-2, kind: wish, art: [art/a.png, art/b.png],")
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "SPEC-TYPE", game.at(SPEC, "[art/a.png"), "'art' of component 2 'wish-red-2' is a list",
        "expected one picture", "declare a field for each")


def test_a_list_of_images_is_refused_at_its_declaration(cli, game):
    """A list of images was read as a field that takes anything, and said nothing: no face draws it."""
    game.edit(SPEC, ART, ART + "    art:    { list: { image: true }, required: false }\n")
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "DECLARE-TYPE", game.at(SPEC, "image: true"), "the items of field 'art' of kind 'wish' are images",
        "a list of images is not supported", "a field for each picture")


def test_a_list_whose_min_is_above_its_max_is_refused_at_min(cli, game):
    """It was read, and every card then broke it ('a list of 3 to 2 items'), 24 times."""
    game.edit(SPEC, "max: 2, required: false", "min: 3, max: 2, required: false")
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "DECLARE-RANGE", game.at(SPEC, "min: 3"), "'min' of field 'icons' of kind 'lantern' is 3, above its 'max' 2")
    assert codes(r) == ["DECLARE-RANGE"]


# -- the setup -------------------------------------------------------------------------------------------

NO_FOUR = {  # a number per player count without 4, which the game allows
    "deal": ("{ deal: { 2: 7, 3: 6, 4: 5 } }", "{ deal: { 2: 7, 3: 6 } }", "{ 2: 7, 3: 6 }"),
    "display": ("{ display: 4, distinct: colour }", "{ display: { 2: 4, 3: 4 }, distinct: colour }", "{ 2: 4, 3: 4 }"),
    "piles": ("  - { pile: draw }", "  - { piles: { 2: [5, 5], 3: [4, 4] } }\n  - { pile: draw }", "{ 2: [5, 5]"),
}


@pytest.mark.parametrize("step", NO_FOUR)
def test_a_step_with_no_number_for_a_player_count_is_refused_at_validate_and_setup(cli, game, step):
    """The deal for 4 players stopped at a KeyError, in `pnp validate` as in `pnp setup`."""
    old, new, at = NO_FOUR[step]
    game.edit(SPEC, old, new)
    for args in (("validate",), ("setup", "--players", "4")):
        r = run(cli, *args)
        assert r.code == 2, r.out + r.err
        one(r, "DECLARE-RANGE", game.at(SPEC, at), f"'{step}' of setup step", "gives no number for 4 players",
            "players: [...]")


def test_a_step_limited_to_the_player_counts_it_numbers_is_fine(cli, game):
    game.edit(SPEC, "{ deal: { 2: 7, 3: 6, 4: 5 } }", "{ deal: { 2: 7, 3: 6 }, players: [2, 3] }")
    r = validate(cli)
    assert r.code == 0, r.out + r.err


def test_give_naming_no_component_is_refused_at_the_id(cli, game):
    """It validated 'ok', and `pnp setup` said the deck had too few cards for the players."""
    game.edit(SPEC, "  - { shuffle: [wish] }\n", "  - { shuffle: [wish] }\n  - { give: [wish-red-2, wish-red-3] }\n")
    for args in (("validate",), ("setup", "--players", "3")):
        r = run(cli, *args)
        assert r.code == 2, r.out + r.err
        one(r, "SPEC-DANGLING-REF", game.at(SPEC, "wish-red-3"), "'give' of setup step 2 names 'wish-red-3', which is "
            "not a component of the spec", "wish-red-2")


# -- files a spec or layout names ------------------------------------------------------------------------

def test_a_nul_in_a_table_name_is_refused_at_it(cli, game):
    game.edit(SPEC, "{ table: lanterns.csv,", '{ table: "lanterns\\0.csv",')
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "TABLE-UNREADABLE", game.at(SPEC, '"lanterns'), "holds a NUL character", "no file name")


def templates_form(game, templates: str = "card", extra: str = "") -> None:
    """The example's layout with its edition in the templates form: one template, `templates`,
    holding the card and its boxes; `extra` added under the edition (default:, kinds:)."""
    text = game.text(LAYOUT)
    old = "    card: { width: 63mm, height: 88mm }\n    boxes:\n"
    head, rest = text.split(old)
    boxes, faces = rest.split("\nfaces:", 1)
    boxes = "\n".join("    " + x if x.strip() else x for x in boxes.split("\n"))
    game.write(LAYOUT, f"{head}    templates:\n      {templates}:\n        width: 63mm\n        height: 88mm\n"
                       f"        boxes:\n{boxes}\n{extra}faces:{faces}")


def test_the_templates_form_of_the_example_validates(cli, game):
    templates_form(game)
    assert validate(cli).code == 0


def test_a_template_named_like_a_path_is_refused_at_its_name(cli, game):
    templates_form(game, '"../../escape"')
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "SPEC-ID", game.at(LAYOUT, '"../../escape"'), "template name in edition 'standard' '../../escape' is not a "
                                                        "valid id")
    assert codes(r) == ["SPEC-ID"]  # not again as 'kind lantern has no template' at every kind


def test_an_undefined_default_template_is_refused_and_the_last_pdf_kept(cli, game):
    templates_form(game)
    assert run(cli, "build", "--out", "out").code == 0
    pdf = game.root / "out" / "lanterns.pdf"
    before = pdf.read_bytes()
    game.edit(LAYOUT, "\nfaces:", "\n    default: poker\nfaces:")
    r = run(cli, "build", "--out", "out")
    assert r.code == 2, r.out + r.err
    one(r, "LAYOUT-DANGLING-REF", game.at(LAYOUT, "poker"), "default template 'poker' of edition 'standard' is not "
                                                           "defined", "templates: card")
    assert pdf.read_bytes() == before
