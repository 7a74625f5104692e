"""Numbered cards: a component entry `{range: LO..HI, …}` stands for one component per number, and
a field declared with `derive:` is worked out from another field by a table of cases — never
written, so never misprinted. The 6 nimmt! example (examples/six-nimmt/) uses both: 104 cards
from one line, each card's bullheads from its number. A declared game's `name:` may be one text.

Asserted as a user sees it: `pnp list`, `build`, `where`, `setup`, exit codes and located
diagnostics `file:line:col: error[CODE]: words`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from declared_kit import Game, codes, diags, has, no_traceback, one, text_in
from declared_fixtures import game  # noqa: F401  (fixtures)

NIMMT = Path(__file__).resolve().parents[2] / "examples" / "six-nimmt"
SPEC = "card_specs/six-nimmt.yaml"
RANGE = '{ range: 1..104, kind: card, id: "card-{n}", number: "{n}" }'
CASES = """          - { equals: 55, value: 7 }
          - { multiple_of: 11, value: 5 }
          - { multiple_of: 10, value: 3 }
          - { multiple_of: 5, value: 2 }
          - { otherwise: 1 }
"""


@pytest.fixture
def nimmt(tmp_path) -> Game:
    """examples/six-nimmt copied into tmp_path, the folder the `cli` fixture runs in."""
    for part in ("card_specs", "layouts"):
        shutil.copytree(NIMMT / part, tmp_path / part)
    return Game(tmp_path)


def validate(cli):
    r = cli("validate", "six-nimmt", "--specs", "card_specs")
    no_traceback(r)
    return r


def listed(cli, specs="card_specs") -> dict[str, dict]:
    r = cli("list", "six-nimmt", "--format", "json", "--specs", specs)
    assert r.code == 0, r.out + r.err
    return {c["id"]: c for c in r.json()["components"]}


def bullheads(n: int) -> int:
    """6 nimmt!'s rule, written out in Python to check the declared cases against."""
    if n == 55:
        return 7
    if n % 11 == 0:
        return 5
    if n % 10 == 0:
        return 3
    return 2 if n % 5 == 0 else 1


# -- the example ----------------------------------------------------------------------------------------

def test_six_nimmt_validates_and_lists_104_numbered_cards_with_their_bullheads(cli):
    r = cli("validate", "six-nimmt", "--specs", NIMMT / "card_specs")
    assert (r.code, r.out.strip()) == (0, "six-nimmt: ok"), r.out + r.err
    comps = listed(cli, NIMMT / "card_specs")
    assert list(comps) == [f"card-{n}" for n in range(1, 105)]
    assert [comps[f"card-{n}"]["bullheads"] for n in (55, 44, 30, 25, 7)] == [7, 5, 3, 2, 1]
    assert comps["card-55"] == {"id": "card-55", "kind": "card", "count": 1, "back": "six-back", "number": 55,
                                "bullheads": 7}
    assert all(c["bullheads"] == bullheads(c["number"]) for c in comps.values())
    assert sum(c["bullheads"] for c in comps.values()) == 171
    text = cli("list", "six-nimmt", "--specs", NIMMT / "card_specs").out
    assert text.splitlines()[0] == "6 nimmt!: 104 components, 104 cards"  # the name, written as one text


def test_six_nimmt_builds_every_card_with_its_number_and_bullheads(cli, tmp_path):
    import pdfplumber

    r = cli("build", "six-nimmt", "--specs", NIMMT / "card_specs", "--out", tmp_path / "out")
    assert r.code == 0, r.out + r.err
    assert "six-nimmt: 104 cards" in r.out
    sheet = json.loads((tmp_path / "out" / "six-nimmt.json").read_text(encoding="utf-8"))
    fronts = {p["id"]: (page["page"], p["trim_mm"]) for page in sheet["pages"] if page["side"] == "front"
              for p in page["pieces"]}
    assert len(fronts) == 104
    with pdfplumber.open(tmp_path / "out" / "six-nimmt.pdf") as pdf:
        for n in (55, 44, 30, 25, 7):
            page, trim = fronts[f"card-{n}"]
            shown = text_in(pdf.pages[page - 1], trim)
            assert str(n) in shown and f"bullheads: {bullheads(n)}" in shown, shown
    where = cli("where", "six-nimmt", "card-55", "--specs", NIMMT / "card_specs", "--out", tmp_path / "out")
    assert where.code == 0 and where.out.startswith("card-55: page "), where.out + where.err


def test_six_nimmt_deals_ten_each_and_four_row_starters(cli):
    r = cli("setup", "six-nimmt", "--players", "10", "--seed", "3", "--format", "json",
            "--specs", NIMMT / "card_specs")
    assert r.code == 0, r.out + r.err
    deal = r.json()
    hands = [p["hand"] for p in deal["private"].values()]
    rows = deal["public"]["rows"]
    assert [len(h) for h in hands] == [10] * 10 and len(rows) == 4
    dealt = [c["id"] for h in hands for c in h] + [c["id"] for c in rows]
    assert sorted(dealt) == sorted(f"card-{n}" for n in range(1, 105))  # 10 players: every card
    assert all(c["bullheads"] == bullheads(c["number"]) for h in hands for c in h)
    too_many = cli("setup", "six-nimmt", "--players", "11", "--specs", NIMMT / "card_specs")
    assert too_many.code == 2 and "played by 2 to 10 players" in too_many.err


def test_rules_over_a_derived_field_blame_the_range_line(cli, nimmt):
    nimmt.edit(SPEC, "where: { bullheads: 7 } }, exactly: 1 }", "where: { bullheads: 7 } }, exactly: 0 }")
    r = validate(cli)
    assert r.code == 1, r.out
    line = nimmt.line_of(SPEC, "range: 1..104")
    one(r, "SEVEN", f"{SPEC}:{line}:", "1 card", "bullheads 7", "card-55", f"(line {line})")


def test_a_written_card_beside_the_range_is_counted_with_it(cli, nimmt):
    nimmt.edit(SPEC, "range: 1..104", "range: 1..103")
    nimmt.edit(SPEC, "   # card-1 … card-104", "\n  - { id: card-104, kind: card, number: 55 }")
    r = validate(cli)
    assert r.code == 1, r.out
    one(r, "NUMBERS", nimmt.at(SPEC, "55 }", after="id: card-104"), "'card-104' has the same number '55' as 'card-55'")
    one(r, "BULLHEADS", None, "adds up to 177, expected 171")  # its bullheads derived like the others'


# -- a range's mistakes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("written, words", [
    ("1..", "'range' of a component entry is '1..', expected LOW..HIGH, two whole numbers such as 1..104"),
    ("a..b", "is 'a..b', expected LOW..HIGH"),
    ("104", "is the number 104, expected LOW..HIGH"),
    ("1...104", "is '1...104', expected LOW..HIGH"),
    ("5..2", "range 5..2 runs downwards; write the lower number first: 2..5"),
])
def test_a_range_that_is_no_range_is_located(cli, nimmt, written, words):
    nimmt.edit(SPEC, "range: 1..104", f"range: {written}")
    r = validate(cli)
    assert r.code == 2, r.out
    one(r, "SPEC-RANGE-SYNTAX", nimmt.at(SPEC, written, after="components:"), words)
    assert codes(r) == ["SPEC-RANGE-SYNTAX"]


def test_ranges_have_a_budget(cli, nimmt):
    nimmt.edit(SPEC, "range: 1..104", "range: 1..6000")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-RANGE-BUDGET", nimmt.at(SPEC, "1..6000"), "range 1..6000 makes 6000 components",
        "at most 5000 together")
    nimmt.edit(SPEC, "range: 1..6000", "range: 1..3000")
    nimmt.edit(SPEC, "   # card-1 … card-104", '\n  - { range: 3001..6000, kind: card, id: "more-{n}", number: 1 }')
    r = validate(cli)
    one(r, "SPEC-RANGE-BUDGET", nimmt.at(SPEC, "3001..6000"), "(3000 made already)")


def test_a_generated_id_that_clashes_with_a_written_one_is_located(cli, nimmt):
    line = nimmt.line_of(SPEC, "range: 1..104")
    nimmt.edit(SPEC, "   # card-1 … card-104", "\n  - { id: card-7, kind: card, number: 7 }")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-DUPLICATE-ID", nimmt.at(SPEC, "card-7"),
        f"component id 'card-7' is used twice (first at line {line}, range 1..104 at n=7)")


def test_a_written_id_that_a_range_makes_again_is_located_at_the_range(cli, nimmt):
    nimmt.edit(SPEC, "  - " + RANGE, "  - { id: card-7, kind: card, number: 7 }\n  - " + RANGE)
    r = validate(cli)
    assert r.code == 2
    written = nimmt.line_of(SPEC, "id: card-7")
    one(r, "SPEC-DUPLICATE-ID", nimmt.at(SPEC, '"card-{n}"'),
        f"component id 'card-7' (range 1..104 at n=7) is used twice (first at line {written})")


def test_a_range_id_without_n_and_an_unknown_placeholder(cli, nimmt):
    nimmt.edit(SPEC, 'id: "card-{n}"', 'id: "card"')
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-RANGE-ID", nimmt.at(SPEC, '"card"'), "the id 'card' of a range entry has no {n}")
    assert codes(r) == ["SPEC-RANGE-ID"]  # not 103 duplicate ids
    nimmt.edit(SPEC, 'id: "card"', 'id: "card-{n}", back: "{side}"')
    r = validate(cli)
    one(r, "SPEC-RANGE-FILL", nimmt.at(SPEC, '"{side}"'), "'{side}' is not filled in by a range; only {n} is")


def test_a_template_mistake_is_told_once_for_the_whole_range(cli, nimmt):
    nimmt.edit(SPEC, 'id: "card-{n}"', 'id: "Card-{n}"')
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-ID", nimmt.at(SPEC, '"Card-{n}"'), "'Card-1' is not a valid id", "and so for 103 more")


def test_a_number_outside_its_field_names_the_card(cli, nimmt):
    nimmt.edit(SPEC, "range: 1..104", "range: 1..105")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-RANGE", nimmt.at(SPEC, '"{n}" }'), "'number' of range 1..105 at n=105 'card-105' is 105, "
                                                   "expected a whole number from 1 to 104")


# -- a derived field is never written --------------------------------------------------------------------

def test_a_derived_field_written_in_a_range_is_located_once(cli, nimmt):
    nimmt.edit(SPEC, 'number: "{n}" }', 'number: "{n}", bullheads: 1 }')
    cases = nimmt.line_of(SPEC, "derive:")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-DERIVED", nimmt.at(SPEC, "1 }", after="bullheads: 1"),
        f"'bullheads' of range 1..104 at n=1 'card-1' is derived from 'number' (by the cases at line {cases})",
        "so it is not written", "and so for 103 more")


def test_a_derived_field_written_on_a_component_or_in_a_table_cell_is_located(cli, nimmt):
    nimmt.edit(SPEC, "range: 1..104", "range: 1..101")
    nimmt.edit(SPEC, "   # card-1 … card-104", "\n  - { id: card-102, kind: card, number: 102, bullheads: 3 }"
                                              "\n  - { table: more.csv, kind: card }")
    nimmt.write("card_specs/more.csv", "id,number,bullheads\ncard-103,103,\ncard-104,104,5\n")
    r = validate(cli)
    assert r.code == 2
    assert sorted(diags(r, "SPEC-DERIVED")) == diags(r, "SPEC-DERIVED")
    one_at = nimmt.at(SPEC, "3 }", after="bullheads: 3")
    assert [x.split(": error")[0] for x in diags(r, "SPEC-DERIVED")] == ["card_specs/more.csv:3:3", one_at]
    assert "'bullheads' of row 3 of card_specs/more.csv 'card-104' is derived from 'number' (by the cases at " \
           f"{SPEC}:{nimmt.line_of(SPEC, 'derive:')})" in r.out


@pytest.mark.parametrize("old, new, needle, words", [
    ("from: number", "from: numbr", "numbr", "derived from 'numbr', which is not a field of its kind"),
    ("from: number", "from: bullheads", "bullheads\n", "is derived from itself"),
    ("      - { otherwise: 1 }", "      - { otherwise: 1 }\n          - { equals: 3, value: 2 }", "{ equals: 3",
     "case 6 of the derive of field 'bullheads' of kind 'card' comes after 'otherwise' (case 5) and is never reached"),
    ("- { otherwise: 1 }", "- { multiple_of: 2, value: 1 }", "- { equals: 55",
     "do not give every card a value: no case matches a 'number' of 1 (nor 37 more of its values); "
     "end them with { otherwise: VALUE }"),
    ("- { otherwise: 1 }", "- { otherwise: 1, value: 1 }", "{ otherwise: 1, value",
     "an 'otherwise' case has no 'value'"),
    ("- { multiple_of: 11, value: 5 }", "- { multiple_of: 11 }", "{ multiple_of: 11 }", "it has no 'value'"),
    ("- { multiple_of: 11, value: 5 }", "- { multiple_of: 11, equals: 3, value: 5 }", "{ multiple_of: 11, eq",
     "needs exactly one test, one of equals, multiple_of or otherwise; it has multiple_of or equals"),
])
def test_a_derive_that_cannot_be_read_is_located(cli, nimmt, old, new, needle, words):
    nimmt.edit(SPEC, old, new)
    r = validate(cli)
    assert r.code == 2, r.out
    one(r, "DECLARE-DERIVE", nimmt.at(SPEC, needle, after="derive:"), words)


def test_a_case_value_is_checked_against_the_field(cli, nimmt):
    nimmt.edit(SPEC, "- { equals: 55, value: 7 }", "- { equals: 155, value: 9 }")
    r = validate(cli)
    assert r.code == 2
    has(r, "SPEC-RANGE", nimmt.at(SPEC, "155"), "'equals' of case 1 of the derive of field 'bullheads'",
        "is 155, expected a whole number from 1 to 104")
    has(r, "SPEC-RANGE", nimmt.at(SPEC, "9 }", after="155"), "the value of case 1", "is 9, expected a whole number "
                                                                                   "from 1 to 7")


def test_a_derived_field_has_no_default(cli, nimmt):
    nimmt.edit(SPEC, "      int: [1, 7]\n", "      int: [1, 7]\n      default: 1\n")
    r = validate(cli)
    assert r.code == 2
    one(r, "DECLARE-DERIVE", nimmt.at(SPEC, "default:"), "is derived, so it has no default")


# -- a range and a derive on another game: text, choices, a name in one text ------------------------------

TILES = """game: tiles
name: Tiles
players: [2]
kinds:
  tile:
    colour: { choice: [red, blue, gold] }
    worth:
      int: [0, 5]
      derive: { from: colour, cases: [{ equals: [red, blue], value: 1 }, { equals: gold, value: 3 }] }
    title: { text: 20 }
    marks: { list: { int: [0, 99] }, required: false }
components:
  - { range: 1..3, kind: tile, id: "red-{n}", colour: red, title: { en: "Red {n}", zh-TW: "紅 {n} 號" }, marks: ["{n}", 7] }
  - { range: 8..9, kind: tile, id: "gold-{n}", colour: gold, title: "Gold {{{n}}}", count: 2 }
"""


TILES_LAYOUT = """default: standard
editions:
  standard:
    card: { width: 40mm, height: 40mm }
    boxes:
      title: { x: 3mm, y: 3mm, width: 34mm, height: 10mm }
faces:
  tile:
    - { text: "{title} ({worth})", box: title }
"""


def tiles(tmp_path: Path, spec: str = TILES) -> Path:
    """The tiles game written into tmp_path: card_specs/tiles.yaml and layouts/tiles.yaml."""
    for part, text in (("card_specs", spec), ("layouts", TILES_LAYOUT)):
        (tmp_path / part).mkdir(exist_ok=True)
        (tmp_path / part / "tiles.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "card_specs" / "tiles.yaml"


def test_a_range_fills_text_and_lists_and_a_choice_derives_by_equals(cli, tmp_path):
    tiles(tmp_path)
    r = cli("list", "tiles", "--format", "json", "--specs", "card_specs")
    assert r.code == 0, r.out + r.err
    comps = {c["id"]: c for c in r.json()["components"]}
    assert list(comps) == ["red-1", "red-2", "red-3", "gold-8", "gold-9"]
    assert comps["red-2"]["title"] == {"en": "Red 2", "zh-TW": "紅 2 號"} and comps["red-2"]["marks"] == [2, 7]
    assert comps["gold-9"]["title"] == {"en": "Gold {9}"} and comps["gold-9"]["count"] == 2
    assert [c["worth"] for c in comps.values()] == [1, 1, 1, 3, 3]
    assert cli("list", "tiles", "--specs", "card_specs").out.startswith("Tiles: 5 components, 7 cards")


def test_cases_that_leave_a_choice_without_a_value_are_located(cli, tmp_path):
    tiles(tmp_path, TILES.replace(", { equals: gold, value: 3 }", ""))
    r = cli("validate", "tiles", "--specs", "card_specs")
    assert r.code == 2, r.out
    one(r, "DECLARE-DERIVE", "card_specs/tiles.yaml:9:38", "no case matches a 'colour' of gold",
        "end them with { otherwise: VALUE }")


def test_a_declared_games_name_is_one_text_or_both_languages(cli, tmp_path):
    spec = tiles(tmp_path, TILES.replace("name: Tiles", "name: { en: Tiles, zh-TW: 磚 }"))
    assert cli("list", "tiles", "--specs", "card_specs").out.startswith("Tiles: 5 components")
    spec.write_text(TILES.replace("name: Tiles", "name: [Tiles]"), encoding="utf-8")
    r = cli("validate", "tiles", "--specs", "card_specs")
    assert r.code == 2
    one(r, "SPEC-TYPE", "card_specs/tiles.yaml:2:7", "'name' of the tiles spec is a list, expected one text "
                                                     "(for every language) or a mapping with keys en, zh-TW")


def test_the_name_in_one_text_is_printed_in_every_language(cli):
    r = cli("setup", "six-nimmt", "--players", "3", "--lang", "zh-TW", "--specs", NIMMT / "card_specs")
    assert r.code == 0, r.err
    assert r.out.startswith("6 nimmt!：3 位玩家")


def test_lantern_walk_named_in_one_text(cli, game):
    game.edit("card_specs/lanterns.yaml", "name: { en: Lantern Walk, zh-TW: 燈籠夜遊 }", "name: Lantern Walk")
    r = cli("validate", "lanterns", "--specs", "card_specs")
    assert (r.code, r.out.strip()) == (0, "lanterns: ok"), r.out + r.err
    assert cli("list", "lanterns", "--specs", "card_specs").out.startswith("Lantern Walk: 48 components")
    r = cli("setup", "lanterns", "--players", "2", "--lang", "zh-TW", "--specs", "card_specs")
    assert r.code == 0 and r.out.startswith("Lantern Walk：2 位玩家"), r.out + r.err


def test_the_guides_copy_of_an_example_file_is_that_file_word_for_word():
    """A YAML block of docs/own-game.md whose first line names an example file (`# examples/…`)
    is that file as it is — the example the tests above validate, build and deal."""
    import re

    root = NIMMT.parents[1]
    guide = (root / "docs" / "own-game.md").read_text(encoding="utf-8")
    copies = 0
    for m in re.finditer(r"^```yaml\n# (examples/\S+\.yaml)\n(.*?)^```", guide, re.M | re.S):
        assert (root / m[1]).read_text(encoding="utf-8") == m[2], f"docs/own-game.md's copy of {m[1]} differs"
        copies += 1
    assert copies > 0  # the guide does copy example files
