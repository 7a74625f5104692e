"""Pieces larger than the paper (boards): split into tiles that each fit one sheet.

Neighbouring tiles overlap by the template's `overlap` (10 mm by default). Tiles are numbered in
reading order, row 1 at the top. The overlap is a glue area on the tile to the left of (or above)
it, which the next tile is laid over; cross-hairs at the same points of the piece on both tiles
let them be lined up against the light. Each tile is one page with crop marks round its window
and a caption outside its trim: "board-1, tile 2 of 4, row 1 col 2". The orientation that
needs fewer tiles wins; tiles divide the piece evenly.
"""
from __future__ import annotations

import math

from .geometry import MARK_GAP, MARK_ZONE, ImpositionError, Rect, Region
from .grid import crop_marks
from .plan import Page, Placement, Tile, boxes

LABEL_ZONE = 4.0  # mm beside a tile for its caption
CAPTION_PT = 7.0  # the caption's type size in points
CAPTION_DROP = CAPTION_PT * 25.4 / 72 * 0.75  # mm from a caption's baseline to the top of its capitals


def pages(group, area: Region, bleed: float) -> list[Page]:
    return [page for piece in group for page in _piece_pages(piece, area, bleed)]


def split(length: float, avail: float, overlap: float) -> tuple[int, float]:
    """How many tiles a length needs and how long each is, when each holds at most `avail`."""
    if length <= avail + 1e-9:
        return 1, length
    if avail <= overlap:
        raise ImpositionError(f"tiles of {avail:g} mm cannot overlap by {overlap:g} mm")
    n = math.ceil((length - overlap) / (avail - overlap) - 1e-9)
    return n, (length + (n - 1) * overlap) / n


def room(area: Region, bleed: float) -> tuple[float, float]:
    """The largest tile window a page holds: inside its bleed, crop marks and caption."""
    return area.w - 2 * (bleed + MARK_ZONE), area.h - 2 * (bleed + MARK_ZONE) - LABEL_ZONE


def choose(piece, area: Region, bleed: float) -> tuple[int, int, int, float, float]:
    """(rotation, rows, cols, tile width, tile height) with the fewest tiles, unturned on a tie."""
    avail_w, avail_h = room(area, bleed)
    best = None
    for rotation in (0, 90):
        pw, ph = (piece.w, piece.h) if rotation == 0 else (piece.h, piece.w)
        cols, tw = split(pw, avail_w, piece.overlap)
        rows, th = split(ph, avail_h, piece.overlap)
        if best is None or rows * cols < best[1] * best[2]:
            best = (rotation, rows, cols, tw, th)
    return best


def caption_point(window: Rect, bleed: float, above: bool) -> tuple[float, float]:
    """Where a tile's caption stands: centred beyond its top (or bottom) crop-mark gap."""
    x, y, w, h = window
    if above:
        return x + w / 2, y + h + bleed + MARK_GAP + 0.6
    return x + w / 2, y - bleed - MARK_GAP - 0.6 - CAPTION_DROP


def _piece_pages(piece, area: Region, bleed: float) -> list[Page]:
    rotation, rows, cols, tw, th = choose(piece, area, bleed)
    pw, ph = (piece.w, piece.h) if rotation == 0 else (piece.h, piece.w)
    ov = piece.overlap
    avail_w, avail_h = room(area, bleed)
    wx = area.x0 + bleed + MARK_ZONE + (avail_w - tw) / 2
    wy = area.y0 + bleed + MARK_ZONE + (avail_h - th) / 2
    marks = _crosshairs(rows, cols, tw, th, pw, ph, ov)
    out = []
    name = piece.label or piece.id
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            rx, ry = (c - 1) * (tw - ov), ph - th - (r - 1) * (th - ov)  # the tile's corner on the piece
            glue = []
            if c < cols:
                glue.append((wx + tw - ov, wy, ov, th))
            if r < rows:
                glue.append((wx, wy, tw, ov))
            inside = [(wx + bx - rx, wy + by - ry) for bx, by in marks
                      if rx - 1e-9 <= bx <= rx + tw + 1e-9 and ry - 1e-9 <= by <= ry + th + 1e-9]
            window = (wx, wy, tw, th)
            n = (r - 1) * cols + c
            tile = Tile(r, c, rows, cols, window, tuple(glue), tuple(inside),
                        f"{name}, tile {n} of {rows * cols}, row {r} col {c}", caption_point(window, bleed, True))
            p = Placement(piece, wx - rx, wy - ry, pw, ph, rotation, tile=tile)
            page = Page("front", [p], bleed=bleed, mark_style="grid")
            page.marks = crop_marks([p], bleed, area)
            page.cuts = [] if piece.shape == "rect" else [p.outline()]
            boxes(page)
            out.append(page)
    return out


def _crosshairs(rows: int, cols: int, tw: float, th: float, pw: float, ph: float, ov: float) -> list[tuple[float, float]]:
    """Points of the piece (as it lies on the page) in the middle of every overlap, a quarter of
    the way in from each end: both tiles of the overlap print a cross-hair there."""
    pts = []
    for r in range(1, rows + 1):
        ry = ph - th - (r - 1) * (th - ov)
        for c in range(1, cols):  # between column c and c + 1
            x = c * (tw - ov) + ov / 2
            pts += [(x, ry + th / 4), (x, ry + 3 * th / 4)]
    for c in range(1, cols + 1):
        rx = (c - 1) * (tw - ov)
        for r in range(1, rows):  # between row r and r + 1 below it
            y = ph - r * (th - ov) - ov / 2
            pts += [(rx + tw / 4, y), (rx + 3 * tw / 4, y)]
    return pts
