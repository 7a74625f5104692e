"""The alignment cross-hairs of a piece printed in tiles: marks at the same points of the piece on
the two tiles of a seam, so that the tiles can be lined up against the light.

After gluing only art may show, so a tile carries a cross-hair only where it is covered or cut
away: on its glue area (the next tile is laid over it) or beyond the piece's edge (cut off when
the assembled piece is trimmed; trim its outer edges last). On the strip a tile lays over its
neighbour's glue, no mark: that strip is the face of the assembled piece. Each seam therefore
shares its marks at its ends: where it meets the seam across (the corner where the tile below
or to the right is glued over both), or just beyond the piece's outer edge. Every seam has at
least one such end, its bottom (or right) one; a seam that ends at the piece's edge at both ends
has two. A tile's marks are as large as the overlap and the room\nbeyond the piece's edge leave room for, up to ARM; a page keeps room for MIN_ARM at least.
"""
from __future__ import annotations

from ..geometry.drawing import translate
from ..geometry.shapes import Point, clip_to_rect, transform
from .geometry import Rect

ARM = 4.0  # mm from a cross-hair's centre to the end of an arm, where there is room
MIN_ARM = 2.0  # mm: the smallest arm a tile's page keeps room for beyond the piece's edge
HALO = 0.3  # mm: its white halo reaches this far beyond its lines
CLEAR = 0.5  # mm between a cross-hair's arms and the edge of the glue area it is on
GAP = 1.0  # mm between a cross-hair beyond the piece (its halo) and the piece's edge

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def arm(overlap: float, room: float = float("inf")) -> float:
    """The arm of the cross-hairs of tiles overlapping by `overlap`, with `room` mm between the
    window's edge and the printable area's: a mark in the middle of the overlap stays on the
    glue area, one beyond the piece's edge stays on the printable area."""
    return min(ARM, overlap / 2 - CLEAR, (room - 2 * HALO - GAP) / 2)


def offset(arm: float) -> float:
    """How far beyond the piece's edge a mark's centre stands: all of it clear of the edge."""
    return arm + HALO + GAP


def reach(arm: float) -> float:
    """How far beyond the piece's edge such a mark reaches."""
    return offset(arm) + arm + HALO


def extent(point: Point, arm: float) -> Box:
    """The box a cross-hair at `point` covers, its halo included."""
    x, y = point
    a = arm + HALO
    return x - a, y - a, x + a, y + a


def points(t, r: int, c: int, overlap: float, glue: tuple[Rect, ...], held: set, avoid: tuple[Box, ...] = (),
           outline: list[Point] | None = None) -> tuple[Point, ...]:
    """The cross-hairs of tile (r, c) of tiling `t` (tiles.Tiling), in page mm. `glue`: the
    tile's glue areas on the page; `held`: the cells printed; `avoid`: boxes a mark beyond the
    edge must keep clear of (the caption); `outline`: a piece that is not a rectangle, as it lies
    on the page at the origin (a mark off it, inside its box, is cut away too)."""
    rx, ry = t.corner(r, c, overlap)
    dx, dy = t.wx - rx, t.wy - ry  # piece-on-page coordinates -> page coordinates
    out = []
    for (x, y), beyond, partners in _candidates(t, r, c, overlap):
        if not all(p in held for p in partners):
            continue  # a seam with a tile that is not printed
        page = (x + dx, y + dy)
        box = extent(page, t.arm)
        if beyond:
            if not any(_meets(box, a) for a in avoid):
                out.append(page)
        elif any(_inside(box, g) for g in glue) or (outline is not None and _off(box, outline, dx, dy)):
            out.append(page)
    return tuple(out)


def _candidates(t, r: int, c: int, ov: float):
    """((x, y), beyond the edge, the cells of its seam) for every mark tile (r, c) might carry,
    in the piece's coordinates as it lies on the page: the four corners where seams cross, and
    the ends of its seams at the piece's edge."""
    e = offset(t.arm)
    seam_x = {j: j * (t.tw - ov) + ov / 2 for j in (c - 1, c) if 1 <= j < t.cols}  # seam j: columns j | j + 1
    seam_y = {i: t.ph - i * (t.th - ov) - ov / 2 for i in (r - 1, r) if 1 <= i < t.rows}  # seam i: rows i | i + 1
    for i, y in seam_y.items():
        for j, x in seam_x.items():
            yield (x, y), False, ()
    for j, x in seam_x.items():
        pair = ((r, j), (r, j + 1))
        if r == t.rows:
            yield (x, -e), True, pair
        if r == 1:
            yield (x, t.ph + e), True, pair
    for i, y in seam_y.items():
        pair = ((i, c), (i + 1, c))
        if c == 1:
            yield (-e, y), True, pair
        if c == t.cols:
            yield (t.pw + e, y), True, pair


def _inside(box: Box, rect: Rect) -> bool:
    x, y, w, h = rect
    return box[0] >= x + CLEAR - HALO - 1e-9 and box[1] >= y + CLEAR - HALO - 1e-9 and \
        box[2] <= x + w - CLEAR + HALO + 1e-9 and box[3] <= y + h - CLEAR + HALO + 1e-9


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _off(box: Box, outline: list[Point], dx: float, dy: float) -> bool:
    """Whether a mark's box (page mm) is clear of the piece (`outline` at the origin) by GAP."""
    x0, y0, x1, y1 = box
    shifted = transform(outline, translate(dx, dy))
    return not clip_to_rect(shifted, (x0 - GAP, y0 - GAP, x1 - x0 + 2 * GAP, y1 - y0 + 2 * GAP))
