"""Pieces of different templates share a sheet where they fit, and backless pieces go on one-sided
sheets after all the two-sided ones, with no blank back page: every placement rule holds on the
mixed sheets (bleeds apart and inside the printable area, crop marks outside every bleed, backs
exactly behind their fronts), the page count stated is the one printed, and a build of Christmas
Tree is at most 41 pages whose reprints, cut files and sheet map follow the mixed sheets."""
from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET

import pytest

from conftest import SHAPES_DIR
from polygons import contains, grow, inside_rect, overlap, same_points
from pnp.imposition import Piece, impose, piece_bleed
from pnp.imposition.count import size
from pnp.load.layout import Sheet
from pnp.geometry.shapes import Outline

A4 = Sheet("a4", 210, 297, 5)
LETTER = Sheet("letter", 215.9, 279.4, 6.35)
BLEED = 3.0
MODES = ["duplex-long", "duplex-short", "gutterfold", "none"]


def make(name: str, outline: Outline, n: int, backs: bool = True) -> list[Piece]:
    return [Piece(name, k, name, outline, has_back=backs, template=name, label=f"{name}-{k}") for k in range(1, n + 1)]


CARD = Outline("rect", 63, 88, radius=3)
SMALL = Outline("rect", 44, 63)
DIAMOND = Outline("rhombus", 40, 64)
TOKEN = Outline("circle", 25, 25)
HEX = Outline("hexagon", 40, 46.188)
BOARD = Outline("rect", 340, 390)

CASES = {  # each makes at least one sheet of two templates
    "cards-then-small-cards": make("card", CARD, 11) + make("small", SMALL, 7),
    "diamonds-then-cards": make("diamond", DIAMOND, 23) + make("card", CARD, 2),
    "cards-hexes-tokens": make("card", CARD, 5) + make("hex", HEX, 7) + make("token", TOKEN, 40, backs=False),
    "board-then-tokens": make("board", BOARD, 1, backs=False) + make("token", TOKEN, 9, backs=False),
    "everything": (make("card", CARD, 13) + make("token", TOKEN, 12, backs=False) + make("diamond", DIAMOND, 20)
                   + make("small", SMALL, 5) + make("hex", HEX, 9) + make("board", BOARD, 1, backs=False)),
}


def bleed_of(p, diamonds: str) -> float:
    return piece_bleed(p.piece.outline, BLEED, diamonds)


def check_plan(plan, sheet: Sheet, backs: str, diamonds: str) -> int:
    """Every placement rule on every page; returns how many sheets hold two templates or more."""
    m, mixed = sheet.margin, 0
    pages = plan.pages
    for i, page in enumerate(pages):
        if page.side == "back":
            continue
        fronts = [p for p in page.placements if p.side == "front"]
        if len({p.piece.template for p in fronts}) > 1:
            mixed += 1
        grown = [grow(p.outline(), bleed_of(p, diamonds)) for p in fronts]
        for k, (p, g) in enumerate(zip(fronts, grown)):
            assert inside_rect(g, m, m, sheet.width - m, sheet.height - m, tol=1e-6), (i + 1, p.piece.id)
            if backs == "gutterfold" and page.side == "gutterfold":  # fronts above the fold
                assert min(y for _, y in p.outline()) >= sheet.height / 2 - 1e-6
            for q, h in zip(fronts[k + 1:], grown[k + 1:]):
                assert overlap(g, h) == 0, (i + 1, p.piece.id, q.piece.id)  # no bleed inside another's
        for x1, y1, x2, y2 in page.marks:  # crop marks: in the printable area, outside every bleed
            assert inside_rect([(x1, y1), (x2, y2)], m, m, sheet.width - m, sheet.height - m, tol=1e-6)
            for t in (0.0, 0.25, 0.5, 0.75, 1.0):
                x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
                assert not any(contains(g, x, y) for g in grown), (i + 1, (x1, y1, x2, y2))
        for p in fronts:  # a tile's cross-hairs stay off every other piece's bleed
            if p.tile:
                for cx, cy in p.tile.crosshairs:
                    box = [(cx - 4.3, cy - 4.3), (cx + 4.3, cy - 4.3), (cx + 4.3, cy + 4.3), (cx - 4.3, cy + 4.3)]
                    assert all(overlap(box, g) == 0 for q, g in zip(fronts, grown) if q is not p)
        if backs in ("duplex-long", "duplex-short"):
            back = pages[i + 1] if i + 1 < len(pages) and pages[i + 1].side == "back" else None
            if page.one_sided:
                assert back is None and not any(p.piece.has_back for p in fronts)
                assert all(q.one_sided for q in pages[i:] if q.side == "front")  # one-sided sheets come last
            else:
                assert back is not None and all(p.piece.has_back for p in fronts)
                check_backs(fronts, back.placements, sheet, backs)
        elif backs == "gutterfold" and page.one_sided:  # nothing to fold: the whole sheet, no piece with a back
            assert page.side == "front" and not any(p.piece.has_back for p in fronts)
        elif backs == "gutterfold":
            assert page.side == "gutterfold" and all(p.piece.has_back for p in fronts)  # no half-empty fold
            check_backs(fronts, [p for p in page.placements if p.side == "back"], sheet, backs)
        else:
            assert not page.one_sided
    for i, page in enumerate(pages):
        if page.side == "back":  # no blank back page, anywhere
            assert page.placements and pages[i - 1].side == "front"
    return mixed


def check_backs(fronts, backs_, sheet: Sheet, mode: str) -> None:
    """Every back exactly behind its front: x' = W - x - w (long edge), y' = H - y - h otherwise."""
    by_key = {(p.piece.id, p.piece.copy, p.tile and (p.tile.row, p.tile.col)): p for p in fronts}
    assert len(backs_) == sum(p.piece.has_back for p in fronts)
    for b in backs_:
        f = by_key[(b.piece.id, b.piece.copy, b.tile and (b.tile.row, b.tile.col))]
        x, y, w, h = f.trim
        bx, by, bw, bh = b.trim
        if mode == "duplex-long":
            assert (bx, by) == pytest.approx((sheet.width - x - w, y))
            assert same_points(b.outline(), [(sheet.width - px, py) for px, py in f.outline()])
        else:
            assert (bx, by) == pytest.approx((x, sheet.height - y - h))
            assert same_points(b.outline(), [(px, sheet.height - py) for px, py in f.outline()])


@pytest.mark.parametrize("backs", MODES)
@pytest.mark.parametrize("diamonds", ["shared-edge", "spaced"])
@pytest.mark.parametrize("case", list(CASES))
def test_mixed_sheets_keep_every_placement_rule_and_the_count_is_the_pages_made(case, backs, diamonds):
    pieces = CASES[case]
    mixed = 0
    for sheet in (A4, LETTER):
        plan = impose(pieces, sheet, BLEED, backs, diamonds=diamonds)
        mixed += check_plan(plan, sheet, backs, diamonds)
        s = size(pieces, sheet, BLEED, backs, diamonds)
        assert s.pages == len(plan.pages) and s.sheets == sum(p.side != "back" for p in plan.pages)
        placed = sorted((p.piece.id, p.piece.copy) for page in plan.pages for p in page.placements
                        if p.side == "front" and (p.tile is None or (p.tile.row, p.tile.col) == (1, 1)))
        assert placed == sorted((p.id, p.copy) for p in pieces)  # every piece once (a tiled one: its first tile)
    if backs != "gutterfold":  # (a gutterfold half has less room to share)
        assert mixed, "no sheet holds two templates"


def test_the_next_template_starts_in_the_band_the_last_one_left_and_a_sheet_of_one_template_does_not_move():
    alone = impose(make("card", CARD, 11), A4, BLEED)
    plan = impose(make("card", CARD, 11) + make("small", SMALL, 4), A4, BLEED)
    assert len(plan.pages) == len(alone.pages) == 4  # the small cards fill the second sheet's free rows
    assert [(p.x, p.y) for p in plan.pages[0].placements] == [(p.x, p.y) for p in alone.pages[0].placements]
    second = plan.pages[2].placements
    assert [p.piece.id for p in second] == ["card"] * 3 + ["small"] * 4
    assert min(p.y for p in second[:3]) - BLEED > max(p.y + p.h for p in second[3:]) + BLEED  # cards above


def test_backless_pieces_fill_one_sided_sheets_after_the_two_sided_ones_with_no_back_page():
    pieces = make("board", BOARD, 1, backs=False) + make("token", TOKEN, 5, backs=False) + make("card", CARD, 10)
    plan = impose(pieces, A4, BLEED)
    sides = [(p.side, p.one_sided) for p in plan.pages]
    two = sides.index(("front", True))
    assert sides[:two] == [("front", False), ("back", False)] * (two // 2)
    assert all(s == ("front", True) for s in sides[two:])
    last = plan.pages[-1]  # the tokens beside the board's last tile
    assert {p.piece.id for p in last.placements} == {"board", "token"}
    assert size(pieces, A4, BLEED).pages == len(plan.pages)


# -- the shipped game ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tree(shipped_build):
    return shipped_build("christmas-tree")


def test_christmas_tree_prints_at_most_41_pages_two_sided_sheets_first(tree):
    pages = sorted({e["page"] for e in tree.map["pages"]})
    assert len(pages) <= 41 and pages == list(range(1, len(pages) + 1))
    one_sided = tree.map["one_sided_pages"]
    assert one_sided and one_sided == list(range(one_sided[0], len(pages) + 1))  # the last pages
    entries = tree.map["pages"]
    two_sided = [e for e in entries if e["page"] < one_sided[0]]
    assert [e["side"] for e in two_sided] == ["front", "back"] * (len(two_sided) // 2)
    for e in entries:
        assert e.get("one_sided", False) == (e["page"] in one_sided)
        if e["page"] in one_sided:
            assert e["side"] == "front"
            assert {p["kind"] for p in e["pieces"]} <= {"board", "score-track", "score-marker"}  # no backs
        else:
            assert {p["kind"] for p in e["pieces"]}.isdisjoint({"board", "score-track", "score-marker"})
    assert not [e for e in entries if e["side"] == "back" and not e["pieces"]]  # no blank back page
    mixed = [e for e in entries if len({p["template"] for p in e["pieces"]}) > 1]
    assert {e["page"] in one_sided for e in mixed} == {True, False}  # mixed two-sided and one-sided sheets


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_christmas_tree_backs_sit_behind_their_fronts_on_mixed_sheets(shipped_build, backs):
    built = shipped_build("christmas-tree") if backs == "duplex-long" else shipped_build("christmas-tree", "--backs", backs)
    W, H = built.map["paper"]["width_mm"], built.map["paper"]["height_mm"]
    entries = built.map["pages"]
    checked = 0
    for front, back in zip(entries, entries[1:]):
        if front["side"] != "front" or back["side"] != "back" or len({p["template"] for p in front["pieces"]}) < 2:
            continue
        by_key = {(p["id"], p["copy"]): p for p in front["pieces"]}
        assert len(back["pieces"]) == len(front["pieces"])
        for b in back["pieces"]:
            f = by_key[(b["id"], b["copy"])]
            x, y, w, h = f["trim_mm"]
            mirrored = [(W - px, py) for px, py in f["outline_mm"]] if backs == "duplex-long" else \
                [(px, H - py) for px, py in f["outline_mm"]]
            assert same_points(b["outline_mm"], mirrored), (front["page"], b["id"])
            expected = (W - x - w, y) if backs == "duplex-long" else (x, H - y - h)
            assert b["trim_mm"][:2] == pytest.approx(expected, abs=0.002)
            checked += 1
    assert checked


def test_christmas_tree_bleeds_never_overlap_on_mixed_sheets(tree):
    templates = tree.map["templates"]
    P = tree.map["paper"]
    pieces = 0
    for e in tree.map["pages"]:
        grown = [grow([tuple(v) for v in p["outline_mm"]], templates[p["template"]]["bleed_mm"]) for p in e["pieces"]]
        for i, g in enumerate(grown):
            assert inside_rect(g, 5, 5, P["width_mm"] - 5, P["height_mm"] - 5, tol=0.01)
            pieces += 1
            for h in grown[i + 1:]:
                assert overlap(g, h) < 0.005, e["page"]  # the map rounds to 0.001 mm
    assert pieces > 0


def _mixed_two_sided_piece(built) -> tuple[str, int]:
    """A component all of whose copies lie on one mixed two-sided sheet, and that sheet's page."""
    entries = built.map["pages"]
    where: dict[str, set[int]] = {}
    for e in entries:
        if e["side"] == "front":
            for p in e["pieces"]:
                where.setdefault(p["id"], set()).add(e["page"])
    for e in entries:
        if e["side"] == "front" and not e.get("one_sided") and len({p["template"] for p in e["pieces"]}) > 1:
            for p in e["pieces"]:
                if where[p["id"]] == {e["page"]}:
                    return p["id"], e["page"]
    raise AssertionError("no component on a mixed sheet alone")


def test_only_a_card_on_a_mixed_sheet_reprints_that_sheet_with_its_back(tree, cli, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(tree.pdf.parent, out)
    card, page = _mixed_two_sided_piece(tree)
    r = cli("build", "christmas-tree", "--out", str(out), "--only", card)
    assert r.code == 0, r.err
    reprint = json.loads((out / "christmas-tree-reprint.json").read_text())
    assert reprint["reprint"]["pages"] == [page, page + 1]
    full = {(e["page"], e["side"]): e for e in tree.map["pages"]}
    for e in reprint["pages"]:
        assert e["pieces"] == full[(e["page"], e["side"])]["pieces"]  # the same sheet, front and back
    assert [e["side"] for e in reprint["pages"]] == ["front", "back"]


def _svg_points(d: str, height: float) -> list[tuple[float, float]]:
    """The end point of every command of an SVG path (M, L, A: its last pair), in page mm."""
    out = []
    for _, args in re.findall(r"([MLA])([^MLAZ]*)", d):
        x, y = re.findall(r"(-?[\d.]+),(-?[\d.]+)", args)[-1]
        out.append((float(x), height - float(y)))
    return out


def test_cut_files_of_a_mixed_sheet_hold_exactly_its_pieces(shipped_build):
    built = shipped_build("christmas-tree", "--cut-files")
    H = built.map["paper"]["height_mm"]
    mixed = [e for e in built.map["pages"] if e["side"] == "front" and len({p["template"] for p in e["pieces"]}) > 1]
    assert mixed
    for e in mixed:
        root = ET.parse(built.pdf.parent / e["cut_file"]).getroot()
        cut = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id") == "cut")
        paths = {p.get("id"): p.get("d") for p in cut}
        expected, round_ = {}, set()
        for p in e["pieces"]:
            ref = f"{p['id']}.{p['copy']}"
            if "tile" in p:
                t = p["tile"]
                ref += f".tile-{(t['row'] - 1) * t['cols'] + t['col']}"
            expected[ref] = [tuple(v) for v in p["outline_mm"]]
            if p["shape"] == "circle":
                round_.add(ref)
        assert set(paths) == set(expected), e["page"]
        for ref, outline in expected.items():
            pts = _svg_points(paths[ref], H)
            # a path runs through its piece's outline points (an arc joins those along a curve) round all of it
            assert all(min(abs(x - a) + abs(y - b) for a, b in outline) < 0.002 for x, y in pts), ref
            box = lambda ps: (min(x for x, _ in ps), min(y for _, y in ps), max(x for x, _ in ps), max(y for _, y in ps))
            if ref not in round_:  # (a circle is a few arcs: their ends need not touch its box)
                assert box(pts) == pytest.approx(box(outline), abs=0.002), ref


def test_the_build_says_which_pages_to_print_single_sided(shapes_game, cli, tmp_path):
    specs = str(SHAPES_DIR / "card_specs")
    r = cli("build", "shapes-test", "--specs", specs, "--out", str(tmp_path / "a"))
    assert r.code == 0, r.err
    data = json.loads((tmp_path / "a" / "shapes-test.json").read_text())
    pages = data["one_sided_pages"]
    assert pages and all(e.get("one_sided") for e in data["pages"] if e["page"] in pages)
    first, last = pages[0], pages[-1]
    said = f"shapes-test: pages {first}-{last} are one-sided" if last > first else f"shapes-test: page {first} is one-sided"
    assert said in r.out and "single-sided" in r.out
    r = cli("build", "shapes-test", "--specs", specs, "--out", str(tmp_path / "b"), "--format", "json")
    assert r.json()["games"]["shapes-test"]["one_sided_pages"] == pages
    r = cli("build", "shapes-test", "--specs", specs, "--out", str(tmp_path / "c"), "--backs", "none")
    assert "one-sided" not in r.out  # every page is printed single-sided: nothing to say
    assert json.loads((tmp_path / "c" / "shapes-test.json").read_text())["one_sided_pages"] == []


def test_a_reprint_says_which_of_its_own_pages_are_one_sided(cli, tmp_path):
    """A reprint holding a backless piece numbers its one-sided pages as its own PDF has them."""
    import json

    out = tmp_path / "out"
    assert cli("build", "christmas-tree", "--out", out).code == 0
    comps = cli("list", "christmas-tree", "--format", "json").json()["components"]
    track = next(c["id"] for c in comps if c["kind"] == "score-track")
    r = cli("build", "christmas-tree", "--out", out, "--only", track, "cookie")
    assert r.code == 0, r.err
    data = json.loads((out / "christmas-tree-reprint.json").read_text())
    numbers = data["reprint"]["pages"]
    own = data["reprint"]["one_sided_pdf_pages"]
    assert data["one_sided_pages"] == [n for n in numbers if n in data["one_sided_pages"]] and data["one_sided_pages"]
    assert [numbers[k - 1] for k in own] == data["one_sided_pages"]  # the same pages, in the reprint's numbering
    assert f"page {own[0]} of " in r.out and "is one-sided: print it single-sided" in r.out, r.out
