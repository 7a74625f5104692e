"""The slug line: on every page, outside every piece's bleed and clear of the crop marks, saying
the game, page, side, paper and build options and the pnp version; `--no-slug` leaves it out."""
from __future__ import annotations

import pdfplumber
import pytest
from conftest import MM

from pnp import __version__


def slug_chars(page, entries, bleed_of) -> list[dict]:
    """The chars of slug size (5 pt at most) whose origin lies on the page, outside every piece's
    box grown by its bleed (a board tile's art runs off the page, clipped to the tile)."""
    boxes = [_grown(p["trim_mm"], bleed_of(p)) for e in entries for p in e["pieces"]]
    out = []
    for ch in page.chars:
        x, y = ch["matrix"][4] / MM, ch["matrix"][5] / MM
        on_page = 0 <= x <= float(page.width) / MM and 0 <= y <= float(page.height) / MM
        if ch["size"] <= 5.05 and on_page and not any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in boxes):
            out.append(ch)
    return out


def _grown(trim, b):
    x, y, w, h = trim
    return x - b, y - b, x + w + b, y + h + b


def _char_box(ch, page_h):
    """A char's box in page mm, origin bottom-left."""
    return ch["x0"] / MM, (page_h - ch["bottom"]) / MM, ch["x1"] / MM, (page_h - ch["top"]) / MM


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_slugs(built, game: str) -> list[str]:
    data = built.map
    bleed_of = lambda p: data["templates"][p["template"]]["bleed_mm"]
    by_page: dict[int, list[dict]] = {}
    for e in data["pages"]:
        by_page.setdefault(e["page"], []).append(e)
    found = []
    with pdfplumber.open(built.pdf) as pdf:
        assert len(pdf.pages) == len(by_page)
        total = len(pdf.pages)
        # pdfplumber is slow on art-heavy pages: every page of a short build, else the first
        # four, every 6th and the last (each side and sheet kind among them)
        sample = range(1, total + 1) if total <= 12 else sorted({1, 2, 3, 4, total, *range(1, total + 1, 6)})
        for n in sample:
            page = pdf.pages[n - 1]
            entries = by_page[n]
            side = "fold" if len(entries) == 2 else entries[0]["side"]
            chars = slug_chars(page, entries, bleed_of)
            text = "".join(c["text"] for c in chars)
            assert f"{game} · page {n}/{total} {side} · " in text, (n, text)
            assert f"pnp {__version__}" in text
            h = float(page.height)
            boxes = [_char_box(c, h) for c in chars if c["text"].strip()]
            # nothing of the slug inside a piece's bleed, nor on a crop mark, nor off the printable area
            for e in entries:
                for p in e["pieces"]:
                    grown = _grown(p["trim_mm"], bleed_of(p))
                    assert not any(_overlaps(b, grown) for b in boxes), (n, p["id"])
            marks = [ln for ln in page.lines if ln["linewidth"] <= 0.3 and  # crop and cut-line marks, 0.25 pt
                     max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) <= 6.1 * MM]
            for line in marks:
                lb = (line["x0"] / MM - 0.05, (h - line["bottom"]) / MM - 0.05,
                      line["x1"] / MM + 0.05, (h - line["top"]) / MM + 0.05)
                assert not any(_overlaps(b, lb) for b in boxes), (n, lb)
            m = 5.0 if data["paper"]["name"] == "a4" else 6.35
            W, H = data["paper"]["width_mm"], data["paper"]["height_mm"]
            assert all(b[0] >= m - 0.01 and b[1] >= m - 0.3 and b[2] <= W - m + 0.01 and b[3] <= H - m + 0.3
                       for b in boxes), n
            found.append(text)
    return found


@pytest.mark.parametrize("game, extra", [
    ("the-jam", ()),
    ("the-jam", ("--paper", "letter", "--backs", "gutterfold")),
    ("gem", ("--bleed", "1", "--lang", "zh-TW")),
    ("christmas-tree", ()),
    ("pi-mal-pflaumen", ("--paper", "letter")),
])
@pytest.mark.slow
def test_every_page_says_what_it_is(shipped_build, game, extra):
    built = shipped_build(game, *extra)
    assert built.map["slug"] is True
    texts = check_slugs(built, game)
    paper = built.map["paper"]["name"]
    options = [paper, f"backs {built.map['backs']}", f"bleed {built.map['bleed_mm']:g} mm", built.map["lang"],
               f"edition {built.map['edition']}"]
    # every page has the whole line, or (where the margin is crowded) game, page, side and version
    assert any(all(o in t for o in options) for t in texts)


def test_shapes_game_slugs(shapes_build):
    built = shapes_build()
    check_slugs(built, built.map["game"])


def test_no_slug(cli, tmp_path):
    assert cli("build", "gem", "--out", "out", "--no-slug").code == 0
    import json

    data = json.loads((tmp_path / "out" / "gem.json").read_text())
    assert data["slug"] is False
    with pdfplumber.open(tmp_path / "out" / "gem.pdf") as pdf:
        for page in pdf.pages:
            assert "pnp" not in "".join(c["text"] for c in page.chars)


def test_the_slug_names_the_back_turn_and_the_printer(cli, tmp_path):
    """A sheet printed with a correction says so on the sheet itself."""
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out, "--back-offset=0.5,-1", "--back-rotate", "-0.4").code == 0
    with pdfplumber.open(out / "gem.pdf") as pdf:
        text = "".join(c["text"] for c in pdf.pages[0].chars if c["size"] <= 5.05)
    assert "back offset 0.5,-1 · back turn -0.4° · pnp" in text, text
