"""Pieces far larger than the paper, built end to end with the shapes test game: a circle,
hexagon or diamond up to the documented 2000 mm prints the tiles that hold some of it (the
grid's empty corners are not printed); a build of very many pages says so before it starts,
refuses beyond PAGE_LIMIT unless --force, and stops at once on Ctrl-C leaving nothing behind."""
from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
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
