"""Pi mal Pflaumen margins, read back from the built PDF against the sheet map. Cutting drifts,
so both frame lines stand at least 3 mm inside the cut, evenly on all four sides, and nothing
printed inside the frame crowds the fine frame line: not the two-digit corner numbers, not the
action badges, not the round numeral. Both languages, every front and every back."""
from __future__ import annotations

import pdfplumber
import pytest
from conftest import MM
from test_pi_mal_pflaumen_build import _to_card

from pnp.games import GAMES
from pnp.games.pi_mal_pflaumen import render
from pnp.layout import Box, load_layout
from pnp.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.spec import load_spec

GAME = "pi-mal-pflaumen"
FRAME_FROM_CUT = 3.0  # mm from the trim line to the outer edge of the thick frame line, at least
AIR = 1.2  # mm from the fine frame line to anything printed inside it, at least
RULE = tuple(round(c, 3) for c in (render.RULE.r, render.RULE.g, render.RULE.b))


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


@pytest.fixture(scope="module")
def cards(built):
    """[(side, piece, frame lines, other shapes, chars)] for every card on every page; shapes and
    chars as gaps (mm) to the trim's four edges. A shape belongs to the card its middle is on."""
    out = []
    with pdfplumber.open(built.pdf) as doc:
        for page, pdf_page in zip(built.map["pages"], doc.pages):
            H = pdf_page.height
            shapes = pdf_page.curves + pdf_page.rects + pdf_page.lines
            for piece in page["pieces"]:
                trim = piece["trim_mm"]
                frames, others = [], []
                for o in shapes:
                    if not _within(trim, (o["x0"] + o["x1"]) / 2, H - (o["top"] + o["bottom"]) / 2):
                        continue
                    g = _gaps(o, H, trim, o["linewidth"] / MM / 2 if o.get("stroke") else 0.0)
                    if max(g) < 0:  # the paper, out to the bleed
                        continue
                    colour = tuple(round(c, 3) for c in o.get("stroking_color") or ())
                    (frames if o.get("stroke") and not o.get("fill") and colour == RULE else others).append(g)
                chars = [(c["text"], _gaps(c, H, trim)) for c in pdf_page.chars if _within(trim, *c["matrix"][4:6])]
                out.append((page["side"], piece, sorted(frames), others, chars))
    return out


def test_both_frame_lines_stand_at_least_3mm_inside_the_cut_and_even_all_round(cards):
    for side, piece, frames, _, _ in cards:
        where = f"{piece['id']} {side}"
        assert len(frames) == 2, (where, frames)  # the thick line and the fine one
        thick, fine = frames  # sorted: the fine line is further in
        assert min(thick) >= FRAME_FROM_CUT, (where, thick)
        assert max(thick) - min(thick) < 0.05, (where, thick)  # the same border on all four sides
        assert min(fine) > max(thick), where


def test_nothing_printed_comes_within_1_2mm_of_the_fine_frame_line(cards):
    for side, piece, frames, others, chars in cards:
        where = f"{piece['id']} {side}"
        fine = min(frames[1])
        for g in others:
            assert min(g) >= fine + AIR, (where, "a shape", round(min(g), 2), round(fine, 2))
        for text, g in chars:  # the character's whole em box, not only its ink
            assert min(g) >= fine + AIR, (where, text, round(min(g), 2), round(fine, 2))


@pytest.fixture(scope="module")
def edition():
    layout, report = load_layout(LAYOUTS_DIR / f"{GAME}.yaml", GAME, GAMES[GAME].boxes)
    assert report.ok
    return layout.editions[layout.default].main


def test_corner_numbers_fit_their_boxes_at_a_readable_size(built, edition):
    spec = {c.id: c for c in load_spec(SPECS_DIR / f"{GAME}.yaml", GAMES[GAME])[0].components}
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
