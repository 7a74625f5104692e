"""Colours as designers write them: `#rrggbb`, `#rgb` or a CSS colour name, in the layout or
taken from a table cell; a value that is no colour is an error at its cell, from `validate`, and
`build` (also `--strict`) writes nothing — never a card drawn as a placeholder with exit 0."""
from __future__ import annotations

import json

import pdfplumber

from declared_kit import CSV, LAYOUT, SPEC, codes, one
from declared_fixtures import game  # noqa: F401  (fixture)
from test_declared_faces import fills_in


def _fill_from_a_column(game, values: dict[str, str]) -> None:
    """The lanterns get a `shade` text column, drawn as the band's fill: `fill: "{shade}"`."""
    game.edit(SPEC, "    title:  { text: 24 }\n", "    title:  { text: 24 }\n    shade:  { text: 30 }\n")
    rows = game.rows()
    rows[0].append("shade")
    for r in rows[1:]:
        r.append(values.get(r[0], "#336699"))
    game.write_rows(rows)
    game.edit(LAYOUT, '- { rect: band, fill: "{colour.colour}" }', '- { rect: band, fill: "{shade}" }')


def test_a_css_colour_name_in_a_cell_and_in_the_layout_prints_that_colour(game, cli):
    _fill_from_a_column(game, {"red-1": "DarkSlateBlue", "red-2": "red"})
    game.edit(LAYOUT, '- { rect: all, fill: "{colour.light}" }', '- { rect: all, fill: SaddleBrown }')
    r = cli("build", "lanterns", "--strict")
    assert r.code == 0, r.out + r.err
    sheet = json.loads((game.root / "output" / "lanterns.json").read_text())
    placed = {p["id"]: (e["page"], p) for e in sheet["pages"] if e["side"] == "front" for p in e["pieces"]}
    with pdfplumber.open(game.root / "output" / "lanterns.pdf") as pdf:
        for card, want in (("red-1", "#483d8b"), ("red-2", "#ff0000"), ("red-3", "#336699")):
            page, piece = placed[card]
            colours = {c for c, _, _ in fills_in(pdf.pages[page - 1], piece["trim_mm"])}
            assert want in colours, (card, colours)
        page, piece = placed["red-1"]
        assert "#8b4513" in {c for c, _, _ in fills_in(pdf.pages[page - 1], piece["trim_mm"])}  # saddlebrown


def test_a_cell_that_is_no_colour_is_an_error_at_the_cell_and_nothing_is_built(game, cli):
    _fill_from_a_column(game, {"red-3": "Thief"})
    line = next(i for i, r in enumerate(game.rows(), 1) if r[0] == "red-3")
    col = game.rows()[0].index("shade") + 1
    r = cli("validate", "lanterns")
    assert r.code == 2, r.out
    one(r, "SPEC-COLOUR", f"{CSV}:{line}:{col}", "'shade' of 'red-3' is 'Thief'", "expected a colour")
    for extra in ((), ("--strict",)):
        r = cli("build", "lanterns", *extra)
        assert r.code == 2 and "SPEC-COLOUR" in r.out + r.err
        assert not (game.root / "output" / "lanterns.pdf").exists()
        assert "CANNOT DRAW" not in r.out + r.err and "RENDER-FAILED" not in codes(r)


def test_a_literal_that_is_no_colour_is_an_error_at_the_layout(game, cli):
    line = game.edit(LAYOUT, '- { rect: cap, fill: "#3a2a10", radius: 1mm }', '- { rect: cap, fill: purpleish, radius: 1mm }')
    r = cli("validate", "lanterns")
    assert r.code == 2
    one(r, "FACE-COLOUR", f"{LAYOUT}:{line}:", "'purpleish'", "or red,")
