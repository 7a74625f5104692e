"""A designer's raster art under `--cmyk`, read back from the image the PDF holds and from the page
as pdfium shows it: a PNG with transparency keeps it (its transparent part shows what is under it,
not a rich-black box); its pixels go through the profile, with its black and greys in K only and
no pixel over the ink limit; a file with transparency is PDF/X-4 (PDF 1.6, XMP metadata naming
it), and an RGB build with an alpha image says PDF 1.4, which a soft mask needs."""
from __future__ import annotations

import re

from pypdf import PdfReader

from declared_fixtures import game  # noqa: F401  (fixture)
from test_image_transforms import BOXES, Card, built, with_elements

NAVY, BLACK, GREY = (20, 30, 90), (0, 0, 0), (128, 128, 128)


def badge(game) -> None:
    """card_specs/art/badge.png, 40 x 40 px: transparent, with a navy square in the middle
    (10..30) that has a black top row band (10..14) and a grey bottom band (26..30)."""
    from PIL import Image

    art = game.root / "card_specs" / "art"
    art.mkdir(exist_ok=True)
    im = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    im.paste(NAVY + (255,), (10, 10, 30, 30))
    im.paste(BLACK + (255,), (10, 10, 30, 14))
    im.paste(GREY + (255,), (10, 26, 30, 30))
    im.save(art / "badge.png")


def images(pdf):
    """Every image XObject of the PDF (in forms too), decoded: (colour space, pixels, has soft mask)."""
    out, seen = [], set()

    def walk(res):
        for ref in (res or {}).get("/XObject", {}).values():
            x = ref.get_object()
            if id(x) in seen:
                continue
            seen.add(id(x))
            if x.get("/Subtype") == "/Image" and x.get("/ColorSpace") in ("/DeviceCMYK", "/DeviceRGB"):
                out.append((x["/ColorSpace"], x.get_data(), "/SMask" in x))
            elif x.get("/Subtype") == "/Form":
                walk(x.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return out


def test_transparent_art_in_cmyk_keeps_its_transparency_k_only_greys_and_the_ink_limit(cli, game):
    badge(game)
    with_elements(game, ["{ image: art/badge.png, box: p1 }"])
    built(cli, game, "--cmyk", "--ink-limit", "240")
    pdf = game.root / "out" / "lanterns.pdf"
    [(space, data, masked)] = images(pdf)
    assert space == "/DeviceCMYK" and masked  # the alpha kept as the image's soft mask
    pixels = [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]
    assert max(sum(p) for p in pixels) <= 240 * 255 / 100 + 1  # no pixel over 240 % of ink
    black_row, grey_row, navy_row = pixels[12 * 40 + 20], pixels[28 * 40 + 20], pixels[20 * 40 + 20]
    assert black_row[:3] == (0, 0, 0) and black_row[3] > 240  # black: K only, not C100 M100 Y100
    assert grey_row[:3] == (0, 0, 0) and 80 < grey_row[3] < 200  # a grey: K only
    assert navy_row[0] > 100 and navy_row[1] > 50  # navy: cyan and magenta, through the profile
    card = Card(game)
    x, y = BOXES["p1"]
    corner = card.at(x + 2, y + 2)  # the PNG's transparent corner, over the white square under it
    assert min(corner) > 235, corner
    inside = card.at(x + 9, y + 9)
    assert inside[2] > inside[0] + 20 and max(inside) < 160, inside  # navy, not a box of another colour
    head = pdf.read_bytes()[:9]
    assert head == b"%PDF-1.6\n" or head.startswith(b"%PDF-1.6")  # PDF/X-4: transparency kept live
    reader = PdfReader(pdf)
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4"
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")
    assert re.search(r"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>", xmp)


def test_an_rgb_build_with_a_soft_mask_says_pdf_1_4(cli, game):
    badge(game)
    with_elements(game, ["{ image: art/badge.png, box: p1 }"])
    built(cli, game)
    pdf = game.root / "out" / "lanterns.pdf"
    [(space, _, masked)] = images(pdf)
    assert space == "/DeviceRGB" and masked
    assert pdf.read_bytes().startswith(b"%PDF-1.4")  # a soft mask is PDF 1.4 (the header said 1.3)
