"""Print-shop output, read back from the PDF's own boxes and operators: `--shop` puts one piece on
each page, the page the piece's trim plus its bleed, with a TrimBox and a BleedBox on every page,
fronts then backs (or interleaved); `--cmyk` writes every colour in DeviceCMYK and greys — black
text and lines among them — in K only."""
from __future__ import annotations

import json

import pytest
from conftest import MM
from pypdf import PdfReader
from pypdf.generic import ContentStream


@pytest.fixture(scope="module")
def gem_shop(tmp_path_factory):
    from pnp.cli import main

    out = tmp_path_factory.mktemp("shop")
    assert main(["build", "gem", "--shop", "--out", str(out)]) == 0
    return out


def _boxes(page):
    return ([float(v) for v in page.mediabox], [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox])


def test_one_piece_a_page_with_trim_and_bleed_boxes(gem_shop):
    reader = PdfReader(gem_shop / "gem-shop.pdf")
    shop = json.loads((gem_shop / "gem-shop.json").read_text())
    [file] = shop["files"]  # one piece size: one file
    pages = file["pages"]
    assert len(reader.pages) == len(pages) == 60  # 30 fronts, 30 backs
    w, h, b = 25.4, 76.2, 3.0
    for page, entry in zip(reader.pages, pages):
        media, trim, bleed = _boxes(page)
        assert media == pytest.approx([0, 0, (w + 2 * b) * MM, (h + 2 * b) * MM], abs=0.01)
        assert trim == pytest.approx([b * MM, b * MM, (w + b) * MM, (h + b) * MM], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)
        assert entry["trim_mm"] == pytest.approx([b, b, w, h])
    sides = [p["side"] for p in pages]
    assert sides == ["front"] * 30 + ["back"] * 30  # fronts first, then their backs in the same order
    assert [(p["id"], p["copy"]) for p in pages[:30]] == [(p["id"], p["copy"]) for p in pages[30:]]


def test_interleaved_order_puts_each_back_after_its_front(cli, tmp_path):
    r = cli("build", "gem", "--shop", "interleaved", "--out", tmp_path)
    assert r.code == 0, r.err
    [file] = json.loads((tmp_path / "gem-shop.json").read_text())["files"]
    pages = file["pages"]
    assert [p["side"] for p in pages] == ["front", "back"] * 30
    assert all(a["id"] == b["id"] and a["copy"] == b["copy"] for a, b in zip(pages[::2], pages[1::2]))
    assert not (tmp_path / "gem.pdf").exists()  # the home-print sheets are a separate build


def test_a_diamond_gets_its_own_bleed_on_a_shop_page(cli, tmp_path):
    r = cli("build", "christmas-tree", "--shop", "--bleed", "2", "--out", tmp_path)
    assert r.code == 0, r.err
    files = json.loads((tmp_path / "christmas-tree-shop.json").read_text())["files"]
    file = next(f for f in files if f["template"] == "decoration")  # the diamonds have a file of their own
    diamond = file["pages"][0]
    assert diamond["page_mm"] == pytest.approx([54, 84]) and diamond["bleed_mm"] == 2
    reader = PdfReader(tmp_path / file["name"])
    media, trim, _ = _boxes(reader.pages[diamond["page"] - 1])
    assert trim == pytest.approx([2 * MM, 2 * MM, 52 * MM, 82 * MM], abs=0.01)


def _colour_ops(reader):
    """Every colour operator (operator, operands) in the pages and the form XObjects they use."""
    seen, out = set(), []

    def walk(obj, resources):
        stream = ContentStream(obj, reader)
        for operands, op in stream.operations:
            if op in (b"rg", b"RG", b"k", b"K", b"g", b"G", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"):
                out.append((op.decode(), [float(v) if not hasattr(v, "startswith") else str(v) for v in operands]))
        xobjects = (resources or {}).get("/XObject") or {}
        for name in xobjects:
            x = xobjects[name].get_object()
            if id(x) in seen or x.get("/Subtype") != "/Form":
                continue
            seen.add(id(x))
            walk(x, x.get("/Resources"))

    for page in reader.pages:
        walk(page.get_contents(), page.get("/Resources"))
    return out


@pytest.mark.parametrize("extra", [(), ("--shop",)])
def test_cmyk_writes_every_colour_in_cmyk_and_greys_in_k_only(cli, tmp_path, extra):
    r = cli("build", "the-jam", "--cmyk", "--out", tmp_path, *extra)
    assert r.code == 0, r.err
    name = "the-jam-shop.pdf" if extra else "the-jam.pdf"
    ops = _colour_ops(PdfReader(tmp_path / name))
    kinds = {op for op, _ in ops}
    assert kinds and kinds <= {"k", "K"}, kinds  # no RGB (rg/RG) nor grey (g/G) operators
    for op, (c, m, y, k) in ops:
        assert all(0 <= v <= 1 for v in (c, m, y, k))
        if c == m == y:  # a neutral colour: black ink only
            assert c == 0
    neutral = [v for op, v in ops if v[0] == v[1] == v[2]]
    assert neutral and all(v[:3] == [0, 0, 0] for v in neutral)
    if not extra:  # the crop marks: pure black, K only
        assert ("K", [0, 0, 0, 1]) in ops


def test_without_cmyk_the_colours_stay_rgb(shipped_build):
    ops = _colour_ops(PdfReader(shipped_build("the-jam").pdf))
    assert {op for op, _ in ops} & {"rg", "RG"} and not {op for op, _ in ops} & {"k", "K"}


def test_cmyk_turns_user_art_into_cmyk_too(cli, tmp_path):
    from pathlib import Path

    specs = Path(__file__).parents[2] / "examples" / "art"
    r = cli("build", "christmas-tree", "--specs", specs, "--cmyk", "--out", tmp_path)
    assert r.code == 0, r.err
    reader = PdfReader(tmp_path / "christmas-tree.pdf")
    spaces, seen = [], set()

    def walk(resources):
        xobjects = (resources or {}).get("/XObject") or {}
        for name in xobjects:
            x = xobjects[name].get_object()
            if id(x) in seen:
                continue
            seen.add(id(x))
            if x.get("/Subtype") == "/Image":
                spaces.append(x.get("/ColorSpace"))
            elif x.get("/Subtype") == "/Form":
                walk(x.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    assert spaces and set(spaces) == {"/DeviceCMYK"}
