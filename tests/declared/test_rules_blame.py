"""A declared game's deck rules as a designer meets them (issue 26): an `every` whose `where`
narrows a counted field counts only what `where` keeps; a rule limited to `variant: default`
holds in the game without a variant; and a misprinted value is told at the card that is
probably wrong, with what it probably should be. Each asserted as `pnp validate` prints it:
exit code, FILE:LINE:COL, code and words."""
from __future__ import annotations

from pathlib import Path

from declared_kit import CSV, SPEC, codes, diags, has, no_traceback, one
from declared_fixtures import game  # noqa: F401  (fixtures)

COLOURS = ("white", "yellow", "green", "blue", "red")
COPIES = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}  # Hanabi: three 1s, two 2s, 3s and 4s, one 5 of each colour

FIREWORKS = """\
game: fireworks
name: Fireworks
players: [2, 3, 4, 5]
kinds:
  firework:
    colour: { choice: [white, yellow, green, blue, red] }
    value:  { int: [1, 5] }
components:
  - { table: fireworks.csv, kind: firework }
rules:
  - { code: ONES, every: { kind: firework, fields: [colour, value], where: { value: 1 } }, exactly: 3 }
  - { code: MIDDLES, every: { kind: firework, fields: [colour, value], where: { value: [2, 3, 4] } }, exactly: 2 }
  - { code: FIVES, every: { kind: firework, fields: [colour, value], where: { value: 5 } }, exactly: 1 }
  - { code: COLOURS, every: { kind: firework, fields: [colour] }, exactly: 10 }
setup:
  - { shuffle: [firework] }
  - { deal: 5 }
  - { pile: draw }
"""
LAYOUT = """\
default: standard
editions:
  standard:
    card: { width: 44mm, height: 67mm }
    boxes:
      big: { x: 8mm, y: 21mm, width: 28mm, height: 24mm, text: 40pt }
faces:
  firework:
    - { text: "{value}", box: big }
"""
FSPEC, FCSV = "card_specs/fireworks.yaml", "card_specs/fireworks.csv"


def fireworks(root: Path, spec: str = FIREWORKS, rows: list[str] | None = None, named: bool = False) -> list[str]:
    """Hanabi's fireworks as a designer keeps them: one row a colour and value, with its copies
    (`id,colour,value,count`; ids f1, f2 … or, `named`, red-4 …). Returns the table's lines."""
    made = enumerate(((c, v, n) for c in COLOURS for v, n in COPIES.items()), 1)
    lines = rows or ["id,colour,value,count"] + [(f"{c}-{v}" if named else f"f{i}") + f",{c},{v},{n}"
                                                 for i, (c, v, n) in made]
    (root / "card_specs").mkdir(exist_ok=True)
    (root / "layouts").mkdir(exist_ok=True)
    (root / FSPEC).write_text(spec, encoding="utf-8")
    (root / FCSV).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "layouts/fireworks.yaml").write_text(LAYOUT, encoding="utf-8")
    return lines


def validate(cli, game_id: str):
    r = cli("validate", game_id, "--specs", "card_specs")
    no_traceback(r)
    return r


def misprint(lines: list[str], old: str, new: str) -> tuple[list[str], int]:
    """The table with the row ending in `old` written with `new` instead; returns it and the row's
    line (the header is line 1)."""
    i = next(i for i, x in enumerate(lines) if x.endswith("," + old))
    return lines[:i] + [lines[i][: -len(old)] + new] + lines[i + 1:], i + 1


def rule_at(spec: str, code: str) -> str:
    """'FILE:LINE:COL' of a rule of the fireworks spec, as its breaks told at the rule begin."""
    lines = spec.splitlines()
    n = next(i for i, x in enumerate(lines) if f"code: {code}," in x)
    return f"{FSPEC}:{n + 1}:{lines[n].index('{') + 1}"


# -- 1. every with where on a counted field -----------------------------------------------------------

def test_every_counts_only_the_values_where_keeps(cli, tmp_path):
    """Hanabi's three rules by value validate: MIDDLES asks nothing of the 1s and 5s (it used to
    ask for 0 fireworks of colour white and value 1 with value 2 or 3 or 4, and find three)."""
    fireworks(tmp_path)
    r = validate(cli, "fireworks")
    assert (r.code, r.out.strip()) == (0, "fireworks: ok"), r.out + r.err


def test_a_value_short_under_where_names_its_combination_once(cli, tmp_path):
    lines, _ = misprint(fireworks(tmp_path), "blue,3,2", "blue,3,1")
    fireworks(tmp_path, rows=lines)
    r = validate(cli, "fireworks")
    assert r.code == 1
    line = one(r, "MIDDLES", rule_at(FIREWORKS, "MIDDLES"), "the deck has 1 firework of colour blue and value 3, "
                                                            "expected 2")
    assert "with value" not in line  # the filter is in the combination already


def test_where_on_a_field_not_counted_narrows_the_cards(cli, tmp_path):
    fireworks(tmp_path, FIREWORKS.replace("fields: [colour, value], where: { value: 1 } }, exactly: 3",
                                          "fields: [colour], where: { value: 1 } }, exactly: 3"))
    assert validate(cli, "fireworks").code == 0


def test_where_keeping_none_of_the_values_is_an_error_at_where(cli, tmp_path):
    spec = FIREWORKS.replace("where: { value: [2, 3, 4] }", "where: { value: [2, 3, 4], colour: [] }")
    fireworks(tmp_path, spec)
    r = validate(cli, "fireworks")
    assert r.code == 2
    n = next(i for i, x in enumerate(spec.splitlines()) if "MIDDLES" in x)
    one(r, "DECLARE-RULE", f"{FSPEC}:{n + 1}:{spec.splitlines()[n].index('{ value: [2') + 1}",
        "'where' keeps none of the values of colour or value that 'every' goes through")


# -- 2. variant: default ---------------------------------------------------------------------------------

def test_a_rule_limited_to_the_game_without_a_variant(cli, game):
    """The short variant takes the 1s and 10s out: forty lanterns hold without a variant only."""
    game.edit(SPEC, "  - { code: SHORT-DECK", "  - { code: FULL, count: { kind: lantern }, exactly: 40, variant: default }\n"
                                           "  - { code: SHORT, count: { kind: lantern }, exactly: 32, variant: short }\n"
                                           "  - { code: SHORT-DECK")
    r = validate(cli, "lanterns")
    assert (r.code, r.out.strip()) == (0, "lanterns: ok"), r.out + r.err
    game.edit(SPEC, "exactly: 40, variant: default", "exactly: 41, variant: default")
    r = validate(cli, "lanterns")
    assert r.code == 1
    one(r, "FULL", game.at(SPEC, "{ code: FULL"), "in the game without a variant, the deck has 40 lantern cards, "
                                                  "expected 41")
    assert codes(r) == ["FULL"]


def test_a_rule_limited_to_a_variant_is_measured_in_it(cli, game):
    game.edit(SPEC, "  - { code: SHORT-DECK", "  - { code: SHORT, count: { kind: lantern }, exactly: 40, variant: short }\n"
                                           "  - { code: SHORT-DECK")
    r = validate(cli, "lanterns")
    assert r.code == 1
    one(r, "SHORT", game.at(SPEC, "{ code: SHORT,"), "in the short variant, the deck has 32 lantern cards, expected 40")


def test_a_rule_for_a_variant_the_game_has_not(cli, game):
    game.edit(SPEC, "  - { code: SHORT-DECK", "  - { code: LONG, count: { kind: lantern }, exactly: 40, variant: long }\n"
                                           "  - { code: SHORT-DECK")
    r = validate(cli, "lanterns")
    assert r.code == 2
    one(r, "DECLARE-VARIANT", game.at(SPEC, "long }"), "'variant' of rule 6 is 'long', not a variant of the game",
        "expected short or default")


def test_the_default_key_of_a_bound_per_variant_still_holds(cli, game):
    game.edit(SPEC, "exactly: { default: 40, short: 32 }", "exactly: { default: 41, short: 32 }")
    r = validate(cli, "lanterns")
    assert r.code == 1
    one(r, "SHORT-DECK", game.at(SPEC, "{ code: SHORT-DECK"), "the deck has 40 lantern cards, expected 41")


# -- 3. blame: the misprinted card --------------------------------------------------------------------------

def test_a_misprinted_row_with_copies_is_blamed_for_both_breaks(cli, tmp_path):
    """Red 4 written as red 5 (two copies): two 4s too few and two 5s too many are both the row's
    value, probably a 4 — the only row whose one change mends both (the red 5 row has one copy)."""
    lines, row = misprint(fireworks(tmp_path), "red,4,2", "red,5,2")
    fireworks(tmp_path, rows=lines)
    r = validate(cli, "fireworks")
    assert r.code == 1
    at = f"{FCSV}:{row}:3"
    has(r, "MIDDLES", at, "the deck has 0 fireworks of colour red and value 4, expected 2", "— probably a misprint of 4")
    has(r, "FIVES", at, "the deck has 3 fireworks of colour red and value 5, expected 1", "— probably a misprint of 4")
    assert sorted(codes(r)) == ["FIVES", "MIDDLES"]
    assert all(x.startswith(at + ":") for x in diags(r, "MIDDLES") + diags(r, "FIVES"))


def test_a_misprinted_colour_is_blamed_at_its_cell(cli, tmp_path):
    """Green 1 written blue: either blue 1 row could be the wrong one, and the one whose id says
    green is blamed, at its colour."""
    lines, row = misprint(fireworks(tmp_path, named=True), "green,1,3", "blue,1,3")
    fireworks(tmp_path, rows=lines)
    r = validate(cli, "fireworks")
    assert r.code == 1
    at = f"{FCSV}:{row}:2"
    has(r, "COLOURS", at, "the deck has 7 fireworks of colour green, expected 10")
    has(r, "ONES", at, "the deck has 0 fireworks of colour green and value 1, expected 3")
    for x in diags(r, "ONES") + diags(r, "COLOURS"):
        assert x.startswith(at + ":") and x.endswith("— probably a misprint of green"), x


def test_the_same_misprint_with_ids_that_say_nothing_stays_where_told(cli, tmp_path):
    """Two blue 1 rows, either of which could be the green one: told as before, at the rules."""
    lines, _ = misprint(fireworks(tmp_path), "green,1,3", "blue,1,3")
    fireworks(tmp_path, rows=lines)
    r = validate(cli, "fireworks")
    assert r.code == 1
    has(r, "ONES", rule_at(FIREWORKS, "ONES"), "the deck has 0 fireworks of colour green and value 1, expected 3")
    assert "probably a misprint" not in r.out


def test_two_cards_alike_either_of_which_could_be_wrong_stay_where_told(cli, game):
    """gold-4's row printed as a 5, its id no longer saying which: either 5 could be the misprint."""
    game.edit(CSV, "gold-4,gold,4,", "nugget,gold,5,")
    r = validate(cli, "lanterns")
    assert r.code == 1
    has(r, "LANTERN-EACH", game.at(SPEC, "{ code: LANTERN-EACH"), "0 lanterns of colour gold and value 4")
    assert "probably a misprint" not in r.out


def test_of_two_cards_alike_the_one_whose_id_says_the_value(cli, game):
    """gold-4 printed as a 5: its id names the 4 that would mend every break."""
    row = game.edit(CSV, "gold-4,gold,4,", "gold-4,gold,5,")
    r = validate(cli, "lanterns")
    assert r.code == 1
    at = f"{CSV}:{row}:3"
    one(r, "LANTERN-VALUES", at, "adds up to 221, expected 220", "— probably a misprint of 4")
    has(r, "LANTERN-EACH", at, "the deck has 0 lanterns of colour gold and value 4, expected 1",
        "— probably a misprint of 4")
    has(r, "LANTERN-EACH", at, "the deck has 2 lanterns of colour gold and value 5, expected 1",
        "— probably a misprint of 4")
    assert sorted(codes(r)) == ["LANTERN-EACH", "LANTERN-EACH", "LANTERN-VALUES"]


def test_two_misprints_keep_todays_reports(cli, tmp_path):
    lines, _ = misprint(fireworks(tmp_path), "red,4,2", "red,5,2")
    lines, _ = misprint(lines, "white,2,2", "white,3,2")
    fireworks(tmp_path, rows=lines)
    r = validate(cli, "fireworks")
    assert r.code == 1
    has(r, "MIDDLES", rule_at(FIREWORKS, "MIDDLES"), "the deck has 0 fireworks of colour white and value 2, expected 2")
    assert "probably a misprint" not in r.out


def test_a_card_too_many_is_no_misprint(cli, game):
    """An extra row cannot be mended by changing one value: blamed as before, on the row that
    makes a combination one too many."""
    line = game.append_row("red-7b,red,7,Red Dragon Two,紅龍燈二,star")
    r = validate(cli, "lanterns")
    assert r.code == 1
    one(r, "LANTERNS", f"{CSV}:{line}:1", "the deck has 41 lantern cards, expected 40")
    assert "probably a misprint" not in r.out
