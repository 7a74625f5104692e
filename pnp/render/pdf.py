"""PDF backend (ReportLab): replays Drawings onto pages; decides nothing about layout.

Takes page sizes, page boxes and Drawings placed by a matrix (all in millimetres); writes a PDF
with every font embedded as a subset (the initial font is a vendored TTF, so no unembedded
Helvetica appears) and `invariant` output, so two builds of the same input are byte-identical.
Shared symbols (`Use`) become form XObjects, drawn once and referenced on every page; so does
vector art (`Vector`, an SVG drawn by svglib): once per PDF, placed by a matrix wherever it shows.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import threading
import zlib
from collections import OrderedDict

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import PATH_OPS, Canvas

from ..geometry import fonts
from ..geometry.drawing import PT, Drawing, Fill, Group, Image, Matrix, Path, Text, Use, Vector

# Streams are Flate-compressed binary, not also ASCII85-encoded: ASCII85 adds a quarter to every
# stream and, without reportlab's C accelerator, is the slowest step of writing the file.
rl_config.useA85 = 0

# Steps of reportlab's file writer made quicker without changing a byte they produce:
# - every object number, name and key is encoded through reportlab's own Python codec (21,000
#   calls, a tenth of a build); plain ASCII other than the codes 0x18-0x1f is the same bytes in it;
# - a dictionary's key is written as reportlab writes it (a PDF name, escaped, encoded) once per
#   key, not once per dictionary: the four games' PDFs write 9,000 keys, some thirty different;
# - its formatter tells a number, bytes and text by type, a number written once per value (_format);
# and one that changes bytes: streams are compressed at zlib level 3, not 6 (a third of the time,
# a tenth bigger).
_PDFDOC_OWN = tuple(map(chr, range(0x18, 0x20)))  # the ASCII codes PDFDocEncoding writes as other bytes
_rl_pdfdoc_enc = pdfdoc.pdfdocEnc


_encoded: dict[str, bytes] = {}  # names and keys repeat on every page and form: each is encoded once


def _pdfdoc_enc(x):
    if type(x) is str:
        got = _encoded.get(x)
        if got is not None:
            return got
        # each form's and page's whole content comes here too (2.9 MB in the four games): isascii
        # is a flag, and each `in` a memchr, where a regular expression read every character
        if x.isascii() and not any(c in x for c in _PDFDOC_OWN):
            got = x.encode("ascii")
            if len(x) <= 64 and len(_encoded) < 65536:
                _encoded[x] = got
            return got
    return _rl_pdfdoc_enc(x)


class _Flate(pdfdoc.PDFStreamFilterZCompress):
    def encode(self, text):
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, ZLIB_LEVEL)


_key_code: dict[str, bytes] = {}  # a dictionary key as written, and the space after it


def _dict_format(self, document, IND=b"\n "):
    """reportlab's PDFDictionary.format, each key's bytes made once (see above)."""
    d = self.dict
    keys = list(d.keys())
    if not isinstance(d, OrderedDict):
        keys.sort()
    fmt, L = pdfdoc.format, []
    for k in keys:
        code = _key_code.get(k) if type(k) is str else None
        if code is None:
            code = fmt(pdfdoc.PDFName(k), document) + b" "
            if type(k) is str and len(_key_code) < 4096:
                _key_code[k] = code
        L.append(code + fmt(d[k], document))
    if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
        L = IND.join(L)
    else:  # break up every 6 elements anyway
        for i in reversed(range(6, len(L), 6)):
            L.insert(i, b"\n ")
        L = b" ".join(L)
    return b"<<\n" + L + b"\n>>"


ZLIB_LEVEL = 3
if hasattr(pdfdoc, "pdfdocEnc") and hasattr(pdfdoc, "PDFZCompress"):
    pdfdoc.pdfdocEnc = _pdfdoc_enc
    pdfdoc.PDFZCompress = _Flate()
if hasattr(pdfdoc.PDFDictionary, "format") and hasattr(pdfdoc, "PDFName"):
    pdfdoc.PDFDictionary.format = _dict_format

# A font subset's name is a tag of six capitals, "+", the font's name; reportlab numbers each
# font's subsets from AAAAAA, so DejaVu Sans and DejaVu Sans Bold both have an AAAAAA+ subset: a
# prepress check (PDF/X) wants every subset's tag its own. The tag is made from the font and the
# subset's number instead, so it stays the same from build to build (`invariant` output).
_subset_font = threading.local()
_rl_subsetn = ttfonts.SUBSETN
_rl_add_objects = ttfonts.TTFont.addObjects


def _subset_tag(n, *rest):
    font = getattr(_subset_font, "name", None)
    if font is None:
        return _rl_subsetn(n, *rest)
    digest = hashlib.sha256(font + b"/%d" % n).digest()
    return bytes(65 + b % 26 for b in digest[:6])


def _add_objects(self, doc):
    _subset_font.name = bytes(self.face.name) + bytes(getattr(self.face, "subfontNameX", b""))
    try:
        return _rl_add_objects(self, doc)
    finally:
        _subset_font.name = None


ttfonts.SUBSETN = _subset_tag
ttfonts.TTFont.addObjects = _add_objects

_PATH_OPS = {"M": "m", "L": "l", "C": "c"}
FONT_KEY = ("fonts",)  # in a warm process's code cache: the fonts and glyph codes a PDF ended with
TEXT_KEY = "text"  # ... and the code of each text it wrote

class _Numbers(dict):
    """Each number as reportlab writes it (fp_str), made once per value. The four games' paths
    write 120,000 numbers, 18,000 of them different, and fp_str's printf is the most of writing
    one; a number already written is a dictionary look-up (0 and -0, 1 and 1.0 are one key and
    one text for fp_str too)."""

    def __missing__(self, x) -> str:
        if len(self) >= 200_000:  # a few MB at the most
            self.clear()
        text = self[x] = fp_str(x)
        return text


_number = _Numbers().__getitem__
_rl_format = pdfdoc.format


def _format(element, document, toplevel=0):
    """reportlab's pdfdoc.format (20,000 calls in a four-game build), a number, bytes or text told
    by its type at once and a number written once per value; a PDF object as reportlab formats it."""
    t = type(element)
    if t is float or t is int:
        return _pdfdoc_enc(_number(element))
    if t is bytes:
        return element
    if t is str:
        return _pdfdoc_enc(element)
    return _rl_format(element, document, toplevel)


if hasattr(pdfdoc, "format"):
    pdfdoc.format = _format


def _cm(matrix: Matrix) -> str:
    """The `cm` operator that places what follows by `matrix`, as reportlab's transform writes it."""
    return "%s cm" % " ".join(map(_number, matrix))


def path_code(path: Path) -> str:
    """A path in PDF operators, as reportlab's path object writes it."""
    out: list[str] = []
    for cmd in path.cmds:
        if cmd[0] == "Z":
            out.append("h")
        else:
            out += map(_number, cmd[1:])
            out.append(_PATH_OPS[cmd[0]])
    return " ".join(out)


def _in_cmyk(drawing, press):
    """A copy of a reportlab drawing with every RGB colour in it (fills, strokes, gradient stops)
    converted as the press converts the drawing's own."""
    import copy

    from reportlab.lib.colors import CMYKColor, Color as RLColor

    from ..geometry.drawing import Color

    def conv(v, seen):
        if isinstance(v, RLColor) and not isinstance(v, CMYKColor):
            return CMYKColor(*press.cmyk(Color(v.red, v.green, v.blue)), alpha=v.alpha)
        if isinstance(v, list):
            return [conv(x, seen) for x in v]
        if isinstance(v, tuple):
            return tuple(conv(x, seen) for x in v)
        if hasattr(v, "__dict__") and id(v) not in seen:
            seen.add(id(v))
            for k, x in list(vars(v).items()):
                y = conv(x, seen)
                if y is not x:
                    v.__dict__[k] = y
        return v

    out = copy.deepcopy(drawing)
    conv(out, set())
    black = CMYKColor(0, 0, 0, 1)  # the renderer's starting colours (STATE_DEFAULTS), set before any shape's
    out.__dict__.update(initialFillColor=black, initialStrokeColor=black)  # not in Drawing's checked attributes
    return out


class PdfBackend:
    def __init__(self, target, title: str = "", author: str = "pnp", press=None,
                 code_cache: dict | None = None):
        """`press`: a print shop's colour (pnp/render/press.py): every colour and image in its
        CMYK, and the file a PDF/X with the press's profile as its OutputIntent; None: RGB.
        `code_cache`: kept by a warm process (pnp/incremental/render_cache.py) across builds: the PDF code of
        each filled or stroked path already written, so an unchanged face is not formatted again."""
        self.press = press
        self.colour_key = press.key if press is not None else False  # in the code cache's keys: its colours
        self.transparent = False  # something on a page shows what is under it (an image's alpha, an opacity)
        self.code_cache = code_cache
        self.code_used: dict = {}  # what this PDF used of the cache and added to it
        fonts.register()
        self.c = Canvas(target, invariant=1, initialFontName=fonts.REGULAR, initialFontSize=10,
                        pageCompression=1)
        # viewers must not "fit" the page to the paper: a card printed 3% small no longer fits its
        # sleeve and its back misses its front (the slug's 50 mm bar shows it at once)
        self.c.setViewerPreference("PrintScaling", "None")
        self.c.setTitle(title)
        self.c.setAuthor(author)
        self.c.setCreator("pnp")
        self.forms: dict[str, str] = {}
        self.fill_codes: dict[tuple, str] = {}  # a path's content -> its PDF code (see _fill_code)
        self.colour_codes: dict[tuple, str] = {}  # (colour, stroke?) -> its operator (see _colour_code)
        self.images: dict[int, tuple] = {}  # id(PIL image) -> (the image, its ImageReader, has it alpha)
        self.texts_ok = code_cache is not None and self._replay_fonts()
        self.vectors: dict[int, tuple] = {}  # id(vector art) -> (the art, its form's name, its width, height)

    # -- pages -------------------------------------------------------------------------------
    def begin_page(self, width: float, height: float, trim: tuple | None = None, bleed: tuple | None = None) -> None:
        """Start a page of width x height mm; trim/bleed boxes are (x0, y0, x1, y1) in mm."""
        c = self.c
        c.setPageSize((width * mm, height * mm))
        if trim is None and self.press is not None:  # PDF/X: every page has its trim box
            trim = (0.0, 0.0, width, height)
        c.setTrimBox(tuple(v * mm for v in trim) if trim else None)
        c.setBleedBox(tuple(v * mm for v in bleed) if bleed else None)
        c.saveState()
        c.scale(mm, mm)  # from here on, user space is millimetres

    def end_page(self) -> None:
        self.c.restoreState()
        self.c.showPage()

    # -- text a warm process wrote before ---------------------------------------------------
    # A text's PDF code names the font subset and each glyph's code in it, which reportlab gives
    # out in the order the document first uses them. A warm build gives out, before anything else,
    # the same codes the build before ended with (the fonts in the same order, every glyph it
    # used, in code order) and checks that the result is that build's state exactly; then the
    # code of every text it wrote holds in this document too, and is kept (TEXT_KEY).

    def _font_state(self) -> tuple:
        doc = self.c._doc
        out = []
        for name, internal in sorted(doc.fontMapping.items(), key=lambda kv: kv[1]):
            font = pdfmetrics.getFont(name)
            state = getattr(font, "state", {}).get(doc) if getattr(font, "_dynamicFont", False) else None
            out.append((name, internal, tuple(sorted(state.assignments.items())) if state else ()))
        return tuple(out)

    def _replay_fonts(self) -> bool:
        before = self.code_cache.get(FONT_KEY)
        if before is None:
            return False
        doc = self.c._doc
        for name, internal, assigned in before:
            font = pdfmetrics.getFont(name)
            if getattr(font, "_dynamicFont", False):
                font.splitString("".join(chr(c) for c, _ in sorted(assigned, key=lambda a: a[1])), doc)
                font.getSubsetInternalName(0, doc)
            else:
                doc.getInternalFontName(name)
        return self._font_state() == before

    def save(self) -> None:
        if self.code_cache is not None:  # what the next warm build replays first (see _replay_fonts)
            self.code_used[FONT_KEY] = self._font_state()
        if self.transparent:  # a soft mask or an opacity needs PDF 1.4 (reportlab marks only the latter)
            self.c._doc.ensureMinPdfVersion("transparency")
        if self.press is not None:
            from .pdfx import identify

            identify(self.c, self.press, self.transparent)
        # reportlab prints the object it was formatting to stdout when Ctrl-C lands there; nothing may
        with contextlib.redirect_stdout(io.StringIO()):
            self.c.save()
        if self.code_cache is not None:  # keep what this PDF used: the cache holds no older drawings
            self.code_cache.clear()
            self.code_cache.update(self.code_used)

    # -- drawing -----------------------------------------------------------------------------
    def place(self, drawing: Drawing, matrix: Matrix) -> None:
        c = self.c
        c._code += ("q", _cm(matrix))  # see _use
        self._ops(drawing)
        c._code.append("Q")

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
            elif isinstance(op, Vector):
                self._vector(op)

    def _image(self, op: Image) -> None:
        """A file path, or a decoded PIL image (user art, pnp/load/images.py). One ImageReader per
        image object, so a face or back placed many times is read and stored once."""
        source = op.source
        if not isinstance(source, str):
            held = self.images.get(id(source))
            if held is None or held[0] is not source:
                if self.press is not None:  # --cmyk: the pixels through the profile, their alpha kept
                    pixels, alpha = self.press.image(source)
                    reader = ImageReader(pixels)
                    reader.getRGBData()  # read now: reading sets the soft mask of an RGBA image, none of CMYK
                    if alpha is not None:
                        reader._dataA = ImageReader(alpha)  # reportlab's own soft mask, as for an RGBA image
                else:
                    reader = ImageReader(source)
                    reader.getRGBData()
                    alpha = reader._dataA
                held = self.images[id(source)] = (source, reader, alpha is not None)
            self.transparent |= held[2]
            source = held[1]
        if op.alpha >= 1:
            self.c.drawImage(source, op.x, op.y, op.w, op.h, mask="auto")
            return

        def draw_unit() -> None:  # the image in the unit square, placed below
            self.c.drawImage(source, 0, 0, 1, 1, mask="auto")

        name = self._see_through(op.source, op.alpha, (0, 0, 1, 1), draw_unit)
        self.c.saveState()
        self.c.transform(op.w, 0, 0, op.h, op.x, op.y)
        self.c.doForm(name)
        self.c.restoreState()

    def _vector(self, op: Vector) -> None:
        """SVG art: svglib's drawing written once as a form XObject (clipped to its viewport, as
        an SVG is), stretched onto the op's box wherever it shows."""
        held = self.vectors.get(id(op.art))
        if held is None or held[0] is not op.art:
            from reportlab.graphics import renderPDF

            d = op.art.drawing()
            if self.press is not None:  # --cmyk: the art's colours too
                d = _in_cmyk(d, self.press)
            name = f"V{len(self.vectors)}"
            self.c.beginForm(name, 0, 0, d.width, d.height)
            rl_config.useA85 = 1  # a picture the SVG embeds is an inline image: text, as a form's stream must be
            try:
                renderPDF.draw(d, self.c, 0, 0, showBoundary=False)
            finally:
                rl_config.useA85 = 0
            self.c.endForm()
            self._form_states(name)  # the art's own fill-opacity and stroke-opacity
            held = self.vectors[id(op.art)] = (op.art, name, d.width, d.height)
        _, name, w, h = held
        if op.alpha < 1:  # see-through: the art composited as one picture (a transparency group)
            group = name + "T"
            if not self.c.hasForm(group):
                self.c.beginForm(group, 0, 0, w, h)
                self.c.doForm(name)
                self.c.endForm()
                doc = self.c._doc
                form = doc.idToObject[doc.getXObjectName(group)]
                kind = pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("Group"), "S": pdfdoc.PDFName("Transparency")})
                form.Contents = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"Group": kind}), form.stream)
            name = self._see_through(op.art, op.alpha, (0, 0, w, h), lambda: self.c.doForm(group))
        self.c.saveState()
        self.c.transform(op.w / w, 0, 0, op.h / h, op.x, op.y)
        self.c.doForm(name)
        self.c.restoreState()

    def _see_through(self, what, alpha: float, bbox: tuple, draw) -> str:
        """A form that paints what `draw()` paints at fill and stroke alpha `alpha` (an image
        element's `opacity`), made once per picture and alpha. The alpha is set inside a form of
        its own, which lists it in its resources: the form of a face or back it is drawn in does
        not (reportlab writes no ExtGState into a form's resources). Drawn as one transparency
        group (`_vector`), art is composited as one picture: its shapes cover one another as they
        do opaque and the whole shows what is under it; an image's pixels are one picture as they
        are, and the alpha multiplies its own transparency — in CMYK too."""
        self.transparent = True
        made = self.__dict__.setdefault("_alpha_forms", {})  # (id(picture), alpha) -> (picture, form name)
        key = (id(what), alpha)
        held = made.get(key)  # it holds the picture: its id is not another's while the PDF is written
        if held is None:
            name = f"A{len(made)}"
            self.c.beginForm(name, *bbox)
            self.c.setFillAlpha(alpha)
            self.c.setStrokeAlpha(alpha)
            draw()
            self.c.endForm()
            self._form_states(name)
            held = made[key] = (what, name)
        return held[1]

    def _form_states(self, name: str) -> None:
        """Form `name`, just ended, with the graphics states it sets (alphas) in its resources:
        reportlab keeps them (form.ExtGState) but writes only fonts and XObjects for a form."""
        doc = self.c._doc
        form = doc.idToObject[doc.getXObjectName(name)]
        if getattr(form, "ExtGState", None):
            self.transparent = True
        if getattr(form, "ExtGState", None) and not form.Resources:
            res = pdfdoc.PDFResourceDictionary()
            res.basicFonts()
            res.allProcs()
            if form.XObjects:
                res.XObject = form.XObjects
            res.ExtGState = form.ExtGState
            form.Resources = res

    def _colour(self, colour, stroke: bool = False) -> None:
        if self.colour_key:
            (self.c.setStrokeColorCMYK if stroke else self.c.setFillColorCMYK)(*self.press.cmyk(colour))
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
        if self.code_cache is None:
            code = self._fill_code(op)
        else:
            hit = self.code_cache.get(id(op))
            if hit is not None and hit[0] is op and hit[1] == self.colour_key:  # the op itself is kept, so its id is its own
                code = hit[2]
            else:
                code = self._fill_code(op)
                hit = (op, self.colour_key, code)
            self.code_used[id(op)] = hit
        if code:
            self.c._code.append(code)

    def _fill_code(self, op: Fill) -> str:
        """A path's PDF code. Faces repeat most of their paths (a frame, a border,
        an icon in the same place on every card: 23,000 paths in the four games, 4,000 of them
        different), so each different one is formatted once per PDF."""
        key = (tuple(op.path.cmds), op.fill, op.stroke, op.width, op.dash)
        code = self.fill_codes.get(key)
        if code is None:
            code = self.fill_codes[key] = self._format_fill(op)
        return code

    def _format_fill(self, op: Fill) -> str:
        """One path, written as PDF operators in one piece inside q … Q: the same operators the
        canvas's colour, line and path calls write, without a Python call per number."""
        if op.fill is None and op.stroke is None:
            return ""
        code = ["q"]
        if op.fill is not None:
            code.append(self._colour_code(op.fill))
        if op.stroke is not None:
            code.append(self._colour_code(op.stroke, stroke=True))
            code.append(f"{fp_str(op.width)} w 1 j {1 if op.dash is None else 0} J")
            if op.dash:
                code.append(f"[{fp_str(list(op.dash))}] 0 d")
        code.append(path_code(op.path))
        code.append(PATH_OPS[op.stroke is not None, op.fill is not None, self.c._fillMode])
        code.append("Q")
        return " ".join(code)

    def _colour_code(self, colour, stroke: bool = False) -> str:
        """A fill or stroke colour's operator, made once per colour (faces repeat a few dozen)."""
        key = (colour, stroke)
        code = self.colour_codes.get(key)
        if code is None:
            if self.colour_key:
                code = f"{fp_str(self.press.cmyk(colour))} {'K' if stroke else 'k'}"
            else:
                code = f"{fp_str(colour.r, colour.g, colour.b)} {'RG' if stroke else 'rg'}"
            self.colour_codes[key] = code
        return code

    def _text(self, op: Text) -> None:
        c = self.c
        size = op.size * PT  # user space is mm
        x = op.x
        if op.anchor != "start":
            w = fonts.width(op.text, op.size, op.bold, op.italic, op.family)
            x -= w / 2 if op.anchor == "middle" else w
        code = self._text_code(op, x, size)
        if code is not None:
            c._code.append(code)
            return
        c.saveState()
        self._colour(op.fill)
        self._colour(op.fill, stroke=True)
        c.setLineWidth(size * fonts.FAUX_BOLD)
        t = c.beginText(x, op.y)
        for name, chunk in fonts.runs(op.text, op.bold, op.italic, op.family):
            t.setFont(name, size)
            # a face without a bold weight (the CJK fallback) is emboldened by stroking its outline
            t.setTextRenderMode(2 if op.bold and not fonts.has_bold(name) else 0)
            t.textOut(chunk)
        c.drawText(t)
        c.restoreState()

    def _text_code(self, op: Text, x: float, size: float) -> str | None:
        """The text's PDF operators written at once — the same operators reportlab's text object
        writes (font subsets registered with the document as it does), without its per-call state
        machinery, which was a sixth of writing a sheet. None for a font it must handle itself."""
        c = self.c
        doc = c._doc
        key = (TEXT_KEY, op.text, op.bold, op.italic, op.family, x, op.y, size, op.fill, self.colour_key)
        if self.texts_ok:
            hit = self.code_cache.get(key)
            if hit is not None:
                for font, subset in hit[1]:
                    font.getSubsetInternalName(subset, doc)  # the subset in this document's resources
                self.code_used[key] = hit
                return hit[0]
        used = []
        parts = ["q", self._colour_code(op.fill), self._colour_code(op.fill, stroke=True),
                 f"{fp_str(size * fonts.FAUX_BOLD)} w", "BT", f"1 0 0 1 {_number(x)} {_number(op.y)} Tm"]
        mode = 0
        for name, chunk in fonts.runs(op.text, op.bold, op.italic, op.family):
            font = pdfmetrics.getFont(name)
            if not getattr(font, "_dynamicFont", False) or type(chunk) is not str:
                return None
            want = 2 if op.bold and not fonts.has_bold(name) else 0  # a CJK face without bold: stroked too
            if want != mode:
                parts.append(f"{want} Tr")
                mode = want
            for subset, t in font.splitString(chunk, doc):
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {_number(size)} Tf ({c._escape(t)}) Tj")
                used.append((font, subset))
        parts += ["ET", "Q"]
        code = " ".join(parts)
        if self.code_cache is not None:
            self.code_used[key] = (code, used)
        return code

    def _group(self, op: Group) -> None:
        c = self.c
        if op.clip is None:  # see _use
            c._code += ("q", _cm(op.matrix))
            self._ops(op.drawing)
            c._code.append("Q")
            return
        c.saveState()
        c.transform(*op.matrix)
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
        # the lines reportlab's saveState, transform, doForm and restoreState write, written here:
        # those calls also copy and restore the canvas's whole tracked state (a dozen attributes),
        # which nothing between them changes (every form is drawn in a state of its own, and a
        # shape, a text or a picture sets what it needs inside its own q ... Q)
        c = self.c
        c._code += ("q", _cm(op.matrix), "/%s Do" % c._doc.getXObjectName(name), "Q")
        c._formsinuse.append(name)
