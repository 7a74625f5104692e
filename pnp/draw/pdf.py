"""PDF backend (ReportLab): replays Drawings onto pages; decides nothing about layout.

Takes page sizes, page boxes and Drawings placed by a matrix (all in millimetres); writes a PDF
with every font embedded as a subset (the initial font is a vendored TTF, so no unembedded
Helvetica appears) and `invariant` output, so two builds of the same input are byte-identical.
Shared symbols (`Use`) become form XObjects, drawn once and referenced on every page.
"""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from . import PT, Drawing, Fill, Group, Image, Matrix, Path, Text, Use


def cmyk(c) -> tuple[float, float, float, float]:
    """A colour in DeviceCMYK for a print shop: a grey (black text and lines among them) is K only,
    so it prints with one ink and no colour fringes; any other colour by the usual conversion."""
    r, g, b = c.r, c.g, c.b
    if max(r, g, b) - min(r, g, b) < 0.004:
        return 0.0, 0.0, 0.0, round(1 - (r + g + b) / 3, 4)
    k = 1 - max(r, g, b)
    return tuple(round((1 - v - k) / (1 - k), 4) for v in (r, g, b)) + (round(k, 4),)


class PdfBackend:
    def __init__(self, target, title: str = "", author: str = "pnp", use_cmyk: bool = False):
        self.use_cmyk = use_cmyk
        fonts.register()
        self.c = Canvas(target, invariant=1, initialFontName=fonts.REGULAR, initialFontSize=10,
                        pageCompression=1)
        self.c.setTitle(title)
        self.c.setAuthor(author)
        self.c.setCreator("pnp")
        self.forms: dict[str, str] = {}
        self.images: dict[int, tuple] = {}  # id(PIL image) -> (the image, its ImageReader)

    # -- pages -------------------------------------------------------------------------------
    def begin_page(self, width: float, height: float, trim: tuple | None = None, bleed: tuple | None = None) -> None:
        """Start a page of width x height mm; trim/bleed boxes are (x0, y0, x1, y1) in mm."""
        c = self.c
        c.setPageSize((width * mm, height * mm))
        c.setTrimBox(tuple(v * mm for v in trim) if trim else None)
        c.setBleedBox(tuple(v * mm for v in bleed) if bleed else None)
        c.saveState()
        c.scale(mm, mm)  # from here on, user space is millimetres

    def end_page(self) -> None:
        self.c.restoreState()
        self.c.showPage()

    def save(self) -> None:
        self.c.save()

    # -- drawing -----------------------------------------------------------------------------
    def place(self, drawing: Drawing, matrix: Matrix) -> None:
        self.c.saveState()
        self.c.transform(*matrix)
        self._ops(drawing)
        self.c.restoreState()

    def place_symbol(self, key: str, drawing: Drawing, matrix: Matrix) -> None:
        """Place a shared drawing (a card face, a back) that is emitted once and reused."""
        self._use(Use(key, drawing, matrix))

    def _ops(self, drawing: Drawing) -> None:
        for op in drawing.ops:
            if isinstance(op, Fill):
                self._fill(op)
            elif isinstance(op, Text):
                self._text(op)
            elif isinstance(op, Group):
                self._group(op)
            elif isinstance(op, Use):
                self._use(op)
            elif isinstance(op, Image):
                self._image(op)

    def _image(self, op: Image) -> None:
        """A file path, or a decoded PIL image (user art, pnp/images.py). One ImageReader per
        image object, so a face or back placed many times is read and stored once."""
        source = op.source
        if not isinstance(source, str):
            held = self.images.get(id(source))
            if held is None or held[0] is not source:
                pixels = source
                if self.use_cmyk and getattr(source, "mode", "") != "CMYK":  # --cmyk: images too
                    pixels = source.convert("RGB").convert("CMYK")
                held = self.images[id(source)] = (source, ImageReader(pixels))
            source = held[1]
        self.c.drawImage(source, op.x, op.y, op.w, op.h, mask="auto")

    def _colour(self, colour, stroke: bool = False) -> None:
        if self.use_cmyk:
            (self.c.setStrokeColorCMYK if stroke else self.c.setFillColorCMYK)(*cmyk(colour))
        else:
            (self.c.setStrokeColorRGB if stroke else self.c.setFillColorRGB)(colour.r, colour.g, colour.b)

    def _pdf_path(self, path: Path):
        p = self.c.beginPath()
        for cmd in path.cmds:
            kind = cmd[0]
            if kind == "M":
                p.moveTo(*cmd[1:])
            elif kind == "L":
                p.lineTo(*cmd[1:])
            elif kind == "C":
                p.curveTo(*cmd[1:])
            else:
                p.close()
        return p

    def _fill(self, op: Fill) -> None:
        c = self.c
        if op.fill is None and op.stroke is None:
            return
        c.saveState()
        if op.fill is not None:
            self._colour(op.fill)
        if op.stroke is not None:
            self._colour(op.stroke, stroke=True)
            c.setLineWidth(op.width)
            c.setLineJoin(1)
            c.setLineCap(1 if op.dash is None else 0)
            if op.dash:
                c.setDash(list(op.dash))
        c.drawPath(self._pdf_path(op.path), stroke=op.stroke is not None, fill=op.fill is not None)
        c.restoreState()

    def _text(self, op: Text) -> None:
        c = self.c
        size = op.size * PT  # user space is mm
        x = op.x
        if op.anchor != "start":
            w = fonts.width(op.text, op.size, op.bold)
            x -= w / 2 if op.anchor == "middle" else w
        c.saveState()
        self._colour(op.fill)
        self._colour(op.fill, stroke=True)
        c.setLineWidth(size * fonts.FAUX_BOLD)
        t = c.beginText(x, op.y)
        for name, chunk in fonts.runs(op.text, op.bold):
            t.setFont(name, size)
            # a face without a bold weight (the CJK fallback) is emboldened by stroking its outline
            t.setTextRenderMode(2 if op.bold and not fonts.has_bold(name) else 0)
            t.textOut(chunk)
        c.drawText(t)
        c.restoreState()

    def _group(self, op: Group) -> None:
        c = self.c
        c.saveState()
        c.transform(*op.matrix)
        if op.clip is not None:
            c.clipPath(self._pdf_path(op.clip), stroke=0, fill=0)
        self._ops(op.drawing)
        c.restoreState()

    def _use(self, op: Use) -> None:
        name = self.forms.get(op.key)
        if name is None:
            name = f"F{len(self.forms)}"
            self.forms[op.key] = name
            d = op.drawing
            pad = max(d.width, d.height)  # art may run into the bleed, outside the nominal size
            self.c.beginForm(name, -pad, -pad, d.width + pad, d.height + pad)
            self._ops(d)
            self.c.endForm()
        self.c.saveState()
        self.c.transform(*op.matrix)
        self.c.doForm(name)
        self.c.restoreState()
