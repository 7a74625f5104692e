"""What a player checks on a printed sheet of The Jam: nothing that matters within 3mm of the
cut (cutting drifts), mission text large enough to read at arm's length, points that are easy
to read, and a tea-party panel whose names and bunting stay inside it.

Everything is measured on the built PDF and brought back into card millimetres (from the
card's bottom-left corner, y upwards) through the sheet map, whatever the card's rotation."""
from __future__ import annotations

import pdfplumber
import pytest
from conftest import MM

from pnp.games.the_jam import rules
from pnp.games.the_jam.render_missions import FLAG_H, FLAG_W
from pnp.games.the_jam.text import label
from pnp.geometry.shapes import Outline
from pnp.imposition import Piece, Placement, placement_matrix

CARD_W, CARD_H = 63.0, 88.0
SAFE = 3.0  # mm from the cut
READABLE = 7.5  # pt: the smallest mission text a player reads at arm's length


def _inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det


class Card:
    """One front on the page: its objects in card millimetres."""

    def __init__(self, page, piece: dict):
        self.id, self.kind, self.piece = piece["id"], piece["kind"], piece
        x, y, w, h = piece["trim_mm"]
        m = placement_matrix(Placement(Piece(piece["id"], piece["copy"], piece["kind"], Outline("rect", CARD_W, CARD_H)),
                                       x, y, w, h, piece["rotation"]))
        self.inv = _inverse(m)
        self.page_h = float(page.height) / MM
        self.page = page
        self.chars = [self.box(c) | {"text": c["text"], "size": _font_size(c)} for c in page.chars]
        self.chars = [c for c in self.chars if self.inside(c)]
        self.shapes = [self.box(o) | {"pts": len(o.get("pts") or ())}
                       for o in page.curves + page.rects + page.lines]
        self.shapes = [s for s in self.shapes if self.inside(s)]

    def box(self, o) -> dict:
        """A pdfplumber object's bounding box in card millimetres."""
        a, b, c, d, e, f = self.inv
        pts = []
        for px in (o["x0"], o["x1"]):
            for top in (o["top"], o["bottom"]):
                X, Y = px / MM, self.page_h - top / MM
                pts.append((a * X + c * Y + e, b * X + d * Y + f))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return {"x0": min(xs), "x1": max(xs), "y0": min(ys), "y1": max(ys)}

    @staticmethod
    def inside(o) -> bool:
        """Wholly on the card (not a band running out into the bleed)."""
        eps = 0.01
        return o["x0"] >= -eps and o["y0"] >= -eps and o["x1"] <= CARD_W + eps and o["y1"] <= CARD_H + eps

    @staticmethod
    def margin(o) -> float:
        """The object's distance from the nearest cut, in mm."""
        return min(o["x0"], o["y0"], CARD_W - o["x1"], CARD_H - o["y1"])


def _font_size(c) -> float:
    """A character's type size in pt: its box across the direction of writing."""
    along_page_y = abs(c["matrix"][1]) > abs(c["matrix"][0])
    return (c["x1"] - c["x0"]) if along_page_y else (c["bottom"] - c["top"])


@pytest.fixture(scope="module", params=["en", "zh-TW"])
def cards(request, shipped_build):
    built = shipped_build("the-jam") if request.param == "en" else shipped_build("the-jam", "--lang", request.param)
    with pdfplumber.open(built.pdf) as pdf:
        out = [Card(pdf.pages[p["page"] - 1], piece) for p in built.pages("front") for piece in p["pieces"]]
        for card in out:
            card.lang = request.param
        yield out


def _word(chars) -> str:
    return "".join(c["text"] for c in chars)


def test_no_text_within_3mm_of_the_cut(cards):
    """Recipe names, points, ingredient names (descenders too) and every mission word."""
    assert cards
    for card in cards:
        near = [c for c in card.chars if c["text"].strip() and Card.margin(c) < SAFE]
        assert not near, (card.id, _word(near), round(min(Card.margin(c) for c in near), 2))


def _flag(s) -> bool:
    """A bunting flag: the string runs on across a player's cards, so its flags may near the cut."""
    w, h = s["x1"] - s["x0"], s["y1"] - s["y0"]
    return abs(w - FLAG_W) < 0.05 and abs(h - FLAG_H) < 0.05


def test_no_badge_icon_or_box_within_3mm_of_the_cut(cards):
    """Points badges, recipe icons, the Yummy-yummy box, shelves and the tea panel's closed
    ends: every shape drawn on the card either runs out into the bleed or keeps 3mm clear."""
    assert cards
    for card in cards:
        near = [s for s in card.shapes if 0.05 < Card.margin(s) < SAFE and not _flag(s)]
        assert not near, (card.id, [(round(s["x0"], 1), round(s["y0"], 1), round(s["x1"], 1), round(s["y1"], 1))
                                    for s in near])


def test_mission_text_is_large_enough_to_read(cards):
    missions = 0
    for card in cards:
        if card.kind not in rules.MISSION_KINDS:
            continue
        small = [c for c in card.chars if c["text"].strip() and c["size"] < READABLE - 0.01]
        assert not small, (card.id, _word(small), min(round(c["size"], 2) for c in small))
        missions += 1
    assert missions > 0


def test_mission_points_read_as_large_as_on_game_cards(cards):
    """A mission's points stand top right, at the size of a game card's points."""
    game = [c["size"] for card in cards if card.kind in rules.RECIPE_KINDS for c in card.chars
            if c["x0"] > CARD_W * 0.7 and c["y0"] > CARD_H * 0.8 and c["text"].isdigit()]
    missions = 0
    for card in cards:
        mk = rules.MISSION_KINDS.get(card.kind)
        if mk is None or mk.field is None:
            continue
        corner = [c for c in card.chars if c["x0"] > CARD_W * 0.7 and c["y0"] > CARD_H * 0.75 and c["text"].isdigit()]
        assert _word(corner) == str(mk.points), (card.id, _word(corner))
        assert min(c["size"] for c in corner) >= 0.9 * max(game), (card.id, [c["size"] for c in corner])
        missions += 1
    assert missions > 0


def test_two_digit_points_leave_room_in_their_disc(cards):
    """Bear's 10 sits inside the badge's white disc with room to spare, not edge to edge."""
    specials = 0
    for card in cards:
        if card.kind not in rules.SPECIALS:
            continue
        digits = [c for c in card.chars if c["text"].isdigit() and c["y0"] > CARD_H * 0.75]
        assert _word(digits) == str(rules.SPECIALS[card.kind].points)
        x0, x1 = min(c["x0"] for c in digits), max(c["x1"] for c in digits)
        y0, y1 = min(c["y0"] for c in digits), max(c["y1"] for c in digits)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        discs = [s for s in card.shapes if s["x0"] < cx < s["x1"] and s["y0"] < cy < s["y1"]
                 and abs((s["x1"] - s["x0"]) - (s["y1"] - s["y0"])) < 0.1]
        disc = min(discs, key=lambda s: s["x1"] - s["x0"])
        assert x1 - x0 <= 0.75 * (disc["x1"] - disc["x0"]), (card.id, x1 - x0, disc["x1"] - disc["x0"])
        specials += 1
    assert specials > 0


def test_tea_party_panel_holds_its_names_and_bunting(cards):
    """On the card that closes the tea-party panel (part 3 of 3) no flag hangs past the closed
    end, and every name keeps at least 1mm from the panel's borders."""
    panels = 0
    for card in cards:
        if card.kind != "mission-tea-party":
            continue
        panels += 1
        ends = [s for s in card.shapes if s["x1"] - s["x0"] < 0.05 and s["y1"] - s["y0"] > 20]
        assert len(ends) == 1, card.id
        end, bottom, top = ends[0]["x0"], ends[0]["y0"], ends[0]["y1"]
        flags = [s for s in card.shapes if _flag(s)]
        assert flags and all(s["x1"] <= end for s in flags), card.id
        in_band = [c for c in card.chars if c["text"].strip() and c["y0"] > bottom - 1 and c["y1"] < top]
        assert in_band, card.id
        assert all(c["x1"] <= end - 1 and c["y0"] >= bottom + 1 for c in in_band), \
            (card.id, [(c["text"], round(end - c["x1"], 2), round(c["y0"] - bottom, 2)) for c in in_band
                       if c["x1"] > end - 1 or c["y0"] < bottom + 1])
    assert panels > 0


def _printed(card: Card, text: str) -> list[dict]:
    """The characters where the card prints `text` (spaces aside)."""
    chars = [c for c in card.chars if c["text"].strip()]
    want = text.replace(" ", "")
    at = _word(chars).find(want)
    assert at >= 0, (card.id, text)
    return chars[at:at + len(want)]


def test_a_mission_rule_stands_over_the_recipes_it_counts(cards):
    """"Own 3 of these 4:" heads the shelf (or the basket) it counts: it stands between the title
    band and those recipes, and the tea-party panel comes only below them. Under the shelf, right
    over the panel, it read as the tea party's rule."""
    missions = 0
    for card in cards:
        mk = rules.MISSION_KINDS.get(card.kind)
        if mk is None or mk.field is None:
            continue
        missions += 1
        goal = _printed(card, label("own", card.lang, need=mk.needed, n=mk.shown))
        title = _printed(card, mk.name(card.lang))
        tea = _printed(card, rules.MISSION_KINDS["mission-tea-party"].name(card.lang))
        mine = {id(c) for c in goal}
        between = [c for c in card.chars if c["text"].strip() and not c["text"].isdigit() and id(c) not in mine
                   and max(t["y1"] for t in tea) < c["y0"] and c["y1"] < min(t["y0"] for t in title)]
        assert len(between) >= mk.shown * 2, (card.id, _word(between))  # the names of the recipes it counts
        assert min(c["y0"] for c in goal) >= max(c["y1"] for c in between), \
            (card.id, _word(goal), [c["text"] for c in between if c["y1"] > min(g["y0"] for g in goal)])
        assert max(c["y1"] for c in goal) < min(c["y0"] for c in title)
    assert missions > 0
