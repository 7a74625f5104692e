"""The page count a build states before it starts is the count the imposition makes: for cards,
diamonds, tokens and hexagons on sheets of their own, boards in tiles, big round pieces whose
empty corner tiles are not printed, in every backs mode."""
import pytest

from pnp.imposition import Piece, impose
from pnp.imposition.count import size
from pnp.load.layout import Sheet
from pnp.geometry.shapes import Outline

A4 = Sheet("a4", 210, 297, 5)
TINY = Sheet("tiny", 60, 60, 5)


def pieces():
    out = [Piece("card", k, "card", Outline("rect", 63, 88, radius=3), template="card") for k in range(1, 24)]
    out += [Piece("gem", k, "gem", Outline("rhombus", 40, 64), template="gem") for k in range(1, 41)]
    out += [Piece("token", k, "token", Outline("circle", 30, 30), has_back=False, template="token") for k in range(1, 8)]
    out += [Piece("hex", k, "hex", Outline("hexagon", 40, 46.188), template="hex") for k in range(1, 30)]
    out += [Piece("board", k, "board", Outline("rect", 340, 390), template="board") for k in (1, 2)]
    out.append(Piece("moon", 1, "moon", Outline("circle", 900, 900), template="moon"))
    return out


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short", "gutterfold", "none"])
@pytest.mark.parametrize("diamonds", ["shared-edge", "spaced"])
def test_the_count_is_the_number_of_pages_the_imposition_makes(backs, diamonds):
    s = size(pieces(), A4, 3.0, backs, diamonds)
    plan = impose(pieces(), A4, 3.0, backs, diamonds=diamonds)
    assert s.pages == len(plan.pages)
    assert s.sheets == sum(page.side != "back" for page in plan.pages)
    assert (s.template, s.tiled) == ("moon", True)  # the big circle takes the most sheets
    fronts = [p for page in plan.pages for p in page.placements if p.side == "front" and p.piece.id == "moon"]
    assert s.template_sheets == len(fronts)


def test_a_board_on_small_paper_is_counted_without_laying_out_its_tiles():
    board = Piece("board", 1, "board", Outline("rect", 2000, 2000), template="board")
    s = size([board], TINY, 3.0)
    plan = impose([board], TINY, 3.0)
    assert s.pages == len(plan.pages) > 5000 and s.sheets * 2 == s.pages
