"""The preview page's pictures: a card's drawing or a printed page, as PNG bytes.

A card is rasterised from its print drawing by the PNG writer (pnp/writers/png.py: the same PDF
backend and pypdfium2, as `pnp export` does), at screen resolution; a sheet is a page of the
built PDF rendered by pypdfium2. Both are kept by content hash — a picture's key is the hash of
what it shows — so an unchanged card is not rendered twice while it is kept; past BUDGET bytes
the least recently shown go first. Rendering is serialised (the PDF backend's fonts are
process-wide); a card asked for is rendered with the few the page asks for next.
"""
from __future__ import annotations

import io
import threading
from collections import OrderedDict
from pathlib import Path

CARD_DPI = 150  # a 63 mm card: 372 px, shown at half that on a high-density screen
MAX_CARD_PX = 1400  # a board larger than the paper is shown at no more than this
SHEET_DPI = 110  # an A4 page 909 px wide: shown at 420, sharp when enlarged twice (or opened alone)
BUDGET = 160 * 2**20  # bytes of PNG kept, the least recently shown dropped first: 1000 cards' pictures
# (about 20 kB each) and 100 printed pages (about 0.3 MB each) fit, and the server's memory stays flat
BATCH = 12  # pictures rendered together when the page asks for one not rendered yet

_lock = threading.Lock()
_pngs: OrderedDict[tuple, bytes] = OrderedDict()
_held = 0  # bytes in _pngs


def _kept(key: tuple) -> bytes | None:
    with _lock:
        png = _pngs.get(key)
        if png is not None:
            _pngs.move_to_end(key)
        return png


def _keep(key: tuple, png: bytes) -> bytes:
    global _held
    with _lock:
        old = _pngs.pop(key, None)
        _held += len(png) - (len(old) if old is not None else 0)
        _pngs[key] = png
        while _held > BUDGET and len(_pngs) > 1:
            _, gone = _pngs.popitem(last=False)
            _held -= len(gone)
    return png


def held() -> tuple[int, int]:
    """How many pictures are kept, and their bytes."""
    with _lock:
        return len(_pngs), _held


def missing(keys) -> list[str]:
    """The card pictures among `keys` not rendered yet."""
    with _lock:
        return [k for k in keys if ("card", k) not in _pngs]


_render_lock = threading.Lock()


def card_png(key: str, drawing, box: tuple[float, float, float, float], along: dict | None = None) -> bytes:
    """The picture of a face or back (`box`: the trim, in the drawing's mm). `along`: other
    pictures (key -> (drawing, box)) rendered with it when it must be rendered — those the page
    will ask for next: one PDF of many pages renders faster than many of one."""
    got = _kept(("card", key))
    if got is not None:
        return got
    return cards_png({key: (drawing, box), **(along or {})})[key]


def cards_png(pictures: dict[str, tuple]) -> dict[str, bytes]:
    """Several pictures at once (one PDF of many pages renders faster than many of one):
    key -> (drawing, box); returns key -> PNG."""
    from ..writers.png import WHITE, rasterise, shot

    out = {k: p for k in pictures if (p := _kept(("card", k))) is not None}
    todo = [k for k in pictures if k not in out]
    if not todo:
        return out
    shots = []
    for k in todo:
        drawing, box = pictures[k]
        dpi = min(CARD_DPI, MAX_CARD_PX * 25.4 / max(box[2], box[3]))
        shots.append(shot(drawing, box, dpi))
    with _render_lock:
        done = {k: p for k in todo if (p := _kept(("card", k))) is not None}  # rendered while this waited
        out.update(done)
        shots = [s for k, s in zip(todo, shots) if k not in done]
        todo = [k for k in todo if k not in done]
        images = list(rasterise(shots, CARD_DPI, background=WHITE)) if shots else []
        for k, img in zip(todo, images):
            buf = io.BytesIO()
            img.convert("RGB").save(buf, "PNG", optimize=False, compress_level=3)
            out[k] = _keep(("card", k), buf.getvalue())
    return out


def sheet_png(pdf: Path, pdf_hash: str, page: int) -> bytes | None:
    """Page `page` (from 1) of the built PDF, or None when it has no such page."""
    key = ("sheet", pdf_hash, page)
    got = _kept(key)
    if got is not None:
        return got
    import pypdfium2 as pdfium

    with _render_lock:
        doc = pdfium.PdfDocument(str(pdf))
        try:
            if not 1 <= page <= len(doc):
                return None
            img = doc[page - 1].render(scale=SHEET_DPI / 72).to_pil()
        finally:
            doc.close()
    buf = io.BytesIO()
    img.convert("RGB").save(buf, "PNG", compress_level=3)
    return _keep(key, buf.getvalue())
