"""Rectangles in a grid: cells of trim + 2 x bleed, centred in the region, turned 90 degrees when
that fits more; crop marks on the outer sides of the grid, outside every bleed."""
from __future__ import annotations

from ..records import record
from ..geometry.shapes import Outline
from .geometry import MARK_GAP, MARK_LEN, MARK_ZONE, ImpositionError, Line, Region


@record(frozen=True)
class Grid:
    """A grid of `cols` x `rows` cells of trim + 2 x bleed, the pieces turned a quarter when
    `rotated`: its cell size and its bottom-left corner on the page, in mm."""

    cols: int
    rows: int
    rotated: bool
    cell_w: float
    cell_h: float
    x0: float  # left edge of the first cell (its bleed edge)
    y0: float  # bottom edge of the lowest row

    @property
    def per_page(self) -> int:
        return self.cols * self.rows


def fit(w: float, h: float, region: Region, bleed: float, where: str = "the sheet") -> Grid:
    """The grid that holds the most w x h cards in the region, portrait cards preferred on ties.
    A region whose bottom is the fold of a gutterfold sheet is filled down to the fold."""
    fold = region.fold
    avail_w = region.w - 2 * MARK_ZONE
    avail_h = region.h - (MARK_ZONE if fold else 2 * MARK_ZONE)
    best: Grid | None = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        cw, ch = cw + 2 * bleed, ch + 2 * bleed
        cols, rows = int(avail_w // cw), int(avail_h // ch)
        if cols <= 0 or rows <= 0:  # a region smaller than one cell
            continue
        if best is None or cols * rows > best.per_page:
            x0 = region.x0 + (region.w - cols * cw) / 2
            y0 = region.y0 if fold else region.y0 + (region.h - rows * ch) / 2
            best = Grid(cols, rows, rotated, cw, ch, x0, y0)
    if best is None:
        area = "half " if fold else ""
        raise ImpositionError(
            f"card ({w:g} x {h:g} mm, {w + 2 * bleed:g} x {h + 2 * bleed:g} mm with {bleed:g} mm bleed) "
            f"too large for the printable {area}area ({avail_w:g} x {avail_h:g} mm) of {where}")
    return best


@record
class GridPacking:
    """Rectangles packed in a grid with their bleed: the slots pieces go in, and crop marks on the
    outer sides of the grid (no outline cuts)."""

    grid: Grid
    bleed: float
    mark_style: str = "grid"

    @property
    def per_page(self) -> int:
        return self.grid.per_page

    @property
    def slots(self) -> list[tuple[float, float, float, float, int]]:
        g, b = self.grid, self.bleed
        out = []
        for i in range(g.per_page):
            col, row = i % g.cols, i // g.cols  # from the top row down, as a reader expects
            x = g.x0 + col * g.cell_w + b
            y = g.y0 + (g.rows - 1 - row) * g.cell_h + b
            out.append((x, y, g.cell_w - 2 * b, g.cell_h - 2 * b, 90 if g.rotated else 0))
        return out

    def marks(self, placements, region: Region) -> list[Line]:
        return crop_marks(placements, self.bleed, region)

    def cuts(self, placements) -> list:
        return []


def pack(outline: Outline, region: Region, bleed: float, diamonds: str = "") -> GridPacking:
    return GridPacking(fit(outline.w, outline.h, region, bleed), bleed)


def crop_marks(placements, bleed: float, region: Region) -> list[Line]:
    """Marks on the outer sides only, outside every bleed, so the first cut leaves the rest.
    Each is MARK_LEN long where the region allows, never shorter than MARK_MIN."""
    if not placements:
        return []
    trims = [p.trim for p in placements]
    xs = sorted({round(v, 4) for t in trims for v in (t[0], t[0] + t[2])})
    ys = sorted({round(v, 4) for t in trims for v in (t[1], t[1] + t[3])})
    left = min(t[0] for t in trims) - bleed - MARK_GAP
    right = max(t[0] + t[2] for t in trims) + bleed + MARK_GAP
    bottom = min(t[1] for t in trims) - bleed - MARK_GAP
    top = max(t[1] + t[3] for t in trims) + bleed + MARK_GAP
    up = min(MARK_LEN, region.y1 - top)
    down = min(MARK_LEN, bottom - region.y0)
    west = min(MARK_LEN, left - region.x0)
    east = min(MARK_LEN, region.x1 - right)
    marks = []
    for x in xs:
        marks.append((x, top, x, top + up))
        marks.append((x, bottom, x, bottom - down))
    for y in ys:
        marks.append((left, y, left - west, y))
        marks.append((right, y, right + east, y))
    return marks
