"""SVG cut files (`--cut-files`): read back with xml.etree, every piece's cut path coincides with
its sheet-map `outline_mm` to 0.01 mm, arcs bulge outwards as the true outline does, and the
registration marks are in the SVG and printed on the PDF sheet in the same places."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM

from pnp.geometry.shapes import FLAT_TOL

SVG = "{http://www.w3.org/2000/svg}"
TOL = 0.01  # mm


def parse_d(d: str, height: float) -> list[tuple]:
    """Path data as segments in page mm (y up): ("L", a, b) or ("A", a, b, centre, r, start, sweep)."""
    tokens = re.findall(r"[MLAZ]|-?\d+(?:\.\d+)?", d)
    segs, i, start, cur = [], 0, None, None
    while i < len(tokens):
        t = tokens[i]
        if t == "M":
            cur = start = (float(tokens[i + 1]), float(tokens[i + 2]))
            i += 3
        elif t == "L":
            nxt = (float(tokens[i + 1]), float(tokens[i + 2]))
            segs.append(("L", cur, nxt))
            cur, i = nxt, i + 3
        elif t == "A":
            rx, ry, rot, large, sweep, x, y = (float(v) for v in tokens[i + 1:i + 8])
            assert rx == ry and rot == 0
            segs.append(("A", cur, (x, y), *_arc_centre(cur, (x, y), rx, int(large), int(sweep))))
            cur, i = (x, y), i + 8
        else:
            if cur != start:
                segs.append(("L", cur, start))
            i += 1
    return [_to_page(s, height) for s in segs]


def _arc_centre(p1, p2, r, large, sweep):
    """SVG's endpoint arc to centre form (SVG 1.1, F.6.5), rotation 0."""
    x1p, y1p = (p1[0] - p2[0]) / 2, (p1[1] - p2[1]) / 2
    num = max(0.0, r * r - x1p * x1p - y1p * y1p)
    coef = math.sqrt(num / (x1p * x1p + y1p * y1p)) * (1 if large != sweep else -1)
    cxp, cyp = coef * y1p, -coef * x1p
    c = (cxp + (p1[0] + p2[0]) / 2, cyp + (p1[1] + p2[1]) / 2)
    a1 = math.atan2((y1p - cyp) / r, (x1p - cxp) / r)
    a2 = math.atan2((-y1p - cyp) / r, (-x1p - cxp) / r)
    delta = a2 - a1
    if sweep == 0 and delta > 0:
        delta -= 2 * math.pi
    if sweep == 1 and delta < 0:
        delta += 2 * math.pi
    return c, r, a1, delta


def _to_page(seg, height):
    flip = lambda p: (p[0], height - p[1])
    if seg[0] == "L":
        return "L", flip(seg[1]), flip(seg[2])
    _, a, b, c, r, start, delta = seg
    return "A", flip(a), flip(b), flip(c), r, -start, -delta  # y flipped: angles change sign


def samples(seg, n: int = 16) -> list[tuple[float, float]]:
    if seg[0] == "L":
        (x1, y1), (x2, y2) = seg[1], seg[2]
        return [(x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n) for k in range(n + 1)]
    _, _, _, (cx, cy), r, start, delta = seg
    return [(cx + r * math.cos(start + delta * k / n), cy + r * math.sin(start + delta * k / n)) for k in range(n + 1)]


def dist_to_polygon(p, poly) -> float:
    return min(_dist_seg(p, a, b) for a, b in zip(poly, poly[1:] + poly[:1]))


def _dist_seg(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _dist_arc(p, seg) -> float:
    """Distance from a point to an arc: to its circle where the point's angle lies within the arc."""
    _, a, b, (cx, cy), r, start, delta = seg
    turn = (math.atan2(p[1] - cy, p[0] - cx) - start) * (1 if delta >= 0 else -1) % (2 * math.pi)
    if turn <= abs(delta):
        return abs(math.hypot(p[0] - cx, p[1] - cy) - r)
    return min(math.hypot(p[0] - a[0], p[1] - a[1]), math.hypot(p[0] - b[0], p[1] - b[1]))


def inside(p, poly) -> bool:
    """Strictly inside a counter-clockwise convex polygon."""
    return all((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) > 0 for a, b in zip(poly, poly[1:] + poly[:1]))


def check_piece(segs, outline):
    nodes = [s[1] for s in segs]
    # the path's corners and arc ends are the outline's points, and every outline point is on the path
    for n in nodes:
        assert min(math.hypot(n[0] - v[0], n[1] - v[1]) for v in outline) <= TOL, n
    for v in outline:
        assert min(_dist_arc(v, s) if s[0] == "A" else _dist_seg(v, s[1], s[2]) for s in segs) <= TOL, v
    # straight runs lie on the outline; arcs lie outside its chords, no farther than the flattening
    for s in segs:
        for q in samples(s):
            d = dist_to_polygon(q, outline)
            if s[0] == "L":
                assert d <= TOL, (s, q)
            else:
                assert d <= FLAT_TOL + TOL and not (inside(q, outline) and d > TOL), (s, q, d)


def check_cut_files(built) -> int:
    data = built.map
    width, height = data["paper"]["width_mm"], data["paper"]["height_mm"]
    marks = data["registration"]["marks_mm"]
    pieces_checked = 0
    entries = [e for e in data["pages"] if e["side"] == "front"]
    folder = built.pdf.parent / entries[0]["cut_file"].split("/")[0]
    assert sorted(p.name for p in folder.iterdir()) == sorted(e["cut_file"].split("/")[1] for e in entries)
    fold = data["backs"] == "gutterfold"
    for entry in entries:
        root = ET.parse(built.pdf.parent / entry["cut_file"]).getroot()
        shown = height / 2 if fold else height
        assert root.get("width") == f"{width:g}mm" and float(root.get("height")[:-2]) == pytest.approx(shown)
        assert [float(v) for v in root.get("viewBox").split()] == pytest.approx([0, 0, width, shown])
        groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
        assert set(groups) == {"cut", "registration"}
        drawn = [el.tag for el in root.iter() if el.tag not in (f"{SVG}svg", f"{SVG}g", f"{SVG}defs")]
        assert set(drawn) == {f"{SVG}path"}  # nothing but paths
        reg = [parse_d(p.get("d"), height) for p in groups["registration"]]
        assert len(reg) == len(marks) == 3
        for segs, mark in zip(reg, marks):
            assert [s[1] for s in segs] == [pytest.approx(tuple(v), abs=TOL) for v in mark]
        paths = {p.get("id"): p.get("d") for p in groups["cut"]}
        expected = {}
        for piece in entry["pieces"]:
            ref = f"{piece['id']}.{piece['copy']}"
            if "tile" in piece:
                t = piece["tile"]
                ref += f".tile-{(t['row'] - 1) * t['cols'] + t['col']}"
            expected[ref] = piece
        assert set(paths) == set(expected)
        for ref, piece in expected.items():
            check_piece(parse_d(paths[ref], height), [tuple(v) for v in piece["outline_mm"]])
            pieces_checked += 1
    return pieces_checked


def check_marks_printed(built) -> None:
    """The registration marks are printed (filled, black) on every sheet that is cut, where the
    SVG has them, and on no back page."""
    marks = built.map["registration"]["marks_mm"]
    boxes = [(min(x for x, _ in m), min(y for _, y in m), max(x for x, _ in m), max(y for _, y in m)) for m in marks]
    cut_pages = {e["page"] for e in built.map["pages"] if e["side"] == "front"}
    with pdfplumber.open(built.pdf) as pdf:
        pages = sorted({e["page"] for e in built.map["pages"]})
        # pdfplumber is slow on art-heavy pages: the first few, then every 8th, and the last
        for n in sorted(set(pages[:4] + pages[::8] + pages[-1:])):
            page = pdf.pages[n - 1]
            h = float(page.height)
            found = [(o["x0"] / MM, (h - o["bottom"]) / MM, o["x1"] / MM, (h - o["top"]) / MM)
                     for o in page.rects + page.curves if o.get("fill") and o.get("non_stroking_color") in ((0, 0, 0), [0, 0, 0], (0,), [0], (0, 0, 0, 1), [0, 0, 0, 1])]
            for box in boxes:
                hit = any(all(abs(a - b) <= TOL for a, b in zip(box, f)) for f in found)
                assert hit == (n in cut_pages), (n, box)


@pytest.mark.slow
@pytest.mark.parametrize("game, extra", [("the-jam", ()), ("christmas-tree", ()), ("the-jam", ("--backs", "gutterfold"))])
def test_cut_paths_coincide_with_the_sheet_map(shipped_build, game, extra):
    built = shipped_build(game, "--cut-files", *extra)
    assert built.map["cut_files"] is True
    assert check_cut_files(built) == sum(len(e["pieces"]) for e in built.map["pages"] if e["side"] == "front")
    check_marks_printed(built)


def test_christmas_tree_cuts_every_shape(shipped_build):
    built = shipped_build("christmas-tree", "--cut-files")
    fronts = [p for e in built.map["pages"] if e["side"] == "front" for p in e["pieces"]]
    assert {p["shape"] for p in fronts} >= {"rect", "rhombus", "circle"}
    assert any("tile" in p for p in fronts)
    # rounded corners and circles are cut as true arcs, not as chords
    cut = Path(built.pdf.parent, built.map["pages"][0]["cut_file"]).parent
    text = "".join(f.read_text() for f in cut.iterdir())
    assert " A" in text


def test_shapes_game_cut_files(shapes_build):
    built = shapes_build("--cut-files")
    fronts = [p for e in built.map["pages"] if e["side"] == "front" for p in e["pieces"]]
    assert {p["shape"] for p in fronts} == {"rect", "rhombus", "circle", "hexagon"}
    assert check_cut_files(built) == len(fronts)
    check_marks_printed(built)


def test_spaced_diamonds_cut_files(shapes_build):
    built = shapes_build("--cut-files", "--diamonds", "spaced")
    assert check_cut_files(built) > 0


def test_a_build_without_cut_files_removes_stale_ones(cli, tmp_path):
    assert cli("build", "gem", "--out", "out", "--cut-files").code == 0
    assert (tmp_path / "out" / "gem-cut").is_dir()
    assert cli("build", "gem", "--out", "out").code == 0
    assert not (tmp_path / "out" / "gem-cut").exists()
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.startswith(".") and p.name != ".pnp.lock"]  # no staging left


def test_no_room_for_registration_marks_is_a_clear_error(cli, tmp_path):
    # a folded sheet is cut as its top half, whose pieces reach down to the fold
    r = cli("build", "pi-mal-pflaumen", "--out", "out", "--cut-files", "--backs", "gutterfold")
    assert r.code == 2
    assert "no room for print-and-cut registration marks" in r.err and "on page 1" in r.err
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_cut_files_and_shop_are_refused_together(cli):
    r = cli("build", "gem", "--out", "out", "--cut-files", "--shop")
    assert r.code == 2 and "--cut-files" in r.err
