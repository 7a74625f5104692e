"""`pnp calibrate`: a two-sided sheet from which a person reads a duplex printer's back offset and turn.

Takes a paper preset, the duplex mode and (to check a correction) a back offset and a back turn;
writes a two-page PDF, named by `output_path` inside the output folder (a corrected sheet under
another name than the plain one, so the two are not mistaken for each other).

Every gauge is a scale in millimetres on one side and a red index line on the other, placed so
that, printed duplex, the index line falls on the scale's zero when the printer registers
perfectly. Where it falls instead is how far the backs are off there, read directly in pnp's one
convention (see `pnp.imposition.back_shift`): seen from the front side as the sheet is held, +DX
to the right and +DY higher. A scale on the back is labelled so that it reads the same numbers.

- the centre gauges (DX on the sheet's horizontal centre line, DY on its vertical one, once with
  the scale on the front and once with it on the back) read the offset DX, DY: a turn about the
  page centre does not move them;
- the corner gauges (a DX and a DY scale near the top-left corner and near the bottom-right one,
  on the front) read the offset plus what the turn moves each corner by, so the difference
  between the two corners' readings over their distance apart is the turn, in radians:
  DEG = (bottom-right - top-left) / distance * 180 / pi, counter-clockwise positive.

The correction (`back_matrix`) is the one the sheets get (pnp/writers/pdf_sheets.py): the back
page moved by the offset's `back_shift`, then turned by -DEG about the page centre as seen from
the front. `gauges` and the functions after it give the geometry as data, for the drawing here
and for tests that play a printer's error on it.
"""
from __future__ import annotations

import math
from pathlib import Path

from ..records import record
from ..imposition import back_shift
from ..load.layout import Sheet
from ..geometry.drawing import IDENTITY, Color, Drawing, Matrix, multiply, translate
from ..render.pdf import PdfBackend
from .pdf_sheets import back_turn

SPAN = 20  # mm each way of zero: the whole range --back-offset accepts
REACH = SPAN + 3  # mm each way an index line runs across its scale: it crosses it at any offset
CENTRE_GAP = 32  # mm from the page centre to each centre gauge's zero
INK = Color(0.1, 0.1, 0.1)
INDEX = Color(0.85, 0.1, 0.15)
MODES = ("duplex-long", "duplex-short")
Point = tuple[float, float]


def output_path(out: Path, paper: str, mode: str, corrected: bool = False) -> Path:
    """Where the sheet for `paper` and `mode` goes: OUT/calibrate-<paper>-<mode>.pdf, or
    OUT/calibrate-<paper>-<mode>-corrected.pdf for one printed with a correction, a file directly
    inside `out`. A name that would put it anywhere else (a separator, '..', a NUL) is refused
    with ValueError: preset names are ids (load_sheets), this keeps it so."""
    name = f"calibrate-{paper}-{mode}{'-corrected' if corrected else ''}.pdf"
    if not paper or "\0" in name or Path(name).name != name or "\\" in name or ".." in name:
        raise ValueError(f"paper '{paper}' cannot name a file inside {out}")
    return out / name


@record(frozen=True)
class Gauge:
    where: str  # "centre", "top-left" or "bottom-right"
    axis: str  # "DX" (a horizontal scale) or "DY" (a vertical one)
    zero: Point  # front-view mm: the scale's zero, and where the other side's index line is drawn
    scale_side: str  # "front" or "back": the side the scale is printed on; the index line is on the other


def gauges(sheet: Sheet) -> list[Gauge]:
    W, H = sheet.width, sheet.height
    cx, cy = W / 2, H / 2
    ax, ay = W / 2 - 50, H / 2 - 45  # a corner DX scale's zero from the centre
    bx, by = W / 2 - 35, H / 2 - 90  # a corner DY scale's zero from the centre
    return [Gauge("centre", "DX", (cx - CENTRE_GAP, cy), "front"), Gauge("centre", "DY", (cx, cy + CENTRE_GAP), "front"),
            Gauge("centre", "DX", (cx + CENTRE_GAP, cy), "back"), Gauge("centre", "DY", (cx, cy - CENTRE_GAP), "back"),
            Gauge("top-left", "DX", (cx - ax, cy + ay), "front"), Gauge("top-left", "DY", (cx - bx, cy + by), "front"),
            Gauge("bottom-right", "DX", (cx + ax, cy - ay), "front"),
            Gauge("bottom-right", "DY", (cx + bx, cy - by), "front")]


def corner_distance(sheet: Sheet, axis: str) -> float:
    """How far apart the two corner scales of `axis` are, across it: vertically for DX (a turn
    moves a point above the centre left), horizontally for DY."""
    tl, br = (next(g.zero for g in gauges(sheet) if g.where == w and g.axis == axis) for w in ("top-left", "bottom-right"))
    return tl[1] - br[1] if axis == "DX" else br[0] - tl[0]


def mirror(sheet: Sheet, mode: str, x: float, y: float) -> Point:
    """A front-view point as a point of the back page (and back): the flip of the duplex mode."""
    return (sheet.width - x, y) if mode == "duplex-long" else (x, sheet.height - y)


def scale_on_page(g: Gauge, sheet: Sheet, mode: str) -> tuple[Point, Point]:
    """The scale's zero and its 1 mm step on its own page, before any correction: tick v is at
    zero + v * step. A back tick labelled v sits where the front's index meets it when the backs
    land v off: at front-view zero - v, turned into the back page's own axes."""
    unit = (1.0, 0.0) if g.axis == "DX" else (0.0, 1.0)
    if g.scale_side == "front":
        return g.zero, unit
    zx, zy = mirror(sheet, mode, *g.zero)
    ex, ey = mirror(sheet, mode, g.zero[0] - unit[0], g.zero[1] - unit[1])
    return (zx, zy), (ex - zx, ey - zy)


def index_on_page(g: Gauge, sheet: Sheet, mode: str) -> tuple[Point, Point]:
    """The index line's two ends on its own page (the side without the scale), before any correction."""
    x, y = g.zero
    a, b = ((x, y - REACH), (x, y + REACH)) if g.axis == "DX" else ((x - REACH, y), (x + REACH, y))
    if g.scale_side == "back":
        return a, b
    return mirror(sheet, mode, *a), mirror(sheet, mode, *b)


def back_matrix(sheet: Sheet, mode: str, offset: tuple[float, float] = (0.0, 0.0), rotate: float = 0.0) -> Matrix:
    """The back page's correction, in its own coordinates: moved by the offset's back_shift, then
    turned about the page centre by -`rotate` degrees as seen from the front."""
    return multiply(translate(*back_shift(mode, offset)), back_turn(sheet.width, sheet.height, rotate))


def calibration_pdf(path: Path, sheet: Sheet, mode: str, offset: tuple[float, float] = (0.0, 0.0),
                    rotate: float = 0.0, printer: str | None = None) -> None:
    W, H = sheet.width, sheet.height
    pages = {"front": Drawing(W, H), "back": Drawing(W, H)}
    for g in gauges(sheet):
        zero, step = scale_on_page(g, sheet, mode)
        _scale(pages[g.scale_side], g, zero, step)
        (x0, y0), (x1, y1) = index_on_page(g, sheet, mode)
        pages["back" if g.scale_side == "front" else "front"].line(x0, y0, x1, y1, stroke=INDEX, width=0.2)
    _words(pages["front"], sheet, mode, offset, rotate, printer)
    _back_words(pages["back"], sheet, mode)
    title = f"pnp duplex calibration — {sheet.name}, {mode}" + (" (corrected)" if any(offset) or rotate else "")
    pdf = PdfBackend(str(path), title=title)
    for side, matrix in (("front", IDENTITY), ("back", back_matrix(sheet, mode, offset, rotate))):
        pdf.begin_page(W, H)
        pdf.place(pages[side], matrix)
        pdf.end_page()
    pdf.save()


def _ticks():
    for half in range(-2 * SPAN, 2 * SPAN + 1):
        yield half / 2, half % 2 == 0, half % 10 == 0  # value, a whole mm, labelled (every 5 mm)


def _scale(d: Drawing, g: Gauge, zero: Point, step: Point) -> None:
    """A scale along `step` from `zero`: ticks every 0.5 mm, longer every mm and every 5 mm (the
    zero's longest), labels every 5 mm; ticks stand up from a DX scale and right of a DY scale."""
    (zx, zy), (sx, sy) = zero, step
    up = (0.0, 1.0) if g.axis == "DX" else (1.0, 0.0)
    d.line(zx - sx * (SPAN + 0.5), zy - sy * (SPAN + 0.5), zx + sx * (SPAN + 0.5), zy + sy * (SPAN + 0.5),
           stroke=INK, width=0.12)
    for v, whole, label in _ticks():
        x, y = zx + sx * v, zy + sy * v
        n = 3.3 if v == 0 else (2.5 if label else (1.8 if whole else 1.1))
        d.line(x, y, x + up[0] * n, y + up[1] * n, stroke=INK, width=0.1)
        if label:
            if g.axis == "DX":
                d.text(x, y + 4.1, f"{v:.0f}", 5, fill=INK, anchor="middle")
            else:
                d.text(x + 4.0, y - 0.7, f"{v:.0f}", 5, fill=INK)
    name = f"{g.axis} {g.where}" + (" (back)" if g.scale_side == "back" else "")
    if g.axis == "DX":
        d.text(zx, zy - 4.5, name, 7, bold=True, fill=INK, anchor="middle")
    else:
        d.text(zx - 1.5, zy - SPAN - 4.5, name, 7, bold=True, fill=INK, anchor="middle")


def _words(d: Drawing, sheet: Sheet, mode: str, offset, rotate: float, printer: str | None) -> None:
    W, H = sheet.width, sheet.height
    flip = "long edge" if mode == "duplex-long" else "short edge"
    dist_x, dist_y = corner_distance(sheet, "DX"), corner_distance(sheet, "DY")
    d.text(W / 2, H - 12, f"pnp duplex calibration — {sheet.name} ({W:g} x {H:g} mm), printed on both sides, "
                          f"flipped on the {flip}", 8, bold=True, fill=INK, anchor="middle")
    if any(offset) or rotate:
        used = f"--back-offset {offset[0]:g},{offset[1]:g} --back-rotate {rotate:g}" + \
            (f" (printer {printer})" if printer else "")
        d.text(W / 2, H - 17, f"CORRECTED: printed with {used}: every scale should now read 0", 8, bold=True,
               fill=INDEX, anchor="middle")
    tl = -0.5  # a worked example: a turn of about 0.3 degrees
    br = round(tl + dist_x * math.radians(0.3), 1)
    deg = (br - tl) / dist_x * 180 / math.pi
    lines = [
        "FRONT SIDE. Hold the sheet up to a light, front side towards",
        "you, top edge up. Read where each red line crosses a scale",
        "(in mm; the scales on the back read the same numbers).",
        "",
        "OFFSET: DX and DY are the readings of the centre scales.",
        "TURN: read the DX scales top-left and bottom-right.",
        "The turn in radians is (bottom-right - top-left) / the distance",
        f"between them, {dist_x:g} mm; times 57.3 gives degrees",
        "(counter-clockwise positive, seen from the front). E.g.",
        f"top-left {tl:g}, bottom-right {br:g}: ({br:g} - ({tl:g})) / {dist_x:g}",
        f"x 57.3 = {deg:.2f}, so DEG = {deg:.1f}.",
        f"The DY corner scales ({dist_y:g} mm apart) give the same turn.",
        "",
        "Then build with (mm, degrees; +DX: the backs print to the",
        "right, +DY: higher, +DEG: turned counter-clockwise):",
        "pnp build --back-offset DX,DY --back-rotate DEG",
        "or keep them: pnp printer add NAME --back-offset DX,DY",
        "--back-rotate DEG, then pnp build --printer NAME.",
        "To check, print pnp calibrate --back-offset DX,DY",
        "--back-rotate DEG: it writes ...-corrected.pdf, a file",
        "of its own, so it is not mistaken for this one.",
    ]
    x, y = W / 2 + 14, H - 26
    for line in lines:
        if line:
            d.text(x, y, line, 6.5, bold=line.startswith(("OFFSET", "TURN", "pnp build")), fill=INK)
        y -= 3.6


def _back_words(d: Drawing, sheet: Sheet, mode: str) -> None:
    """A short note on the back, in the quarter of the sheet that has no gauges seen from the front
    (bottom-left there)."""
    W = sheet.width
    x = min(mirror(sheet, mode, 12, 50)[0], mirror(sheet, mode, W / 2 - 12, 50)[0])  # the left edge there
    y = mirror(sheet, mode, 12, 50)[1]
    for line in ("BACK SIDE. Read the sheet from the front side:", "hold it up to a light, front side towards you,",
                 "top edge up; the instructions are on the front."):
        d.text(x, y, line, 6.5, fill=INK)
        y -= 3.6
