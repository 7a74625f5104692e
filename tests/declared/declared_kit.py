"""Helpers for the declared-game tests: edit a copy of the Lantern Walk example one line at a
time, and read diagnostics back by code, location and words."""
from __future__ import annotations

import csv
import io
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"


def _suite_helpers():
    """The suite's PDF readers (tests/conftest.py), loaded under a name of their own: both
    conftest files are called `conftest`."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("pnp_tests_conftest", Path(__file__).resolve().parents[1] / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


_suite = _suite_helpers()
MM, chars_in, text_in, rotation_of = _suite.MM, _suite.chars_in, _suite.text_in, _suite.rotation_of
mangle, FUZZ_TOKENS, FUZZ_EDITS = _suite.mangle, _suite.FUZZ_TOKENS, _suite.FUZZ_EDITS
SPEC = "card_specs/lanterns.yaml"
CSV = "card_specs/lanterns.csv"
LAYOUT = "layouts/lanterns.yaml"
LOCATED = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning)\[(?P<code>[A-Z0-9-]+)\]: ")


def example_rows() -> list[list[str]]:
    """The example's CSV, header first, as lists of cell texts."""
    with open(EXAMPLE / CSV, encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


@dataclass
class Game:
    """A copy of examples/lanterns in `root`, edited by the test."""

    root: Path

    def path(self, rel: str) -> Path:
        return self.root / rel

    def text(self, rel: str) -> str:
        return self.path(rel).read_bytes().decode("utf-8")

    def write(self, rel: str, text: str) -> None:
        self.path(rel).write_bytes(text.encode("utf-8"))

    def edit(self, rel: str, old: str, new: str) -> int:
        """Replace the first `old` (which must occur) by `new`; returns the 1-based line it began on."""
        text = self.text(rel)
        assert old in text, f"{old!r} not in {rel}"
        at = text.index(old)
        self.write(rel, text[:at] + new + text[at + len(old):])
        return text[:at].count("\n") + 1

    def line_of(self, rel: str, needle: str) -> int:
        text = self.text(rel)
        assert needle in text, f"{needle!r} not in {rel}"
        return text[: text.index(needle)].count("\n") + 1

    def col_of(self, rel: str, needle: str, after: str = "") -> int:
        """1-based column of `needle` on the line of its first occurrence (after `after`, if given)."""
        text = self.text(rel)
        start = text.index(after) if after else 0
        at = text.index(needle, start)
        return at - (text.rfind("\n", 0, at) + 1) + 1

    def at(self, rel: str, needle: str, after: str = "") -> str:
        """'FILE:LINE:COL' of `needle`, as a diagnostic begins."""
        text = self.text(rel)
        start = text.index(after) if after else 0
        at = text.index(needle, start)
        return f"{rel}:{text[:at].count(chr(10)) + 1}:{self.col_of(rel, needle, after)}"

    def rows(self) -> list[list[str]]:
        return list(csv.reader(io.StringIO(self.text(CSV), newline="")))

    def write_rows(self, rows: list[list], rel: str = CSV) -> None:
        out = io.StringIO(newline="")
        csv.writer(out, lineterminator="\n").writerows(rows)
        self.write(rel, out.getvalue())

    def append_row(self, line: str) -> int:
        """Add a raw CSV line at the end; returns its line number."""
        text = self.text(CSV)
        if not text.endswith("\n"):
            text += "\n"
        self.write(CSV, text + line + "\n")
        return text.count("\n") + 1

    def point_table(self, entry: str) -> None:
        """The spec's table entry replaced, such as  { table: lanterns.xlsx, sheet: Lanterns, kind: lantern }."""
        self.edit(SPEC, "{ table: lanterns.csv, kind: lantern }", entry)


def lines_of(r) -> list[str]:
    return (r.out + r.err).splitlines()


def diags(r, code: str) -> list[str]:
    """Every error line of `code` in what the command printed."""
    return [x for x in lines_of(r) if f"error[{code}]" in x]


def one(r, code: str, at: str | None = None, *words: str) -> str:
    """The one `code` error, beginning with `at` ('FILE:LINE:COL' or 'FILE:LINE:'), saying `words`."""
    found = diags(r, code)
    assert len(found) == 1, f"expected one {code}, got {found}\n{r.out}{r.err}"
    line = found[0]
    if at is not None:
        assert line.startswith(at + ("" if at.endswith(":") else ":")), f"{line!r} is not at {at}"
    for w in words:
        assert w in line, f"{w!r} not in {line!r}"
    return line


def has(r, code: str, at: str, *words: str) -> str:
    """Some `code` error begins with `at` ('FILE:LINE:COL') and says every one of `words`."""
    found = diags(r, code)
    hits = [x for x in found if x.startswith(at + ":") and all(w in x for w in words)]
    assert hits, f"no {code} at {at} saying {words}; {code} lines: {found}\n{r.out}{r.err}"
    return hits[0]


def codes(r) -> list[str]:
    """The codes of every located diagnostic printed, in order."""
    return [m["code"] for m in (LOCATED.match(x) for x in lines_of(r)) if m]


def no_traceback(r) -> None:
    assert "Traceback" not in r.out + r.err, r.out + r.err


def xlsx(path: Path, rows: list[list], sheet: str = "Lanterns", first: str | None = "Notes") -> None:
    """A workbook written by openpyxl: an optional first sheet `first`, then `sheet` holding `rows`
    (numbers as numbers; a text starting with '=' a formula, saved without a value)."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    if first:
        ws.title = first
        ws["A1"] = "notes, not cards"
        ws = wb.create_sheet(sheet)
    else:
        ws.title = sheet
    for row in rows:
        ws.append([int(v) if isinstance(v, str) and v.isdigit() else v for v in row])
    wb.save(path)


def ods(path: Path, rows: list[list], sheet: str = "Lanterns") -> None:
    """A minimal ODS workbook written by hand: mimetype, manifest and content.xml."""
    def cell(v: str) -> str:
        if v == "":
            return "<table:table-cell/>"
        if v.isdigit():
            return f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p></table:table-cell>'
        return f'<table:table-cell office:value-type="string"><text:p>{escape(v)}</text:p></table:table-cell>'

    body = "".join("<table:table-row>" + "".join(cell(str(v)) for v in r) + "</table:table-row>" for r in rows)
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name="{escape(sheet)}">{body}</table:table>'
               "</office:spreadsheet></office:body></office:document-content>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                "</manifest:manifest>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                   compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/manifest.xml", manifest)
        z.writestr("content.xml", content)
