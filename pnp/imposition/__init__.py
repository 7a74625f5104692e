"""Imposition: where each piece goes on which sheet. Knows outlines, never what a piece shows.

Takes pieces (id, copy, kind, outline, template, whether it has a back) and a paper preset;
returns a `Plan`: pages of placements (the piece's bounding box on the page in mm, origin
bottom-left, and a rotation), crop marks, cut lines, tile labels and page boxes. One packer per
shape fills the printable area: rectangles in a grid (`grid.py`), rhombi, circles and hexagons
in a staggered lattice (`lattice.py`); a piece larger than the paper is split into overlapping
tiles (`tiles.py`; their alignment marks: `crosshairs.py`); `count.py` counts the pages without
laying them out. Pieces of different templates share a sheet where they fit: the next
template fills the band the last one left free (`mixed.py`), and backless pieces, after all the
two-sided sheets, fill one-sided sheets, which get no back page in a duplex print (marked
`one_sided`). Pages stay portrait, so a duplex
printer's long-edge flip is the sheet's vertical axis. Back pages put every back at the mirrored
position: long-edge flip x' = W - x - w, short-edge flip y' = H - y - h, then shifted to undo the
printer's misregistration (`back_shift`). Gutterfold puts fronts in the top half and their backs mirrored across the fold (the
sheet's horizontal centre line) in the bottom half of the same page: fold, glue, cut.
"""
from __future__ import annotations

from ..records import replace
from ..load.layout import Sheet
from ..geometry.shapes import Outline
from . import grid, mixed, tiles
from .count import area as front_area, piece_bleed
from .geometry import MARK_GAP, MARK_LEN, MARK_MIN, MARK_ZONE, ImpositionError, Region
from .plan import Page, Piece, Placement, Plan, Tile, boxes, placement_matrix

BACK_MODES = ("duplex-long", "duplex-short", "gutterfold", "none")
DIAMOND_MODES = ("shared-edge", "spaced")

__all__ = ["back_shift", "BACK_MODES", "DIAMOND_MODES", "MARK_GAP", "MARK_LEN", "MARK_MIN", "MARK_ZONE", "ImpositionError",
           "Page", "Piece", "Placement", "Plan", "Tile", "fit_grid", "impose", "piece_bleed", "placement_matrix"]


def back_shift(mode: str, offset: tuple[float, float]) -> tuple[float, float]:
    """The shift, in the back page's own coordinates, that undoes a misregistration `offset`.

    The one convention: `offset` (DX, DY) is where the backs print relative to the fronts, seen
    from the front side of the sheet as you hold it (top edge up, light through the paper):
    +DX the backs land to the right, +DY they land higher. The backs are moved by (-DX, -DY) in
    that view. A long-edge flip mirrors the back page's x, a short-edge flip its y, so the same
    reading means the same correction for both."""
    dx, dy = offset
    if mode == "duplex-long":
        return dx, -dy
    if mode == "duplex-short":
        return -dx, dy
    return 0.0, 0.0


def impose(pieces: list[Piece], sheet: Sheet, bleed: float, backs: str = "duplex-long",
           back_offset: tuple[float, float] = (0.0, 0.0), diamonds: str = "shared-edge") -> Plan:
    if backs not in BACK_MODES:
        raise ImpositionError(f"backs '{backs}' is not known, expected one of {', '.join(BACK_MODES)}")
    if diamonds not in DIAMOND_MODES:
        raise ImpositionError(f"diamonds '{diamonds}' is not known, expected one of {', '.join(DIAMOND_MODES)}")
    fold = backs == "gutterfold"
    duplex = backs in ("duplex-long", "duplex-short")
    area = front_area(sheet, backs)
    whole = front_area(sheet, "none") if fold else None  # a gutterfold print's pieces without backs: whole sheets
    found = mixed.groups(pieces, split_backs=backs != "none")
    bleeds = [piece_bleed(g[0].outline, bleed, diamonds) for g in found]
    tiled: dict[int, list[Page]] = {}

    def tile_pages(n: int) -> list[Page]:
        if n not in tiled:
            tiled[n] = tiles.pages(found[n], whole if whole and not found[n][0].has_back else area, bleeds[n])
        return tiled[n]

    pages: list[Page] = []
    for s in mixed.arrange(found, area, bleeds, diamonds, fold, whole):
        if fold and s.one_sided:  # nothing to fold: a one-sided sheet, as a duplex print has
            front, _ = mixed.front_page(s, whole, False, tile_pages)
            front.one_sided = True
            pages.append(front)
            continue
        front, laid = mixed.front_page(s, area, fold, tile_pages)
        if fold:
            pages.append(_gutterfold_page(front, laid, sheet, area))
            continue
        pages.append(front)
        if duplex and s.one_sided:
            front.one_sided = True  # nothing on its back: printed single-sided, after the two-sided sheets
        elif duplex:
            pages.append(_back_page(front, sheet, backs, back_shift(backs, back_offset)))
    if duplex and any(back_offset):
        _offset_fits(pages, sheet, backs, back_offset)
    return Plan(sheet.width, sheet.height, bleed, pages)


def _offset_fits(pages: list[Page], sheet: Sheet, mode: str, offset: tuple[float, float]) -> None:
    """Refuse a back offset that pushes a back's bleed past the printable margin, naming the
    largest offset that fits (in the same front-side convention)."""
    sx, sy = back_shift(mode, offset)
    m, eps = sheet.margin, 1e-6
    room = [float("inf")] * 4  # how far the backs could move left, right, down, up in the back page
    for page in pages:
        if page.side != "back":
            continue
        for p in page.placements:
            b = page.bleed if p.bleed is None else p.bleed
            x, y, w, h = p.tile.window if p.tile else p.trim  # a board's tile: the part on this sheet
            x0, y0, x1, y1 = x - b - sx, y - b - sy, x + w + b - sx, y + h + b - sy  # with no shift
            room = [min(room[0], x0 - m), min(room[1], sheet.width - m - x1),
                    min(room[2], y0 - m), min(room[3], sheet.height - m - y1)]
    if -room[0] - eps <= sx <= room[1] + eps and -room[2] - eps <= sy <= room[3] + eps:
        return
    # the same limits in the front-side convention: DX, DY
    if mode == "duplex-long":
        dx_range, dy_range = (-room[0], room[1]), (-room[3], room[2])
    else:
        dx_range, dy_range = (-room[1], room[0]), (-room[2], room[3])
    raise ImpositionError(
        f"--back-offset {offset[0]:g},{offset[1]:g} would push backs past the {m:g} mm printable margin of "
        f"{sheet.name}; the largest that fits is DX from {dx_range[0]:.1f} to {dx_range[1]:.1f} mm and DY from "
        f"{dy_range[0]:.1f} to {dy_range[1]:.1f} mm")


def _mirror(p: Placement, sheet: Sheet, mode: str, shift: tuple[float, float], bleed: float) -> Placement:
    """Where the back of a piece goes: long edge mirrors x, short edge and gutterfold mirror y;
    then `shift` (back-page coordinates) moves it."""
    dx, dy = shift

    def flip(x: float, y: float, w: float, h: float) -> tuple[float, float]:
        if mode == "duplex-long":
            return sheet.width - x - w + dx, y + dy
        return x + dx, sheet.height - y - h + dy

    x, y = flip(p.x, p.y, p.w, p.h)
    rot = (-p.rotation) % 360 if mode == "duplex-long" else (180 - p.rotation) % 360
    tile = None
    if p.tile:
        window = (*flip(*p.tile.window), p.tile.window[2], p.tile.window[3])
        tile = replace(p.tile, window=window, glue=(), crosshairs=(), caption=p.tile.caption + ", back",
                       caption_at=tiles.caption_point(window, bleed, above=mode == "duplex-long"))
    return Placement(p.piece, x, y, p.w, p.h, rot, side="back", tile=tile, bleed=p.bleed)


def _back_page(front: Page, sheet: Sheet, mode: str, shift: tuple[float, float]) -> Page:
    back = Page("back", [_mirror(p, sheet, mode, shift, front.bleed) for p in front.placements if p.piece.has_back],
                bleed=front.bleed, mark_style=front.mark_style)
    boxes(back)
    return back


def _gutterfold_page(front: Page, laid: list, sheet: Sheet, area: Region) -> Page:
    mirrored = [[_mirror(p, sheet, "gutterfold", (0.0, 0.0), block.bleed) for p in block.placements] for block in laid]
    flat = [m for ms in mirrored for m in ms]
    page = Page("gutterfold", front.placements + [m for m in flat if m.piece.has_back], bleed=front.bleed,
                mark_style=front.mark_style)
    page.cuts = front.cuts
    boxes(page)
    page.marks = mixed.gutterfold_marks(laid, mirrored, sheet.height)
    both = front.placements + flat
    left = min(p.trim[0] for p in both) - front.bleed - MARK_GAP
    right = max(p.trim[0] + p.trim[2] for p in both) + front.bleed + MARK_GAP
    y = sheet.height / 2
    page.folds = [(left, y, max(sheet.margin, left - MARK_LEN), y), (right, y, min(sheet.width - sheet.margin, right + MARK_LEN), y)]
    return page


def fit_grid(w: float, h: float, sheet: Sheet, bleed: float, half: bool = False):
    """The grid that holds the most w x h cards on the sheet (see `grid.fit`)."""
    m = sheet.margin
    return grid.fit(w, h, Region(m, sheet.height / 2 if half else m, sheet.width - m, sheet.height - m, fold=half), bleed,
               f"{sheet.name} ({sheet.width:g} x {sheet.height:g} mm, {m:g} mm margins, {MARK_ZONE:g} mm for crop marks)")
