"""Layout templates: an edition's pieces may be rects, rhombi, circles or hexagons, each kind of
component uses one template, and every mistake in a template is reported at its place in the
YAML with what was expected. The shipped games keep loading as one rect template named `card`."""
import math

import pytest

from pnp.games import GAMES
from pnp.load.layout import load_layout
from pnp.load.paths import LAYOUTS_DIR
from pnp.load.templates import DEFAULT_OVERLAP

TITLE = "boxes: { title: { x: 5mm, y: 5mm, width: 10mm, height: 5mm } }"
EVERY_SHAPE = f"""\
default: standard
editions:
  standard:
    default: card
    kinds: {{ diamond: diamond, token: token, hex: hex, flathex: flathex, board: board }}
    templates:
      card: {{ shape: rect, width: 63mm, height: 88mm, radius: 3mm, {TITLE} }}
      diamond: {{ shape: rhombus, width: 40mm, height: 64mm, {TITLE} }}
      token: {{ shape: circle, height: 30mm, {TITLE} }}
      hex: {{ shape: hexagon, width: 40mm, {TITLE} }}
      flathex: {{ shape: hexagon, orient: flat, height: 34mm, {TITLE} }}
      board: {{ width: 300mm, height: 400mm, overlap: 15mm, {TITLE} }}
"""
KINDS = ["plain", "diamond", "token", "hex", "flathex", "board"]


def load(tmp_path, text, needed=("title",), kinds=None):
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    lay, report = load_layout(path, "shapes-test", needed, "layouts/g.yaml", kinds=kinds)
    return lay, [str(d) for d in report.sorted()]


def test_a_template_of_every_shape_loads_with_its_size(tmp_path):
    lay, got = load(tmp_path, EVERY_SHAPE, kinds=KINDS)
    assert got == []
    t = lay.editions["standard"].templates
    assert (t["card"].shape, t["card"].width, t["card"].height, t["card"].outline.radius) == ("rect", 63, 88, 3)
    assert (t["diamond"].shape, t["diamond"].width, t["diamond"].height) == ("rhombus", 40, 64)
    assert (t["token"].shape, t["token"].width, t["token"].height) == ("circle", 30, 30)
    hexagon, flat = t["hex"].outline, t["flathex"].outline
    assert (hexagon.shape, hexagon.orient, hexagon.w) == ("hexagon", "pointy", 40)
    assert hexagon.h == pytest.approx(40 * 2 / math.sqrt(3))  # a regular hexagon: the height follows
    assert (flat.orient, flat.h) == ("flat", 34)
    assert flat.w == pytest.approx(34 * 2 / math.sqrt(3))
    assert t["board"].shape == "rect" and t["board"].outline.radius == 0


def test_overlap_of_tiled_pieces_defaults_to_10mm(tmp_path):
    lay, _ = load(tmp_path, EVERY_SHAPE, kinds=KINDS)
    t = lay.editions["standard"].templates
    assert DEFAULT_OVERLAP == 10
    assert t["card"].overlap == 10 and t["board"].overlap == 15


def test_each_kind_uses_its_mapped_template_and_the_rest_the_default(tmp_path):
    lay, _ = load(tmp_path, EVERY_SHAPE, kinds=KINDS)
    ed = lay.editions["standard"]
    assert {k: ed.template_for(k).name for k in KINDS} == {
        "plain": "card", "diamond": "diamond", "token": "token", "hex": "hex", "flathex": "flathex", "board": "board"}
    assert ed.main.name == "card"
    assert ed.template_for("hex").box("title").w == 10


def test_a_single_template_is_the_default_without_saying_so(tmp_path):
    lay, got = load(tmp_path, "default: s\neditions:\n  s:\n    templates:\n"
                              f"      tile: {{ shape: hexagon, width: 30mm, {TITLE} }}\n", kinds=["a", "b"])
    assert got == []
    ed = lay.editions["s"]
    assert ed.default == "tile" and ed.main.name == "tile"
    assert ed.template_for("a").name == ed.template_for("b").name == "tile"


@pytest.mark.parametrize("game", ["gem", "the-jam", "pi-mal-pflaumen"])
def test_shipped_layouts_load_as_one_rect_card_template(game):
    g = GAMES[game]
    lay, report = load_layout(LAYOUTS_DIR / f"{game}.yaml", game, g.boxes, kinds=list(g.kinds))
    assert [str(d) for d in report.items] == []
    for ed in lay.editions.values():
        assert list(ed.templates) == ["card"]
        assert ed.main.shape == "rect" and ed.main.outline.radius == 0
        assert {ed.template_for(k).name for k in g.kinds} == {"card"}


HEAD = "default: s\neditions:\n  s:\n"
TWO = ("      t: { width: 20mm, height: 20mm }\n"
       "      u: { width: 20mm, height: 20mm }\n")
MISTAKES = {
    "unknown shape": (
        HEAD + "    templates:\n      t:\n        shape: triangle\n        width: 20mm\n        height: 20mm\n", None,
        "6:16: error[LAYOUT-SHAPE]: 'shape' of template 't' of edition 's': 'triangle' is not known, "
        "expected one of rect, rhombus, circle or hexagon"),
    "zero width": (
        HEAD + "    templates:\n      t: { width: 0, height: 20mm }\n", None,
        "5:19: error[SPEC-RANGE]: 'width' of template 't' of edition 's' is 0, "
        "expected at least 5mm and at most 2000mm"),
    "negative width": (
        HEAD + "    templates:\n      t: { width: -5mm, height: 20mm }\n", None,
        "5:19: error[SPEC-RANGE]: 'width' of template 't' of edition 's' is -5mm, "
        "expected at least 5mm and at most 2000mm"),
    "box outside a rhombus": (
        HEAD + "    templates:\n      t:\n        shape: rhombus\n        width: 40mm\n        height: 60mm\n"
        "        boxes:\n          a: { x: 30mm, y: 0mm, width: 20mm, height: 10mm }\n", None,
        "10:14: error[LAYOUT-BOX]: box 'a' of template 't' of edition 's' (30, 0, 20 x 10 mm) "
        "lies outside the 40 x 60 mm bounding box of the rhombus"),
    "kind mapped to a missing template": (
        HEAD + "    default: t\n    kinds: { coin: nope }\n    templates:\n" + TWO, ["coin"],
        "5:20: error[LAYOUT-DANGLING-REF]: kind 'coin' of edition 's' uses template 'nope', which is not defined; "
        "templates: t or u"),
    "kinds names a kind the game lacks": (
        HEAD + "    default: t\n    kinds: { coins: u }\n    templates:\n" + TWO, ["coin", "gem"],
        "5:14: error[LAYOUT-KIND]: 'kinds' of edition 's' names 'coins', which is not a component kind of the game; "
        "kinds: coin or gem"),
    "kind with no template": (
        HEAD + "    kinds: { coin: t }\n    templates:\n" + TWO, ["coin", "gem"],
        "4:5: error[LAYOUT-KIND]: kind 'gem' of edition 's' has no template: map it under 'kinds' or name a "
        "'default' template; templates: t or u"),
    "circle of two diameters": (
        HEAD + "    templates:\n      t: { shape: circle, width: 30mm, height: 31mm }\n", None,
        "5:48: error[LAYOUT-TEMPLATE]: a circle 30 mm wide is 30 mm high, not 31 mm (template 't' of edition 's'); "
        "give only one of width and height, or both matching"),
    "hexagon not regular": (
        HEAD + "    templates:\n      t: { shape: hexagon, width: 40mm, height: 40mm }\n", None,
        "5:49: error[LAYOUT-TEMPLATE]: a regular pointy-topped hexagon 40 mm wide is 46.19 mm high, not 40 mm "
        "(template 't' of edition 's'); give only one of width and height, or both matching"),
    "flat hexagon not regular": (
        HEAD + "    templates:\n      t: { shape: hexagon, orient: flat, width: 40mm, height: 40mm }\n", None,
        "5:63: error[LAYOUT-TEMPLATE]: a regular flat-topped hexagon 40 mm wide is 34.64 mm high, not 40 mm "
        "(template 't' of edition 's'); give only one of width and height, or both matching"),
    "radius on a rhombus": (
        HEAD + "    templates:\n      t: { shape: rhombus, width: 40mm, height: 40mm, radius: 2mm }\n", None,
        "5:55: error[LAYOUT-TEMPLATE]: 'radius' of template 't' of edition 's' applies to a rect only, not a rhombus"),
    "orient on a circle": (
        HEAD + "    templates:\n      t: { shape: circle, width: 40mm, orient: flat }\n", None,
        "5:40: error[LAYOUT-TEMPLATE]: 'orient' of template 't' of edition 's' applies to a hexagon only, "
        "not a circle"),
    "radius over half the rect": (
        HEAD + "    templates:\n      t: { width: 40mm, height: 60mm, radius: 21mm }\n", None,
        "5:47: error[LAYOUT-TEMPLATE]: 'radius' of template 't' of edition 's' is 21 mm, more than half of the "
        "40 x 60 mm rectangle"),
    "card and templates": (
        HEAD + "    card: { width: 63mm, height: 88mm }\n    boxes: {}\n"
        "    templates:\n      t: { width: 20mm, height: 20mm }\n", None,
        "6:5: error[LAYOUT-TEMPLATE]: edition 's' has both 'card'/'boxes' and 'templates'; use one form"),
    "default template not defined": (
        HEAD + "    default: big\n    templates:\n" + TWO, None,
        "4:14: error[LAYOUT-DANGLING-REF]: default template 'big' of edition 's' is not defined; templates: t or u"),
}


@pytest.mark.parametrize("case", MISTAKES)
def test_template_mistakes_are_located_and_say_what_was_expected(tmp_path, case):
    text, kinds, message = MISTAKES[case]
    _, got = load(tmp_path, text, needed=(), kinds=kinds)
    assert got == ["layouts/g.yaml:" + message]


CASCADES = {  # one mistake, a second diagnostic that contradicts the YAML
    "kind mapped to a missing template": (
        HEAD + "    kinds: { coin: nope }\n    templates:\n" + TWO,
        "4:20: error[LAYOUT-DANGLING-REF]: kind 'coin' of edition 's' uses template 'nope', which is not defined; "
        "templates: t or u"),
    "default template not defined": (
        HEAD + "    default: big\n    templates:\n" + TWO,
        "4:14: error[LAYOUT-DANGLING-REF]: default template 'big' of edition 's' is not defined; templates: t or u"),
}


@pytest.mark.parametrize("case", CASCADES)
def test_a_misspelt_template_name_is_reported_once(tmp_path, case):
    text, message = CASCADES[case]
    _, got = load(tmp_path, text, needed=(), kinds=["coin"])
    assert got == ["layouts/g.yaml:" + message]


def test_a_box_a_kind_needs_is_missing_from_the_template_it_uses(tmp_path):
    text = HEAD + """\
    default: t
    kinds: { gem: u }
    templates:
      t:
        width: 20mm
        height: 20mm
        boxes:
          band: { x: 0mm, y: 0mm, width: 20mm, height: 5mm }
      u:
        width: 20mm
        height: 20mm
        boxes:
          band: { x: 0mm, y: 0mm, width: 20mm, height: 5mm }
"""
    needed = {"coin": ["band"], "gem": ["band", "gems"]}  # only gems need the 'gems' box
    _, got = load(tmp_path, text, needed=needed, kinds=["coin", "gem"])
    assert got == ["layouts/g.yaml:15:9: error[LAYOUT-MISSING-BOX]: template 'u' of edition 's' (used by kind gem) has no box 'gems'; "
                   "the renderer needs boxes band, gems"]


def test_a_template_name_that_cannot_be_referred_to_is_reported_at_the_name(tmp_path):
    text = ("default: s\neditions:\n  s:\n    templates:\n"
            "      Big Card: { width: 63mm, height: 88mm, boxes: {} }\n"
            "      small: { width: 40mm, height: 60mm, boxes: {} }\n")
    _, got = load(tmp_path, text, needed=(), kinds=None)
    assert got == ["layouts/g.yaml:5:7: error[SPEC-ID]: template name in edition 's' 'Big Card' is not a valid id, "
                   "expected an id of lower-case letters, digits and dashes"]


def test_pnp_build_refuses_a_layout_with_a_bad_template_at_its_place_and_keeps_the_old_output(cli, tmp_path):
    from conftest import copy_spec

    specs, _ = copy_spec(tmp_path, "gem")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "gem.yaml").write_text(
        "default: pocket\neditions:\n  pocket:\n    templates:\n"
        "      card: { shape: oval, width: 40mm, height: 0, boxes: {} }\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "gem.pdf").write_bytes(b"the previous build")
    r = cli("build", "gem", "--specs", specs, "--out", out)
    assert r.code == 2
    assert "layouts/gem.yaml:5:22: error[LAYOUT-SHAPE]: 'shape' of template 'card' of edition 'pocket': 'oval' " \
           "is not known, expected one of rect, rhombus, circle or hexagon" in r.err
    assert "layouts/gem.yaml:5:49: error[SPEC-RANGE]: 'height' of template 'card' of edition 'pocket' is 0, " \
           "expected at least 5mm and at most 2000mm" in r.err
    assert (out / "gem.pdf").read_bytes() == b"the previous build"


def test_an_edition_made_from_another_is_it_at_another_size(tmp_path):
    """`from:` + `card:`: every template and box scaled with the card, the type sizes as they were."""
    lay, got = load(tmp_path, EVERY_SHAPE + "  us:\n    from: standard\n    card: { width: 2.5in, height: 3.5in }\n",
                    kinds=KINDS)
    assert got == []
    std, us = lay.editions["standard"], lay.editions["us"]
    sx, sy = 63.5 / 63, 88.9 / 88
    assert (us.main.width, us.main.height) == pytest.approx((63.5, 88.9))
    assert us.templates["board"].width == pytest.approx(300 * sx) and us.kinds == std.kinds
    a, b = std.templates["card"].boxes["title"], us.templates["card"].boxes["title"]
    assert (b.x, b.y, b.w, b.h) == pytest.approx((a.x * sx, a.y * sy, a.w * sx, a.h * sy)) and b.text == a.text


@pytest.mark.parametrize("body, said", [
    ("    from: nope\n    card: { width: 2.5in, height: 3.5in }\n", "made from edition 'nope', which is not defined"),
    ("    from: standard\n", "has no 'card'"),
    ("    from: standard\n    card: { width: 2.5in, height: 3.5in }\n    boxes: {}\n", "unknown key 'boxes'"),
])
def test_an_edition_made_from_another_is_checked_where_written(tmp_path, body, said):
    lay, got = load(tmp_path, EVERY_SHAPE + "  us:\n" + body, kinds=KINDS)
    assert lay is None and any(said in g and g.startswith("layouts/g.yaml:") for g in got), got
