"""Imposition: where each piece goes on which sheet. Knows outlines, never what a piece shows.

Takes pieces (id, copy, kind, outline, template, whether it has a back) and a paper preset;
returns a `Plan`: pages of placements (the piece's bounding box on the page in mm, origin
bottom-left, and a rotation), crop marks, cut lines, tile labels and page boxes. One packer per
shape fills the printable area: rectangles in a grid (`grid.py`), rhombi, circles and hexagons
in a staggered lattice (`lattice.py`); a piece larger than the paper is split into overlapping
tiles (`tiles.py`). A sheet holds pieces of one template. Pages stay portrait, so a duplex
printer's long-edge flip is the sheet's vertical axis. Back pages put every back at the mirrored
position: long-edge flip x' = W - x - w, short-edge flip y' = H - y - h, then shifted by the back
offset. Gutterfold puts fronts in the top half and their backs mirrored across the fold (the
sheet's horizontal centre line) in the bottom half of the same page: fold, glue, cut.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..draw import Matrix, multiply, rotate, translate
from ..layout import Sheet
from ..shapes import Outline, bbox, clip_to_rect, counter_clockwise, transform
from .geometry import MARK_GAP, MARK_LEN, MARK_MIN, MARK_ZONE, ImpositionError, Line, Rect, Region

BACK_MODES = ("duplex-long", "duplex-short", "gutterfold", "none")
DIAMOND_MODES = ("shared-edge", "spaced")

__all__ = ["BACK_MODES", "DIAMOND_MODES", "MARK_GAP", "MARK_LEN", "MARK_MIN", "MARK_ZONE", "ImpositionError",
           "Page", "Piece", "Placement", "Plan", "Tile", "fit_grid", "impose", "piece_bleed", "placement_matrix"]


@dataclass(frozen=True)
class Piece:
    id: str
    copy: int
    kind: str
    outline: Outline
    has_back: bool = True
    template: str = "card"
    overlap: float = 10.0  # mm the tiles of a piece larger than the paper overlap by
    label: str = ""  # the piece's name on its tiles' labels

    @property
    def w(self) -> float:
        return self.outline.w

    @property
    def h(self) -> float:
        return self.outline.h

    @property
    def shape(self) -> str:
        return self.outline.shape


@dataclass(frozen=True)
class Tile:
    """One sheet's part of a piece larger than the paper."""

    row: int  # from 1, top row first
    col: int  # from 1, left column first
    rows: int
    cols: int
    window: Rect  # the tile's trim on the page
    glue: tuple[Rect, ...] = ()  # page areas the neighbouring tiles are glued over
    crosshairs: tuple[tuple[float, float], ...] = ()  # alignment marks, page mm
    caption: str = ""
    caption_at: tuple[float, float] = (0.0, 0.0)  # where the caption's baseline centre goes

    @property
    def number(self) -> int:
        return (self.row - 1) * self.cols + self.col


@dataclass(frozen=True)
class Placement:
    piece: Piece
    x: float  # the piece's bounding box on the page, after rotation (a tiled piece runs off it)
    y: float
    w: float
    h: float
    rotation: int  # degrees counter-clockwise, 0/90/180/270
    side: str = "front"  # which face of the piece is printed here
    tile: Tile | None = None

    @property
    def trim(self) -> Rect:
        """The bounding box of what is cut out on this page: the piece, or the tile's window."""
        return self.tile.window if self.tile else (self.x, self.y, self.w, self.h)

    def matrix(self) -> Matrix:
        return placement_matrix(self)

    def outline(self) -> list[tuple[float, float]]:
        """The trim outline on the page, counter-clockwise; a tile's is cut to its window."""
        pts = counter_clockwise(transform(self.piece.outline.polygon(), self.matrix()))
        return clip_to_rect(pts, self.tile.window) if self.tile else pts

    def region(self) -> Rect:
        """The part of the piece this placement holds, in the piece's own coordinates."""
        if self.tile is None:
            return (0.0, 0.0, self.piece.w, self.piece.h)
        x, y, w, h = self.tile.window
        inv = _inverse(self.matrix())
        return bbox(transform([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], inv))

    def as_json(self) -> dict:
        r = lambda vals: [round(v, 3) for v in vals]  # noqa: E731
        trim = self.trim if self.tile is None or self.piece.shape == "rect" else bbox(self.outline())
        out = {
            "id": self.piece.id,
            "copy": self.piece.copy,
            "shape": self.piece.shape,
            "kind": self.piece.kind,
            "template": self.piece.template,
            "trim_mm": r(trim),
            "outline_mm": [r(p) for p in self.outline()],
            "rotation": self.rotation,
        }
        if self.tile:
            t = self.tile
            out["tile"] = {"row": t.row, "col": t.col, "rows": t.rows, "cols": t.cols}
            out["region_mm"] = r(self.region())
            out["glue_mm"] = [r(g) for g in t.glue]
            out["crosshairs_mm"] = [r(c) for c in t.crosshairs]
        return out


@dataclass
class Page:
    side: str  # "front" | "back" | "gutterfold" (fronts above the fold, backs below)
    placements: list[Placement] = field(default_factory=list)
    marks: list[Line] = field(default_factory=list)  # crop marks
    folds: list[Line] = field(default_factory=list)  # dashed fold marks
    cuts: list[list[tuple[float, float]]] = field(default_factory=list)  # outlines to cut along
    bleed: float = 0.0  # the bleed its pieces have (none for shared-edge diamonds)
    mark_style: str = "grid"  # "grid": crop marks at the outer trim lines; "lattice": at both ends of
    # every straight cut through a diamond lattice; "none": pieces cut along their outlines
    trim_box: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1
    bleed_box: tuple[float, float, float, float] | None = None


@dataclass
class Plan:
    width: float
    height: float
    bleed: float
    pages: list[Page]


def piece_bleed(outline: Outline, bleed: float, diamonds: str = "shared-edge") -> float:
    """The bleed a piece is drawn and packed with: shared-edge diamonds tessellate, so none."""
    return 0.0 if outline.shape == "rhombus" and diamonds == "shared-edge" else bleed


def placement_matrix(p: Placement) -> Matrix:
    """The matrix taking piece coordinates (0..w, 0..h of the unrotated piece) to the page."""
    w, h = (p.h, p.w) if p.rotation in (90, 270) else (p.w, p.h)  # unrotated piece size
    tx, ty = {0: (p.x, p.y), 90: (p.x + h, p.y), 180: (p.x + w, p.y + h), 270: (p.x, p.y + w)}[p.rotation]
    return multiply(rotate(p.rotation), translate(tx, ty))


def _inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def impose(pieces: list[Piece], sheet: Sheet, bleed: float, backs: str = "duplex-long",
           back_offset: tuple[float, float] = (0.0, 0.0), diamonds: str = "shared-edge") -> Plan:
    if backs not in BACK_MODES:
        raise ImpositionError(f"backs '{backs}' is not known, expected one of {', '.join(BACK_MODES)}")
    if diamonds not in DIAMOND_MODES:
        raise ImpositionError(f"diamonds '{diamonds}' is not known, expected one of {', '.join(DIAMOND_MODES)}")
    fold = backs == "gutterfold"
    m = sheet.margin
    area = Region(m, sheet.height / 2 if fold else m, sheet.width - m, sheet.height - m, fold=fold)
    pages: list[Page] = []
    for group in _by_template(pieces):
        b = piece_bleed(group[0].outline, bleed, diamonds)
        for front in _fronts(group, area, b, diamonds):
            if fold:
                pages.append(_gutterfold_page(front, sheet, area))
                continue
            pages.append(front)
            if backs != "none":
                pages.append(_back_page(front, sheet, backs, back_offset))
    return Plan(sheet.width, sheet.height, bleed, pages)


def _by_template(pieces: list[Piece]) -> list[list[Piece]]:
    """Pieces of one template (shape and size) share sheets; templates in order of first use."""
    groups: dict[tuple, list[Piece]] = {}
    for p in pieces:
        o = p.outline
        key = (p.template, o.shape, round(o.w, 3), round(o.h, 3), round(o.radius, 3), o.orient)
        groups.setdefault(key, []).append(p)
    return list(groups.values())


def _fronts(group: list[Piece], area: Region, bleed: float, diamonds: str) -> list[Page]:
    from . import grid, lattice, tiles

    outline = group[0].outline
    packer = grid.pack if outline.shape == "rect" else lattice.pack
    try:
        packing = packer(outline, area, bleed, diamonds)
    except ImpositionError:
        return tiles.pages(group, area, bleed)
    pages = []
    for start in range(0, len(group), packing.per_page):
        chunk = group[start:start + packing.per_page]
        page = Page("front", [Placement(piece, *slot) for piece, slot in zip(chunk, packing.slots)],
                    bleed=bleed, mark_style=packing.mark_style)
        page.marks = packing.marks(page.placements, area)
        page.cuts = packing.cuts(page.placements)
        boxes(page)
        pages.append(page)
    return pages


def boxes(page: Page) -> None:
    if not page.placements:
        return
    trims = [p.trim for p in page.placements]
    x0, y0 = min(t[0] for t in trims), min(t[1] for t in trims)
    x1, y1 = max(t[0] + t[2] for t in trims), max(t[1] + t[3] for t in trims)
    b = page.bleed
    page.trim_box = (x0, y0, x1, y1)
    page.bleed_box = (x0 - b, y0 - b, x1 + b, y1 + b)


def _mirror(p: Placement, sheet: Sheet, mode: str, offset: tuple[float, float], bleed: float) -> Placement:
    """Where the back of a piece goes: long edge mirrors x, short edge and gutterfold mirror y."""
    from .tiles import caption_point

    dx, dy = offset

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
                       caption_at=caption_point(window, bleed, above=mode == "duplex-long"))
    return Placement(p.piece, x, y, p.w, p.h, rot, side="back", tile=tile)


def _back_page(front: Page, sheet: Sheet, mode: str, offset: tuple[float, float]) -> Page:
    back = Page("back", [_mirror(p, sheet, mode, offset, front.bleed) for p in front.placements if p.piece.has_back],
                bleed=front.bleed, mark_style=front.mark_style)
    boxes(back)
    return back


def _gutterfold_page(front: Page, sheet: Sheet, area: Region) -> Page:
    from .grid import crop_marks
    from .lattice import rhombus_marks

    mirrored = [_mirror(p, sheet, "gutterfold", (0.0, 0.0), front.bleed) for p in front.placements]
    page = Page("gutterfold", front.placements + [m for m in mirrored if m.piece.has_back], bleed=front.bleed,
                mark_style=front.mark_style)
    page.cuts = front.cuts
    boxes(page)
    below = Region(area.x0, sheet.height - area.y1, area.x1, sheet.height - area.y0)
    if front.mark_style == "lattice":
        page.marks = front.marks + rhombus_marks(mirrored, below)
    elif front.mark_style == "grid":
        # marks around both halves, backless pieces' places included: the cut lines are shared
        page.marks = crop_marks(front.placements + mirrored, front.bleed, Region(area.x0, below.y0, area.x1, area.y1))
    both = front.placements + mirrored
    left = min(p.trim[0] for p in both) - front.bleed - MARK_GAP
    right = max(p.trim[0] + p.trim[2] for p in both) + front.bleed + MARK_GAP
    y = sheet.height / 2
    page.folds = [(left, y, max(sheet.margin, left - MARK_LEN), y), (right, y, min(sheet.width - sheet.margin, right + MARK_LEN), y)]
    return page


def fit_grid(w: float, h: float, sheet: Sheet, bleed: float, half: bool = False):
    """The grid that holds the most w x h cards on the sheet (see `grid.fit`)."""
    from .grid import fit

    m = sheet.margin
    return fit(w, h, Region(m, sheet.height / 2 if half else m, sheet.width - m, sheet.height - m, fold=half), bleed,
               f"{sheet.name} ({sheet.width:g} x {sheet.height:g} mm, {m:g} mm margins, {MARK_ZONE:g} mm for crop marks)")
