"""Imposition: cards fill the sheet, backs mirror their fronts, marks stay outside every bleed."""
import pytest

from pnp.geometry.shapes import Outline
from pnp.imposition import MARK_LEN, ImpositionError, Piece, fit_grid, impose, placement_matrix
from pnp.geometry.drawing import apply
from pnp.load.layout import Sheet

A4 = Sheet("a4", 210, 297, 5)
LETTER = Sheet("letter", 215.9, 279.4, 6.35)


def deck(n, w=63, h=88, backs=True):
    return [Piece(f"c{i}", 1, "card", Outline("rect", w, h), has_back=backs) for i in range(n)]


@pytest.mark.parametrize("w, h, sheet, per_page, rotated", [
    (25.4, 76.2, A4, 18, False),  # GEM gum cards: 6 x 3
    (63, 88, A4, 8, True),  # poker: 2 x 4 turned
    (63, 88, LETTER, 6, True),
    (59, 91, A4, 8, True),
])
def test_grid_holds_as_many_cards_as_fit(w, h, sheet, per_page, rotated):
    g = fit_grid(w, h, sheet, 3.0)
    assert (g.per_page, g.rotated) == (per_page, rotated)


def test_cards_stay_inside_the_printable_area_with_their_bleed():
    plan = impose(deck(20), A4, 3.0)
    placed = 0
    for page in plan.pages:
        for p in page.placements:
            assert p.x - 3 >= A4.margin - 1e-9 and p.x + p.w + 3 <= A4.width - A4.margin + 1e-9
            assert p.y - 3 >= A4.margin - 1e-9 and p.y + p.h + 3 <= A4.height - A4.margin + 1e-9
            placed += 1
    assert placed > 0


def test_neighbouring_cards_never_overlap_bleeds():
    page = impose(deck(8), A4, 3.0).pages[0]
    boxes = [(p.x - 3, p.y - 3, p.x + p.w + 3, p.y + p.h + 3) for p in page.placements]
    pairs = 0
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            overlap_w = min(a[2], b[2]) - max(a[0], b[0])
            overlap_h = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_w <= 1e-9 or overlap_h <= 1e-9
            pairs += 1
    assert pairs == len(boxes) * (len(boxes) - 1) // 2 > 0


def test_long_edge_backs_sit_at_the_mirrored_position():
    plan = impose(deck(11), A4, 3.0, "duplex-long")
    assert [p.side for p in plan.pages] == ["front", "back", "front", "back"]
    for front, back in zip(plan.pages[::2], plan.pages[1::2]):
        assert [(p.piece.id) for p in back.placements] == [p.piece.id for p in front.placements]
        for f, b in zip(front.placements, back.placements):
            assert b.x == pytest.approx(A4.width - f.x - f.w)
            assert b.y == pytest.approx(f.y)
            assert (f.rotation, b.rotation) == (90, 270)


def test_short_edge_backs_and_back_offset():
    # backs seen 0.5 mm right and 1 mm low from the front: a short-edge flip keeps x and mirrors y,
    # so the back page moves 0.5 mm left and 1 mm down (its own y runs the other way)
    plan = impose(deck(3, 25.4, 76.2), A4, 3.0, "duplex-short", back_offset=(0.5, -1.0))
    front, back = plan.pages
    pairs = 0
    for f, b in zip(front.placements, back.placements):
        assert b.x == pytest.approx(f.x - 0.5)
        assert b.y == pytest.approx(A4.height - f.y - f.h - 1.0)
        assert (f.rotation, b.rotation) == (0, 180)
        pairs += 1
    assert pairs == 3


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("offset", [(1.5, 0.0), (0.0, -2.0), (0.7, 1.2)])
def test_the_back_offset_means_the_same_seen_from_the_front_for_both_flips(mode, offset):
    """--back-offset DX,DY is where the backs land, seen from the front as the sheet is held; the
    backs are moved by (-DX, -DY) in that view, whichever edge the printer flips on."""
    def seen_from_front(p):  # a back's centre as seen through the paper from the front side
        cx, cy = p.x + p.w / 2, p.y + p.h / 2
        return (A4.width - cx, cy) if mode == "duplex-long" else (cx, A4.height - cy)

    plain = impose(deck(3), A4, 3.0, mode).pages[1]
    moved = impose(deck(3), A4, 3.0, mode, back_offset=offset).pages[1]
    pairs = 0
    for a, b in zip(plain.placements, moved.placements):
        (ax, ay), (bx, by) = seen_from_front(a), seen_from_front(b)
        assert (bx - ax, by - ay) == pytest.approx((-offset[0], -offset[1]))
        pairs += 1
    assert pairs == 3


def test_an_offset_that_pushes_backs_past_the_margin_is_refused_with_the_largest_that_fits():
    with pytest.raises(ImpositionError) as err:
        impose(deck(9), A4, 3.0, "duplex-long", back_offset=(15.0, 0.0))
    msg = str(err.value)
    assert "--back-offset 15,0 would push backs past the" in msg and "the largest that fits is DX from -" in msg
    lo, hi = (float(v) for v in msg.split("DX from ")[1].split(" mm")[0].split(" to "))
    impose(deck(9), A4, 3.0, "duplex-long", back_offset=(hi - 0.05, 0.0))  # just inside: accepted
    with pytest.raises(ImpositionError):
        impose(deck(9), A4, 3.0, "duplex-long", back_offset=(hi + 0.1, 0.0))


def test_backless_cards_go_on_a_one_sided_sheet_after_the_two_sided_ones():
    plan = impose(deck(2, backs=False) + deck(1), A4, 3.0)
    assert [p.side for p in plan.pages] == ["front", "back", "front"]
    assert [p.one_sided for p in plan.pages] == [False, False, True]
    assert len(plan.pages[1].placements) == 1 and len(plan.pages[2].placements) == 2


def test_no_backs_mode_has_fronts_only():
    assert [p.side for p in impose(deck(9), A4, 3.0, "none").pages] == ["front", "front"]


def test_crop_marks_are_outside_every_bleed_and_inside_the_printable_area():
    page = impose(deck(8), A4, 3.0).pages[0]
    bleeds = [(p.x - 3, p.y - 3, p.x + p.w + 3, p.y + p.h + 3) for p in page.placements]
    trims_x = {round(v, 3) for p in page.placements for v in (p.x, p.x + p.w)}
    trims_y = {round(v, 3) for p in page.placements for v in (p.y, p.y + p.h)}
    assert len(page.marks) == 2 * len(trims_x) + 2 * len(trims_y)
    for x1, y1, x2, y2 in page.marks:
        for x in (x1, x2):
            assert A4.margin - 1e-9 <= x <= A4.width - A4.margin + 1e-9
        for y in (y1, y2):
            assert A4.margin - 1e-9 <= y <= A4.height - A4.margin + 1e-9
        length = abs(x2 - x1) + abs(y2 - y1)
        assert 2.0 - 1e-9 <= length <= MARK_LEN + 1e-9
        for bx0, by0, bx1, by1 in bleeds:  # no point of a mark inside any card's bleed box
            for t in (0, 0.5, 1):
                mx, my = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
                assert not (bx0 < mx < bx1 and by0 < my < by1)
        # each mark continues a trim line
        assert (x1 == x2 and round(x1, 3) in trims_x) or (y1 == y2 and round(y1, 3) in trims_y)


def test_placement_matrix_maps_card_corners_onto_the_trim_box():
    placed = 0
    for mode in ("duplex-long", "duplex-short"):
        for page in impose(deck(2), A4, 3.0, mode).pages:
            for p in page.placements:
                m = placement_matrix(p)
                corners = [apply(m, x, y) for x, y in ((0, 0), (63, 0), (0, 88), (63, 88))]
                xs, ys = [c[0] for c in corners], [c[1] for c in corners]
                assert (min(xs), min(ys)) == pytest.approx((p.x, p.y))
                assert (max(xs), max(ys)) == pytest.approx((p.x + p.w, p.y + p.h))
                placed += 1
    assert placed == 2 * 2 * 2  # two cards, front and back, in each mode


def test_a_card_too_large_for_the_paper_says_by_how_much():
    with pytest.raises(ImpositionError) as info:
        fit_grid(250, 300, A4, 3.0)
    assert str(info.value) == (
        "card (250 x 300 mm, 256 x 306 mm with 3 mm bleed) too large for the printable area (194 x 281 mm) "
        "of a4 (210 x 297 mm, 5 mm margins, 3 mm for crop marks)")


def test_gutterfold_mirrors_backs_across_the_middle_of_the_same_page():
    plan = impose(deck(10, 25.4, 76.2), A4, 3.0, "gutterfold")
    assert [p.side for p in plan.pages] == ["gutterfold", "gutterfold"]
    page = plan.pages[0]
    fronts = [p for p in page.placements if p.side == "front"]
    backs = [p for p in page.placements if p.side == "back"]
    assert len(fronts) == len(backs) == 8
    fold = A4.height / 2
    for f, b in zip(fronts, backs):
        assert f.y - 3 >= fold - 1e-9  # fronts and their bleed stay above the fold
        assert b.y + b.h + 3 <= fold + 1e-9
        assert (b.x, b.y) == pytest.approx((f.x, A4.height - f.y - f.h))
        assert b.rotation == (180 - f.rotation) % 360
    assert all(y1 == y2 == fold for _, y1, _, y2 in page.folds) and len(page.folds) == 2
