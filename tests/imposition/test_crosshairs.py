"""The alignment cross-hairs of a piece printed in tiles: after gluing only art shows (every mark
is on a glue area the next tile covers, or beyond the piece where it is cut away), and every
seam keeps marks on both of its tiles at the same point of the piece, so the tiles can still be
lined up. Checked on the plan for boards of every grid and overlap and for big round and
pointed pieces, and on the sheet maps of the Christmas Tree boards and the shapes test board."""
import pytest

from pnp.imposition import Piece, impose
from pnp.load.layout import Sheet
from pnp.geometry.drawing import apply, invert
from pnp.geometry.shapes import Outline, clip_to_rect

A4 = Sheet("a4", 210, 297, 5)
LETTER = Sheet("letter", 215.9, 279.4, 6.35)
BLEED = 3.0
ROOT3 = 3 ** 0.5
HALO = 0.3  # mm: the white halo round a cross-hair's lines (0.6 mm wide)


def tiles_of(outline: Outline, overlap=10.0, sheet=A4, backs="duplex-long"):
    piece = Piece("board", 1, "board", outline, template="board", overlap=overlap, label="board-1")
    plan = impose([piece], sheet, BLEED, backs)
    fronts = [p for page in plan.pages for p in page.placements if p.side == "front"]
    return plan, {(p.tile.row, p.tile.col): p for p in fronts}


def board_point(p, x, y):
    bx, by = apply(invert(p.matrix()), x, y)
    return round(bx, 4), round(by, 4)


def mark_box(p, x, y):
    a = getattr(p.tile, "mark_arm", 4.0) + HALO  # its arms, halo included
    return x - a, y - a, x + a, y + a


def inside(box, rect):
    x, y, w, h = rect
    return box[0] >= x - 1e-9 and box[1] >= y - 1e-9 and box[2] <= x + w + 1e-9 and box[3] <= y + h + 1e-9


def off_the_piece(p, box):
    """Whether the mark's box misses the piece's trim outline (the whole piece, not only this tile)."""
    from pnp.geometry.shapes import transform

    whole = transform(p.piece.outline.polygon(), p.matrix())
    return not clip_to_rect(whole, (box[0], box[1], box[2] - box[0], box[3] - box[1]))


def shows_after_gluing(p, x, y) -> bool:
    """A mark shows on the assembled piece when any of it lies on the piece, off its glue areas."""
    box = mark_box(p, x, y)
    return not any(inside(box, g) for g in p.tile.glue) and not off_the_piece(p, box)


BOARDS = [Outline("rect", 340, 390), Outline("rect", 300, 400), Outline("rect", 520, 700),
          Outline("rect", 150, 600), Outline("rect", 600, 150), Outline("rect", 420, 290), Outline("rect", 2000, 2000)]
BIG = [Outline("circle", 1500, 1500), Outline("circle", 2000, 2000), Outline("hexagon", 2000, 2000 * 2 / ROOT3),
       Outline("hexagon", 2000 * 2 / ROOT3, 2000, orient="flat"), Outline("rhombus", 2000, 2000),
       Outline("rhombus", 800, 1500), Outline("hexagon", 1500, 1500 * 2 / ROOT3)]


@pytest.mark.parametrize("overlap", [10.0, 3.0, 6.0, 25.0])
@pytest.mark.parametrize("outline", BOARDS + BIG, ids=lambda o: f"{o.shape}-{o.w:.0f}x{o.h:.0f}")
def test_no_cross_hair_shows_on_the_assembled_piece(outline, overlap):
    _, tiles = tiles_of(outline, overlap)
    seen = 0
    for p in tiles.values():
        for x, y in p.tile.crosshairs:
            seen += 1
            assert not shows_after_gluing(p, x, y), (p.tile.row, p.tile.col, board_point(p, x, y))
    assert seen


@pytest.mark.parametrize("overlap", [10.0, 3.0, 25.0])
@pytest.mark.parametrize("outline", BOARDS + BIG, ids=lambda o: f"{o.shape}-{o.w:.0f}x{o.h:.0f}")
def test_every_seam_keeps_marks_on_both_of_its_tiles_at_the_same_point_of_the_piece(outline, overlap):
    _, tiles = tiles_of(outline, overlap)
    points = {k: {board_point(p, *m) for m in p.tile.crosshairs} for k, p in tiles.items()}
    seams = 0
    for (r, c), p in tiles.items():
        for q in ((r, c + 1), (r + 1, c)):
            if q in tiles:
                seams += 1
                assert points[(r, c)] & points[q], ((r, c), q)
    assert seams or len(tiles) == 1


@pytest.mark.parametrize("sheet", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("outline", BOARDS[:4] + BIG[:1], ids=lambda o: f"{o.shape}-{o.w:.0f}x{o.h:.0f}")
def test_marks_beyond_the_piece_stay_on_the_printable_area_clear_of_crop_marks_and_caption(outline, sheet):
    from pnp.geometry import fonts
    from pnp.imposition.tiles import CAPTION_DROP, CAPTION_PT

    plan, tiles = tiles_of(outline, sheet=sheet)
    marks_of = {id(p): page.marks for page in plan.pages for p in page.placements}
    beyond = 0
    for p in tiles.values():
        wx, wy, ww, wh = p.tile.window
        cx, cy = p.tile.caption_at
        half = fonts.width(p.tile.caption, CAPTION_PT) / 2
        for x, y in p.tile.crosshairs:
            x0, y0, x1, y1 = mark_box(p, x, y)
            m = sheet.margin
            assert m <= x0 and x1 <= sheet.width - m and m <= y0 and y1 <= sheet.height - m
            if inside((x0, y0, x1, y1), p.tile.window):
                continue
            beyond += 1
            assert not (x0 < wx + ww and wx < x1 and y0 < wy + wh and wy < y1)  # all of it off the trim
            assert not (x0 < cx + half and cx - half < x1 and y0 < cy + CAPTION_DROP and cy - 1 < y1)
            for a, b, c, d in marks_of[id(p)]:  # crop marks are straight lines along the trim's edges
                assert not (min(a, c) <= x1 and x0 <= max(a, c) and min(b, d) <= y1 and y0 <= max(b, d))
    assert beyond


@pytest.mark.parametrize("overlap", [3.0, 6.0, 10.0, 30.0])
@pytest.mark.parametrize("outline", [Outline("rect", 340, 390), Outline("rect", 366, 530)], ids=["roomy", "tight"])
def test_a_cross_hair_is_as_large_as_the_overlap_and_the_room_beyond_the_board_leave_room_for(outline, overlap):
    _, tiles = tiles_of(outline, overlap)
    (arm,) = {p.tile.mark_arm for p in tiles.values()}
    x, y, w, h = next(iter(tiles.values())).tile.window
    m = A4.margin
    beyond = min(x - m, A4.width - m - x - w, y - m)  # from the trim to the printable area's edge
    # in the middle of the overlap, clear of the glue's edge; beyond the edge, clear of it by 1 mm
    assert arm == pytest.approx(min(4.0, overlap / 2 - 0.5, (beyond - 2 * HALO - 1.0) / 2))
    assert arm >= min(2.0, overlap / 2 - 0.5) - 1e-9  # the page keeps room for marks of 2 mm


def _sheet_map_marks_hidden(data):
    """Every cross-hair of a sheet map on a glue area of its tile or outside the tile's trim, and
    each seam's two tiles sharing a point of the piece. Returns the number of marks checked."""
    tiles = {}
    for page in data["pages"]:
        for p in page["pieces"]:
            if "tile" in p and page["side"] == "front":
                tiles[(p["id"], p["copy"], p["tile"]["row"], p["tile"]["col"])] = p
    checked = 0
    for p in tiles.values():
        x, y, w, h = p["trim_mm"]
        for cx, cy in p["crosshairs_mm"]:
            checked += 1
            in_trim = x < cx < x + w and y < cy < y + h
            in_glue = any(gx <= cx <= gx + gw and gy <= cy <= gy + gh for gx, gy, gw, gh in p["glue_mm"])
            assert not in_trim or in_glue, (p["id"], p["copy"], p["tile"], (cx, cy))

    def on_board(p):  # unturned tiles: the trim shows the region one to one
        assert p["rotation"] == 0
        (wx, wy), (rx, ry) = p["trim_mm"][:2], p["region_mm"][:2]
        return {(round(rx + cx - wx, 2), round(ry + cy - wy, 2)) for cx, cy in p["crosshairs_mm"]}

    for (pid, copy, r, c), p in tiles.items():
        for q in ((pid, copy, r, c + 1), (pid, copy, r + 1, c)):
            if q in tiles:
                assert on_board(p) & on_board(tiles[q]), ((pid, copy, r, c), q)
    return checked


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_christmas_tree_boards_show_no_cross_hair_once_assembled(shipped_build, paper):
    built = shipped_build("christmas-tree", "--paper", paper)
    assert _sheet_map_marks_hidden(built.map) >= 4 * 4 * 2


def test_the_shapes_board_shows_no_cross_hair_once_assembled(shapes_build):
    assert _sheet_map_marks_hidden(shapes_build().map) >= 8
    assert _sheet_map_marks_hidden(shapes_build("--backs", "gutterfold").map) >= 8
