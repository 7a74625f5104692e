"""A --shop build is bounded before the long work: its pages (a PDF page per piece and side) or,
for The Game Crafter, its pixels; the size is said when large, and beyond the budget the build is
refused at the count (or the spec) that makes it so, unless --force; the previous output stays."""
from __future__ import annotations

from pathlib import Path


def _harbor(cli, tmp_path, count: int = 1, extra_rows: int = 0) -> None:
    """A declared game of twelve cards (`pnp new`), no rules, each card `count` times, and
    `extra_rows` more cards."""
    if not (tmp_path / "card_specs" / "harbor.yaml").exists():
        assert cli("new", "harbor").code == 0
        spec = tmp_path / "card_specs" / "harbor.yaml"
        text = spec.read_text()
        spec.write_text(text[:text.index("rules:")] + text[text.index("setup:"):])
        (tmp_path / "rows.csv").write_text((tmp_path / "card_specs" / "harbor.csv").read_text())
    rows = (tmp_path / "rows.csv").read_text().splitlines()
    rows += [f"more-{i},sun,1,More {i},多{i}" for i in range(extra_rows)]
    (tmp_path / "card_specs" / "harbor.csv").write_text(
        "\n".join([rows[0] + ",count"] + [f"{r},{count}" for r in rows[1:]]) + "\n")


def _outputs(out: Path) -> dict:
    return {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} if out.exists() else {}


def test_every_card_999_times_is_refused_at_the_count_and_keeps_the_previous_output(cli, tmp_path):
    _harbor(cli, tmp_path)
    assert cli("build", "harbor", "--shop", "--out", "out").code == 0
    before = _outputs(tmp_path / "out")
    _harbor(cli, tmp_path, 999)
    r = cli("build", "harbor", "--shop", "--out", "out")
    assert r.code == 2 and "Traceback" not in r.err
    assert ("card_specs/harbor.csv:2:6: error[SHOP-PAGES]: harbor would print 23,976 pages (11,988 pieces, a page "
            "for each side) for the print shop, more than 10,000: sun-1 alone is 999 copies; lower the counts, or "
            "build it anyway with --force\n") in r.err
    assert "harbor: not built, it would print 23,976 pages (see above)" in r.err
    assert _outputs(tmp_path / "out") == before
    r = cli("build", "harbor", "--shop", "drivethru", "--out", "out")
    assert r.code == 2 and "harbor would print up to 23,976 pages" in r.err


def test_a_large_shop_build_says_its_pages_first(cli, tmp_path):
    _harbor(cli, tmp_path, 100)
    r = cli("build", "harbor", "--shop", "--out", "out")
    assert r.code == 0, r.err
    assert ("harbor: 2,400 pages (1,200 pieces, a page for each side) to write for the print shop; Ctrl-C stops "
            "the build and keeps the previous output\n") in r.err


def test_a_game_crafter_upload_beyond_the_pixel_budget_is_refused_at_the_spec(cli, tmp_path):
    _harbor(cli, tmp_path, extra_rows=220)
    r = cli("build", "harbor", "--shop", "gamecrafter", "--out", "out")
    assert r.code == 2 and "Traceback" not in r.err
    assert ("card_specs/harbor.yaml:27:1: error[SHOP-PIXELS]: harbor would render 233 PNG images for The Game "
            "Crafter, 212.6 million pixels (850 MB uncompressed), more than 200 million pixels: a face for each of "
            "its 232 components; build it anyway with --force\n") in r.err
    assert _outputs(tmp_path / "out") == {}
