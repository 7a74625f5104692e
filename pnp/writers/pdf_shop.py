"""Print-shop output: one piece per page, the page the piece's trim plus its bleed.

Takes the build's pieces (every copy), their drawings and the bleed; writes a PDF whose every
page carries a TrimBox (the piece's bounding box: where it is cut) and a BleedBox (the whole
page), fronts first and then backs in the same order, or each front followed by its back
(`order="interleaved"`), the way card printers take files. Backs are placed as drawn, not
mirrored: the shop pairs page n of the backs with page n of the fronts. Returns the pages for
the shop's sheet map.
"""
from __future__ import annotations

from pathlib import Path

from ..render.drawing import translate
from ..render.pdf import PdfBackend
from ..imposition import Piece

ORDERS = ("fronts-then-backs", "interleaved")


def write_shop_pdf(path: Path, pieces: list[Piece], art, bleeds: dict[str, float], title: str,
                   order: str = "fronts-then-backs", cmyk: bool = False) -> list[dict]:
    """`art`: the build's Art (faces by id, backs by key, back_of); `bleeds`: bleed per template."""
    fronts = [(p, "front") for p in pieces]
    backs = [(p, "back") for p in pieces if p.has_back and p.id in art.back_of]
    if order == "interleaved":
        sequence = []
        for p in pieces:
            sequence.append((p, "front"))
            if p.has_back and p.id in art.back_of:
                sequence.append((p, "back"))
    else:
        sequence = fronts + backs
    pdf = PdfBackend(str(path), title=title, use_cmyk=cmyk)
    pages = []
    for n, (piece, side) in enumerate(sequence, start=1):
        b = bleeds[piece.template]
        w, h = piece.outline.w, piece.outline.h
        W, H = w + 2 * b, h + 2 * b
        pdf.begin_page(W, H, trim=(b, b, b + w, b + h), bleed=(0, 0, W, H))
        if side == "front":
            key, drawing = f"face:{piece.id}", art.faces[piece.id]
        else:
            key = art.back_of[piece.id]
            drawing = art.backs[key]
        pdf.place_symbol(key, drawing, translate(b, b))
        pdf.end_page()
        pages.append({"page": n, "side": side, "id": piece.id, "copy": piece.copy, "template": piece.template,
                      "page_mm": [round(W, 3), round(H, 3)], "trim_mm": [round(b, 3), round(b, 3), round(w, 3), round(h, 3)],
                      "bleed_mm": round(b, 3)})
    pdf.save()
    return pages
