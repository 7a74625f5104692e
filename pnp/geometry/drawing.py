"""The backend-neutral drawing of one card face: plain data, no paper, no PDF.

A `Drawing` is a size in millimetres (origin bottom-left, y up) and a list of operations:
filled/stroked paths, text runs, images, vector art (an SVG), and groups that carry a transform
and an optional clip.
`use()` places a shared symbol (a back, an icon) that a backend may emit once and reuse (the PDF
backend makes it a form XObject). Card renderers build Drawings; backends only replay them.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Iterator, NamedTuple

from ..records import field, record

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PT = 25.4 / 72  # one point in millimetres


class Color(NamedTuple):
    """An opaque RGB colour, 0..1 each (print shops and form XObjects handle transparency badly).
    A named tuple: faces mix thousands of colours, and a tuple is made ten times quicker than a
    frozen record (pnp/records.py)."""

    r: float
    g: float
    b: float

    @staticmethod
    def hex(code: str) -> "Color":
        code = code.lstrip("#")
        return Color(*(int(code[i:i + 2], 16) / 255 for i in (0, 2, 4)))

    def mix(self, other: "Color", t: float) -> "Color":
        """Blend towards `other` by t (0 = self, 1 = other)."""
        return Color(self.r + (other.r - self.r) * t, self.g + (other.g - self.g) * t, self.b + (other.b - self.b) * t)

    def lighter(self, t: float) -> "Color":
        return self.mix(WHITE, t)

    def darker(self, t: float) -> "Color":
        return self.mix(BLACK, t)

    def as_hex(self) -> str:
        return "#" + "".join(f"{round(c * 255):02x}" for c in (self.r, self.g, self.b))


BLACK = Color(0, 0, 0)
WHITE = Color(1, 1, 1)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n: the matrix of applying m to a point, then n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def rotate(deg: float) -> Matrix:
    """Counter-clockwise rotation; quarter turns are exact so output stays byte-stable."""
    quarter = {0: (1.0, 0.0), 90: (0.0, 1.0), 180: (-1.0, 0.0), 270: (0.0, -1.0)}
    if deg % 90 == 0:
        c, s = quarter[int(deg) % 360]
    else:
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return (c, s, -s, c, 0.0, 0.0)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def invert(m: Matrix) -> Matrix:
    """The matrix that undoes m (m must not be singular)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@record
class Path:
    """Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    cmds: list[tuple] = field(default_factory=list)

    def move(self, x, y) -> "Path":
        self.cmds.append(("M", x, y))
        return self

    def line(self, x, y) -> "Path":
        self.cmds.append(("L", x, y))
        return self

    def curve(self, x1, y1, x2, y2, x, y) -> "Path":
        self.cmds.append(("C", x1, y1, x2, y2, x, y))
        return self

    def close(self) -> "Path":
        self.cmds.append(("Z",))
        return self

    # The shapes below write their commands at once rather than a method call each: faces draw tens
    # of thousands of them (the same commands as move/line/curve/close would append).
    @staticmethod
    def polygon(points) -> "Path":
        cmds = [("L", x, y) for x, y in points]
        if cmds:
            cmds[0] = ("M", *cmds[0][1:])
        cmds.append(("Z",))
        return Path(cmds)

    @staticmethod
    def rect(x, y, w, h, r: float = 0.0) -> "Path":
        if r <= 0:
            return Path.polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        r = min(r, w / 2, h / 2)
        k = r * 0.5523  # Bezier handle for a quarter circle
        p = Path().move(x + r, y).line(x + w - r, y)
        p.curve(x + w - r + k, y, x + w, y + r - k, x + w, y + r).line(x + w, y + h - r)
        p.curve(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h).line(x + r, y + h)
        p.curve(x + r - k, y + h, x, y + h - r + k, x, y + h - r).line(x, y + r)
        return p.curve(x, y + r - k, x + r - k, y, x + r, y).close()

    @staticmethod
    def ellipse(cx, cy, rx, ry) -> "Path":
        kx, ky = rx * 0.5523, ry * 0.5523
        return Path([("M", cx + rx, cy),
                     ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
                     ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
                     ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
                     ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
                     ("Z",)])

    @staticmethod
    def circle(cx, cy, r) -> "Path":
        return Path.ellipse(cx, cy, r, r)

    def points(self) -> Iterator[tuple[float, float]]:
        for cmd in self.cmds:
            if cmd[0] != "Z":
                yield cmd[-2], cmd[-1]


@record
class Fill:
    """A path filled, stroked or both, with the stroke's width in mm and its dash pattern (None
    for a solid line)."""

    path: Path
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 0.25  # stroke width in mm
    dash: tuple[float, ...] | None = None


@record
class Text:
    """A run of text on the baseline at (x, y), anchored there by its start, middle or end: its size
    in points, weight, slant, colour and font family."""

    x: float
    y: float  # baseline
    text: str
    size: float  # points
    bold: bool = False
    fill: Color = BLACK
    anchor: str = "start"  # start | middle | end
    italic: bool = False
    family: str = ""  # a layout's own font family (pnp/geometry/fonts.py add_family); "" the shipped


@record
class Image:
    """A raster image drawn into the box x, y, w, h, at an opacity."""

    x: float
    y: float
    w: float
    h: float
    source: Any  # a file path, or a decoded image (a PIL image: user art, see pnp/load/images.py)
    alpha: float = 1.0  # opacity: 1 opaque, 0.5 half showing what is under it


@record
class Vector:
    """Vector art (an SVG, pnp/load/svgart.py) stretched to the box x, y, w, h: `art.drawing()` is
    svglib's drawing of it (a reportlab Drawing, its size in points). The PDF backend draws it once,
    as a form XObject, and places it wherever it is shown."""

    x: float
    y: float
    w: float
    h: float
    art: Any
    alpha: float = 1.0  # opacity of the art as a whole (one transparency group), 1 opaque


@record
class Group:
    """A child drawing placed through `matrix`, optionally clipped to a path."""

    drawing: "Drawing"
    matrix: Matrix = IDENTITY
    clip: Path | None = None


@record
class Use:
    """A shared symbol: `key` names it, `drawing` is its content, placed through `matrix`."""

    key: str
    drawing: "Drawing"
    matrix: Matrix = IDENTITY


Op = Fill | Text | Image | Vector | Group | Use


@record
class Drawing:
    """A backend-neutral drawing (a face, a back, a page, a group's or a symbol's content): its
    size in mm (origin bottom-left, y up) and the operations that draw it, in order."""

    width: float
    height: float
    ops: list = field(default_factory=list)

    def path(self, path: Path, fill: Color | None = None, stroke: Color | None = None,
             width: float = 0.25, dash: tuple[float, ...] | None = None) -> "Drawing":
        self.ops.append(Fill(path, fill, stroke, width, dash))
        return self

    def rect(self, x, y, w, h, r: float = 0.0, **style) -> "Drawing":
        return self.path(Path.rect(x, y, w, h, r), **style)

    def circle(self, cx, cy, radius, **style) -> "Drawing":
        return self.path(Path.circle(cx, cy, radius), **style)

    def polygon(self, points, **style) -> "Drawing":
        return self.path(Path.polygon(points), **style)

    def line(self, x1, y1, x2, y2, stroke: Color = BLACK, width: float = 0.25) -> "Drawing":
        return self.path(Path().move(x1, y1).line(x2, y2), stroke=stroke, width=width)

    def text(self, x, y, text: str, size: float, bold: bool = False, fill: Color = BLACK,
             anchor: str = "start", italic: bool = False, family: str = "") -> "Drawing":
        self.ops.append(Text(x, y, text, size, bold, fill, anchor, italic, family))
        return self

    def image(self, x, y, w, h, source: str, alpha: float = 1.0) -> "Drawing":
        self.ops.append(Image(x, y, w, h, source, alpha))
        return self

    def vector(self, x, y, w, h, art, alpha: float = 1.0) -> "Drawing":
        self.ops.append(Vector(x, y, w, h, art, alpha))
        return self

    def group(self, matrix: Matrix = IDENTITY, clip: Path | None = None) -> "Drawing":
        """A child drawing placed through `matrix`, optionally clipped; draw into the result."""
        child = Drawing(self.width, self.height)
        self.ops.append(Group(child, matrix, clip))
        return child

    def use(self, key: str, drawing: "Drawing", matrix: Matrix = IDENTITY) -> "Drawing":
        self.ops.append(Use(key, drawing, matrix))
        return self

    def text_ops(self) -> Iterator[Text]:
        """Every text run, in groups and symbols too (each symbol once), without where it is."""
        return self._text_ops(set())

    def _text_ops(self, seen: set[int]) -> Iterator[Text]:
        for op in self.ops:
            if type(op) is Text:
                yield op
            elif type(op) is Group or (type(op) is Use and id(op.drawing) not in seen):
                seen.add(id(op.drawing))
                yield from op.drawing._text_ops(seen)


UNIT = 10.0  # mm: the square a shared symbol is drawn in, scaled where it is placed
_SYMBOLS: dict[str, Drawing] = {}


def place(d: Drawing, key: str, draw: Callable[[Drawing, float, float, float], None], cx: float, cy: float,
          s: float, turn: bool = False) -> None:
    """A picture that recurs (a fruit, a bauble, a gem) drawn once and placed many times: `draw(sym,
    0, 0, UNIT)` draws it centred in a UNIT square the first time `key` is asked for; every call
    places it at (cx, cy) at size s (turned 180 degrees). The PDF writes it once, as a form XObject.
    `key` must name everything the picture depends on (the game, the picture, its colours)."""
    sym = _SYMBOLS.get(key)
    if sym is None:
        sym = Drawing(UNIT, UNIT)
        draw(sym, 0.0, 0.0, UNIT)
        _SYMBOLS[key] = sym
    m = scale(s / UNIT)
    if turn:
        m = multiply(m, rotate(180))
    d.use(key, sym, multiply(m, translate(cx, cy)))
