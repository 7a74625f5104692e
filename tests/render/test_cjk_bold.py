"""Bold Traditional Chinese as it prints: a true bold face whose counters stay open at 600 dpi.

The counters (the enclosed white of a character) are taken from the face's own outline, drawn
without any stroke at 2400 dpi; each must still print as paper, enclosed by ink, at 600 dpi when
the build's PDF backend sets the character bold. The old fake bold (the regular outline stroked
at 3.5 % of the type size) filled half the counters of 醬 at the recipe names' size.
"""
from __future__ import annotations

import io

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from conftest import shipped_edition

from pnp.geometry import fonts
from pnp.geometry.drawing import BLACK, Drawing
from pnp.render.pdf import PdfBackend

PAGE = 8.0  # mm: a page just larger than one character at 14 pt
PRINT_DPI, FINE = 600, 4  # the print resolution, and how much finer the outline is drawn
OPEN = 0.25  # the least share of each counter that must print as paper
DENSE = "醬莓為備"  # the characters: every jam's name, 莓, mission titles
NAME_PT = shipped_edition("the-jam").main.box("name").text  # the recipe names' size


def _pixels(pdf: bytes, dpi: int) -> Image.Image:
    """The page in black (ink) and white (paper), as a printer's dots would fall."""
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=dpi / 72).to_pil().convert("L").point(lambda v: 0 if v < 128 else 255)


def printed(ch: str, size: float, bold: bool = True) -> Image.Image:
    """`ch` set by the build's PDF backend, at 600 dpi."""
    d = Drawing(PAGE, PAGE)
    d.text(1, 2, ch, size, bold=bold, fill=BLACK)
    buf = io.BytesIO()
    pdf = PdfBackend(buf)
    pdf.begin_page(PAGE, PAGE)
    pdf.place(d, (1, 0, 0, 1, 0, 0))
    pdf.end_page()
    pdf.save()
    return _pixels(buf.getvalue(), PRINT_DPI)


def outline(ch: str, size: float) -> Image.Image:
    """`ch` in the face bold text uses for it, its bare outline (no stroke), FINE times finer."""
    fonts.register()
    (name, _), = fonts.runs(ch, bold=True)
    fonts._font(*next(f for f in fonts.FACES[True] if f[0] == name))
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(PAGE * mm, PAGE * mm), invariant=1)
    c.setFont(name, size)
    c.drawString(1 * mm, 2 * mm, ch)
    c.save()
    return _pixels(buf.getvalue(), PRINT_DPI * FINE)


def counters(img: Image.Image) -> np.ndarray:
    """Each pixel's region: 0 ink, 1 the paper outside the character, 2, 3, … its counters
    (4-connected runs of paper, joined row by row: PIL's flood fill is pure Python, and slow)."""
    paper = np.asarray(img) == 255
    paper[0, :] = paper[-1, :] = paper[:, 0] = paper[:, -1] = True  # one outside all round
    parent: list[int] = []

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = i = parent[parent[i]]
        return i

    runs, above = [], []  # (row, start, end, run id)
    for y, row in enumerate(paper):
        edges = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(np.int8), [0]))))
        here = []
        for x0, x1 in zip(edges[::2], edges[1::2]):
            parent.append(len(parent))
            me = parent[-1]
            for _, a0, a1, other in above:
                if a0 < x1 and x0 < a1:  # the runs touch across the rows
                    parent[root(other)] = root(me)
            here.append((y, x0, x1, me))
        runs += here
        above = here
    out = np.zeros(paper.shape, dtype=np.int32)
    names = {root(0): 1}
    for y, x0, x1, me in runs:
        out[y, x0:x1] = names.setdefault(root(me), len(names) + 1)
    return out


def open_shares(ch: str, size: float) -> list[float]:
    """For each counter of the face's outline, the share of it that prints as enclosed paper."""
    design, got = counters(outline(ch, size)), counters(printed(ch, size))
    shares = []
    for k in range(2, int(design.max()) + 1):
        ys, xs = np.nonzero(design == k)
        if len(ys) < FINE * FINE * 4:  # under 4 printed dots: a sliver the design itself hardly has
            continue
        cells = np.unique(np.stack([ys // FINE, xs // FINE], axis=1), axis=0)
        shares.append(float((got[cells[:, 0], cells[:, 1]] >= 2).mean()))
    return shares


def ink(img: Image.Image) -> int:
    return int((np.asarray(img) == 0).sum())


def test_bold_chinese_is_set_in_a_true_bold_face():
    fonts.register()
    assert [name for name, _ in fonts.runs("草莓醬", bold=True)] == ["NotoSansTC-Bold"]
    assert fonts.has_bold("NotoSansTC-Bold") and not fonts.has_bold("DroidSansFallback")
    assert [name for name, _ in fonts.runs("草莓醬")] == ["DroidSansFallback"]  # regular is unchanged


@pytest.mark.parametrize("size", [8.0, NAME_PT])
def test_every_counter_of_dense_bold_characters_stays_open_at_600_dpi(size):
    assert NAME_PT == 11  # the recipe names' size (layouts/the-jam.yaml)
    for ch in DENSE:
        shares = open_shares(ch, size)
        assert len(shares) >= 2, ch  # each of these characters has counters to keep
        assert min(shares) >= OPEN, (ch, size, shares)


def test_bold_reads_bolder_than_regular():
    compared = 0
    for ch in DENSE:
        assert ink(printed(ch, NAME_PT)) >= 1.15 * ink(printed(ch, NAME_PT, bold=False)), ch
        compared += 1
    assert compared == len(DENSE) > 0


def test_a_bold_character_outside_the_bold_subset_is_emboldened_lightly():
    """讞 is not among the characters the bold face keeps: Droid Sans Fallback is stroked, lightly
    enough that every counter stays open, heavily enough to read as bold."""
    fonts.register()
    assert [name for name, _ in fonts.runs("讞", bold=True)] == ["DroidSansFallback"]
    for size in (8.0, NAME_PT, 14.0):
        assert min(open_shares("讞", size)) >= OPEN, size
    assert ink(printed("讞", NAME_PT)) >= 1.1 * ink(printed("讞", NAME_PT, bold=False))


def test_the_jam_recipe_names_print_in_the_true_bold(shipped_build):
    """Page 1 of `pnp build the-jam --lang zh-TW`: every jam's 醬 is in the embedded bold face."""
    built = shipped_build("the-jam", "--lang", "zh-TW")
    with pdfplumber.open(built.pdf) as doc:
        jams = [c for c in doc.pages[0].chars if c["text"] == "醬"]
    assert len(jams) >= 8
    assert {c["fontname"].split("+")[-1] for c in jams} == {"NotoSansCJKtc-Bold"}


@pytest.mark.parametrize("game", ["the-jam", "gem", "pi-mal-pflaumen", "christmas-tree"])
def test_every_bold_character_the_shipped_games_print_in_zh_tw_has_the_true_bold(game):
    """The subset holds every bold character the shipped cards print: none falls back to the
    stroked regular face (rebuild fonts/NotoSansTC-Bold-subset.ttf if this fails)."""
    from pnp.diagnostics import Report
    from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
    from pnp.games.project import load_for_build, sheets
    from pnp.options import BuildOptions
    from pnp.writers.faces import render_all

    presets, _ = sheets(SPECS_DIR, LAYOUTS_DIR)
    art = render_all(load_for_build(game, SPECS_DIR, LAYOUTS_DIR), BuildOptions(presets["a4"], lang="zh-TW"), Report())
    bold = {ch for d in [*art.faces.values(), *art.backs.values()] for t in d.text_ops() if t.bold for ch in t.text}
    faked = sorted(ch for ch in bold if fonts.font_for(ch, bold=True) == "DroidSansFallback")
    assert not faked, f"{game}: bold characters outside the bold subset: {''.join(faked)}"
    assert any(fonts.font_for(ch, bold=True) == "NotoSansTC-Bold" for ch in bold)
