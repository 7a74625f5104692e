"""Pi mal Pflaumen end to end: build the shipped spec, read the PDF back with pypdf/pdfplumber and
check it against the sheet map and the spec — the round backs behind the right fronts, the
double-sided cards, the text in each box of each card."""
from __future__ import annotations

import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import MM, chars_in, shipped_components, shipped_edition
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.games.pi_mal_pflaumen import rules
from pnp.imposition import Piece, Placement, placement_matrix
from pnp.load.layout import Box
from pnp.geometry.shapes import Outline

GAME = "pi-mal-pflaumen"


@pytest.fixture(scope="module")
def pdf(built):
    with pdfplumber.open(built.pdf) as doc:
        yield doc


def _matrix(piece: dict):
    x, y, w, h = piece["trim_mm"]
    rot = piece["rotation"]
    cw, ch = (h, w) if rot in (90, 270) else (w, h)
    return placement_matrix(Placement(Piece(piece["id"], piece["copy"], piece["kind"], Outline("rect", cw, ch)), x, y, w, h, rot))


def _to_card(piece: dict, ch: dict) -> tuple[float, float]:
    """A glyph's origin in the card's own millimetres (origin bottom-left of the unrotated card)."""
    a, b, c, d, e, f = _matrix(piece)
    X, Y = ch["matrix"][4] / MM - e, ch["matrix"][5] / MM - f
    det = a * d - b * c
    return (d * X - c * Y) / det, (-b * X + a * Y) / det


def _inside(box: Box, u: float, v: float) -> bool:
    return box.x - 0.2 <= u <= box.x + box.w + 0.2 and box.y - 0.2 <= v <= box.y + box.h + 0.2


FRUIT_BOXES = ("number", "number~", "round", "name", "action", "label", "wreath", "letters")


def texts_by_box(page, piece, edition, names=FRUIT_BOXES) -> dict[str, str]:
    """Text of a card on the page, by the layout box its glyphs stand in ('number~': the turned
    number box). Only the boxes named are considered, as boxes of different card kinds overlap."""
    n = edition.boxes["number"]
    turned = Box(edition.width - n.x - n.w, edition.height - n.y - n.h, n.w, n.h)
    boxes = {k: turned if k == "number~" else edition.boxes[k] for k in names}
    out: dict[str, str] = {}
    for ch in chars_in(page, piece["trim_mm"]):
        u, v = _to_card(piece, ch)
        name = next((k for k, b in boxes.items() if _inside(b, u, v)), "elsewhere")
        out[name] = out.get(name, "") + ch["text"]
    return out


def forms(reader: PdfReader, index: int) -> list[tuple[str, float, float]]:
    """Every form XObject a page draws, with the origin it is placed at (mm)."""
    page = reader.pages[index]
    ops = ContentStream(page.get_contents(), reader).operations
    out, last = [], None
    for operands, op in ops:
        if op == b"cm":
            last = operands
        elif op == b"Do":
            out.append((operands[0], float(last[4]), float(last[5])))
    return out


def form_of(reader, index, piece) -> str:
    e, f = _matrix(piece)[4:]
    hits = [name for name, x, y in forms(reader, index) if abs(x - e) < 0.01 and abs(y - f) < 0.01]
    assert len(hits) == 1, (piece, hits)
    return hits[0]


def form_data(reader, index, name) -> bytes:
    return reader.pages[index]["/Resources"]["/XObject"][name].get_object().get_data()


def test_every_card_once_with_its_back_at_the_mirrored_place(built):
    pages = built.map["pages"]
    fronts = [p for p in pages if p["side"] == "front"]
    assert sum(len(p["pieces"]) for p in fronts) == 119
    width = built.map["paper"]["width_mm"]
    for front, back in zip(pages[::2], pages[1::2]):
        assert (front["side"], back["side"]) == ("front", "back")
        where = {(p["id"], p["copy"]): p["trim_mm"] for p in back["pieces"]}
        assert set(where) == {(p["id"], p["copy"]) for p in front["pieces"]}
        for p in front["pieces"]:
            x, y, w, h = p["trim_mm"]
            assert where[(p["id"], p["copy"])] == pytest.approx([width - x - w, y, w, h], abs=0.01)
    assert built.map["card_mm"] == [59, 91]


def text_within(page, trim_mm) -> str:
    """The text pdfium reads inside a sheet-map box, without spaces or line breaks: quicker than
    pdfplumber on pages of patterned backs."""
    x, y, w, h = (v * MM for v in trim_mm)
    return "".join(page.get_textpage().get_text_bounded(x, y, x + w, y + h).split())


def test_three_distinct_round_backs_land_behind_the_right_fronts(built, spec):
    reader = PdfReader(built.pdf)
    doc = pdfium.PdfDocument(built.pdf)
    by_round: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    others: set[str] = set()
    for i, page in enumerate(built.map["pages"]):
        if page["side"] != "back":
            continue
        for piece in page["pieces"]:
            card = spec[piece["id"]]
            name = form_of(reader, i, piece)
            if card.kind != "fruit":
                others.add(name)
                continue
            by_round[card["round"]].add(name)
            numeral = rules.ROUNDS[card["round"]].numeral
            assert text_within(doc[i], piece["trim_mm"]) == numeral * 2
    assert all(len(names) == 1 for names in by_round.values())  # one design per round ...
    designs = [names.pop() for names in by_round.values()]
    assert len(set(designs)) == 3  # ... three different ones ...
    assert not set(designs) & others  # ... and no other card carries them


def _sides(built, spec, kind):
    """(front page index, front piece, back page index, back piece) for every copy of a kind."""
    pages = built.map["pages"]
    for i in range(0, len(pages), 2):
        backs = {(p["id"], p["copy"]): p for p in pages[i + 1]["pieces"]}
        for p in pages[i]["pieces"]:
            if spec[p["id"]].kind == kind:
                yield i, p, i + 1, backs[(p["id"], p["copy"])]


@pytest.mark.parametrize("kind, title", [("plum", "Plum"), ("pi", "Pi")])
def test_plum_and_pi_cards_show_their_face_on_both_sides(built, spec, pdf, kind, title):
    reader = PdfReader(built.pdf)
    sides = list(_sides(built, spec, kind))
    assert len(sides) == 18
    for fi, front, bi, back in sides:
        front_text = "".join(c["text"] for c in chars_in(pdf.pages[fi], front["trim_mm"]))
        back_text = "".join(c["text"] for c in chars_in(pdf.pages[bi], back["trim_mm"]))
        assert front_text == back_text and front_text.startswith(title)
        assert form_data(reader, fi, form_of(reader, fi, front)) == form_data(reader, bi, form_of(reader, bi, back))
    if kind == "pi":
        assert rules.PI_TEXT in front_text


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_plum_cards_print_their_name_and_nothing_the_rulebook_does_not_say(shipped_build, spec, lang):
    """The seed: plum cards count in a mix like any other fruit card and have no special
    function. They once printed "Any fruit in a fruit mix" (a joker rule the seed never gives)."""
    built = shipped_build(GAME, "--lang", lang) if lang != "en" else shipped_build(GAME)
    sides = list(_sides(built, spec, "plum"))
    assert len(sides) == rules.PLUM_CARDS
    with pdfplumber.open(built.pdf) as doc:
        for fi, front, _bi, _back in sides[:3]:
            text = "".join(c["text"] for c in chars_in(doc.pages[fi], front["trim_mm"]))
            assert text.replace(" ", "") == rules.NAMES["plum"][lang].replace(" ", "")


def test_the_watchdog_shows_a_different_dog_on_each_side(built, spec, pdf):
    reader = PdfReader(built.pdf)
    [(fi, front, bi, back)] = list(_sides(built, spec, "watchdog"))
    for i, piece in ((fi, front), (bi, back)):
        text = "".join(c["text"] for c in chars_in(pdf.pages[i], piece["trim_mm"]))
        assert text.replace(" ", "") == ("Watchdog" + rules.NOTES["watchdog"]["en"]).replace(" ", "")
    assert form_data(reader, fi, form_of(reader, fi, front)) != form_data(reader, bi, form_of(reader, bi, back))


@pytest.mark.slow
def test_the_text_on_every_fruit_card_is_the_specs(built, spec, pdf, edition):
    seen = set()
    for i, page in enumerate(built.map["pages"]):
        if page["side"] != "front":
            continue
        for piece in page["pieces"]:
            card = spec[piece["id"]]
            if card.kind != "fruit":
                continue
            got = texts_by_box(pdf.pages[i], piece, edition)
            mix = card["mix"]
            expected = {
                "number": str(card["number"]), "number~": str(card["number"]),
                "round": rules.ROUNDS[card["round"]].numeral,
                "name": rules.FRUITS[card["fruit"]].en.replace(" ", ""),
            }
            if mix:
                expected.update(wreath=str(mix["points"]), letters=mix["pattern"])
            if card["action"]:  # the action's name under its icon; the pi icon shows a pi, too
                expected["label"] = rules.ACTIONS[card["action"]]["short"]["en"].replace(" ", "")
            if card["action"] == "pi":
                expected["action"] = "π"
            assert {k: v.replace(" ", "") for k, v in got.items()} == expected, card.id
            seen.add((card["round"], card["number"]))
    assert len(seen) == 75


def test_turn_order_cards_show_their_position_and_the_plum_where_it_belongs(built, spec, pdf, edition):
    shown = []
    for i, page in enumerate(built.map["pages"]):
        for piece in page["pieces"] if page["side"] == "front" else []:
            card = spec[piece["id"]]
            if card.kind == "turn-order":
                got = texts_by_box(pdf.pages[i], piece, edition, ("title", "position"))
                assert got["title"].replace(" ", "") == "Turnorder"
                note = rules.NOTES["last"]["en"].replace(" ", "")
                if card["plum"]:  # the plum mark, with its reminder
                    assert got["elsewhere"].replace(" ", "") == note
                else:
                    assert "elsewhere" not in got
                shown.append((int(got["position"]), card["plum"]))
    assert sorted(shown) == sorted(rules.TURN_ORDER)


def test_zh_tw_cards_carry_the_seed_names_in_an_embedded_font(shipped_build, spec, edition):
    zh = shipped_build(GAME, "--lang", "zh-TW")
    reader = PdfReader(zh.pdf)
    fonts = set()
    for page in reader.pages[:2]:
        for xobj in page["/Resources"]["/XObject"].values():
            res = xobj.get_object().get("/Resources", {})
            for font in res.get("/Font", {}).values():
                font = font.get_object()
                embedded = "/FontFile2" in font["/FontDescriptor"].get_object()
                fonts.add((str(font["/BaseFont"]).split("+")[-1], embedded))
    assert ("DroidSansFallback", True) in fonts
    assert all(embedded for _, embedded in fonts)
    with pdfplumber.open(zh.pdf) as doc:
        piece = zh.map["pages"][0]["pieces"][0]
        card = spec[piece["id"]]
        got = texts_by_box(doc.pages[0], piece, edition)
    assert got["name"] == rules.FRUITS[card["fruit"]].zh


def test_no_glyph_is_missing_in_either_language(shipped_build):
    built = []
    for lang in ("en", "zh-TW"):
        res = shipped_build(GAME, "--lang", lang) if lang != "en" else shipped_build(GAME)  # exit 0, or it fails
        assert "FONT-GLYPH" not in res.err, res.err
        built.append(lang)
    assert built == ["en", "zh-TW"]
