"""WebP art (issue 26): an `image:` or an image field naming a .webp file is read as a PNG is —
printed, checked against the same pixel budgets from its header before a pixel is decoded — and
an animated WebP prints its first frame. Uses the shapes test game of tests/load/test_user_art.py
and the Lantern Walk example (a declared game's image field in a table cell)."""
from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from PIL import Image

from test_user_art import MAGENTA, build, check_error, game, on_page, pieces, pixel, rendered, solid

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"


def webp(img: Image.Image, **options) -> bytes:
    out = io.BytesIO()
    img.save(out, "WEBP", lossless=True, **options)
    return out.getvalue()


def centre_colour(cli, tmp_path, specs):
    """The colour at the centre of the first printed token."""
    r, out = build(cli, tmp_path, specs)
    assert r.code == 0, r.out + r.err
    n, token = pieces(out, "front", "token")[0]
    x, y, w, h = token["trim_mm"]
    return pixel(rendered(out / "shapes-test.pdf", n), x + w / 2, y + h / 2)


def test_a_webp_image_is_printed_like_a_png(cli, tmp_path, shapes_game):
    specs, _ = game(tmp_path, token=", image: art/coin.webp", art={"coin.webp": webp(solid(360, 360))})
    assert centre_colour(cli, tmp_path, specs) == MAGENTA


def test_an_animated_webp_prints_its_first_frame(cli, tmp_path, shapes_game):
    frames = [solid(360, 360), solid(360, 360, (0, 200, 0))]
    specs, _ = game(tmp_path, token=", image: art/coin.webp",
                    art={"coin.webp": webp(frames[0], save_all=True, append_images=frames[1:], duration=100)})
    assert centre_colour(cli, tmp_path, specs) == MAGENTA


def test_a_webp_too_large_is_refused_from_its_header(cli, tmp_path, shapes_game):
    """A VP8X header saying 10,000 x 10,000 px, and nothing after it: refused for its size before
    any decoding is tried."""
    size = (10_000 - 1).to_bytes(3, "little")
    head = b"VP8X" + (10).to_bytes(4, "little") + b"\x00\x00\x00\x00" + size + size
    data = b"RIFF" + (4 + len(head)).to_bytes(4, "little") + b"WEBP" + head
    specs, lines = game(tmp_path, token=", image: art/coin.webp", art={"coin.webp": data})
    check_error(cli, tmp_path, specs, lines, "art/coin.webp", "IMAGE-TOO-LARGE", ["10000 x 10000 px", "100 megapixels"])


def test_a_webp_with_more_pixels_than_its_print_holds(cli, tmp_path, shapes_game):
    specs, lines = game(tmp_path, token=", image: art/coin.webp", art={"coin.webp": webp(solid(3000, 3000))})
    check_error(cli, tmp_path, specs, lines, "art/coin.webp", "IMAGE-TOO-LARGE", ["3000 x 3000 px", "1200 dpi"])


def test_a_damaged_webp_is_a_located_error(cli, tmp_path, shapes_game):
    data = webp(solid(64, 64))
    specs, lines = game(tmp_path, token=", image: art/coin.webp", art={"coin.webp": data[:40]})
    check_error(cli, tmp_path, specs, lines, "art/coin.webp", "IMAGE-UNREADABLE", ["cannot be read", "WebP"])


def test_an_image_field_of_a_declared_game_may_name_a_webp(cli, tmp_path):
    for part in ("card_specs", "layouts"):
        shutil.copytree(EXAMPLE / part, tmp_path / part)
    spec, table, layout = (tmp_path / p for p in ("card_specs/lanterns.yaml", "card_specs/lanterns.csv",
                                                  "layouts/lanterns.yaml"))
    spec.write_text(spec.read_text(encoding="utf-8").replace(
        "    icons:  { list", "    art:    { image: true, required: false }\n    icons:  { list", 1), encoding="utf-8")
    lines = table.read_text(encoding="utf-8").splitlines()
    lines = [lines[0] + ",art", lines[1] + ",art/moth.webp"] + [x + "," for x in lines[2:]]
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        '    - { text: "{value}", box: value, colour: "{colour.colour}", weight: bold, turn: 180 }',
        '    - { text: "{value}", box: value, colour: "{colour.colour}", weight: bold, turn: 180 }\n'
        '    - { image: "{art}", box: glow, when: art }', 1), encoding="utf-8")
    (tmp_path / "card_specs/art").mkdir()
    (tmp_path / "card_specs/art/moth.webp").write_bytes(webp(solid(200, 200)))
    r = cli("validate", "lanterns", "--specs", "card_specs")
    assert r.code == 0, r.out + r.err
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    assert r.code == 0, r.out + r.err
    pages = json.loads((tmp_path / "out/lanterns.json").read_text())["pages"]
    [(n, moth)] = [(p["page"], piece) for p in pages if p["side"] == "front" for piece in p["pieces"]
                   if piece["id"] == "red-1"]
    img = rendered(tmp_path / "out/lanterns.pdf", n)
    assert pixel(img, *on_page(moth, 31.5, 41)) == MAGENTA  # the centre of the glow box
