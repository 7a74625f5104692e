"""The PNG writer: piece drawings rasterised by a real PDF renderer, so a PNG matches the print.

Takes `Shot`s — a drawing, the box of it to show (mm, in the drawing's own coordinates) and the
pixel size wanted — and a resolution. Each shot becomes one page of an in-memory PDF written by
the same PDF backend that writes the sheets (fonts, clips and shared symbols alike); pypdfium2
renders every page. Yields Pillow images, one per shot, in order: RGBA, transparent where the
piece has no art (outside a round corner, a diamond or a circle), unless a background is given.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Iterator

from ..render.drawing import Drawing, multiply, scale, translate
from ..render.pdf import PdfBackend

MM_PER_IN = 25.4
TRANSPARENT = (255, 255, 255, 0)
WHITE = (255, 255, 255, 255)


@dataclass(frozen=True)
class Shot:
    drawing: Drawing
    box: tuple[float, float, float, float]  # x, y, w, h in mm: the part of the drawing to show
    size: tuple[int, int]  # pixels


def pixels(mm: float, dpi: float) -> int:
    """The pixels `mm` spans at `dpi`, rounded to the nearest (63 mm at 150 dpi: 372)."""
    return max(1, round(mm * dpi / MM_PER_IN))


def shot(drawing: Drawing, box: tuple[float, float, float, float], dpi: float) -> Shot:
    """A shot of `box` at `dpi`: its pixel size follows from the box's size in mm."""
    return Shot(drawing, box, (pixels(box[2], dpi), pixels(box[3], dpi)))


def rasterise(shots: list[Shot], dpi: float, background: tuple = TRANSPARENT) -> Iterator:
    """Render each shot to exactly its pixel size. The page of a shot is its pixel size at `dpi`
    (so within half a pixel of its box); the box is stretched onto it by that sub-pixel amount."""
    import pypdfium2 as pdfium

    if not shots:
        return
    data = io.BytesIO()
    pdf = PdfBackend(data, title="pnp export")
    for s in shots:
        page_w, page_h = (n * MM_PER_IN / dpi for n in s.size)
        x, y, w, h = s.box
        pdf.begin_page(page_w, page_h)
        pdf.place(s.drawing, multiply(translate(-x, -y), scale(page_w / w, page_h / h)))
        pdf.end_page()
    pdf.save()
    doc = pdfium.PdfDocument(data.getvalue())
    try:
        for i, s in enumerate(shots):
            page = doc[i]
            bitmap = page.render(scale=dpi / 72, fill_color=background, draw_annots=False)
            img = bitmap.to_pil()
            # pdfium rounds the page's size up; a float hair over the page gives one extra pixel
            yield img.crop((0, 0, *s.size)) if img.size != s.size else img
            page.close()
    finally:
        doc.close()
