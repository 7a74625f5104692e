"""`--shop drivethru`: DriveThruCards' published upload rules, read back from the files — a PDF
per deck (the cards of one back design), the deck's back on its first page and then every copy
of every face; cards that each have their own back as face, back, face, back; 1/8 in of bleed;
CMYK through the press profile at no more than 240 % ink. What the command line gives wins."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from conftest import MM
from pypdf import PdfReader

from pnp.load.paths import SPECS_DIR
from pnp.games.project import load_checked

CMYK_OP = re.compile(r"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (k|K)\b")


@pytest.fixture(scope="module")
def dtc(tmp_path_factory):
    from pnp.cli import main

    out = tmp_path_factory.mktemp("drivethru")
    for game in ("the-jam", "pi-mal-pflaumen"):
        assert main(["build", game, "--shop", "drivethru", "--out", str(out)]) == 0
    return out


def test_a_pdf_per_deck_its_back_first_then_every_copy_of_every_face(dtc):
    shop = json.loads((dtc / "the-jam-shop.json").read_text())
    assert shop["order"] == "drivethru" and shop["cmyk"] is True and shop["bleed_mm"] == pytest.approx(3.175)
    assert shop["ink_limit"] == 240 and shop["icc"].startswith("pnp press")
    spec = load_checked("the-jam", SPECS_DIR).spec
    by_back = Counter()
    for c in spec.components:
        by_back[c.back] += c.count
    assert len(shop["files"]) == len(by_back) == 2  # the game's back and the missions' back
    for f in shop["files"]:
        pages = f["pages"]
        assert pages[0]["side"] == "back" and all(p["side"] == "front" for p in pages[1:])
        ids = {p["id"] for p in pages[1:]}
        [design] = {c.back for c in spec.components if c.id in ids}  # one back design: one deck
        assert len(pages) - 1 == by_back[design]  # every copy of every face
        reader = PdfReader(dtc / f["name"])
        assert len(reader.pages) == len(pages)
        trim = [float(v) for v in reader.pages[0].trimbox]
        assert trim[0] == pytest.approx(3.175 * MM, abs=0.01)  # 1/8 in of bleed
        assert "/OutputIntents" in reader.trailer["/Root"]


def test_ink_is_held_to_240_percent(dtc):
    import pypdf

    reader = pypdf.PdfReader(dtc / "the-jam-shop-game-back.pdf")
    sums = []
    for page in reader.pages[:6]:
        for ref in page["/Resources"].get("/XObject", {}).values():
            x = ref.get_object()
            if x.get("/Subtype") == "/Form":
                sums += [sum(map(float, m.groups()[:4])) for m in CMYK_OP.finditer(x.get_data().decode("latin-1"))]
    assert sums and max(sums) <= 2.4 + 1e-3


def test_cards_with_their_own_backs_are_face_then_back(dtc):
    shop = json.loads((dtc / "pi-mal-pflaumen-shop.json").read_text())
    double = [f for f in shop["files"] if len({p["id"] for p in f["pages"]}) > 1
              and any(p["side"] == "back" for p in f["pages"][1:])]
    assert double
    for f in double:
        sides = [p["side"] for p in f["pages"]]
        assert sides == ["front", "back"] * (len(sides) // 2)
        assert all(a["id"] == b["id"] for a, b in zip(f["pages"][::2], f["pages"][1::2]))


def test_the_command_line_wins_over_the_preset(cli, tmp_path):
    r = cli("build", "gem", "--shop", "drivethru", "--bleed", "2", "--ink-limit", "280", "--out", "out")
    assert r.code == 0, r.err
    shop = json.loads((tmp_path / "out" / "gem-shop.json").read_text())
    assert shop["bleed_mm"] == 2 and [p["side"] for p in shop["files"][0]["pages"][:2]] == ["back", "front"]
    assert shop["cmyk"] is True and shop["ink_limit"] == 280
