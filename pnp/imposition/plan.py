"""The imposition plan: pieces, where each is placed, and the pages that hold them.

Plain data that the packers (`grid.py`, `lattice.py`, `tiles.py`) fill in and the writers read:
a `Placement` knows the piece's box and turn on the page, its trim outline there (cut to the
window of a tile) and the part of the piece it holds.
"""
from __future__ import annotations

from ..records import field, record
from ..geometry.drawing import Matrix, invert, multiply, rotate, translate
from ..geometry.shapes import Outline, bbox, clip_to_rect, counter_clockwise, transform
from ..load.templates import DEFAULT_OVERLAP
from .geometry import Line, Rect


@record(frozen=True)
class Piece:
    """One printed copy of a component: its id, copy number, kind, outline and template, whether it
    has a back, and how its tiles overlap and are labelled when it is larger than the paper."""

    id: str
    copy: int
    kind: str
    outline: Outline
    has_back: bool = True
    template: str = "card"
    overlap: float = DEFAULT_OVERLAP  # mm the tiles of a piece larger than the paper overlap by
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


@record(frozen=True)
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
    mark_arm: float = 4.0  # mm from a cross-hair's centre to the end of its arms (crosshairs.arm)

    @property
    def number(self) -> int:
        return (self.row - 1) * self.cols + self.col


@record(frozen=True)
class Placement:
    """One side of a piece, or of a tile of it, placed on a page: its bounding box there, its turn,
    and its own bleed when the page's pieces differ."""

    piece: Piece
    x: float  # the piece's bounding box on the page, after rotation (a tiled piece runs off it)
    y: float
    w: float
    h: float
    rotation: int  # degrees counter-clockwise, 0/90/180/270
    side: str = "front"  # which face of the piece is printed here
    tile: Tile | None = None
    bleed: float | None = None  # its own bleed, on a page of pieces with different bleeds (else the page's)

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
        inv = invert(self.matrix())
        return bbox(transform([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], inv))

    def as_json(self) -> dict:
        r = _rounded
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


@record
class Page:
    """One page of the plan: the side it prints, the placements on it, the crop marks, fold marks
    and outlines to cut along, and its trim and bleed boxes."""

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
    one_sided: bool = False  # a duplex print's front with no back page: its pieces have no back


@record
class Plan:
    """The whole imposition: the paper's width and height in mm, the bleed, and every page in order."""

    width: float
    height: float
    bleed: float
    pages: list[Page]


def placement_matrix(p: Placement) -> Matrix:
    """The matrix taking piece coordinates (0..w, 0..h of the unrotated piece) to the page."""
    w, h = (p.h, p.w) if p.rotation in (90, 270) else (p.w, p.h)  # unrotated piece size
    tx, ty = {0: (p.x, p.y), 90: (p.x + h, p.y), 180: (p.x + w, p.y + h), 270: (p.x, p.y + w)}[p.rotation]
    return multiply(rotate(p.rotation), translate(tx, ty))


def _rounded(values) -> list[float]:
    return [round(v, 3) for v in values]


def boxes(page: Page) -> None:
    if not page.placements:
        return
    trims = [(p.trim, page.bleed if p.bleed is None else p.bleed) for p in page.placements]
    page.trim_box = (min(t[0] for t, _ in trims), min(t[1] for t, _ in trims),
                     max(t[0] + t[2] for t, _ in trims), max(t[1] + t[3] for t, _ in trims))
    page.bleed_box = (min(t[0] - b for t, b in trims), min(t[1] - b for t, b in trims),
                      max(t[0] + t[2] + b for t, b in trims), max(t[1] + t[3] + b for t, b in trims))
