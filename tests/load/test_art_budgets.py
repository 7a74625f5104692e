"""User art that would make pnp wait or grind: a named pipe where an image is, SVG art whose
comments mention a declaration, sizes and scales no print has, and more elements than a build
draws in a few seconds. Each is a located error (or, for a comment, nothing at all); nothing hangs.

The commands that could hang run in a child process with a timeout, so a bug that comes back
fails the test instead of stopping the suite."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.folders import ROOT
from pnp.load import images, svgart
from pnp.load.pixels import ImageProblem

EXAMPLE = ROOT / "examples" / "lanterns"
SPEC = "card_specs/lanterns.yaml"
LAYOUT = "layouts/lanterns.yaml"
WISH = "  - { id: wish-red-2, kind: wish,"
PRINT_DPI = 300  # what a raster picture is printed at, at most (pnp/load/images.py)
PATIENCE = 30  # s: far beyond what validate or build of the example takes; only a hang reaches it


def lanterns(tmp_path: Path) -> Path:
    """examples/lanterns copied into tmp_path, with an empty card_specs/art/ folder."""
    for part in ("card_specs", "layouts"):
        shutil.copytree(EXAMPLE / part, tmp_path / part)
    (tmp_path / "card_specs" / "art").mkdir()
    return tmp_path


def edit(root: Path, rel: str, old: str, new: str) -> tuple[int, int]:
    """Replace the first `old` by `new` in `rel`; (line, column) where `new` begins."""
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)


def located(root: Path, rel: str, needle: str) -> str:
    """'FILE:LINE:COL' of `needle` in `rel`, as a diagnostic begins."""
    text = (root / rel).read_text(encoding="utf-8")
    at = text.index(needle)
    return f"{rel}:{text[:at].count(chr(10)) + 1}:{at - text.rfind(chr(10), 0, at)}"


def pnp(root: Path, *args: str) -> subprocess.CompletedProcess:
    """`pnp ARGS` in a child process run in `root`; a child that has not finished in PATIENCE
    seconds is killed and the test fails (it does not hang)."""
    try:
        return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=root, capture_output=True, text=True,
                              timeout=PATIENCE, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)} did not finish in {PATIENCE} s: it waits on something")


# -- a named pipe where the art is -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["x.png", "x.svg", "x.jpg"])
@pytest.mark.parametrize("where", ["component", "layout"])
def test_a_named_pipe_as_art_is_refused_at_its_image_value_without_waiting(tmp_path, name, where):
    root = lanterns(tmp_path)
    os.mkfifo(root / "card_specs" / "art" / name)
    if where == "component":
        edit(root, SPEC, WISH, f"  - {{ id: wish-red-2, image: art/{name}, kind: wish,")
        at = located(root, SPEC, f"art/{name}")
    else:
        edit(root, LAYOUT, '    - { rect: all, fill: "#fbf4e2" }\n',
             f'    - {{ rect: all, fill: "#fbf4e2" }}\n    - {{ image: art/{name}, box: art }}\n')
        at = located(root, LAYOUT, f"art/{name}")
    (root / "out").mkdir()
    (root / "out" / "lanterns.pdf").write_bytes(b"%PDF- the previous build")
    for command in (["validate"], ["build", "--out", "out"]):
        r = pnp(root, command[0], "lanterns", "--specs", "card_specs", *command[1:])
        assert r.returncode == 2, (command, r.stdout, r.stderr)
        said = r.stdout + r.stderr
        assert f"{at}: error[IMAGE-UNREADABLE]: image 'art/{name}' is a pipe, not a regular file" in said, said
        assert "Traceback" not in said
    assert (root / "out" / "lanterns.pdf").read_bytes() == b"%PDF- the previous build"



# -- SVG art: what a build draws is bounded, and no number is past what prints ----------------------

SVG = '<svg xmlns="http://www.w3.org/2000/svg" {root}>{body}</svg>'
SQUARE = '<rect width="5" height="5" fill="#00ff00"/>'


def show_svg(root: Path, svg: str) -> str:
    """`svg` saved as card_specs/art/art.svg, shown in the wish face's art box; the
    'FILE:LINE:COL' of its `image:` value."""
    (root / "card_specs" / "art" / "art.svg").write_text(svg, encoding="utf-8")
    edit(root, LAYOUT, '    - { rect: all, fill: "#fbf4e2" }\n',
         '    - { rect: all, fill: "#fbf4e2" }\n    - { image: art/art.svg, box: art }\n')
    return located(root, LAYOUT, "art/art.svg")


def refused_by_validate_and_build(cli, root: Path, at: str, *words: str) -> None:
    """validate and build both say IMAGE-SVG at `at` with `words`, exit 2, and the previous PDF
    is kept."""
    (root / "out").mkdir(exist_ok=True)
    (root / "out" / "lanterns.pdf").write_bytes(b"%PDF- the previous build")
    for command in (["validate"], ["build", "--out", "out"]):
        r = cli(command[0], "lanterns", "--specs", "card_specs", *command[1:])
        said = r.out + r.err
        assert r.code == 2, (command, said)
        found = [x for x in said.splitlines() if "error[IMAGE-SVG]" in x]
        assert len(found) == 1 and found[0].startswith(f"{at}: error[IMAGE-SVG]: image 'art/art.svg' "), said
        assert all(w in found[0] for w in words), (words, found[0])
        assert "Traceback" not in said
    assert (root / "out" / "lanterns.pdf").read_bytes() == b"%PDF- the previous build"


ABSURD = {
    "a width of 1e308": ('width="1e308" height="10"', SQUARE, "the width '1e308'", "past what pnp prints"),
    "a width of 1e-300": ('width="1e-300" height="1e-300"', SQUARE, "the width '1e-300'", "below what pnp prints"),
    "a viewBox of 1e308": ('viewBox="0 0 1e308 10"', SQUARE, "the viewBox '0 0 1e308 10'", "past what pnp prints"),
    "a rect of 1e308": ('viewBox="0 0 10 10"', '<rect width="1e308" height="5"/>',
                        "the <rect> at line 1 of the SVG the width '1e308'", "1e308 is past the 1,000,000,000"),
    "a path to 1e308": ('viewBox="0 0 10 10"', '<path d="M0 0L1e308 5Z"/>', "its path data 'M0 0L1e308 5Z'"),
    "a stroke of 1e308": ('viewBox="0 0 10 10"', '<rect style="stroke-width:1e308" stroke="red" width="5" height="5"/>',
                          "the style 'stroke-width:1e308'"),
    "a style sheet": ('viewBox="0 0 10 10"', '<style>rect { stroke-width: 1e999 }</style>' + SQUARE,
                      "its style sheet", "1e999 is past"),
    "scale(1e308)": ('viewBox="0 0 10 10"', '<rect transform="scale(1e308)" width="5" height="5"/>',
                     "the <rect> at line 1 of the SVG holds under transforms that enlarge it more than"),
    "scales that multiply": ('viewBox="0 0 10 10"', '<g transform="scale(1e5)"><g transform="scale(2e2)">'
                             '<rect transform="scale(1e3)" width="5" height="5"/></g></g>',
                             "the <g> at line 1 of the SVG holds under transforms that enlarge it more than "
                             "1,000,000,000 times"),
    "a skew of 90 degrees": ('viewBox="0 0 10 10"', '<rect transform="skewX(89.99999999999)" width="5" height="5"/>',
                             "enlarge it more than 1,000,000,000 times"),
}


@pytest.mark.parametrize("what", ABSURD)
def test_a_size_or_scale_no_print_has_is_refused_by_validate_at_the_image_value(cli, tmp_path, what):
    root_attrs, body, *words = ABSURD[what]
    root = lanterns(tmp_path)
    at = show_svg(root, SVG.format(root=root_attrs, body=body))
    refused_by_validate_and_build(cli, root, at, *words)


def test_names_and_colours_that_look_like_large_numbers_are_not_numbers(cli, tmp_path):
    root = lanterns(tmp_path)
    show_svg(root, SVG.format(root='viewBox="0 0 10 10" width="999999999" height="12345.5e2"',
                              body='<rect id="a1e999" class="x-1e999" fill="#1e9999" width="5" height="5"/>'
                                   '<path d="M0 0L1e3 5l.5e2-999999999Z"/>'))
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    assert r.code == 0, r.out + r.err


def test_a_drawing_with_a_number_reportlab_cannot_write_is_refused_not_written():
    """The net under the checks of the SVG's text: what svglib made is looked at before a build
    writes it."""
    from reportlab.graphics.shapes import Drawing, Group, Rect

    fine = Drawing(10, 10, Group(Rect(0, 0, 5, 5)))
    assert not svgart._past_print(fine)
    for bad in (Rect(0, 0, 1e30, 5), Rect(0, 0, float("inf"), 5), Group(Rect(0, 0, 5, 5), transform=(1e300, 0, 0, 1, 0, 0))):
        assert svgart._past_print(Drawing(10, 10, Group(bad)))


def rects(n: int) -> str:
    return SVG.format(root='viewBox="0 0 300 400"', body="".join(
        f'<rect x="{i % 300}" y="{i // 300}" width="1" height="1" fill="#00ff00"/>' for i in range(n)))


def test_an_svg_past_what_a_build_draws_in_seconds_is_refused_from_its_text(cli, tmp_path):
    """99,990 <rect>s took 28 s to build; a build draws at most MAX_SHAPES (10,000 take ~2 s),
    counted before svglib converts a thing."""
    from work import counted

    assert svgart.MAX_SHAPES == 10_000
    root = lanterns(tmp_path)
    at = show_svg(root, rects(99_990))
    with counted() as calls:
        r = cli("validate", "lanterns", "--specs", "card_specs")
    assert r.code == 2 and f"{at}: error[IMAGE-SVG]: image 'art/art.svg' draws more than 10,000 elements" in r.out + r.err
    assert calls.n < 5_000_000, calls  # counted, never converted: converting takes ~30 calls per element
    refused_by_validate_and_build(cli, root, at, "draws more than 10,000 elements")


@pytest.mark.parametrize("what", ["rects", "path", "text"])
def test_what_counts_towards_the_budget(what):
    """An element is one; a path one more for every 200 bytes of its data, a text for every 100
    characters: a 3 MB path is as much work as 15,000 elements."""
    under, over = {
        "rects": (rects(9_990), rects(10_001)),
        "path": tuple(SVG.format(root='viewBox="0 0 10 10"', body=f'<path d="M0 0{"L1 1" * n}Z"/>')
                      for n in (490_000, 510_000)),
        "text": tuple(SVG.format(root='viewBox="0 0 10 10"', body=f'<text>{"x" * n}</text>') for n in (990_000, 1_010_000)),
    }[what]
    svgart.check(under.encode())
    with pytest.raises(ImageProblem, match="draws more than 10,000 elements"):
        svgart.check(over.encode())


# -- raster art: no more pixels than the print holds -------------------------------------------------

def image_xobjects(pdf: Path) -> dict[int, tuple[int, int]]:
    """Every image XObject of the PDF (in pages and in the forms they use): id -> (width, height)."""
    from pypdf import PdfReader

    found: dict[int, tuple[int, int]] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        xobjects = (resources or {}).get("/XObject") or {}
        for ref in xobjects.values():
            x = ref.get_object()
            key = ref.idnum if hasattr(ref, "idnum") else id(x)
            if key in seen:
                continue
            seen.add(key)
            if x.get("/Subtype") == "/Image":
                found[key] = (int(x["/Width"]), int(x["/Height"]))
            elif x.get("/Subtype") == "/Form":
                walk(x.get("/Resources"))

    for page in PdfReader(pdf).pages:
        walk(page.get("/Resources"))
    return found


def picture(path: Path, w: int, h: int) -> None:
    """A w x h px picture with detail everywhere (a gradient under circles)."""
    from PIL import Image, ImageDraw

    im = Image.merge("RGB", [Image.linear_gradient("L").resize((w, h)), Image.radial_gradient("L").resize((w, h)),
                             Image.linear_gradient("L").rotate(90).resize((w, h))])
    d = ImageDraw.Draw(im)
    for i in range(0, min(w, h), 97):
        d.ellipse((i, i, i + 80, i + 120), fill=(i % 256, 255 - i % 256, 128))
    im.save(path)


def test_a_picture_finer_than_the_print_is_stored_at_print_dpi_once_however_often_it_shows(cli, tmp_path):
    """3000 px over a 63 x 88 mm card is ~800 dpi: stored at PRINT_DPI (300) it is ~815 x 1110 px,
    a ninth of the pixels, and each picture is one image in the PDF however many cards show it.
    30 such pictures took 39 s and 4 GB to build (26 s and 2.1 GB as PNG)."""
    root = lanterns(tmp_path)
    art = root / "card_specs" / "art"
    picture(art / "big.jpg", 3000, 3000)
    picture(art / "big.png", 2400, 2400)
    picture(art / "tall.png", 2900, 4000)  # a back: the whole piece
    edit(root, SPEC, "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n",
         "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n"
         "    pic:    { image: true, required: false }\n")
    rows = (root / "card_specs" / "lanterns.csv").read_text(encoding="utf-8").splitlines()
    pics = {1: "art/big.jpg", 2: "art/big.jpg", 3: "art/big.png"}
    rows = [rows[0] + ",pic"] + [r + "," + pics.get(n, "") for n, r in enumerate(rows[1:], start=1)]
    (root / "card_specs" / "lanterns.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    edit(root, LAYOUT, '    - { rect: all, fill: "{colour.light}" }\n',
         '    - { rect: all, fill: "{colour.light}" }\n    - { image: "{pic}", box: all, when: pic }\n')
    edit(root, SPEC, "{ id: wish-back, kind: back,", "{ id: wish-back, kind: back, image: art/tall.png,")
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    assert r.code == 0, r.out + r.err
    sizes = image_xobjects(root / "out" / "lanterns.pdf")
    # the card's height with its bleed (3 mm a side at most) at PRINT_DPI: a square picture covers
    # the card by its height, its sides cut off; the back's mirrored strips make up its bleed
    most = round((88 + 2 * 3) / 25.4 * PRINT_DPI) + 2
    assert len(sizes) == 3, sizes  # big.jpg on two cards, big.png, tall.png on eight backs: once each
    assert all(max(w, h) <= most for w, h in sizes.values()), (sizes, most)
    assert sum(w * h for w, h in sizes.values()) < 4_000_000, sizes  # was 9 + 5.8 + 11.6 megapixels
    assert images.PRINT_DPI == PRINT_DPI
