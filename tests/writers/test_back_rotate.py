"""--back-rotate DEG: a printer that turns the backs is corrected by drawing every back page turned
the other way about the page centre, together with the --back-offset shift.

Geometric: every back outline in the sheet map is the unturned one (same offset) turned about the
page centre by -DEG as seen from the front, and the fronts are untouched; the turn is in the back
pages' content as one `cm` operator (read with pypdf), not only in the map. And a round trip on
the calibration sheet: a printer's known turn and shift played on the sheet's marks, the scales
read as a person reads them, the correction worked out from the readings as the sheet says, the
corrected sheet made, the same printer error played on it again: every scale reads 0.
"""
from __future__ import annotations

import json
import math

import pypdf
import pytest
from pypdf.generic import ContentStream

from pnp.diagnostics import Report  # noqa: F401  (the loaders report into one)
from pnp.imposition import impose
from pnp.load.layout import Sheet
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.games.project import load_for_build
from pnp.options import BuildOptions, pieces_of, sheet_settings
from pnp.geometry.drawing import apply, multiply
from pnp.writers import calibration as cal
from pnp.writers.sheet_map import sheet_map

A4 = Sheet("a4", 210.0, 297.0, 5.0)
LETTER = Sheet("letter", 215.9, 279.4, 5.0)


def _front_view(mode, W, H, x, y):
    return (W - x, y) if mode == "duplex-long" else (x, H - y)


def _turn(deg, cx, cy, x, y):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return cx + c * (x - cx) - s * (y - cy), cy + s * (x - cx) + c * (y - cy)


@pytest.fixture(scope="module")
def gem():
    return load_for_build("gem", SPECS_DIR, LAYOUTS_DIR)


def _map(loaded, mode, offset, deg):
    opts = BuildOptions(A4, mode, back_offset=offset, back_rotate=deg)
    plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.back_offset, opts.diamonds)
    return sheet_map("gem", sheet_settings(loaded, opts), plan)


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("deg", [0.6, -0.4])
def test_every_back_outline_is_the_unturned_one_turned_about_the_page_centre(gem, mode, deg):
    W, H = A4.width, A4.height
    plain, turned = _map(gem, mode, (0.5, -1.0), 0.0), _map(gem, mode, (0.5, -1.0), deg)
    assert turned["back_rotate_deg"] == deg and plain["back_rotate_deg"] == 0.0
    assert len(plain["pages"]) == len(turned["pages"])
    backs = 0
    for before, after in zip(plain["pages"], turned["pages"]):
        assert before["side"] == after["side"]
        if before["side"] == "front":  # fronts untouched
            assert before == after
            continue
        for p, q in zip(before["pieces"], after["pieces"]):
            backs += 1
            assert (p["id"], p["copy"]) == (q["id"], q["copy"])
            # seen from the front, the back is turned by -DEG about the page centre (the printer's +DEG undoes it)
            want = [v for pt in p["outline_mm"] for v in _turn(-deg, W / 2, H / 2, *_front_view(mode, W, H, *pt))]
            got = [v for pt in q["outline_mm"] for v in _front_view(mode, W, H, *pt)]
            assert got == pytest.approx(want, abs=0.002)
            xs, ys = [x for x, _ in q["outline_mm"]], [y for _, y in q["outline_mm"]]
            assert q["trim_mm"] == pytest.approx([min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)], abs=0.002)
            assert q["rotation"] == p["rotation"]
    assert backs > 20


def _cms(page):
    """The page content's own `cm` operators (not those inside the faces' form XObjects)."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    return [[float(v) for v in operands] for operands, op in ops if op == b"cm"]


def _turns(page):
    """The cm operators that turn by something other than a quarter turn."""
    return [m for m in _cms(page) if abs(m[1]) > 1e-6 and abs(abs(m[1]) - abs(m[0])) > 1e-3 and abs(m[0]) > 1e-6]


def test_the_turn_is_in_the_back_pages_content(cli, tmp_path):
    r = cli("build", "gem", "--out", tmp_path, "--back-offset", "-1,0.5", "--back-rotate", "-0.4")  # the plain negative
    assert r.code == 0, r.err
    data = json.loads((tmp_path / "gem.json").read_text())
    assert data["back_rotate_deg"] == -0.4 and data["back_offset_mm"] == [-1.0, 0.5] and data["printer"] is None
    reader = pypdf.PdfReader(tmp_path / "gem.pdf")
    for entry, page in zip(data["pages"], reader.pages):
        turns = _turns(page)
        if entry["side"] == "front":
            assert turns == []
            continue
        (m,) = turns  # one transform for the whole back page, in millimetres (after the page's mm scale)
        a = math.radians(-0.4)  # +DEG in the back page's own (mirrored) coordinates
        assert m[:4] == pytest.approx([math.cos(a), math.sin(a), -math.sin(a), math.cos(a)], abs=1e-5)
        cx, cy = 105.0, 148.5  # the centre stays where it is
        assert (m[0] * cx + m[2] * cy + m[4], m[1] * cx + m[3] * cy + m[5]) == pytest.approx((cx, cy), abs=1e-3)


def test_a_turn_out_of_range_or_without_duplex_is_a_usage_error(cli, tmp_path):
    with pytest.raises(SystemExit) as info:
        cli("build", "gem", "--out", tmp_path, "--back-rotate", "6")
    assert info.value.code == 2
    r = cli("build", "gem", "--out", tmp_path, "--backs", "gutterfold", "--back-rotate", "0.5")
    assert r.code == 2 and "--back-rotate corrects duplex printing" in r.err
    assert not (tmp_path / "gem.pdf").exists()


def test_a_turn_the_margin_cannot_take_is_refused_naming_the_largest(cli, tmp_path):
    r = cli("build", "gem", "--out", tmp_path, "--back-rotate", "5")
    assert r.code == 2 and "--back-rotate 5 would turn backs past the 5 mm printable margin of a4" in r.err
    assert "the largest turn that fits this way is" in r.err and not (tmp_path / "gem.pdf").exists()


# -- the calibration sheet, round trip ---------------------------------------------------------------
def _printer(sheet, deg, shift):
    """A printer that prints the backs turned by `deg` about the page centre and moved by `shift`,
    seen from the front: front-view point (intended) -> where it lands."""
    def land(x, y):
        tx, ty = _turn(deg, sheet.width / 2, sheet.height / 2, x, y)
        return tx + shift[0], ty + shift[1]
    return land


def _read(sheet, mode, correction, printer, step=0.0):
    """Each gauge's reading, as a person reads it: where the printed index line crosses the printed
    scale, in the scale's own numbers (rounded to `step` mm when given)."""
    K = correction

    def placed(side, pt):  # where a point of a page lands on the sheet, seen from the front
        if side == "front":
            return pt
        return printer(*cal.mirror(sheet, mode, *apply(K, *pt)))

    readings = {}
    for g in cal.gauges(sheet):
        index_side = "back" if g.scale_side == "front" else "front"
        (zx, zy), (sx, sy) = cal.scale_on_page(g, sheet, mode)
        z = placed(g.scale_side, (zx, zy))
        one = placed(g.scale_side, (zx + sx, zy + sy))
        u = (one[0] - z[0], one[1] - z[1])  # one mm of the scale, as printed
        a, b = (placed(index_side, p) for p in cal.index_on_page(g, sheet, mode))
        d = (b[0] - a[0], b[1] - a[1])
        # z + t u = a + s d
        det = u[0] * (-d[1]) - u[1] * (-d[0])
        rx, ry = a[0] - z[0], a[1] - z[1]
        t = (rx * (-d[1]) - ry * (-d[0])) / det
        s_ = (u[0] * ry - u[1] * rx) / det
        assert 0 <= s_ <= 1 and abs(t) <= cal.SPAN  # the index line crosses the scale
        t = round(t / step) * step if step else t
        readings.setdefault((g.where, g.axis), []).append(t)
    return {k: sum(v) / len(v) for k, v in readings.items()}


def _correction(sheet, readings):
    """What the sheet says to do with the readings: the offset from the centre scales, the turn from
    the corner scales' difference over their distance apart (radians, to degrees)."""
    offset = (readings[("centre", "DX")], readings[("centre", "DY")])
    turns = [(readings[("bottom-right", axis)] - readings[("top-left", axis)]) / cal.corner_distance(sheet, axis)
             for axis in ("DX", "DY")]
    return offset, math.degrees(sum(turns) / 2)


@pytest.mark.parametrize("sheet", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("error, step, tolerance", [((0.7, (1.2, -0.8)), 0.0, 0.01),
                                                   ((-1.5, (-3.0, 2.5)), 0.0, 0.1),  # a large turn: second-order terms
                                                   ((0.35, (0.4, 0.6)), 0.1, 0.15)])
def test_the_calibration_sheet_reads_a_printers_turn_and_its_correction_reads_zero(sheet, mode, error, step,
                                                                                    tolerance):
    deg, shift = error
    printer = _printer(sheet, deg, shift)
    first = _read(sheet, mode, cal.back_matrix(sheet, mode), printer, step)
    assert first[("centre", "DX")] == pytest.approx(shift[0], abs=0.05 + step)
    assert first[("centre", "DY")] == pytest.approx(shift[1], abs=0.05 + step)
    offset, turn = _correction(sheet, first)
    assert turn == pytest.approx(deg, abs=0.01 + step / 2)  # 0.1 mm over 140-207 mm: up to 0.04 degrees
    again = _read(sheet, mode, cal.back_matrix(sheet, mode, offset, turn), printer)
    for key, v in again.items():
        assert v == pytest.approx(0.0, abs=tolerance), key


def test_the_corrected_calibration_sheet_is_drawn_through_the_correction(cli, tmp_path):
    r = cli("calibrate", "--out", tmp_path, "--backs", "duplex-short", "--back-offset", "1,-2", "--back-rotate", "-0.5")
    assert r.code == 0, r.err
    assert not (tmp_path / "calibrate-a4-duplex-short.pdf").exists()  # a file of its own
    reader = pypdf.PdfReader(tmp_path / "calibrate-a4-duplex-short-corrected.pdf")
    front, back = reader.pages
    assert "every scale should now read 0" in front.extract_text()
    want = multiply(cal.back_matrix(A4, "duplex-short", (1.0, -2.0), -0.5), (1, 0, 0, 1, 0, 0))
    assert _turns(front) == []
    (m,) = _turns(back)
    assert m == pytest.approx(list(want), abs=1e-4)


@pytest.mark.parametrize("deg", [0.8, -1.2])
def test_a_turned_back_pages_slug_and_scale_bar_stay_inside_the_printable_margin(cli, tmp_path, deg):
    """The slug and its 50 mm bar are drawn with the back page's turn: placed as on a front, the
    turn carried them 1.2 mm into the 5 mm edge an A4 printer cannot print (y = 3.8 mm)."""
    import pdfplumber

    r = cli("build", "gem", "--back-offset=1.5,-1.5", "--back-rotate", str(deg), "--out", "out")
    assert r.code == 0, r.err
    smap = json.loads((tmp_path / "out" / "gem.json").read_text())
    margin, mm = 5.0, 72 / 25.4
    with pdfplumber.open(tmp_path / "out" / "gem.pdf") as pdf:
        backs = [pdf.pages[p["page"] - 1] for p in smap["pages"] if p["side"] == "back"]
        assert backs
        for page in backs:
            slug = [c for c in page.chars if c["size"] < 6]  # the slug's 4-5 pt type
            assert slug
            W, H = page.width / mm, page.height / mm
            for c in slug:
                assert margin - 0.01 <= c["x0"] / mm and c["x1"] / mm <= W - margin + 0.01, c
                assert margin - 0.01 <= (page.height - c["bottom"]) / mm and (page.height - c["top"]) / mm <= H - margin + 0.01, c
            near = min((page.height - c["bottom"]) / mm for c in slug)
            bar = [e for e in page.lines + page.rects if abs((page.height - e["bottom"]) / mm - near) < 3]
            for e in bar:  # the scale bar beside the text
                assert (page.height - e["bottom"]) / mm >= margin - 0.01 and e["x0"] / mm >= margin - 0.01, e
