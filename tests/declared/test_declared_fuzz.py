"""Fuzzed tables: the example's CSV with random cells (wrong types, blanks, unicode, commas,
quotes, newlines, huge numbers), rows dropped or repeated, written as CSV or as raw text. `pnp
validate` always ends in exit 0, 1 or 2, never a traceback, and every error it prints is located
in a file of the game with a line and column. Bounded: derandomized, 40 examples each."""
from __future__ import annotations

import contextlib
import csv
import io
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from declared_kit import CSV, EXAMPLE, FUZZ_EDITS, FUZZ_TOKENS, LOCATED, example_rows, mangle
from pnp.cli import main
from declared_fixtures import game  # noqa: F401  (fixtures)

FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
ROWS = example_rows()
TOKENS = ["", " ", "0", "-1", "1.5", "1e309", "nan", "inf", "10" * 40, str(2 ** 80), "true", "x", "red", "gold",
          "star", "star, moon", "moon,,star", ",", ";", '"', '""', "'", "\t", "\n", "\r\n", "紅", "🏮", "\u202e",
          "\u200b", "\ufeff", "\x00", "=SUM(A1)", "{title}", "id", "lantern-back", "none", "../x.png", "a" * 300]
CELL = st.one_of(st.sampled_from(TOKENS), st.text(max_size=12), st.integers(-10 ** 30, 10 ** 30).map(str),
                 st.floats(allow_nan=True, allow_infinity=True).map(repr))


@st.composite
def tables(draw):
    rows = [list(r) for r in ROWS]
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["cell", "cell", "cell", "drop", "dup", "header", "widen", "swap", "same"]))
        r = draw(st.integers(0, len(rows) - 1))
        if how == "swap":  # rows in another order: the same deck
            q = draw(st.integers(1, len(rows) - 1))
            rows[max(r, 1)], rows[q] = rows[q], rows[max(r, 1)]
        elif how == "same" and r and len(rows[r]) == len(ROWS[0]):  # a cell the field reads the same
            c = draw(st.sampled_from([2, 3]))
            rows[r][c] = draw(st.sampled_from([f" {rows[r][c]} ", f"{rows[r][c]}\t"]))
        elif how == "cell" and rows[r]:
            rows[r][draw(st.integers(0, len(rows[r]) - 1))] = draw(CELL)
        elif how == "drop" and len(rows) > 1:
            del rows[r]
        elif how == "dup":
            rows.insert(r, list(rows[r]))
        elif how == "header":
            rows[0][draw(st.integers(0, len(rows[0]) - 1))] = draw(st.sampled_from(
                ["", "ID", "count", "kind", "back", "image", "title.en", "title.zh-TW", "value.zh-TW", "colour", "x y"]))
        elif how == "widen":
            rows[r].append(draw(CELL))
    raw = draw(st.booleans())  # raw: cells joined by commas, unquoted; else written by csv.writer
    if raw:
        return "\n".join(",".join(r) for r in rows) + draw(st.sampled_from(["", "\n", "\r\n"]))
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator=draw(st.sampled_from(["\n", "\r\n"]))).writerows(rows)
    return out.getvalue()


def run(folder: Path, *args) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    finally:
        os.chdir(here)
    return code, out.getvalue() + err.getvalue()


def check(code: int, said: str) -> None:
    assert code in (0, 1, 2), said
    assert "Traceback" not in said
    for line in said.splitlines():
        if "error[" in line and not line.startswith("pnp "):
            m = LOCATED.match(line)
            assert m is not None, line
            # in the spec or a table; or in the layout, where its faces name a field the spec lost
            assert m["file"].startswith(("card_specs/lanterns.", "layouts/lanterns.yaml")), line
            assert int(m["line"]) >= 1 and int(m["col"]) >= 1, line
    if code == 0:
        assert "lanterns: ok" in said


@FUZZ
@given(text=tables())
def test_fuzzed_csv_validates_or_is_told(text):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("card_specs", "layouts"):  # validate reads a declared game's faces too
            shutil.copytree(EXAMPLE / part, root / part)
        (root / CSV).write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
        code, said = run(root, "validate", "lanterns", "--specs", "card_specs")
        check(code, said)


@FUZZ
@given(data=st.binary(max_size=600))
def test_any_bytes_as_a_table(data):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("card_specs", "layouts"):  # validate reads a declared game's faces too
            shutil.copytree(EXAMPLE / part, root / part)
        (root / CSV).write_bytes(data)
        check(*run(root, "validate", "lanterns", "--specs", "card_specs"))


@settings(FUZZ, max_examples=12)
@given(text=tables())
def test_fuzzed_csv_setup_and_build(text):
    """A table that validates also deals and builds; one that does not is refused, exit 2."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("card_specs", "layouts"):
            shutil.copytree(EXAMPLE / part, root / part)
        (root / CSV).write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
        code, said = run(root, "validate", "lanterns", "--specs", "card_specs")
        check(code, said)
        s_code, s_said = run(root, "setup", "lanterns", "--players", "3", "--seed", "1", "--specs", "card_specs")
        assert s_code in (0, 1, 2) and "Traceback" not in s_said
        if code == 2:
            assert s_code == 2
        b_code, b_said = run(root, "build", "lanterns", "--specs", "card_specs", "--out", "out", "--force")
        assert b_code in (0, 1, 2) and "Traceback" not in b_said, b_said
        if code == 0:
            assert s_code == 0 and b_code == 0, s_said + b_said
        if code == 2:
            assert b_code == 2 and not (root / "out" / "lanterns.pdf").exists()


DECLARE_TOKENS = FUZZ_TOKENS + ["{ int: [1, 10] }", "{ choice: [] }", "{ text: 0 }", "{ list: { ref: wish } }",
                                "{ 2: 1 }", "{ default: 1 }", "[lantern, wish]", "{ where: { value: x } }",
                                "{ kind: wish, one_each: points }", "'{title.name}'", "'{{'", '"#12345"', "all"]
EDITS = st.lists(st.tuples(st.integers(0, 200), st.sampled_from(FUZZ_EDITS), st.sampled_from(DECLARE_TOKENS)),
                 min_size=1, max_size=3)


@settings(FUZZ, max_examples=25)
@given(edits=EDITS)
def test_mangled_spec(edits):
    """The spec with lines dropped, repeated or given odd values: validate, setup and list end in
    0, 1 or 2, their errors located."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("card_specs", "layouts"):  # validate reads a declared game's faces too
            shutil.copytree(EXAMPLE / part, root / part)
        spec = root / "card_specs" / "lanterns.yaml"
        spec.write_text(mangle(spec.read_text(encoding="utf-8"), edits), encoding="utf-8")
        check(*run(root, "validate", "lanterns", "--specs", "card_specs"))
        ran = []
        for args in (("setup", "lanterns", "--players", "2", "--seed", "1"), ("list", "lanterns")):
            code, said = run(root, *args, "--specs", "card_specs")
            assert code in (0, 1, 2) and "Traceback" not in said, said
            ran.append(args[0])
        assert ran == ["setup", "list"]


@settings(FUZZ, max_examples=20)
@given(edits=EDITS)
def test_mangled_layout(edits):
    """The layout's faces mangled: build ends in 0, 1 or 2 and writes no PDF when it says 2."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for part in ("card_specs", "layouts"):
            shutil.copytree(EXAMPLE / part, root / part)
        layout = root / "layouts" / "lanterns.yaml"
        layout.write_text(mangle(layout.read_text(encoding="utf-8"), edits), encoding="utf-8")
        code, said = run(root, "build", "lanterns", "--specs", "card_specs", "--out", "out")
        assert code in (0, 1, 2) and "Traceback" not in said, said
        if code == 2:
            assert not (root / "out" / "lanterns.pdf").exists()
