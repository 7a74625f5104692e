"""A warm process (`pnp watch`, `pnp serve`) keeps the PDF code of every text it wrote and gives
each new PDF, first, the glyph codes the one before ended with: the PDF it writes after an edit
must read and look exactly as a cold build of the same files — also when the edit brings a
character never used before, takes one away, or brings Chinese text."""
from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from pnp.build import build
from pnp.diagnostics import Report
from pnp.incremental.render_cache import RenderCache
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.games.project import load_for_build, sheets
from pnp.options import BuildOptions

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"


def _pages(pdf: Path) -> tuple[list[str], list[bytes]]:
    texts = [p.extract_text() for p in pypdf.PdfReader(pdf).pages]
    doc = pdfium.PdfDocument(str(pdf))
    try:
        pixels = [doc[i].render(scale=40 / 72).to_pil().tobytes() for i in range(len(doc))]
    finally:
        doc.close()
    return texts, pixels


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_a_warm_rebuild_reads_and_looks_as_a_cold_build(tmp_path, lang):
    shutil.copytree(EXAMPLE, tmp_path / "game")
    specs = tmp_path / "game" / "card_specs"
    table = specs / "lanterns.csv"
    original = table.read_text(encoding="utf-8")
    presets, _ = sheets(SPECS_DIR, LAYOUTS_DIR)
    opts = BuildOptions(presets["a4"], lang=lang)
    cache = RenderCache()

    def warm(text: str) -> Path:
        table.write_text(text, encoding="utf-8")
        return build(load_for_build("lanterns", specs, None), opts, tmp_path / "warm", Report(), cache=cache).pdf

    def cold(text: str) -> Path:
        table.write_text(text, encoding="utf-8")
        return build(load_for_build("lanterns", specs, None), opts, tmp_path / "cold", Report()).pdf

    warm(original)
    edits = [
        original.replace("Red Dragon,", "Red Dragön ★,", 1).replace("紅龍燈", "紅龍燈籠", 1),  # characters new to the PDF
        original.replace("Jade Peony,", "Jade Pony,", 1),  # the new ones gone again, another card changed
        original,
    ]
    compared = 0
    for text in edits:
        got = _pages(warm(text))
        want = _pages(cold(text))
        assert got[0] == want[0]  # every page's text, character for character
        assert got[1] == want[1]  # and every page's pixels
        compared += 1
    assert compared == 3
