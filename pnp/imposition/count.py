"""How many pages an imposition makes, counted without laying a page out: so that a build can say
how large it is (or refuse) before the long work starts.

Takes the pieces, the paper, the bleed, the backs and diamonds modes (as `impose` does); returns
a `Size`: pages, sheets of paper, and the template that takes the most of them. Also how many
pieces of one outline a sheet holds, for `fitting.py`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import grid, lattice, tiles
from .geometry import ImpositionError, Region
from .plan import Piece
from ..load.layout import Sheet
from ..render.shapes import Outline


@dataclass(frozen=True)
class Size:
    pages: int
    sheets: int  # sheets of paper: a duplex sheet is two pages
    template: str  # the template that takes the most sheets
    template_sheets: int
    tiled: bool  # whether that template is printed in tiles (a piece larger than the paper)


def piece_bleed(outline: Outline, bleed: float, diamonds: str = "shared-edge") -> float:
    """The bleed a piece is drawn and packed with: shared-edge diamonds tessellate, so none."""
    return 0.0 if outline.shape == "rhombus" and diamonds == "shared-edge" else bleed


def by_template(pieces: list[Piece]) -> list[list[Piece]]:
    """Pieces of one template (shape and size) share sheets; templates in order of first use."""
    groups: dict[tuple, list[Piece]] = {}
    for p in pieces:
        o = p.outline
        key = (p.template, o.shape, round(o.w, 3), round(o.h, 3), round(o.radius, 3), o.orient)
        groups.setdefault(key, []).append(p)
    return list(groups.values())


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
    """The pages `impose` would make of these pieces (see its arguments). A template's pieces
    fill sheets of their own, a tiled piece a sheet per tile; duplex adds a back page to each."""
    region = area(sheet, backs)
    taken: dict[str, tuple[int, bool]] = {}  # sheets by template, and whether it is tiled
    total = 0
    for group in by_template(pieces):
        b = piece_bleed(group[0].outline, bleed, diamonds)
        n = per_page(group[0].outline, region, b, diamonds)
        fronts = math.ceil(len(group) / n) if n else sum(tiles.count(p, region, b) for p in group)
        total += fronts
        name = group[0].template
        taken[name] = (taken.get(name, (0, False))[0] + fronts, not n)
    template, (most, tiled) = max(taken.items(), key=lambda kv: kv[1][0], default=("", (0, False)))
    pages = total * (2 if backs in ("duplex-long", "duplex-short") else 1)
    return Size(pages, total, template, most, tiled)
