"""Layouts: boxes with `extends` and units resolve to millimetres; mistakes are located."""
import pytest

from pnp.load.layout import load_layout, load_sheets
from pnp.load.paths import LAYOUTS_DIR


def layout(tmp_path, text, needed=("a",)):
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    lay, report = load_layout(path, "gem", needed, "layouts/g.yaml")
    return lay, [str(d) for d in report.sorted()]


def test_extends_and_units():
    lay, report = load_layout(LAYOUTS_DIR / "gem.yaml", "gem", ("band", "number", "gems"))
    assert report.items == []
    poker = lay.editions["poker"].main
    assert (poker.width, poker.height) == (63, 88)
    names, gems = poker.box("names"), poker.box("gems")
    assert (names.x, names.w) == (gems.x, gems.w)  # inherited
    assert (names.y, names.h) == (12.5, 5)  # overridden
    assert names.text == pytest.approx(8)
    gum = lay.editions["gum"].main
    assert (gum.width, gum.height) == pytest.approx((25.4, 76.2))
    assert lay.default == "gum"


def test_layout_mistakes_are_located_and_say_what_was_expected(tmp_path):
    _, got = layout(tmp_path, (
        "default: big\n"
        "editions:\n"
        "  small:\n"
        "    card: { width: 2in, height: 60 }\n"
        "    boxes: {}\n"
        "  std:\n"
        "    card: { width: 63mm, height: 88mm }\n"
        "    boxes:\n"
        "      a: { x: 0mm, y: 0mm, width: 70mm, height: 10furlong }\n"
        "      b: { extends: c, x: 1mm }\n"
        "      c: { extends: b }\n"
        "      d: { extends: zz }\n"
        "      e: { x: 1mm, y: 1mm, width: 100mm, height: 5mm, colour: red }\n"), needed=("a", "q"))
    assert got == [
        "layouts/g.yaml:1:10: error[LAYOUT-DANGLING-REF]: default edition 'big' is not defined; editions: small or std",
        "layouts/g.yaml:4:33: error[SPEC-UNIT]: 'height' of 'card' of edition 'small' is the number 60 without a unit, "
        "expected a length with a unit, such as 63mm, 2.5in or 9pt (units: mm, cm, in or pt)",
        "layouts/g.yaml:8:5: error[LAYOUT-MISSING-BOX]: edition 'std' has no box 'q'; the renderer needs boxes a, q",
        "layouts/g.yaml:9:49: error[SPEC-UNIT]: 'height' of box 'a' of edition 'std' '10furlong' has unit 'furlong', "
        "expected one of mm, cm, in or pt",
        "layouts/g.yaml:10:10: error[LAYOUT-EXTENDS-CYCLE]: box 'b' of edition 'std' extends itself through b -> c -> b",
        "layouts/g.yaml:11:10: error[LAYOUT-EXTENDS-CYCLE]: box 'c' of edition 'std' extends itself through c -> b -> c",
        "layouts/g.yaml:12:21: error[LAYOUT-DANGLING-REF]: box 'd' of edition 'std' extends 'zz', which is not a box; "
        "boxes: a, b, c, d, e",
        "layouts/g.yaml:13:10: error[LAYOUT-BOX]: box 'e' of edition 'std' (1, 1, 100 x 5 mm) lies outside the 63 x 88 mm card",
        "layouts/g.yaml:13:55: error[SPEC-UNKNOWN-KEY]: unknown key 'colour' in box 'e' of edition 'std'; "
        "accepted keys: x, y, width, height, extends, text, min_text",
    ]


def test_a_box_outside_the_card_reports_its_measurements(tmp_path):
    _, got = layout(tmp_path, "default: s\neditions:\n  s:\n    card: {width: 63mm, height: 88mm}\n"
                              "    boxes:\n      a: { x: 0mm, y: 80mm, width: 63mm, height: 10mm }\n")
    assert got == ["layouts/g.yaml:6:10: error[LAYOUT-BOX]: box 'a' of edition 's' (0, 80, 63 x 10 mm) "
                   "lies outside the 63 x 88 mm card"]


def test_sheet_margins_must_leave_room_for_the_printer(tmp_path):
    path = tmp_path / "sheets.yaml"
    path.write_text("sheets:\n  a4: { width: 210mm, height: 297mm, margin: 3mm }\n"
                    "  a5: { width: 148mm, height: 210mm, margin: 0.25in }\n", encoding="utf-8")
    sheets, report = load_sheets(path, "layouts/sheets.yaml")
    assert [str(d) for d in report.items] == [
        "layouts/sheets.yaml:2:46: error[SPEC-RANGE]: 'margin' of sheet 'a4' is 3mm, expected at least 5mm and at most 100mm"]
    assert list(sheets) == ["a5"] and sheets["a5"].margin == pytest.approx(6.35)


def test_shipped_sheet_presets():
    sheets, report = load_sheets(LAYOUTS_DIR / "sheets.yaml")
    assert report.items == []
    assert (sheets["a4"].width, sheets["a4"].height) == (210, 297)
    assert (sheets["letter"].width, sheets["letter"].height) == pytest.approx((215.9, 279.4))
    assert all(s.margin >= 5 for s in sheets.values())


def test_extends_inherits_the_type_size_unchanged(tmp_path):
    lay, got = layout(tmp_path, "default: s\neditions:\n  s:\n    card: {width: 63mm, height: 88mm}\n    boxes:\n"
                                "      a: { x: 0mm, y: 0mm, width: 63mm, height: 10mm, text: 12pt }\n"
                                "      b: { extends: a, y: 20mm }\n      c: { extends: b, text: 4.5mm }\n")
    assert got == []
    boxes = lay.editions["s"].main.boxes
    assert (boxes["a"].text, boxes["b"].text) == pytest.approx((12, 12))
    assert boxes["c"].text == pytest.approx(4.5 * 72 / 25.4) and boxes["c"].y == 20
