"""More cards per sheet: after a build, one line when a smaller bleed (at least 1 mm) or the other
paper would hold more of the game's most numerous piece, and nothing when nothing would."""
from __future__ import annotations

import json

from pnp.imposition.fitting import _steps


def per_sheet(path) -> int:
    data = json.loads(path.read_text())
    return max(len(e["pieces"]) for e in data["pages"] if e["side"] == "front")


def test_the_jam_on_letter_says_what_fits_more(cli, tmp_path):
    r = cli("build", "the-jam", "--out", "out", "--paper", "letter")
    assert r.code == 0
    assert "the-jam: 6 cards per letter sheet at 3 mm bleed; 8 with --bleed 1, 8 on --paper a4\n" in r.out
    assert per_sheet(tmp_path / "out" / "the-jam.json") == 6
    # and the options it names do hold that many
    assert cli("build", "the-jam", "--out", "b1", "--paper", "letter", "--bleed", "1").code == 0
    assert per_sheet(tmp_path / "b1" / "the-jam.json") == 8
    assert cli("build", "the-jam", "--out", "a4").code == 0
    assert per_sheet(tmp_path / "a4" / "the-jam.json") == 8


def test_nothing_is_said_when_nothing_fits_more(cli):
    r = cli("build", "the-jam", "--out", "out")  # A4, 3 mm: 8 cards, and 1 mm or Letter hold no more
    assert r.code == 0
    assert "per a4 sheet" not in r.out and "--bleed 1" not in r.out
    r = cli("build", "the-jam", "--out", "out", "--paper", "letter", "--bleed", "1")
    assert r.code == 0 and "per letter sheet" not in r.out  # never below 1 mm


def test_json_says_it_too(cli):
    r = cli("build", "the-jam", "--out", "out", "--paper", "letter", "--format", "json")
    more = r.json()["games"]["the-jam"]["more_per_sheet"]
    assert more == {"template": "card", "per_sheet": 6, "paper": "letter", "bleed_mm": 3.0,
                    "smaller_bleed": {"bleed_mm": 1.0, "per_sheet": 8},
                    "other_paper": [{"paper": "a4", "per_sheet": 8}]}


def test_bleeds_tried():
    assert _steps(3.0) == [1.0, 1.5, 2.0, 2.5]
    assert _steps(1.0) == [] and _steps(0.0) == []
    assert _steps(2.2) == [1.0, 1.5, 2.0]
