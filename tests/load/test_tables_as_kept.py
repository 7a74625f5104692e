"""Tables as designers keep them (issue 26): no `id` column (pnp derives each row's id), the
copies as `qty`/`Qty`/`quantity`/`copies`, headers in any case and with spaces, a sheet by its
number, a bad byte located at its column. Each test runs `pnp` in-process on a copy of the
Lantern Walk example (examples/lanterns) and reads what a user sees: exit codes, located
diagnostics, the components `pnp list` prints, `pnp where` and `--only` after a build."""
from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"
SPEC = "card_specs/lanterns.yaml"
CSV = "card_specs/lanterns.csv"
XLSX = "card_specs/lanterns.xlsx"
ENTRY = "{ table: lanterns.csv, kind: lantern }"
LOCATED = re.compile(r"^(?P<at>[^\s]+:\d+:\d+): (?:error|warning)\[(?P<code>[A-Z0-9-]+)\]: (?P<msg>.*)$")


@pytest.fixture
def game(tmp_path):
    """examples/lanterns copied into tmp_path, the folder the `cli` fixture runs in."""
    for part in ("card_specs", "layouts"):
        shutil.copytree(EXAMPLE / part, tmp_path / part)
    return tmp_path


def rows(root: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO((root / CSV).read_text(encoding="utf-8"), newline="")))


def write_rows(root: Path, table: list[list], rel: str = CSV) -> None:
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator="\n").writerows(table)
    (root / rel).write_text(out.getvalue(), encoding="utf-8")


def without_id(table: list[list[str]]) -> list[list[str]]:
    """The example's table as a designer keeps it: no id column."""
    assert table[0][0] == "id"
    return [r[1:] for r in table]


def edit(root: Path, rel: str, old: str, new: str) -> None:
    text = (root / rel).read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    (root / rel).write_text(text.replace(old, new, 1), encoding="utf-8")


def no_rules(root: Path) -> None:
    """The spec without its deck rules: the tests below add and remove rows freely."""
    text = (root / SPEC).read_text(encoding="utf-8")
    start, end = text.index("rules:"), text.index("setup:")
    (root / SPEC).write_text(text[:start] + text[end:], encoding="utf-8")


def located(r) -> list[tuple[str, str, str]]:
    """(FILE:LINE:COL, code, message) of every located diagnostic printed."""
    return [(m["at"], m["code"], m["msg"]) for m in (LOCATED.match(x) for x in (r.out + r.err).splitlines()) if m]


def one(r, code: str, at: str, *words: str) -> str:
    found = [d for d in located(r) if d[1] == code]
    assert len(found) == 1, f"expected one {code}, got {found}\n{r.out}{r.err}"
    assert found[0][0] == at, f"{found[0]} is not at {at}"
    for w in words:
        assert w in found[0][2], f"{w!r} not in {found[0][2]!r}"
    return found[0][2]


def validate(cli):
    r = cli("validate", "lanterns", "--specs", "card_specs")
    assert "Traceback" not in r.out + r.err, r.out + r.err
    return r


def listed(cli) -> list[dict]:
    """The lantern components `pnp list` prints, in order."""
    r = cli("list", "lanterns", "--specs", "card_specs", "--format", "json")
    assert r.code == 0, r.out + r.err
    return [c for c in r.json()["components"] if c["kind"] == "lantern"]


def ids(cli) -> dict[str, str]:
    """English title -> id of every lantern."""
    return {c["title"]["en"] if isinstance(c["title"], dict) else c["title"]: c["id"] for c in listed(cli)}


# -- the id column is optional ------------------------------------------------------------------

def test_a_table_without_an_id_column_validates_builds_and_is_found_by_its_derived_ids(cli, game):
    write_rows(game, without_id(rows(game)))
    r = validate(cli)
    assert r.code == 0, r.out + r.err
    got = ids(cli)
    assert len(got) == 40 and got["Red Moth"] == "red-moth" and got["Jade Crane"] == "jade-crane"
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9-]{0,63}", i) for i in got.values())
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    assert r.code == 0, r.out + r.err
    sheet_map = json.loads((game / "out" / "lanterns.json").read_text())
    placed = {p["id"] for page in sheet_map["pages"] for p in page["pieces"]}
    assert {"red-moth", "jade-crane"} <= placed
    r = cli("where", "lanterns", "red-moth", "--out", "out", "--specs", "card_specs")
    assert r.code == 0 and "red-moth" in r.out and "page" in r.out, r.out + r.err
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out", "--only", "jade-crane")
    assert r.code == 0, r.out + r.err
    assert (game / "out" / "lanterns-reprint.pdf").exists()


def test_a_bad_cell_of_a_table_without_ids_is_told_at_its_cell_naming_the_derived_id(cli, game):
    table = without_id(rows(game))
    table[3][1] = "three"  # red-3's value, column C of the file without its id column
    write_rows(game, table)
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-TYPE", f"{CSV}:4:2", "row 4 of card_specs/lanterns.csv 'red-crane'", "the text 'three'")


def test_derived_ids_do_not_change_when_other_rows_are_added_removed_or_reordered(cli, game):
    no_rules(game)
    table = without_id(rows(game))
    write_rows(game, table)
    before = ids(cli)
    header, body = table[0], table[1:]
    changed = [header, ["gold", "7", "Gold Comet", "金彗星燈", ""]] + list(reversed(body[5:]))  # rows 1-5 gone
    write_rows(game, changed)
    after = ids(cli)
    assert after["Gold Comet"] == "gold-comet"
    assert {t: i for t, i in after.items() if t != "Gold Comet"} == {t: before[t] for t in after if t != "Gold Comet"}


def test_rows_of_one_name_take_a_suffix_from_their_own_cells(cli, game):
    """Two rows called alike: each id gets a short hash of that row's own cells, so it is the same
    whatever order the rows are in and whatever other rows there are; only rows identical in
    every cell are told apart by their order (-2)."""
    no_rules(game)
    table = without_id(rows(game))
    table.append(["gold", "6", "Red Moth", "", ""])
    write_rows(game, table)
    first = [c["id"] for c in listed(cli) if c["title"]["en"] == "Red Moth"]
    assert len(first) == 2 and len(set(first)) == 2
    assert all(re.fullmatch(r"red-moth-[0-9a-f]{6}", i) for i in first), first
    others = {t: i for t, i in ids(cli).items() if t != "Red Moth"}
    assert others["Red Carp"] == "red-carp"
    write_rows(game, [table[0], table[-1]] + table[1:-1][::-1] + [["violet", "3", "Violet Owl", "", ""]])
    again = {(c["colour"], c["value"]): c["id"] for c in listed(cli) if c["title"]["en"] == "Red Moth"}
    assert sorted(again.values()) == sorted(first)
    assert again[("gold", 6)] != again[("red", 1)]
    table.append(["gold", "6", "Red Moth", "", ""])  # the same row again, cell for cell
    write_rows(game, table)
    twins = [c["id"] for c in listed(cli) if c["title"]["en"] == "Red Moth"]
    assert len(set(twins)) == 3 and twins[2] == twins[1] + "-2"


def test_a_table_without_text_fields_names_rows_by_their_values(cli, game):
    """Without a text column an id is the row's choice and number cells (Hanabi's colour and
    value: red-1); a title that has no letters a slug keeps (all Chinese) is passed over."""
    no_rules(game)
    table = without_id(rows(game))
    table = [r[:2] + [r[3], r[4]] for r in table]  # colour, value, title (in Chinese only), icons
    table[0][2] = "title"
    write_rows(game, table)
    assert validate(cli).code == 0
    got = [c["id"] for c in listed(cli)]
    assert got[:3] == ["red-1", "red-2", "red-3"] and len(set(got)) == 40
    edit(game, SPEC, "title:  { text: 24 }", "title:  { text: 24, required: false }")
    write_rows(game, [r[:2] for r in table])
    assert [c["id"] for c in listed(cli)] == got


def test_a_table_with_an_id_column_keeps_its_ids(cli, game):
    assert ids(cli)["Red Moth"] == "red-1"
    table = rows(game)
    table[3][0] = ""
    write_rows(game, table)
    r = validate(cli)
    assert r.code == 2  # a blank id in an id column is still missing, not derived
    assert any(code == "SPEC-MISSING-KEY" and at.startswith(f"{CSV}:4:") for at, code, _ in located(r)), r.out


def test_a_header_of_no_known_column_is_one_error_at_its_first_cell(cli, game):
    write_rows(game, [["Name", "Colour and value"]] + [["x", "y"]] * 3)
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:1:1", "has no 'id' column", "'Name'", "'Colour and value'",
        "accepted columns: id, count")


# -- the copies column ----------------------------------------------------------------------------

@pytest.mark.parametrize("header", ["qty", "Qty", "QTY", "quantity", "Copies", "COUNT"])
def test_the_copies_column_in_any_of_its_names(cli, game, header):
    no_rules(game)
    table = without_id(rows(game))
    table[0].append(header)
    for r in table[1:]:
        r.append("")
    table[2][-1] = "3"
    write_rows(game, table)
    assert validate(cli).code == 0
    got = {c["id"]: c["count"] for c in listed(cli)}
    assert got["red-carp"] == 3 and got["red-moth"] == 1
    table[4][-1] = "0"
    write_rows(game, table)
    one(validate(cli), "SPEC-RANGE", f"{CSV}:5:6", "'count' of row 5", "is 0")


def test_two_copies_columns_are_an_error_naming_both(cli, game):
    table = rows(game)
    table[0] += ["count", "Qty"]
    for r in table[1:]:
        r += ["1", "1"]
    write_rows(game, table)
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:1:8", "'count' (column 7, G1)", "'Qty' (column 8, H1)", "copies")


# -- header matching ------------------------------------------------------------------------------

def test_headers_match_fields_ignoring_case_with_spaces_read_as_underscores(cli, game):
    edit(game, SPEC, "icons:  { list", "flavour_text: { text: 60, required: false }\n    icons:  { list")
    table = without_id(rows(game))
    table[0] = ["Colour", "VALUE", "Title", "Title.ZH-tw", "Icons"] + ["Flavour   Text"]
    for r in table[1:]:
        r.append("")
    table[1][-1] = "It came in from the cold"
    write_rows(game, table)
    r = validate(cli)
    assert r.code == 0, r.out + r.err
    moth = listed(cli)[0]
    assert moth["id"] == "red-moth" and moth["value"] == 1 and moth["title"] == {"en": "Red Moth", "zh-TW": "紅蛾燈"}
    assert moth["flavour_text"] == {"en": "It came in from the cold"}


def test_a_header_twice_after_matching_is_an_error_at_the_second_naming_both(cli, game):
    table = rows(game)
    table[0][5] = "Colour"
    write_rows(game, table)
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:1:6", "column 'Colour' appears twice", "first at column 2 (B1) as 'colour'",
        "again at column 6 (F1)")


def test_a_plain_title_and_its_english_column_are_one_column(cli, game):
    table = rows(game)
    table[0][5] = "title.en"
    write_rows(game, table)
    one(validate(cli), "TABLE-COLUMN", f"{CSV}:1:6", "column 'title.en' appears twice", "first at column 4 (D1)")


# -- a sheet by its number ------------------------------------------------------------------------

def workbook(path: Path, sheets: list[tuple[str, list[list]]]) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, table in sheets:
        ws = wb.create_sheet(name)
        for row in table:
            ws.append([int(v) if isinstance(v, str) and v.isdigit() else v for v in row])
    wb.save(path)


NOTES = [["notes, not cards"]]


def test_a_sheet_by_its_number(cli, game):
    workbook(game / XLSX, [("Notes", NOTES), ("Lanterns", rows(game))])
    edit(game, SPEC, ENTRY, "{ table: lanterns.xlsx, sheet: 2, kind: lantern }")
    assert validate(cli).code == 0
    table = rows(game)
    table[3][2] = "three"
    workbook(game / XLSX, [("Notes", NOTES), ("Lanterns", table)])
    one(validate(cli), "SPEC-TYPE", f"{XLSX}[Lanterns]:4:3", "'red-3' is the text 'three'")


def test_a_sheet_number_out_of_range_lists_the_sheets(cli, game):
    workbook(game / XLSX, [("Notes", NOTES), ("Lanterns", rows(game))])
    edit(game, SPEC, ENTRY, "{ table: lanterns.xlsx, sheet: 3, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    line = (game / SPEC).read_text(encoding="utf-8").splitlines()
    n = next(i for i, x in enumerate(line, 1) if "sheet: 3" in x)
    one(r, "TABLE-SHEET", f"{SPEC}:{n}:{line[n - 1].index('3,') + 1}", "no sheet 3", "2 sheets are 1 'Notes', 2 'Lanterns'")
    edit(game, SPEC, "sheet: 3", "sheet: 0")
    assert "TABLE-SHEET" in [c for _, c, _ in located(validate(cli))]


def test_a_sheet_named_like_a_number_is_found_by_its_name_first(cli, game):
    workbook(game / XLSX, [("Notes", NOTES), ("Old", NOTES), ("2", rows(game))])
    edit(game, SPEC, ENTRY, "{ table: lanterns.xlsx, sheet: 2, kind: lantern }")
    r = validate(cli)
    assert r.code == 0, r.out + r.err


def test_a_sheet_that_is_neither_a_name_nor_a_number(cli, game):
    workbook(game / XLSX, [("Lanterns", rows(game))])
    edit(game, SPEC, ENTRY, "{ table: lanterns.xlsx, sheet: 1.5, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    assert [c for _, c, _ in located(r)] == ["SPEC-TYPE"], r.out
    assert "a sheet's name or number" in r.out


# -- the encoding error's column ------------------------------------------------------------------

def test_a_byte_that_is_not_utf8_is_told_at_its_line_and_column(cli, game):
    data = (game / CSV).read_bytes().replace("紅鶴燈".encode(), "紅鶴燈".encode("big5"))
    (game / CSV).write_bytes(data)
    line = "red-3,red,3,Red Crane,紅鶴燈,star"
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-ENCODING", f"{CSV}:4:{line.index('紅') + 1}", "byte 0xac is not UTF-8")


def test_the_encoding_column_counts_characters_after_a_bom_and_earlier_wide_ones(cli, game):
    data = (game / CSV).read_bytes().replace("紅蛾燈,".encode(), "紅蛾燈".encode() + b"\xe9,")
    (game / CSV).write_bytes(b"\xef\xbb\xbf" + data)
    line = "red-1,red,1,Red Moth,紅蛾燈"
    one(validate(cli), "TABLE-ENCODING", f"{CSV}:2:{len(line) + 1}", "byte 0xe9")
    (game / CSV).write_bytes(b"\xef\xbb\xbfid\xff" + data[2:])
    one(validate(cli), "TABLE-ENCODING", f"{CSV}:1:3", "byte 0xff")


def test_derived_ids_keep_clear_of_the_ids_the_spec_writes(game):
    """`entry_rows(…, taken)`: a slug another entry of the spec uses takes its row's hash, and the
    table's ids are added to `taken` for the entries after it (pnp/load/spec.py passes the ids the
    spec writes)."""
    from pnp.diagnostics import Report
    from pnp.load.schema import Choice, Field, Int, ListOf, Localized
    from pnp.load.spec import COMMON_TYPES
    from pnp.load.tables import entry_rows
    from pnp.load.yamlload import load

    write_rows(game, without_id(rows(game)))
    entry = load(game / SPEC, SPEC).value["components"].value[0]
    kinds = {"lantern": [Field("colour", Choice(["red", "gold", "jade", "violet"])), Field("value", Int(1, 10)),
                         Field("title", Localized(24)), Field("icons", ListOf(Choice(["star", "moon"])), False)]}
    taken = {"red-moth", "wish-red-2"}
    report = Report()
    got, _ = entry_rows(entry, kinds, COMMON_TYPES, game / "card_specs", report, taken)
    made = [node.value["id"].value for node, _ in got]
    assert not report.items
    assert re.fullmatch(r"red-moth-[0-9a-f]{6}", made[0]) and made[1] == "red-carp" and len(set(made)) == 40
    assert set(made) | {"red-moth", "wish-red-2"} == taken
