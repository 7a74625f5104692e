"""User art: an image a component or back design names in its spec (`image: art/foo.png`).

Takes the `image:` value (a path relative to the spec's folder) and returns a checked
`UserImage`, or located diagnostics: a path that leaves the specs folder (absolute, `..`, a
symbolic link pointing out), a missing file, a file that is not a PNG, JPEG, WebP or SVG or cannot
be decoded. A WebP is read as a PNG is (an animated one prints its first frame). An SVG is checked without drawing it by pnp/load/svgart.py (well-formed, self-contained,
bounded) and printed as vectors; a build's load (`converting`) also has svglib convert it, so
what svglib cannot draw is found there, located, before anything is drawn — `pnp validate`
imports no reportlab and stops at the check. At render time `with_image` places the decoded
image on a piece's drawing:

- in the box `image_box` names; else, on a component, the template's `art` box when it has one;
  else over the whole piece (a back design always defaults to the whole piece). Over the whole
  piece the image *is* the drawing: the game's own drawing is not made. In a box it is drawn on
  top of the game's drawing and replaces what the game drew there (a transparent PNG lets it show
  through).
- scaled to cover the box, centred: what sticks out of the box is cut off, never stretched.
- where the box reaches the piece's edge the image runs on into the bleed: an image without a
  bleed of its own (`image_bleed`, default 0) is extended by its edge pixels mirrored outwards, so
  a cut that drifts shows art, not a white line. SVG art is grown the same way, by mirrored
  copies of its vectors.
- a raster image printed at less than 150 dpi is a warning (IMAGE-DPI) naming its dpi and the pixel
  size it needs. One with more pixels than its largest box holds at 1200 dpi, or than pnp decodes
  at all (MAX_PIXELS), is an error (IMAGE-TOO-LARGE) found from the file's header before a pixel is
  decoded: a 0.5 MB PNG can be 12,000 x 12,000 px, gigabytes once decoded.

A raster image is printed with at most PRINT_DPI (300) pixels per inch of what it covers: one with
more is scaled down before it is drawn (`printable`), so a build holds and writes what the print
shows, not every pixel of the file. Checking that a file decodes keeps no more than CACHE_BYTES of
decoded pixels (a JPEG is checked at an eighth of its size), and the scaled-down images are cached
(by path, size, modification time and size printed), so a card printed 18 times, or a back shared
by a whole deck, is scaled once and stored once in the PDF (an SVG as one form XObject).
"""
from __future__ import annotations

import contextlib
import math
import os
import stat
import warnings
from collections import OrderedDict
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..records import record
from .paths import through_link, within
from ..diagnostics import Loc, Report, one_of
from ..geometry.drawing import Drawing, Path as DPath
from .pixels import MAX_PIXELS, fits_print, mirrored, too_large
from .pixels import ImageProblem, open_regular

if TYPE_CHECKING:  # pragma: no cover
    from PIL.Image import Image as PILImage

    from ..games.base import RenderContext
    from .layout import Layout
    from .spec import Item, Spec
    from .svgart import SvgArt

MIN_DPI = 150  # below this, photographs and gradients print visibly soft
# The most pixels per inch a raster picture is printed with: a finer one is scaled down to what
# it covers before it is drawn (print shops ask for 300 dpi; 600 keeps line art crisp). 30 pictures
# of 3000 px on cards took 39 s and 4 GB to build and made a 700 MB PDF, for detail no printer shows.
PRINT_DPI = 300
PRINTED_BYTES = 256 * 1024 * 1024  # scaled-down pictures kept for the faces that show them again
FORMATS = ("PNG", "JPEG", "WEBP")
EXTENSIONS = (".png", ".jpg", ".jpeg", ".webp", ".svg")
ART_BOX = "art"  # the box a component's image goes into when it names none
CACHE_BYTES = 128 * 1024 * 1024  # decoded pixels kept in memory at most


@record(frozen=True)
class UserImage:
    """Checked user art a component or back design names (`image:`): the path as written and as
    resolved, where it is written, the box it fills and the bleed it already has."""

    written: str  # the path as the spec writes it
    path: Path  # resolved, inside the specs folder
    loc: Loc  # the `image:` value: where every diagnostic about the image points
    box: str | None = None  # `image_box`: the layout box it fills (None: the default)
    box_loc: Loc | None = None
    bleed: float = 0.0  # `image_bleed`: mm of bleed the image already has on every side


_converting: ContextVar[bool] = ContextVar("converting", default=False)


@contextlib.contextmanager
def converting():
    """Within it (a build's load), `decoded` also has svglib convert SVG art, so what svglib
    cannot draw is an error at the `image:` value, not a placeholder at the card."""
    token = _converting.set(True)
    try:
        yield
    finally:
        _converting.reset(token)


# -- checking a path (spec load) --------------------------------------------------------------
def resolve(written: str, base: Path, loc: Loc, report: Report, decode: bool = True) -> Path | None:
    """The file `written` names relative to the specs folder `base`, checked (and, unless `decode`
    is False, decoded once: a spec's art is decoded by `check_boxes`, after its size is checked
    against the piece); None after reporting why it cannot be used."""
    try:
        return _resolve(written, Path(base).resolve(), loc, report, decode)
    except (OSError, RuntimeError, ValueError) as exc:  # a link loop, a name the system refuses
        report.error(loc, "IMAGE-UNREADABLE", f"image '{written}' cannot be opened ({type(exc).__name__}: {exc})")
        return None


def _resolve(written: str, root: Path, loc: Loc, report: Report, decode: bool) -> Path | None:
    full, why = within(written, root)
    if why == "absolute":
        report.error(loc, "IMAGE-OUTSIDE", f"image '{written}' is an absolute path; expected a path relative to the "
                                           f"spec's folder ({root}) that stays inside it, such as art/{Path(written).name}")
        return None
    if why == "outside":
        how = "is a symbolic link that points" if through_link(root, written) else "leads"
        report.error(loc, "IMAGE-OUTSIDE", f"image '{written}' {how} outside the spec's folder ({root}), to {full}; "
                                           "keep the art inside that folder (copy it there)")
        return None
    if why == "missing":
        report.error(loc, "IMAGE-MISSING", f"image '{written}' does not exist (looked for {full}){_nearby(full)}")
        return None
    try:
        if too_large(full, written, loc, report):
            return None  # refused from its header: decoding it could take gigabytes
        if decode:
            checked(full)
    except ImageProblem as exc:
        report.error(loc, exc.code, f"image '{written}' {exc}")
        return None
    return full


def check_decodes(im: UserImage, report: Report) -> bool:
    """Whether a spec's image decodes (else IMAGE-UNREADABLE at its `image:` line)."""
    try:
        checked(im.path)
        return True
    except ImageProblem as exc:
        report.error(im.loc, exc.code, f"image '{im.written}' {exc}")
        return False


def _nearby(full: Path) -> str:
    """The images that are in the folder, when the folder exists: the name may be misspelt."""
    folder = full.parent
    if not folder.is_dir():
        return f"; there is no folder {folder}"
    names = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in EXTENSIONS)
    if not names:
        return f"; {folder} holds no PNG or JPEG file (or WebP), and no SVG"
    shown = names[:8] + (["…"] if len(names) > 8 else [])
    return f"; images in {folder.name}/: {', '.join(shown)}"


_cache: OrderedDict[tuple, "PILImage"] = OrderedDict()


def is_svg(path: Path) -> bool:
    """Named .svg, or XML by its first bytes (an SVG saved under another name)."""
    if path.suffix.lower() == ".svg":
        return True
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe is not waited on
    except OSError:
        return False
    try:
        head = os.read(fd, 256) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        return False
    finally:
        os.close(fd)
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def decoded(path: Path) -> "PILImage | SvgArt":
    """The image at `path`: a raster decoded to RGB (RGBA when it has transparency), upright by its
    EXIF orientation, or checked SVG art (pnp/load/svgart.py; converted by svglib too within
    `converting`); cached. An animated WebP is its first frame (a card prints one picture).
    Raises ImageProblem for anything that is not a readable PNG, JPEG, WebP or SVG."""
    if is_svg(path):
        from . import svgart

        art = svgart.read(path)
        if _converting.get():
            art.drawing()
        return art
    key = _file_key(path)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    img, _sizes[key] = _decode(path)
    return _kept(key, img)


def checked(path: Path) -> None:
    """That the picture at `path` decodes (ImageProblem if not), as `decoded` would, without
    keeping more than it may: a JPEG is decoded at an eighth of its size (every byte of it is
    still read), another raster kept for drawing only while the decoded pixels kept stay within
    CACHE_BYTES. Its size is noted for `pixel_size_of`."""
    if is_svg(path):
        decoded(path)
        return
    key = _file_key(path)
    if key in _cache or key in _sizes:
        return
    img, _sizes[key] = _decode(path, draft=(1, 1))
    if img.size == _sizes[key] and _bytes(img) + sum(_bytes(i) for i in _cache.values()) <= CACHE_BYTES:
        _cache[key] = img  # the picture as decoded: the build need not decode it again


def _bytes(img: "PILImage") -> int:
    return len(img.getbands()) * img.width * img.height


def _decode(path: Path, draft: tuple[int, int] | None = None) -> tuple["PILImage", tuple[int, int]]:
    """The raster at `path` decoded (see `decoded`), and its upright size in pixels; a JPEG at the
    smallest of 1/2, 1/4, 1/8 of its size that is still at least `draft` each way, when given."""
    from PIL import Image

    f = None
    try:
        with open_regular(path) as f, warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # say so, not Pillow's warning
            im = Image.open(f)
            return _pixels(im, draft)
    except ImageProblem:
        raise
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise ImageProblem(f"has more pixels than pnp decodes ({MAX_PIXELS / 1e6:.0f} megapixels); expected a PNG "
                           "or JPEG file (or WebP) of the size it prints at, or SVG art") from None
    except Exception as exc:  # PIL raises many kinds for a damaged or foreign file
        said = str(exc).replace(repr(f), repr(str(path))) if f is not None else str(exc)  # the file, not its reader
        raise ImageProblem(f"cannot be read as an image ({type(exc).__name__}: {said}); "
                           "expected a PNG or JPEG file (or WebP), or an SVG") from None


def _pixels(im, draft: tuple[int, int] | None = None) -> tuple["PILImage", tuple[int, int]]:
    """An opened image's first frame, upright, decoded to RGB or RGBA, and its full upright size;
    ImageProblem for a format pnp does not read."""
    from PIL import ImageOps

    with im:
        if im.format not in FORMATS:
            raise ImageProblem(f"is a {im.format} image; expected a PNG or JPEG file (or WebP), or an SVG")
        im.seek(0)  # an animated WebP: its first frame
        W, H = im.size
        turn = im.getexif().get(0x0112, 1)  # EXIF orientation
        if turn in (5, 6, 7, 8):  # turned a quarter
            W, H = H, W
        if draft is not None and im.format == "JPEG":
            im.draft(None, (max(draft), max(draft)))  # either way round: the turn comes after
        if turn != 1:
            im = ImageOps.exif_transpose(im)  # otherwise a copy of every pixel, for nothing
        alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
        mode = "RGBA" if alpha else "RGB"
        if im.mode == mode:
            im.load()
            return im, (W, H)
        return im.convert(mode), (W, H)


def _kept(key: tuple, img: "PILImage") -> "PILImage":
    """`img` cached under `key`, the oldest dropped past CACHE_BYTES."""
    _cache[key] = img
    while sum(_bytes(i) for i in _cache.values()) > CACHE_BYTES and len(_cache) > 1:
        _cache.popitem(last=False)
    return img


_printed: OrderedDict[tuple, "PILImage"] = OrderedDict()
_sizes: dict[tuple, tuple[int, int]] = {}  # a decoded raster's size, by its file's key


def _file_key(path: Path) -> tuple:
    st = path.stat()
    return str(path), st.st_size, st.st_mtime_ns


def pixel_size_of(path: Path) -> tuple[int, int]:
    """A raster picture's (width, height) in pixels as decoded (upright), checked once to learn it."""
    key = _file_key(path)
    if key not in _sizes:
        checked(path)
    return _sizes[key]


def printable(path: Path, w_mm: float, h_mm: float) -> "PILImage":
    """The raster picture at `path`, printed `w_mm` x `h_mm`, with at most the pixels that size
    holds at PRINT_DPI: scaled down when it has more (its aspect kept), else as decoded. The same
    request gives the same object, so a picture shown on many faces is one image in the PDF."""
    from PIL import Image

    W, H = pixel_size_of(path)
    f = min(1.0, max(w_mm / W, h_mm / H) * PRINT_DPI / 25.4)  # the scale that prints PRINT_DPI
    target = (max(1, math.ceil(W * f - 1e-6)), max(1, math.ceil(H * f - 1e-6)))
    if target == (W, H):
        return decoded(path)
    key = (_file_key(path), target)
    if key in _printed:
        _printed.move_to_end(key)
        return _printed[key]
    whole = _cache.get(key[0])
    img = whole if whole is not None else _decode(path, draft=target)[0]  # a JPEG decoded no larger than needed
    if img.size != target:
        img = img.resize(target, Image.Resampling.LANCZOS, reducing_gap=1.0)  # whole pixels averaged first: fast
    _printed[key] = img
    while sum(_bytes(i) for i in _printed.values()) > PRINTED_BYTES and len(_printed) > 1:
        _printed.popitem(last=False)
    return img


# -- checking boxes (layout known) -------------------------------------------------------------
def check_boxes(spec: "Spec", layout: "Layout", report: Report) -> None:
    """Every `image_box` names a box of each template its piece is printed on, in every edition;
    and no image has more pixels than the largest area it covers holds at MAX_DPI."""
    for item, kinds, back in _users(spec):
        im = item.image
        if im is None:
            continue
        printed = list(_templates(layout, kinds))
        bad = [(e, k, t) for e, k, t in printed if im.box is not None and im.box not in t.boxes]
        if bad:
            edition, kind, t = bad[0]
            report.error(im.box_loc or im.loc, "IMAGE-BOX",
                         f"image_box '{im.box}' is not a box of template '{t.name}' (edition '{edition}', "
                         f"kind '{kind}'); its boxes: {one_of(t.boxes)}")
        elif not printed or fits_print(im.path, im.written, im.loc, max(_covered(im, t, back) for _, _, t in printed),
                                       report):
            check_decodes(im, report)  # decoded once its size is known to be what the piece prints


def _templates(layout: "Layout", kinds: list[str]):
    """(edition name, kind, template) of every template these kinds are printed on."""
    for edition in layout.editions.values():
        for kind in kinds:
            try:
                yield edition.name, kind, edition.template_for(kind)
            except KeyError:
                continue  # the layout reports a kind without a template


def _covered(im: UserImage, t, back: bool) -> float:
    """The mm² an image covers on template `t` (see `with_image`): its box, a component's art box,
    or the whole piece, grown by the image's own bleed."""
    name = im.box or (None if back or ART_BOX not in t.boxes else ART_BOX)
    w, h = (t.width, t.height) if name is None else (t.box(name).w, t.box(name).h)
    return (w + 2 * im.bleed) * (h + 2 * im.bleed)


def _users(spec: "Spec") -> list[tuple["Item", list[str], bool]]:
    """Each component with its kind, each back design with the kinds of the components it backs
    (and True: a back design)."""
    out: list[tuple["Item", list[str], bool]] = [(c, [c.kind], False) for c in spec.components]
    for b in spec.backs.values():
        out.append((b, sorted({c.kind for c in spec.components if c.back == b.id}), True))
    return out


# -- placing (render) --------------------------------------------------------------------------
def with_image(item: "Item", ctx: "RenderContext", report: Report, render: Callable[[], Drawing],
               back: bool = False) -> Drawing:
    """The piece's drawing with the item's image placed on it (see the module docstring);
    `render()` makes the game's own drawing and is not called when the image covers it all."""
    im = item.image
    if im is None:
        return render()
    t = ctx.template
    name = im.box or (None if back or ART_BOX not in t.boxes else ART_BOX)
    if name is None:
        d, box, where = Drawing(t.width, t.height), (0.0, 0.0, t.width, t.height), "the whole piece"
    else:
        d, b = render(), t.box(name)
        box, where = (b.x, b.y, b.w, b.h), f"box '{name}'"
    _place(d, im, box, ctx, report, f"{where} of template '{t.name}'")
    return d


def picture(d: Drawing, x: float, y: float, w: float, h: float, img: "PILImage | SvgArt") -> None:
    """A decoded image stretched to the box: pixels, or an SVG's vectors."""
    from .svgart import SvgArt  # imported with the first picture: a game may have none

    if isinstance(img, SvgArt):
        d.vector(x, y, w, h, img)
    else:
        d.image(x, y, w, h, img)


def _place(d: Drawing, im: UserImage, box: tuple, ctx: "RenderContext", report: Report, where: str) -> None:
    if is_svg(im.path):
        return _place_vectors(d, decoded(im.path), im, box, ctx)
    W0, H0 = pixel_size_of(im.path)
    x, y, w, h = box
    b = im.bleed  # the image's own bleed: the image covers the box grown by it
    tx, ty, tw, th = x - b, y - b, w + 2 * b, h + 2 * b
    s0 = max(tw / W0, th / H0)  # mm per pixel of the file: cover the box, cut off what sticks out
    img = printable(im.path, W0 * s0, H0 * s0)  # no finer than PRINT_DPI
    W, H = img.size
    s = max(tw / W, th / H)  # mm per pixel printed
    px, py, pw, ph = tx + (tw - W * s) / 2, ty + (th - H * s) / 2, W * s, H * s
    reach = _reach(box, ctx)
    pads = (_px(px - reach[0], s), _px(py - reach[1], s), _px(reach[2] - (px + pw), s), _px(reach[3] - (py + ph), s))
    if any(pads):
        img = mirrored(img, *pads)
        left, bottom, right, top = pads
        px, py, pw, ph = px - left * s, py - bottom * s, pw + (left + right) * s, ph + (bottom + top) * s
    _check_dpi(im, W0, H0, s0, (W0 * s0, H0 * s0), where, report)
    rx0, ry0, rx1, ry1 = reach
    d.group(clip=DPath.rect(rx0, ry0, rx1 - rx0, ry1 - ry0)).image(px, py, pw, ph, img)


def _place_vectors(d: Drawing, art: SvgArt, im: UserImage, box: tuple, ctx: "RenderContext") -> None:
    """SVG art placed as a raster image is (covering the box grown by its own bleed) and run on
    into the bleed the same way: by copies of it mirrored about each edge it does not reach past.
    Vectors print sharp at any size: no dpi to check."""
    W, H = art.size
    x, y, w, h = box
    b = im.bleed
    tx, ty, tw, th = x - b, y - b, w + 2 * b, h + 2 * b
    s = max(tw / W, th / H)
    pw, ph = W * s, H * s
    px, py = tx + (tw - pw) / 2, ty + (th - ph) / 2
    rx0, ry0, rx1, ry1 = _reach(box, ctx)
    clip = d.group(clip=DPath.rect(rx0, ry0, rx1 - rx0, ry1 - ry0))
    eps = 1e-6
    cols = [0] + ([-1] if rx0 < px - eps else []) + ([1] if rx1 > px + pw + eps else [])
    rows = [0] + ([-1] if ry0 < py - eps else []) + ([1] if ry1 > py + ph + eps else [])
    for i in cols:
        for j in rows:
            # mirrored about the edge it is next to: x -> 2 * edge - x, a copy the art's width away
            mx = (1.0, 0.0) if i == 0 else (-1.0, 2 * (px if i < 0 else px + pw))
            my = (1.0, 0.0) if j == 0 else (-1.0, 2 * (py if j < 0 else py + ph))
            clip.group((mx[0], 0.0, 0.0, my[0], mx[1], my[1])).vector(px, py, pw, ph, art)


def _px(mm: float, s: float) -> int:
    return max(0, math.ceil(mm / s - 1e-6))


def _reach(box: tuple, ctx: "RenderContext") -> tuple[float, float, float, float]:
    """Where the image must reach: the box, run on to the outline grown by the bleed on every
    side where the box touches the piece's edge (a diamond's grown outline pokes out furthest)."""
    t, eps = ctx.template, 0.01
    pts = list(t.clip(ctx.bleed).points())
    cx0, cy0 = min(p[0] for p in pts), min(p[1] for p in pts)
    cx1, cy1 = max(p[0] for p in pts), max(p[1] for p in pts)
    x, y, w, h = box
    return (cx0 if x <= eps else x, cy0 if y <= eps else y,
            cx1 if x + w >= t.width - eps else x + w, cy1 if y + h >= t.height - eps else y + h)


def _check_dpi(im: UserImage, W: int, H: int, s: float, size: tuple, where: str, report: Report) -> None:
    dpi = 25.4 / s
    if dpi >= MIN_DPI - 0.5:
        return
    need = MIN_DPI / dpi
    msg = (f"image '{im.written}' is {W} x {H} px and prints {size[0]:.1f} x {size[1]:.1f} mm to cover {where}: "
           f"{dpi:.0f} dpi, below the {MIN_DPI} dpi that prints sharp; it needs at least "
           f"{math.ceil(W * need)} x {math.ceil(H * need)} px")
    if not any(x.loc == im.loc and x.message == msg for x in report.items):
        report.warning(im.loc, "IMAGE-DPI", msg)
