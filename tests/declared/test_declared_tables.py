"""Cards from a table: the example's CSV broken a cell at a time, the same cards in a workbook
(XLSX written by openpyxl, ODS written by hand), and a table of 20,000 rows. A cell's diagnostic
is `lanterns.csv:ROW:COL` (ROW the file's line, the header 1; COL from 1), in a workbook
`lanterns.xlsx[Lanterns]:ROW:COL`."""
from __future__ import annotations

import pytest
import os
import time

from declared_kit import CSV, SPEC, codes, diags, example_rows, has, no_traceback, ods, one, xlsx
from declared_fixtures import game  # noqa: F401  (fixtures)


def validate(cli):
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    return r


# -- CSV cells ------------------------------------------------------------------------------------------

def test_bad_cells_each_at_its_row_and_column(cli, game):
    game.edit(CSV, "red-3,red,3,", "red-3,red,three,")
    game.edit(CSV, "gold-4,gold,4,", "gold-4,gold,44,")
    game.edit(CSV, "jade-5,jade,5,Jade Rabbit,玉玉兔燈,moon", "jade-5,jade,5,Jade Rabbit,玉玉兔燈,sun")
    game.edit(CSV, "violet-2,violet,", "violet-2,purple,")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-TYPE", f"{CSV}:4:3", "'value' of row 4 of card_specs/lanterns.csv 'red-3' is the text 'three'",
        "expected a whole number from 1 to 10")
    one(r, "SPEC-RANGE", f"{CSV}:15:3", "'gold-4' is 44, expected a whole number from 1 to 10")
    has(r, "SPEC-VALUE", f"{CSV}:26:6", "'icons' of row 26", "'sun' is not known, expected one of star or moon")
    has(r, "SPEC-VALUE", f"{CSV}:33:2", "'violet-2'", "'purple'", "red, gold, jade or violet")
    assert len(codes(r)) == 4, r.out
    assert "lanterns: 4 errors; the game's rules are checked once the file reads cleanly" in r.out


def test_a_title_too_long_in_either_language(cli, game):
    game.edit(CSV, "red-4,red,4,Red Peony,紅牡丹燈,", "red-4,red,4,Red Peony,紅牡丹燈紅牡丹燈紅牡丹燈紅牡丹燈紅牡丹燈紅牡丹燈紅牡丹燈,")
    game.edit(CSV, "red-6,red,6,Red Lotus,", "red-6,red,6,Red Lotus of the Long Summer Night,")
    r = validate(cli)
    assert r.code == 2
    assert [x.split(": error")[0] for x in r.out.splitlines() if "error[" in x] == [f"{CSV}:5:5", f"{CSV}:7:4"]
    has(r, "SPEC-RANGE", f"{CSV}:5:5", "'zh-TW' of 'title' of row 5", "'red-4' is 28 characters long, expected at most 24")
    has(r, "SPEC-RANGE", f"{CSV}:7:4", "'en' of 'title' of row 7", "'red-6' is 34 characters long")


def test_count_column(cli, game):
    rows = game.rows()
    rows[0].append("count")
    for row in rows[1:]:
        row.append("")
    rows[3][-1] = "0"
    rows[5][-1] = "2"
    game.write_rows(rows)
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-RANGE", f"{CSV}:4:7", "'count' of row 4", "is 0, expected a whole number from 1 to 999")
    rows[3][-1] = ""
    game.write_rows(rows)
    r = validate(cli)
    assert r.code == 1  # red-5 x2: one red 5 too many, blamed on its count cell
    one(r, "LANTERN-EACH", f"{CSV}:6:7", "2 lanterns of colour red and value 5", "red-5 x2 (line 6)")
    one(r, "LANTERNS", f"{CSV}:6:7", "41 lantern cards")


def test_unknown_column_at_its_header_cell_naming_the_columns(cli, game):
    game.edit(CSV, "title.zh-TW,icons", "title.zh-TW,icon")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:1:6", "unknown column 'icon'",
        "accepted columns: id, count, back, image, image_box, image_bleed, colour, value, title or icons",
        "NAME.zh-TW")
    assert codes(r) == ["TABLE-COLUMN"]  # its cells are not judged again row by row


def test_language_column_of_a_field_that_is_no_text(cli, game):
    game.edit(CSV, "id,colour,value,title,title.zh-TW,icons", "id,colour,value,title,value.zh-TW,icons")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:1:5", "unknown column 'value.zh-TW'")


def test_a_column_twice_and_an_unknown_column_in_place_of_the_id(cli, game):
    game.edit(CSV, "id,colour,value,title,title.zh-TW,icons", "id,colour,value,title,title.zh-TW,colour")
    r = validate(cli)
    one(r, "TABLE-COLUMN", f"{CSV}:1:6", "column 'colour' appears twice", "first at column 2")
    game.edit(CSV, "id,colour,value,title,title.zh-TW,colour", "name,colour,value,title,title.zh-TW,icons")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:1:1", "unknown column 'name'")
    assert codes(r) == ["TABLE-COLUMN"]  # no id column: the rows' ids are derived from their titles


def test_a_list_cell_written_without_quotes(cli, game):
    """'star, moon' unquoted is two cells: the second, past the header's columns, is an error
    at it — not silently dropped."""
    game.edit(CSV, 'red-9,red,9,Red Tiger,紅虎燈,"star, moon"', "red-9,red,9,Red Tiger,紅虎燈,star, moon")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-COLUMN", f"{CSV}:10:7", "a cell in column 7 (' moon'".replace("' ", "'"), "the header names 6 columns",
        'in quotes, such as "star, moon"')


def test_duplicated_row(cli, game):
    line = game.append_row("red-7,red,7,Red Dragon,紅龍燈,star")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-DUPLICATE-ID", f"{CSV}:{line}:1", "component id 'red-7' is used twice (first at line 8)")
    assert codes(r) == ["SPEC-DUPLICATE-ID"]


def test_an_id_in_the_spec_and_in_the_table(cli, game):
    line = game.append_row("wish-red-2,red,7,Red Dragon Two,紅龍燈二,star")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-DUPLICATE-ID", game.at(SPEC, "wish-red-2"), f"'wish-red-2' is used twice (first at lanterns.csv:{line})")


def test_blank_rows_are_skipped(cli, game):
    game.edit(CSV, "red-4,", "\r\n,,,,,\r\n  ,  ,,\r\nred-4,")
    assert validate(cli).code == 0
    game.edit(CSV, "red-7,red,7,", "red-7,red,77,")
    r = validate(cli)
    one(r, "SPEC-RANGE", f"{CSV}:11:3", "'red-7' is 77")  # line 8 before the three blank lines


def test_a_quoted_cell_over_several_lines(cli, game):
    """Row numbers stay the file's lines after a cell that spans lines; a cell after it, on the
    next line of the file, is at that line."""
    game.edit(CSV, "red-2,red,2,Red Carp,紅鯉魚燈,", 'red-2,red,2,"Red\nCarp",紅鯉魚燈,sun')
    game.edit(CSV, "red-5,red,5,", "red-5,red,55,")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-VALUE", f"{CSV}:4:6", "'icons' of row 3", "'sun' is not known")
    one(r, "SPEC-RANGE", f"{CSV}:7:3", "'red-5' is 55")


def test_semicolons_and_crlf_as_a_spreadsheet_writes_them(cli, game):
    rows = example_rows()
    game.write(CSV, "\ufeff" + "\r\n".join(";".join(f'"{c}"' if ";" in c or "," in c else c for c in r)
                                           for r in rows) + "\r\n")
    assert validate(cli).code == 0
    game.edit(CSV, "red-3;red;3;", "red-3;red;x;")
    r = validate(cli)
    one(r, "SPEC-TYPE", f"{CSV}:4:3", "'red-3' is the text 'x'")


def test_tabs(cli, game):
    game.write(CSV, "\n".join("\t".join(r) for r in example_rows()) + "\n")
    assert validate(cli).code == 0


def test_not_utf8(cli, game):
    data = (game.path(CSV)).read_bytes().replace("紅鶴燈".encode(), "紅鶴燈".encode("big5"))
    game.path(CSV).write_bytes(data)
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-ENCODING", f"{CSV}:4:23", "is not UTF-8", "save the table as UTF-8 CSV")  # at the byte


def test_a_kind_column_instead_of_kind(cli, game):
    rows = game.rows()
    game.write_rows([["kind", *rows[0]]] + [["lantern", *r] for r in rows[1:]])
    game.point_table("{ table: lanterns.csv }")
    assert validate(cli).code == 0
    game.write_rows([rows[0]] + rows[1:])
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-MISSING-KEY", game.at(SPEC, "{ table: lanterns.csv }"), "no 'kind:' here and no kind column",
        "lantern, wish or back")


def test_table_outside_the_specs_folder(cli, game):
    (game.root / "lanterns.csv").write_bytes(game.path(CSV).read_bytes())
    game.point_table("{ table: ../lanterns.csv, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-OUTSIDE", game.at(SPEC, "../lanterns.csv"), "leads outside the spec's folder",
        "keep the table inside that folder")
    game.edit(SPEC, "../lanterns.csv", "/etc/hosts.csv")
    one(validate(cli), "TABLE-OUTSIDE", game.at(SPEC, "/etc/hosts.csv"), "is an absolute path", "such as hosts.csv")
    os.symlink(game.root / "lanterns.csv", game.path("card_specs/link.csv"))
    game.edit(SPEC, "/etc/hosts.csv", "link.csv")
    one(validate(cli), "TABLE-OUTSIDE", game.at(SPEC, "link.csv"), "leads outside the spec's folder")


def test_table_missing_names_the_tables_there(cli, game):
    game.point_table("{ table: lantern.csv, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-MISSING", game.at(SPEC, "lantern.csv"), "table 'lantern.csv' does not exist",
        "tables there: lanterns.csv")
    game.edit(SPEC, "lantern.csv", "lanterns.txt")
    game.path("card_specs/lanterns.txt").write_bytes(game.path(CSV).read_bytes())
    one(validate(cli), "TABLE-FORMAT", game.at(SPEC, "lanterns.txt"), "not a table file", ".csv")


def test_unknown_key_in_a_table_entry(cli, game):
    game.point_table("{ table: lanterns.csv, kind: lantern, sheets: One }")
    r = validate(cli)
    one(r, "SPEC-UNKNOWN-KEY", game.at(SPEC, "sheets"), "unknown key 'sheets' in a table entry", "table, kind or sheet")
    game.edit(SPEC, "sheets: One", "sheet: One")
    one(validate(cli), "TABLE-SHEET", game.at(SPEC, "One"), "'lanterns.csv' is a CSV file")


# -- workbooks -----------------------------------------------------------------------------------------

XLSX = "card_specs/lanterns.xlsx"


def test_xlsx_validates_like_the_csv(cli, game):
    xlsx(game.path(XLSX), example_rows())
    game.point_table("{ table: lanterns.xlsx, sheet: Lanterns, kind: lantern }")
    assert validate(cli).code == 0
    r = cli("list", "lanterns", "--specs", "card_specs", "--format", "json")
    comps = {c["id"]: c for c in r.json()["components"]}
    assert comps["red-9"]["value"] == 9 and comps["red-9"]["icons"] == ["star", "moon"]
    assert comps["jade-3"]["title"] == {"en": "Jade Crane", "zh-TW": "玉鶴燈"}


def test_xlsx_bad_cell_located_in_its_sheet(cli, game):
    rows = example_rows()
    rows[3][2] = "three"
    rows[14][2] = 44
    xlsx(game.path(XLSX), rows)
    game.point_table("{ table: lanterns.xlsx, sheet: Lanterns, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-TYPE", f"{XLSX}[Lanterns]:4:3", "'value' of row 4 of card_specs/lanterns.xlsx[Lanterns] 'red-3'",
        "the text 'three'")
    one(r, "SPEC-RANGE", f"{XLSX}[Lanterns]:15:3", "'gold-4' is 44")


def test_xlsx_formula_without_a_saved_value(cli, game):
    rows = example_rows()
    rows[4][2] = "=2+2"
    xlsx(game.path(XLSX), rows)
    game.point_table("{ table: lanterns.xlsx, sheet: Lanterns, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-FORMULA", f"{XLSX}[Lanterns]:5:3", "a formula whose value the workbook never saved",
        "save it in a spreadsheet program, or type the value")
    assert codes(r) == ["TABLE-FORMULA"]  # not also "row 5 has no 'value'"


def test_xlsx_unknown_sheet_names_the_sheets(cli, game):
    xlsx(game.path(XLSX), example_rows())
    game.point_table("{ table: lanterns.xlsx, sheet: Lantern, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-SHEET", game.at(SPEC, "Lantern,"), "workbook 'lanterns.xlsx' has no sheet 'Lantern'",
        "its sheets: Notes or Lanterns")


def test_xlsx_without_sheet_reads_the_first(cli, game):
    xlsx(game.path(XLSX), example_rows())
    game.point_table("{ table: lanterns.xlsx, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    has(r, "TABLE-COLUMN", f"{XLSX}[Notes]:1:1", "has no 'id' column")
    xlsx(game.path(XLSX), example_rows(), first=None)
    assert validate(cli).code == 0


def test_a_workbook_that_is_no_workbook(cli, game):
    game.path(XLSX).write_bytes(b"PK\x03\x04 not really a zip")
    game.point_table("{ table: lanterns.xlsx, kind: lantern }")
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-UNREADABLE", game.at(SPEC, "lanterns.xlsx"), "workbook 'lanterns.xlsx' cannot be read")


ODS = "card_specs/lanterns.ods"


def test_ods_validates_and_locates_a_bad_cell(cli, game):
    rows = example_rows()
    ods(game.path(ODS), rows)
    game.point_table("{ table: lanterns.ods, sheet: Lanterns, kind: lantern }")
    assert validate(cli).code == 0
    rows[3][2] = "three"
    ods(game.path(ODS), rows)
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-TYPE", f"{ODS}[Lanterns]:4:3", "'red-3' is the text 'three'")


# -- a large table ----------------------------------------------------------------------------------------

COLOURS = ("red", "gold", "jade", "violet")


@pytest.mark.slow
def test_twenty_thousand_rows(cli, game):
    """20,000 lanterns, 500 of each colour and value: validates, then one bad cell deep in the
    table is told at its line, and one duplicate combination at the row to blame."""
    n = 20_000
    rows = [["id", "colour", "value", "title", "title.zh-TW", "icons"]]
    for i in range(n):
        rows.append([f"l-{i}", COLOURS[(i // 10) % 4], str(i % 10 + 1), f"Lantern {i}", f"燈 {i}",
                     "star, moon" if i % 7 == 0 else ""])
    game.write_rows(rows)
    for old, new in (("exactly: 40 }", "exactly: 20000 }"), ("fields: [colour, value] }, exactly: 1,", "fields: [colour, value] }, exactly: 500,"),
                     ("exactly: 220 }", "exactly: 110000 }"), ("{ default: 40, short: 32 }", "{ default: 20000, short: 16000 }")):
        game.edit(SPEC, old, new)
    start = time.perf_counter()
    r = validate(cli)
    print(f"validate, {n} rows: {time.perf_counter() - start:.2f} s")
    assert r.code == 0, r.out[:2000]
    rows[12_346][2] = "66"
    game.write_rows(rows)
    r = validate(cli)
    assert r.code == 2
    one(r, "SPEC-RANGE", f"{CSV}:12347:3", "'l-12345' is 66")
    rows[12_346][2] = "6"
    rows.append(["l-extra", "red", "1", "Lantern extra", "額外", ""])
    game.write_rows(rows)
    r = validate(cli)
    assert r.code == 1
    one(r, "LANTERN-EACH", f"{CSV}:{n + 2}:1", "501 lanterns of colour red and value 1, expected 500",
        "501 lantern: 501 components of one card each")  # a summary, not 501 rows
    one(r, "LANTERNS", f"{CSV}:{n + 2}:1", "20001 lantern cards, expected 20000")
