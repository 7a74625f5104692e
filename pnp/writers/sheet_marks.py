"""Marks in a sheet's margin: the slug line that says what a sheet is, and the registration marks
by which a print-and-cut machine finds it.

Takes a page of the plan (its pieces and their bleed, crop and fold marks, tile captions) and the
paper; returns where each mark goes, in page mm (origin bottom-left), inside the printable area
and at least CLEAR mm from every piece's bleed and every other mark. The PDF writer prints both,
the SVG cut files repeat the registration marks, the sheet map records them.
"""
from __future__ import annotations

from ..records import record, replace
from .. import __version__
from ..geometry import fonts
from ..geometry.drawing import PT
from ..imposition import ImpositionError, Page, Plan
from ..imposition.crosshairs import HALO
from ..imposition.tiles import CAPTION_PT
from ..load.layout import Sheet
from ..geometry.shapes import Point, clip_to_rect, transform

CLEAR = 0.6  # mm between a margin mark and a piece's bleed or another mark
SLUG_SIZES = (5.0, 4.5, 4.0)  # pt, largest first
ASCENT, DESCENT = 0.78, 0.24  # of the type size: DejaVu Sans capitals and descenders
REG_SIZES = (5.0, 4.5, 4.0, 3.5, 3.0)  # mm: the side of a registration mark, largest that fits
REG_LINE = 0.5  # mm: the thickness of an L-shaped registration mark's legs
SCALE_BAR = 50.0  # mm: the bar the slug ends with, so a ruler tells at once whether the print was scaled
BAR_GAP = 1.5  # mm between the slug's text and its bar
BAR_LABEL = " · 50 mm:"  # the text says what the bar is

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


class NoRoom(ImpositionError):
    """The margin has no room for a mark; the message says what was tried."""


@record(frozen=True)
class Slug:
    text: str
    x: float  # where the baseline starts, page mm
    y: float
    size: float  # pt
    rotation: int  # 0: reads left to right; 90: reads upwards
    bar: float = 0.0  # mm: the scale bar after the text (0: none)
    apart: "Slug | None" = None  # the bar with its label, where the margin has no room for both in a row

    def length(self) -> float:
        """Along the line: the text's advance width, and the bar after it."""
        return fonts.width(self.text, self.size) + (BAR_GAP + self.bar if self.bar else 0.0)

    def box(self) -> Box:
        """The area the text and its bar cover (descender to capital height)."""
        w, lo, hi = self.length(), -DESCENT * self.size * PT, ASCENT * self.size * PT
        if self.rotation == 90:
            return self.x - hi, self.y, self.x - lo, self.y + w
        return self.x, self.y + lo, self.x + w, self.y + hi

    def bar_lines(self) -> list[tuple[float, float, float, float]]:
        """The scale bar in the slug's own coordinates (baseline along +x from the text's start):
        a line exactly `bar` mm long at half the capital height, with an end tick at each end."""
        if not self.bar:
            return []
        x0 = fonts.width(self.text, self.size) + BAR_GAP
        hi = ASCENT * self.size * PT
        return [(x0, hi / 2, x0 + self.bar, hi / 2), (x0, 0.0, x0, hi), (x0 + self.bar, 0.0, x0 + self.bar, hi)]


@record(frozen=True)
class Registration:
    """Print-and-cut registration marks at three corners of the printable area: a filled square
    at the top left, L-shaped corners (legs `size` long, REG_LINE thick) at the top right and the
    bottom left, the corner of each on the corner of the area."""

    size: float
    area: Box  # the printable area of the sheet the cutter sees (a gutterfold sheet: its top half)

    def shapes(self) -> list[list[Point]]:
        """The marks as filled polygons, counter-clockwise, page mm."""
        s, t = self.size, REG_LINE
        x0, y0, x1, y1 = self.area
        square = [(x0, y1 - s), (x0 + s, y1 - s), (x0 + s, y1), (x0, y1)]
        top_right = [(x1 - s, y1 - t), (x1 - t, y1 - t), (x1 - t, y1 - s), (x1, y1 - s), (x1, y1), (x1 - s, y1)]
        bottom_left = [(x0, y0), (x0 + s, y0), (x0 + s, y0 + t), (x0 + t, y0 + t), (x0 + t, y0 + s), (x0, y0 + s)]
        return [square, top_right, bottom_left]

    def corners(self) -> list[Box]:
        x0, y0, x1, y1 = self.area
        s = self.size
        return [(x0, y1 - s, x0 + s, y1), (x1 - s, y1 - s, x1, y1), (x0, y0, x0 + s, y0 + s)]

    def as_json(self) -> dict:
        return {"size_mm": self.size, "line_mm": REG_LINE, "area_mm": [round(v, 3) for v in self.area],
                "marks_mm": [[[round(v, 3) for v in p] for p in shape] for shape in self.shapes()]}


def cut_area(page: Page, sheet: Sheet) -> Box:
    """The printable area of the sheet as the cutter sees it: a gutterfold sheet is folded first,
    so its top half, inset from the fold as from the paper's edges."""
    m = sheet.margin
    y0 = sheet.height / 2 + m if page.side == "gutterfold" else m
    return m, y0, sheet.width - m, sheet.height - m


def registration(plan: Plan, sheet: Sheet) -> Registration:
    """The largest registration marks (the same on every sheet, so the cutter is set up once)
    whose three corners are clear on every sheet that is cut (fronts and gutterfold sheets)."""
    cut = [(n, p) for n, p in enumerate(plan.pages, start=1) if p.side != "back"]
    crowded = 0
    for s in REG_SIZES:
        crowded = next((n for n, p in cut if not _clear(Registration(s, cut_area(p, sheet)).corners(), obstacles(p))), 0)
        if not crowded:
            return Registration(s, cut_area(cut[0][1], sheet) if cut else (0, 0, 0, 0))
    raise NoRoom(f"--cut-files: no room for print-and-cut registration marks ({REG_SIZES[-1]:g} mm) in the corners "
                 f"of the printable area of {sheet.name} on page {crowded}: pieces or their crop marks reach into "
                 f"them; try another --bleed or --paper")


def _clear(boxes: list[Box], obstacles: list[list[Point]]) -> bool:
    for x0, y0, x1, y1 in boxes:
        grown = (x0 - CLEAR, y0 - CLEAR, x1 - x0 + 2 * CLEAR, y1 - y0 + 2 * CLEAR)
        if any(clip_to_rect(o, grown) for o in obstacles):
            return False
    return True


def obstacles(page: Page) -> list[list[Point]]:
    """Everything printed on the page outside the pieces' own art, and the pieces' bleed, as
    convex polygons (a line is a polygon of two points)."""
    out: list[list[Point]] = []
    b = page.bleed
    for p in page.placements:
        x, y, w, h = p.trim
        # a whole piece: its outline grown by the bleed (a round piece leaves its box's corners free)
        out.append(_poly((x - b, y - b, x + w + b, y + h + b)) if p.tile else transform(p.piece.outline.polygon(b), p.matrix()))
        if p.tile:  # cross-hairs beyond the board stand in the margin too
            a = p.tile.mark_arm + HALO
            out += [_poly((cx - a, cy - a, cx + a, cy + a)) for cx, cy in p.tile.crosshairs]
        if p.tile and p.tile.caption:
            cx, cy = p.tile.caption_at
            half = fonts.width(p.tile.caption, CAPTION_PT) / 2
            out.append(_poly((cx - half, cy - DESCENT * CAPTION_PT * PT, cx + half, cy + ASCENT * CAPTION_PT * PT)))
    out += [[(x1, y1), (x2, y2)] for x1, y1, x2, y2 in page.marks + page.folds]
    return out


def _poly(box: Box) -> list[Point]:
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def slug_text(game: str, settings: dict) -> str:
    """What every page's slug says besides its page number and side: the build's options."""
    parts = [settings["paper"]["name"], f"backs {settings['backs']}", f"bleed {settings['bleed_mm']:g} mm",
             settings["lang"], f"edition {settings['edition']}"]
    if any(t["shape"] == "rhombus" for t in settings.get("templates", {}).values()):
        parts.append(f"diamonds {settings['diamonds']}")
    if any(settings.get("back_offset_mm", (0, 0))):
        parts.append("back offset {:g},{:g}".format(*settings["back_offset_mm"]))
    if settings.get("back_rotate_deg"):
        parts.append(f"back turn {settings['back_rotate_deg']:g}°")
    if settings.get("printer"):
        parts.append(f"printer {settings['printer']}")
    return " · ".join(parts) + f" · pnp {__version__}"


def page_slug(game: str, n: int, pages: int, side: str, options: str) -> tuple[str, str]:
    """The page's slug line, and a short one (game, page, side, version) for a crowded margin."""
    side = "fold" if side == "gutterfold" else side
    return f"{game} · page {n}/{pages} {side} · {options}", f"{game} · page {n}/{pages} {side} · pnp {__version__}"


def place_slug(texts: tuple[str, ...], page: Page, sheet: Sheet, avoid: list[list[Point]] = (),
               inset: float = 0.0) -> Slug:
    """The slug's place: along the bottom edge of the printable area, else the top, the left or
    the right, in the largest type (5 pt down to 4 pt) that fits between the marks there, as near
    the middle of that edge as it can; the first of `texts` that fits somewhere, with its 50 mm
    scale bar — without the bar only where no text fits with it. `inset`: mm more inside the
    printable area (a back page drawn turned: what the turn moves it by at most)."""
    # where a slug goes depends on its texts only by their widths (a width is the text's at 1 pt
    # times the size), and on the page only by where things are on it (what `obstacles` reads): page
    # 3's slug goes where page 2's went when their pieces lie alike, and a warm rebuild's where its own did
    widths = tuple(round(fonts.width(t, 1.0), 9) for t in texts)
    key = (widths, sheet.width, sheet.height, sheet.margin + inset, _layout_of(page), tuple(tuple(o) for o in avoid))
    hit = _placed.get(key)
    if hit is not None:
        return _retext(hit, texts)
    slug = _place(texts, sheet, obstacles(page) + list(avoid), inset)
    if len(_placed) > 4096:
        _placed.clear()
    _placed[key] = (texts, slug)
    return slug


_placed: dict[tuple, tuple[tuple[str, ...], "Slug"]] = {}


def _layout_of(page: Page) -> tuple:
    """Everything `obstacles` reads of a page, but not which cards are where: pieces of one shape at
    the same places make the same obstacles."""
    return (page.bleed, tuple((p.piece.outline, p.x, p.y, p.w, p.h, p.rotation, p.tile) for p in page.placements),
            tuple(page.marks), tuple(page.folds))


def _retext(hit: tuple[tuple[str, ...], "Slug"], texts: tuple[str, ...]) -> "Slug":
    """A slug placed for texts of the same widths, saying these texts instead."""
    was, slug = hit
    for old, new in zip(was, texts):
        if slug.text == old + BAR_LABEL:
            return replace(slug, text=new + BAR_LABEL)
        if slug.text == old:
            return replace(slug, text=new)
    raise AssertionError(f"slug {slug.text!r} is none of {was!r}")  # pragma: no cover - _place picks one of them


def _place(texts: tuple[str, ...], sheet: Sheet, found: list[list[Point]], inset: float = 0.0) -> "Slug":
    obs = [(_bounds(o), o) for o in found if o]
    m = sheet.margin + inset
    area = (m, m, sheet.width - m, sheet.height - m)
    for text in texts:  # the text and its bar in a row
        slug = _fit(text + BAR_LABEL, SCALE_BAR, area, obs)
        if slug is not None:
            return slug
    for text in texts:  # else the text where it fits, and the bar on its own elsewhere in the margin
        slug = _fit(text, 0.0, area, obs)
        if slug is not None:
            b = slug.box()
            bar = _fit(BAR_LABEL.lstrip(" ·"), SCALE_BAR, area, obs + [(b, _poly(b))])
            return replace(slug, apart=bar)
    raise NoRoom(f"no room for the slug line ({fonts.width(texts[-1], SLUG_SIZES[-1]):.0f} mm at "
                 f"{SLUG_SIZES[-1]:g} pt) in the margin of {sheet.name}: build with --no-slug")


def _fit(text: str, bar: float, area: Box, obs) -> Slug | None:
    for size in SLUG_SIZES:
        w, lo, hi = Slug(text, 0, 0, size, 0, bar).length(), DESCENT * size * PT, ASCENT * size * PT
        for edge in ("bottom", "top", "left", "right"):
            slug = _on_edge(text, size, w, lo, hi, edge, area, obs)
            if slug is not None:
                return replace(slug, bar=bar)
    return None


def _bounds(points: list[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _on_edge(text: str, size: float, w: float, lo: float, hi: float, edge: str, area: Box,
             obs: list[tuple[Box, list[Point]]]) -> Slug | None:
    x0, y0, x1, y1 = area
    thick = lo + hi
    if edge in ("bottom", "top"):
        band = (x0, y0, x1, y0 + thick) if edge == "bottom" else (x0, y1 - thick, x1, y1)
        at = _free_spot(band, w, obs, axis=0)
        return None if at is None else Slug(text, at, band[1] + lo, size, 0)
    band = (x0, y0, x0 + thick, y1) if edge == "left" else (x1 - thick, y0, x1, y1)
    at = _free_spot(band, w, obs, axis=1)
    return None if at is None else Slug(text, band[0] + hi, at, size, 90)


def _free_spot(band: Box, length: float, obs: list[tuple[Box, list[Point]]], axis: int) -> float | None:
    """Where along the band (axis 0: x, 1: y) a stretch `length` long is clear of every obstacle
    (with its bounding box) by CLEAR, nearest the band's middle; None if nowhere."""
    bx0, by0, bx1, by1 = band
    grown = (bx0 - CLEAR, by0 - CLEAR, bx1 - bx0 + 2 * CLEAR, by1 - by0 + 2 * CLEAR)
    gx1, gy1 = grown[0] + grown[2], grown[1] + grown[3]
    taken = []
    for (ox0, oy0, ox1, oy1), o in obs:
        if ox1 < grown[0] or ox0 > gx1 or oy1 < grown[1] or oy0 > gy1:
            continue  # nowhere near this band: most pieces of the sheet
        part = clip_to_rect(o, grown)
        if part:
            vals = [pt[axis] for pt in part]
            taken.append((min(vals) - CLEAR, max(vals) + CLEAR))
    lo, hi = (bx0, bx1) if axis == 0 else (by0, by1)
    mid = (lo + hi) / 2
    best = None
    start = lo
    for a, b in sorted(taken) + [(hi, hi)]:
        if a - start >= length:
            at = min(max(mid - length / 2, start), a - length)
            if best is None or abs(at + length / 2 - mid) < abs(best + length / 2 - mid):
                best = at
        start = max(start, b)
    return best
