"""User art (`image:` on a component or back design): the image lands in the PDF once, inside
its box, clipped to the piece's shape and run on into the bleed; every bad image is a located
diagnostic with the right exit code, never a traceback. The shipped example builds."""
import json
import shutil
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import MM, SHAPES_DIR
from pnp.load import images
from pnp.folders import ROOT

MAGENTA = (255, 0, 255)  # no colour of the shapes game: where it shows, the image is
DPI = 100
PX = DPI / 25.4

SPEC = """\
game: shapes-test
name: {{ en: Shapes, zh-TW: 形狀 }}
backs:
  - {{ id: plain, kind: plain{back} }}
components:
  - {{ id: card, kind: card, count: 3, back: plain{card} }}
  - {{ id: token, kind: token, count: 2{token} }}
"""


def game(tmp_path, card="", back="", token="", art=None):
    """A shapes-test spec in tmp_path/card_specs with its layout beside; `art` maps names in
    card_specs/art/ to PIL images (or bytes). Returns (specs dir, spec text lines)."""
    specs = tmp_path / "card_specs"
    (specs / "art").mkdir(parents=True, exist_ok=True)
    shutil.copytree(SHAPES_DIR / "layouts", tmp_path / "layouts", dirs_exist_ok=True)
    for name, content in (art or {}).items():
        if isinstance(content, bytes):
            (specs / "art" / name).write_bytes(content)
        else:
            content.save(specs / "art" / name)
    text = SPEC.format(card=card, back=back, token=token)
    (specs / "shapes-test.yaml").write_text(text, encoding="utf-8")
    return specs, text.splitlines()


def at(lines, needle):
    """(line, col) of `needle` in the spec, 1-based as diagnostics give them."""
    for n, line in enumerate(lines, start=1):
        if needle in line:
            return n, line.index(needle) + 1
    raise AssertionError(f"{needle!r} not in the spec")


def solid(w=400, h=400, colour=MAGENTA):
    return Image.new("RGB", (w, h), colour)


def diagnostics(result):
    return [d for g in result.json()["games"].values() for d in g["diagnostics"]]


def build(cli, tmp_path, specs, *extra):
    out = tmp_path / "out"
    r = cli("build", "shapes-test", "--specs", specs, "--out", out, *extra)
    return r, out


def rendered(pdf: Path, page: int):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[page - 1].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def pixel(img, x_mm, y_mm):
    return img.getpixel((int(x_mm * PX), int(img.height - y_mm * PX)))


def pieces(out, side, ident):
    data = json.loads((out / "shapes-test.json").read_text())
    return [(p["page"], piece) for p in data["pages"] if p["side"] == side for piece in p["pieces"] if piece["id"] == ident]


# -- drawn, placed, clipped, bled ---------------------------------------------------------------

def test_an_image_in_a_box_is_one_image_xobject_covering_the_box_centred(cli, tmp_path, shapes_game):
    # 300 x 100 px into the 53 x 8 mm title box (x 5, y 40): scaled to cover its width, 17.7 mm
    # high, centred on the box; stored once for the three copies
    specs, _ = game(tmp_path, card=", image: art/face.png, image_box: title", art={"face.png": solid(1200, 400)})
    r, out = build(cli, tmp_path, specs, "--backs", "none")
    assert r.code == 0, r.err
    reader = PdfReader(out / "shapes-test.pdf")
    xobjects = set()
    for page in reader.pages:
        for img in page.images:
            xobjects.add(img.indirect_reference.idnum if img.indirect_reference else img.name)
    assert len(xobjects) == 1
    [(n, card), *_] = pieces(out, "front", "card")
    with pdfplumber.open(out / "shapes-test.pdf") as pdf:
        page = pdf.pages[n - 1]
        placed = [(i["x0"] / MM, (page.height - i["bottom"]) / MM, i["x1"] / MM, (page.height - i["top"]) / MM)
                  for i in page.images]
    assert len(placed) == 3
    # the title box is centred on the card: the image's centre is the card's, however it is turned
    cx, cy = on_page(card, 31.5, 44)
    [(x0, y0, x1, y1)] = [b for b in placed if b[0] < cx < b[2] and b[1] < cy < b[3]]
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((cx, cy), abs=0.05)
    across, along = sorted((x1 - x0, y1 - y0))
    assert (along, across) == pytest.approx((53, 53 / 3), abs=0.05)
    img = rendered(out / "shapes-test.pdf", n)
    assert pixel(img, *on_page(card, 31.5, 44)) == MAGENTA
    assert pixel(img, *on_page(card, 31.5, 49.5)) != MAGENTA  # cut off at the box: 1.5 mm above it
    assert pixel(img, *on_page(card, 31.5, 38.5)) != MAGENTA


def on_page(piece, px, py):
    """A point given in the piece's own mm (from its template's bottom-left) on the page."""
    import math

    x, y, w, h = piece["trim_mm"]
    turned = piece["rotation"] % 180 == 90
    tw, th = (h, w) if turned else (w, h)
    a = math.radians(piece["rotation"])
    dx, dy = px - tw / 2, py - th / 2
    return x + w / 2 + dx * math.cos(a) - dy * math.sin(a), y + h / 2 + dx * math.sin(a) + dy * math.cos(a)


def test_a_whole_piece_image_is_clipped_to_a_circle_and_runs_into_its_bleed(cli, tmp_path, shapes_game):
    specs, _ = game(tmp_path, token=", image: art/coin.png", art={"coin.png": solid(360, 360)})
    r, out = build(cli, tmp_path, specs)
    assert r.code == 0, r.err
    n, token = pieces(out, "front", "token")[0]
    x, y, w, h = token["trim_mm"]
    img = rendered(out / "shapes-test.pdf", n)
    cx, cy, radius = x + w / 2, y + h / 2, w / 2
    assert pixel(img, cx, cy) == MAGENTA
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):  # 1.5 mm out, inside the 3 mm bleed: art
        assert pixel(img, cx + dx * (radius + 1.5), cy + dy * (radius + 1.5)) == MAGENTA
    for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):  # the bounding box's corners: paper
        assert pixel(img, cx + dx * (radius - 1), cy + dy * (radius - 1)) != MAGENTA


def test_a_back_without_bleed_is_extended_by_its_mirrored_edge_pixels(cli, tmp_path, shapes_game):
    # a 63 x 88 mm back with a 1 px frame in four colours: mirrored, each colour shows again
    # just outside its edge, in the bleed
    w, h = 744, 1039
    back = solid(w, h, (240, 240, 240))
    for box, colour in (((0, 0, w, 8), (255, 0, 0)), ((0, h - 8, w, h), (0, 0, 255)),
                        ((0, 8, 8, h - 8), (0, 160, 0)), ((w - 8, 8, w, h - 8), (255, 160, 0))):
        back.paste(colour, box)
    specs, _ = game(tmp_path, back=", image: art/back.png", art={"back.png": back})
    r, out = build(cli, tmp_path, specs)
    assert r.code == 0, r.err
    n, card = pieces(out, "back", "card")[0]
    img = rendered(out / "shapes-test.pdf", n)
    expect = {(31.5, 88.4): (255, 0, 0), (31.5, -0.4): (0, 0, 255),  # PIL's top row is the card's top
              (-0.4, 44): (0, 160, 0), (63.4, 44): (255, 160, 0)}
    for (px, py), colour in expect.items():
        got = pixel(img, *on_page(card, px, py))
        assert max(abs(a - b) for a, b in zip(got, colour)) < 40, ((px, py), got, colour)
    for px, py in ((31.5, 90.5), (-2.5, 44), (65.5, 44), (31.5, -2.5)):  # deeper: the mirrored inner grey
        assert pixel(img, *on_page(card, px, py)) == (240, 240, 240), (px, py)


def test_mirrored_strips_repeat_the_edge_pixels_outwards():
    img = Image.new("RGB", (3, 2))
    img.putdata([(1, 0, 0), (2, 0, 0), (3, 0, 0), (4, 0, 0), (5, 0, 0), (6, 0, 0)])
    out = images.mirrored(img, 2, 1, 1, 1)  # left, bottom, right, top
    assert out.size == (6, 4)
    assert [out.getpixel((i, 1))[0] for i in range(6)] == [2, 1, 1, 2, 3, 3]
    assert [out.getpixel((2, j))[0] for j in range(4)] == [1, 1, 4, 4]
    assert images.mirrored(img, 2, 1, 1, 1) is out  # asked again: the same image, one XObject


def test_a_card_printed_many_times_decodes_its_image_once(cli, tmp_path, shapes_game, monkeypatch):
    opened = []
    real = Image.open
    monkeypatch.setattr(Image, "open", lambda fp, *a, **k: opened.append(str(getattr(fp, "name", fp))) or real(fp, *a, **k))
    specs, _ = game(tmp_path, card=", image: art/face.png", back=", image: art/face.png",
                    art={"face.png": solid(800, 1100)})
    r, out = build(cli, tmp_path, specs)
    assert r.code == 0, r.err
    assert len([p for p in opened if p.endswith("face.png")]) == 1


# -- diagnostics ---------------------------------------------------------------------------------

def check_error(cli, tmp_path, specs, lines, needle, code, words):
    line, col = at(lines, needle)
    for command in ("validate", "build"):
        args = [command, "shapes-test", "--specs", specs, "--format", "json"]
        r = cli(*args, *(["--out", tmp_path / "out"] if command == "build" else []))
        assert r.code == 2, (command, r.out, r.err)
        [d] = [d for d in diagnostics(r) if d["code"] == code]
        assert (d["line"], d["col"], d["severity"]) == (line, col, "error"), d
        for w in words:
            assert w in d["message"], d["message"]
    assert not (tmp_path / "out" / "shapes-test.pdf").exists()


def test_a_missing_image_is_located_and_lists_the_images_there(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, card=", image: art/fase.png", art={"face.png": solid()})
    check_error(cli, tmp_path, specs, lines, "art/fase.png", "IMAGE-MISSING", ["does not exist", "face.png"])


def test_a_text_file_named_png_is_unreadable(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, token=", image: art/notes.png", art={"notes.png": b"not an image\n"})
    check_error(cli, tmp_path, specs, lines, "art/notes.png", "IMAGE-UNREADABLE", ["cannot be read", "PNG or JPEG"])


def test_a_gif_is_refused(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, back=", image: art/back.gif")
    solid(50, 50).save(specs / "art" / "back.gif")
    check_error(cli, tmp_path, specs, lines, "art/back.gif", "IMAGE-UNREADABLE", ["GIF", "PNG or JPEG"])


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_a_path_leaving_the_specs_folder_is_refused(cli, tmp_path, shapes_game, how):
    outside = tmp_path / "x.png"
    solid().save(outside)  # it exists: refused for where it is, not for being missing
    written = {"dotdot": "../x.png", "absolute": str(outside), "symlink": "art/link.png"}[how]
    specs, lines = game(tmp_path, card=f", image: {written}")
    if how == "symlink":
        (specs / "art" / "link.png").symlink_to(outside)
    words = {"dotdot": ["leads outside"], "absolute": ["absolute path"], "symlink": ["symbolic link", "outside"]}[how]
    check_error(cli, tmp_path, specs, lines, written, "IMAGE-OUTSIDE", words)


def test_an_image_box_the_template_lacks_is_located_by_validate_as_by_build(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, card=", image: art/face.png, image_box: picture", art={"face.png": solid()})
    check_error(cli, tmp_path, specs, lines, "picture", "IMAGE-BOX", ["'picture'", "title"])
    r = cli("validate", "shapes-test", "--specs", specs)  # never "ok" for what build refuses
    assert r.code == 2 and "shapes-test: ok" not in r.out


def test_an_image_box_without_an_image_is_located(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, card=", image_box: title")
    r = cli("validate", "shapes-test", "--specs", specs, "--format", "json")
    assert r.code == 2
    [d] = diagnostics(r)
    assert (d["code"], d["line"], d["col"]) == ("SPEC-MISSING-KEY", *at(lines, "image_box"))


def test_a_too_small_image_is_a_located_warning_and_the_build_goes_on(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, token=", image: art/tiny.png", art={"tiny.png": solid(10, 10)})
    r, out = build(cli, tmp_path, specs, "--format", "json")
    assert r.code == 0, r.out
    [d] = [d for d in diagnostics(r) if d["code"] == "IMAGE-DPI"]
    assert (d["line"], d["col"], d["severity"]) == (*at(lines, "art/tiny.png"), "warning")
    # 10 px over the 30 mm token: 8 dpi; 150 dpi needs 178 px
    assert "10 x 10 px" in d["message"] and "8 dpi" in d["message"] and "178 x 178 px" in d["message"]
    assert (out / "shapes-test.pdf").exists()
    r = cli("build", "shapes-test", "--specs", specs, "--out", out)
    assert r.code == 0 and f"shapes-test.yaml:{d['line']}:{d['col']}: warning[IMAGE-DPI]" in r.err
    assert "Traceback" not in r.err


# -- images far larger than any print: refused from their header, memory bounded -----------------

def huge_png(path: Path, w: int, h: int) -> None:
    """A 1-bit PNG of w x h px written row by row: a file of kilobytes that decodes to w*h*3 bytes."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    packer, row = zlib.compressobj(9), b"\x00" * (1 + (w + 7) // 8)
    idat = b"".join(packer.compress(row) for _ in range(h)) + packer.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
                     + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


# The child's own peak: VmHWM counts this program's memory only, where ru_maxrss keeps the peak of
# the process it was forked from (a test worker of a gigabyte made every child "take" a gigabyte).
MEASURED = """\
import sys
from pnp.cli import main
code = main(sys.argv[1:])
hwm = next(ln.split()[1] for ln in open("/proc/self/status") if ln.startswith("VmHWM:"))
print("maxrss-kb", hwm, file=sys.stderr)
sys.exit(code)
"""


def run_measured(*args):
    """`pnp ARGS` in a child Python: (exit code, stdout, stderr, its peak memory in MB)."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", MEASURED, *map(str, args)], capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    peak = int(r.stderr.rsplit("maxrss-kb ", 1)[1]) / 1024
    return r.returncode, r.stdout, r.stderr.rsplit("maxrss-kb ", 1)[0], peak


def test_a_12000_px_png_of_a_few_kilobytes_is_refused_at_its_line_in_bounded_memory(tmp_path):
    specs = tmp_path / "art"
    shutil.copytree(ROOT / "examples" / "art", specs)
    huge_png(specs / "art" / "cookie.png", 12000, 12000)  # 144 megapixels: 0.4 GB decoded
    assert (specs / "art" / "cookie.png").stat().st_size < 100_000
    lines = (specs / "christmas-tree.yaml").read_text(encoding="utf-8").splitlines()
    line, col = at(lines, "art/cookie.png")
    expected = (f"christmas-tree.yaml:{line}:{col}: error[IMAGE-TOO-LARGE]: image 'art/cookie.png' is 12000 x 12000 "
                "px, 144 megapixels; pnp decodes at most 40 megapixels: scale it to the size it prints at "
                "(1200 dpi is the most any print shows)")
    for command in (["validate"], ["build", "--out", tmp_path / "out"]):
        code, out, err, peak = run_measured(command[0], "christmas-tree", "--specs", specs, *command[1:])
        assert code == 2, (out, err)
        assert expected in out + err
        assert "DecompressionBomb" not in out + err and "Traceback" not in err
        assert peak < 400, f"{command[0]} took {peak:.0f} MB"
    assert not (tmp_path / "out" / "christmas-tree.pdf").exists()


def test_more_pixels_than_the_piece_prints_at_1200_dpi_is_refused_by_validate_and_build(cli, tmp_path, shapes_game):
    # the token is 30 mm across: 1417 px at 1200 dpi; 2000 px is far finer than any print
    specs, lines = game(tmp_path, token=", image: art/fine.png", art={"fine.png": solid(2000, 2000)})
    check_error(cli, tmp_path, specs, lines, "art/fine.png", "IMAGE-TOO-LARGE",
                ["2000 x 2000 px", "more than 1200 dpi", "scale it to at most 1417 x 1417 px"])
    specs, lines = game(tmp_path, token=", image: art/ok.png", art={"ok.png": solid(1400, 1400)})
    assert cli("validate", "shapes-test", "--specs", specs).code == 0


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_the_pixel_size_is_read_from_the_header_as_pillow_reads_it(tmp_path, fmt):
    from pnp.load.pixels import pixel_size

    path = tmp_path / f"x.{fmt.lower()}"
    img = solid(37, 23)
    img.save(path, fmt, **({"exif": b"Exif\x00\x00" + b"\x00" * 40, "icc_profile": b"\x00" * 70000}
                           if fmt == "JPEG" else {}))
    assert pixel_size(path) == Image.open(path).size == (37, 23)
    (tmp_path / "x.gif").write_bytes(b"GIF89a")
    assert pixel_size(tmp_path / "x.gif") is None


def test_a_huge_image_of_another_format_says_so_without_pillows_warning(cli, tmp_path, shapes_game, recwarn):
    # a GIF header claiming 30000 x 30000 px: Pillow warns (or refuses) before it says what it is
    gif = b"GIF89a" + (30000).to_bytes(2, "little") * 2 + b"\x00\x00\x00" + b"\x2c" + b"\x00" * 9 + b"\x02\x02\x44\x01\x00\x3b"
    specs, lines = game(tmp_path, token=", image: art/big.gif", art={"big.gif": gif})
    check_error(cli, tmp_path, specs, lines, "art/big.gif", "IMAGE-UNREADABLE", ["more pixels than pnp decodes"])
    assert not [w for w in recwarn if "DecompressionBomb" in type(w.message).__name__]


# -- the shipped example -------------------------------------------------------------------------

def test_the_art_example_builds_with_its_images_and_no_warning(cli, tmp_path):
    example = ROOT / "examples" / "art"
    r = cli("build", "christmas-tree", "--specs", example, "--out", tmp_path / "out", "--format", "json")
    assert r.code == 0, r.out
    assert diagnostics(r) == []
    reader = PdfReader(tmp_path / "out" / "christmas-tree.pdf")
    data = json.loads((tmp_path / "out" / "christmas-tree.json").read_text())
    sides = {p["page"]: (p["side"], {q["id"] for q in p["pieces"]}) for p in data["pages"]}
    cookie_front = next(n for n, (side, ids) in sides.items() if side == "front" and ids == {"cookie"})
    tree_back = next(n for n, (side, ids) in sides.items() if side == "back" and "gold-star-1" in ids)
    assert len(reader.pages[cookie_front - 1].images) == 1  # one picture for the 12 cookies on the sheet
    assert len(reader.pages[cookie_front].images) == 1  # and the cookie back behind them
    assert len(reader.pages[tree_back - 1].images) == 1
