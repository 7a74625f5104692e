"""`pnp build the-jam`: 84 fronts, each where the sheet map says, showing the spec's names in
the half of the card they belong to (recipe on top, ingredient below), in English and in
Traditional Chinese with the vendored fonts embedded."""
from __future__ import annotations

from collections import Counter

import pdfplumber
import pytest
from conftest import MM
from pypdf import PdfReader

from pnp.geometry.drawing import apply
from pnp.games import GAMES
from pnp.games.the_jam import deck, rules
from pnp.geometry.shapes import Outline
from pnp.imposition import Piece, Placement, placement_matrix
from pnp.load.paths import SPECS_DIR
from pnp.load.spec import load_spec

JAM = GAMES["the-jam"]

CARD_W, CARD_H = 63.0, 88.0


def card_area(piece: dict, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
    """A rectangle in card millimetres → its box on the page, [x, y, w, h] in mm."""
    x, y, w, h = piece["trim_mm"]
    m = placement_matrix(Placement(Piece(piece["id"], piece["copy"], piece["kind"], Outline("rect", CARD_W, CARD_H)),
                                   x, y, w, h, piece["rotation"]))
    pts = [apply(m, px, py) for px in (x0, x1) for py in (y0, y1)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def words(page, box) -> str:
    x, y, w, h = box
    H = float(page.height)
    crop = page.within_bbox((x * MM, H - (y + h) * MM, (x + w) * MM, H - y * MM))
    return "".join(c["text"] for c in crop.chars)


def fronts(built) -> list[tuple[int, dict]]:
    return [(p["page"], piece) for p in built.pages("front") for piece in p["pieces"]]


def test_84_fronts_one_per_card_copy(shipped_build, spec):
    built = shipped_build("the-jam")
    placed = Counter((piece["id"], piece["copy"]) for _, piece in fronts(built))
    expected = Counter((c.id, k) for c, k in spec.copies(*spec_kinds(spec)))
    assert sum(placed.values()) == rules.GAME_CARDS + rules.MISSION_CARDS == 84
    assert placed == expected
    backs = [piece for p in built.pages("back") for piece in p["pieces"]]
    assert len(backs) == 84


def spec_kinds(spec) -> list[str]:
    return sorted({c.kind for c in spec.components})


def expected_names(c, spec, lang: str = "en") -> tuple[list[str], list[str]]:
    """(words in the top half, words in the bottom half) of a card."""
    zh = lang == "zh-TW"
    if c.kind in rules.SPECIALS:
        sp = rules.SPECIALS[c.kind]
        return [sp.zh if zh else sp.en, str(sp.points)], []
    if c.kind in rules.MISSION_KINDS:
        mk = rules.MISSION_KINDS[c.kind]
        fav = rules.INGREDIENTS[c["favourite"]]
        return [mk.zh if zh else mk.en], [fav.zh if zh else fav.en]
    base = {"jam": c.get("fruit"), "pie": deck.jam_fruit(spec, c.get("jam")), "salad": None}[c.kind]
    ing = rules.INGREDIENTS[c["ingredient"]]
    return [rules.recipe_name(c.kind, base, lang), str(c["points"])], [ing.zh if zh else ing.en]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_front_shows_its_names_in_the_right_half(shipped_build, spec, lang):
    built = shipped_build("the-jam") if lang == "en" else shipped_build("the-jam", "--lang", lang)
    comps = {c.id: c for c in spec.components}
    names = 0
    with pdfplumber.open(built.pdf) as pdf:
        for page_no, piece in fronts(built):
            page = pdf.pages[page_no - 1]
            c = comps[piece["id"]]
            top_words, bottom_words = expected_names(c, spec, lang)
            top = words(page, card_area(piece, 0, CARD_H / 2, CARD_W, CARD_H)).replace(" ", "")
            bottom = words(page, card_area(piece, 0, 0, CARD_W, CARD_H / 2)).replace(" ", "")
            for w in top_words:
                assert w.replace(" ", "") in top, (piece["id"], w, top)
                names += 1
            for w in bottom_words:
                assert w.replace(" ", "") in bottom, (piece["id"], w, bottom)
                names += 1
    assert names > 0


def test_points_sit_top_right(shipped_build, spec):
    """FACT: a recipe's points are in the top-right corner."""
    built = shipped_build("the-jam")
    comps = {c.id: c for c in spec.components}
    recipes = 0
    with pdfplumber.open(built.pdf) as pdf:
        for page_no, piece in fronts(built)[:16]:
            c = comps[piece["id"]]
            if c.kind not in rules.RECIPE_KINDS:
                continue
            corner = words(pdf.pages[page_no - 1], card_area(piece, CARD_W * 0.7, CARD_H * 0.8, CARD_W, CARD_H))
            assert str(c["points"]) in corner, (piece["id"], corner)
            recipes += 1
    assert recipes > 0


def test_mission_cards_show_their_recipes_tea_part_and_ladder(shipped_build, spec):
    built = shipped_build("the-jam")
    comps = {c.id: c for c in spec.components}
    table = deck.recipes(spec)
    parts = {k: i + 1 for i, k in enumerate(rules.MISSION_KINDS)}
    seen = 0
    with pdfplumber.open(built.pdf) as pdf:
        for page_no, piece in fronts(built):
            c = comps[piece["id"]]
            if c.kind not in rules.MISSION_KINDS:
                continue
            seen += 1
            page = pdf.pages[page_no - 1]
            text = words(page, card_area(piece, 0, 0, CARD_W, CARD_H)).replace(" ", "")
            assert f"part{parts[c.kind]}of{len(parts)}" in text
            shown = c.get("jams") or c.get("pies") or []
            for ref in list(shown) + list(c["tea"]):  # a jar or a pie, named by its fruit
                r = table[ref]
                fruit = r.card["fruit"] if r.kind == "jam" else deck.jam_fruit(spec, r.card["jam"])
                assert rules.INGREDIENTS[fruit].en.replace(" ", "") in text, (c.id, ref)
            if c.kind == "mission-tea-party":
                assert "".join(map(str, c["ladder"])) in text.replace("Points", "")
    assert seen == rules.MISSION_CARDS


def test_fonts_embedded_and_chinese_uses_droid(shipped_build):
    built = shipped_build("the-jam", "--lang", "zh-TW")
    fonts = set()
    for page in PdfReader(built.pdf).pages[:4]:
        for f in page["/Resources"].get("/Font", {}).values():
            fonts.add(str(f.get_object()["/BaseFont"]))
    assert any("DroidSansFallback" in f for f in fonts), fonts
    assert all("+" in f for f in fonts), fonts  # subset-embedded
