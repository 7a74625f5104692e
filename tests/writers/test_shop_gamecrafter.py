"""`--shop gamecrafter`: The Game Crafter's upload, read back from the files — a PNG per face and
per back at 300 dpi with 1/8 in of bleed, its poker card exactly 825 x 1125 px (`--edition
poker-us`, the layout's 2.5 x 3.5 in edition made from its 63 x 88 mm one), each face's count
and back in the map; a card size the shop does not sell is a warning naming the edition that is."""
from __future__ import annotations

import json

import pytest
from PIL import Image


@pytest.fixture(scope="module")
def tgc(tmp_path_factory):
    from pnp.cli import main

    out = tmp_path_factory.mktemp("gamecrafter")
    assert main(["build", "the-jam", "--shop", "gamecrafter", "--edition", "poker-us", "--out", str(out)]) == 0
    return out


def test_every_face_and_back_at_the_shops_pixel_size(tgc):
    data = json.loads((tgc / "the-jam-gamecrafter.json").read_text())
    folder = tgc / data["folder"]
    fronts = [f for f in data["files"] if f["side"] == "front"]
    backs = [f for f in data["files"] if f["side"] == "back"]
    assert len(fronts) == 81 and len(backs) == 2 and sum(f["count"] for f in fronts) == 84
    assert sorted(p.name for p in folder.iterdir()) == sorted(f["file"] for f in data["files"])
    for f in data["files"]:
        with Image.open(folder / f["file"]) as im:
            assert im.size == (825, 1125) and f["product"] == "poker"
            assert round(im.info["dpi"][0]) == 300
            rgb = im.convert("RGB")
            edge = rgb.getpixel((5, 562))  # inside the 1/8 in bleed: the art runs into it, not blank
            assert edge != (255, 255, 255) or rgb.getpixel((820, 562)) != (255, 255, 255), f["file"]
            small = rgb.resize((40, 55)).tobytes()
            assert len({small[i:i + 3] for i in range(0, len(small), 3)}) > 20, f["file"]  # a drawn card, not a blank
    assert {f["back"] for f in fronts} == {b["file"] for b in backs}


def test_a_size_the_shop_does_not_sell_is_said_naming_the_edition_that_is(cli):
    r = cli("build", "gem", "--shop", "gamecrafter", "--out", "out")  # the 1 x 3 in gum card
    assert r.code == 0, r.err
    said = r.out + r.err
    assert "warning[SHOP-SIZE]" in said and "25.4 x 76.2 mm" in said and "--edition poker-us" in said


def test_cmyk_is_for_pdfs(cli):
    r = cli("build", "gem", "--shop", "gamecrafter", "--cmyk")
    assert r.code == 2 and "RGB PNG" in r.err
