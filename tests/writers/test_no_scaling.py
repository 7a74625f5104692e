"""Nothing scales the print: every PDF asks viewers not to (`/ViewerPreferences /PrintScaling
/None`), and every sheet's slug ends with a bar exactly 50 mm long, so a ruler tells at once
whether the printer shrank the page."""
from __future__ import annotations

import pdfplumber
import pypdf
import pytest
from conftest import MM

GAMES = ["the-jam", "gem", "pi-mal-pflaumen", "christmas-tree"]


def bars(page) -> list[float]:
    """The lengths (mm) of the slug's bars on a page: thin grey lines with an end tick at each end."""
    lines = [ln for ln in page.lines if ln["linewidth"] < 0.8]
    out = []
    for ln in lines:
        dx, dy = (ln["x1"] - ln["x0"]) / MM, (ln["bottom"] - ln["top"]) / MM
        length = max(dx, dy)
        if 45 < length < 55 and min(dx, dy) < 0.01:
            out.append(length)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_carries_a_50_mm_bar(shipped_build, game):
    built = shipped_build(game)
    with pdfplumber.open(built.pdf) as pdf:
        total = len(pdf.pages)
        # pdfplumber is slow on art-heavy pages: the first sheet, the last page and (Christmas
        # Tree) a page of goal cards whose margin has no room for the bar after the text
        sample = sorted({0, 1, total - 1} | ({14} if game == "christmas-tree" else set()))
        looked_at = 0
        for i in sample:
            found = bars(pdf.pages[i])
            assert len(found) == 1, (game, i + 1, found)
            assert abs(found[0] - 50.0) < 0.01, (game, i + 1, found)
            assert "50 mm:" in "".join(c["text"] for c in pdf.pages[i].chars), (game, i + 1)  # says what it is
            looked_at += 1
        assert looked_at == len(sample) > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_pdf_asks_viewers_not_to_scale(shipped_build, game):
    root = pypdf.PdfReader(shipped_build(game).pdf).trailer["/Root"]
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_reprints_shop_files_and_the_calibration_sheet_ask_it_too(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out, "--only", "coin-1a").code == 0
    assert cli("build", "gem", "--out", out, "--shop").code == 0
    assert cli("calibrate", "--out", out).code == 0
    pdfs = sorted(out.glob("*.pdf"))
    assert {p.name for p in pdfs} >= {"gem-reprint.pdf"} and any("shop" in p.name for p in pdfs)
    assert any("calibrat" in p.name for p in pdfs)
    for p in pdfs:
        assert pypdf.PdfReader(p).trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None", p.name
