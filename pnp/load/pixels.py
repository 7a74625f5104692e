"""How many pixels user art may have, read from the file's header before a pixel is decoded.

A 0.5 MB PNG can be 12,000 x 12,000 px and take gigabytes once decoded. `too_large` refuses, when
the spec is read, any image beyond MAX_PIXELS; `fits_print`, once the layout says what area an
image covers, one with more pixels than that area holds at MAX_DPI (IMAGE-TOO-LARGE, located at
the `image:` line). `pixel_size` reads a PNG's IHDR, a JPEG's frame header or a WebP's first
chunk itself: Pillow would warn (DecompressionBombWarning) or refuse before telling the size. And
`mirrored`: an image grown by its own edge pixels, for art that runs on into the bleed.
"""
from __future__ import annotations

import math
import os
import stat
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from ..diagnostics import Loc, Report


class ImageProblem(Exception):
    """A file that cannot be used as an image; the message says why and what was expected, `code`
    is the diagnostic's."""

    def __init__(self, message: str, code: str = "IMAGE-UNREADABLE"):
        super().__init__(message)
        self.code = code


if TYPE_CHECKING:  # pragma: no cover
    from PIL.Image import Image as PILImage

MAX_DPI = 1200  # no printer shows finer detail: more pixels than this only cost memory
# The most pixels decoded at all, before the layout says what a piece needs (a poker card is 12
# megapixels at 1200 dpi): 160 MB decoded to RGBA.
MAX_PIXELS = 40_000_000


def too_large(path: Path, written: str, loc: Loc, report: Report) -> bool:
    """Whether the image has more than MAX_PIXELS (reported at `loc`)."""
    size = pixel_size(path)
    if size is None or size[0] * size[1] <= MAX_PIXELS:
        return False
    report.error(loc, "IMAGE-TOO-LARGE", f"image '{written}' is {size[0]} x {size[1]} px, {_mpx(*size)}; pnp decodes "
                                         f"at most {MAX_PIXELS / 1e6:.0f} megapixels: scale it to the size it prints "
                                         f"at ({MAX_DPI} dpi is the most any print shows)")
    return True


def fits_print(path: Path, written: str, loc: Loc, area_mm2: float, report: Report) -> bool:
    """Whether the image has at most the pixels `area_mm2` holds at MAX_DPI (else reported)."""
    size = pixel_size(path)
    most = area_mm2 * (MAX_DPI / 25.4) ** 2
    if size is None or size[0] * size[1] <= most:
        return True
    shrink = math.sqrt(size[0] * size[1] / most)
    report.error(loc, "IMAGE-TOO-LARGE",
                 f"image '{written}' is {size[0]} x {size[1]} px, {_mpx(*size)}, for the {area_mm2:.0f} mm² it "
                 f"covers: more than {MAX_DPI} dpi, which no print shows; scale it to at most "
                 f"{math.floor(size[0] / shrink)} x {math.floor(size[1] / shrink)} px")
    return False


def _mpx(w: int, h: int) -> str:
    return f"{w * h / 1e6:.0f} megapixels"


def pixel_size(path: Path) -> tuple[int, int] | None:
    """(width, height) from a PNG's IHDR, a JPEG's frame header or a WebP's first chunk, read
    without decoding; None for a file that is none of them (decoding it says what it is)."""
    with open_regular(path) as f:
        return header_size(f)


def open_regular(path: Path, expected: str = "a PNG or JPEG file (or WebP), or an SVG"):
    """The file at `path` opened for reading in binary, when it is a regular file; else an
    ImageProblem saying what it is. Opened without blocking and checked on the open file: a pipe
    (or one put in the file's place since it was checked) is refused, never waited on."""
    f = open(path, "rb", opener=lambda p, flags: os.open(p, flags | getattr(os, "O_NONBLOCK", 0)))
    mode = os.fstat(f.fileno()).st_mode
    if not stat.S_ISREG(mode):
        f.close()
        raise ImageProblem(f"is {kind_of(mode)}, not a regular file; expected {expected}")
    return f


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in a message's words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"


def header_size(f) -> tuple[int, int] | None:
    """`pixel_size` of an open binary file (a picture an SVG embeds is read from its bytes)."""
    head = f.read(30)
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return _webp_size(head)
    if head[:2] != b"\xff\xd8":
        return None
    f.seek(2)
    for _ in range(1000):  # segments before the frame header: EXIF, ICC profile, tables
        marker = f.read(2)
        while marker[:1] == b"\xff" and marker[1:] == b"\xff":  # fill bytes
            marker = marker[1:] + f.read(1)
        length = f.read(2)
        if len(marker) < 2 or marker[0] != 0xFF or len(length) < 2 or marker[1] == 0xDA:
            return None  # no frame header before the image data: let the decoder say why
        if 0xC0 <= marker[1] <= 0xCF and marker[1] not in (0xC4, 0xC8, 0xCC):
            frame = f.read(5)
            return int.from_bytes(frame[3:5], "big"), int.from_bytes(frame[1:3], "big")
        f.seek(int.from_bytes(length, "big") - 2, 1)
    return None


def _webp_size(head: bytes) -> tuple[int, int] | None:
    """A WebP's canvas from its first chunk: VP8X (extended: animation, alpha; 24-bit sizes less
    one), VP8L (lossless: 14-bit sizes less one) or VP8 (lossy: 14-bit sizes after its start code)."""
    chunk, data = head[12:16], head[20:30]
    if chunk == b"VP8X" and len(data) >= 10:
        return int.from_bytes(data[4:7], "little") + 1, int.from_bytes(data[7:10], "little") + 1
    if chunk == b"VP8L" and len(data) >= 5 and data[0] == 0x2F:
        bits = int.from_bytes(data[1:5], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 10 and data[3:6] == b"\x9d\x01\x2a":
        return int.from_bytes(data[6:8], "little") & 0x3FFF, int.from_bytes(data[8:10], "little") & 0x3FFF
    return None


_mirrored: OrderedDict[tuple, tuple] = OrderedDict()  # (source, result) by request


def mirrored(img: "PILImage", left: int, bottom: int, right: int, top: int) -> "PILImage":
    """`img` grown by the given pixels on each side, each strip its edge pixels mirrored
    outwards (y up: `bottom` is the lower edge). The same request gives the same object, so a
    back drawn for many cards is one image in the PDF."""
    from PIL import Image, ImageOps

    key = (id(img), left, bottom, right, top)
    if key in _mirrored and _mirrored[key][0] is img:
        return _mirrored[key][1]
    W, H = img.size
    left, right = min(left, W), min(right, W)  # more than the image itself only for a tiny image
    top, bottom = min(top, H), min(bottom, H)
    out = Image.new(img.mode, (W + left + right, H + top + bottom))
    out.paste(img, (left, top))
    if left:
        out.paste(ImageOps.mirror(img.crop((0, 0, left, H))), (0, top))
    if right:
        out.paste(ImageOps.mirror(img.crop((W - right, 0, W, H))), (left + W, top))
    row = out.crop((0, top, out.width, top + H))  # the middle band, already widened
    if top:
        out.paste(ImageOps.flip(row.crop((0, 0, out.width, top))), (0, 0))
    if bottom:
        out.paste(ImageOps.flip(row.crop((0, H - bottom, out.width, H))), (0, top + H))
    _mirrored[key] = (img, out)
    while len(_mirrored) > 64:
        _mirrored.popitem(last=False)
    return out
