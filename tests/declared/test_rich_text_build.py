"""Rich text through a whole build of the declared example, read back from the PDF: a font of the
layout's own, embedded under its PostScript name, with the characters it lacks set in a shipped
face and named by the text report; an icon of the layout's own (a PNG) drawn in the sentence;
bold and italic runs; an unknown `:word:` printed as written, a warning, refused by --strict."""
from __future__ import annotations

import json
import shutil

import pdfplumber
from PIL import Image

from declared_kit import LAYOUT, chars_in
from declared_fixtures import game  # noqa: F401  (fixture)
from pnp.folders import FONTS_DIR

RULE = '''box: rule, colour: "#3a2a10" }'''


def _own_font_and_icon(game, words: str) -> None:
    (game.root / "layouts" / "fonts").mkdir()
    shutil.copy(FONTS_DIR / "DejaVuSans-Bold.ttf", game.root / "layouts" / "fonts" / "poster.ttf")
    (game.root / "layouts" / "art").mkdir()
    Image.new("RGB", (24, 24), (200, 30, 30)).save(game.root / "layouts" / "art" / "lamp.png")
    text = game.text(LAYOUT)
    game.write(LAYOUT, "fonts:\n  Poster: { regular: fonts/poster.ttf }\nicons:\n  lamp: art/lamp.png\n" + text)
    start = game.text(LAYOUT).index("    - { text: { en: \"Most")
    end = game.text(LAYOUT).index(RULE, start) + len(RULE)
    body = game.text(LAYOUT)
    game.write(LAYOUT, body[:start] + f'    - {{ text: "{words}", box: rule, colour: "#3a2a10", font: Poster }}'
               + body[end:])


def _wish(sheet: dict) -> tuple[int, list]:
    for e in sheet["pages"]:
        for p in e["pieces"]:
            if e["side"] == "front" and p["id"] == "wish-red-2":
                return e["page"], p["trim_mm"]
    raise AssertionError("wish-red-2 not printed")


def test_a_font_and_an_icon_of_ones_own_in_a_sentence(game, cli):
    _own_font_and_icon(game, "Light the :lamp: lamp **now**, 燈")
    r = cli("build", "lanterns", "--format", "json")
    assert r.code == 0, r.out + r.err
    report = r.json()["games"]["lanterns"]["text"]
    fallback = [f for f in report["font_fallback"] if f["card"] == "card 'wish-red-2'"]
    assert fallback == [{"card": "card 'wish-red-2'", "font": "Poster", "chars": ["燈"]}]
    sheet = json.loads((game.root / "output" / "lanterns.json").read_text())
    page, trim = _wish(sheet)
    with pdfplumber.open(game.root / "output" / "lanterns.pdf") as pdf:
        p = pdf.pages[page - 1]
        chars = chars_in(p, trim)
        fonts = {c["text"]: c["fontname"].split("+")[-1] for c in chars if c["text"] in "Lightnow燈"}
        assert fonts["L"] == "DejaVuSans-Bold"  # the family's own file, named by its PostScript name: this text
        # is not bold, so only the family (a copy of a bold face here) sets it so
        assert fonts["燈"] == "DroidSansFallback"  # what it lacks, in a shipped face
        from conftest import MM
        x, y, w, h = trim
        icons = [im for im in p.images if x * MM <= im["x0"] <= (x + w) * MM
                 and p.height - (y + h) * MM <= im["top"] <= p.height - y * MM]
        assert len(icons) == 1 and abs(icons[0]["width"] - icons[0]["height"]) < 0.5  # the lamp, square, in the line
        assert 2 < icons[0]["width"] / MM < 5  # at the text's size, not the picture's


def test_an_unknown_icon_is_printed_as_written_and_strict_refuses_it(game, cli):
    _own_font_and_icon(game, "Light the :lamp: and the :candle:")
    r = cli("build", "lanterns")
    assert r.code == 0 and "warning[TEXT-ICON]" in r.out + r.err and ":candle: names no icon" in r.out + r.err
    pdf = game.root / "output" / "lanterns.pdf"
    before = pdf.read_bytes()
    r = cli("build", "lanterns", "--strict")
    assert r.code == 1 and "unknown icons" in r.err
    assert pdf.read_bytes() == before  # nothing written


def test_a_font_the_layout_does_not_declare_is_located(game, cli):
    line = game.edit(LAYOUT, 'box: rule, colour: "#3a2a10" }', 'box: rule, colour: "#3a2a10", font: Garamond }')
    r = cli("validate", "lanterns")
    assert r.code == 2
    got = [ln for ln in r.out.splitlines() if "FACE-FONT" in ln]
    assert len(got) == 1 and got[0].startswith(f"{LAYOUT}:{line}:") and "'Garamond'" in got[0] \
        and "the layout declares none" in got[0]


def test_a_marked_up_name_reads_as_text_where_it_is_shown_as_text(cli, game):
    """A card whose name is marked up (`**Red** Moth :star:`) is printed with its bold and its
    star on the card, and named as text where a name is shown — the setup, the preview — not as
    the markup it was written in (`pnp list` shows the field as written, which it is)."""
    game.edit("card_specs/lanterns.csv", "red-1,red,1,Red Moth,", "red-1,red,1,**Red** Moth :star: \\*,")
    from pnp.games.project import load_checked

    loaded = load_checked("lanterns", game.root / "card_specs")
    assert not loaded.report.errors
    card = next(c for c in loaded.spec.components if c.id == "red-1")
    assert loaded.game.name_of(card, loaded.spec) == "Red Moth ★ *"
    shown = cli("setup", "lanterns", "--players", "4", "--seed", "2", "--specs", "card_specs").out
    assert "Red Moth ★ * [red-1]" in shown  # seed 2 deals it where the setup names it
    assert "**" not in shown and ":star:" not in shown
