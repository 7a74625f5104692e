"""Christmas Tree as printed: what a player checks on the built PDF, read back with pdfplumber and
brought into each piece's own millimetres (origin bottom-left, y up) through the sheet map,
whatever the piece's place and rotation on the sheet.

Goal cards say what they score (the words made from their parameters), legibly and clear of
the cut; candies their points, gingerbread
men the ladder on their buttons; the "4" mark stands on exactly the cards that have it; every
decoration has a half-bubble of the spec's colour on the middle of each edge, in the order
upper-left, upper-right, lower-right, lower-left; the boards show spaces 1-21 and levels I-VI;
every font is embedded, and the Chinese build lacks no glyph."""
from __future__ import annotations

import math
from collections import Counter
import re

import pdfplumber
import pytest
from conftest import MM, shipped_components, shipped_edition
from .test_christmas_tree_goal_text import goal_words
from pypdf import PdfReader

from pnp.games.christmas_tree import board, rules
from pnp.games.christmas_tree.goal_text import goal_text
from pnp.imposition import Piece, Placement, placement_matrix
from pnp.load.paths import SPECS_DIR
from pnp.geometry.shapes import Outline

GAME = "christmas-tree"
SAFE = 3.0  # mm from the cut
READABLE = 7.0  # pt
DECORATIONS = tuple(rules.DECORATIONS)
MARK_ZONE = 16.0  # mm: the "4" mark stands in the bottom corner of a decoration, below this


@pytest.fixture(scope="module", params=["en", "zh-TW"])
def built(request, shipped_build):
    lang = request.param
    return lang, (shipped_build(GAME) if lang == "en" else shipped_build(GAME, "--lang", lang))


def _inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det


class Card:
    """One piece on a front page: its characters and filled paths in its own millimetres."""

    def __init__(self, page, piece: dict, size: list[float]):
        self.id, self.kind, self.piece, self.page = piece["id"], piece["kind"], piece, page
        x, y, w, h = piece["trim_mm"]
        outline = Outline(piece["shape"], *size)
        m = placement_matrix(Placement(Piece(piece["id"], piece["copy"], piece["kind"], outline), x, y, w, h,
                                       piece["rotation"]))
        self.inv, self.w, self.h = _inverse(m), size[0], size[1]
        self.page_h = float(page.height) / MM

    def at(self, X: float, Y: float) -> tuple[float, float]:
        """Page millimetres (y up) -> card millimetres."""
        a, b, c, d, e, f = self.inv
        return a * X + c * Y + e, b * X + d * Y + f

    def on(self, u: float, v: float, pad: float = 0.0) -> bool:
        """Whether a point lies on the piece: within its outline (a diamond's, not its bounding box)."""
        if self.piece["shape"] == "rhombus":
            return abs(u - self.w / 2) / (self.w / 2 + pad) + abs(v - self.h / 2) / (self.h / 2 + pad) <= 1
        return -pad <= u <= self.w + pad and -pad <= v <= self.h + pad

    def from_top(self, x_pt: float, top_pt: float) -> tuple[float, float]:
        return self.at(x_pt / MM, self.page_h - top_pt / MM)

    def chars(self, pad: float = 0.0) -> list[dict]:
        """Characters whose origin lies on the card: text, origin (u, v), bounding box and type size."""
        out = []
        for ch in self.page.chars:
            u, v = self.at(ch["matrix"][4] / MM, ch["matrix"][5] / MM)
            if self.on(u, v, pad):
                corners = [self.from_top(px, t) for px in (ch["x0"], ch["x1"]) for t in (ch["top"], ch["bottom"])]
                rotated = abs(ch["matrix"][1]) > abs(ch["matrix"][0])  # the baseline runs along the page's y
                size = (ch["x1"] - ch["x0"]) if rotated else (ch["bottom"] - ch["top"])
                out.append({"text": ch["text"], "u": u, "v": v, "size": size,
                            "u0": min(p[0] for p in corners), "u1": max(p[0] for p in corners),
                            "v0": min(p[1] for p in corners), "v1": max(p[1] for p in corners)})
        return out


def _cards(built_map, pdf, kinds) -> list[Card]:
    sizes = {name: t["size_mm"] for name, t in built_map["templates"].items()}
    return [Card(pdf.pages[p["page"] - 1], piece, sizes[piece["template"]])
            for p in built_map["pages"] if p["side"] == "front" for piece in p["pieces"] if piece["kind"] in kinds]


@pytest.fixture(scope="module")
def read(built):
    lang, b = built
    with pdfplumber.open(b.pdf) as pdf:
        yield lang, b, pdf


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_every_goal_card_says_what_it_scores_legibly_and_clear_of_the_cut(read, spec, templates):
    lang, b, pdf = read
    box = templates["goal"].box("text")
    cards = _cards(b.map, pdf, ("goal",))
    assert len(cards) == rules.OTHER_PIECES["goal"].count
    for card in cards:
        inside = [c for c in card.chars() if box.x <= c["u"] <= box.x + box.w and box.y <= c["v"] <= box.top]
        printed_text = _squash("".join(c["text"] for c in inside))
        assert printed_text == _squash(goal_text(spec[card.id], lang)), card.id
        for word in goal_words(spec[card.id], lang):
            assert _squash(word) in printed_text, (card.id, word, printed_text)
        printed = [c for c in inside if c["text"].strip()]
        assert min(c["size"] for c in printed) >= READABLE - 0.01, card.id
        near = min(min(c["u0"], c["v0"], card.w - c["u1"], card.h - c["v1"]) for c in printed)
        assert near >= SAFE, (card.id, round(near, 2))


def _digits(chars) -> list[str]:
    """Numbers as printed, one per run of characters on one baseline."""
    runs: list[list[dict]] = []
    for c in chars:
        if not c["text"].isdigit():
            continue
        if runs and abs(runs[-1][-1]["v"] - c["v"]) < 0.5 and abs(runs[-1][-1]["u"] - c["u"]) < 4:
            runs[-1].append(c)
        else:
            runs.append([c])
    return ["".join(c["text"] for c in run) for run in runs]


def test_candy_points_read_either_way_up_and_gingerbread_men_show_their_ladder(read, spec):
    _, b, pdf = read
    kinds = set()
    for card in _cards(b.map, pdf, ("candy", "gingerbread")):
        numbers = _digits([c for c in card.chars() if c["v"] > MARK_ZONE])
        if card.kind == "candy":  # once in the left corner, once turned in the right one
            assert numbers == [str(spec[card.id]["points"])] * 2, (card.id, numbers)
        else:
            assert numbers == [str(p) for p in rules.GINGERBREAD_LADDER], (card.id, numbers)
        kinds.add(card.kind)
    assert kinds == {"candy", "gingerbread"}


def test_the_four_mark_stands_at_the_bottom_of_exactly_the_marked_cards(read, spec):
    _, b, pdf = read
    mark = str(max(rules.PLAYERS))
    marked = {card.id for card in _cards(b.map, pdf, DECORATIONS)
              if any(c["text"] == mark and c["v"] < MARK_ZONE for c in card.chars())}
    assert marked == {cid for cid, c in spec.items() if c.kind in DECORATIONS and c["four_player"]}


def test_no_number_on_a_decoration_comes_within_3mm_of_its_cut(read):
    """Diamonds are cut edge to edge: a stray cut must not clip a number (the distance of a glyph's
    box corners to the nearest edge of the diamond)."""
    _, b, pdf = read
    numbers = 0
    for card in _cards(b.map, pdf, DECORATIONS):
        a, h = card.w / 2, card.h / 2
        for c in card.chars():
            worst = max(abs(u - a) / a + abs(v - h) / h for u in (c["u0"], c["u1"]) for v in (c["v0"], c["v1"]))
            assert (1 - worst) * a * h / math.hypot(a, h) >= SAFE, (card.id, c["text"])
            numbers += 1
    assert numbers > 0


def _colour(rgb) -> str | None:
    """The bubble colour a fill is, exactly (to the PDF's precision), or None."""
    for name, named in rules.BUBBLES.items():
        want = [int(named.colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        if rgb and len(rgb) == 3 and all(abs(a - w) < 0.003 for a, w in zip(rgb, want)):
            return name
    return None


def _half_discs(page) -> list[tuple[str, tuple, tuple, tuple]]:
    """Filled paths of a bubble colour shaped as a half-disc (a move, two arcs, a close): the
    colour, both ends of the straight side and the arc's middle, in page points from the top."""
    out = []
    for obj in page.curves:
        colour = _colour(obj.get("non_stroking_color")) if obj.get("fill") else None
        path = obj.get("path") or []
        if colour and [op for op, *_ in path] == ["m", "c", "c", "h"]:
            out.append((colour, path[0][1], path[2][-1], path[1][-1]))
    return out


def test_every_decoration_has_a_half_bubble_of_its_colour_on_the_middle_of_each_edge(read, spec):
    _, b, pdf = read
    cards = _cards(b.map, pdf, DECORATIONS)
    assert len(cards) == rules.DECORATION_CARDS
    by_page: dict[int, list] = {}
    for card in cards:
        discs = by_page.setdefault(card.page.page_number, _half_discs(card.page))
        w, h = card.w, card.h
        middles = [(w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4), (3 * w / 4, h / 4), (w / 4, h / 4)]  # edges 0-3
        found = {}
        for colour, a, z, apex in discs:
            (au, av), (zu, zv), (pu, pv) = (card.from_top(*p) for p in (a, z, apex))
            if not card.on(pu, pv):  # the arc bulges into its own card
                continue
            mid = ((au + zu) / 2, (av + zv) / 2)
            edge = min(range(4), key=lambda k: math.dist(mid, middles[k]))
            assert math.dist(mid, middles[edge]) < 0.05, (card.id, colour, mid)
            assert 5.0 <= math.dist((au, av), (zu, zv)) / 2 <= 6.0, (card.id, "radius")
            assert edge not in found, (card.id, edge)
            found[edge] = colour
        assert [found.get(k) for k in range(4)] == list(spec[card.id]["bubbles"]), card.id


def _drawn_bubbles(card: Card, discs) -> dict[int, tuple[str, tuple, tuple]]:
    """A card's half-bubbles as printed: edge -> (colour, both ends of the straight side), card mm."""
    w, h = card.w, card.h
    middles = [(w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4), (3 * w / 4, h / 4), (w / 4, h / 4)]
    out = {}
    for colour, a, z, apex in discs:
        ends = card.from_top(*a), card.from_top(*z)
        if card.on(*card.from_top(*apex)):
            mid = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
            out[min(range(4), key=lambda k: math.dist(mid, middles[k]))] = (colour, *ends)
    return out


def test_two_printed_cards_laid_edge_to_edge_on_the_tree_close_one_bubble_that_the_scorer_counts(read, spec):
    """Lay two printed cards in spaces 1 and 2 (space 1's lower-left edge on space 2's upper-right),
    the second upright or turned: the two half-bubbles drawn there meet within 0.5 mm, and the
    scorer counts a bubble exactly when the two colours printed there are one colour."""
    from pnp.games.christmas_tree.tree import Placed, Tree

    lang, b, pdf = read
    if lang != "en":
        pytest.skip("the art is the same in both languages")
    cards = _cards(b.map, pdf, DECORATIONS)[:36]
    drawn = {c.id: _drawn_bubbles(c, _half_discs(c.page)) for c in cards}
    w, h = cards[0].w, cards[0].h

    def on_board(space, turned, point):  # card mm -> tree mm, the card's centre on its space's
        cx, cy = board.centre(space, w, h)
        u, v = (w - point[0], h - point[1]) if turned else point
        return cx + u - w / 2, cy + v - h / 2

    pairs = same = 0
    for a in cards:
        for c in cards:
            if a is c:
                continue
            for turned in (False, True):
                ea, ec = 3, board.board_edge(1, turned)  # the printed edge of c on the board's upper-right
                colour_a, *ends_a = drawn[a.id][ea]
                colour_c, *ends_c = drawn[c.id][ec]
                pa = sorted(on_board(1, False, p) for p in ends_a)
                pc = sorted(on_board(2, turned, p) for p in ends_c)
                assert all(math.dist(p, q) < 0.5 for p, q in zip(pa, pc)), (a.id, c.id, turned)
                tree = Tree({1: Placed(spec[a.id]), 2: Placed(spec[c.id], turned)})
                assert len(tree.bubbles()) == (colour_a == colour_c), (a.id, c.id, turned)
                pairs += 1
                same += colour_a == colour_c
    assert pairs > 1000 and 0 < same < pairs


def test_every_board_shows_its_21_spaces_numbered_and_its_levels(read):
    _, b, pdf = read
    tiles: dict[tuple, set[str]] = {}
    sizes = {name: t["size_mm"] for name, t in b.map["templates"].items()}
    for p in b.pages("front"):
        for piece in p["pieces"]:
            if piece["kind"] != "board":
                continue
            card = Card(pdf.pages[p["page"] - 1], piece, sizes[piece["template"]])
            x, y, w, h = piece["trim_mm"]
            page = card.page.within_bbox((x * MM, card.page.height - (y + h) * MM, (x + w) * MM, card.page.height - y * MM))
            words = tiles.setdefault((piece["id"], piece["copy"]), set())
            words |= {wd["text"] for wd in page.extract_words()}
    assert len(tiles) == rules.OTHER_PIECES["board"].count
    for key, words in tiles.items():
        assert {str(n) for n in board.SPACES} <= words, key
        assert set(board.NUMERALS) <= words, key


def _fonts(reader: PdfReader):
    def walk(resources):
        if resources is None:
            return
        resources = resources.get_object()
        for f in (resources.get("/Font") or {}).values():
            yield f.get_object()
        for x in (resources.get("/XObject") or {}).values():
            x = x.get_object()
            if x.get("/Subtype") == "/Form":
                yield from walk(x.get("/Resources"))
    seen = {}
    for page in reader.pages:
        for font in walk(page.get("/Resources")):
            seen[str(font["/BaseFont"])] = font
    return seen


def test_every_font_is_an_embedded_subset(built):
    lang, b = built
    fonts = _fonts(PdfReader(b.pdf))
    assert any("DroidSansFallback" in n for n in fonts) == (lang == "zh-TW")
    for name, font in fonts.items():
        desc = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in desc.get_object() and "+" in name, name


def test_the_chinese_build_lacks_no_glyph(shipped_build):
    r = shipped_build(GAME, "--lang", "zh-TW")  # exit 0, or it fails
    assert "FONT-GLYPH" not in r.err and "RENDER-FAILED" not in r.err, r.err


def test_gutterfold_puts_pieces_without_backs_on_whole_one_sided_sheets(shipped_build):
    """Gutterfold folds a sheet to put each back behind its front; the boards, the track and the
    tokens have no back, so they go on whole sheets that are cut as they are — not on the top
    half of a fold with crop marks for backs that do not exist (36 half-empty sheets; each board
    in 8 tiles instead of 4)."""
    fold, duplex = shipped_build("christmas-tree", "--backs", "gutterfold"), shipped_build("christmas-tree")
    one_sided = fold.map["one_sided_pages"]
    folded = {p["page"] for p in fold.pages("back")}  # a fold: the backs below it, listed as its back
    assert one_sided and not folded & set(one_sided)
    for p in fold.pages("front"):
        below = [x for x in p["pieces"] if x["trim_mm"][1] < 297 / 2 - 1e-6]
        if p["page"] in one_sided:  # the whole sheet, and nothing on it has a back
            assert p["page"] not in folded
        else:  # a fold: every front above it, its back behind it below
            assert p["page"] in folded and not below
    backed = {x["id"] for p in fold.pages("back") for x in p["pieces"]}
    assert not backed & {x["id"] for p in fold.pages("front") if p["page"] in one_sided for x in p["pieces"]}
    tiles = lambda built: Counter((x["id"], x["copy"]) for p in built.pages("front") for x in p["pieces"]  # noqa: E731
                                  if x.get("tile"))
    assert tiles(fold) == tiles(duplex)  # a board in as many tiles as a duplex print gives it (4), not 8
    assert set(tiles(fold).values()) == {4}
    assert len(one_sided) == len(duplex.map["one_sided_pages"])  # the same one-sided sheets a duplex print makes
