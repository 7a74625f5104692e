"""Sheets that hold pieces of several templates: the next template fills the space the last one left.

Takes the pieces in groups (one template each, two-sided groups before backless ones), the area
the fronts go on, the bleed and the diamonds mode; returns `Sheet`s: for each sheet the blocks
it holds, top to bottom. A block is some pieces of one template as its packer lays them out in a
horizontal band of the sheet (`grid.py`, `lattice.py`), or one tile of a piece larger than the
paper (`tiles.py`). A template's pieces first go into the free band below the blocks of the open
sheets (the last sheet of every template before it, in page order), each packed as its packer
packs a whole sheet, then onto sheets of their own; the last of those stays open for the
templates after it. A tile never goes into a band (it needs a sheet), but the band below the
last tile of a board takes smaller pieces. Backless pieces (grouped after all the two-sided
ones) share only one-sided sheets, so that every two-sided sheet is printed duplex and every
one-sided sheet single-sided with no blank back page.

Every block keeps MARK_ZONE beyond its bleed (its `zone`: the room its crop marks need; pieces
cut along their outlines keep it too, from the sheet's edges as from their neighbours, so a
mixed sheet leaves a back offset as much room as a sheet of cards), so blocks never reach into
each other's bleed or marks. On a sheet of one block nothing moves: it is laid out as the packer
laid it. A sheet of several blocks is laid out again: the blocks stacked from the top, the room
left over shared out, first to give every crop mark its full length, the rest above and below
the stack. Each block's marks stay in its own band, which reaches halfway into the gap to the
next block. A gutterfold sheet's blocks stay where their packers put them (the lowest reaches
the fold).

Counting (`count.py`) and laying out (`impose`) run the same arrangement, so the page count a
build states is the one it prints; tiles are laid out only when pages are made.
"""
from __future__ import annotations

from ..records import field, record, replace
from ..geometry.shapes import Outline
from . import crosshairs, grid, lattice, tiles
from .geometry import MARK_LEN, MARK_MIN, MARK_ZONE, ImpositionError, Line, Region
from .plan import Page, Piece, Placement, boxes

EPS = 1e-6
EDGE_WANT = MARK_LEN - MARK_MIN  # mm more above the top block (below the lowest) for full-length marks
GAP_WANT = 2 * EDGE_WANT  # mm more between two blocks: full-length marks on both sides


@record
class Block:
    """Some pieces of one template as their packer lays them out in a horizontal band of a sheet, or
    one tile of a piece larger than the paper: its extent on the page and the room its marks need."""

    pieces: list[Piece]
    bleed: float
    zone: float  # room beyond the bleed the block's marks need
    lo: float  # the block's extent on the page as packed: bleed and zone included
    hi: float
    packing: object | None = None  # grid.GridPacking | lattice.LatticePacking; None for a tile
    slots: list = field(default_factory=list)
    tile: tuple[int, int] | None = None  # (group number, index among the group's tile pages)
    dy: float = 0.0  # moved up by this on a sheet of several blocks

    @property
    def style(self) -> str:
        return self.packing.mark_style if self.packing is not None else "grid"

    @property
    def height(self) -> float:
        return self.hi - self.lo


@record
class Sheet:
    """One sheet of a mixed imposition: the blocks it holds, top to bottom, and whether it is
    one-sided (none of its pieces has a back)."""

    blocks: list[Block]
    one_sided: bool = False  # holds no piece with a back

    def band(self, area: Region, fold: bool) -> Region | None:
        """The free band below the blocks: with them stacked from the top (a gutterfold sheet's
        stay where they are, so its band reaches the fold)."""
        if fold:
            top = min(b.lo for b in self.blocks)
        else:
            top = area.y1 - sum(b.height for b in self.blocks)
        if top - area.y0 <= EPS:
            return None
        return Region(area.x0, area.y0, area.x1, min(top, area.y1), fold=fold)


def groups(pieces: list[Piece], split_backs: bool) -> list[list[Piece]]:
    """Pieces of one template (shape and size) in groups, templates in order of first use; with
    `split_backs`, a template's pieces with a back and those without in separate groups, every
    two-sided group before every backless one."""
    found: dict[tuple, list[Piece]] = {}
    for p in pieces:
        o = p.outline
        key = (p.template, o.shape, round(o.w, 3), round(o.h, 3), round(o.radius, 3), o.orient)
        found.setdefault(key + ((p.has_back,) if split_backs else ()), []).append(p)
    out = list(found.values())
    if split_backs:
        out = [g for g in out if g[0].has_back] + [g for g in out if not g[0].has_back]
    return out


def packer_for(outline: Outline):
    return grid.pack if outline.shape == "rect" else lattice.pack


def arrange(groups_: list[list[Piece]], front_area: Region, bleeds: list[float], diamonds: str, fold: bool,
            one_sided_area: Region | None = None) -> list[Sheet]:
    """The sheets that hold the groups (see the module's text); `bleeds`: each group's bleed;
    `one_sided_area`: where pieces without a back go when it is not `front_area` (a gutterfold print:
    the whole printable sheet, not the half above the fold, as there is nothing to fold)."""
    sheets: list[Sheet] = []
    open_: list[Sheet] = []
    for n, (group, b) in enumerate(zip(groups_, bleeds)):
        outline = group[0].outline
        one_sided = not group[0].has_back
        own = one_sided and one_sided_area is not None
        area, folded = (one_sided_area, False) if own else (front_area, fold)  # this group's part of a sheet
        packer = packer_for(outline)
        try:
            full = packer(outline, area, b, diamonds)
        except ImpositionError:
            full = None
        if full is None:  # larger than the paper: a sheet per tile
            k = 0
            for piece in group:
                t = tiles.tiling(piece, area, b)
                lo, hi = _tile_extent(t, b, piece.overlap)
                for _ in t.cells:
                    sheets.append(Sheet([Block([piece], b, 0.0, lo, hi, tile=(n, k))], one_sided))
                    k += 1
            if k:
                open_.append(sheets[-1])
            continue
        rest = list(group)
        for s in open_:
            if not rest:
                break
            if s.one_sided != one_sided:
                continue  # a backless piece only on a one-sided sheet, a two-sided one never there
            if any(bl.tile is not None and abs(bl.bleed - b) > EPS for bl in s.blocks):
                continue  # a tile shows its bleed as the page's: only pieces of the same bleed beside it
            band = s.band(area, folded)
            if band is None:
                continue
            if outline.shape != "rect" and not (outline.shape == "rhombus" and diamonds == "shared-edge"):
                band = band.inset(MARK_ZONE)  # pieces cut along their outlines: the same room from the edges
            try:
                packing = packer(outline, band, b, diamonds)
            except ImpositionError:
                continue
            if packing.per_page < 1:
                continue
            take, rest = rest[:packing.per_page], rest[packing.per_page:]
            s.blocks.append(_packed(take, packing, b))
        made = False
        for start in range(0, len(rest), full.per_page):
            sheets.append(Sheet([_packed(rest[start:start + full.per_page], full, b)], one_sided))
            made = True
        if made:
            open_.append(sheets[-1])
    return sheets


def _packed(pieces: list[Piece], packing, bleed: float) -> Block:
    slots = packing.slots[:len(pieces)]
    zone = MARK_ZONE  # for crop marks; pieces cut along their outlines keep it from the edges of the sheet
    outline = pieces[0].outline
    lo, hi = float("inf"), float("-inf")
    for x, y, w, h, rot in slots:
        o = outline.turned() if rot in (90, 270) else outline
        _, _, _, gh = o.grown_box(bleed)
        cy = y + h / 2
        lo, hi = min(lo, cy - gh / 2), max(hi, cy + gh / 2)
    return Block(pieces, bleed, zone, lo - zone, hi + zone, packing, list(slots))


def _tile_extent(t: tiles.Tiling, bleed: float, overlap: float) -> tuple[float, float]:
    """How far a tile's page reaches below and above its window: its bleed and crop marks, its
    cross-hairs, its caption on top (the room `tiles.room` keeps for them)."""
    e = tiles.edge(bleed, overlap)
    return t.wy - max(e, crosshairs.reach(t.arm)), t.wy + t.th + e + tiles.LABEL_ZONE


def stack(sheet: Sheet, area: Region) -> None:
    """Lay a sheet of several blocks out: stacked from the top, the room left shared out."""
    blocks = sheet.blocks
    if len(blocks) < 2:
        return
    slack = area.h - sum(b.height for b in blocks)
    wants = [EDGE_WANT] + [GAP_WANT] * (len(blocks) - 1) + [EDGE_WANT]
    total = sum(wants)
    if slack <= total:
        give = [w * max(slack, 0.0) / total for w in wants]
    else:
        give = list(wants)
        give[0] += (slack - total) / 2
        give[-1] += (slack - total) / 2
    y = area.y1 - give[0]
    for i, b in enumerate(blocks):
        b.dy = y - b.hi
        y -= b.height + give[i + 1]


def bands(sheet: Sheet, area: Region) -> list[Region]:
    """Each block's band, where its marks may go: to halfway across the gap to its neighbours."""
    blocks = sheet.blocks
    if len(blocks) == 1:
        return [area]
    out = []
    for i, b in enumerate(blocks):
        top = area.y1 if i == 0 else (blocks[i - 1].lo + blocks[i - 1].dy + b.hi + b.dy) / 2
        bottom = area.y0 if i == len(blocks) - 1 else (b.lo + b.dy + blocks[i + 1].hi + blocks[i + 1].dy) / 2
        out.append(Region(area.x0, bottom, area.x1, top, fold=area.fold and i == len(blocks) - 1))
    return out


@record
class Laid:
    """A block as laid out on its front page: its placements, its band, what marks it."""

    placements: list[Placement]
    region: Region
    bleed: float
    style: str
    packing: object | None


def front_page(sheet: Sheet, area: Region, fold: bool, tile_pages) -> tuple[Page, list[Laid]]:
    """The front page of a sheet; `tile_pages(n)`: the tile pages of group n, laid out."""
    if not fold:
        stack(sheet, area)
    page = Page("front", bleed=max(b.bleed for b in sheet.blocks), mark_style=sheet.blocks[0].style)
    laid = []
    for b, region in zip(sheet.blocks, bands(sheet, area)):
        if b.packing is not None:
            own = b.bleed if len(sheet.blocks) > 1 else None  # a sheet of one block: the page's bleed
            pls = [Placement(piece, x, y + b.dy, w, h, rot, bleed=own) for piece, (x, y, w, h, rot) in zip(b.pieces, b.slots)]
            page.marks += b.packing.marks(pls, region)
            page.cuts += b.packing.cuts(pls)
        else:
            n, k = b.tile
            tp = tile_pages(n)[k]
            p = tp.placements[0]
            if len(sheet.blocks) == 1:
                page.marks += tp.marks
            else:
                p = replace(_shift_tile(p, b.dy), bleed=b.bleed)
                page.marks += grid.crop_marks([p], b.bleed, region)
            pls = [p]
            page.cuts += [] if p.piece.shape == "rect" else [p.outline()]
        page.placements += pls
        laid.append(Laid(pls, region, b.bleed, b.style, b.packing))
    boxes(page)
    return page, laid


def _shift_tile(p: Placement, dy: float) -> Placement:
    if not dy:
        return p
    t = p.tile
    x, y, w, h = t.window
    tile = replace(t, window=(x, y + dy, w, h), glue=tuple((gx, gy + dy, gw, gh) for gx, gy, gw, gh in t.glue),
                   crosshairs=tuple((cx, cy + dy) for cx, cy in t.crosshairs),
                   caption_at=(t.caption_at[0], t.caption_at[1] + dy))
    return replace(p, y=p.y + dy, tile=tile)


def gutterfold_marks(laid: list[Laid], mirrored: list[list[Placement]], height: float) -> list[Line]:
    """The crop marks of a gutterfold sheet: each block's round its fronts and their mirror."""
    marks: list[Line] = []
    for block, mirror in zip(laid, mirrored):
        r = block.region
        below = Region(r.x0, height - r.y1, r.x1, height - r.y0)
        if block.style == "lattice":
            marks += block.packing.marks(block.placements, r) + lattice.rhombus_marks(mirror, below)
        elif block.style == "grid":
            # marks round both halves, backless pieces' places included: the cut lines are shared
            marks += grid.crop_marks(block.placements + mirror, block.bleed, Region(r.x0, below.y0, r.x1, r.y1))
    return marks
