"""Pieces larger than the paper: tiles that cover the piece, overlap by the set amount, carry a
glue area and cross-hairs that meet, a caption outside the trim, and backs mirrored like any back."""
import math

import pytest

from pnp.geometry.drawing import apply
from pnp.imposition import Piece, impose
from pnp.imposition.tiles import CAPTION_DROP
from pnp.load.layout import Sheet
from pnp.geometry.shapes import Outline

A4 = Sheet("a4", 210, 297, 5)
BLEED = 3.0


def board(w=300, h=400, overlap=10.0, backs=True):
    return Piece("board", 1, "board", Outline("rect", w, h), has_back=backs, template="board",
                 overlap=overlap, label="board-1")


def fronts(plan):
    return [p for page in plan.pages if page.side in ("front", "gutterfold") for p in page.placements
            if p.side == "front"]


def inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def to_board(p, x, y):
    """A page point of a tile → the point of the board it shows."""
    return apply(inverse(p.matrix()), x, y)


@pytest.mark.parametrize("w, h, rotation, grid", [(300, 400, 0, (2, 2)), (420, 290, 90, (2, 2)), (150, 600, 0, (3, 1))])
def test_tiles_cover_the_whole_piece_and_neighbours_overlap_by_the_set_amount(w, h, rotation, grid):
    tiles = fronts(impose([board(w, h)], A4, BLEED))
    rows, cols = grid
    assert len(tiles) == rows * cols
    assert {(p.tile.rows, p.tile.cols) for p in tiles} == {grid}
    assert {p.rotation for p in tiles} == {rotation}
    # sample the board on a 2 mm grid: every point is held by some tile's region
    regions = [p.region() for p in tiles]
    for i in range(int(w / 2) + 1):
        for j in range(int(h / 2) + 1):
            x, y = min(i * 2, w), min(j * 2, h)
            assert any(rx - 1e-6 <= x <= rx + rw + 1e-6 and ry - 1e-6 <= y <= ry + rh + 1e-6
                       for rx, ry, rw, rh in regions), (x, y)
    by_cell = {(p.tile.row, p.tile.col): p for p in tiles}
    for (r, c), p in by_cell.items():
        for q in (by_cell.get((r, c + 1)), by_cell.get((r + 1, c))):
            if q is None:
                continue
            a, b = _page_region(p), _page_region(q)  # as the board lies on the page
            ox = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            oy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            assert sorted([round(ox, 6), round(oy, 6)])[0] == pytest.approx(10.0)


def _page_region(p):
    """A tile's region in the board's coordinates as it lies on the page (after any turn)."""
    x, y, w, h = p.tile.window
    return (x - p.x, y - p.y, w, h)


def test_tiles_numbered_in_reading_order_with_a_caption_outside_the_trim():
    plan = impose([board()], A4, BLEED)
    tiles = fronts(plan)
    assert [(p.tile.row, p.tile.col) for p in tiles] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert tiles[1].tile.caption == "board-1, tile 2 of 4, row 1 col 2"
    top_left, top_right = tiles[0].region(), tiles[1].region()
    assert top_left[0] == 0 and top_left[1] + top_left[3] == pytest.approx(400)  # row 1 is the top
    assert top_right[0] + top_right[2] == pytest.approx(300)
    for page in plan.pages:
        for p in page.placements:
            x, y, w, h = p.tile.window
            cx, cy = p.tile.caption_at
            assert x < cx < x + w
            assert cy > y + h + BLEED or cy + CAPTION_DROP < y - BLEED  # clear of the tile and its bleed
            assert A4.margin <= cy <= A4.height - A4.margin - CAPTION_DROP


def test_every_tile_and_its_bleed_fit_the_printable_area_and_its_marks_stay_outside_the_bleed():
    tiles = marks = 0
    for page in impose([board(), board(520, 700)], A4, BLEED).pages:
        for p in page.placements:
            x, y, w, h = p.tile.window
            assert x - BLEED >= A4.margin - 1e-9 and x + w + BLEED <= A4.width - A4.margin + 1e-9
            assert y - BLEED >= A4.margin - 1e-9 and y + h + BLEED <= A4.height - A4.margin + 1e-9
            tiles += 1
            for x1, y1, x2, y2 in page.marks:
                for mx, my in ((x1, y1), (x2, y2)):
                    assert not (x - BLEED < mx < x + w + BLEED and y - BLEED < my < y + h + BLEED)
                    marks += 1
    assert tiles > 0 and marks > 0


def test_cross_hairs_of_neighbouring_tiles_land_on_the_same_board_point():
    tiles = fronts(impose([board(520, 700, overlap=15)], A4, BLEED))
    seen: dict[tuple, list] = {}
    assert tiles
    for p in tiles:
        assert p.tile.crosshairs
        for x, y in p.tile.crosshairs:
            wx, wy, ww, wh = p.tile.window
            in_glue = any(gx <= x <= gx + gw and gy <= y <= gy + gh for gx, gy, gw, gh in p.tile.glue)
            assert in_glue or not (wx < x < wx + ww and wy < y < wy + wh)  # on its glue, or beyond the board
            bx, by = to_board(p, x, y)
            seen.setdefault((round(bx, 6), round(by, 6)), []).append((p.tile.row, p.tile.col))
    for point, holders in seen.items():
        assert len(holders) in (2, 3), (point, holders)  # a seam's two tiles; where seams cross, three
        rows, cols = {r for r, _ in holders}, {c for _, c in holders}
        assert max(rows) - min(rows) <= 1 and max(cols) - min(cols) <= 1  # shared by neighbours only
    assert seen  # there were cross-hairs to compare


def test_the_glue_area_is_where_the_next_tile_lies_over():
    tiles = fronts(impose([board()], A4, BLEED))
    by_cell = {(p.tile.row, p.tile.col): p for p in tiles}
    strips = 0
    for (r, c), p in by_cell.items():
        over = [by_cell[k] for k in ((r, c + 1), (r + 1, c)) if k in by_cell]
        assert len(p.tile.glue) == len(over)
        for (gx, gy, gw, gh), q in zip(p.tile.glue, over):
            corners = [to_board(p, gx, gy), to_board(p, gx + gw, gy + gh)]
            qx, qy, qw, qh = q.region()
            for bx, by in corners:  # every corner of the glue strip is on the tile laid over it
                assert qx - 1e-6 <= bx <= qx + qw + 1e-6 and qy - 1e-6 <= by <= qy + qh + 1e-6
            assert min(gw, gh) == pytest.approx(10.0)
            strips += 1
    assert strips > 0


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_back_tiles_sit_at_the_mirrored_position_and_show_the_mirrored_part_of_the_back(mode):
    plan = impose([board()], A4, BLEED, mode)
    tiles = 0
    for front, back in zip(plan.pages[::2], plan.pages[1::2]):
        tiles += 1
        (f,), (b,) = front.placements, back.placements
        fx, fy, fw, fh = f.tile.window
        bx, by, bw, bh = b.tile.window
        if mode == "duplex-long":
            assert (bx, by) == pytest.approx((A4.width - fx - fw, fy))
        else:
            assert (bx, by) == pytest.approx((fx, A4.height - fy - fh))
        # turned over like a card (about its upright axis), the tile shows the back's mirrored
        # part; a short-edge back is printed upside down so that it too reads upright turned so
        rx, ry, rw, rh = f.region()
        assert b.region() == pytest.approx((300 - rx - rw, ry, rw, rh))
        assert (b.tile.row, b.tile.col) == (f.tile.row, f.tile.col)
        assert b.tile.glue == () and b.tile.crosshairs == ()
    assert tiles == len(plan.pages) // 2 > 0


def test_a_board_without_a_back_gets_no_back_pages_and_gutterfold_halves_hold_a_tile_each():
    one_sided = impose([board(backs=False)], A4, BLEED).pages
    assert all(page.side == "front" and page.one_sided for page in one_sided)
    assert len(one_sided) == math.prod((one_sided[0].placements[0].tile.rows, one_sided[0].placements[0].tile.cols))
    plan = impose([board()], A4, BLEED, "gutterfold")
    for page in plan.pages:
        f = [p for p in page.placements if p.side == "front"]
        b = [p for p in page.placements if p.side == "back"]
        assert len(f) == len(b) == 1
        assert f[0].tile.window[1] - BLEED >= A4.height / 2 - 1e-9
        assert b[0].tile.window[1] + b[0].tile.window[3] + BLEED <= A4.height / 2 + 1e-9
    assert len(plan.pages) == len({(p.tile.row, p.tile.col) for p in fronts(plan)}) == math.prod(
        (fronts(plan)[0].tile.rows, fronts(plan)[0].tile.cols))


ROOT3 = 3 ** 0.5
BIG = [("circle", 1500, 1500, "pointy"), ("circle", 2000, 2000, "pointy"), ("hexagon", 2000, 2000 * 2 / ROOT3, "pointy"),
       ("hexagon", 2000 * 2 / ROOT3, 2000, "flat"), ("hexagon", 1800, 2000, "pointy"), ("rhombus", 2000, 2000, "pointy"),
       ("rhombus", 1500, 900, "pointy")]


def _area(points):
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


@pytest.mark.parametrize("shape, w, h, orient", BIG, ids=[f"{s}-{w:.0f}x{h:.0f}" for s, w, h, _ in BIG])
def test_a_big_round_or_pointed_piece_prints_only_the_tiles_that_hold_some_of_it(shape, w, h, orient):
    piece = Piece("big", 1, "big", Outline(shape, w, h, orient=orient), template="big", label="big-1")
    plan = impose([piece], A4, BLEED)
    tiles = fronts(plan)
    rows, cols = tiles[0].tile.rows, tiles[0].tile.cols
    assert len(tiles) < rows * cols  # the corners of the grid hold none of the piece
    for n, p in enumerate(tiles, start=1):
        assert _area(p.outline()) > 1.0  # every printed tile holds some of the piece
        assert p.as_json()["trim_mm"][2] > 0  # the sheet map of every tile can be written
        assert p.tile.caption == f"big-1, tile {n} of {len(tiles)}, row {p.tile.row} col {p.tile.col}"
    # every point of the piece is on some printed tile: sample the outline's inside on a grid
    from pnp.geometry.shapes import clip_to_rect

    poly = piece.outline.polygon()
    regions = [p.region() for p in tiles]
    step = 20.0
    for i in range(int(w / step) + 1):
        for j in range(int(h / step) + 1):
            x, y = i * step + 1, j * step + 1
            if not clip_to_rect(poly, (x - 1e-3, y - 1e-3, 2e-3, 2e-3)):
                continue  # off the piece
            assert any(rx - 1e-6 <= x <= rx + rw + 1e-6 and ry - 1e-6 <= y <= ry + rh + 1e-6
                       for rx, ry, rw, rh in regions), (x, y)
    # a glue strip only towards a printed tile: nothing is glued over the strip of one not printed
    cells = {(p.tile.row, p.tile.col) for p in tiles}
    for p in tiles:
        r, c = p.tile.row, p.tile.col
        assert len(p.tile.glue) == ((r, c + 1) in cells) + ((r + 1, c) in cells)
    assert len([page for page in plan.pages if page.side == "back"]) == len(tiles)  # one back per front
