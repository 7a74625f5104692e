"""`pnp calibrate` and the one back-offset convention: printed duplex, the index lines of each side
fall on the other side's zero when the printer registers perfectly; a misregistration reads as
DX, DY seen from the front (on the front's scales and on the back's alike), and printing again
with that --back-offset brings both readings back to zero — for long- and short-edge flips."""
from __future__ import annotations

import pdfplumber
import pytest
from conftest import MM

RED = (0.85, 0.1, 0.15)
SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _sheet(cli, tmp_path, paper, mode, *extra):
    r = cli("calibrate", "--paper", paper, "--backs", mode, "--out", tmp_path, *extra)
    assert r.code == 0, r.err
    path = tmp_path / f"calibrate-{paper}-{mode}{'-corrected' if extra else ''}.pdf"
    assert str(path.name) in r.out and ("--back-offset DX,DY" in r.out or "every scale should read 0" in r.out)
    return path


def _red_lines(page, height):
    """Red index lines as their midpoints (x, y) in mm, y up."""
    out = []
    for ln in page.lines:
        if tuple(round(c, 2) for c in (ln.get("stroking_color") or ())) == RED:
            out.append(((ln["x0"] + ln["x1"]) / 2 / MM, height - (ln["top"] + ln["bottom"]) / 2 / MM))
    return out


def _front_view(mode, W, H):
    def f(x, y):  # a back-page point, as seen through the paper from the front
        return (W - x, y) if mode == "duplex-long" else (x, H - y)
    return f


def _zero_ticks(page, height):
    """The zero ticks of the scales on a page (the only ticks 3.3 mm long), as the end that sits on
    the scale's line: the lower end of a DX scale's (upright) tick, the left end of a DY scale's."""
    out = []
    for ln in page.lines:
        w, h = (ln["x1"] - ln["x0"]) / MM, (ln["bottom"] - ln["top"]) / MM
        if abs(w) < 0.01 and 3.2 < h < 3.4:
            out.append((ln["x0"] / MM, height - ln["bottom"] / MM))
        elif abs(h) < 0.01 and 3.2 < w < 3.4:
            out.append((ln["x0"] / MM, height - ln["top"] / MM))
    return out


def _nearest(points, p):
    return min(points, key=lambda q: (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.5)])
def test_index_lines_fall_on_the_other_sides_zero_less_the_offset(cli, tmp_path, paper, mode, offset):
    W, H = SIZES[paper]
    extra = ("--back-offset", f"{offset[0]},{offset[1]}") if any(offset) else ()
    path = _sheet(cli, tmp_path, paper, mode, *extra)
    view = _front_view(mode, W, H)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        assert (pdf.pages[0].width / MM, pdf.pages[0].height / MM) == pytest.approx((W, H), abs=0.05)
        front, back = pdf.pages
        front_zeros, back_zeros = _zero_ticks(front, H), [view(*p) for p in _zero_ticks(back, H)]
        back_index, front_index = [view(*p) for p in _red_lines(back, H)], _red_lines(front, H)
    # the centre gauges on both sides, the corner gauges (top-left, bottom-right) on the front
    assert len(front_zeros) == len(back_index) == 6 and len(back_zeros) == len(front_index) == 2
    # printed with --back-offset DX,DY the backs are moved by (-DX, -DY) as seen from the front, so
    # a printer that lands them (DX, DY) off brings every index line's middle exactly onto its zero
    for zero in front_zeros:
        mid = _nearest(back_index, zero)
        assert (mid[0] - zero[0], mid[1] - zero[1]) == pytest.approx((-offset[0], -offset[1]), abs=0.01)
    for zero in back_zeros:  # and the front's index lines against the back's zeros, seen from the front
        mid = _nearest(front_index, zero)
        assert (zero[0] - mid[0], zero[1] - mid[1]) == pytest.approx((-offset[0], -offset[1]), abs=0.01)


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_the_backs_scale_reads_the_same_dx_as_the_fronts(cli, tmp_path, mode):
    """If the backs land DX to the right, the back tick labelled 5 must sit 5 mm left of the front's
    index (seen from the front), so the index crosses 5 when DX = 5."""
    from pnp.writers.calibration import gauges

    W, H = SIZES["a4"]
    view = _front_view(mode, W, H)
    with pdfplumber.open(_sheet(cli, tmp_path, "a4", mode)) as pdf:
        front, back = pdf.pages
        (g,) = [g for g in gauges(_Paper(W, H)) if g.scale_side == "back" and g.axis == "DX"]
        fx = _nearest(_red_lines(front, H), g.zero)[0]
        zx, zy = _nearest(_zero_ticks(back, H), view(*g.zero))
        row = sorted((c for c in back.chars if abs(H - (c["top"] + c["bottom"]) / 2 / MM - (zy + 4.7)) < 1.2
                      and abs(c["x0"] / MM - zx) < 25), key=lambda c: c["x0"])
    labels: list[list[dict]] = []  # the DX scale's labels: characters closer than 0.3 mm form one
    for c in row:
        if labels and c["x0"] - labels[-1][-1]["x1"] < 0.3 * MM:
            labels[-1].append(c)
        else:
            labels.append([c])
    plus5 = [w for w in labels if "".join(c["text"] for c in w) == "5"]
    assert len(plus5) == 1
    x = (plus5[0][0]["x0"] + plus5[0][-1]["x1"]) / 2 / MM
    assert view(x, zy)[0] == pytest.approx(fx - 5, abs=0.3)


class _Paper:
    def __init__(self, width, height):
        self.width, self.height = width, height


def test_calibrate_refuses_what_it_cannot_print(cli, tmp_path):
    r = cli("calibrate", "--paper", "a3", "--out", tmp_path)
    assert r.code == 2 and "paper 'a3' is not a preset" in r.err
    with pytest.raises(SystemExit) as info:
        cli("calibrate", "--back-offset", "nan,1", "--out", tmp_path)
    assert info.value.code == 2


def test_back_offset_with_gutterfold_is_refused_not_ignored(cli, tmp_path):
    r = cli("build", "gem", "--backs", "gutterfold", "--back-offset", "1,0", "--out", tmp_path)
    assert r.code == 2 and "--back-offset corrects duplex printing" in r.err
    assert not (tmp_path / "gem.pdf").exists()


def test_an_offset_too_large_for_the_margin_names_the_largest_that_fits(cli, tmp_path):
    r = cli("build", "gem", "--back-offset", "9,0", "--out", tmp_path)
    assert r.code == 2
    assert "--back-offset 9,0 would push backs past the 5 mm printable margin of a4" in r.err
    assert "the largest that fits is DX from -" in r.err and not (tmp_path / "gem.pdf").exists()


@pytest.mark.parametrize("name, col", [("a4/../../x", 3), ("../x", 3), ("'a4 '", 3), ("A4", 3), ("a4\\..", 3),
                                       ("'.'", 3)])
def test_a_paper_preset_named_like_a_path_is_a_located_error_and_nothing_is_written(cli, tmp_path, name, col):
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "sheets.yaml").write_text(
        f"sheets:\n  a4: {{ width: 210mm, height: 297mm, margin: 5mm }}\n  {name}: {{ width: 210mm, height: 297mm, "
        "margin: 5mm }\n", encoding="utf-8")
    out = tmp_path / "deep" / "er" / "out"
    key = name.strip("'")
    for paper in (key, "a4"):  # the bad preset, or any: the file is refused as a whole
        r = cli("calibrate", "--paper", paper, "--out", out, "--layouts", layouts)
        assert r.code == 2 and r.out == "" and "Traceback" not in r.err
        (error,) = [e for e in r.err.splitlines() if "error[" in e]
        assert error == (f"layouts/sheets.yaml:3:{col}: error[SPEC-ID]: paper preset '{key}' is not a valid name, "
                         "expected an id of lower-case letters, digits and dashes (it names the files made for it)")
    made = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert made == ["layouts/sheets.yaml"]  # nothing written, inside --out or out of it


def test_the_calibration_sheet_is_named_inside_the_out_folder_whatever_it_is_given():
    from pathlib import Path

    from pnp.writers.calibration import output_path

    out = Path("/somewhere/out")
    assert output_path(out, "a4", "duplex-long") == out / "calibrate-a4-duplex-long.pdf"
    for bad in ("a4/../../x", "..", "a/b", "a\\b", "", "a4\x00"):
        with pytest.raises(ValueError):
            output_path(out, bad, "duplex-long")
