"""`pnp calibrate`: a two-sided sheet from which a person reads a duplex printer's back offset.

Takes a paper preset, the duplex mode and (to check a correction) a back offset; writes a
two-page PDF, named by `output_path` inside the output folder. Both sides carry scales in millimetres and index lines, placed so that, printed
duplex, each index line of one side falls on the zero of the other side's scale when the printer
registers perfectly. Where it falls instead is the offset, read directly in pnp's one convention
(see `pnp.imposition.back_shift`): DX, DY is where the backs print relative to the fronts, seen
from the front side as the sheet is held, +DX to the right and +DY higher. The scales on the back
are labelled so that reading them from the back gives the same DX, DY.
"""
from __future__ import annotations

from pathlib import Path

from ..render.drawing import IDENTITY, Color, Drawing
from ..render.pdf import PdfBackend
from ..imposition import back_shift
from ..load.layout import Sheet

SPAN = 6  # mm each way of zero
INK = Color(0.1, 0.1, 0.1)
INDEX = Color(0.85, 0.1, 0.15)
MODES = ("duplex-long", "duplex-short")


def output_path(out: Path, paper: str, mode: str) -> Path:
    """Where the sheet for `paper` and `mode` goes: OUT/calibrate-<paper>-<mode>.pdf, a file
    directly inside `out`. A name that would put it anywhere else (a separator, '..', a NUL) is
    refused with ValueError: preset names are ids (load_sheets), this keeps it so."""
    name = f"calibrate-{paper}-{mode}.pdf"
    if not paper or "\0" in name or Path(name).name != name or "\\" in name or ".." in name:
        raise ValueError(f"paper '{paper}' cannot name a file inside {out}")
    return out / name


def calibration_pdf(path: Path, sheet: Sheet, mode: str, offset: tuple[float, float] = (0.0, 0.0)) -> None:
    W, H = sheet.width, sheet.height
    sx, sy = back_shift(mode, offset)

    def to_back(x: float, y: float) -> tuple[float, float]:
        """The back-page point printed behind the front-side point (x, y), shift included."""
        bx, by = (W - x, y) if mode == "duplex-long" else (x, H - y)
        return bx + sx, by + sy

    front, back = Drawing(W, H), Drawing(W, H)
    gap = 22  # mm between a block's DX scale and its DY scale
    upper, lower = (W / 2, H * 0.6), (W / 2, H * 0.35)  # the front's scales, the back's scales
    ux = -1 if mode == "duplex-long" else 1  # how front-view x and y run on the back page
    uy = 1 if mode == "duplex-long" else -1
    for (bx, by), scales, index, at_x, at_y in (
            (upper, front, back, lambda v: v, lambda v: v),
            # a back tick labelled v sits where the front's index meets it when the backs land v off:
            # at front-view position -v, turned into the back page's own axes
            (lower, back, front, lambda v: -v * ux, lambda v: -v * uy)):
        dx_at, dy_at = (bx - gap / 2, by), (bx + gap / 2, by)
        on_scales = (lambda x, y: (x, y)) if scales is front else to_back
        on_index = (lambda x, y: (x, y)) if index is front else to_back
        _dx_scale(scales, *on_scales(*dx_at), at_x)
        _dy_scale(scales, *on_scales(*dy_at), at_y)
        ix, iy = on_index(*dx_at)
        index.line(ix, iy - 3.5, ix, iy + 3.5, stroke=INDEX, width=0.2)  # across the DX ticks
        jx, jy = on_index(*dy_at)
        index.line(jx - 3.5, jy, jx + 3.5, jy, stroke=INDEX, width=0.2)  # across the DY ticks
    _words(front, W, H, sheet, mode, offset, side="front")
    _words(back, W, H, sheet, mode, offset, side="back")
    pdf = PdfBackend(str(path), title=f"pnp duplex calibration — {sheet.name}, {mode}")
    for d in (front, back):
        pdf.begin_page(W, H)
        pdf.place(d, IDENTITY)
        pdf.end_page()
    pdf.save()


def _ticks():
    for half in range(-2 * SPAN, 2 * SPAN + 1):
        yield half / 2, half % 2 == 0, half % 6 == 0  # value, a whole mm, labelled (every 3 mm)


def _dx_scale(d: Drawing, cx: float, cy: float, at) -> None:
    """A horizontal scale for DX: tick v (mm) at cx + at(v), ticks every 0.5 mm, labels every 3 mm."""
    d.line(cx - SPAN - 0.5, cy, cx + SPAN + 0.5, cy, stroke=INK, width=0.12)
    for v, whole, label in _ticks():
        x = cx + at(v)
        d.line(x, cy, x, cy + (2.5 if whole else 1.3) + (0.8 if v == 0 else 0), stroke=INK, width=0.1)
        if label:
            d.text(x, cy + 3.6, f"{v:.0f}", 5.5, fill=INK, anchor="middle")
    d.text(cx, cy - 4.5, "DX", 8, bold=True, fill=INK, anchor="middle")


def _dy_scale(d: Drawing, cx: float, cy: float, at) -> None:
    """A vertical scale for DY: tick v (mm) at cy + at(v), ticks every 0.5 mm, labels every 3 mm."""
    d.line(cx, cy - SPAN - 0.5, cx, cy + SPAN + 0.5, stroke=INK, width=0.12)
    for v, whole, label in _ticks():
        y = cy + at(v)
        d.line(cx, y, cx + (2.5 if whole else 1.3) + (0.8 if v == 0 else 0), y, stroke=INK, width=0.1)
        if label:
            d.text(cx + 3.8, y - 0.7, f"{v:.0f}", 5.5, fill=INK)
    d.text(cx, cy - SPAN - 5, "DY", 8, bold=True, fill=INK, anchor="middle")


def _words(d: Drawing, W: float, H: float, sheet: Sheet, mode: str, offset, side: str) -> None:
    flip = "long edge" if mode == "duplex-long" else "short edge"
    lines = [
        f"pnp duplex calibration — {sheet.name} ({W:g} x {H:g} mm), printed on both sides, flipped on the {flip}",
        "" if not any(offset) else f"(printed with --back-offset {offset[0]:g},{offset[1]:g}: both readings should now be 0)",
        f"{side.upper()} SIDE. Hold the sheet up to a light, front side towards you, top edge up.",
        "Read where the red index lines of the other side cross this side's DX and DY scales",
        "(the scales on the back read the same numbers). Then build with:",
        "pnp build --back-offset DX,DY   (mm; +DX: the backs print to the right, +DY: higher)",
    ]
    y = H - 20
    for line in lines:
        if line:
            d.text(W / 2, y, line, 8, bold=line.startswith(("pnp duplex", "pnp build")), fill=INK, anchor="middle")
        y -= 5
