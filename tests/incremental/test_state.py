"""What a build left in OUT is read back like a spec: a sheet map (`pnp where`) or a manifest
(`--changed`) that was edited by hand, cut short, swapped for something else or made huge is a
located error naming the file, exit 2 — never a traceback — and a pipe or a link to /dev/zero
in its place is refused at once, never waited on or read."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_spec

ROOT = Path(__file__).resolve().parents[2]
FIX_MAP = "build again with 'pnp build gem'"
FIX_MANIFEST = "run 'pnp build gem' again"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """gem built once: (specs, the folder, {file name: its bytes}) to copy into each test's OUT."""
    from pnp.cli import main

    tmp = tmp_path_factory.mktemp("gem")
    specs, _ = copy_spec(tmp, "gem")
    out = tmp / "out"
    assert main(["build", "gem", "--specs", str(specs), "--out", str(out)]) == 0
    return specs, {p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")}


def _out(tmp_path: Path, files: dict) -> Path:
    out = tmp_path / "out"
    out.mkdir()
    for name, data in files.items():
        (out / name).write_bytes(data)
    return out


def _pos(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _value(text: str, key: str) -> tuple[int, int]:
    """Line and column of the value of the first `"key": ` in `text`."""
    return _pos(text, text.index(f'"{key}": ') + len(f'"{key}": '))


def _edited(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


# -- the sheet map, read back by `pnp where` ---------------------------------------------------
def _map_cases(text: str) -> dict:
    """name -> (new sheet map text, line, col of the problem (None: where JSON says), expected words)"""
    page_2 = text.rindex("{", 0, text.index('"page": 2'))  # pages[1]: page 2, a back
    piece = text.index('{"id": ')  # pages[0].pieces[0]
    return {
        "a page without side": (_edited(text, '"side": "back",', ""), *_pos(text, page_2),
                                "error[SHEET-MAP]: pages[1] has no 'side'"),
        "a piece without id": (text[:piece + 1] + text[text.index('"copy"', piece):], *_pos(text, piece),
                               "error[SHEET-MAP]: pages[0].pieces[0] has no 'id'"),
        "a copy that is text": (_edited(text, '"copy": 1,', '"copy": "1",'), *_value(text, "copy"),
                                "error[SHEET-MAP]: pages[0].pieces[0].copy is the text '1', expected a whole number "
                                "from 1"),
        "pages that are no list": (_edited(text, '"pages": [', '"pages": 3, "x": ['), *_value(text, "pages"),
                                   "error[SHEET-MAP]: pages is the number 3, expected a list"),
        "a list, not a map": ("[1, 2]\n", 1, 1, "error[SHEET-MAP]: the file holds a list, not a sheet map (an object)"),
        "another game's map": (_edited(text, '"game": "gem"', '"game": "the-jam"'), *_value(text, "game"),
                               "error[SHEET-MAP]: this is a sheet map of 'the-jam', not of gem"),
        "cut short": (text[: len(text) // 2], None, None, "error[JSON-SYNTAX]: not valid JSON"),
        "nested a million deep": ("[" * 1_000_000, 1, 1, "error[JSON-SYNTAX]: the JSON is nested far more deeply"),
    }


def _where_json_says(text: str) -> tuple[int, int]:
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return exc.lineno, exc.colno
    raise AssertionError("valid JSON")


@pytest.mark.parametrize("case", ["a page without side", "a piece without id", "a copy that is text",
                                  "pages that are no list", "a list, not a map", "another game's map", "cut short",
                                  "nested a million deep"])
def test_where_on_a_tampered_sheet_map_is_a_located_error(cli, built, tmp_path, case):
    specs, files = built
    out = _out(tmp_path, files)
    text, line, col, words = _map_cases(files["gem.json"].decode())[case]
    (out / "gem.json").write_text(text, encoding="utf-8")
    r = cli("where", "gem", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 2 and "Traceback" not in r.err
    line, col = (line, col) if line is not None else _where_json_says(text)
    first = r.err.splitlines()[0]
    assert first.startswith(f"out/gem.json:{line}:{col}: {words}"), first
    assert first.endswith(f"; pnp wrote a sheet map here: {FIX_MAP}") or first.endswith(f"; {FIX_MAP}"), first


def test_where_on_a_binary_or_huge_sheet_map_says_so(cli, built, tmp_path):
    specs, files = built
    out = _out(tmp_path, files)
    (out / "gem.json").write_bytes(b'{\n "game": "gem",\n "pa\x00ges": []}')
    r = cli("where", "gem", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 2 and r.err.startswith("out/gem.json:3:5: error[JSON-BINARY]: this is a binary file")
    os.truncate(out / "gem.json", 65 << 20)  # sparse: huge on paper, nothing on disk
    r = cli("where", "gem", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 2 and r.err.startswith("out/gem.json:1:1: error[FILE-UNREADABLE]: is larger than 64 MB")
    (out / "gem.json").write_bytes(b'{"game": "gem", "pages": [], "x": "\xff"}')
    r = cli("where", "gem", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 2 and "out/gem.json:1:36: error[JSON-ENCODING]: byte 0xff is not UTF-8" in r.err


def test_where_still_catches_a_map_that_is_not_of_its_pdf(cli, built, tmp_path):
    specs, files = built
    out = _out(tmp_path, files)
    (out / "gem.pdf").write_bytes(files["gem.pdf"] + b"\n")
    r = cli("where", "gem", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 2 and "gem.json does not describe gem.pdf" in r.err
    (out / "gem.pdf").unlink()
    os.mkfifo(out / "gem.pdf")  # a pipe is not hashed (nothing would ever be written to it)
    r = cli("where", "gem", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 2 and "out/gem.pdf is not a regular file" in r.err


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("what", ["a pipe", "a link to /dev/zero"])
def test_a_pipe_or_dev_zero_in_place_of_the_state_is_refused_at_once(built, tmp_path, what):
    """Each in a process of its own with a time limit: before, both waited for ever (or filled memory)."""
    specs, files = built
    out = _out(tmp_path, files)
    for name in ("gem.json", "gem.manifest.json"):
        (out / name).unlink()
        os.mkfifo(out / name) if what == "a pipe" else (out / name).symlink_to("/dev/zero")
    kind = "a pipe" if what == "a pipe" else "a device"
    r = _run("where", "gem", "coin-1a", "--specs", str(specs), "--out", "out", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith(f"out/gem.json:1:1: error[FILE-UNREADABLE]: is {kind}, not a "
                                                     f"regular file; pnp wrote a sheet map here: {FIX_MAP}")
    r = _run("build", "gem", "--changed", "--specs", str(specs), "--out", "out", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith(f"out/gem.manifest.json:1:1: error[FILE-UNREADABLE]: is {kind}, "
                                                     f"not a regular file; pnp wrote the manifest here: {FIX_MANIFEST}")
    assert not (out / "gem-reprint.pdf").exists()


# -- the manifest, read back by `--changed` ----------------------------------------------------
def _manifest_cases(text: str) -> dict:
    first = next(iter(json.loads(text)["components"]))
    return {
        "options that are a list": (_edited(text, '"options": {', '"options": [1], "x": {'), *_value(text, "options"),
                                    "error[MANIFEST]: options is a list, expected an object"),
        "a hash that is a number": (_edited(text, f'"{first}": "', f'"{first}": 7, "y": "'), *_value(text, first),
                                    f"error[MANIFEST]: components.{first} is the number 7, expected text"),
        "sheets that are a number": (_edited(text, '"sheets": [', '"sheets": 3, "z": ['), *_value(text, "sheets"),
                                     "error[MANIFEST]: sheets is the number 3, expected a list"),
        "no sheets": (json.dumps({k: v for k, v in json.loads(text).items() if k != "sheets"}), 1, 1,
                      "error[MANIFEST]: the file has no 'sheets'"),
        "an option missing": (_edited(text, '"cmyk": false,', ""), *_value(text, "options"),
                              "error[MANIFEST]: options has no 'cmyk'"),
        "another version": (_edited(text, '"version": 1', '"version": 2'), *_value(text, "version"),
                            "error[MANIFEST]: version 2 is not a manifest this pnp writes (version 1)"),
        "a list, not a manifest": ("[]", 1, 1, "error[MANIFEST]: the file holds a list, not a manifest (an object)"),
        "cut short": (text[:-40], None, None, "error[JSON-SYNTAX]: not valid JSON"),
    }


@pytest.mark.parametrize("case", ["options that are a list", "a hash that is a number", "sheets that are a number",
                                  "no sheets", "an option missing", "another version", "a list, not a manifest",
                                  "cut short"])
def test_changed_on_a_tampered_manifest_is_a_located_error(cli, built, tmp_path, case):
    specs, files = built
    out = _out(tmp_path, files)
    text, line, col, words = _manifest_cases(files["gem.manifest.json"].decode())[case]
    (out / "gem.manifest.json").write_text(text, encoding="utf-8")
    r = cli("build", "gem", "--changed", "--specs", specs, "--out", out)
    assert r.code == 2 and "Traceback" not in r.err
    first = r.err.splitlines()[0]
    line, col = (line, col) if line is not None else _where_json_says(text)
    assert first.startswith(f"out/gem.manifest.json:{line}:{col}: {words}"), first
    assert "pnp wrote the manifest here" in first or first.endswith(f"; {FIX_MANIFEST}")
    assert not (out / "gem-reprint.pdf").exists()
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.name in files and p.name != "gem.manifest.json"} == \
        {k: v for k, v in files.items() if k != "gem.manifest.json"}


def test_changed_on_a_binary_or_huge_manifest_says_so(cli, built, tmp_path):
    specs, files = built
    out = _out(tmp_path, files)
    (out / "gem.manifest.json").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    r = cli("build", "gem", "--changed", "--specs", specs, "--out", out)
    assert r.code == 2 and r.err.startswith("out/gem.manifest.json:3:1: error[JSON-BINARY]: this is a binary file")
    os.truncate(out / "gem.manifest.json", 17 << 20)
    r = cli("build", "gem", "--changed", "--specs", specs, "--out", out)
    assert r.code == 2 and r.err.startswith("out/gem.manifest.json:1:1: error[FILE-UNREADABLE]: is larger than 16 MB")
    r = cli("build", "gem", "--changed", "--format", "json", "--specs", specs, "--out", out)
    assert r.code == 2 and "is larger than 16 MB" in r.json()["games"]["gem"]["why"]
