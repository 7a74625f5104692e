"""GEM cards a player reads without mistakes: numbers that turn into other numbers upside down are
underlined at both ends, and every gem carries a letter so that its kind never rests on colour.

Read back as a player sees the print: glyphs and strokes with pdfplumber, the page in greyscale
with pypdfium2 (what a player who tells no colours apart sees).
"""
import itertools
import json
import math

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest

from conftest import MM, copy_spec, rotation_of
from pnp.render.cards import reads_differently_upside_down
from pnp.cli import main
from pnp.games import GAMES
from pnp.load.layout import load_layout
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.load.spec import load_spec

# ---------------------------------------------------------------------------------------------
# 6 and 9

AMBIGUOUS = ["6", "9", "66", "68", "89", "16", "10", "61", "99"]
SAME_BOTH_WAYS = ["0", "1", "8", "11", "69", "96", "88", "101"]  # turned over, still the same number
NO_NUMBER_UPSIDE_DOWN = ["2", "3", "4", "5", "7", "36", "63", "92"]


@pytest.mark.parametrize("text", AMBIGUOUS)
def test_numbers_that_turn_into_other_numbers_read_differently(text):
    assert reads_differently_upside_down(text)


@pytest.mark.parametrize("text", SAME_BOTH_WAYS + NO_NUMBER_UPSIDE_DOWN + ["", "six"])
def test_numbers_that_read_the_same_or_as_no_number_do_not(text):
    assert not reads_differently_upside_down(text)


# gem cards (and two coins, a rule break built with --force) carrying numbers worth checking
NUMBERS = {
    "sapphire-ruby": (6, 9), "sapphire-emerald": (66, 68), "sapphire-amethyst": (89, 16),
    "sapphire-topaz": (3, 8), "ruby-emerald": (69, 96), "ruby-amethyst": (10, 88),
}
UNDERLINED = {"6", "9", "66", "68", "89", "16", "10"}


@pytest.fixture(scope="module")
def sixes(tmp_path_factory):
    """The shipped spec with 6, 9 and their multi-digit kin on gem cards and coins, built as a gum
    and a poker edition; returns {edition: (pdf path, sheet map)}."""
    tmp = tmp_path_factory.mktemp("sixes")
    text = (SPECS_DIR / "gem.yaml").read_text(encoding="utf-8")
    for card, (invest, loan) in NUMBERS.items():
        line = next(t for t in text.splitlines() if f"id: {card}," in t)
        head, _ = line.split("invest:")
        text = text.replace(line, f"{head}invest: {invest}, loan: {loan} }}")
    text = text.replace("{ id: coin-1a, kind: coin, value: 1 }", "{ id: coin-1a, kind: coin, value: 6 }")
    text = text.replace("{ id: coin-2a, kind: coin, value: 2 }", "{ id: coin-2a, kind: coin, value: 9 }")
    specs, _ = copy_spec(tmp, "gem", text=text)
    built = {}
    for edition in ("gum", "poker"):
        out = tmp / edition
        code = main(["build", "gem", "--specs", str(specs), "--layouts", str(LAYOUTS_DIR), "--out", str(out),
                     "--edition", edition, "--force"])
        assert code == 0
        built[edition] = (out / "gem.pdf", json.loads((out / "gem.json").read_text()))
    return built


def _numbers(page, piece):
    """The numbers printed on a card: runs of digit glyphs set on one baseline, with whether a
    stroke lies under each (a bar parallel to the baseline, just below it, about as long as the
    number). Returns [(text, glyph rotation, underlined)]."""
    x, y, w, h = piece["trim_mm"]
    digits = [c for c in page.chars if c["text"].isdigit()
              and x * MM <= c["matrix"][4] <= (x + w) * MM and y * MM <= c["matrix"][5] <= (y + h) * MM]
    out = []
    for rot, group in itertools.groupby(sorted(digits, key=rotation_of), key=rotation_of):
        ux = (round(math.cos(math.radians(rot))), round(math.sin(math.radians(rot))))
        uy = (-ux[1], ux[0])
        # words: glyphs on one baseline, each starting where the one before it ends
        words: list[list[dict]] = []
        for c in sorted(group, key=lambda c: (round(_along(c, uy)), _along(c, ux))):
            last = words[-1][-1] if words else None
            if (last and abs(_along(c, uy) - _along(last, uy)) < 0.5
                    and 0 < _along(c, ux) - _along(last, ux) < 1.2 * _extent(last, ux)):
                words[-1].append(c)
            else:
                words.append([c])
        for word in words:
            out.append(("".join(c["text"] for c in word), rot, _underlined(page, word, ux, uy)))
    return out


def _along(c, u):
    """Where a glyph's origin lies along a direction (pt)."""
    return c["matrix"][4] * u[0] + c["matrix"][5] * u[1]


def _extent(c, u):
    """A glyph box's size along a direction (pt): its advance along the baseline, its type size
    across it (pdfplumber's `size` is not that for turned text)."""
    return abs(c["x1"] - c["x0"]) if u[0] else abs(c["y1"] - c["y0"])


def _underlined(page, word, ux, uy) -> bool:
    size = _extent(word[0], uy)
    origin = (word[0]["matrix"][4], word[0]["matrix"][5])
    height = float(page.height)

    def local(px, py):  # a page point (x, y from the bottom) in the number's own frame
        dx, dy = px - origin[0], py - origin[1]
        return dx * ux[0] + dy * ux[1], dx * uy[0] + dy * uy[1]

    us = [local(x, y)[0] for c in word for x in (c["x0"], c["x1"]) for y in (c["y0"], c["y1"])]
    u0, u1 = min(us), max(us)
    for ln in page.lines:
        ends = [local(px, height - top) for px, top in ln["pts"]]
        (a, va), (b, vb) = ends[0], ends[-1]
        if not (-0.3 * size < va < 0 and -0.3 * size < vb < 0) or abs(va - vb) > 0.05 * size:
            continue  # not a bar just under the baseline
        lo, hi = min(a, b), max(a, b)
        if lo >= u0 - 0.1 * size and hi <= u1 + 0.1 * size and hi - lo >= 0.5 * (u1 - u0):
            return True
    return False


@pytest.mark.parametrize("edition", ["gum", "poker"])
def test_numbers_that_read_otherwise_upside_down_are_underlined_at_both_ends(sixes, edition):
    pdf_path, sheet = sixes[edition]
    seen: dict[str, list] = {}
    with pdfplumber.open(pdf_path) as pdf:
        for n, entry in enumerate(sheet["pages"]):
            if entry["side"] != "front":
                continue
            for piece in entry["pieces"]:
                for text, rot, under in _numbers(pdf.pages[n], piece):
                    end = "invest" if rot == piece["rotation"] else "loan"
                    seen.setdefault(piece["id"], []).append((text, end, under))
                    assert under == (text in UNDERLINED), (edition, piece["id"], end, text, under)
    # every number is where it should be, at its own end: the invest number upright, the loan
    # number turned, each underlined or not as it reads
    for card, (invest, loan) in NUMBERS.items():
        assert (str(invest), "invest", str(invest) in UNDERLINED) in seen[card]
        assert (str(loan), "loan", str(loan) in UNDERLINED) in seen[card]
    # a coin shows its value four times (number and coin, at both ends): a 6 or 9 underlined each time
    assert sorted(seen["coin-1a"]) == sorted([("6", "invest", True)] * 2 + [("6", "loan", True)] * 2)
    assert sorted(seen["coin-2a"]) == sorted([("9", "invest", True)] * 2 + [("9", "loan", True)] * 2)
    assert all(not under for text, _, under in seen["coin-3a"])


def test_the_shipped_deck_underlines_exactly_the_numbers_that_read_otherwise_upside_down(shipped_build):
    """Whatever the shipped deck's numbers are (today its diamonds cost 6 to turn back, a 9 from
    the investment end)."""
    built = shipped_build("gem")
    read = 0
    with pdfplumber.open(built.pdf) as pdf:
        for n, entry in enumerate(built.map["pages"]):
            for piece in entry["pieces"] if entry["side"] == "front" else []:
                numbers = _numbers(pdf.pages[n], piece)
                assert len(numbers) == (4 if piece["kind"] == "coin" else 2), piece["id"]
                for text, _, under in numbers:
                    assert under == reads_differently_upside_down(text), (piece["id"], text)
                    read += 1
    assert read > 0


# ---------------------------------------------------------------------------------------------
# gems told apart without colour

LETTERS = {
    "en": {"sapphire": "S", "ruby": "R", "emerald": "E", "amethyst": "A", "topaz": "T", "diamond": "D"},
    "zh-TW": {"sapphire": "藍", "ruby": "紅", "emerald": "祖", "amethyst": "紫", "topaz": "黃", "diamond": "鑽"},
}
BUILDS = {
    ("gum", "en"): (), ("gum", "zh-TW"): ("--lang", "zh-TW"),
    ("poker", "en"): ("--edition", "poker"), ("poker", "zh-TW"): ("--edition", "poker", "--lang", "zh-TW"),
}
DPI = {"gum": 300, "poker": 150}  # enough pixels for a tenth of a millimetre on the small stones
OUTLINE_APART_MM = 1.0  # outlines nowhere further apart than this look alike at arm's length


def _gem_box(edition: str):
    layout, _ = load_layout(LAYOUTS_DIR / "gem.yaml", "gem", GAMES["gem"].boxes)
    ed = layout.editions[edition].main
    return ed.width, ed.height, ed.box("gems")


def _to_page(piece, card_w, card_h, u, v):
    """A point of the card (mm, the card upright) on the page (mm), through the sheet map."""
    x, y, w, h = piece["trim_mm"]
    rot = piece["rotation"] % 360
    if rot == 0:
        return x + u, y + v
    if rot == 90:
        return x + w - v, y + u
    if rot == 180:
        return x + w - u, y + h - v
    return x + v, y + h - u


_STONES: dict = {}


def _stones(build, cards, edition):
    if build.pdf not in _STONES:
        _STONES[build.pdf] = _find_stones(build, cards, edition)
    return _STONES[build.pdf]


def _find_stones(build, cards, edition):
    """Every gem drawn on the fronts, both ends: (kind, text on it, greyscale silhouette as points
    in mm about its centroid). The stones are found in the pixels of the layout's `gems` box: the
    columns where anything but the felt shows, one run of columns per gem on the card."""
    card_w, card_h, box = _gem_box(edition)
    doc = pdfium.PdfDocument(build.pdf)
    out = []
    with pdfplumber.open(build.pdf) as pdf:
        for n, entry in enumerate(build.map["pages"]):
            if entry["side"] != "front":
                continue
            grey = np.asarray(doc[n].render(scale=DPI[edition] / 72, grayscale=True).to_pil().convert("L"),
                              dtype=float)
            for piece in entry["pieces"]:
                card = cards[piece["id"]]
                if card.kind != "gem":
                    continue
                for turn in (False, True):  # the investment end, then the loan end turned back upright
                    out += _end_stones(pdf.pages[n], grey, DPI[edition], piece, card, (card_w, card_h), box, turn)
    return out


def _end_stones(page, grey, dpi, piece, card, size, box, turn):
    card_w, card_h = size
    k = dpi / 25.4

    def at(u, v):  # card point -> page mm, the loan end being the box turned about the centre
        return _to_page(piece, card_w, card_h, card_w - u, card_h - v) if turn else _to_page(piece, card_w, card_h, u, v)

    corners = [at(box.x, box.y), at(box.x + box.w, box.top)]
    x0, x1 = sorted(c[0] for c in corners)
    y0, y1 = sorted(c[1] for c in corners)
    rows = grey.shape[0]
    crop = grey[int(rows - y1 * k):int(rows - y0 * k), int(x0 * k):int(x1 * k)]
    # turn the crop so the card's x axis runs left to right, as on the upright card
    turns = {0: 0, 90: -1, 180: 2, 270: 1}[piece["rotation"] % 360] + (2 if turn else 0)
    crop = np.rot90(crop, turns)
    mask = np.abs(crop - np.median(crop)) > 10
    cols = np.append(mask.any(axis=0), False)
    runs, start = [], None
    for i, filled in enumerate(cols):
        if filled and start is None:
            start = i
        elif not filled and start is not None:
            if i - start > 5:
                runs.append((start, i))
            start = None
    assert len(runs) == len(card["gems"]), (piece["id"], turn, runs)
    stones = []
    for kind, (a, b) in zip(card["gems"], runs):
        ua, ub = box.x + a / k, box.x + b / k
        p, q = at(ua, box.y), at(ub, box.top)
        lo, hi = (min(p[0], q[0]), min(p[1], q[1])), (max(p[0], q[0]), max(p[1], q[1]))
        text = "".join(c["text"] for c in page.chars
                       if lo[0] * MM <= (c["x0"] + c["x1"]) / 2 <= hi[0] * MM
                       and lo[1] * MM <= (c["y0"] + c["y1"]) / 2 <= hi[1] * MM)
        ys, xs = np.nonzero(mask[:, a:b])
        pts = np.stack([xs, ys], 1) / k
        stones.append((kind, text, pts - pts.mean(axis=0)))
    return stones


def _apart(a, b) -> float:
    """How far apart two silhouettes are at most (the Hausdorff distance), in mm."""
    d = np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(-1))
    return float(max(d.min(axis=1).max(), d.min(axis=0).max()))


@pytest.mark.parametrize("edition,lang", list(BUILDS))
def test_every_gem_carries_the_letter_of_its_kind_at_both_ends(shipped_build, spec_cards, edition, lang):
    built = shipped_build("gem", *BUILDS[(edition, lang)])
    stones = _stones(built, spec_cards, edition)
    assert len(stones) == 2 * sum(len(c["gems"]) for c in spec_cards.values() if c.kind == "gem")
    wrong = {(kind, text) for kind, text, _ in stones if text != LETTERS[lang][kind]}
    assert not wrong, f"gems without their letter ({edition}, {lang}): {sorted(wrong)}"
    assert len(set(LETTERS[lang].values())) == 6


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_in_greyscale_every_pair_of_gem_kinds_differs_in_text_or_outline(shipped_build, spec_cards, lang):
    """At gum size (stones 6-9 mm) the oval sapphire, round ruby, emerald cut and pear amethyst
    have outlines within a millimetre of each other, and in grey ruby and sapphire have the same
    tone: such a pair must differ in its letter."""
    built = shipped_build("gem", *BUILDS[("gum", lang)])
    texts: dict[str, set] = {}
    shapes: dict[str, np.ndarray] = {}
    for kind, text, pts in _stones(built, spec_cards, "gum"):
        texts.setdefault(kind, set()).add(text)
        shapes.setdefault(kind, pts[:: max(1, len(pts) // 3000)])
    assert set(texts) == set(LETTERS[lang])
    alike = []
    for a, b in itertools.combinations(sorted(texts), 2):
        by_text = "" not in texts[a] | texts[b] and not texts[a] & texts[b]
        if not by_text and _apart(shapes[a], shapes[b]) < OUTLINE_APART_MM:
            alike.append((a, b, round(_apart(shapes[a], shapes[b]), 2), sorted(texts[a]), sorted(texts[b])))
    assert not alike, f"gem kinds told apart by colour only: {alike}"
