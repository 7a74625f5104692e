"""A print shop's colour: RGB designs converted through an ICC CMYK output profile (`--cmyk`).

Takes the profile (pnp's own press profile, `profiles/pnp-fogra39l-300.icc`, or a shop's, `--icc
FILE`) and a total ink limit; converts the drawing's colours and the art's pixels from sRGB with
LittleCMS (Pillow's ImageCms), relative colorimetric with black-point compensation, so the
profile's own black generation sets K; a grey — black text and lines among them — is K only
(one ink, no colour fringes), at the lightness the profile gives that K; and no colour carries
more ink than the limit (C+M+Y+K, in per cent; the colour's K kept, its C, M and Y scaled down).
An image's transparency is kept beside its CMYK pixels (the PDF's soft mask). The PDF writer
writes the profile as the file's OutputIntent (pnp/render/pdf.py), so every viewer and RIP reads
the CMYK numbers as this profile means them.

Every reader of a profile file has a budget: at most MAX_PROFILE_BYTES, and it must be a CMYK
output profile that LittleCMS opens; anything else is a clear error naming the file.
"""
from __future__ import annotations

import hashlib
import os
import stat
from functools import cached_property, lru_cache
from pathlib import Path

from ..records import field, record

PROFILES = Path(__file__).resolve().parent / "profiles"
PRESS_PROFILE = PROFILES / "pnp-fogra39l-300.icc"  # built from FOGRA39L with ArgyllCMS: see profiles/README.md
PRESS_CONDITION = "FOGRA39"  # the characterised printing condition of pnp's profile (ISO 12647-2, coated paper)
DEFAULT_INK_LIMIT = 300.0  # per cent: C+M+Y+K
INK_RANGE = (100.0, 400.0)  # the total ink a limit may name: one ink at full, to all four
MAX_PROFILE_BYTES = 8 * 2**20
GREY = 0.004  # an RGB colour whose channels differ by less than this is a grey


class ProfileError(Exception):
    """A profile that cannot be used: its message names the file and why."""


@record
class Press:
    """The conversion to one printing condition; `key` names it (the profile's bytes and the limit)."""

    icc: bytes
    name: str  # the profile's description, as the OutputIntent names the condition
    condition: str  # the OutputConditionIdentifier
    ink_limit: float = DEFAULT_INK_LIMIT
    _colours: dict = field(default_factory=dict, repr=False)
    _k_only: list = field(default_factory=list, repr=False)

    @cached_property
    def key(self) -> str:
        return hashlib.sha256(self.icc).hexdigest()[:16] + f"/{self.ink_limit:g}"

    # -- vectors ---------------------------------------------------------------------------
    def cmyk(self, c) -> tuple[float, float, float, float]:
        """A colour (r, g, b in 0..1) in this press's CMYK, 0..1 each, rounded to 4 places."""
        rgb = (c[0], c[1], c[2])
        got = self._colours.get(rgb)
        if got is None:
            got = self._colours[rgb] = self._convert(rgb)
        return got

    def _convert(self, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        from PIL import Image

        px = tuple(max(0, min(255, round(v * 255))) for v in rgb)
        if max(rgb) - min(rgb) < GREY:
            k = self.k_only()[round(sum(px) / 3)]
            return 0.0, 0.0, 0.0, round(k / 255, 4)
        out = _transforms(self.icc).to_cmyk.apply(Image.new("RGB", (1, 1), px)).getpixel((0, 0))
        return tuple(round(v / 255, 4) for v in limit_ink(out, self.ink_limit))

    # -- images ----------------------------------------------------------------------------
    def image(self, im):
        """An image's pixels in this press's CMYK, and its transparency (an "L" image) or None."""
        from PIL import Image, ImageChops

        alpha = None
        if im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info):
            rgba = im.convert("RGBA")
            alpha = rgba.getchannel("A")
            if alpha.getextrema() == (255, 255):
                alpha = None
            rgb = rgba.convert("RGB")
        elif im.mode == "CMYK":
            return im, None
        else:
            rgb = im.convert("RGB")
        cmyk = _transforms(self.icc).to_cmyk.apply(rgb)
        r, g, b = rgb.split()
        spread = ImageChops.subtract(ImageChops.lighter(ImageChops.lighter(r, g), b),
                                     ImageChops.darker(ImageChops.darker(r, g), b))
        grey = spread.point(lambda v: 255 if v < 2 else 0)  # the grey pixels: K only, as vectors' greys
        if grey.getbbox() is not None:
            k = rgb.convert("L").point(self.k_only())
            zero = Image.new("L", rgb.size, 0)
            cmyk = Image.composite(Image.merge("CMYK", (zero, zero, zero, k)), cmyk, grey)
        return _limit_image(cmyk, self.ink_limit), alpha

    def k_only(self) -> list[int]:
        """For each grey level 0..255 (sRGB), the K (0..255) printing it alone: the grey's
        lightness placed between the paper's and full K's as black-point compensation places it."""
        if self._k_only:
            return self._k_only
        from PIL import Image

        t = _transforms(self.icc)
        ks = Image.frombytes("CMYK", (256, 1), b"".join(bytes((0, 0, 0, k)) for k in range(256)))
        k_light = [v * 100 / 255 for v in t.cmyk_to_lab.apply(ks).tobytes()[::3]]  # L* of each K, paper first
        greys = Image.frombytes("RGB", (256, 1), b"".join(bytes((v, v, v)) for v in range(256)))
        grey_light = [v * 100 / 255 for v in t.rgb_to_lab.apply(greys).tobytes()[::3]]
        paper, full = k_light[0], k_light[-1]
        table, k = [0] * 256, 255
        for v in range(256):  # from black to white: K falls as the lightness wanted rises
            want = full + grey_light[v] / 100 * (paper - full)
            while k > 0 and k_light[k] < want:
                k -= 1
            table[v] = k
        self._k_only[:] = table
        return table


def limit_ink(cmyk: tuple, limit: float) -> tuple:
    """CMYK 0..255 with no more than `limit` per cent of ink in all: K kept, C, M and Y scaled."""
    c, m, y, k = cmyk
    most = limit / 100 * 255
    if c + m + y + k <= most or c + m + y == 0:
        return c, m, y, k
    scale = max(0.0, most - k) / (c + m + y)
    return round(c * scale), round(m * scale), round(y * scale), k


def _limit_image(cmyk, limit: float):
    """`limit_ink` on every pixel (pixels within the limit unchanged)."""
    from PIL import Image, ImageMath

    c, m, y, k = cmyk.split()
    most = limit / 100 * 255
    bands = dict(c=c, m=m, y=y, k=k)
    factor = ImageMath.lambda_eval(  # (most - K) / (C + M + Y), at most 1: 1 where the pixel is within the limit
        lambda a: a["min"](a["max"](a["float"](most - a["k"]) / a["max"](a["c"] + a["m"] + a["y"], 1), 0.0), 1.0),
        **bands)
    if factor.getextrema()[0] >= 1.0:
        return cmyk
    scaled = [ImageMath.lambda_eval(lambda a: a["convert"](a["float"](a["v"]) * a["f"], "L"), v=v, f=factor)
              for v in (c, m, y)]
    return Image.merge("CMYK", (*scaled, k))


@record
class _Transforms:
    """The colour transforms of one press profile: sRGB to the press's CMYK, and that CMYK and
    sRGB each to Lab."""

    to_cmyk: object
    cmyk_to_lab: object
    rgb_to_lab: object


@lru_cache(maxsize=4)
def _transforms(icc: bytes) -> _Transforms:
    import io

    from PIL import ImageCms

    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB", 5000)
    press = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    rel, bpc = ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Flags.BLACKPOINTCOMPENSATION
    return _Transforms(ImageCms.buildTransform(srgb, press, "RGB", "CMYK", rel, flags=bpc),
                       ImageCms.buildTransform(press, lab, "CMYK", "LAB", rel, flags=bpc),
                       ImageCms.buildTransform(srgb, lab, "RGB", "LAB", rel, flags=bpc))


def press(icc: Path | None = None, ink_limit: float = DEFAULT_INK_LIMIT) -> Press:
    """The press of a profile file (pnp's own when None). Raises ProfileError naming the file."""
    path = icc or PRESS_PROFILE
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):  # a pipe would hang the read
            raise ProfileError(f"{path}: not a regular file: give the profile's .icc file")
        return _read(str(path), st.st_size, st.st_mtime_ns, icc is None, ink_limit)
    except OSError as exc:
        raise ProfileError(f"{path}: cannot read the profile: {exc.strerror or exc}") from None


@lru_cache(maxsize=8)
def _read(path: str, size: int, mtime_ns: int, ours: bool, ink_limit: float) -> Press:
    """The file read once while it stays the same (a build asks for its press more than once)."""
    if size > MAX_PROFILE_BYTES:
        raise ProfileError(f"{path}: larger than {MAX_PROFILE_BYTES // 2**20} MB: not an ICC profile pnp reads")
    with open(path, "rb") as f:
        data = f.read(MAX_PROFILE_BYTES + 1)
    if len(data) > MAX_PROFILE_BYTES:
        raise ProfileError(f"{path}: larger than {MAX_PROFILE_BYTES // 2**20} MB: not an ICC profile pnp reads")
    return _press(data, path, ours, ink_limit)


def _press(data: bytes, shown: str, ours: bool, ink_limit: float) -> Press:
    import io

    from PIL import ImageCms

    if len(data) < 132 or data[36:40] != b"acsp":
        raise ProfileError(f"{shown}: not an ICC profile (no 'acsp' signature)")
    if data[16:20] != b"CMYK":
        raise ProfileError(f"{shown}: a profile of {data[16:20].decode('latin-1').strip() or '?'} colour, "
                           "not CMYK: --icc takes the print shop's CMYK output profile")
    if data[12:16] not in (b"prtr", b"mntr", b"scnr", b"spac", b"abst", b"link", b"nmcl"):
        raise ProfileError(f"{shown}: not a device profile")
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
        name = (ImageCms.getProfileDescription(profile) or "").strip() or Path(shown).stem
        _transforms(data)
    except (ImageCms.PyCMSError, OSError, ValueError) as exc:
        raise ProfileError(f"{shown}: LittleCMS cannot use this profile: {exc}") from None
    lo, hi = INK_RANGE
    if not lo <= ink_limit <= hi:
        raise ProfileError(f"--ink-limit {ink_limit:g}: give the total ink in per cent, {lo:g} to {hi:g}")
    return Press(data, name, PRESS_CONDITION if ours else name, ink_limit)
