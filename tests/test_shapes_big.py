"""Pieces far larger than the paper, built end to end with the shapes test game: a circle,
hexagon or diamond up to the documented 2000 mm prints the tiles that hold some of it (the
grid's empty corners are not printed); a build of very many pages says so before it starts,
refuses beyond PAGE_LIMIT unless --force, and stops at once on Ctrl-C leaving nothing behind."""
from __future__ import annotations

import json
import math
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import SHAPES_DIR

ROOT3 = math.sqrt(3.0)
TEMPLATE = {"token": "shape: circle\n        width: 30mm", "hex": "shape: hexagon\n        width: 40mm",
            "diamond": "shape: rhombus\n        width: 40mm\n        height: 64mm",
            "board": "shape: rect\n        width: 300mm\n        height: 400mm"}


def big_game(tmp_path: Path, kind: str, size: str, component: str | None = None, sheets: str = "") -> Path:
    """A copy of the shapes test game holding one component of `kind`, its template `size`
    (the YAML after `shape:`); `sheets`: paper presets added to sheets.yaml. Returns the specs dir."""
    specs, layouts = tmp_path / "card_specs", tmp_path / "layouts"
    specs.mkdir()
    layouts.mkdir()
    cid = component or kind
    (specs / "shapes-test.yaml").write_text(
        "game: shapes-test\nname: { en: Shapes, zh-TW: 形狀 }\nbacks:\n  - { id: plain, kind: plain }\n"
        f"components:\n  - {{ id: {cid}, kind: {kind}, count: 1, back: plain }}\n", encoding="utf-8")
    layout = (SHAPES_DIR / "layouts" / "shapes-test.yaml").read_text(encoding="utf-8")
    assert TEMPLATE[kind] in layout
    (layouts / "shapes-test.yaml").write_text(layout.replace(TEMPLATE[kind], size), encoding="utf-8")
    base = (Path(__file__).parents[1] / "layouts" / "sheets.yaml").read_text(encoding="utf-8")
    (layouts / "sheets.yaml").write_text(base.rstrip("\n") + "\n" + sheets, encoding="utf-8")
    return specs


def fronts(data: dict) -> list[dict]:
    return [p for page in data["pages"] if page["side"] == "front" for p in page["pieces"]]


def _area(points) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


BIG = [("token", "shape: circle\n        width: 1500mm"), ("token", "shape: circle\n        width: 2000mm"),
       ("hex", "shape: hexagon\n        width: 2000mm"),
       ("hex", "shape: hexagon\n        orient: flat\n        height: 2000mm"),
       ("diamond", "shape: rhombus\n        width: 2000mm\n        height: 2000mm"),
       ("diamond", "shape: rhombus\n        width: 1200mm\n        height: 2000mm")]


@pytest.mark.parametrize("kind, size", BIG, ids=["circle-1500", "circle-2000", "hexagon-2000", "flat-hexagon-2000",
                                                 "diamond-2000", "diamond-1200x2000"])
def test_a_piece_up_to_2000_mm_of_every_shape_builds_printing_only_tiles_that_hold_some_of_it(
        cli, shapes_game, tmp_path, kind, size):
    specs = big_game(tmp_path, kind, size)
    out = tmp_path / "out"
    r = cli("build", "shapes-test", "--specs", specs, "--out", out)
    assert r.code == 0, r.err
    assert "Traceback" not in r.err and "min() arg" not in r.err
    data = json.loads((out / "shapes-test.json").read_text(encoding="utf-8"))
    tiles = fronts(data)
    rows, cols = tiles[0]["tile"]["rows"], tiles[0]["tile"]["cols"]
    assert 1 < len(tiles) < rows * cols  # the empty corners of the grid are not printed
    assert len(PdfReader(out / "shapes-test.pdf").pages) == len(data["pages"]) == 2 * len(tiles)  # and their backs
    for t in tiles:
        assert _area(t["outline_mm"]) > 1.0  # each printed tile cuts out some of the piece
        assert t["trim_mm"][2] > 0 and t["trim_mm"][3] > 0


BOARD_2M = "shape: rect\n        width: 2000mm\n        height: 2000mm"
PRESETS = "  tiny: { width: 50mm, height: 50mm, margin: 5mm }\n  small: { width: 100mm, height: 100mm, margin: 5mm }\n"


def preset_line(specs: Path, name: str) -> tuple[int, int]:
    """The line and column of a paper preset's value in the copied sheets.yaml."""
    lines = (specs.parent / "layouts" / "sheets.yaml").read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith(f"  {name}:"))
    return n + 1, lines[n].index("{") + 1


def test_a_build_of_more_than_2000_pages_is_refused_at_the_paper_unless_forced(cli, shapes_game, tmp_path):
    specs = big_game(tmp_path, "board", BOARD_2M, sheets=PRESETS)
    out = tmp_path / "out"
    r = cli("build", "shapes-test", "--specs", specs, "--out", out, "--paper", "tiny", "--no-slug")
    assert r.code == 2 and "Traceback" not in r.err
    line, col = preset_line(specs, "tiny")
    (error,) = [e for e in r.err.splitlines() if "error[" in e]
    assert error == (f"layouts/sheets.yaml:{line}:{col}: error[SHEET-PAGES]: shapes-test would "
                     "print 31,746 pages (15,873 sheets of tiny, 50 x 50 mm), more than 2,000: the board template alone "
                     "takes 15,873 sheets, a tile each; print on larger paper (--paper), or build it anyway with --force")
    assert "shapes-test: not built, it would print 31,746 pages (see above)" in r.err
    assert not out.exists() or not [p for p in out.iterdir() if p.name != ".pnp.lock"]  # nothing written


@pytest.mark.slow
def test_a_build_of_many_pages_says_how_many_before_it_starts(cli, shapes_game, tmp_path):
    specs = big_game(tmp_path, "board", BOARD_2M, sheets=PRESETS)
    out = tmp_path / "out"
    r = cli("build", "shapes-test", "--specs", specs, "--out", out, "--paper", "small", "--no-slug")
    assert r.code == 0, r.err
    note = "shapes-test: 1,920 pages (960 sheets of small, 100 x 100 mm) to write; Ctrl-C stops the build"
    assert r.err.startswith(note)  # before anything else is said
    assert len(PdfReader(out / "shapes-test.pdf").pages) == 1920  # the count it gave is what it printed
    quick = cli("build", "shapes-test", "--specs", specs, "--out", tmp_path / "a4")  # 192 pages: nothing to say
    assert quick.code == 0 and "pages (" not in quick.err


def _environment(tmp_path: Path) -> dict:
    """The environment of a `pnp` subprocess that finds the shapes test game, registered as pip would."""
    sys.path.insert(0, str(SHAPES_DIR))
    try:
        from register import register_game
    finally:
        sys.path.remove(str(SHAPES_DIR))
    site = tmp_path / "site"
    register_game(site, "pnp_shapes_test", {"shapes-test": "shapes_game"})
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(SHAPES_DIR), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def test_ctrl_c_stops_a_forced_build_of_31746_pages_at_once_leaving_the_previous_output(shapes_game, tmp_path):
    specs = big_game(tmp_path, "board", BOARD_2M, sheets=PRESETS)
    out, env = tmp_path / "out", _environment(tmp_path)
    base = [sys.executable, "-m", "pnp.cli", "build", "shapes-test", "--specs", str(specs), "--out", str(out),
            "--no-slug"]
    first = subprocess.run(base, env=env, capture_output=True, text=True, timeout=300)  # a good build to keep
    assert first.returncode == 0, first.stderr
    before = _files(out)
    proc = subprocess.Popen(base + ["--paper", "tiny", "--force"], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 120)  # a bound, should nothing be said
        note = proc.stderr.readline() if ready else ""  # said before the long work starts
        assert note.startswith("shapes-test: 31,746 pages (15,873 sheets of tiny, 50 x 50 mm) to write"), note
        for _ in range(6000):  # until the PDF is being written (a bound, not a timing)
            if any(p.name.endswith(".tmp") for p in out.iterdir()):
                break
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=10)  # 'at once': well before the build would end
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    assert stderr.strip() == "pnp: interrupted" and stdout == ""  # no traceback, nothing else said
    assert _files(out) == before  # nothing staged is left, nothing lost


def _files(folder: Path) -> dict[str, bytes]:
    """What a folder holds, but the lock builds share (it stays, as after any build)."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name != ".pnp.lock"}
