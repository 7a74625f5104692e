"""Pi mal Pflaumen: colour is never the only cue. The fruit cards' action icons (watchdog, steal,
take 3 pi) are told apart by a colour-blind player too: the page is rendered in greyscale, and
every two different actions differ in the text printed with the icon or in the icon's outline.
The word is the rules model's short name of the action, in the card's language, at a size and a
contrast one can read in grey."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest
from .test_pi_mal_pflaumen_build import _matrix, _to_card

from pnp.render.cards import SAFE
from pnp.geometry.drawing import apply
from pnp.games.pi_mal_pflaumen import rules
from pnp.load.layout import Box
from conftest import shipped_components, shipped_edition

GAME = "pi-mal-pflaumen"
DPI = 200
PX = DPI / 25.4  # pixels per mm
INK = 200  # grey levels below this are ink (the paper is about 236, the badge's gold about 160)


def _grey_crop(page_img, piece: dict, box: Box, page_height: float) -> np.ndarray:
    """A card's box cut from the greyscale page, turned back upright."""
    m = _matrix(piece)
    corners = [apply(m, u, v) for u in (box.x, box.x + box.w) for v in (box.y, box.y + box.h)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    crop = page_img.crop((round(min(xs) * PX), round((page_height - max(ys)) * PX),
                          round(max(xs) * PX), round((page_height - min(ys)) * PX)))
    return np.asarray(crop.rotate(-piece["rotation"], expand=True))


def outline(grey: np.ndarray) -> np.ndarray:
    """The silhouette of what is drawn in a crop: every row filled from its first to its last
    inked pixel. Two icons in the same round badge have the same outline, whatever is inside."""
    ink = grey < INK
    out = np.zeros_like(ink)
    for r, row in enumerate(ink):
        cols = np.nonzero(row)[0]
        if len(cols):
            out[r, cols[0]:cols[-1] + 1] = True
    return out


def same_outline(a: np.ndarray, b: np.ndarray) -> bool:
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    return (a & b).sum() / max((a | b).sum(), 1) > 0.9


@pytest.fixture(scope="module", params=["en", "zh-TW"])
def actions(request, shipped_build, spec, edition):
    """{action: [(card id, text with the icon, outline of the icon, greyscale of its surroundings,
    glyph sizes)]} over every fruit card that carries an action, read from the greyscale page."""
    lang = request.param
    built = shipped_build(GAME) if lang == "en" else shipped_build(GAME, "--lang", lang)
    H = built.map["paper"]["height_mm"]
    icon = edition.box("action")
    # the icon and what is printed with it: its column, down to the safe area
    column = Box(icon.x - 1.5, SAFE, icon.w + 3, icon.top - SAFE)
    found: dict[str, list] = {k: [] for k in rules.ACTIONS}
    doc = pdfium.PdfDocument(built.pdf)
    with pdfplumber.open(built.pdf) as plumb:
        for i, page in enumerate(built.map["pages"]):
            cards = [p for p in page["pieces"] if spec[p["id"]].kind == "fruit" and spec[p["id"]].get("action")]
            if page["side"] != "front" or not cards:
                continue
            grey = doc[i].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            chars = plumb.pages[i].chars
            for piece in cards:
                inside = [c for c in chars if _inside(column, *_to_card(piece, c))]
                text = "".join(c["text"] for c in inside).replace(" ", "")
                words = [c for c in inside if _to_card(piece, c)[1] < icon.y]  # under the icon
                found[spec[piece["id"]]["action"]].append(
                    (piece["id"], text, outline(_grey_crop(grey, piece, icon, H)),
                     _grey_crop(grey, piece, column, H), [_type_size(piece, c) for c in words]))
    doc.close()
    return lang, found


def _type_size(piece: dict, ch: dict) -> float:
    """A glyph's type size in points: the height of its em box upright on the card."""
    vs = [_to_card(piece, {"matrix": (0, 0, 0, 0, x, y)})[1]
          for x in (ch["x0"], ch["x1"]) for y in (ch["y0"], ch["y1"])]
    return (max(vs) - min(vs)) * 72 / 25.4


def _inside(box: Box, u: float, v: float) -> bool:
    return box.x <= u <= box.x + box.w and box.y <= v <= box.top


def test_every_two_different_actions_differ_in_text_or_outline_in_greyscale(actions):
    lang, found = actions
    assert all(found.values()), {k: len(v) for k, v in found.items()}  # the deck shows every action
    for kind, cards in found.items():  # one action looks the same on every card
        assert len({text for _, text, *_ in cards}) == 1, (lang, kind, {c[0]: c[1] for c in cards})
    for a, b in combinations(rules.ACTIONS, 2):
        (ida, text_a, shape_a, *_), (idb, text_b, shape_b, *_) = found[a][0], found[b][0]
        assert text_a != text_b or not same_outline(shape_a, shape_b), (
            f"{lang}: '{a}' on {ida} and '{b}' on {idb} are told apart by colour only "
            f"(text {text_a!r} and {text_b!r}, the same outline)")


def test_each_action_is_named_in_the_cards_language_legibly(actions):
    lang, found = actions
    read = 0
    for kind, cards in found.items():
        word = rules.ACTIONS[kind]["short"][lang].replace(" ", "")
        for cid, text, _, grey, sizes in cards:
            assert word in text, (lang, cid, kind, text)
            assert sizes and min(sizes) >= 6, (lang, cid, sizes)  # points, under the icon
            ground, ink = np.median(grey), np.percentile(grey, 1)
            assert ground - ink >= 120, (lang, cid, ground, ink)  # dark words on light paper, in grey
            read += 1
    assert read > 0
