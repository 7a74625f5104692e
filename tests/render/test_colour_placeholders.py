"""A face's colour written as a placeholder (`fill: "{title}"`) is a colour on every card in every
language a build prints, or `validate` says where it is not: at the layout's value when the
placeholder can never be a colour (the game's name), at the card's value (its spec entry or its
table cell) otherwise. `build` then writes nothing: never a card printed as a placeholder with
exit 0, whatever `--lang` asks for."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "declared"))
from declared_kit import CSV, LAYOUT, SPEC, codes, no_traceback, one  # noqa: E402
from declared_fixtures import game  # noqa: E402,F401  (fixture)

PREVIOUS = b"%PDF- the previous build"


def kept_previous(game):
    (game.root / "out").mkdir(exist_ok=True)
    (game.root / "out" / "lanterns.pdf").write_bytes(PREVIOUS)


def refused(cli, game, code: str, at: str, *words: str, lang: str = "en") -> None:
    """validate and build (in `lang`) both refuse with one `code` error at `at` saying `words`;
    nothing is drawn as a placeholder and the previous PDF is kept."""
    kept_previous(game)
    for args in (["validate", "lanterns", "--specs", "card_specs"],
                 ["build", "lanterns", "--specs", "card_specs", "--out", "out", "--lang", lang]):
        r = cli(*args)
        no_traceback(r)
        assert r.code == 2, (args, r.out + r.err)
        line = one(r, code, at, *words)
        assert "RENDER-FAILED" not in codes(r), r.out + r.err
    assert (game.root / "out" / "lanterns.pdf").read_bytes() == PREVIOUS, line


def test_the_games_name_as_a_colour_is_refused_at_the_layout_value(cli, game):
    # the build painted 'Lantern Walk' on every lantern: 40 placeholders, exit 0
    game.edit(LAYOUT, '- { rect: all, fill: "{colour.light}" }', '- { rect: all, fill: "{game.name}" }')
    refused(cli, game, "FACE-COLOUR", game.at(LAYOUT, '"{game.name}"'), "'{game.name}'", "the game's name is not a colour")


def test_a_text_field_that_is_a_colour_in_english_only_is_refused_at_the_card(cli, game):
    # `title` is a colour in English and a sentence in Chinese: `--lang zh-TW` printed placeholders
    game.edit(LAYOUT, '- { rect: all, fill: "#fbf4e2" }', '- { rect: all, fill: "{title}" }')
    text = game.text(SPEC)
    for old in ("A warm red night", "Red as far as you see", "A gold glow", "Streets of gold", "Jade by the river",
                "A jade garden", "Violet dusk", "The violet hour"):
        text = text.replace(f"en: {old},", "en: red,")
    game.write(SPEC, text.replace("zh-TW: 滿眼通紅", "zh-TW: red").replace("zh-TW: 金色光芒", "zh-TW: gold")
               .replace("zh-TW: 黃金街道", "zh-TW: '#c8901a'").replace("zh-TW: 河邊的玉燈", "zh-TW: green")
               .replace("zh-TW: 玉色花園", "zh-TW: green").replace("zh-TW: 紫色黃昏", "zh-TW: violet")
               .replace("zh-TW: 紫色時光", "zh-TW: violet"))
    at = game.at(SPEC, "{ en: red, zh-TW: 溫暖的紅色夜晚 }")
    refused(cli, game, "SPEC-COLOUR", at, "'title' of 'wish-red-2' is '溫暖的紅色夜晚' in zh-TW", "'fill' colour",
            lang="zh-TW")


def test_a_table_column_that_is_a_colour_in_every_language_prints_in_each(cli, game):
    game.edit(LAYOUT, '- { rect: all, fill: "{colour.light}" }', '- { rect: all, fill: "{title}" }')
    rows = game.rows()
    for n, r in enumerate(rows[1:], start=1):  # every title differs (a rule of the game)
        r[3], r[4] = f"#{n:02x}0000", f"#0000{n:02x}"
    rows[7][4] = "Thief"  # red-7 in Chinese
    game.write_rows(rows)
    at = f"{CSV}:8:4"  # the row's title cell: where its value is written
    refused(cli, game, "SPEC-COLOUR", at, "'title' of 'red-7'", "'Thief' in zh-TW", lang="zh-TW")
    rows[7][4] = "teal"  # a CSS colour name
    game.write_rows(rows)
    for lang in ("en", "zh-TW"):
        r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out", "--lang", lang)
        assert r.code == 0 and "RENDER-FAILED" not in r.out + r.err, r.out + r.err


@pytest.mark.parametrize("written", ["{id}", "{count}", "{value}"])
def test_a_placeholder_of_a_field_that_is_no_colour_is_refused_at_each_card(cli, game, written):
    game.edit(LAYOUT, '- { rect: all, fill: "{colour.light}" }', f'- {{ rect: all, fill: "{written}" }}')
    kept_previous(game)
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    assert r.code == 2 and "SPEC-COLOUR" in codes(r) and "RENDER-FAILED" not in codes(r), r.out + r.err
    assert (game.root / "out" / "lanterns.pdf").read_bytes() == PREVIOUS
