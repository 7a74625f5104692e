"""`image: PATH` — a picture filling a box, clipped to it: a PNG, JPEG, WebP or SVG inside the specs
folder (the same rule as user art), or "{field}" naming an image field of the kind. It covers the
box (cut to it, centred) unless `fit: contain` asks for all of it inside the box. An SVG prints as
vectors (pnp/load/svgart.py), scaled the same way.

How the picture is shown, raster or SVG alike, in this order:

- `crop: { x: 10%, y: 0%, width: 50%, height: 100% }` keeps a region of the picture, measured from
  its top-left corner as image editors do: percentages of its width (x, width) and height (y,
  height), or pixels as plain numbers (`x: 120`, or "120px") — pixels only for a raster file the
  layout names, whose size is known when the layout is read. x and y default to 0, width and
  height to the rest of the picture. The region must lie within the picture and not be empty.
- `rotate: 90 | 180 | 270` turns it, in degrees anticlockwise as the card is seen (270 is a
  quarter turn clockwise); `fit` then fits the turned picture to the box.
- `flip: horizontal | vertical` mirrors it within its box, after the turn: horizontal swaps left
  and right as the card is seen, vertical top and bottom.
- `opacity: 0.0–1.0` (or a percentage, `50%`) draws the picture that transparent over what is
  under it, as one picture (an SVG's shapes do not show through one another).

The picture is placed whole, by a matrix, and clipped to the crop: the PDF holds each file once
however it is cropped, turned or flipped on the faces that show it.
"""
from __future__ import annotations

import math
import re

from ...records import record
from ...load import images
from ...load.svgart import SvgArt
from ...load.yamlload import type_name
from ...geometry.drawing import Path, multiply, rotate, scale, translate
from . import params

KEYS = ("fit", "flip", "rotate", "crop", "opacity")
FITS = ("cover", "contain")
FLIPS = ("horizontal", "vertical")
TURNS = (90, 180, 270)  # degrees anticlockwise
CROP_KEYS = ("x", "y", "width", "height")
CROP_EXAMPLE = "{ x: 10%, y: 0%, width: 50%, height: 100% }"
_PERCENT = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*%\s*$")
_PIXELS = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*px\s*$", re.I)
_EPS = 1e-9


@record(frozen=True)
class Look:
    """How an image element shows its picture: the crop (fractions of the picture's width and
    height: x and y from its top-left corner), the turn, the flip, the opacity."""

    crop: tuple[float, float, float, float] | None = None
    rotate: int = 0
    flip: str | None = None
    opacity: float = 1.0


# -- reading -------------------------------------------------------------------------------------------

def read(node, el, ctx, report, what) -> bool:
    v = node.value["image"]
    parts = params.template(v, ctx, report, f"'image' of {what}")
    if parts is None:
        return False
    fields = [p[0] for p in parts if not isinstance(p, str)]
    ok = True
    if fields:
        if len(parts) != 1 or fields[0] not in ctx.images:
            report.error(v.loc, "FACE-IMAGE", f"'image' of {what} is '{v.value}': it names a picture by one image "
                                              f"field, such as \"{{art}}\"; image fields: {', '.join(sorted(ctx.images)) or 'none'}")
            ok = False
        else:
            el.value = ("field", fields[0])
    else:
        path = images.resolve("".join(parts), ctx.base, v.loc, report) if ctx.base is not None else None
        if path is None:
            ok = False
        else:
            el.value = ("file", path)
    if "fit" in node.value:  # the keys are checked even when the picture is not: every error at once
        el.opts["fit"] = params.choose(node.value["fit"], FITS, report, f"'fit' of {what}")
        ok = el.opts["fit"] is not None and ok
    look = _look(node, el, report, what)
    if look is not None and look is not False:
        el.opts["look"] = look
    return ok and look is not False


def _look(node, el, report, what) -> Look | None | bool:
    """The element's crop, rotate, flip and opacity (None: it has none of them; False after reporting)."""
    given = [k for k in ("crop", "rotate", "flip", "opacity") if k in node.value]
    if not given:
        return None
    got = {}
    ok = True
    if "crop" in node.value:
        got["crop"] = _crop(node.value["crop"], el, report, f"'crop' of {what}")
        ok = got["crop"] is not None
    if "rotate" in node.value:
        got["rotate"] = _rotate(node.value["rotate"], report, f"'rotate' of {what}")
        ok = got["rotate"] is not None and ok
    if "flip" in node.value:
        got["flip"] = params.choose(node.value["flip"], FLIPS, report, f"'flip' of {what}")
        ok = got["flip"] is not None and ok
    if "opacity" in node.value:
        got["opacity"] = _opacity(node.value["opacity"], report, f"'opacity' of {what}")
        ok = got["opacity"] is not None and ok
    return Look(**got) if ok else False


def _rotate(node, report, what: str) -> int | None:
    v = node.value
    if node.kind != "scalar" or isinstance(v, bool) or not isinstance(v, (int, float)) or v not in TURNS:
        report.error(node.loc, "FACE-VALUE", f"{what} is '{v}', expected 90, 180 or 270: degrees anticlockwise as the "
                                             "card is seen (270 is a quarter turn clockwise)")
        return None
    return int(v)


def _number(v) -> float | None:
    """A finite number as written (YAML's .nan and .inf are not)."""
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    return float(v) if ok else None


def _opacity(node, report, what: str) -> float | None:
    v = node.value
    got = None
    if node.kind == "scalar":
        m = _PERCENT.match(v) if isinstance(v, str) else None
        got = float(m.group(1)) / 100 if m else _number(v)
    if got is None or not 0 <= got <= 1:
        hint = f" (for {v:g} percent write {v:g}%)" if _number(v) is not None and 1 < v <= 100 and v == int(v) else ""
        report.error(node.loc, "FACE-VALUE", f"{what} is '{v}', expected a number from 0 (not seen) to 1 (opaque), "
                                             f"such as 0.5, or a percentage from 0% to 100%{hint}")
        return None
    return got


def _crop(node, el, report, what: str) -> tuple[float, float, float, float] | None:
    """A region of the picture as fractions (x, y, width, height) of its width and height, x and y
    from its top-left corner; None after reporting."""
    if not node.is_map or not node.value:
        report.error(node.loc, "FACE-CROP", f"{what} is {type_name(node)}, expected a region of the picture such as "
                                            f"{CROP_EXAMPLE}: percentages of its size from its top-left corner, or "
                                            "pixels as plain numbers")
        return None
    ok = True
    for k in node.value:
        if k not in CROP_KEYS:
            report.error(node.key_loc(k), "FACE-CROP", f"unknown key '{k}' in {what}; its keys are x, y, width and "
                                                       f"height, such as {CROP_EXAMPLE}")
            ok = False
    written = {}  # key -> (value, "%" or "px", its node)
    for k in CROP_KEYS:
        if k not in node.value:
            continue
        n = node.value[k]
        got = _measure(n)
        if got is None:
            report.error(n.loc, "FACE-CROP", f"'{k}' of {what} is '{n.value}', expected a percentage of the picture "
                                             f"such as 25%, or a number of pixels such as 120")
            ok = False
        elif got[0] < 0:
            report.error(n.loc, "FACE-CROP", f"'{k}' of {what} is '{n.value}', below 0: outside the picture; the crop "
                                             "is measured from the picture's top-left corner")
            ok = False
        else:
            written[k] = (*got, n)
    if not ok:
        return None
    size = _pixel_size(el, written, report, what)
    if size is False:
        return None
    frac = {}
    for k, (amount, unit, _) in written.items():
        whole = (size[0] if k in ("x", "width") else size[1]) if unit == "px" else 100.0
        frac[k] = amount / whole
    fx, fy = frac.get("x", 0.0), frac.get("y", 0.0)
    for start, extent, edge in (("x", "width", "right"), ("y", "height", "bottom")):
        f0 = frac.get(start, 0.0)
        if f0 >= 1 - _EPS:
            n = written[start][2]
            report.error(n.loc, "FACE-CROP", f"'{start}' of {what} is '{n.value}', at or past the picture's {edge} "
                                             f"edge ({_whole(start, size)}): the crop would be outside the picture")
            return None
        f1 = frac.get(extent, 1.0 - f0)
        n = written.get(extent, (0, 0, node))[2]
        if f1 <= _EPS:
            report.error(n.loc, "FACE-CROP", f"'{extent}' of {what} is '{n.value}': the crop is empty; it needs a "
                                             f"{extent} above 0")
            return None
        if f0 + f1 > 1 + 1e-6:
            reach = f"{start} {written[start][2].value if start in written else 0} + {extent} {n.value}"
            report.error(n.loc, "FACE-CROP", f"{what} runs past the picture's {edge} edge ({reach} is "
                                             f"{100 * (f0 + f1):.4g}% of its {'width' if start == 'x' else 'height'}"
                                             f"{_of_pixels(start, size)}); the crop must lie within the picture")
            return None
        frac[extent] = f1
    return (fx, fy, frac["width"], frac["height"])


def _measure(n) -> tuple[float, str] | None:
    """(amount, "%" or "px") of a crop value: "25%", "120px" or a plain number of pixels."""
    if n.kind != "scalar":
        return None
    v = n.value
    if isinstance(v, str):
        m = _PERCENT.match(v)
        if m:
            return float(m.group(1)), "%"
        m = _PIXELS.match(v)
        return (float(m.group(1)), "px") if m else None
    got = _number(v)
    return None if got is None else (got, "px")


def _pixel_size(el, written, report, what) -> tuple[int, int] | None | bool:
    """The picture's size in pixels when the crop is given in pixels (None when it is not needed;
    False after reporting that it cannot be known when the layout is read)."""
    in_px = [k for k, (_, unit, _) in written.items() if unit == "px"]
    if not in_px:
        return None
    if el.value is None:  # the picture itself is in error, reported at its `image:` value
        return False
    how, where = el.value
    why = None
    if how == "field":
        why = (f"the picture is the '{where}' field's, a different one on each card, so its size is not known when "
               "the layout is read")
    else:
        if images.is_svg(where):
            why = "the picture is SVG art, which has no pixels"
        else:
            return images.pixel_size_of(where)  # checked once already, by images.resolve
    n = written[in_px[0]][2]
    report.error(n.loc, "FACE-CROP", f"'{in_px[0]}' of {what} is '{n.value}', a number of pixels, but {why}; give the "
                                     f"crop in percentages of the picture, such as {CROP_EXAMPLE}")
    return False


def _whole(key: str, size) -> str:
    if size is None:
        return "100%"
    return f"100%, {size[0] if key in ('x', 'width') else size[1]} px"


def _of_pixels(key: str, size) -> str:
    return "" if size is None else f", {size[0] if key == 'x' else size[1]} px"


# -- drawing -------------------------------------------------------------------------------------------

def draw(d, el, box, env) -> None:
    how, what = el.value
    path = what if how == "file" else env.image(what)
    if path is None:
        return
    look = el.opts.get("look")
    if look is None:
        env.place_image(d, path, box, el.opts.get("fit", "cover"))
    else:
        env.place(d, path, box, el.opts.get("fit", "cover"), look)


def place_image(d, path, box, fit: str = "cover", look: Look | None = None) -> None:
    """The picture at `path` in `box`: covering it (centred, cut to the box) or, with "contain",
    all of it inside the box; cropped, turned, flipped and see-through as `look` says. Decoded once
    however many faces show it (pnp/load/images.py)."""
    img = images.decoded(path) if images.is_svg(path) else None
    W, H = img.size if img is not None else images.pixel_size_of(path)  # an SVG's points, or pixels
    if look is None:
        s = (max if fit == "cover" else min)(box.w / W, box.h / H)  # mm per pixel (or point)
        w, h = W * s, H * s
        x, y = box.x + (box.w - w) / 2, box.y + (box.h - h) / 2
        img = images.printable(path, w, h) if img is None else img  # no finer than PRINT_DPI
        images.picture(d.group(clip=Path.rect(box.x, box.y, box.w, box.h)), x, y, w, h, img)
        return
    fx, fy, fw, fh = look.crop or (0.0, 0.0, 1.0, 1.0)
    cw, ch = W * fw, H * fh  # the kept region, in the picture's units
    shown = (ch, cw) if look.rotate in (90, 270) else (cw, ch)  # its size once turned
    s = (max if fit == "cover" else min)(box.w / shown[0], box.h / shown[1])
    w, h = cw * s, ch * s  # the region, upright, in mm
    # the region drawn at (0, 0, w, h), then turned and mirrored about its centre, centred on the box
    m = multiply(translate(-w / 2, -h / 2), rotate(look.rotate))
    if look.flip is not None:
        m = multiply(m, scale(-1.0, 1.0) if look.flip == "horizontal" else scale(1.0, -1.0))
    m = multiply(m, translate(box.x + box.w / 2, box.y + box.h / 2))
    cropped = look.crop is not None
    inner = d.group(clip=Path.rect(box.x, box.y, box.w, box.h)).group(m, Path.rect(0.0, 0.0, w, h) if cropped else None)
    # the whole picture, placed so that the region lands on (0, 0, w, h): y is up here, the crop's y down
    x0, y0 = -fx * W * s, -(1.0 - fy - fh) * H * s
    img = images.printable(path, W * s, H * s) if img is None else img  # the whole picture, no finer than PRINT_DPI
    if isinstance(img, SvgArt):
        inner.vector(x0, y0, W * s, H * s, img, look.opacity)
    else:
        inner.image(x0, y0, W * s, H * s, img, look.opacity)
