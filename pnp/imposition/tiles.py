"""Pieces larger than the paper (boards): split into tiles that each fit one sheet.

Neighbouring tiles overlap by the template's `overlap` (10 mm by default). Tiles are numbered in
reading order, row 1 at the top. The overlap is a glue area on the tile to the left of (or above)
it, which the next tile is laid over. Each tile is one page with crop marks round its window
and a caption outside its trim: "board-1, tile 2 of 4, row 1 col 2". The orientation that
needs fewer tiles wins; tiles divide the piece evenly. A tile whose window holds none of the
piece (the corners of a big circle, hexagon or diamond) is not printed; the tiles are numbered
among those printed. Where the cross-hairs go is `crosshairs.py`.
"""
from __future__ import annotations

import math

from ..records import record
from ..geometry.shapes import Point, clip_to_rect, counter_clockwise, transform
from . import crosshairs
from .geometry import MARK_GAP, MARK_ZONE, ImpositionError, Rect, Region
from .grid import crop_marks
from .plan import Page, Placement, Tile, boxes, placement_matrix

LABEL_ZONE = 4.0  # mm beside a tile for its caption
CAPTION_PT = 7.0  # the caption's type size in points
CAPTION_DROP = CAPTION_PT * 25.4 / 72 * 0.75  # mm from a caption's baseline to the top of its capitals


@record(frozen=True)
class Tiling:
    """How one piece is cut into tiles: its turn, the grid, the tile size, the window's corner on
    the page, and which cells hold some of the piece (row, col from 1, reading order)."""

    rotation: int
    rows: int
    cols: int
    tw: float
    th: float
    pw: float  # the piece's size as it lies on the page (after the turn)
    ph: float
    wx: float
    wy: float
    arm: float  # the cross-hairs' arm (crosshairs.arm)
    cells: tuple[tuple[int, int], ...]
    outline: tuple[Point, ...] | None = None  # a piece that is not a rectangle, on the page at the origin

    def corner(self, r: int, c: int, overlap: float) -> Point:
        """The bottom-left corner of cell (r, c) in the piece's coordinates as it lies on the page."""
        return (c - 1) * (self.tw - overlap), self.ph - self.th - (r - 1) * (self.th - overlap)


def pages(group, area: Region, bleed: float) -> list[Page]:
    return [page for piece in group for page in _piece_pages(piece, area, bleed)]


def count(piece, area: Region, bleed: float) -> int:
    """How many tiles (pages of fronts) the piece needs, without laying them out."""
    return len(tiling(piece, area, bleed).cells)


def split(length: float, avail: float, overlap: float) -> tuple[int, float]:
    """How many tiles a length needs and how long each is, when each holds at most `avail`."""
    if length <= avail + 1e-9:
        return 1, length
    if avail <= overlap:
        raise ImpositionError(f"tiles of {avail:g} mm cannot overlap by {overlap:g} mm")
    n = math.ceil((length - overlap) / (avail - overlap) - 1e-9)
    return n, (length + (n - 1) * overlap) / n


def edge(bleed: float, overlap: float) -> float:
    """The room a page keeps between a tile's window and the printable area's edge: its bleed
    and crop marks, and cross-hairs beyond the piece's edge of at least MIN_ARM."""
    return max(bleed + MARK_ZONE, crosshairs.reach(min(crosshairs.MIN_ARM, crosshairs.arm(overlap))))


def room(area: Region, bleed: float, overlap: float) -> tuple[float, float]:
    """The largest tile window a page holds: inside that room on every side and the caption."""
    e = edge(bleed, overlap)
    return area.w - 2 * e, area.h - 2 * e - LABEL_ZONE


def choose(piece, area: Region, bleed: float) -> tuple[int, int, int, float, float]:
    """(rotation, rows, cols, tile width, tile height) with the fewest tiles, unturned on a tie."""
    avail_w, avail_h = room(area, bleed, piece.overlap)
    best = None
    for rotation in (0, 90):
        pw, ph = (piece.w, piece.h) if rotation == 0 else (piece.h, piece.w)
        cols, tw = split(pw, avail_w, piece.overlap)
        rows, th = split(ph, avail_h, piece.overlap)
        if best is None or rows * cols < best[1] * best[2]:
            best = (rotation, rows, cols, tw, th)
    return best


def tiling(piece, area: Region, bleed: float) -> Tiling:
    """The piece's tiles: the grid `choose` picks, the window centred in the room, and the cells
    whose window holds some of the piece."""
    rotation, rows, cols, tw, th = choose(piece, area, bleed)
    pw, ph = (piece.w, piece.h) if rotation == 0 else (piece.h, piece.w)
    avail_w, avail_h = room(area, bleed, piece.overlap)
    e = edge(bleed, piece.overlap)
    wx, wy = area.x0 + e + (avail_w - tw) / 2, area.y0 + e + (avail_h - th) / 2
    arm = crosshairs.arm(piece.overlap, e + min(avail_w - tw, avail_h - th) / 2)  # the room beyond the window
    if piece.shape == "rect":
        cells = tuple((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1))
        return Tiling(rotation, rows, cols, tw, th, pw, ph, wx, wy, arm, cells)
    at_origin = Placement(piece, 0.0, 0.0, pw, ph, rotation)
    poly = tuple(counter_clockwise(transform(piece.outline.polygon(), placement_matrix(at_origin))))
    t = Tiling(rotation, rows, cols, tw, th, pw, ph, wx, wy, arm, (), poly)
    return Tiling(rotation, rows, cols, tw, th, pw, ph, wx, wy, arm, tuple(_held_cells(t, piece.overlap)), poly)


def _held_cells(t: Tiling, overlap: float):
    """The cells whose window holds some of a convex piece, in reading order. One clip per row:
    the piece's part in a row's band is convex, so a cell holds some of it exactly when the
    cell's columns overlap that part's width."""
    poly, eps = list(t.outline), 1e-6
    for r in range(1, t.rows + 1):
        _, y = t.corner(r, 1, overlap)
        band = clip_to_rect(poly, (-1.0, y, t.pw + 2.0, t.th))
        if len(band) < 3:
            continue
        xs = [p[0] for p in band]
        lo, hi = min(xs), max(xs)
        if hi - lo <= eps or max(p[1] for p in band) - min(p[1] for p in band) <= eps:
            continue  # the piece only touches the band
        for c in range(1, t.cols + 1):
            x, _ = t.corner(r, c, overlap)
            if min(hi, x + t.tw) - max(lo, x) > eps:
                yield r, c


def caption_point(window: Rect, bleed: float, above: bool) -> tuple[float, float]:
    """Where a tile's caption stands: centred beyond its top (or bottom) crop-mark gap."""
    x, y, w, h = window
    if above:
        return x + w / 2, y + h + bleed + MARK_GAP + 0.6
    return x + w / 2, y - bleed - MARK_GAP - 0.6 - CAPTION_DROP


def _caption_box(text: str, at: Point) -> crosshairs.Box:
    """The box a caption covers, widened by a millimetre each way (descenders and capitals)."""
    from ..geometry import fonts  # reportlab: loaded by the builds that lay tiles out, not by every command

    half = fonts.width(text, CAPTION_PT) / 2 + 1.0
    x, y = at
    return x - half, y - 1.0 - CAPTION_DROP / 3, x + half, y + CAPTION_DROP + 1.0


def _piece_pages(piece, area: Region, bleed: float) -> list[Page]:
    t = tiling(piece, area, bleed)
    ov = piece.overlap
    held = set(t.cells)
    window = (t.wx, t.wy, t.tw, t.th)
    name = piece.label or piece.id
    out = []
    for n, (r, c) in enumerate(t.cells, start=1):
        rx, ry = t.corner(r, c, ov)  # the tile's corner on the piece
        glue = []
        if (r, c + 1) in held:  # the next tile is laid over these strips; towards a tile not printed, none
            glue.append((t.wx + t.tw - ov, t.wy, ov, t.th))
        if (r + 1, c) in held:
            glue.append((t.wx, t.wy, t.tw, ov))
        caption = f"{name}, tile {n} of {len(t.cells)}, row {r} col {c}"
        at = caption_point(window, bleed, True)
        avoid = (_caption_box(caption, at),) if r == 1 else ()  # marks above the piece stand beside it
        marks = crosshairs.points(t, r, c, ov, tuple(glue), held, avoid, list(t.outline) if t.outline else None)
        tile = Tile(r, c, t.rows, t.cols, window, tuple(glue), marks, caption, at, mark_arm=t.arm)
        p = Placement(piece, t.wx - rx, t.wy - ry, t.pw, t.ph, t.rotation, tile=tile)
        page = Page("front", [p], bleed=bleed, mark_style="grid")
        page.marks = crop_marks([p], bleed, area)
        page.cuts = [] if piece.shape == "rect" else [p.outline()]
        boxes(page)
        out.append(page)
    return out
