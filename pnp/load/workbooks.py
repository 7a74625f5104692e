"""A workbook looked at before a spreadsheet reader sees it: every part inflated once within a
budget, and every sheet's cells placed without keeping them.

A spreadsheet reader trusts the file: it allocates the rectangle from A1 to the farthest cell (a
3 KB XLSX whose one cell sits at XFD1048576 asks for 17 billion cells and aborts the process), it
inflates a part whatever its size (a 300 KB XLSX can hold a 300 MB string), it repeats an ODS cell
as often as the file says (2,500 x 2,500 from 1.8 KB), and a cell reference it cannot parse may
end it with a panic. `check(data, budget)` answers all of that first, counting work, not time:

- the ZIP's parts are inflated here, from the same compressed bytes the reader inflates, at most
  `MAX_INFLATED` bytes together (a lying size in a part's header changes nothing: what counts is
  what comes out) and at most `MAX_PARTS` parts; only stored and deflated parts, unencrypted;
- every XML part is parsed (expat, streaming) and refused if it has a document type declaration:
  a workbook has no use for one, and it is where entity bombs live;
- an XLSX worksheet's `<dimension>` and every cell's reference are read: a reference that is not
  a cell a spreadsheet can have (columns A to XFD, rows 1 to 1048576) is refused, and so is a sheet
  whose cells with a value reach beyond `budget.rows` rows or whose rectangle from A1 to its
  farthest valued cell holds more than `budget.cells` cells;
- an ODS table's rows and cells are counted with their repeats, the same way (a repeated empty
  cell, as LibreOffice pads every row with, costs nothing; a repeated cell with a value does);
- no cell may hold more text than `budget.chars` (a spreadsheet program lets one hold 32,767);
- an XLSX cell with a formula and no saved value (a file written by a script, not by a spreadsheet
  program: the reader reads it as blank) is noted, for the caller to report at the cell.

A problem is a `Refused` naming its sheet (when it has one) and its cell (when it has one); the
caller turns it into a located diagnostic. An XLSX sheet's problem is kept for that sheet — the
reader only reads the sheet asked for — while an ODS file's are raised at once (its reader reads
every table when it opens the file).
"""
from __future__ import annotations

import functools
import io
import posixpath
import re
import struct
import zipfile
import zlib
from typing import Callable, Iterator
from xml.parsers import expat

from ..records import field, record

MAX_INFLATED = 64 * 1024 * 1024  # every part of one workbook together, inflated
MAX_PARTS = 2_000  # a workbook from a spreadsheet program has tens
MAX_COL, MAX_ROW = 16_384, 1_048_576  # XFD1048576, the last cell a spreadsheet has
CHUNK = 1 << 16

_REF = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")
_NUMBER = re.compile(r"[0-9]{1,12}")  # ASCII digits only: '²'.isdigit() is true and int('²') fails
_LOCAL_HEADER = struct.Struct("<4s22xHH")  # signature, then name and extra lengths at 26 and 28


@record(frozen=True)
class Budget:
    rows: int  # of a sheet, its header row included
    cells: int  # of a sheet's rectangle from A1 to its farthest valued cell
    chars: int  # of one cell's text


class Refused(Exception):
    """A workbook no reader should be given: a code, a message, and where (a sheet, a cell)."""

    def __init__(self, code: str, message: str, sheet: str | None = None, row: int | None = None,
                 col: int | None = None):
        super().__init__(message)
        self.code, self.message, self.sheet, self.row, self.col = code, message, sheet, row, col


@record
class Checked:
    """What a workbook's parts said, by XLSX sheet name: its problem (None when it has none), and
    the (row, col) of its formula cells that saved no value."""

    sheets: dict[str, Refused | None] = field(default_factory=dict)
    formulas: dict[str, set[tuple[int, int]]] = field(default_factory=dict)


def check(data: bytes, ods: bool, budget: Budget) -> Checked:
    """Inflate and look at every part of the workbook in `data`; raise Refused for the file as a
    whole (and, in an ODS file, for any table), keep an XLSX sheet's problem for that sheet."""
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
        infos = book.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise Refused("TABLE-UNREADABLE", f"it is not a workbook: a workbook is a ZIP file, and this one "
                                          f"cannot be opened as one ({exc})") from None
    if len(infos) > MAX_PARTS:
        raise Refused("TABLE-TOO-LARGE", f"it has {len(infos):,} parts; a workbook may have at most {MAX_PARTS:,}")
    spent = [0]
    parts = {info.filename: info for info in infos}
    if ods:
        for info in infos:
            _parse(data, info, spent, _Ods(budget) if info.filename == "content.xml" else None)
        return Checked()
    names = _sheet_parts(data, parts, spent)
    checked = Checked()
    for info in infos:
        if info.filename in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels"):
            continue  # read above
        sheet = names.get(info.filename)
        if sheet is None:
            _parse(data, info, spent, None)
            continue
        cells = _Sheet(budget)
        try:
            _parse(data, info, spent, cells)
            checked.sheets[sheet] = None
            checked.formulas[sheet] = cells.unsaved
        except Refused as problem:
            if problem.row is None:  # the file as a whole (its size, its XML): no sheet of it is read
                raise
            problem.sheet = sheet
            checked.sheets[sheet] = problem
    return checked


def _sheet_parts(data: bytes, parts: dict[str, zipfile.ZipInfo], spent: list[int]) -> dict[str, str]:
    """Each worksheet part's sheet name: xl/workbook.xml names the sheets and their relation ids,
    xl/_rels/workbook.xml.rels where each id's part is."""
    sheets: list[tuple[str, str]] = []  # (name, relation id)
    targets: dict[str, str] = {}

    def on_sheet(name: str, attrs: dict[str, str]) -> None:
        if name == "sheet":
            sheets.append((attrs.get("name", ""), attrs.get("id", "")))  # r:id

    def on_relation(name: str, attrs: dict[str, str]) -> None:
        if name == "Relationship" and "Id" in attrs and "Target" in attrs:
            target = attrs["Target"]
            path = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
            targets[attrs["Id"]] = posixpath.normpath(path)

    for part, on in (("xl/workbook.xml", on_sheet), ("xl/_rels/workbook.xml.rels", on_relation)):
        if part in parts:
            _parse(data, parts[part], spent, _Handler(on))
    return {targets[rid]: name for name, rid in sheets if rid in targets}


# -- inflating ------------------------------------------------------------------------------------


def _inflate(data: bytes, info: zipfile.ZipInfo, spent: list[int]) -> Iterator[bytes]:
    """The part's bytes as its reader will get them, a chunk at a time, each chunk counted."""
    if info.flag_bits & 0x1:
        raise Refused("TABLE-UNREADABLE", f"it is encrypted ('{info.filename}'); save it without a password")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise Refused("TABLE-UNREADABLE", f"its part '{info.filename}' is compressed in a way spreadsheet "
                                          f"programs do not use (method {info.compress_type})")
    at = info.header_offset
    head = data[at:at + _LOCAL_HEADER.size]
    if len(head) < _LOCAL_HEADER.size or head[:4] != b"PK\x03\x04":
        raise Refused("TABLE-UNREADABLE", f"its part '{info.filename}' is damaged (no header where the ZIP "
                                          "directory says it is)")
    _, name_len, extra_len = _LOCAL_HEADER.unpack(head)
    start = at + _LOCAL_HEADER.size + name_len + extra_len
    packed = memoryview(data)[start:start + info.compress_size]
    if info.compress_type == zipfile.ZIP_STORED:
        for i in range(0, len(packed), CHUNK):
            yield _spend(bytes(packed[i:i + CHUNK]), spent)
        return
    inflater, pos = zlib.decompressobj(-zlib.MAX_WBITS), 0
    try:
        while not inflater.eof:
            if inflater.unconsumed_tail:
                out = inflater.decompress(inflater.unconsumed_tail, CHUNK)
            elif pos < len(packed):
                out = inflater.decompress(packed[pos:pos + CHUNK], CHUNK)
                pos += CHUNK
            else:
                break
            yield _spend(out, spent)
    except zlib.error as exc:
        raise Refused("TABLE-UNREADABLE", f"its part '{info.filename}' is damaged ({exc})") from None


def _spend(chunk: bytes, spent: list[int]) -> bytes:
    spent[0] += len(chunk)
    if spent[0] > MAX_INFLATED:
        raise Refused("TABLE-TOO-LARGE", f"it inflates to more than {MAX_INFLATED // (1024 * 1024)} MB; a table "
                                      "of cards is far smaller (is something else stored in the workbook?)")
    return chunk


# -- parsing --------------------------------------------------------------------------------------


class _Handler:
    """Element starts, ends and text of one part, told to `start` and `end` by local name (the
    prefix, whichever a writer chose, dropped), attributes likewise when `local_attributes` (ODS
    qualifies every one). The parser calls `start_element` and `end_element`; a hot handler
    overrides those."""

    local_attributes = True

    def __init__(self, on_start: Callable[[str, dict[str, str]], None] | None = None):
        self.on_start = on_start

    def start_element(self, name: str, attrs: dict[str, str]) -> None:
        self.start(name.rpartition(":")[2], _local(attrs) if self.local_attributes else attrs)

    def end_element(self, name: str) -> None:
        self.end(name.rpartition(":")[2])

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if self.on_start:
            self.on_start(name, attrs)

    def end(self, name: str) -> None:
        pass

    def text(self, data: str) -> None:
        pass


def _parse(data: bytes, info: zipfile.ZipInfo, spent: list[int], handler: _Handler | None) -> None:
    """Inflate the part (counted); an XML part is also parsed, with `handler` told what it holds."""
    chunks = _inflate(data, info, spent)
    if not info.filename.lower().endswith((".xml", ".rels")):
        for _ in chunks:
            pass
        return
    parser = expat.ParserCreate()  # no namespace processing: names are matched by local name
    parser.buffer_text = True

    def doctype(*_):
        raise Refused("TABLE-UNREADABLE", f"its part '{info.filename}' declares a document type (<!DOCTYPE>); "
                                          "a workbook has none, and entities are refused")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    if handler is not None:
        parser.StartElementHandler = handler.start_element
        parser.EndElementHandler = handler.end_element
        parser.CharacterDataHandler = handler.text
    try:
        for chunk in chunks:
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        raise Refused("TABLE-UNREADABLE", f"its part '{info.filename}' is not well-formed XML "
                                          f"(line {exc.lineno}, column {exc.offset + 1}: "
                                          f"{expat.ErrorString(exc.code)})") from None


def _local(attrs: dict[str, str]) -> dict[str, str]:
    """Attributes by local name (r:id is id, table:name is name)."""
    out = {}
    for k, v in attrs.items():
        out.setdefault(k.rpartition(":")[2], v)
    return out


class _Extent:
    """The farthest valued cell of a sheet, refused as soon as the sheet grows past the budget."""

    def __init__(self, budget: Budget):
        self.budget, self.rows, self.cols = budget, 0, 0

    def reach(self, last_row: int, last_col: int, row: int, col: int) -> None:
        """A value fills cells up to (last_row, last_col); (row, col) is where it is written."""
        rows, cols = max(self.rows, last_row), max(self.cols, last_col)
        if rows > self.budget.rows:
            raise Refused("TABLE-TOO-LARGE", f"a value at {cell_name(row, col)} makes the sheet {rows:,} rows "
                                             f"long; a table may have at most {self.budget.rows - 1:,} rows "
                                             "after its header", row=row, col=col)
        if rows * cols > self.budget.cells:
            raise Refused("TABLE-TOO-LARGE", f"a value at {cell_name(row, col)} makes the sheet {rows:,} rows "
                                             f"by {cols:,} columns ({rows * cols:,} cells from A1); a table may "
                                             f"have at most {self.budget.cells:,}", row=row, col=col)
        self.rows, self.cols = rows, cols


class _Text:
    """Counts the characters of one cell's text."""

    def __init__(self, most: int):
        self.most, self.chars = most, 0
        self.on = False

    def add(self, data: str, row: int, col: int) -> None:
        if self.on:
            self.chars += len(data)
            if self.chars > self.most:
                raise Refused("TABLE-TOO-LARGE", f"the cell {cell_name(row, col)} holds more than "
                                                 f"{self.most:,} characters, more than a spreadsheet "
                                                 "program lets a cell hold", row=row, col=col)


class _Sheet(_Handler):
    """An XLSX worksheet: its dimension, and each cell with a value placed by its reference (or,
    without one, after the cell before it, as readers place it); its formulas without a value."""

    local_attributes = False  # a worksheet's attributes (r, t, s) have no namespace

    def __init__(self, budget: Budget):
        super().__init__()
        self.extent, self.chars = _Extent(budget), _Text(budget.chars)
        self.row, self.col, self.valued = 0, 0, False
        self.formula = self.saved = self.in_value = False
        self.unsaved: set[tuple[int, int]] = set()

    def start_element(self, name: str, attrs: dict[str, str]) -> None:
        name = name.rpartition(":")[2]
        if name == "dimension":
            self._dimension(attrs.get("ref", ""))
        elif name == "row":
            r = attrs.get("r")
            if r is None:
                self.row += 1
            elif not _NUMBER.fullmatch(r) or not 1 <= int(r) <= MAX_ROW:
                raise Refused("TABLE-UNREADABLE", f"a row is numbered '{r[:40]}', which is not a row of a "
                                                  f"spreadsheet (1 to {MAX_ROW:,})", row=self.row or 1, col=1)
            else:
                self.row = int(r)
            self.col = 0
        elif name == "c":
            ref = attrs.get("r")
            if ref is None:
                self.col += 1
            else:
                self.row, self.col = self._ref(ref)
            self.valued, self.chars.chars = False, 0
            self.formula = self.saved = False
        elif name in ("v", "is", "f"):
            self.valued = True
            self.chars.on = name != "f"
            self.formula |= name == "f"
            self.saved |= name == "is"
            self.in_value = name == "v"

    def end_element(self, name: str) -> None:
        name = name.rpartition(":")[2]
        if name == "c" and self.valued:
            self.extent.reach(self.row, self.col, self.row, self.col)
            if self.formula and not self.saved:
                self.unsaved.add((self.row, self.col))
        elif name in ("v", "is"):
            self.chars.on = self.in_value = False

    def text(self, data: str) -> None:
        self.chars.add(data, self.row, self.col)
        if self.in_value and data.strip():
            self.saved = True

    def _ref(self, ref: str) -> tuple[int, int]:
        m = _REF.fullmatch(ref) or _REF.fullmatch(ref.upper())
        col = _col_number(m.group(1)) if m else 0
        row = int(m.group(2)) if m else 0
        if not (1 <= col <= MAX_COL and 1 <= row <= MAX_ROW):
            raise Refused("TABLE-UNREADABLE", f"a cell's reference is '{ref[:40]}', which is not a cell of a "
                                              f"spreadsheet (columns A to XFD, rows 1 to {MAX_ROW:,})",
                          row=max(self.row, 1), col=1)
        return row, col

    def _dimension(self, ref: str) -> None:
        corners = ref.split(":")
        if not 1 <= len(corners) <= 2:
            raise Refused("TABLE-UNREADABLE", f"the sheet's dimension is '{ref[:40]}', which is not a range "
                                              "of cells", row=1, col=1)
        row, col = self._ref(corners[-1])  # a reader may make room for all the file says it holds
        if row > self.extent.budget.rows or row * col > self.extent.budget.cells:
            raise Refused("TABLE-TOO-LARGE", f"the sheet says it reaches {cell_name(row, col)} ({row:,} rows by "
                                             f"{col:,} columns); a table may have at most "
                                             f"{self.extent.budget.rows - 1:,} rows after its header and "
                                             f"{self.extent.budget.cells:,} cells", row=1, col=1)


class _Ods(_Handler):
    """An ODS file's content.xml: each table's rows and cells, with their repeats."""

    def __init__(self, budget: Budget):
        super().__init__()
        self.budget = budget
        self.table: str | None = None
        self.extent = _Extent(budget)
        self.chars = _Text(budget.chars)
        self.nested = 0  # tables inside a cell of the table being counted
        self.row = self.col = 0
        self.rows_repeat = self.cols_repeat = 1
        self.in_cell = self.valued = False

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if self.nested or (name == "table" and self.in_cell):
            self.nested += name == "table"
            self.valued = True
            return
        if name == "table":
            self.table, self.extent, self.row = attrs.get("name", ""), _Extent(self.budget), 0
        elif name == "table-row" and self.table is not None:
            self.rows_repeat = self._repeat(attrs, "number-rows-repeated", self.row + 1, 1)
            self.row, self.col = self.row + 1, 0
        elif name in ("table-cell", "covered-table-cell") and self.table is not None:
            self.cols_repeat = self._repeat(attrs, "number-columns-repeated", self.row, self.col + 1)
            self.col += 1
            self.in_cell, self.chars.chars, self.chars.on = True, 0, True
            self.valued = "value-type" in attrs or "formula" in attrs
        elif self.in_cell:
            self.valued = True  # text, an annotation, a drawing: the cell is not empty

    def end(self, name: str) -> None:
        if self.nested:
            self.nested -= name == "table"
            return
        if name in ("table-cell", "covered-table-cell") and self.in_cell:
            last_col = self.col + self.cols_repeat - 1
            if self.valued:
                self._reach(self.row + self.rows_repeat - 1, last_col)
            self.col, self.in_cell, self.chars.on = last_col, False, False
        elif name == "table-row" and self.table is not None:
            self.row += self.rows_repeat - 1
        elif name == "table":
            self.table = None

    def text(self, data: str) -> None:
        try:
            self.chars.add(data, self.row, self.col)
        except Refused as problem:
            problem.sheet = self.table
            raise

    def _reach(self, last_row: int, last_col: int) -> None:
        try:
            self.extent.reach(last_row, last_col, self.row, self.col)
        except Refused as problem:
            problem.sheet = self.table
            raise

    def _repeat(self, attrs: dict[str, str], key: str, row: int, col: int) -> int:
        value = attrs.get(key)
        if value is None:
            return 1
        if not _NUMBER.fullmatch(value) or not 1 <= int(value) <= MAX_ROW * MAX_COL:
            raise Refused("TABLE-UNREADABLE", f"{key} is '{value[:40]}', which is not a number of cells",
                          sheet=self.table, row=max(row, 1), col=max(col, 1))
        return int(value)


@functools.lru_cache(maxsize=None)  # at most XFD: 16,384 columns
def _col_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def cell_name(row: int, col: int) -> str:
    """(3, 28) is AB3."""
    letters = ""
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row}"
