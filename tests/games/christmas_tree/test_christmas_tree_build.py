"""Christmas Tree built: 106 diamond decorations packed edge to edge, every copy once, none
overlapping; goals, cookies and markers sharing sheets where they fit; the four boards in
overlapping tiles."""
from collections import Counter

import pytest

from polygons import overlap

GAME = "christmas-tree"


def fronts(built):
    return [p for page in built.pages("front") for p in page["pieces"]]


def test_106_diamond_decorations_every_copy_once(built):
    decorations = [p for p in fronts(built) if p["kind"] in ("bauble", "gingerbread", "candy")]
    assert len(decorations) == 106 and {p["shape"] for p in decorations} == {"rhombus"}
    assert len({(p["id"], p["copy"]) for p in decorations}) == 106
    for p in decorations:  # long axis vertical on the card, whichever way it lies on the sheet
        x, y, w, h = p["trim_mm"]
        assert sorted((round(w), round(h))) == [50, 80]
    assert built.map["templates"]["decoration"] == {"shape": "rhombus", "size_mm": [50, 80], "bleed_mm": 0.0}


def test_no_two_pieces_overlap_on_any_page(built):
    pairs = 0
    for page in built.map["pages"]:
        outlines = [[tuple(v) for v in p["outline_mm"]] for p in page["pieces"]]
        for i, a in enumerate(outlines):
            for b in outlines[i + 1:]:
                assert overlap(a, b) == 0, page["page"]
                pairs += 1
    assert pairs > 0


def test_every_other_piece_is_printed_and_sheets_hold_one_template_or_share_where_they_fit(built):
    counts = Counter(p["kind"] for p in fronts(built) if "tile" not in p)
    assert (counts["goal"], counts["cookie"], counts["score-marker"], counts["score-track"]) == (30, 16, 8, 1)
    shared = [page for page in built.map["pages"] if len({p["template"] for p in page["pieces"]}) > 1]
    assert shared  # cookies beside the last goals, markers beside the last board tile


def test_the_four_boards_are_tiled_with_their_overlap(built):
    tiles = [p for p in fronts(built) if p["kind"] == "board"]
    assert {p["copy"] for p in tiles} == {1, 2, 3, 4}
    for copy in (1, 2, 3, 4):
        mine = [p for p in tiles if p["copy"] == copy]
        rows, cols = mine[0]["tile"]["rows"], mine[0]["tile"]["cols"]
        assert len(mine) == rows * cols > 1
        xs = sorted({(p["region_mm"][0], p["region_mm"][0] + p["region_mm"][2]) for p in mine})
        assert all(a[1] - b[0] == pytest.approx(10) for a, b in zip(xs, xs[1:]))
        assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(340)
