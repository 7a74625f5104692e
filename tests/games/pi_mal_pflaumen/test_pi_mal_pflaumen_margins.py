"""Pi mal Pflaumen margins, read back from the built PDF against the sheet map. Cutting drifts
and duplex printing drifts, by a millimetre or two. On the backs of a hidden-hand game a border
that comes out wider on one side than the other marks single cards, so:

- backs, and the faces that are also backs (plum and pi cards, both sides of the watchdog), draw
  nothing along the cut: within 5 mm of it, and 2 mm beyond it into the bleed, the ink is the
  same at every depth, so a drift of up to 2 mm leaves every card looking like its neighbours;
- the other fronts (fruit and turn-order cards) keep their frame at least 5 mm inside the cut;
- text stands at least SAFE mm inside the cut, and inside a frame with air to spare.

Both languages, every front and every back."""
from __future__ import annotations

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest
from conftest import MM, shipped_components, shipped_edition
from .test_pi_mal_pflaumen_build import _to_card

from pnp.render.cards import SAFE
from pnp.games.pi_mal_pflaumen import render, rules
from pnp.load.layout import Box

GAME = "pi-mal-pflaumen"
FRAME_FROM_CUT = 5.0  # mm from the trim line to the outer edge of the thick frame line, at least
AIR = 1.2  # mm from the fine frame line to anything printed inside it, at least
RULE = tuple(round(c, 3) for c in (render.RULE.r, render.RULE.g, render.RULE.b))
FRAMED = ("fruit", "turn-order")  # fronts that keep a frame; every other side is drawn as a back


@pytest.fixture(scope="module", params=["en", "zh-TW"])
def built(shipped_build, request):
    return shipped_build(GAME) if request.param == "en" else shipped_build(GAME, "--lang", request.param)


def _gaps(o: dict, page_height: float, trim: list, half: float = 0.0) -> tuple[float, ...]:
    """Gaps (mm) from a pdfplumber object's box, grown by `half`, to the trim's left, right, bottom
    and top edges."""
    x, y, w, h = trim
    x0, x1 = o["x0"] / MM - half, o["x1"] / MM + half
    y0, y1 = (page_height - o["bottom"]) / MM - half, (page_height - o["top"]) / MM + half
    return x0 - x, x + w - x1, y0 - y, y + h - y1


def _within(trim: list, px: float, py: float) -> bool:
    x, y, w, h = trim
    return x <= px / MM <= x + w and y <= py / MM <= y + h


def _glyphs(pdf) -> list[list[dict]]:
    """Per page, its characters as pdfplumber gives them (text, em box, origin), read with
    pdfium: pdfplumber reads a page of patterned backs a hundred times slower."""
    doc = pdfium.PdfDocument(pdf)
    pages = []
    for page in doc:
        H, text = page.get_height(), page.get_textpage()
        chars = []
        for i in range(text.count_chars()):
            ch = text.get_text_range(index=i, count=1)
            x0, y0, x1, y1 = text.get_charbox(i, loose=True)
            if ch.strip() and x1 > x0:
                chars.append({"text": ch, "x0": x0, "x1": x1, "top": H - y1, "bottom": H - y0,
                              "matrix": (0, 0, 0, 0, (x0 + x1) / 2, (y0 + y1) / 2)})
        pages.append(chars)
    doc.close()
    return pages


@pytest.fixture(scope="module")
def cards(built, spec):
    """[(side, piece, framed, frame lines, other shapes, chars)] for every card on every page;
    shapes and chars as gaps (mm) to the trim's four edges. A shape belongs to the card its middle
    is on; shapes that run past the cut (the paper) are left out. Shapes are read on fronts only:
    the backs' patterns are thousands of them, and the pixel check below covers the backs."""
    out = []
    with pdfplumber.open(built.pdf) as doc:
        for page, pdf_page, glyphs in zip(built.map["pages"], doc.pages, _glyphs(built.pdf)):
            H = pdf_page.height
            front = page["side"] == "front"
            shapes = pdf_page.curves + pdf_page.rects + pdf_page.lines if front else []
            for piece in page["pieces"]:
                trim = piece["trim_mm"]
                frames, others = [], []
                for o in shapes:
                    if not _within(trim, (o["x0"] + o["x1"]) / 2, H - (o["top"] + o["bottom"]) / 2):
                        continue
                    g = _gaps(o, H, trim, o["linewidth"] / MM / 2 if o.get("stroke") else 0.0)
                    if min(g) < 0:  # the paper, or the pattern, out to the bleed
                        continue
                    colour = tuple(round(c, 3) for c in o.get("stroking_color") or ())
                    (frames if o.get("stroke") and not o.get("fill") and colour == RULE else others).append(g)
                chars = [(c["text"], _gaps(c, H, trim)) for c in (pdf_page.chars if front else glyphs)
                         if _within(trim, *c["matrix"][4:6])]
                framed = page["side"] == "front" and spec[piece["id"]].kind in FRAMED
                out.append((page["side"], piece, framed, sorted(frames), others, chars))
    return out


def test_framed_fronts_keep_both_frame_lines_at_least_5mm_inside_the_cut_and_even_all_round(cards):
    framed = [c for c in cards if c[2]]
    assert len(framed) == rules.FRUIT_CARDS + len(rules.TURN_ORDER)
    for side, piece, _, frames, _, _ in framed:
        where = f"{piece['id']} {side}"
        assert len(frames) == 2, (where, frames)  # the thick line and the fine one
        thick, fine = frames  # sorted: the fine line is further in
        assert min(thick) >= FRAME_FROM_CUT, (where, thick)
        assert max(thick) - min(thick) < 0.05, (where, thick)  # the same border on all four sides
        assert min(fine) > max(thick), where


def test_faces_that_are_also_backs_draw_no_frame(cards, spec):
    unframed = [c for c in cards if not c[2] and c[0] == "front"]
    assert {spec[piece["id"]].kind for _, piece, *_ in unframed} == set(rules.KIND_BACKS)
    for side, piece, _, frames, _, _ in unframed:
        assert frames == [], (piece["id"], side, frames)


def test_nothing_printed_comes_within_1_2mm_of_the_fine_frame_line(cards, spec):
    framed_faces = 0
    for side, piece, framed, frames, others, chars in cards:
        if not framed:
            continue
        framed_faces += 1
        where = f"{piece['id']} ({spec[piece['id']].kind}) {side}"
        fine = min(frames[1])
        for g in others:
            assert min(g) >= fine + AIR, (where, "a shape", round(min(g), 2), round(fine, 2))
        for text, g in chars:  # the character's whole em box, not only its ink
            assert min(g) >= fine + AIR, (where, text, round(min(g), 2), round(fine, 2))
    assert framed_faces > 0


def test_text_stands_inside_the_safe_area_and_unframed_faces_keep_5mm_clear(cards):
    """On every side, every character's em box is SAFE mm or more inside the cut; on the faces
    that are also backs, no picture comes within 5 mm of it either."""
    read = 0
    for side, piece, framed, _, others, chars in cards:
        where = f"{piece['id']} {side}"
        for text, g in chars:
            assert min(g) >= SAFE, (where, text, round(min(g), 2))
            read += 1
        if not framed and side == "front":
            for g in others:
                assert min(g) >= FRAME_FROM_CUT, (where, "a shape", round(min(g), 2))
    assert read > 0


DPI = 200
PX = DPI / 25.4  # pixels per mm
BAND = 5.0  # mm inside the cut where nothing may run along it
DRIFT = 2.0  # mm beyond the cut, into the bleed, that a drift brings onto the card
TOLERANCE = 20  # of 255: how far one depth's typical colour may stray from the band's


@pytest.fixture(scope="module")
def pixels(built):
    """Every page of the PDF rendered at DPI, as arrays (rows from the top, RGB-ordered or not:
    only differences between pixels are used)."""
    doc = pdfium.PdfDocument(built.pdf)
    pages = [doc[i].render(scale=DPI / 72).to_numpy().astype(np.int16) for i in range(len(doc))]
    doc.close()
    return pages


def band_profiles(img, trim: list, page_height: float) -> dict[str, np.ndarray]:
    """For each edge of a piece, the band from DRIFT mm outside the cut to BAND mm inside it
    (without the corners, which belong to the neighbouring edges' bands): per depth, from the
    outside in, the median colour along the edge. A line that runs along the edge, even a faint
    or broken one, is that depth's median; dots, icons and diagonal patterns are not."""
    x, y, w, h = trim
    left, right = round(x * PX), round((x + w) * PX)
    top, bottom = round((page_height - y - h) * PX), round((page_height - y) * PX)
    out, inn, corner = round(DRIFT * PX), round(BAND * PX), round(BAND * PX)
    bands = {
        "left": img[top + corner:bottom - corner, left - out:left + inn],
        "right": img[top + corner:bottom - corner, right - inn:right + out][:, ::-1],
        "top": img[top - out:top + inn, left + corner:right - corner].swapaxes(0, 1),
        "bottom": img[bottom - inn:bottom + out, left + corner:right - corner][::-1].swapaxes(0, 1),
    }
    return {edge: np.median(band, axis=0) for edge, band in bands.items()}


def edge_lines(img, trim: list, page_height: float) -> list[tuple[str, float, int]]:
    """(edge, depth in mm from the cut (negative: in the bleed), how far off) for every depth of
    an edge band whose typical colour differs from the band's."""
    found = []
    for edge, profile in band_profiles(img, trim, page_height).items():
        ground = np.median(profile, axis=0)
        off = np.abs(profile - ground).max(axis=1)
        for i in np.nonzero(off > TOLERANCE)[0]:
            found.append((edge, round(i / PX - DRIFT, 2), int(off[i])))
    return found


def test_no_line_runs_along_the_cut_on_any_side_of_any_card(built, pixels):
    """Within 5 mm of the cut and 2 mm beyond it nothing follows the edge, on fronts and backs:
    a 2 mm drift of the cut or of the back's print neither shows a border nor moves one."""
    H = built.map["paper"]["height_mm"]
    checked = 0
    for page, img in zip(built.map["pages"], pixels):
        for piece in page["pieces"]:
            assert edge_lines(img, piece["trim_mm"], H) == [], (piece["id"], page["side"], page["page"])
            checked += 1
    assert checked == 2 * 119


def test_the_check_sees_a_frame_line_3mm_inside_the_cut(built, pixels):
    """The check itself: the old frame (a 0.35 mm line 3.2 mm in and a 0.15 mm one 0.9 mm further)
    drawn over a shipped back is found on all four edges, at its depth."""
    H = built.map["paper"]["height_mm"]
    page = next(p for p in built.map["pages"] if p["side"] == "back")
    x, y, w, h = page["pieces"][0]["trim_mm"]
    img = pixels[page["page"] - 1].copy()
    for k, width in ((3.2, 0.35), (4.1, 0.15)):
        a, b = round((x + k) * PX), round((x + w - k) * PX)
        c, d = round((H - y - h + k) * PX), round((H - y - k) * PX)
        t = max(1, round(width * PX))
        ink = np.array([69, 106, 138], dtype=np.int16)  # the old frame's brown
        img[c:c + t, a:b] = img[d - t:d, a:b] = ink
        img[c:d, a:a + t] = img[c:d, b - t:b] = ink
    found = edge_lines(img, [x, y, w, h], H)
    assert {e for e, _, _ in found} == {"left", "right", "top", "bottom"}
    assert all(3.0 <= depth <= 4.4 for _, depth, _ in found), found


@pytest.mark.slow
def test_corner_numbers_fit_their_boxes_at_a_readable_size(built, edition, spec):
    n = edition.box("number")
    boxes = [n, Box(edition.width - n.x - n.w, edition.height - n.y - n.h, n.w, n.h)]  # and turned
    two_digits = 0
    with pdfplumber.open(built.pdf) as doc:
        for page, pdf_page in zip(built.map["pages"], doc.pages):
            if page["side"] != "front":
                continue
            for piece in page["pieces"]:
                card = spec[piece["id"]]
                if card.kind != "fruit":
                    continue
                for box in boxes:
                    digits = []
                    for ch in pdf_page.chars:
                        u, v = _to_card(piece, ch)
                        if box.x <= u <= box.x + box.w and box.y <= v <= box.y + box.h:
                            digits.append(ch)
                    assert "".join(c["text"] for c in digits) in (str(card["number"]), str(card["number"])[::-1])
                    for ch in digits:  # the em box of each digit, corner to corner, in the card's mm
                        corners = [_to_card(piece, {"matrix": (0, 0, 0, 0, px, py)})
                                   for px in (ch["x0"], ch["x1"]) for py in (ch["y0"], ch["y1"])]
                        us, vs = [u for u, _ in corners], [v for _, v in corners]
                        assert box.x - 0.05 <= min(us) and max(us) <= box.x + box.w + 0.05, (card.id, us, box)
                        assert box.y - 0.05 <= min(vs) and max(vs) <= box.y + box.h + 0.05, (card.id, vs, box)
                        size = (max(vs) - min(vs)) * MM  # the em box is one type size tall
                        assert size >= 0.85 * n.text, (card.id, size)  # shrunk to fit, yet still large
                    two_digits += len(digits) == 2
    assert two_digits == 2 * sum(1 for c in spec.values() if c.kind == "fruit" and c["number"] >= 10)
