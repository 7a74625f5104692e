"""How many pages an imposition makes, counted without laying a page out: so that a build can say
how large it is (or refuse) before the long work starts.

Takes the pieces, the paper, the bleed, the backs and diamonds modes (as `impose` does); returns
a `Size`: pages, sheets of paper, and the template that is on the most of them. Also how many
pieces of one outline a sheet holds, for `fitting.py`.
"""
from __future__ import annotations

from ..records import record
from . import grid, lattice
from .geometry import ImpositionError, Region
from .plan import Piece
from ..load.layout import Sheet
from ..geometry.shapes import Outline


@record(frozen=True)
class Size:
    """How large an imposition is, counted without laying a page out: its pages, its sheets of
    paper, and the template that takes the most sheets."""

    pages: int
    sheets: int  # sheets of paper: a duplex sheet is two pages
    template: str  # the template that takes the most sheets
    template_sheets: int
    tiled: bool  # whether that template is printed in tiles (a piece larger than the paper)


def piece_bleed(outline: Outline, bleed: float, diamonds: str = "shared-edge") -> float:
    """The bleed a piece is drawn and packed with: shared-edge diamonds tessellate, so none."""
    return 0.0 if outline.shape == "rhombus" and diamonds == "shared-edge" else bleed


def area(sheet: Sheet, backs: str) -> Region:
    """The part of the sheet the fronts go on: inside the margins; the top half of a gutterfold sheet."""
    m, fold = sheet.margin, backs == "gutterfold"
    return Region(m, sheet.height / 2 if fold else m, sheet.width - m, sheet.height - m, fold=fold)


def per_page(outline: Outline, region: Region, bleed: float, diamonds: str) -> int:
    """How many pieces of `outline` the region holds; 0 when one does not fit (it is tiled)."""
    packer = grid.pack if outline.shape == "rect" else lattice.pack
    try:
        return packer(outline, region, bleed, diamonds).per_page
    except ImpositionError:
        return 0


def size(pieces: list[Piece], sheet: Sheet, bleed: float, backs: str = "duplex-long",
         diamonds: str = "shared-edge") -> Size:
    """The pages `impose` would make of these pieces (see its arguments): the same arrangement
    (`mixed.arrange`), with no tile laid out. Duplex adds a back page to each two-sided sheet."""
    from . import mixed

    region = area(sheet, backs)
    found = mixed.groups(pieces, split_backs=backs != "none")
    bleeds = [piece_bleed(g[0].outline, bleed, diamonds) for g in found]
    fold = backs == "gutterfold"
    sheets = mixed.arrange(found, region, bleeds, diamonds, fold, area(sheet, "none") if fold else None)
    taken: dict[str, tuple[int, bool]] = {}  # sheets by template, and whether it is tiled
    for s in sheets:
        for name in dict.fromkeys(b.pieces[0].template for b in s.blocks):
            tiled = any(b.tile is not None for b in s.blocks if b.pieces[0].template == name)
            had = taken.get(name, (0, False))
            taken[name] = (had[0] + 1, had[1] or tiled)
    template, (most, tiled) = max(taken.items(), key=lambda kv: kv[1][0], default=("", (0, False)))
    duplex = backs in ("duplex-long", "duplex-short")
    pages = sum(1 if s.one_sided or not duplex else 2 for s in sheets)  # gutterfold: a page a sheet
    return Size(pages, len(sheets), template, most, tiled)
