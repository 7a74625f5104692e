"""Cards from a spreadsheet: a CSV file, or a sheet of an XLSX or ODS workbook, read into cells
that know their place, and rows turned into the located nodes the spec reader already reads.

Takes a table file (inside the specs folder), a workbook's sheet (its name or its number from 1)
and the kind's field types; returns one `Node` (a mapping) per non-blank row, every value located
at its cell: `ships.csv:ROW:COL` (ROW the file's line, the header being line 1 of a one-line
header; COL the column from 1), `harbor.xlsx[Ships]:ROW:COL` in a workbook. The first row names
the columns: `id`, `count`, `kind`, `back`, `image` and the kind's fields, as designers write
them — in any case, a run of spaces read as `_` (`Card Name` is `card_name`), the copies also as
`qty`, `quantity` or `copies`; `title.zh-TW` is the zh-TW text of `title`; a list cell separates
its items with commas. The `id` column is optional: without it each row's id is derived from the
row's own cells (`derive_ids`). A cell is typed by its field (a number column reads "3" as 3, a
text column keeps "1984" as text), so the spec's field readers report a bad cell exactly as they
report a bad YAML value. Nothing here runs what a cell says: a formula is read as the value the
workbook saved for it, or reported when it saved none.
"""
from __future__ import annotations

import csv
import hashlib
import io
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

from ..records import record
from ..diagnostics import InputError, Loc, Report, one_of
from .schema import Bool, Choice, Int, ListOf, Localized, Number, Record, Ref, Text, Type
from .yamlload import Node, read_regular, type_name

MAX_TABLE_BYTES = 32 * 1024 * 1024
MAX_ROWS = 50_000  # after the header: 100,000 rows of six cells took 12 s to validate, 50,000 take 5 s
MAX_CELLS = 300_000  # every cell a CSV record has; a sheet's rectangle from A1 to its farthest value
WORKBOOKS = (".xlsx", ".xlsm", ".ods")
SUFFIXES = (".csv",) + WORKBOOKS
LIST_SEP = ","
DELIMITERS = (",", ";", "\t")  # max() keeps the first of a tie: a comma
MAX_CELL_CHARS = 32_767  # what Excel and LibreOffice let one cell hold
TRUE, FALSE = {"true", "yes", "y", "1", "x", "✓"}, {"false", "no", "n", "0", ""}


@record
class Cell:
    value: Any  # a string from a CSV; a string, float, int, bool or date from a workbook
    loc: Loc


@record
class Table:
    """A table's header cells and its non-blank rows, each cell located."""

    display: str  # "card_specs/ships.csv" or "card_specs/harbor.xlsx[Ships]"
    header: list[Cell]
    rows: list[list[Cell]]
    formulas: set[tuple[int, int]] | None = None  # (line, col) of formula cells that saved no value


def read_table(path: Path, display: str, sheet: str | int | None, loc: Loc) -> Table:
    """The table in `path` (CSV, or `sheet` of a workbook — its name or its number from 1 — by
    default its first); raises InputError located at `loc` (the spec's `table:` or `sheet:`
    value) or in the file."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise _fail(loc, "TABLE-FORMAT", f"table '{path.name}' is not a table file; expected {one_of(SUFFIXES)}")
    data = read_regular(path, display, MAX_TABLE_BYTES, "table", "a CSV file or a workbook")
    if suffix == ".csv":
        if sheet is not None:
            raise _fail(loc, "TABLE-SHEET", f"'sheet' names a sheet of a workbook, but '{path.name}' is a CSV file")
        return _csv(data, display)
    return _workbook(path, data, display, sheet, loc)


def _fail(loc: Loc, code: str, message: str) -> InputError:
    report = Report()
    report.error(loc, code, message)
    return InputError(report)


def _csv(data: bytes, display: str) -> Table:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        read = exc.object  # what was decoded: after a byte-order mark, which exc.start does not count
        raise _fail(_byte_loc(read, exc.start, display), "TABLE-ENCODING",
                    f"byte 0x{read[exc.start]:02x} is not UTF-8; save the table as UTF-8 CSV") from None
    if "\x00" in text:
        raise _fail(Loc(display, text[:text.index("\x00")].count("\n") + 1, 1), "TABLE-BINARY",
                    "this is a binary file (it contains a NUL byte), expected CSV text")
    reader = csv.reader(io.StringIO(text, newline=""), csv.excel, delimiter=_delimiter(text))
    rows: list[list[Cell]] = []
    start, cells = 1, 0
    try:
        for values in reader:
            cells += len(values)
            if cells > MAX_CELLS:  # counted before a record's cells are made (a line of 6 million commas)
                raise _fail(Loc(display, start, 1), "TABLE-TOO-LARGE",
                            f"the table has more than {MAX_CELLS:,} cells by this line ({len(values):,} on it); "
                            f"a table may have at most {MAX_CELLS:,}")
            rows.append(_located(values, display, start))
            start = reader.line_num + 1
            if len(rows) > MAX_ROWS + 1:
                raise _fail(Loc(display, start - 1, 1), "TABLE-TOO-LARGE",
                            f"more than {MAX_ROWS:,} rows after the header")
    except csv.Error as exc:
        raise _fail(Loc(display, reader.line_num, 1), "TABLE-SYNTAX", f"cannot be read as CSV: {exc}") from None
    return _split(rows, display)


def _byte_loc(data: bytes, at: int, display: str) -> Loc:
    """Where the byte at `at` is, as an editor shows it: its line, and its column counted in the
    characters of that line before it (which decode: the bad byte is the first that does not),
    a byte-order mark not counted."""
    start = data.rfind(b"\n", 0, at) + 1
    before = data[start:at]
    if start == 0 and before.startswith(b"\xef\xbb\xbf"):
        before = before[3:]
    return Loc(display, data.count(b"\n", 0, at) + 1, len(before.decode("utf-8", "replace")) + 1)


def _delimiter(text: str) -> str:
    """The separator the header line uses: a comma, a semicolon (a spreadsheet program in a
    locale that writes 1,5 for a number) or a tab, whichever the first non-blank line holds most
    of. Read off the header, not guessed from the data as csv.Sniffer does — it fails on CRLF
    line ends and may pick a separator (or a quoting) from a title's punctuation."""
    first = next((line for line in io.StringIO(text, newline="") if line.strip()), "")
    return max(DELIMITERS, key=first.count)


def _located(record: list[str], display: str, start: int) -> list[Cell]:
    """A CSV record's cells, each at the line it starts on (a quoted cell may span lines)."""
    out, line = [], start
    for c, v in enumerate(record, 1):
        out.append(Cell(v, Loc(display, line, c)))
        if "\n" in v or "\r" in v:
            line += v.count("\n") + v.count("\r") - v.count("\r\n")
    return out


def _workbook(path: Path, data: bytes, display: str, sheet: str | int | None, loc: Loc) -> Table:
    from python_calamine import CalamineWorkbook  # only a spec with a workbook pays for it

    from .workbooks import Budget, Refused, check

    try:  # what the reader would choke on, found first (workbooks.py)
        checked = check(data, path.suffix.lower() == ".ods", Budget(rows=MAX_ROWS + 1, cells=MAX_CELLS,
                                                                     chars=MAX_CELL_CHARS))
    except Refused as problem:
        raise _refused(problem, path.name, display, loc) from None
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = list(book.sheet_names)
        if not names:
            raise _fail(loc, "TABLE-SHEET", f"workbook '{path.name}' has no sheets")
        name = _sheet_name(names, sheet, path.name, loc)
        if checked.sheets.get(name) is not None:
            raise _refused(checked.sheets[name], path.name, display, loc)
        values = book.get_sheet_by_name(name).to_python(skip_empty_area=False, nrows=MAX_ROWS + 2)
    except InputError:
        raise
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # calamine's errors (zip, XML, password) have no common base; a panic is a BaseException
        raise _fail(loc, "TABLE-UNREADABLE", f"workbook '{path.name}' cannot be read ({type(exc).__name__}: {exc})") from None
    shown = f"{display}[{name}]"
    if len(values) > MAX_ROWS + 1:
        raise _fail(Loc(shown, MAX_ROWS + 2, 1), "TABLE-TOO-LARGE", f"more than {MAX_ROWS:,} rows after the header")
    rows = [[Cell(_plain(v), Loc(shown, r, c)) for c, v in enumerate(row, 1)] for r, row in enumerate(values, 1)]
    table = _split(rows, shown)
    if path.suffix.lower() != ".ods":
        table.formulas = checked.formulas.get(name, set())
    return table


def _refused(problem, book: str, display: str, loc: Loc) -> InputError:
    """A workbook's problem found before reading it: at its cell when it has one, else at the
    spec's `table:`."""
    if problem.sheet is not None and problem.row is not None:
        at = Loc(f"{display}[{problem.sheet}]", problem.row, problem.col or 1)
    else:
        at = loc
    what = "is too large" if problem.code == "TABLE-TOO-LARGE" else "cannot be read"
    return _fail(at, problem.code, f"workbook '{book}' {what}: {problem.message}")


def _sheet_name(names: list[str], sheet: str | int | None, book: str, loc: Loc) -> str:
    """The sheet `sheet:` means: by default the first; a sheet of that name, when there is one
    (a sheet may be called "2"); else, for a number, the sheet at that place counted from 1."""
    if sheet is None:
        return names[0]
    if str(sheet) in names:
        return str(sheet)
    numbered = ", ".join(f"{i} '{n}'" for i, n in enumerate(names, 1))
    if isinstance(sheet, int) or re.fullmatch(r"[0-9]{1,9}", sheet.strip()):
        n = int(sheet)
        if 1 <= n <= len(names):
            return names[n - 1]
        raise _fail(loc, "TABLE-SHEET", f"workbook '{book}' has no sheet {n}: its {len(names)} sheet"
                                         f"{'s are' if len(names) > 1 else ' is'} {numbered} (1 is the first)")
    raise _fail(loc, "TABLE-SHEET", f"workbook '{book}' has no sheet '{sheet}'; its sheets: {one_of(names)} "
                                     f"(or by number: {numbered})")


def _plain(value: Any) -> Any:
    """A workbook value as the text a person typed: 3.0 is 3, a date its ISO form."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


def _split(rows: list[list[Cell]], display: str) -> Table:
    """The header (the first non-blank row) and the non-blank rows after it."""
    for row in rows:
        for cell in row:
            if isinstance(cell.value, str) and len(cell.value) > MAX_CELL_CHARS:
                raise _fail(cell.loc, "TABLE-TOO-LARGE", f"this cell holds {len(cell.value):,} characters; a "
                                                         f"cell may hold at most {MAX_CELL_CHARS:,}, as in a "
                                                         "spreadsheet program")
    kept = [r for r in rows if any(_text(c.value) for c in r)]
    if not kept:
        raise _fail(Loc(display, 1, 1), "TABLE-EMPTY", "the table is empty; its first row names the columns "
                                                        "(the kind's fields, and optionally id and count)")
    header = [c for c in kept[0]]
    return Table(display, header, kept[1:])


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


# -- rows as nodes --------------------------------------------------------------------------------

COLUMN = re.compile(r"^(?P<field>[A-Za-z_][A-Za-z0-9_-]*)(?:\.(?P<lang>(?i:en|zh-TW)))?$")
LANGS = {"en": "en", "zh-tw": "zh-TW"}
COPIES = ("count", "qty", "quantity", "copies")  # the copies column, by any of its names, in any case


def columns(table: Table, known: dict[str, Type], report: Report, what: str) -> dict[int, tuple[str, str | None]]:
    """Column number -> (field, language or None) for the header's names, each matched to
    `known` (the columns a row may have) as `header_field` says; an unknown or misspelt column
    is an error at its header cell naming the accepted ones, a column twice (`Name` and `name`,
    `count` and `Qty`) an error at the second naming both. A header of no known column at all is
    one error at its first cell (often a workbook's first sheet that holds notes, not cards).
    Empty header cells are ignored (with their column). The `id` column is optional."""
    out: dict[int, tuple[str, str | None]] = {}
    seen: dict[tuple[str, str | None], Cell] = {}
    unknown: list[Cell] = []
    for cell in table.header:
        name = _text(cell.value)
        if not name:
            continue
        col = header_field(name, known)
        if col is None:
            unknown.append(cell)
            continue
        key = (col[0], col[1] or ("en" if _is_text(known[col[0]]) else None))  # `title` is `title.en`
        if key in seen:
            report.error(cell.loc, "TABLE-COLUMN", _twice(seen[key], cell, col[0], what))
            continue
        seen[key] = cell
        out[cell.loc.col] = col
    accepted = (f"accepted columns: {one_of(known)} (in any case, a space read as _; count also as qty, quantity "
                "or copies; and NAME.zh-TW for the Chinese text of a text column)")
    if not out and unknown:
        names = one_of(f"'{_text(c.value)[:40]}'" for c in unknown[:6])
        report.error(table.header[0].loc, "TABLE-COLUMN", f"{what} has no 'id' column and no other column it may "
                                                          f"have: its first row names {names}; {accepted}")
        return out
    for cell in unknown:
        report.error(cell.loc, "TABLE-COLUMN", f"unknown column '{_text(cell.value)}' in {what}; {accepted}")
    return out


def header_field(name: str, known: dict[str, Type]) -> tuple[str, str | None] | None:
    """The (field, language) a header names, or None: a field of `known` by its name, else by its
    name ignoring case, a run of spaces read as `_` (`Card Name` is `card_name`); the copies
    column also as qty, quantity or copies; `.en` or `.zh-TW` after a text field its language."""
    m = COLUMN.match(re.sub(r"\s+", "_", name))
    if m is None:
        return None
    written = m["field"]
    field = written if written in known else next((k for k in known if k.casefold() == written.casefold()), None)
    if field is None and m["lang"] is None and written.casefold() in COPIES and "count" in known:
        field = "count"
    lang = LANGS[m["lang"].casefold()] if m["lang"] else None
    if field is None or (lang and not _is_text(known[field])):
        return None
    return field, lang


def _twice(first: Cell, again: Cell, field: str, what: str) -> str:
    """The message for a column named twice, at the second, naming both cells."""
    a, b = _text(first.value), _text(again.value)
    if field == "count" and a.casefold() != b.casefold():
        return (f"columns '{a}' ({_where(first)}) and '{b}' ({_where(again)}) both give the copies of a row in "
                f"{what}; keep one (count, qty, quantity or copies)")
    same = "" if a == b else f" as '{a}'"
    return (f"column '{b}' appears twice in {what}: first at column {first.loc.col} ({_cell_name(first)}){same}, "
            f"again at column {again.loc.col} ({_cell_name(again)}); a header matches a field ignoring case, "
            "with spaces read as _")


def _where(cell: Cell) -> str:
    return f"column {cell.loc.col}, {_cell_name(cell)}"


def _cell_name(cell: Cell) -> str:
    """A cell as a spreadsheet program names it: F1 is column 6 of line 1."""
    letters, n = "", cell.loc.col
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(ord("A") + r) + letters
    return f"{letters}{cell.loc.line}"


def _is_text(t: Type) -> bool:
    return isinstance(t, (Text, Record, Localized))


def row_node(row: list[Cell], cols: dict[int, tuple[str, str | None]], known: dict[str, Type],
             formulas: set[tuple[int, int]] | None, report: Report, width: int | None = None) -> Node:
    """One row as a located mapping node: blank cells are left out (a field's default applies),
    a list cell becomes a list, `title` and `title.zh-TW` one two-language text. A cell past the
    header's `width` columns is an error at it (often a list written with commas, unquoted)."""
    values: dict[str, Node] = {}
    key_locs: dict[str, Loc] = {}
    texts: dict[str, dict[str, Node]] = {}
    first = row[0].loc
    extra = [c for c in row if width is not None and c.loc.col > width and _text(c.value)]
    if extra:
        report.error(extra[0].loc, "TABLE-COLUMN", f"this row has a cell in column {extra[0].loc.col} "
                     f"('{_text(extra[0].value)[:40]}'), but the header names {width} columns; a cell holding "
                     "a comma is written in quotes, such as \"star, moon\"")
    for cell in row:
        if cell.loc.col not in cols:
            continue
        field, lang = cols[cell.loc.col]
        if not _text(cell.value):
            if formulas and (cell.loc.line, cell.loc.col) in formulas:
                report.error(cell.loc, "TABLE-FORMULA", "this cell holds a formula whose value the workbook never "
                                                        "saved; open and save it in a spreadsheet program, or type the value")
                key_locs[field] = cell.loc  # located but without a value: told here, not missing again
            continue
        node = cell_node(cell, known[field])
        if lang is not None or isinstance(known[field], (Record, Localized)):
            texts.setdefault(field, {})[lang or "en"] = node
            key_locs.setdefault(field, cell.loc)
            continue
        values[field], key_locs[field] = node, cell.loc
    for field, by_lang in texts.items():
        values[field] = _text_node(by_lang, known[field])
    return Node("map", Loc(first.file, first.line, 1), values, key_locs)


def _text_node(by_lang: dict[str, Node], t: Type) -> Node:
    """`title` and `title.zh-TW` as one value: a {en, zh-TW} mapping, or the plain text when the
    field is text and the row gives only one language."""
    first = next(iter(by_lang.values()))
    if not isinstance(t, (Record, Localized)) and set(by_lang) == {"en"}:
        return by_lang["en"]
    return Node("map", first.loc, dict(by_lang), {k: v.loc for k, v in by_lang.items()})


def cell_node(cell: Cell, t: Type) -> Node:
    """A cell's value as the node a YAML file would have given for a field of type `t`."""
    if isinstance(t, ListOf):
        items = [s.strip() for s in str(cell.value).split(LIST_SEP)]
        return Node("seq", cell.loc, [cell_node(Cell(s, cell.loc), t.item) for s in items if s])
    return Node("scalar", cell.loc, _typed(cell.value, t))


def _typed(value: Any, t: Type) -> Any:
    """A cell as the value its field reads: a number column's "3" is 3, a text column's 1984 is
    "1984", a yes/no column's "yes" is true. A cell that is not what its column needs stays as
    it is, so the field's reader says what was expected, at that cell."""
    if isinstance(value, str):
        value = value.strip()
    if isinstance(t, (Int, Number)):
        return _number(value) if isinstance(value, str) else value
    if isinstance(t, Bool):
        if isinstance(value, bool):
            return value
        low = str(value).casefold()
        return True if low in TRUE else False if low in FALSE else value
    return value if isinstance(value, str) else str(value)


def _number(text: str) -> Any:
    if re.fullmatch(r"[+-]?\d{1,30}", text):
        return int(text)
    try:
        return float(text) if len(text) <= 40 else text
    except ValueError:
        return text


# -- a `table:` entry of a spec's components ---------------------------------------------------------

ENTRY_KEYS = ("table", "kind", "sheet")


def entry_rows(entry: Node, kinds: dict[str, list], common: dict[str, Type], base: Path,
               report: Report, taken: set[str] | None = None) -> tuple[list[tuple[Node, str]], Path | None]:
    """The rows of `{table: FILE, kind: K, sheet: S}` as component nodes with what to call each
    ("row 14 of card_specs/ships.csv"), every value located at its cell, and the table's path
    (None when it cannot be read: reported). `common` are the keys every component has (id,
    count, back, image, …) with their types; without `kind:` a `kind` column names each row's.
    Without an `id` column each row's id is derived (`derive_ids`), unlike any of `taken` (the
    ids the spec's other entries use); the ids of the rows are added to `taken`."""
    for key in entry.value:
        if key not in ENTRY_KEYS:
            report.error(entry.key_loc(key), "SPEC-UNKNOWN-KEY", f"unknown key '{key}' in a table entry; accepted keys: "
                                                                 f"{one_of(ENTRY_KEYS)}")
    written, kind = (_scalar(entry, k, report) for k in ("table", "kind"))
    sheet = _sheet(entry, report)
    if written is None or (sheet is None and "sheet" in entry.value):
        return [], None
    if kind is not None and kind not in kinds:
        report.error(entry.value["kind"].loc, "SPEC-KIND", f"kind '{kind}' of table '{written}' is not known, expected "
                                                           f"one of {one_of(kinds)}")
        return [], None
    path = inside(written, base, entry.value["table"].loc, report)
    if path is None:
        return [], None
    from .paths import display

    try:
        at = entry.value["sheet" if sheet is not None else "table"].loc
        table = read_table(path, display(path), sheet, at)
    except InputError as exc:
        report.extend(exc.report)
        return [], path
    known = dict(common)
    for k in ([kind] if kind else list(kinds)):
        known.update({f.name: f.type for f in kinds[k]})
    if kind is None:
        known["kind"] = Text(64)
    cols = columns(table, known, report, f"table {table.display}")
    if not cols:
        return [], path  # no row can be read without its columns: the header's error says why
    if kind is None and not any(f == "kind" for f, _ in cols.values()):
        report.error(entry.loc, "SPEC-MISSING-KEY", f"table '{written}' has no 'kind:' here and no kind column; "
                                                    f"say which kind its rows are ({one_of(kinds)})")
        return [], path
    rows = []
    for row in table.rows:
        node = row_node(row, cols, known, table.formulas, report, len(table.header))
        if kind is not None:
            node.value["kind"] = Node("scalar", entry.value["kind"].loc, kind)
            node.key_locs["kind"] = entry.value["kind"].loc
        rows.append((node, f"row {row[0].loc.line} of {table.display}"))
    nodes = [node for node, _ in rows]
    if not any(f == "id" for f, _ in cols.values()):
        derive_ids(table.rows, nodes, cols, known, set(common) | {"kind"}, taken or set())
    if taken is not None:
        taken.update(str(n.value["id"].value) for n in nodes if "id" in n.value)
    return rows, path


def _scalar(entry: Node, key: str, report: Report) -> str | None:
    node = entry.get(key)
    if node is None:
        return None
    if node.kind != "scalar" or not isinstance(node.value, str) or not node.value.strip():
        report.error(node.loc, "SPEC-TYPE", f"'{key}' of a table entry is {type_name(node)}, expected text")
        return None
    return node.value


def _sheet(entry: Node, report: Report) -> str | int | None:
    """`sheet:` of a table entry: a sheet's name, or its number (1 is the first sheet)."""
    node = entry.get("sheet")
    if node is not None and node.kind == "scalar" and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if node is not None and (node.kind != "scalar" or not isinstance(node.value, str) or not node.value.strip()):
        report.error(node.loc, "SPEC-TYPE", f"'sheet' of a table entry is {type_name(node)}, expected a sheet's name "
                                            "or number (1 is the first sheet)")
        return None
    return None if node is None else node.value


# -- ids of a table without an id column ---------------------------------------------------------------

SLUG_LEN = 48  # with "-" and a 6-digit hash, and an ordinal, within the 64 characters of an id


def derive_ids(rows: list[list[Cell]], nodes: list[Node], cols: dict[int, tuple[str, str | None]],
               known: dict[str, Type], skip: set[str], taken: set[str]) -> None:
    """Each row's id, put in its node, for a table without an `id` column. The id is a slug of
    the row's name (`_named`): "Fire Dragon" is `fire-dragon`. Rows whose slugs are the same, or
    a slug another entry of the spec uses (`taken`), all add a hash of their own cells
    (`fire-dragon-3fa2c1`), so an id depends on its row alone: it stays while the row's cells do,
    whatever rows are added, removed or reordered — except a row that comes to share its slug.
    Rows identical in every cell add their place among those (`-2`, `-3`)."""
    named = [_named(row, node, cols, known, skip) for row, node in zip(rows, nodes)]
    tally = Counter(slug for slug, _, _ in named)
    used = set(taken)
    for row, node, (slug, loc, alone) in zip(rows, nodes, named):
        first = slug if alone and tally[slug] == 1 and slug not in taken else f"{slug}-{_row_hash(row, cols)}"
        ident, n = first, 1
        while ident in used:
            n += 1
            ident = f"{first}-{n}"
        used.add(ident)
        node.value["id"] = Node("scalar", loc, ident)
        node.key_locs["id"] = loc


def _named(row: list[Cell], node: Node, cols: dict[int, tuple[str, str | None]], known: dict[str, Type],
           skip: set[str]) -> tuple[str, Loc, bool]:
    """(slug, the cell it comes from, whether it may stand alone) of a row: its first text cell
    (a `text:` field, in the header's order) that has letters or digits a slug keeps; else its
    choice and number cells joined ("red-1"); else its kind, which always takes a hash."""
    def cells(types: tuple) -> list[Cell]:
        return [c for c in row if c.loc.col in cols and cols[c.loc.col][0] not in skip
                and isinstance(known[cols[c.loc.col][0]], types) and _text(c.value)]

    for cell in cells((Localized, Record)):
        if slug := _slug(_text(cell.value)):
            return slug, cell.loc, True
    values = cells((Choice, Int, Number, Ref))
    if values and (slug := _slug("-".join(_text(c.value) for c in values))):
        return slug, values[0].loc, True
    kind = node.value.get("kind")
    return _slug(str(kind.value) if kind is not None else "") or "row", row[0].loc, False


def _slug(text: str) -> str:
    """`text` as an id: accents dropped, lower case, every run of other characters one dash, at
    most SLUG_LEN characters ("Fire Dragon!" is fire-dragon, "Émile" emile, "紅燈" nothing)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:SLUG_LEN].strip("-")


def _row_hash(row: list[Cell], cols: dict[int, tuple[str, str | None]]) -> str:
    """Six hex digits of the row's own cells (each with its column's field, in any column order);
    the copies left out, so a row's id stays when only its count changes."""
    cells = sorted(f"{cols[c.loc.col][0]}.{cols[c.loc.col][1] or ''}={_text(c.value)}" for c in row
                   if c.loc.col in cols and cols[c.loc.col][0] != "count" and _text(c.value))
    return hashlib.sha1("\x1f".join(cells).encode("utf-8")).hexdigest()[:6]


def inside(written: str, base: Path, loc: Loc, report: Report) -> Path | None:
    """The file `written` names relative to the specs folder, which it must stay inside (the
    rule for user art): None after reporting."""
    from .paths import within

    root = Path(base).resolve()
    if "\0" in written:  # no file name holds one, and the system's calls refuse it (ValueError)
        report.error(loc, "TABLE-UNREADABLE", f"table {written!r} holds a NUL character (\\0), which no file name "
                                              "can; write the table's file name as it is in the spec's folder")
        return None
    try:
        full, why = within(written, root)
    except (OSError, RuntimeError) as exc:
        report.error(loc, "TABLE-UNREADABLE", f"table '{written}' cannot be opened ({type(exc).__name__}: {exc})")
        return None
    if why == "absolute":
        report.error(loc, "TABLE-OUTSIDE", f"table '{written}' is an absolute path; expected a path relative to the "
                                           f"spec's folder ({root}) that stays inside it, such as {Path(written).name}")
        return None
    if why == "outside":
        report.error(loc, "TABLE-OUTSIDE", f"table '{written}' leads outside the spec's folder ({root}), to {full}; "
                                           "keep the table inside that folder")
        return None
    if why == "missing":
        near = sorted(p.name for p in full.parent.glob("*") if p.suffix.lower() in SUFFIXES)[:5] if full.parent.is_dir() else []
        report.error(loc, "TABLE-MISSING", f"table '{written}' does not exist (looked for {full})"
                                           + (f"; tables there: {', '.join(near)}" if near else ""))
        return None
    return full
