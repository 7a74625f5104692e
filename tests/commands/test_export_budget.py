"""`pnp export` is bounded by the pixels it renders and writes: the size is known before any
image is rendered, said when it is large, and beyond the budget the export is refused with the
--dpi that fits (or exported anyway with --force); nothing is left half-written on any exit."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.load.paths import SPECS_DIR


def _entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_png_export_beyond_the_budget_is_refused_before_rendering(cli, tmp_path):
    """The Jam at 1200 dpi rendered a thousand million pixels for 55 s."""
    r = cli("export", "the-jam", "--png", "--dpi", 1200, "--out", "out", "--specs", SPECS_DIR)
    assert (r.code, r.out) == (2, "") and "Traceback" not in r.err
    assert r.err == ("pnp export: error: the-jam: --png would render 83 images, 1,026.8 million pixels (4,107 MB "
                     "uncompressed) at 1200 dpi, more than 200 million pixels; use --dpi 529 or less, or export it "
                     "anyway with --force\n")
    assert _entries(tmp_path / "out") == []  # nothing staged, nothing written


def test_the_dpi_it_names_fits(cli, tmp_path, monkeypatch):
    from pnp.commands import export

    monkeypatch.setattr(export, "PIXELS_REFUSED", 20_000_000)  # the same arithmetic, a smaller export
    r = cli("export", "gem", "--png", "--dpi", 600, "--out", "out", "--specs", SPECS_DIR)
    assert r.code == 2 and "more than 20 million pixels; use --dpi " in r.err
    fits = int(r.err.split("use --dpi ")[1].split()[0])
    assert cli("export", "gem", "--png", "--dpi", fits + 1, "--out", "out", "--specs", SPECS_DIR).code == 2
    r = cli("export", "gem", "--png", "--dpi", fits, "--out", "out", "--specs", SPECS_DIR)
    assert r.code == 0, r.err


def test_a_large_export_says_its_size_before_rendering(cli, tmp_path, monkeypatch):
    from pnp.commands import export

    monkeypatch.setattr(export, "PIXELS_TOLD", 1)
    r = cli("export", "gem", "--png", "--dpi", 50, "--out", "out", "--specs", SPECS_DIR)
    assert r.code == 0, r.err
    assert r.err.startswith("gem: --png: 31 images, ") and " million pixels (" in r.err
    assert "MB uncompressed) at 50 dpi to render; Ctrl-C stops the export and keeps the previous one" in r.err


def test_ctrl_c_while_rendering_keeps_the_previous_export_and_leaves_nothing(cli, tmp_path, monkeypatch):
    import pnp.writers.png as png

    assert cli("export", "gem", "--png", "--dpi", 50, "--out", "out", "--specs", SPECS_DIR).code == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "out" / "gem-png").iterdir()}
    real = png.rasterise

    def stopped(shots, dpi, *a):
        for n, img in enumerate(real(shots, dpi, *a)):
            if n == 3:
                raise KeyboardInterrupt
            yield img

    monkeypatch.setattr(png, "rasterise", stopped)
    r = cli("export", "gem", "--png", "--dpi", 60, "--out", "out", "--specs", SPECS_DIR)
    assert (r.code, r.err) == (130, "pnp: interrupted\n")
    assert _entries(tmp_path / "out") == [".pnp.lock", "gem-png"]
    assert {p.name: p.read_bytes() for p in (tmp_path / "out" / "gem-png").iterdir()} == before


def _many_copies(cli, tmp_path, count: int) -> Path:
    """A declared game of twelve cards (`pnp new`), no rules, each card `count` times."""
    assert cli("new", "harbor").code == 0
    spec = tmp_path / "card_specs" / "harbor.yaml"
    text = spec.read_text()
    spec.write_text(text[:text.index("rules:")] + text[text.index("setup:"):])
    table = tmp_path / "card_specs" / "harbor.csv"
    rows = table.read_text().splitlines()
    table.write_text("\n".join([rows[0] + ",count"] + [f"{r},{count}" for r in rows[1:]]) + "\n")
    assert cli("validate", "harbor").code == 0
    return tmp_path / "card_specs"


def test_a_tts_export_of_every_card_999_times_is_refused_before_rendering(cli, tmp_path):
    """11,988 cards: 174 sheets of up to 4096 x 4096 px, all held in memory until written."""
    _many_copies(cli, tmp_path, 999)
    r = cli("export", "harbor", "--tts", "--out", "out")
    assert r.code == 2 and "Traceback" not in r.err
    assert r.err.startswith("pnp export: error: harbor: --tts would render 188 images, 2,850.4 million pixels")
    assert "even at 50 dpi it would be more: lower the counts, or export it anyway with --force" in r.err
    assert _entries(tmp_path / "out") == []


def test_a_tts_deck_of_999_cards_names_the_dpi_that_fits(cli, tmp_path, monkeypatch):
    from pnp.commands import export

    monkeypatch.setattr(export, "PIXELS_REFUSED", 40_000_000)  # the same arithmetic, a quicker test
    specs = _many_copies(cli, tmp_path, 83)  # 996 cards: 15 sheets
    r = cli("export", "harbor", "--tts", "--out", "out", "--specs", specs)
    assert r.code == 2 and "use --dpi " in r.err, r.err
    fits = int(r.err.split("use --dpi ")[1].split()[0])
    r = cli("export", "harbor", "--tts", "--out", "out", "--dpi", fits, "--specs", specs)
    assert r.code == 0, r.err
    assert r.out.startswith("harbor: 996 cards in 1 Tabletop Simulator deck on 15 sheets")


def test_the_pieces_of_a_saved_object_are_bounded_too(cli, tmp_path, monkeypatch):
    from pnp.commands import export

    monkeypatch.setattr(export, "PIECES_REFUSED", 100)
    _many_copies(cli, tmp_path, 9)
    r = cli("export", "harbor", "--tts", "--dpi", 50, "--out", "out")
    assert r.code == 2
    assert r.err == ("pnp export: error: harbor: --tts would put 108 cards and tokens in a Tabletop Simulator saved "
                     "object, more than 100; lower the counts, or export it anyway with --force\n")
    assert cli("export", "harbor", "--tts", "--dpi", 50, "--out", "out", "--force").code == 0
