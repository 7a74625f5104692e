"""GEM end to end: build the shipped spec and read the PDF back as a printer and a player would."""
import json

import pdfplumber
import pytest
from pypdf import PdfReader

from conftest import MM, chars_in, copy_spec, rotation_of, text_in
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR

A4_PT = (595.276, 841.89)


def test_pages_are_a4_with_trim_and_bleed_boxes_from_the_sheet_map(shipped_build):
    built = shipped_build("gem")
    reader = PdfReader(built.pdf)
    assert len(reader.pages) == len(built.map["pages"]) == 4
    for page, entry in zip(reader.pages, built.map["pages"]):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4_PT, abs=0.01)
        xs = [p["trim_mm"][0] for p in entry["pieces"]]
        ys = [p["trim_mm"][1] for p in entry["pieces"]]
        x1 = max(p["trim_mm"][0] + p["trim_mm"][2] for p in entry["pieces"])
        y1 = max(p["trim_mm"][1] + p["trim_mm"][3] for p in entry["pieces"])
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        assert trim == pytest.approx([min(xs), min(ys), x1, y1], abs=0.01)
        assert bleed == pytest.approx([min(xs) - 3, min(ys) - 3, x1 + 3, y1 + 3], abs=0.01)


def test_every_card_is_on_a_front_page_once_with_its_kind_and_size(shipped_build, spec_cards):
    built = shipped_build("gem")
    fronts = [p for page in built.pages("front") for p in page["pieces"]]
    assert sorted((p["id"], p["copy"]) for p in fronts) == sorted((i, 1) for i in spec_cards)
    for p in fronts:
        assert p["kind"] == spec_cards[p["id"]].kind and p["shape"] == "rect"
        w, h = p["trim_mm"][2:]
        assert sorted((w, h)) == pytest.approx([25.4, 76.2])  # the 1 x 3 in gum-pack card


def test_all_fonts_are_embedded_subsets_and_no_helvetica(shipped_build):
    reader = PdfReader(shipped_build("gem").pdf)
    seen = set()
    for page in reader.pages:
        for font in _fonts(page):
            name = str(font["/BaseFont"])
            seen.add(name)
            assert "Helvetica" not in name
            desc = font.get("/FontDescriptor")
            if desc is None:  # Type0: the descriptor hangs off the descendant font
                desc = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            desc = desc.get_object()
            assert "/FontFile2" in desc, f"{name} is not embedded"
            assert "+" in name, f"{name} is not a subset"
    assert any("DejaVuSans-Bold" in n for n in seen)


def _fonts(page):
    """Fonts used on a page, including inside form XObjects."""
    out = []

    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for f in (resources.get("/Font") or {}).values():
            out.append(f.get_object())
        for x in (resources.get("/XObject") or {}).values():
            x = x.get_object()
            walk(x.get("/Resources"))

    walk(page.get("/Resources"))
    return out


def _halves(chars, piece):
    """Split a card's glyphs by which end of the card they are nearer (the card's long axis)."""
    x, y, w, h = piece["trim_mm"]
    long_is_x = w > h
    mid = (x + w / 2) if long_is_x else (y + h / 2)
    a, b = [], []
    for c in chars:
        pos = c["matrix"][4] / MM if long_is_x else c["matrix"][5] / MM
        (a if pos < mid else b).append(c)
    return a, b


def test_loan_end_is_the_investment_end_turned_180_degrees(shipped_build, spec_cards):
    built = shipped_build("gem")
    cards = 0
    with pdfplumber.open(built.pdf) as pdf:
        for n, entry in enumerate(built.map["pages"]):
            if entry["side"] != "front":
                continue
            page = pdf.pages[n]
            for piece in entry["pieces"]:
                card = spec_cards[piece["id"]]
                invest, loan = (card["value"], card["value"]) if card.kind == "coin" else (card["invest"], card["loan"])
                rot = piece["rotation"]
                chars = chars_in(page, piece["trim_mm"])
                upright = "".join(c["text"] for c in chars if rotation_of(c) == rot)
                turned = "".join(c["text"] for c in chars if rotation_of(c) == (rot + 180) % 360)
                assert "INVEST" in upright and "LOAN" not in upright
                assert "LOAN" in turned and "INVEST" not in turned
                assert str(invest) in upright.replace("INVEST", "")
                assert str(loan) in turned.replace("LOAN", "")
                # and the two ends sit at opposite ends of the card
                a, b = _halves(chars, piece)
                ends = {frozenset(rotation_of(c) for c in a), frozenset(rotation_of(c) for c in b)}
                assert ends == {frozenset({rot}), frozenset({(rot + 180) % 360})}
                cards += 1
    assert cards > 0


def test_backs_sit_behind_their_fronts_mirrored_for_a_long_edge_flip(shipped_build):
    built = shipped_build("gem")
    pages = built.map["pages"]
    assert [p["side"] for p in pages] == ["front", "back", "front", "back"]
    with pdfplumber.open(built.pdf) as pdf:
        for i in range(0, len(pages), 2):
            front, back = pages[i], pages[i + 1]
            width = float(pdf.pages[i + 1].width) / MM
            by_card = {(p["id"], p["copy"]): p for p in back["pieces"]}
            assert set(by_card) == {(p["id"], p["copy"]) for p in front["pieces"]}
            for f in front["pieces"]:
                b = by_card[(f["id"], f["copy"])]
                fx, fy, fw, fh = f["trim_mm"]
                assert b["trim_mm"] == pytest.approx([width - fx - fw, fy, fw, fh], abs=0.01)
                assert b["kind"] == f["kind"]
                # the back art is really there: its title, once each way up
                assert text_in(pdf.pages[i + 1], b["trim_mm"]).count("GEM") == 2


def test_crop_marks_lie_outside_all_bleed_on_front_pages_only(shipped_build):
    built = shipped_build("gem")
    sides = []
    with pdfplumber.open(built.pdf) as pdf:
        for n, entry in enumerate(built.map["pages"]):
            page = pdf.pages[n]
            bleeds = [(x - 3, y - 3, x + w + 3, y + h + 3) for x, y, w, h in (p["trim_mm"] for p in entry["pieces"])]
            hairlines = [ln for ln in page.lines if ln["linewidth"] == pytest.approx(0.25, abs=0.01)]
            sides.append(entry["side"])
            if entry["side"] == "back":
                assert hairlines == []
                continue
            assert len(hairlines) >= 2 * 4
            for ln in hairlines:
                x0, x1 = ln["x0"] / MM, ln["x1"] / MM
                y0, y1 = (float(page.height) - ln["bottom"]) / MM, (float(page.height) - ln["top"]) / MM
                mx, my = (x0 + x1) / 2, (y0 + y1) / 2
                assert not any(bx0 < mx < bx1 and by0 < my < by1 for bx0, by0, bx1, by1 in bleeds)
    assert {"front", "back"} <= set(sides)  # pages of both sides were looked at


def test_two_builds_are_byte_identical(tmp_path):
    from pnp.cli import main

    for d in ("a", "b"):
        assert main(["build", "gem", "--out", str(tmp_path / d), "--specs", str(SPECS_DIR)]) == 0
    assert (tmp_path / "a/gem.pdf").read_bytes() == (tmp_path / "b/gem.pdf").read_bytes()
    assert (tmp_path / "a/gem.json").read_bytes() == (tmp_path / "b/gem.json").read_bytes()


def test_poker_edition_letter_paper_short_edge_and_offset(shipped_build):
    built = shipped_build("gem", "--edition", "poker", "--paper", "letter", "--backs", "duplex-short",
                          "--back-offset", "0.5,-1")
    reader = PdfReader(built.pdf)
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx((612, 792))
    assert built.map["edition"] == "poker" and built.map["paper"]["name"] == "letter"
    height = 279.4
    pages = built.map["pages"]
    for front, back in zip(pages[::2], pages[1::2]):
        by_card = {(p["id"], p["copy"]): p for p in back["pieces"]}
        for f in front["pieces"]:
            assert sorted(f["trim_mm"][2:]) == pytest.approx([63, 88])
            b = by_card[(f["id"], f["copy"])]
            fx, fy, fw, fh = f["trim_mm"]
            # backs seen 0.5 mm right, 1 mm low from the front: the short-edge back page moves 0.5 left, 1 down
            assert b["trim_mm"] == pytest.approx([fx - 0.5, height - fy - fh - 1, fw, fh], abs=0.01)
            assert b["rotation"] == (180 - f["rotation"]) % 360


def test_backs_none_prints_fronts_only(shipped_build):
    built = shipped_build("gem", "--backs", "none")
    assert {p["side"] for p in built.map["pages"]} == {"front"}
    assert len(PdfReader(built.pdf).pages) == 2


def test_traditional_chinese_cards_embed_the_cjk_font(shipped_build):
    built = shipped_build("gem", "--lang", "zh-TW")
    with pdfplumber.open(built.pdf) as pdf:
        text = "".join(c["text"] for c in pdf.pages[0].chars)
        back = "".join(c["text"] for c in pdf.pages[1].chars)
    assert "投資" in text and "貸款" in text and "INVEST" not in text
    assert "珠寶家" in back
    names = {str(f["/BaseFont"]) for page in PdfReader(built.pdf).pages for f in _fonts(page)}
    # GEM's Chinese is bold: the true bold CJK face (Noto Sans CJK TC Bold), embedded as a subset
    assert any(("DroidSansFallback" in n or "NotoSansCJKtc" in n) and "+" in n for n in names)


def test_a_failed_build_leaves_the_previous_output_untouched(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out, "--specs", SPECS_DIR).code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    specs, _ = copy_spec(tmp_path, "gem", "value: 1 }", "value: one }")
    r = cli("build", "gem", "--out", out, "--specs", specs, "--layouts", LAYOUTS_DIR)
    assert r.code == 2
    assert "error[SPEC-TYPE]" in r.err and "gem: not built" in r.err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # same files, same bytes, no temp files


def test_rule_violations_stop_the_build_unless_forced(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "gem", "  - { id: diamond-3,", "  # - { id: diamond-3,")
    r = cli("build", "gem", "--out", tmp_path / "o", "--specs", specs)
    assert r.code == 1 and not (tmp_path / "o" / "gem.pdf").exists()
    assert r.err.rstrip().endswith("gem: not built, the spec breaks the rules (use --force to build anyway)")
    r = cli("build", "gem", "--out", tmp_path / "o", "--specs", specs, "--force")
    assert r.code == 0
    assert len(json.loads((tmp_path / "o/gem.json").read_text())["pages"][0]["pieces"]) == 18


def test_characters_no_font_has_are_reported_naming_the_card(cli, tmp_path):
    specs, line = copy_spec(tmp_path, "gem", "kind: emblem", "kind: emblem\n    title: \"GEM \ue000\"")
    r = cli("build", "gem", "--out", tmp_path / "o", "--specs", specs)
    assert r.code == 0
    assert (f"card_specs/gem.yaml:{line - 1}:5: warning[FONT-GLYPH]: back 'gem-back' uses characters no vendored "
            "font has: '\ue000' (U+E000); they print as empty boxes") in r.err


def test_gutterfold_sheet_map_lists_both_sides_of_each_page(shipped_build):
    built = shipped_build("gem", "--backs", "gutterfold")
    entries = built.map["pages"]
    assert len(PdfReader(built.pdf).pages) == 4
    assert [(e["page"], e["side"]) for e in entries[:2]] == [(1, "front"), (1, "back")]
    with pdfplumber.open(built.pdf) as pdf:
        for front, back in zip(entries[::2], entries[1::2]):
            page = pdf.pages[front["page"] - 1]
            assert [(p["id"], p["copy"]) for p in back["pieces"]] == [(p["id"], p["copy"]) for p in front["pieces"]]
            for b in back["pieces"]:
                assert text_in(page, b["trim_mm"]).count("GEM") == 2


def test_a_card_that_cannot_be_drawn_becomes_a_placeholder_and_a_warning(cli, tmp_path, monkeypatch):
    from pnp.games import GAMES

    game = GAMES["gem"]
    real = game.render_face

    def flaky(item, ctx):
        if item.id == "diamond-2":
            raise ValueError("no such cut")
        return real(item, ctx)

    monkeypatch.setattr(game, "render_face", flaky)
    r = cli("build", "gem", "--out", tmp_path / "o", "--specs", SPECS_DIR)
    assert r.code == 0
    line = next(i for i, t in enumerate((SPECS_DIR / "gem.yaml").read_text(encoding="utf-8").splitlines(), 1)
                if "id: diamond-2," in t)
    assert (f"card_specs/gem.yaml:{line}:5: warning[RENDER-FAILED]: card 'diamond-2' could not be drawn "
            "(ValueError: no such cut); a placeholder is printed in its place") in r.err.replace(str(SPECS_DIR), "card_specs")
    built = json.loads((tmp_path / "o/gem.json").read_text())
    page, piece = next((n, p) for n, e in enumerate(built["pages"]) for p in e["pieces"]
                       if p["id"] == "diamond-2" and e["side"] == "front")
    with pdfplumber.open(tmp_path / "o/gem.pdf") as pdf:
        assert "CANNOTDRAW" in text_in(pdf.pages[page], piece["trim_mm"]).replace(" ", "")


@pytest.mark.slow
def test_all_text_keeps_3mm_clear_of_the_cut(shipped_build):
    """Cutting drifts: no letter or digit of a GEM card may come within 3 mm of its trim line."""
    chars = 0
    for args in ((), ("--edition", "poker")):
        built = shipped_build("gem", *args)
        with pdfplumber.open(built.pdf) as pdf:
            for n, entry in enumerate(built.map["pages"]):
                page = pdf.pages[n]
                height = float(page.height) / MM
                for piece in entry["pieces"]:
                    x, y, w, h = piece["trim_mm"]
                    for c in chars_in(page, piece["trim_mm"]):
                        x0, x1 = c["x0"] / MM, c["x1"] / MM
                        y0, y1 = height - c["bottom"] / MM, height - c["top"] / MM
                        clear = min(x0 - x, x + w - x1, y0 - y, y + h - y1)
                        assert clear >= 2.9, (args, n + 1, piece["id"], c["text"], round(clear, 2))
                        chars += 1
    assert chars > 0


def test_the_back_looks_the_same_after_a_half_turn():
    """A face-down two-way card must not give away which end is up. The back is rendered alone on
    a card-sized page at 100 dpi (a 1 x 3 in card is exactly 100 x 300 pixels), so turning the
    image is exact."""
    import io

    from PIL import ImageChops, ImageStat

    from pnp.geometry.drawing import IDENTITY
    from pnp.render.pdf import PdfBackend
    from pnp.games import GAMES
    from pnp.games.base import RenderContext
    from pnp.load.layout import load_layout
    from pnp.load.spec import load_spec

    game = GAMES["gem"]
    spec, _ = load_spec(SPECS_DIR / "gem.yaml", game)
    layout, _ = load_layout(LAYOUTS_DIR / "gem.yaml", "gem", game.boxes)
    ed = layout.editions["gum"].main
    back = game.render_back(spec.backs["gem-back"], RenderContext(spec, ed, "en", 0.0), spec.components[0])
    buf = io.BytesIO()
    pdf = PdfBackend(buf)
    pdf.begin_page(ed.width, ed.height)
    pdf.place(back, IDENTITY)
    pdf.end_page()
    pdf.save()
    buf.seek(0)
    with pdfplumber.open(buf) as doc:
        card = doc.pages[0].to_image(resolution=100).original.convert("L")
    assert card.size == (100, 300)
    diff = ImageStat.Stat(ImageChops.difference(card, card.rotate(180))).mean[0]
    assert diff < 1.5, f"the back differs from itself turned 180 degrees by {diff:.1f} grey levels on average"
