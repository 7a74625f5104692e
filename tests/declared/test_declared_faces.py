"""`pnp build` of the declared example, read back from the PDF (pdfplumber) against its sheet
map: every card once, its CSV title on its own card in English and in Chinese, its colours from
`choices:`, its back; and broken layouts: every face error located at its element, all told,
nothing built."""
from __future__ import annotations

import json

import pytest

from declared_kit import (EXAMPLE, LAYOUT, MM, SPEC, chars_in, codes, example_rows, has, no_traceback, one, rotation_of,
                          text_in)
from declared_fixtures import game, lanterns_built, lanterns_pdf  # noqa: F401  (fixtures)

ROWS = {r[0]: dict(zip(example_rows()[0], r)) for r in example_rows()[1:]}  # the CSV by id
WISH_TITLES = {"wish-red-2": ("A warm red night", "溫暖的紅色夜晚"), "wish-red-4": ("Red as far as you see", "滿眼通紅"),
               "wish-gold-2": ("A gold glow", "金色光芒"), "wish-gold-4": ("Streets of gold", "黃金街道"),
               "wish-jade-2": ("Jade by the river", "河邊的玉燈"), "wish-jade-4": ("A jade garden", "玉色花園"),
               "wish-violet-2": ("Violet dusk", "紫色黃昏"), "wish-violet-4": ("The violet hour", "紫色時光")}
LIGHT = {"red": "#f6d5cf", "gold": "#f7e6bf", "jade": "#cfeadf", "violet": "#e2d8f1"}  # choices: colour.light
EXAMPLE_SPECS = EXAMPLE / "card_specs"
DARK = {"red": "#c0392b", "gold": "#c8901a", "jade": "#2e8b6a", "violet": "#6c4aa0"}  # choices: colour.colour


def squeeze(s: str) -> str:
    return "".join(s.split())


def title(piece_id: str, lang: str) -> str:
    if piece_id in ROWS:
        return ROWS[piece_id]["title" if lang == "en" else "title.zh-TW"]
    return WISH_TITLES[piece_id][0 if lang == "en" else 1]


def fills_in(page, trim_mm, pad_mm: float = 3.5) -> list[tuple[str, float, float]]:
    """(fill colour '#rrggbb', width mm, height mm) of the filled rectangles inside a piece's box."""
    x, y, w, h = trim_mm
    out = []
    for r in page.rects:
        if not r.get("fill") or not r.get("non_stroking_color") or len(r["non_stroking_color"]) != 3:
            continue
        x0, y0 = r["x0"] / MM, (page.height - r["bottom"]) / MM
        x1, y1 = r["x1"] / MM, (page.height - r["top"]) / MM
        if x - pad_mm <= x0 and x1 <= x + w + pad_mm and y - pad_mm <= y0 and y1 <= y + h + pad_mm:
            colour = "#" + "".join(f"{round(c * 255):02x}" for c in r["non_stroking_color"])
            out.append((colour, round(r["width"] / MM, 1), round(r["height"] / MM, 1)))
    return out


# -- the example's build ----------------------------------------------------------------------------------

def test_sheet_map_has_every_card_once(lanterns_built, lanterns_pdf):
    pdf_path, smap = lanterns_built("en")
    assert smap["game"] == "lanterns" and smap["card_mm"] == [63.0, 88.0] and smap["backs"] == "duplex-long"
    assert len(lanterns_pdf("en").pages) == len(smap["pages"]) == 12
    fronts = [p for p in smap["pages"] if p["side"] == "front"]
    backs = [p for p in smap["pages"] if p["side"] == "back"]
    assert [p["side"] for p in smap["pages"]] == ["front", "back"] * 6
    assert [len(p["pieces"]) for p in fronts] == [8] * 6
    on_fronts = [c["id"] for p in fronts for c in p["pieces"]]
    assert sorted(on_fronts) == sorted(list(ROWS) + list(WISH_TITLES))
    kinds = {c["id"]: c["kind"] for p in fronts for c in p["pieces"]}
    assert {kinds[i] for i in ROWS} == {"lantern"} and {kinds[i] for i in WISH_TITLES} == {"wish"}
    for front, back in zip(fronts, backs):  # each back page holds the same cards as its front
        assert sorted(c["id"] for c in front["pieces"]) == sorted(c["id"] for c in back["pieces"])


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_titles_from_the_table_on_their_own_cards(lanterns_built, lanterns_pdf, lang):
    _, smap = lanterns_built(lang)
    doc = lanterns_pdf(lang)
    seen = 0
    for p in smap["pages"]:
        if p["side"] != "front":
            continue
        page = doc.pages[p["page"] - 1]
        for c in p["pieces"]:
            text = squeeze(text_in(page, c["trim_mm"]))
            assert squeeze(title(c["id"], lang)) in text, (p["page"], c["id"], text)
            others = [i for i in ROWS if i != c["id"] and title(i, lang) in text
                      and title(i, lang) not in title(c["id"], lang)]
            assert not others, (c["id"], others)  # no other card's title spilt onto this one
            seen += 1
    assert seen == 48


def test_zh_build_prints_the_chinese_column_not_the_english(lanterns_built, lanterns_pdf):
    _, smap = lanterns_built("zh-TW")
    page = lanterns_pdf("zh-TW").pages[0]
    red1 = next(c for c in smap["pages"][0]["pieces"] if c["id"] == "red-1")
    text = text_in(page, red1["trim_mm"])
    assert "紅蛾燈" in text and "Moth" not in text
    fonts = {ch["fontname"] for ch in chars_in(page, red1["trim_mm"])}
    assert all("+" in f for f in fonts), fonts  # embedded as subsets


@pytest.mark.parametrize("lang,name,labels", [("en", "LanternWalk", {"lantern-back": "Lanterns", "wish-back": "Wishes"}),
                                               ("zh-TW", "燈籠夜遊", {"lantern-back": "燈籠", "wish-back": "心願"})])
def test_backs_name_the_game_and_their_label(lanterns_built, lanterns_pdf, lang, name, labels):
    _, smap = lanterns_built(lang)
    doc = lanterns_pdf(lang)
    backs = 0
    for p in smap["pages"]:
        if p["side"] != "back":
            continue
        page = doc.pages[p["page"] - 1]
        for c in p["pieces"]:
            text = squeeze(text_in(page, c["trim_mm"]))
            label = labels["wish-back" if c["id"].startswith("wish-") else "lantern-back"]
            assert text == name + label, (c["id"], text)
            backs += 1
    assert backs > 0


def test_value_printed_at_both_ends(lanterns_built, lanterns_pdf):
    """`{value}` twice on a lantern, the second `turn: 180`: the same digits, turned half round."""
    _, smap = lanterns_built("en")
    page = lanterns_pdf("en").pages[0]
    cards = 0
    for c in smap["pages"][0]["pieces"]:
        value = ROWS[c["id"]]["value"]
        digits = [ch for ch in chars_in(page, c["trim_mm"]) if ch["text"].isdigit()]
        turns = sorted({rotation_of(ch) for ch in digits})
        assert "".join(ch["text"] for ch in digits if rotation_of(ch) == turns[0]) == value
        assert len(turns) == 2 and (turns[1] - turns[0]) == 180, (c["id"], turns)
        cards += 1
    assert cards > 0


def test_colours_come_from_choices(lanterns_built, lanterns_pdf):
    """`rect: all, fill: "{colour.light}"` fills the card to its bleed; `rect: band` is colour.colour."""
    _, smap = lanterns_built("en")
    doc = lanterns_pdf("en")
    cards = 0
    for p in smap["pages"][:6:2]:
        page = doc.pages[p["page"] - 1]
        for c in p["pieces"]:
            colour = ROWS[c["id"]]["colour"]
            fills = fills_in(page, c["trim_mm"])
            assert (LIGHT[colour], 94.0, 69.0) in fills, (c["id"], fills)  # 88 x 63 mm and 3 mm of bleed round it
            assert (DARK[colour], 18.0, 63.0) in fills, (c["id"], fills)  # the band, turned with the card
            assert not {f for f, _, _ in fills} & (set(LIGHT.values()) - {LIGHT[colour]})
            cards += 1
    assert cards > 0


def test_wish_rule_text_names_the_colour(lanterns_built, lanterns_pdf):
    _, smap = lanterns_built("en")
    page = lanterns_pdf("en").pages[10]
    texts = {c["id"]: squeeze(text_in(page, c["trim_mm"])) for c in smap["pages"][10]["pieces"]}
    assert squeeze("Most Red lanterns at the end: 2 points") in texts["wish-red-2"]
    assert squeeze("Most Violet lanterns at the end: 4 points") in texts["wish-violet-4"]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_no_placeholder_printed_literally(lanterns_pdf, lang):
    pages = 0
    for page in lanterns_pdf(lang).pages:
        assert not {"{", "}"} & {ch["text"] for ch in page.chars}
        pages += 1
    assert pages > 0


# -- faces that are wrong --------------------------------------------------------------------------------

def build(cli, out="out", *extra):
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", out, *extra)
    no_traceback(r)
    return r


def assert_not_built(r, game):
    assert r.code == 2
    assert "lanterns: not built, the files above cannot be read" in r.err
    assert not (game.root / "out" / "lanterns.pdf").exists()


def test_unknown_placeholder_at_its_element(cli, game):
    game.edit(LAYOUT, '{ text: "{title}", box: title, colour: "#ffffff", weight: bold, align: left }',
              '{ text: "{titel}", box: title, colour: "#ffffff", weight: bold, align: left }')
    r = build(cli)
    assert_not_built(r, game)
    one(r, "FACE-PLACEHOLDER", game.at(LAYOUT, '"{titel}"'), "'text' of element 4 of the face of 'lantern'",
        "unknown placeholder '{titel}'", "this face can use {colour}, {value}, {title}, {icons}, {id}, {count}, {game.name}")
    assert codes(r) == ["FACE-PLACEHOLDER"]


def test_placeholder_attributes_and_braces(cli, game):
    game.edit(LAYOUT, '{ text: "{points}", box: points,', '{ text: "{colour.glow} {points.name} {", box: points,')
    game.edit(LAYOUT, '{ text: "{label}", box: rule,', '{ text: { en: "{label}", zh-TW: "{lable}" }, box: rule,')
    r = build(cli)
    assert_not_built(r, game)
    at = game.at(LAYOUT, '"{colour.glow}')
    has(r, "FACE-PLACEHOLDER", at, "a lone '{' at character 29; write '{{' for the brace itself")
    has(r, "FACE-PLACEHOLDER", game.at(LAYOUT, '"{lable}"'), "'text' (zh-TW) of element 8 of the back of 'back'",
        "unknown placeholder '{lable}'", "{label}")
    game.edit(LAYOUT, "{colour.glow} {points.name} {", "{colour.glow} {points.name}")
    r = build(cli)
    has(r, "FACE-PLACEHOLDER", at, "placeholder '{colour.glow}': the values of 'colour' have no attribute 'glow'",
        "they have colour, light, motif, name")
    has(r, "FACE-PLACEHOLDER", at, "'points' is not a choice field, so it has no attribute 'name'")


def test_box_the_template_lacks(cli, game):
    game.edit(LAYOUT, '{ rect: band, fill: "{colour.colour}" }', '{ rect: banner, fill: "{colour.colour}" }')
    game.edit(LAYOUT, '{ text: "{points}", box: points,', '{ text: "{points}", box: score,')
    r = build(cli)
    assert_not_built(r, game)
    has(r, "FACE-BOX", game.at(LAYOUT, "banner"), "'rect' of element 2 of the face of 'lantern' is 'banner', "
        "not a box of the template", "band, value, title, art, string", "or all")
    has(r, "FACE-BOX", game.at(LAYOUT, "score"), "'box' of element 5 of the face of 'wish' is 'score'")


def test_colours_that_are_no_colours(cli, game):
    game.edit(LAYOUT, '{ ellipse: glow, fill: "{colour.light}" }', '{ ellipse: glow, fill: "light blue" }')
    game.edit(LAYOUT, '{ text: "{points}", box: points, colour: "#ffffff"', '{ text: "{points}", box: points, colour: "{colour.name}"')
    game.edit(LAYOUT, '{ rect: all, fill: "#1d2b3a" }', '{ rect: all, fill: "#1d2b3" }')
    r = build(cli)
    assert_not_built(r, game)
    has(r, "FACE-COLOUR", game.at(LAYOUT, '"light blue"'), "'fill' of element 8 of the face of 'lantern' is 'light blue'",
        "expected a colour such as \"#2e6da4\"", "in quotes")
    has(r, "FACE-COLOUR", game.at(LAYOUT, '"{colour.name}"'), "not every value it can take is a colour")
    has(r, "FACE-COLOUR", game.at(LAYOUT, '"#1d2b3"'), "'#1d2b3'")


def test_an_unquoted_colour_is_a_comment(cli, game):
    """YAML reads `#` as a comment: the flow mapping is left open, a syntax error on the next line."""
    line = game.edit(LAYOUT, '{ rect: all, fill: "#fbf4e2" }', "{ rect: all, fill: #fbf4e2 }")
    r = build(cli)
    assert_not_built(r, game)
    has(r, "YAML-SYNTAX", f"{LAYOUT}:{line + 1}:5")
    assert codes(r) == ["YAML-SYNTAX"]


def test_symbols_elements_when_and_turn(cli, game):
    game.edit(LAYOUT, '{ symbol: "{colour.motif}", box: art, fill: "{colour.colour}" }',
              '{ symbol: "{colour}", box: art, fill: "{colour.colour}" }')
    game.edit(LAYOUT, '{ symbol: star, box: icon1, fill: "#3a2a10", when: { icons: star } }',
              '{ symbol: star, box: icon1, fill: "#3a2a10", when: { icons: sun } }')
    game.edit(LAYOUT, '{ symbol: moon, box: icon2, fill: "#3a2a10", when: { icons: moon } }',
              '{ box: icon2, symbol: moon, fill: "#3a2a10", when: { icon: moon } }')
    game.edit(LAYOUT, 'weight: bold, turn: 180 }', 'weight: bold, turn: 90 }')
    r = build(cli)
    assert_not_built(r, game)
    one(r, "FACE-SYMBOL", game.at(LAYOUT, '"{colour}"'), "'red', 'gold', 'jade', 'violet' are not built-in symbols",
        "heart, diamond, club, spade, star, moon")
    one(r, "SPEC-VALUE", game.at(LAYOUT, "sun"), "'sun' is not known, expected one of star or moon")
    one(r, "FACE-ELEMENT", game.at(LAYOUT, "box: icon2"), "begins with 'box', not an element type",
        "('symbol' must come first)")
    one(r, "FACE-VALUE", game.at(LAYOUT, "90 }"), "'turn' of element 14 of the face of 'lantern' is '90', expected 180")
    assert sorted(codes(r)) == ["FACE-ELEMENT", "FACE-SYMBOL", "FACE-VALUE", "SPEC-VALUE"], r.err


def test_a_kind_without_a_face_and_a_face_without_a_kind(cli, game):
    text = game.text(LAYOUT)
    wish = text[text.index("  wish:\n"):text.index("backs:\n")]
    game.write(LAYOUT, text.replace(wish, wish.replace("  wish:\n", "  coin:\n")))
    r = build(cli)
    assert_not_built(r, game)
    one(r, "FACE-MISSING", game.at(LAYOUT, "faces:"), "the layout's 'faces' has nothing for kind 'wish'")
    one(r, "FACE-KIND", game.at(LAYOUT, "coin:"), "'faces' names kind 'coin', which the spec does not declare",
        "lantern, wish or back")


def test_face_errors_all_told_at_once_with_the_spec_errors(cli, game):
    game.edit(LAYOUT, '"{title}", box: title', '"{titel}", box: title')
    game.edit(LAYOUT, "{ rect: band,", "{ rect: banner,")
    game.edit(SPEC, "{ shuffle: [lantern] }", "{ shuffle: [lanterns] }")
    r = build(cli)
    assert r.code == 2
    assert {"FACE-PLACEHOLDER", "FACE-BOX", "DECLARE-KIND"} <= set(codes(r)), r.err


def test_validate_tells_face_errors(cli, game):
    """A declared game's faces are part of the game: validate reads its layout and tells them."""
    game.edit(LAYOUT, '"{title}", box: title', '"{titel}", box: title')
    r = cli("validate", "lanterns", "--specs", "card_specs")
    assert r.code == 2
    assert "error[FACE-PLACEHOLDER]" in r.out and "unknown placeholder '{titel}'" in r.out


def test_braces_id_count_and_when_drawn(cli, game):
    """`{{ }}` print braces, `{id}` and `{count}` the component's; an element `when: {icons: star}`
    is drawn on exactly the cards whose icons hold star."""
    game.edit(LAYOUT, '"Most {colour.name} :{colour.motif}: lanterns at the end: **{points} points**"', '"{{{id}}} x{count}"')
    game.edit(LAYOUT, "    - { symbol: star, box: icon1,", '    - { text: "STAR", box: icon1, size: 6pt, when: { icons: star } }\n'
                                                          "    - { symbol: star, box: icon1,")
    r = build(cli)
    assert r.code == 0, r.err
    smap = json.loads((game.root / "out" / "lanterns.json").read_text())
    import pdfplumber

    with pdfplumber.open(game.root / "out" / "lanterns.pdf") as doc:
        for p in smap["pages"]:
            if p["side"] != "front":
                continue
            page = doc.pages[p["page"] - 1]
            for c in p["pieces"]:
                text = squeeze(text_in(page, c["trim_mm"]))
                if c["id"] in WISH_TITLES:
                    assert "{" + c["id"] + "}x1" in text, text
                else:
                    assert ("STAR" in text) == ("star" in ROWS[c["id"]]["icons"]), (c["id"], text)


def add_art(game) -> None:
    """An `art` image field on lanterns, a column for it in the table, a face element showing it."""
    game.edit(SPEC, "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n",
              "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n"
              "    art:    { image: true, required: false }\n")
    rows = game.rows()
    game.write_rows([rows[0] + ["art"]] + [r + [""] for r in rows[1:]])
    game.edit(LAYOUT, '    - { rect: cap, fill: "#3a2a10", radius: 1mm }\n',
              '    - { image: "{art}", box: glow, when: art }\n    - { rect: cap, fill: "#3a2a10", radius: 1mm }\n')


def test_image_field_cells_checked_as_art(cli, game):
    from PIL import Image

    add_art(game)
    (game.root / "card_specs" / "art").mkdir()
    Image.new("RGB", (64, 64), (200, 30, 30)).save(game.root / "card_specs" / "art" / "moth.png")
    (game.root / "card_specs" / "art" / "bad.png").write_text("not a picture")
    rows = game.rows()
    rows[1][-1], rows[2][-1], rows[3][-1], rows[4][-1] = "art/moth.png", "art/nope.png", "../../x.png", "art/bad.png"
    game.write_rows(rows)
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 2
    one(r, "IMAGE-MISSING", "card_specs/lanterns.csv:3:7", "image 'art/nope.png' does not exist", "images in art/:")
    one(r, "IMAGE-OUTSIDE", "card_specs/lanterns.csv:4:7", "image '../../x.png' leads outside the spec's folder")
    one(r, "IMAGE-UNREADABLE", "card_specs/lanterns.csv:5:7", "image 'art/bad.png' cannot be read", "PNG or JPEG")
    assert len(codes(r)) == 3
    assert_not_built(build(cli), game)
    for i in (2, 3, 4):
        rows[i][-1] = ""
    game.write_rows(rows)
    r = build(cli)
    assert r.code == 0, r.err
    smap = json.loads((game.root / "out" / "lanterns.json").read_text())
    import pdfplumber

    with pdfplumber.open(game.root / "out" / "lanterns.pdf") as doc:
        page = doc.pages[0]
        pieces = {c["id"]: c for c in smap["pages"][0]["pieces"]}
        x, y, w, h = pieces["red-1"]["trim_mm"]
        inside = [im for im in page.images if x * MM <= im["x0"] and im["x1"] <= (x + w) * MM
                  and y * MM <= page.height - im["bottom"] and page.height - im["top"] <= (y + h) * MM]
        assert len(page.images) == 1 and len(inside) == 1  # on red-1 only: `when: art`


def test_changed_reprints_the_edited_row(cli, game):
    """A table is fingerprinted like the spec: one edited cell reprints its one card; a choice's
    attribute the faces read reprints every card of that value, and only those."""
    assert build(cli).code == 0
    game.edit("card_specs/lanterns.csv", "red-3,red,3,Red Crane,", "red-3,red,3,Red Heron,")
    r = build(cli, "out", "--changed")
    assert r.code == 0, r.err
    assert "changed since the last full build: red-3\n" in r.out
    reprint = json.loads((game.root / "out" / "lanterns-reprint.json").read_text())
    assert reprint["reprint"]["pages"] == [1, 2]  # the sheet red-3 is on, front and back
    assert "red-3" in [c["id"] for c in reprint["pages"][0]["pieces"]]
    game.edit(SPEC, "A warm red night", "A warm red evening")
    r = build(cli, "out", "--changed")
    assert "changed since the last full build: red-3, wish-red-2\n" in r.out, r.out
    game.edit(SPEC, 'light: "#cfeadf"', 'light: "#d0ebe0"')
    r = build(cli, "out", "--changed", "--format", "json")
    assert r.code == 0, r.err
    # jade's light colour: every jade card (lanterns and wishes) and no other, beside the edits before
    changed = set(r.json()["games"]["lanterns"]["cards"])
    jade = {f"jade-{v}" for v in range(1, 11)} | {"wish-jade-2", "wish-jade-4"}
    assert changed == jade | {"red-3", "wish-red-2"} or changed == jade | {"red-3"}, changed


def test_an_edition_draws_its_own_faces(cli, game):
    """An edition's own `faces:` replace the shared ones for the kinds it names; a box its
    template lacks is told naming that edition."""
    text = game.text(LAYOUT)
    standard = text[text.index("  standard:\n"):text.index("\nfaces:")]
    own = ('    faces:\n      wish:\n        - { rect: all, fill: "#000000" }\n'
           '        - { text: "ALT {title}", box: title, colour: "#ffffff" }\n')
    game.write(LAYOUT, text.replace(standard, standard + "\n" + standard.replace("  standard:", "  alt:") + own))
    r = build(cli, "out", "--edition", "alt")
    assert r.code == 0, r.err
    smap = json.loads((game.root / "out" / "lanterns.json").read_text())
    import pdfplumber

    with pdfplumber.open(game.root / "out" / "lanterns.pdf") as doc:
        for p in smap["pages"]:
            if p["side"] == "front":
                page = doc.pages[p["page"] - 1]
                for c in p["pieces"]:
                    text_on = squeeze(text_in(page, c["trim_mm"]))
                    assert text_on.startswith("ALT") == (c["id"] in WISH_TITLES), (c["id"], text_on)
    game.edit(LAYOUT, '"ALT {title}", box: title', '"ALT {title}", box: rule2')
    r = build(cli, "out", "--edition", "alt")
    assert r.code == 2
    one(r, "FACE-BOX", game.at(LAYOUT, "rule2"), "'box' of element 2 of the face of 'wish' in edition 'alt' is 'rule2'")


def test_where_finds_a_row_by_id_and_by_its_printed_name(cli, lanterns_built):
    pdf, smap = lanterns_built("en")
    page = {c["id"]: p["page"] for p in smap["pages"] if p["side"] == "front" for c in p["pieces"]}
    r = cli("where", "lanterns", "jade-7", "Gold Moth", "--specs", EXAMPLE_SPECS, "--out", pdf.parent)
    assert r.code == 0, r.err
    assert r.out.splitlines() == [f"jade-7: page {page['jade-7']} (front), page {page['jade-7'] + 1} (back)",
                                  f"gold-1: page {page['gold-1']} (front), page {page['gold-1'] + 1} (back)"]
    r = cli("where", "lanterns", "玉龍燈", "--specs", EXAMPLE_SPECS, "--out", pdf.parent)
    assert r.code == 0 and r.out.startswith("jade-7: page "), r.out + r.err
