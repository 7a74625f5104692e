"""Tables made to hurt: a workbook whose one cell sits at XFD1048576 (the spreadsheet reader
allocated 512 GB and aborted the process), a cell reference the reader panics on, parts that
inflate to hundreds of megabytes, an ODS cell repeated 2,500 x 2,500, a CSV header of a million
empty columns. Each is refused before the reader does the work, with a located diagnostic and
exit 2 — and a workbook as a spreadsheet program writes it (LibreOffice pads every row and the
sheet's end with repeated empty cells) still reads."""
from __future__ import annotations

import zipfile

from declared_kit import CSV, SPEC, example_rows, no_traceback, ods, one, xlsx
from declared_fixtures import game  # noqa: F401  (fixtures)
from pnp.load import tables, workbooks

XLSX = "card_specs/lanterns.xlsx"
ODS = "card_specs/lanterns.ods"
LANTERNS = "xl/worksheets/sheet2.xml"  # openpyxl's part for the second sheet (the first is Notes)


def validate(cli):
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    return r


def patched_xlsx(game, part: str = LANTERNS, before: str = "</sheetData>", insert: str = "",
                 first: str | None = "Notes", point: bool = True) -> None:
    """The example as openpyxl writes it, with `insert` put into `part` before `before` (and the
    spec's table pointed at its Lanterns sheet)."""
    path = game.path(XLSX)
    xlsx(path, example_rows(), first=first)
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    text = parts[part].decode()
    assert before in text, text[:500]
    parts[part] = text.replace(before, insert + before, 1).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    if point:
        game.point_table("{ table: lanterns.xlsx, sheet: Lanterns, kind: lantern }")


def at_sheet(game) -> str:
    """Where the spec's `sheet:` value is: a problem of the whole workbook is told there."""
    return game.at(SPEC, "Lanterns", after="lanterns.xlsx")


def far_cell(ref: str, row: int) -> str:
    return f'<row r="{row}"><c r="{ref}" t="inlineStr"><is><t>x</t></is></c></row>'


# -- XLSX: where its cells are -------------------------------------------------------------------------

def test_a_cell_at_the_last_place_a_sheet_has_is_refused_at_that_cell(cli, game):
    patched_xlsx(game, insert=far_cell("XFD1048576", 1048576))
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-TOO-LARGE", f"{XLSX}[Lanterns]:1048576:16384", "a value at XFD1048576 makes the sheet 1,048,576 rows",
        f"at most {tables.MAX_ROWS:,} rows after its header")


def test_a_cell_far_to_the_right_is_refused_by_the_cells_it_would_make(cli, game):
    patched_xlsx(game, insert=far_cell("XFD300", 300))  # took 13 s and 1.3 GB
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-TOO-LARGE", f"{XLSX}[Lanterns]:300:16384", "300 rows by 16,384 columns (4,915,200 cells from A1)",
        f"at most {tables.MAX_CELLS:,}")


def test_a_far_cell_in_a_sheet_not_read_does_not_stop_the_one_read(cli, game):
    patched_xlsx(game, part="xl/worksheets/sheet1.xml", insert=far_cell("XFD1048576", 1048576))
    assert validate(cli).code == 0, "the Notes sheet is not the table"
    game.edit(SPEC, "sheet: Lanterns", "sheet: Notes")
    one(validate(cli), "TABLE-TOO-LARGE", f"{XLSX}[Notes]:1048576:16384")


def test_a_sheet_that_says_it_is_huge_is_refused_before_it_is_read(cli, game):
    patched_xlsx(game, before="<sheetData", insert='<dimension ref="A1:XFD1048576"/>')
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-TOO-LARGE", f"{XLSX}[Lanterns]:1:1", "the sheet says it reaches XFD1048576")


def test_a_cell_reference_no_spreadsheet_has_is_told_not_panicked_on(cli, game):
    for n, ref in enumerate(("A99999999999", "ZZZZZZZZZZ1", "A4294967295", "XFE2", "A0")):  # the reader aborted on the first three
        patched_xlsx(game, insert=far_cell(ref, 40), point=n == 0)
        r = validate(cli)
        assert r.code == 2, ref
        one(r, "TABLE-UNREADABLE", f"{XLSX}[Lanterns]:40:1", f"a cell's reference is '{ref}'",
            "not a cell of a spreadsheet (columns A to XFD, rows 1 to 1,048,576)")


def test_cells_placed_without_references_are_counted_where_the_reader_puts_them(cli, game):
    cells = '<c t="inlineStr"><is><t>x</t></is></c>' * 400
    patched_xlsx(game, insert=f"<row>{cells}</row>" * 800)  # 42 + 800 rows of 400: 336,800 cells from A1
    one(validate(cli), "TABLE-TOO-LARGE", f"{XLSX}[Lanterns]:", "rows by 400 columns")


def test_a_cell_longer_than_a_spreadsheet_lets_one_be(cli, game):
    patched_xlsx(game, insert=f'<row r="44"><c r="B44" t="inlineStr"><is><t>{"x" * 40_000}</t></is></c></row>')
    one(validate(cli), "TABLE-TOO-LARGE", f"{XLSX}[Lanterns]:44:2", "the cell B44 holds more than 32,767 characters")


def test_a_long_shared_string_is_told_at_the_cell_that_shows_it(cli, game):
    """A spreadsheet program saves no such string (openpyxl cuts one at 32,767); a script may."""
    row = next(i for i, r in enumerate(example_rows(), 1) if "Red Peony" in r)
    patched_xlsx(game)
    path = game.path(XLSX)
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    inline = f'<c r="D{row}" t="inlineStr"><is><t>Red Peony</t></is></c>'.encode()
    assert inline in parts[LANTERNS]
    parts[LANTERNS] = parts[LANTERNS].replace(inline, f'<c r="D{row}" t="s"><v>0</v></c>'.encode())
    parts["xl/sharedStrings.xml"] = ('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" '
                                     f'uniqueCount="1"><si><t>{"y" * 40_000}</t></si></sst>').encode()
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rIdS" Target="sharedStrings.xml" Type="http://schemas.openxmlformats.'
                             b'org/officeDocument/2006/relationships/sharedStrings"/></Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    one(validate(cli), "TABLE-TOO-LARGE", f"{XLSX}[Lanterns]:{row}:4", "holds 40,000 characters")


# -- XLSX: what it inflates to -------------------------------------------------------------------------

def test_a_part_that_inflates_past_the_budget_is_refused_at_the_table_entry(cli, game):
    patched_xlsx(game)
    path = game.path(XLSX)
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z, z.open("xl/media/blank.xml", "w") as part:
        space = b" " * (1 << 20)
        for _ in range(workbooks.MAX_INFLATED // len(space) + 1):  # 64 MB of spaces in a 70 KB file
            part.write(space)
    assert path.stat().st_size < 1_000_000
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-TOO-LARGE", at_sheet(game), "inflates to more than 64 MB")


def test_a_part_whose_header_understates_its_size_is_counted_by_what_comes_out(cli, game):
    """zipfile (and a budget that trusted the header) stops at the size the directory claims;
    the spreadsheet reader inflates the whole stream."""
    patched_xlsx(game)
    path = game.path(XLSX)
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/padding.bin", b"\0" * (workbooks.MAX_INFLATED + 1))
    data = bytearray(path.read_bytes())
    entry = data.rindex(b"PK\x01\x02")  # the last central directory entry: xl/padding.bin
    data[entry + 24:entry + 28] = (1000).to_bytes(4, "little")  # its uncompressed size: 1000 bytes
    local = data.rindex(b"PK\x03\x04")
    data[local + 22:local + 26] = (1000).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    one(validate(cli), "TABLE-TOO-LARGE", at_sheet(game), "inflates to more than 64 MB")


def test_a_document_type_in_a_workbook_part_is_refused(cli, game):
    bomb = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    patched_xlsx(game, part="xl/workbook.xml", before="<workbook", insert=bomb)
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-UNREADABLE", at_sheet(game), "'xl/workbook.xml' declares a document type")


# -- ODS ------------------------------------------------------------------------------------------------

def ods_with(game, extra_rows: str, table: str = "Lanterns", point: bool = True) -> None:
    """The example as an ODS sheet, then `extra_rows` (raw content.xml) at the end of its table."""
    path = game.path(ODS)
    ods(path, example_rows(), sheet=table)
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    parts["content.xml"] = parts["content.xml"].replace(b"</table:table>", extra_rows.encode() + b"</table:table>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    if point:
        game.point_table(f"{{ table: lanterns.ods, sheet: {table}, kind: lantern }}")


def test_an_ods_cell_repeated_into_millions_is_refused_at_it(cli, game):
    ods_with(game, '<table:table-row table:number-rows-repeated="2500"><table:table-cell office:value-type="string" '
                   'table:number-columns-repeated="2500"><text:p>x</text:p></table:table-cell></table:table-row>')
    r = validate(cli)  # took 21 s and 2.1 GB
    assert r.code == 2
    one(r, "TABLE-TOO-LARGE", f"{ODS}[Lanterns]:42:1", "2,541 rows by 2,500 columns")


def test_an_ods_as_libreoffice_pads_it_reads(cli, game):
    """LibreOffice ends every row with an empty cell repeated to the last column and the sheet
    with an empty row repeated to the last row: nothing there has a value, so nothing counts."""
    ods_with(game, '<table:table-row table:number-rows-repeated="1048535"><table:table-cell '
                   'table:number-columns-repeated="16384"/></table:table-row>')
    assert validate(cli).code == 0


def test_an_ods_value_after_a_million_empty_rows_is_refused(cli, game):
    ods_with(game, '<table:table-row table:number-rows-repeated="1000000"><table:table-cell '
                   'table:number-columns-repeated="16384"/></table:table-row><table:table-row><table:table-cell '
                   'office:value-type="string"><text:p>late</text:p></table:table-cell></table:table-row>')
    one(validate(cli), "TABLE-TOO-LARGE", f"{ODS}[Lanterns]:1000042:1", "makes the sheet 1,000,042 rows long")


def test_an_ods_bomb_in_another_table_is_refused_too(cli, game):
    """The ODS reader reads every table when it opens the file, so every table is counted."""
    ods_with(game, '</table:table><table:table table:name="Attic"><table:table-row table:number-rows-repeated="900">'
                   '<table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="900">'
                   '<text:p>1</text:p></table:table-cell></table:table-row>')
    one(validate(cli), "TABLE-TOO-LARGE", f"{ODS}[Attic]:1:1", "900 rows by 900 columns")


def test_an_ods_repeat_that_is_no_number(cli, game):
    ods_with(game, '<table:table-row table:number-rows-repeated="-5"><table:table-cell/></table:table-row>')
    one(validate(cli), "TABLE-UNREADABLE", f"{ODS}[Lanterns]:42:1", "number-rows-repeated is '-5'")


# -- CSV ------------------------------------------------------------------------------------------------

def test_a_csv_header_of_empty_columns_is_refused_at_its_line(cli, game):
    game.path(CSV).write_text("," * 1_000_000 + "\n" + "a,b\n", encoding="utf-8")  # took 58 s and 1.6 GB
    r = validate(cli)
    assert r.code == 2
    one(r, "TABLE-TOO-LARGE", f"{CSV}:1:1", "more than 300,000 cells by this line (1,000,001 on it)")


def test_csv_rows_past_the_cell_budget_are_refused_at_the_line_that_passes_it(cli, game):
    row = ",".join(["x"] * 100)
    game.path(CSV).write_text("\n".join([row] * 3001) + "\n", encoding="utf-8")
    one(validate(cli), "TABLE-TOO-LARGE", f"{CSV}:3001:1", "more than 300,000 cells by this line")


def test_csv_rows_past_the_row_budget_are_refused(cli, game):
    game.path(CSV).write_text("id\n" + "x\n" * (tables.MAX_ROWS + 1), encoding="utf-8")
    one(validate(cli), "TABLE-TOO-LARGE", f"{CSV}:{tables.MAX_ROWS + 2}:1", f"more than {tables.MAX_ROWS:,} rows")


def test_a_csv_cell_longer_than_a_spreadsheet_lets_one_be(cli, game):
    rows = example_rows()
    rows[5][3] = "z" * 33_000
    game.write_rows(rows)
    one(validate(cli), "TABLE-TOO-LARGE", f"{CSV}:6:4", "holds 33,000 characters")


def test_numbers_in_digits_that_are_not_ascii_are_no_numbers(cli, game):
    """'²'.isdigit() is true in Python and int('²') raises: a row number or a repeat written so
    is told, not a traceback."""
    patched_xlsx(game, insert='<row r="²"><c t="inlineStr"><is><t>x</t></is></c></row>')
    one(validate(cli), "TABLE-UNREADABLE", f"{XLSX}[Lanterns]:41:1", "a row is numbered '²'")
    ods_with(game, '<table:table-row table:number-rows-repeated="²"><table:table-cell/></table:table-row>', point=False)
    game.edit(SPEC, "lanterns.xlsx", "lanterns.ods")
    one(validate(cli), "TABLE-UNREADABLE", f"{ODS}[Lanterns]:42:1", "number-rows-repeated is '²'")


def test_a_formula_saved_without_its_value_is_found_without_a_second_reader(cli, game):
    """A shared formula's other cells carry only <f t="shared" si="0"/>: they saved no value either."""
    patched_xlsx(game, insert='<row r="42"><c r="A42" t="inlineStr"><is><t>x-1</t></is></c>'
                              '<c r="C42"><f t="shared" si="0" ref="C42:C43">1+1</f></c></row>'
                              '<row r="43"><c r="A43" t="inlineStr"><is><t>x-2</t></is></c><c r="C43"><f t="shared" si="0"/></c>'
                              '</row><row r="44"><c r="A44" t="inlineStr"><is><t>x-3</t></is></c>'
                              '<c r="C44"><f>2+2</f><v>4</v></c></row>')
    r = validate(cli)
    found = [line for line in r.out.splitlines() if "TABLE-FORMULA" in line]
    assert [line.split(": ")[0] for line in found] == [f"{XLSX}[Lanterns]:42:3", f"{XLSX}[Lanterns]:43:3"], r.out
