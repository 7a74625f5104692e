"""The shapes test game built end to end, read back from its sheet map, its PDF and its pixels:
every copy placed once, no outline overlapping another, art inside every outline and nothing
past its bleed, shared-edge cuts marked, board tiles captioned, backs mirrored for every shape."""
import math
from collections import Counter

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import MM
from polygons import grow, inside_rect, overlap, same_points

A4_W, A4_H, MARGIN = 210.0, 297.0, 5.0
COUNTS = {"card": 10, "diamond": 40, "token": 30, "hex": 20, "flat-hex": 8}


def sides(built, side):
    return [p for p in built.map["pages"] if p["side"] == side]


def bleed_of(built, piece):
    return built.map["templates"][piece["template"]]["bleed_mm"]


def test_every_copy_of_every_component_is_placed_once_and_the_board_in_four_tiles(shapes_build):
    built = shapes_build()
    fronts = [(p["id"], p["copy"]) for page in sides(built, "front") for p in page["pieces"] if "tile" not in p]
    assert Counter(fronts) == Counter((cid, k) for cid, n in COUNTS.items() for k in range(1, n + 1))
    tiles = [p for page in sides(built, "front") for p in page["pieces"] if "tile" in p]
    assert sorted((t["tile"]["row"], t["tile"]["col"]) for t in tiles) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert {t["id"] for t in tiles} == {"board"}
    for page in built.map["pages"]:  # templates share sheets, but backless tokens only one-sided ones
        kinds = {p["kind"] for p in page["pieces"]}
        assert "token" not in kinds or (kinds == {"token"} and page.get("one_sided"))


@pytest.mark.parametrize("options", [(), ("--diamonds", "spaced"), ("--backs", "gutterfold")])
def test_no_two_outlines_overlap_and_each_with_its_bleed_lies_in_the_printable_area(shapes_build, options):
    built = shapes_build(*options)
    pieces = 0
    for page in built.map["pages"]:
        outlines = [(p, [tuple(v) for v in p["outline_mm"]]) for p in page["pieces"]]
        for i, (p, a) in enumerate(outlines):
            assert inside_rect(grow(a, bleed_of(built, p)), MARGIN, MARGIN, A4_W - MARGIN, A4_H - MARGIN, tol=0.01)
            pieces += 1
            for q, b in outlines[i + 1:]:
                assert overlap(a, b) == 0, (page["page"], p["id"], q["id"])
        if page["side"] == "back" or not page["pieces"] or page["pieces"][0]["shape"] != "rhombus":
            continue
        if "spaced" in options:  # spaced diamonds: 2 x bleed between neighbours, their bleeds touch
            grown = [grow(a, 3.0) for _, a in outlines]
            assert all(overlap(a, b) < 0.005 for i, a in enumerate(grown) for b in grown[i + 1:])  # map rounds to 0.001
    assert pieces > 0


def test_outlines_have_their_templates_shape(shapes_build):
    built = shapes_build()
    shapes = set()
    for page in sides(built, "front"):
        for p in page["pieces"]:
            shapes.add(p["shape"])
            pts = p["outline_mm"]
            x, y, w, h = p["trim_mm"]
            if p["shape"] == "rhombus":
                assert len(pts) == 4
                assert {round(w), round(h)} == {40, 64}
            elif p["kind"] in ("hex", "flathex"):
                edges = [math.dist(a, b) for a, b in zip(pts, pts[1:] + pts[:1])]
                assert len(pts) == 6 and max(edges) - min(edges) < 0.01
            elif p["shape"] == "circle":
                cx, cy, r = x + w / 2, y + h / 2, w / 2
                assert r == pytest.approx(15)
                assert all(abs(math.dist(v, (cx, cy)) - r) < 0.01 for v in pts)
                mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(pts, pts[1:] + pts[:1])]
                assert all(r - math.dist(m, (cx, cy)) <= 0.1 for m in mids)  # curves flattened to 0.1 mm
            elif p["kind"] == "card":
                xs, ys = [v[0] for v in pts], [v[1] for v in pts]
                assert (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((x, y, w, h), abs=0.01)
                assert len(pts) > 4  # the corners are rounded
    assert {"rhombus", "circle"} <= shapes  # the shapes checked above were there to check


def test_page_boxes_frame_the_pieces_and_their_bleed(shapes_build):
    built = shapes_build()
    reader = PdfReader(built.pdf)
    pages = 0
    for entry in built.map["pages"]:
        if not entry["pieces"]:
            continue
        pages += 1
        page = reader.pages[entry["page"] - 1]
        trims = [p["trim_mm"] for p in entry["pieces"]]
        x0, y0 = min(t[0] for t in trims), min(t[1] for t in trims)
        x1, y1 = max(t[0] + t[2] for t in trims), max(t[1] + t[3] for t in trims)
        bleeds = [(p["trim_mm"], bleed_of(built, p)) for p in entry["pieces"]]  # templates sharing a sheet
        bx0, by0 = min(t[0] - b for t, b in bleeds), min(t[1] - b for t, b in bleeds)
        bx1, by1 = max(t[0] + t[2] + b for t, b in bleeds), max(t[1] + t[3] + b for t, b in bleeds)
        assert [float(v) / MM for v in page.trimbox] == pytest.approx([x0, y0, x1, y1], abs=0.01)
        assert [float(v) / MM for v in page.bleedbox] == pytest.approx([bx0, by0, bx1, by1], abs=0.01)
    assert pages > 0


def _segments(page):
    """Straight two-point paths on a pdfplumber page, in mm from the bottom-left corner."""
    h = float(page.height)
    return [tuple(v / MM for v in (l["pts"][0][0], h - l["pts"][0][1], l["pts"][1][0], h - l["pts"][1][1]))
            for l in page.lines]


def test_each_shared_edge_cut_is_marked_at_both_ends_in_the_pdf(shapes_build):
    built = shapes_build()
    entry = next(p for p in sides(built, "front") if p["pieces"][0]["shape"] == "rhombus")
    edges = {}
    for p in entry["pieces"]:
        if p["shape"] != "rhombus":  # another template sharing the sheet
            continue
        pts = p["outline_mm"]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            d = ((b[0] - a[0]) / math.dist(a, b), (b[1] - a[1]) / math.dist(a, b))
            d = d if d[0] > 1e-9 or (abs(d[0]) <= 1e-9 and d[1] > 0) else (-d[0], -d[1])
            key = (round(d[0], 4), round(d[1], 4), round(d[0] * a[1] - d[1] * a[0], 2))
            edges.setdefault(key, []).extend([a, b])
    with pdfplumber.open(built.pdf) as pdf:
        segs = _segments(pdf.pages[entry["page"] - 1])
    diagonal = [s for s in segs if abs(s[2] - s[0]) > 0.1 and abs(s[3] - s[1]) > 0.1]
    for (dx, dy, c), pts in edges.items():
        ts = [dx * x + dy * y for x, y in pts]
        on = [s for s in diagonal if all(abs(dx * y - dy * x - c) < 0.02 for x, y in ((s[0], s[1]), (s[2], s[3])))]
        beyond_end = [s for s in on if min(dx * s[0] + dy * s[1], dx * s[2] + dy * s[3]) > max(ts)]
        before_start = [s for s in on if max(dx * s[0] + dy * s[1], dx * s[2] + dy * s[3]) < min(ts)]
        assert len(beyond_end) == 1 and len(before_start) == 1, (dx, dy, c)
    assert len(diagonal) == 2 * len(edges)


def test_board_tiles_carry_their_caption_glue_area_and_cross_hairs_in_the_pdf(shapes_build):
    built = shapes_build()
    tiles = 0
    with pdfplumber.open(built.pdf) as pdf:
        for entry in sides(built, "front"):
            tiled = [p for p in entry["pieces"] if "tile" in p]
            if not tiled:
                continue
            (p,) = tiled
            tiles += 1
            t = p["tile"]
            n = (t["row"] - 1) * t["cols"] + t["col"]
            page = pdf.pages[entry["page"] - 1]
            text = page.extract_text()
            assert f"board, tile {n} of 4, row {t['row']} col {t['col']}" in text
            x, y, w, h = p["trim_mm"]
            caption = [c for c in page.chars if c["text"] == "t" and 6.5 < c["size"] < 7.5]  # 7 pt, not the slug's 5
            assert caption and all(c["y0"] / MM > y + h + 3 for c in caption)  # above the trim and its bleed
            assert len(p["glue_mm"]) == (t["col"] < t["cols"]) + (t["row"] < t["rows"])
            for gx, gy, gw, gh in p["glue_mm"]:  # each glue strip says so
                inside = [c["text"] for c in page.chars if gx <= c["matrix"][4] / MM <= gx + gw
                          and gy <= c["matrix"][5] / MM <= gy + gh and c["size"] < 8]
                assert sorted(inside) == sorted("glue")
            segs = _segments(page)
            for cx, cy in p["crosshairs_mm"]:  # a horizontal and a vertical arm through the point
                arms = [s for s in segs if abs((s[0] + s[2]) / 2 - cx) < 0.05 and abs((s[1] + s[3]) / 2 - cy) < 0.05]
                assert len({(round(s[0], 1) == round(s[2], 1)) for s in arms}) == 2
    assert tiles == 4  # "tile n of 4"


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_backs_of_every_shape_sit_exactly_behind_their_fronts(shapes_build, backs):
    built = shapes_build("--backs", backs)
    pages = built.map["pages"]
    seen_shapes = set()
    for front, back in zip(pages[::2], pages[1::2]):
        assert (front["side"], back["side"]) == ("front", "back")
        by_key = {(p["id"], p["copy"], str(p.get("tile"))): p for p in front["pieces"]}
        for b in back["pieces"]:
            f = by_key[(b["id"], b["copy"], str(b.get("tile")))]
            if backs == "duplex-long":
                mirrored = [(A4_W - x, y) for x, y in f["outline_mm"]]
            else:
                mirrored = [(x, A4_H - y) for x, y in f["outline_mm"]]
            assert same_points(b["outline_mm"], mirrored), (b["id"], b["copy"])
            seen_shapes.add(f["shape"] if f["kind"] not in ("hex", "flathex") else f["kind"])
        no_back = [p for p in front["pieces"] if p["kind"] == "token"]
        assert not no_back or not back["pieces"]
    assert seen_shapes == {"rect", "rhombus", "hex", "flathex"}  # tokens have no back


def test_back_offset_shifts_every_back_and_gutterfold_mirrors_across_the_fold(shapes_build):
    plain, shifted = shapes_build(), shapes_build("--back-offset", "0.5,-1")
    shifted_backs = folded_backs = 0
    for a, b in zip(sides(plain, "back"), sides(shifted, "back")):
        for p, q in zip(a["pieces"], b["pieces"]):
            # seen from the front the backs land 0.5 mm right and 1 mm low; the long-edge back page
            # (x mirrored) moves 0.5 mm right and 1 mm up to bring them back
            assert same_points(q["outline_mm"], [(x + 0.5, y + 1) for x, y in p["outline_mm"]])
            shifted_backs += 1
    fold = shapes_build("--backs", "gutterfold")
    pages = fold.map["pages"]
    for front, back in zip(pages[::2], pages[1::2]):
        assert front["page"] == back["page"] and (front["side"], back["side"]) == ("front", "back")
        by_key = {(p["id"], p["copy"], str(p.get("tile"))): p for p in front["pieces"]}
        for b in back["pieces"]:
            f = by_key[(b["id"], b["copy"], str(b.get("tile")))]
            assert same_points(b["outline_mm"], [(x, A4_H - y) for x, y in f["outline_mm"]])
            assert max(y for _, y in b["outline_mm"]) < A4_H / 2 < min(y for _, y in f["outline_mm"])
            folded_backs += 1
    assert shifted_backs > 0 and folded_backs > 0


def test_the_sheet_map_tiles_cover_the_board_overlap_by_10_mm_and_their_cross_hairs_meet(shapes_build):
    built = shapes_build()
    tiles = {(p["tile"]["row"], p["tile"]["col"]): p for page in sides(built, "front") for p in page["pieces"]
             if "tile" in p}
    assert {p["rotation"] for p in tiles.values()} == {0}

    def board_point(p, x, y):  # unturned: the window shows the region one to one
        wx, wy = p["trim_mm"][:2]
        rx, ry = p["region_mm"][:2]
        return round(rx + x - wx, 3), round(ry + y - wy, 3)

    xs = sorted({(p["region_mm"][0], p["region_mm"][0] + p["region_mm"][2]) for p in tiles.values()})
    ys = sorted({(p["region_mm"][1], p["region_mm"][1] + p["region_mm"][3]) for p in tiles.values()})
    for spans, size in ((xs, 300), (ys, 400)):
        assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(size)
        assert all(a[1] - b[0] == pytest.approx(10) for a, b in zip(spans, spans[1:]))
    points = Counter(board_point(p, *c) for p in tiles.values() for c in p["crosshairs_mm"])
    # where the seams cross (on the three tiles glued under it), and two beyond each edge of the
    # board (on the two tiles of the seam that ends there): none where the assembled board shows
    assert points == {(150.0, 200.0): 3, (150.0, -5.3): 2, (150.0, 405.3): 2, (-5.3, 200.0): 2, (305.3, 200.0): 2}
