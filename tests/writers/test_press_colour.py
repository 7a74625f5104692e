"""`--cmyk` is colour a print shop can trust, checked independently of pnp's own conversion: the
CMYK numbers in the content streams are read through the ICC profile the PDF itself carries as
its OutputIntent (LittleCMS via ImageCms, straight from the file's bytes) and compared with the
RGB design; a second renderer (Ghostscript, which honours the OutputIntent) shows the CMYK print
as the RGB one; every colour's ink is summed from the operators; the file says what PDF/X it is;
every font subset has its own tag; a shop's own profile is used and named, a file that is none is
refused at once."""
from __future__ import annotations

import functools
import io
import math
import re
import shutil
import statistics
import subprocess

import pytest
from pypdf import PdfReader

from pnp.render.press import PRESS_PROFILE

NUM = r"(-?[\d.]+)"
RGB_OP = re.compile(rf"{NUM} {NUM} {NUM} (rg|RG)\b")
CMYK_OP = re.compile(rf"{NUM} {NUM} {NUM} {NUM} (k|K)\b")


@pytest.fixture(scope="module")
def gem_builds(tmp_path_factory):
    """GEM built twice from the same spec: RGB, and --cmyk (pnp's own profile); and the-jam with
    --cmyk --ink-limit 240 (the darkest colours of the four games)."""
    from pnp.cli import main

    out = tmp_path_factory.mktemp("press")
    assert main(["build", "gem", "--out", str(out / "rgb")]) == 0
    assert main(["build", "gem", "--cmyk", "--out", str(out / "cmyk")]) == 0
    assert main(["build", "the-jam", "--cmyk", "--ink-limit", "240", "--out", str(out / "ink")]) == 0
    return out


def streams(pdf) -> list[str]:
    """Every content stream of the PDF — pages, then every form XObject by name — as text."""
    reader = PdfReader(pdf)
    out, seen = [], set()

    def forms(res):
        for name, ref in sorted((res or {}).get("/XObject", {}).items()):
            x = ref.get_object()
            if x.get("/Subtype") == "/Form" and id(x) not in seen:
                seen.add(id(x))
                out.append(x.get_data().decode("latin-1"))
                forms(x.get("/Resources"))

    for page in reader.pages:
        out.append(page.get_contents().get_data().decode("latin-1"))
        forms(page.get("/Resources"))
    return out


@functools.lru_cache(maxsize=None)
def _to_lab(icc: bytes | None):
    """sRGB (None) or the CMYK profile `icc` to Lab D50, made once each."""
    from PIL import ImageCms

    lab = ImageCms.createProfile("LAB", 5000)
    if icc is None:
        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB")
    return ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(icc)), lab, "CMYK", "LAB",
                                   ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def lab_of_design(rgb):
    from PIL import Image, ImageCms

    t = _to_lab(None)
    L, a, b = ImageCms.applyTransform(Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb)), t).getpixel((0, 0))
    return L * 100 / 255, a - 128, b - 128


def lab_of_print(cmyk, icc: bytes):
    from PIL import Image, ImageCms

    t = _to_lab(icc)
    px = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk))
    L, a, b = ImageCms.applyTransform(px, t).getpixel((0, 0))
    return L * 100 / 255, a - 128, b - 128


def formula(rgb):
    """The plain RGB-to-CMYK formula --cmyk used before it was colour managed."""
    k = 1 - max(rgb)
    return tuple((1 - v - k) / (1 - k) for v in rgb) + (k,)


def output_intent(pdf):
    [intent] = PdfReader(pdf).trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    return intent, intent["/DestOutputProfile"].get_object().get_data()


def test_the_cmyk_numbers_read_through_the_files_own_profile_are_the_design(gem_builds):
    rgb_streams, cmyk_streams = streams(gem_builds / "rgb" / "gem.pdf"), streams(gem_builds / "cmyk" / "gem.pdf")
    assert len(rgb_streams) == len(cmyk_streams)
    _, icc = output_intent(gem_builds / "cmyk" / "gem.pdf")
    assert icc == PRESS_PROFILE.read_bytes()
    pairs = []
    for a, b in zip(rgb_streams, cmyk_streams):
        rgb = [tuple(map(float, m.groups()[:3])) for m in RGB_OP.finditer(a)]
        cmyk = [tuple(map(float, m.groups()[:4])) for m in CMYK_OP.finditer(b)]
        assert len(rgb) == len(cmyk) and not RGB_OP.search(b)  # every colour, and none left in RGB
        pairs += zip(rgb, cmyk)
    assert len(pairs) > 100
    errors = {}
    for rgb, cmyk in set(pairs):
        if max(rgb) - min(rgb) < 0.004:
            assert cmyk[:3] == (0, 0, 0), (rgb, cmyk)  # a grey (black text and lines) in K only
        else:
            errors[rgb] = math.dist(lab_of_design(rgb), lab_of_print(cmyk, icc))
    assert len(errors) >= 5
    assert statistics.median(errors.values()) <= 2.5, errors
    before = [math.dist(lab_of_design(rgb), lab_of_print(formula(rgb), icc)) for rgb in errors]
    assert statistics.median(before) >= 5  # the plain formula --cmyk used before, through the same profile


@pytest.mark.skipif(shutil.which("gs") is None, reason="no Ghostscript (apt-get install ghostscript; .ci/run does)")
def test_a_second_renderer_honouring_the_output_intent_shows_the_print_as_the_design(gem_builds):
    from PIL import Image, ImageCms

    to_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB", 6500), "RGB", "LAB")

    def page(pdf, *extra):
        png = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r30",
                              "-dFirstPage=1", "-dLastPage=1", *extra, "-sOutputFile=-", str(pdf)],
                             capture_output=True, timeout=120, check=True).stdout
        im = ImageCms.applyTransform(Image.open(io.BytesIO(png)).convert("RGB"), to_lab)
        raw = im.tobytes()
        return [(raw[i] * 100 / 255, raw[i + 1] - 128, raw[i + 2] - 128) for i in range(0, len(raw), 3)]

    design = page(gem_builds / "rgb" / "gem.pdf")
    printed = page(gem_builds / "cmyk" / "gem.pdf", "-dUsePDFX3Profile")
    inked = [math.dist(d, p) for d, p in zip(design, printed) if d[0] < 95]  # not the white paper
    assert len(inked) > 1000
    assert statistics.median(inked) <= 2.5  # 3.6 when the same renderer ignores the OutputIntent


def test_no_colour_carries_more_ink_than_the_limit(gem_builds):
    sums = [sum(map(float, m.groups()[:4])) for s in streams(gem_builds / "ink" / "the-jam.pdf")
            for m in CMYK_OP.finditer(s)]
    assert sums and max(sums) <= 2.4 + 1e-3
    plain = [sum(map(float, m.groups()[:4])) for s in streams(gem_builds / "cmyk" / "gem.pdf")
             for m in CMYK_OP.finditer(s)]
    assert max(plain) <= 3.0 + 1e-3


def test_the_file_says_what_pdfx_it_is(gem_builds):
    pdf = gem_builds / "cmyk" / "gem.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-1.3")  # PDF/X-1a: nothing transparent
    reader = PdfReader(pdf)
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001" and info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False"
    intent, icc = output_intent(pdf)
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"
    assert icc[36:40] == b"acsp" and icc[16:20] == b"CMYK"
    assert all(p.trimbox != p.mediabox or p.get("/TrimBox") is not None for p in reader.pages)
    assert "/OutputIntents" not in PdfReader(gem_builds / "rgb" / "gem.pdf").trailer["/Root"]  # RGB: none


def test_every_font_subset_has_its_own_tag(gem_builds):
    reader = PdfReader(gem_builds / "ink" / "the-jam.pdf")
    names = set()
    for page in reader.pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            names.add(str(ref.get_object()["/BaseFont"]))
    tags = [n[1:7] for n in names if "+" in n]
    assert len(tags) >= 2 and len(set(tags)) == len(tags), names
    assert all(re.fullmatch(r"[A-Z]{6}", t) for t in tags)


def test_a_shops_own_profile_is_converted_for_and_named(cli, tmp_path):
    own = bytearray(PRESS_PROFILE.read_bytes())
    at = own.index(b"pnp press (FOGRA39L, 300% ink)")
    own[at:at + 30] = b"Shop press (coated, 300% ink) "[:30]  # the same conversion, the shop's name for it
    (tmp_path / "shop.icc").write_bytes(bytes(own))
    r = cli("build", "gem", "--cmyk", "--icc", "shop.icc", "--out", "out")
    assert r.code == 0, r.err
    intent, icc = output_intent(tmp_path / "out" / "gem.pdf")
    assert icc == bytes(own) and str(intent["/OutputConditionIdentifier"]).startswith("Shop press")


@pytest.mark.parametrize("content, said", [
    (b"not a profile at all", "not an ICC profile"),
    ("srgb", "not CMYK"),
])
def test_a_file_that_is_no_cmyk_profile_is_refused_at_once(cli, tmp_path, capsys, content, said):
    if content == "srgb":
        from PIL import ImageCms

        content = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    (tmp_path / "bad.icc").write_bytes(content)
    with pytest.raises(SystemExit) as stop:
        cli("build", "gem", "--cmyk", "--icc", "bad.icc", "--out", "out")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and said in err and "bad.icc" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_an_ink_limit_out_of_range_is_a_usage_error(cli, capsys):
    with pytest.raises(SystemExit) as stop:
        cli("build", "gem", "--cmyk", "--ink-limit", "50")
    assert stop.value.code == 2 and "100 to 400" in capsys.readouterr().err


def test_a_profile_that_is_a_pipe_is_refused_not_waited_on(cli, tmp_path, capsys):
    import os

    os.mkfifo(tmp_path / "pipe.icc")
    with pytest.raises(SystemExit) as stop:
        cli("build", "gem", "--cmyk", "--icc", "pipe.icc", "--out", "out")
    assert stop.value.code == 2 and "not a regular file" in capsys.readouterr().err
