"""Imposition: where each card goes on which sheet. Knows outlines, never what a card shows.

Takes pieces (id, copy, kind, trim size, whether it has a back) and a paper preset; returns a
`Plan`: pages of placements (trim box on the page in mm, origin bottom-left, and a rotation),
crop marks and page boxes. Cards are laid in a grid of cells of trim + 2 x bleed, centred on the
sheet, turned 90 degrees when that fits more. Pages stay portrait, so a duplex printer's
long-edge flip is the sheet's vertical axis. Back pages put every back at the mirrored position:
long-edge flip x' = W - x - w, short-edge flip y' = H - y - h, then shifted by the back offset.
Gutterfold puts fronts in the top half and their backs mirrored across the fold (the sheet's
horizontal centre line) in the bottom half of the same page: fold, glue, cut.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .draw import multiply, rotate, translate
from .layout import Sheet

MARK_GAP = 1.0  # mm between the bleed edge and the start of a crop mark
MARK_LEN = 5.0  # mm, where the printable area leaves room
MARK_MIN = 2.0  # mm: marks shrink to this rather than lose a row or column of cards
MARK_ZONE = MARK_GAP + MARK_MIN
BACK_MODES = ("duplex-long", "duplex-short", "gutterfold", "none")


class ImpositionError(Exception):
    """A card that cannot be placed on the paper; the message carries the measurements."""


@dataclass(frozen=True)
class Piece:
    id: str
    copy: int
    kind: str
    w: float
    h: float
    has_back: bool = True
    shape: str = "rect"


@dataclass(frozen=True)
class Placement:
    piece: Piece
    x: float  # trim box on the page, after rotation
    y: float
    w: float
    h: float
    rotation: int  # degrees counter-clockwise, 0/90/180/270
    side: str = "front"  # which face of the card is printed here

    def as_json(self) -> dict:
        return {
            "id": self.piece.id,
            "copy": self.piece.copy,
            "shape": self.piece.shape,
            "kind": self.piece.kind,
            "trim_mm": [round(v, 3) for v in (self.x, self.y, self.w, self.h)],
            "rotation": self.rotation,
        }


@dataclass
class Page:
    side: str  # "front" | "back" | "gutterfold" (fronts above the fold, backs below)
    placements: list[Placement] = field(default_factory=list)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    folds: list[tuple[float, float, float, float]] = field(default_factory=list)  # dashed fold marks
    trim_box: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1
    bleed_box: tuple[float, float, float, float] | None = None


@dataclass
class Plan:
    width: float
    height: float
    bleed: float
    pages: list[Page]


@dataclass(frozen=True)
class Grid:
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


def fit_grid(w: float, h: float, sheet: Sheet, bleed: float, half: bool = False) -> Grid:
    """The grid that holds the most w x h cards on the sheet, portrait cards preferred on ties.
    With `half`, the grid fills the top half of the sheet down to the fold (for gutterfold)."""
    inset = sheet.margin + MARK_ZONE
    avail_w = sheet.width - 2 * inset
    avail_h = sheet.height / 2 - inset if half else sheet.height - 2 * inset
    best: Grid | None = None
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        cw, ch = cw + 2 * bleed, ch + 2 * bleed
        cols, rows = int(avail_w // cw), int(avail_h // ch)
        if cols * rows == 0:
            continue
        if best is None or cols * rows > best.per_page:
            x0 = (sheet.width - cols * cw) / 2
            y0 = sheet.height / 2 if half else (sheet.height - rows * ch) / 2
            best = Grid(cols, rows, rotated, cw, ch, x0, y0)
    if best is None:
        area = "half " if half else ""
        raise ImpositionError(
            f"card ({w:g} x {h:g} mm, {w + 2 * bleed:g} x {h + 2 * bleed:g} mm with {bleed:g} mm bleed) "
            f"too large for the printable {area}area ({avail_w:g} x {avail_h:g} mm) of {sheet.name} "
            f"({sheet.width:g} x {sheet.height:g} mm, {sheet.margin:g} mm margins, {MARK_ZONE:g} mm for crop marks)")
    return best


def impose(pieces: list[Piece], sheet: Sheet, bleed: float, backs: str = "duplex-long",
           back_offset: tuple[float, float] = (0.0, 0.0)) -> Plan:
    if backs not in BACK_MODES:
        raise ImpositionError(f"backs '{backs}' is not known, expected one of {', '.join(BACK_MODES)}")
    fold = backs == "gutterfold"
    pages: list[Page] = []
    for group in _by_size(pieces):
        grid = fit_grid(group[0].w, group[0].h, sheet, bleed, half=fold)
        for start in range(0, len(group), grid.per_page):
            front = _front_page(group[start:start + grid.per_page], grid, bleed)
            if fold:
                pages.append(_gutterfold_page(front, sheet, bleed))
                continue
            front.marks = crop_marks(front.placements, bleed, sheet)
            pages.append(front)
            if backs != "none":
                pages.append(_back_page(front, sheet, backs, back_offset, bleed))
    return Plan(sheet.width, sheet.height, bleed, pages)


def _by_size(pieces: list[Piece]) -> list[list[Piece]]:
    groups: dict[tuple[float, float], list[Piece]] = {}
    for p in pieces:
        groups.setdefault((round(p.w, 3), round(p.h, 3)), []).append(p)
    return list(groups.values())


def _front_page(pieces: list[Piece], grid: Grid, bleed: float) -> Page:
    page = Page("front")
    for i, piece in enumerate(pieces):
        col, row = i % grid.cols, i // grid.cols
        # fill from the top row down, as a reader expects
        x = grid.x0 + col * grid.cell_w + bleed
        y = grid.y0 + (grid.rows - 1 - row) * grid.cell_h + bleed
        w, h = grid.cell_w - 2 * bleed, grid.cell_h - 2 * bleed
        page.placements.append(Placement(piece, x, y, w, h, 90 if grid.rotated else 0))
    _boxes(page, bleed)
    return page


def _boxes(page: Page, bleed: float) -> None:
    if not page.placements:
        return
    x0 = min(p.x for p in page.placements)
    y0 = min(p.y for p in page.placements)
    x1 = max(p.x + p.w for p in page.placements)
    y1 = max(p.y + p.h for p in page.placements)
    page.trim_box = (x0, y0, x1, y1)
    page.bleed_box = (x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed)


def crop_marks(placements: list[Placement], bleed: float, sheet: Sheet) -> list[tuple[float, float, float, float]]:
    """Marks on the outer sides only, outside every bleed, so the first cut leaves the rest.
    Each is MARK_LEN long where the printable area allows, never shorter than MARK_MIN."""
    if not placements:
        return []
    xs = sorted({round(v, 4) for p in placements for v in (p.x, p.x + p.w)})
    ys = sorted({round(v, 4) for p in placements for v in (p.y, p.y + p.h)})
    left = min(p.x for p in placements) - bleed - MARK_GAP
    right = max(p.x + p.w for p in placements) + bleed + MARK_GAP
    bottom = min(p.y for p in placements) - bleed - MARK_GAP
    top = max(p.y + p.h for p in placements) + bleed + MARK_GAP
    m = sheet.margin
    up = min(MARK_LEN, sheet.height - m - top)
    down = min(MARK_LEN, bottom - m)
    west = min(MARK_LEN, left - m)
    east = min(MARK_LEN, sheet.width - m - right)
    marks = []
    for x in xs:
        marks.append((x, top, x, top + up))
        marks.append((x, bottom, x, bottom - down))
    for y in ys:
        marks.append((left, y, left - west, y))
        marks.append((right, y, right + east, y))
    return marks


def _mirror(p: Placement, sheet: Sheet, mode: str, offset: tuple[float, float]) -> Placement:
    """Where the back of a card goes: long edge mirrors x, short edge and gutterfold mirror y."""
    dx, dy = offset
    if mode == "duplex-long":
        x, y, rot = sheet.width - p.x - p.w, p.y, (-p.rotation) % 360
    else:
        x, y, rot = p.x, sheet.height - p.y - p.h, (180 - p.rotation) % 360
    return Placement(p.piece, x + dx, y + dy, p.w, p.h, rot, side="back")


def _back_page(front: Page, sheet: Sheet, mode: str, offset: tuple[float, float], bleed: float) -> Page:
    back = Page("back", [_mirror(p, sheet, mode, offset) for p in front.placements if p.piece.has_back])
    _boxes(back, bleed)
    return back


def _gutterfold_page(front: Page, sheet: Sheet, bleed: float) -> Page:
    mirrored = [_mirror(p, sheet, "gutterfold", (0.0, 0.0)) for p in front.placements]
    page = Page("gutterfold", front.placements + [m for m in mirrored if m.piece.has_back])
    _boxes(page, bleed)
    # marks around both halves, backless cards' places included: the cut lines are shared
    both = front.placements + mirrored
    page.marks = crop_marks(both, bleed, sheet)
    left = min(p.x for p in both) - bleed - MARK_GAP
    right = max(p.x + p.w for p in both) + bleed + MARK_GAP
    y = sheet.height / 2
    page.folds = [(left, y, max(sheet.margin, left - MARK_LEN), y), (right, y, min(sheet.width - sheet.margin, right + MARK_LEN), y)]
    return page


def placement_matrix(p: Placement) -> tuple[float, float, float, float, float, float]:
    """The matrix taking card coordinates (0..w, 0..h of the unrotated card) to the page."""
    w, h = (p.h, p.w) if p.rotation in (90, 270) else (p.w, p.h)  # unrotated card size
    tx, ty = {0: (p.x, p.y), 90: (p.x + h, p.y), 180: (p.x + w, p.y + h), 270: (p.x, p.y + w)}[p.rotation]
    return multiply(rotate(p.rotation), translate(tx, ty))
