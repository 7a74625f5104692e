"""The spec stage: types, unknown keys, ranges, duplicate ids and dangling references are located
diagnostics with the accepted keys or values in the message; all are collected."""
from pnp.games import GAMES
from pnp.load.spec import load_spec

HEAD = "game: gem\nname: {en: GEM, zh-TW: 珠寶家}\nbacks:\n  - {id: gem-back, kind: emblem}\n"


def problems(tmp_path, body: str, head: str = HEAD):
    path = tmp_path / "gem.yaml"
    path.write_text(head + body, encoding="utf-8")
    spec, report = load_spec(path, GAMES["gem"], "card_specs/gem.yaml")
    return spec, [str(d) for d in report.sorted()]


def test_a_good_spec_loads_with_locations(tmp_path):
    spec, got = problems(tmp_path, "back: gem-back\ncomponents:\n"
                                   "  - {id: c1, kind: coin, value: 2, count: 4}\n"
                                   "  - {id: g1, kind: gem, gems: [ruby, topaz], invest: 1, loan: 3, back: gem-back}\n")
    assert got == []
    coin, gem = spec.components
    assert (coin.count, coin["value"], coin.back) == (4, 2, "gem-back")
    assert gem["gems"] == ["ruby", "topaz"]
    assert (gem.loc_of("loan").line, gem.loc_of("loan").col) == (8, 63)
    assert spec.total("coin") == 4 and len(spec.copies("coin")) == 4


def test_all_input_problems_are_collected_word_for_word(tmp_path):
    _, got = problems(tmp_path, "colour: red\ncomponents:\n"
                                "  - {id: c1, kind: coin, value: x}\n"
                                "  - {id: c1, kind: coin, value: 2, count: 1000}\n"
                                "  - {id: g1, kind: gem, gems: [opal, ruby, topaz], invest: 1}\n"
                                "  - {id: g2, kind: wizard}\n"
                                "  - {id: g3, kind: gem, gems: [ruby], invest: 1, loan: 2, back: nope, shine: 3}\n"
                                "  - 7\n"
                                "  - {id: Bad Id, kind: coin, value: 1}\n")
    assert got == [
        "card_specs/gem.yaml:5:1: error[SPEC-UNKNOWN-KEY]: unknown key 'colour' in the gem spec; accepted keys: game, name, components, backs, back",
        "card_specs/gem.yaml:7:33: error[SPEC-TYPE]: 'value' of component 1 'c1' is the text 'x', expected 1, 2 or 3",
        "card_specs/gem.yaml:8:10: error[SPEC-DUPLICATE-ID]: component id 'c1' is used twice (first at line 7); ids must be unique",
        "card_specs/gem.yaml:8:43: error[SPEC-RANGE]: 'count' of component 2 'c1' is 1000, expected a whole number from 1 to 999",
        "card_specs/gem.yaml:9:5: error[SPEC-MISSING-KEY]: component 3 'g1' has no 'loan'; it needs a whole number from 0 to 99",
        "card_specs/gem.yaml:9:31: error[SPEC-RANGE]: 'gems' of component 3 'g1' has 3 items, expected a list of 1 to 2 items, "
        "each one of sapphire, ruby, emerald, amethyst, topaz or diamond",
        "card_specs/gem.yaml:9:32: error[SPEC-VALUE]: item 1 of 'gems' of component 3 'g1': 'opal' is not known, "
        "expected one of sapphire, ruby, emerald, amethyst, topaz or diamond",
        "card_specs/gem.yaml:10:20: error[SPEC-KIND]: kind 'wizard' of component 4 'g2' is not known, expected one of coin or gem",
        "card_specs/gem.yaml:11:65: error[SPEC-DANGLING-REF]: back 'nope' (used by component 'g3') is not a back design; "
        "defined backs: gem-back ('none' prints the component without a back)",
        "card_specs/gem.yaml:11:71: error[SPEC-UNKNOWN-KEY]: unknown key 'shine' in component 5 'g3'; "
        "accepted keys: id, kind, count, back, gems, invest, loan, image, image_box, image_bleed",
        "card_specs/gem.yaml:12:5: error[SPEC-TYPE]: component 6 is the number 7, expected a mapping with 'id' and 'kind'",
        "card_specs/gem.yaml:13:10: error[SPEC-ID]: 'id' of component 7 'Bad Id' is not a valid id, "
        "expected an id of lower-case letters, digits and dashes",
    ]


def test_wrong_game_and_missing_sections(tmp_path):
    _, got = problems(tmp_path, "", head="game: the-jam\nname: [GEM]\n")  # name: one text, or {en, zh-TW}
    assert got == [
        "card_specs/gem.yaml:1:1: error[SPEC-MISSING-KEY]: the gem spec has no 'components'; it needs a list",
        "card_specs/gem.yaml:1:7: error[SPEC-GAME]: 'game' is 'the-jam', expected 'gem' for card_specs/gem.yaml",
        "card_specs/gem.yaml:2:7: error[SPEC-TYPE]: 'name' of the gem spec is a list, expected one text (for every "
        "language) or a mapping with keys en, zh-TW",
    ]


def test_default_back_that_names_no_design_is_reported_once_at_its_place(tmp_path):
    _, got = problems(tmp_path, "back: gum-back\ncomponents:\n  - {id: a, kind: coin, value: 1}\n"
                                "  - {id: b, kind: coin, value: 2}\n")
    assert got == ["card_specs/gem.yaml:5:7: error[SPEC-DANGLING-REF]: back 'gum-back' (used by component 'a') "
                   "is not a back design; defined backs: gem-back ('none' prints the component without a back)"]


def test_back_none_prints_a_component_one_sided_whatever_the_default(tmp_path):
    spec, got = problems(tmp_path, "back: gem-back\ncomponents:\n  - {id: a, kind: coin, value: 1}\n"
                                   "  - {id: b, kind: coin, value: 2, back: none}\n")
    assert got == []
    assert [c.back for c in spec.components] == ["gem-back", None]


def test_a_kind_without_fields_is_kept(tmp_path):
    from pnp.games.base import GameDef

    game = GameDef(id="gem", title="T", kinds={"token": []}, back_kinds={}, boxes=(), validate=None,
                   render_face=None, render_back=None, setup=None, players=(2,))
    path = tmp_path / "gem.yaml"
    path.write_text("game: gem\nname: {en: T, zh-TW: T}\ncomponents:\n  - {id: t, kind: token, count: 3}\n"
                    "  - {id: u, kind: token, colour: red}\n", encoding="utf-8")
    spec, report = load_spec(path, game, "t.yaml")
    assert [(c.id, c.count) for c in spec.components] == [("t", 3), ("u", 1)]
    assert [str(d) for d in report.items] == [
        "t.yaml:5:26: error[SPEC-UNKNOWN-KEY]: unknown key 'colour' in component 2 'u'; accepted keys: id, kind, count, back, "
        "image, image_box, image_bleed"]
