"""SVG art prints as vectors: a declared game's `image:` element (a fixed path or an image field's
value) and a component's user art read an SVG with svglib and draw it as paths in the PDF — one
form XObject, no image XObject — clipped to the box and scaled by `fit` like raster art. A broken
or hostile SVG (an external entity reading /etc/passwd, a file:// reference, a billion laughs, a
<use> bomb or loop, a file over 20 MB) is a located error, exit 2, no traceback. The PDF and the
PNG export are read back (pypdf, pdftoppm, the export's PNGs)."""
from __future__ import annotations

import re

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "declared"))
from declared_kit import CSV, LAYOUT, codes, no_traceback, one  # noqa: E402
from declared_fixtures import game  # noqa: E402,F401  (fixture)

ROOT = Path(__file__).resolve().parents[2]
ART = "art/ship.svg"
GREEN, MAGENTA = (0, 255, 0), (255, 0, 255)
GLOW = (20.5, 30.0, 22.0, 22.0)  # the lanterns template's glow box (x, y, w, h mm)
# 2:1, a green field with a magenta disc in its middle, and a word in a font no machine need have
SHIP = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100">'
        '<rect x="0" y="0" width="200" height="100" fill="#00ff00"/>'
        '<circle cx="100" cy="50" r="30" fill="#ff00ff"/>'
        '<text x="5" y="95" font-family="Comic Sans MS" font-size="9">Ship</text></svg>')


def show_svg(game, svg: str = SHIP, fit: str | None = None, name: str = ART) -> None:
    """`svg` saved as card_specs/<name>; the lantern face shows it last, in the glow box."""
    path = game.root / "card_specs" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    text = game.text(LAYOUT)
    start = text.index("faces:\n  lantern:\n")
    end = text.index("\n  wish:", start)
    extra = f", fit: {fit}" if fit else ""
    game.write(LAYOUT, text[:end] + f"\n    - {{ image: {name}, box: glow{extra} }}" + text[end:])


def build(cli, *extra):
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out", *extra)
    no_traceback(r)
    return r


def validate(cli):
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    return r


def xobjects(pdf: Path) -> dict:
    """Every XObject of the PDF, by name, through nested forms."""
    import pypdf

    found: dict = {}

    def walk(res):
        for name, ref in ((res.get_object() if res else {}).get("/XObject") or {}).items():
            x = ref.get_object()
            if name not in found:
                found[name] = x
                walk(x.get("/Resources"))

    for page in pypdf.PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


def page_pixels(pdf: Path, page: int, dpi: int = 60) -> np.ndarray:
    """The page rendered by pdftoppm, as an RGB array (row 0 the top)."""
    out = pdf.parent / f"p{page}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(out)], check=True)
    return np.asarray(Image.open(f"{out}.png").convert("RGB")).astype(int)


def colour_box(px: np.ndarray, colours, trim_mm, page_h_mm: float, dpi: int) -> tuple[float, float] | None:
    """Width and height (mm) of the bounding box of the pixels of `colours` inside a piece's trim."""
    x, y, w, h = trim_mm
    k = dpi / 25.4
    r0, r1 = int((page_h_mm - y - h) * k), int((page_h_mm - y) * k)
    c0, c1 = int(x * k), int((x + w) * k)
    sub = px[r0:r1, c0:c1]
    hit = np.zeros(sub.shape[:2], bool)
    for c in colours:
        hit |= (np.abs(sub - np.array(c)).sum(axis=2) < 40)
    if not hit.any():
        return None
    rows, cols = np.where(hit)
    return (cols.max() - cols.min() + 1) / k, (rows.max() - rows.min() + 1) / k


def requires_pdftoppm():
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")


# -- vectors in the PDF ----------------------------------------------------------------------------------

def test_an_svg_prints_as_vector_paths_in_one_form_and_no_image(cli, game):
    show_svg(game)
    r = build(cli)
    assert r.code == 0, r.err
    pdf = game.root / "out" / "lanterns.pdf"
    found = xobjects(pdf)
    assert not [n for n, x in found.items() if x.get("/Subtype") == "/Image"]  # no raster anywhere
    art = [x for n, x in found.items() if n.startswith("/FormXob.V")]
    assert len(art) == 1  # 40 lanterns show it: stored once
    code = art[0].get_data().decode("latin-1")
    assert [float(v) for v in art[0]["/BBox"]] == [0, 0, 150, 75]  # the SVG's viewport, in points
    assert "0 1 0 rg" in code and "1 0 1 rg" in code  # its two fills, as colours of paths
    assert " re f" in code and " c\n" in code  # a rectangle, a disc of Bezier curves
    import pypdf

    fonts = {f.get_object()["/BaseFont"] for x in found.values()
             for f in ((x.get("/Resources") or {}).get("/Font") or {}).values()}
    assert fonts and all("DejaVu" in f or "Droid" in f or "Noto" in f for f in fonts), fonts  # never Comic Sans or Helvetica
    assert "Ship" in pypdf.PdfReader(pdf).pages[0].extract_text()


@pytest.mark.parametrize("fit, size", [(None, (22.0, 22.0)), ("cover", (22.0, 22.0)), ("contain", (22.0, 11.0))])
def test_fit_cover_fills_the_box_and_contain_shows_all_of_it(cli, game, fit, size):
    """On the sheet (pdftoppm), the art's colours fill exactly the glow box when it covers (the 2:1
    picture is cut at the box's sides: the clip), and 22 x 11 mm of it when it is contained."""
    requires_pdftoppm()
    show_svg(game, fit=fit)
    r = build(cli)
    assert r.code == 0, r.err
    smap = json.loads((game.root / "out" / "lanterns.json").read_text())
    page_h = smap["paper"]["height_mm"]
    front = next(p for p in smap["pages"] if p["side"] == "front")
    px = page_pixels(game.root / "out" / "lanterns.pdf", front["page"])
    for piece in front["pieces"]:
        if piece["kind"] != "lantern":
            continue
        got = colour_box(px, (GREEN, MAGENTA), piece["trim_mm"], page_h, 60)
        assert got is not None, piece["id"]
        assert sorted(got) == pytest.approx(sorted(size), abs=1.0), (piece["id"], got)  # turned on the sheet or not


def test_the_png_export_shows_the_svg_inside_its_box_and_nothing_outside(cli, game):
    """`pnp export --png` rasterises the card's own PDF drawing (pypdfium2): the disc at the box's
    centre, the green field at its corners, the card's own colours just outside the box."""
    show_svg(game)
    r = cli("export", "lanterns", "--png", "--dpi", "100", "--specs", "card_specs", "--out", "exp")
    no_traceback(r)
    assert r.code == 0, r.err
    im = np.asarray(Image.open(game.root / "exp" / "lanterns-png" / "jade-1.png").convert("RGB")).astype(int)
    k, H = 100 / 25.4, 88.0

    def at(x_mm, y_mm):
        return tuple(im[int((H - y_mm) * k), int(x_mm * k)])

    def near(c, want):
        return sum(abs(a - b) for a, b in zip(c, want)) < 40

    x, y, w, h = GLOW
    assert near(at(x + w / 2, y + h / 2), MAGENTA)
    for cx, cy in ((x + 1, y + 1), (x + w - 1, y + 1), (x + 1, y + h - 1), (x + w - 1, y + h - 1)):
        assert near(at(cx, cy), GREEN), (cx, cy, at(cx, cy))
    for ox, oy in ((x - 1, y + h / 2), (x + w + 1, y + h / 2), (x + w / 2, y - 1.5), (x + w / 2, y + h + 1)):
        c = at(ox, oy)
        assert not near(c, GREEN) and not near(c, MAGENTA), (ox, oy, c)  # the clip: nothing past the box


def test_cmyk_builds_write_the_art_in_cmyk(cli, game):
    show_svg(game)
    assert build(cli, "--cmyk").code == 0
    art = [x for n, x in xobjects(game.root / "out" / "lanterns.pdf").items() if n.startswith("/FormXob.V")]
    code = art[0].get_data().decode("latin-1")
    fills = [tuple(map(float, m.groups())) for m in re.finditer(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k\b", code)]
    assert any(c > .5 and y > .5 and m < .2 for c, m, y, k in fills), fills  # green: cyan and yellow, through the profile
    assert any(m > .5 and y < .2 for c, m, y, k in fills), fills  # magenta
    assert " rg" not in code and " RG" not in code


def test_an_image_field_names_an_svg_in_a_table_cell(cli, game):
    (game.root / "card_specs" / "art").mkdir()
    (game.root / "card_specs" / ART).write_text(SHIP, encoding="utf-8")
    game.edit("card_specs/lanterns.yaml", "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n",
              "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n"
              "    art:    { image: true, required: false }\n")
    rows = game.rows()
    game.write_rows([rows[0] + ["art"]] + [r + ([ART] if r[0] == "red-1" else [""]) for r in rows[1:]])
    text = game.text(LAYOUT)
    end = text.index("\n  wish:", text.index("faces:\n  lantern:\n"))
    game.write(LAYOUT, text[:end] + '\n    - { image: "{art}", box: glow, when: art }' + text[end:])
    assert validate(cli).code == 0
    r = build(cli)
    assert r.code == 0, r.err
    found = xobjects(game.root / "out" / "lanterns.pdf")
    assert len([n for n in found if n.startswith("/FormXob.V")]) == 1
    assert not [n for n, x in found.items() if x.get("/Subtype") == "/Image"]
    # a broken SVG in the cell is an error at the cell
    (game.root / "card_specs" / ART).write_text("<svg xmlns='http://www.w3.org/2000/svg'><rect></svg>")
    r = validate(cli)
    assert r.code == 2
    line = game.line_of(CSV, "red-1,")
    one(r, "IMAGE-SVG", f"{CSV}:{line}:{len(rows[0]) + 1}", "image 'art/ship.svg' cannot be read as an SVG file",
        "not well-formed XML (line 1 of the SVG")


def test_user_art_svg_runs_on_into_the_bleed_mirrored(cli, game):
    """A component's own `image:` may be an SVG: in its `image_box`, running on into the bleed where
    the box meets the card's edge by mirrored copies, as raster art does."""
    (game.root / "card_specs" / "art").mkdir()
    # the band's own shape (63 x 18): red left half, blue right half
    (game.root / "card_specs" / "art" / "band.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 18">'
        '<rect width="31.5" height="18" fill="#ff0000"/><rect x="31.5" width="31.5" height="18" fill="#0000ff"/></svg>')
    rows = game.rows()
    game.write_rows([rows[0] + ["image", "image_box"]]
                    + [r + (["art/band.svg", "band"] if r[0] == "jade-1" else ["", ""]) for r in rows[1:]])
    r = cli("export", "lanterns", "--png", "--dpi", "100", "--bleed", "3", "--specs", "card_specs", "--out", "exp")
    no_traceback(r)
    assert r.code == 0, r.err
    im = np.asarray(Image.open(game.root / "exp" / "lanterns-png" / "jade-1.png").convert("RGB")).astype(int)
    k, H = 100 / 25.4, 88.0 + 6

    def at(x_mm, y_mm):  # card mm (origin the trim's bottom-left), into the bled image
        return tuple(im[int((H - (y_mm + 3)) * k), int((x_mm + 3) * k)])

    red, blue = (255, 0, 0), (0, 0, 255)
    near = lambda c, want: sum(abs(a - b) for a, b in zip(c, want)) < 40  # noqa: E731
    assert near(at(5, 79), red) and near(at(58, 79), blue)
    assert near(at(-2, 79), red) and near(at(65, 79), blue)  # the bleed: each side's own colour, mirrored
    assert near(at(5, 89.5), red) and near(at(58, 89.5), blue)  # above the top edge
    assert not near(at(5, 68), red)  # below the band: the card's own drawing


# -- broken and hostile SVGs -------------------------------------------------------------------------------

def test_a_broken_svg_is_an_error_at_its_element_and_nothing_is_built(cli, game):
    show_svg(game, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5"></svg>')
    at = game.at(LAYOUT, ART)
    r = validate(cli)
    assert r.code == 2
    one(r, "IMAGE-SVG", at, "image 'art/ship.svg' cannot be read as an SVG file", "line 1 of the SVG")
    r = build(cli)
    assert r.code == 2 and "lanterns: not built, the files above cannot be read" in r.err
    assert not (game.root / "out" / "lanterns.pdf").exists()


def test_what_only_svglib_refuses_is_found_by_the_build_at_its_element(cli, game):
    """`pnp validate` checks the XML (no reportlab); the build also converts with svglib, and what
    svglib cannot read (a length of '5qq') is an error there, located, before anything is drawn."""
    show_svg(game, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5qq" height="5"/></svg>')
    assert validate(cli).code == 0
    r = build(cli)
    assert r.code == 2
    one(r, "IMAGE-SVG", game.at(LAYOUT, ART), "cannot be drawn by svglib", "5q")
    assert not (game.root / "out" / "lanterns.pdf").exists()


def entity_bomb() -> str:
    ents = ['<!ENTITY a "aaaaaaaaaa">'] + [f'<!ENTITY {c} "{("&" + p + ";") * 10}">' for p, c in zip("abcdefgh", "bcdefghi")]
    return (f'<?xml version="1.0"?>\n<!DOCTYPE svg [\n{chr(10).join(ents)}\n]>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">&i;</text></svg>')


def use_bomb(levels: int = 9) -> str:
    defs = ['<g id="l0"><rect width="1" height="1"/></g>'] + [
        f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, levels + 1)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs>{"".join(defs)}</defs>'
            f'<use href="#l{levels}"/></svg>')


HOSTILE = {
    "an external entity": ('<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>\n'
                           '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">&x;</text></svg>',
                           "the external entity 'x'"),
    "a parameter entity": ('<!DOCTYPE svg [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>'
                           '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>', "the parameter entity 'p'"),
    "a billion laughs": (entity_bomb(), "made of other entities"),
    "a quadratic blowup": ('<!DOCTYPE svg [<!ENTITY big "' + "x" * 100_000 + '">]><svg xmlns="http://www.w3.org/2000/svg" '
                           'viewBox="0 0 10 10"><text>' + "&big;" * 50 + "</text></svg>", "expand to 5,000,000 bytes"),
    "an image of /etc/passwd": ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                'viewBox="0 0 10 10"><image xlink:href="file:///etc/passwd" width="5" height="5"/></svg>',
                                "refers to 'file:///etc/passwd' in the <image> at line 1 of the SVG"),
    "an absolute path": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="/etc/passwd" '
                         'width="5" height="5"/></svg>', "refers to '/etc/passwd'"),
    "a path out of the folder": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                 '<image href="../../../../../etc/passwd" width="5" height="5"/></svg>', "refers to '../"),
    "another svg": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><use href="other.svg#x"/></svg>',
                    "refers to 'other.svg#x'"),
    "an address": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="http://127.0.0.1:9/x.png"/></svg>',
                   "refers to 'http://127.0.0.1:9/x.png'"),
    "a use bomb": (use_bomb(), "draws more than 10,000 elements once every <use> copy is counted"),
    "a use loop": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g id="a"><rect width="1" height="1"/>'
                   '<use href="#a"/></g></svg>', "a loop that never ends"),
    "not an svg": ("<html><body/></html>", "root element is <html>, not <svg>"),
    "no size": ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>', "has no size"),
}


@pytest.mark.parametrize("what", HOSTILE)
def test_a_hostile_svg_is_refused_at_once_and_reads_nothing(cli, game, what):
    svg, words = HOSTILE[what]
    show_svg(game, svg)
    from work import counted

    with counted() as calls:
        r = validate(cli)
    assert calls.n < 1_000_000, calls  # refused, not expanded: a validate takes ~60,000 calls, ~90,000 cold
    assert r.code == 2
    one(r, "IMAGE-SVG", game.at(LAYOUT, ART), "image 'art/ship.svg'", words)
    assert codes(r) == ["IMAGE-SVG"]
    r = build(cli)
    assert r.code == 2 and "root:" not in r.out + r.err
    assert not (game.root / "out" / "lanterns.pdf").exists()


def test_plain_entities_such_as_illustrator_writes_are_expanded_and_no_dtd_is_loaded(cli, game):
    show_svg(game, '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "file:///etc/passwd" [\n'
                   '  <!ENTITY ns_svg "http://www.w3.org/2000/svg">\n  <!ENTITY word "Harbour">\n]>\n'
                   '<svg xmlns="&ns_svg;" viewBox="0 0 200 100"><rect width="200" height="100" fill="#00ff00"/>'
                   '<text x="5" y="60" font-size="30">&word;</text></svg>', fit="contain")
    r = build(cli)
    assert r.code == 0, r.err
    import pypdf

    text = pypdf.PdfReader(game.root / "out" / "lanterns.pdf").pages[0].extract_text()
    assert "Harbour" in text and "root:" not in text


MENTIONS = {  # <!ENTITY where it declares nothing: in a comment, a CDATA section, a quoted literal
    "a comment": '<!-- see <!ENTITY foo> -->',
    "a CDATA section": '<style><![CDATA[ /* <!ENTITY x SYSTEM "file:///etc/passwd"> */ ]]></style>',
}


@pytest.mark.parametrize("where", MENTIONS)
def test_an_entity_mentioned_in_a_comment_or_cdata_declares_nothing_and_the_art_prints(cli, game, where):
    show_svg(game, SHIP.replace("<rect", MENTIONS[where] + "<rect", 1))
    assert validate(cli).code == 0
    r = build(cli)
    assert r.code == 0, r.out + r.err
    assert codes(r) == []


def test_a_comment_in_the_doctype_hides_no_declaration_and_declares_none():
    from pnp.load import svgart
    from pnp.load.pixels import ImageProblem

    body = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&w;</text></svg>'
    commented = f'<!-- <!ENTITY a> --><!DOCTYPE svg [ <!-- <!ENTITY b SYSTEM "x"> --> <!ENTITY w "Hi"> ]>{body}'
    assert svgart._entities(commented.encode()) == [(b"w", b"Hi")]
    assert svgart.check(commented.encode()).findtext("{http://www.w3.org/2000/svg}text") == "Hi"
    # a `<!--` inside a quoted literal opens no comment: the external entity after it is seen
    hidden = (f'<!DOCTYPE svg [ <!NOTATION n SYSTEM "<!--"> <!ENTITY w "Hi"> <!ENTITY x SYSTEM '
              f'"file:///etc/passwd"> <!-- --> ]>{body}')
    with pytest.raises(ImageProblem, match="the external entity 'x'"):
        svgart.check(hidden.encode())


def test_an_svg_over_20_mb_is_refused_before_it_is_read(cli, game):
    show_svg(game)
    with open(game.root / "card_specs" / ART, "r+b") as f:
        f.truncate(20 * 1024 * 1024 + 1)  # sparse: nothing to write, nothing read
    r = validate(cli)
    assert r.code == 2
    one(r, "IMAGE-TOO-LARGE", game.at(LAYOUT, ART), "at most 20 MB")


def test_an_embedded_picture_is_drawn_and_a_huge_one_refused(cli, game):
    import base64
    import io

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (0, 255, 0)).save(buf, "PNG")
    data = base64.b64encode(buf.getvalue()).decode()
    show_svg(game, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                   f'<image href="data:image/png;base64,{data}" width="10" height="10"/></svg>')
    assert build(cli).code == 0
    # a PNG header claiming 100,000 x 100,000 px: refused from its header, never decoded
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    png = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
           + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))
    (game.root / "card_specs" / ART).write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        f'<image href="data:image/png;base64,{base64.b64encode(png).decode()}" width="10" height="10"/></svg>')
    r = validate(cli)
    assert r.code == 2
    one(r, "IMAGE-TOO-LARGE", game.at(LAYOUT, ART), "embeds a picture", "megapixels")


# -- once, lightly -----------------------------------------------------------------------------------------

def test_each_svg_is_parsed_and_converted_once_however_many_cards_show_it(cli, game, monkeypatch):
    from pnp.load import svgart

    calls = {"check": 0, "convert": 0}
    check, convert = svgart.check, svgart._convert

    def counted_check(data):
        calls["check"] += 1
        return check(data)

    def counted_convert(path, root):
        calls["convert"] += 1
        return convert(path, root)

    monkeypatch.setattr(svgart, "check", counted_check)
    monkeypatch.setattr(svgart, "_convert", counted_convert)
    show_svg(game)
    assert build(cli).code == 0  # 40 lanterns
    assert calls == {"check": 1, "convert": 1}


def test_validate_imports_no_reportlab_and_no_svglib(game):
    show_svg(game)
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "pnp", "validate", "lanterns", "--specs", "card_specs"],
                       cwd=game.root, capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "lxml" in r.stderr  # the SVG was read
    assert r.stderr.count("reportlab") == 0 and r.stderr.count("svglib") == 0


def test_changed_reprints_the_cards_an_edited_svg_is_on(cli, game):
    show_svg(game)
    assert build(cli).code == 0
    r = build(cli, "--changed")
    assert "nothing changed" in r.out, r.out
    path = game.root / "card_specs" / ART
    path.write_text(SHIP.replace("#ff00ff", "#ff00fe"), encoding="utf-8")
    r = build(cli, "--changed")
    assert r.code == 0, r.err
    assert "changed since the last full build: " in r.out and "red-1" in r.out and "wish-" not in r.out, r.out
