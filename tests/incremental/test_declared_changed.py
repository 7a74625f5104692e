"""--changed on a declared game: a row edited in its table reprints that card's sheet; a face
element edited in its layout reprints every card of that kind; nothing edited, nothing printed."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(EXAMPLE, tmp_path / "game")
    return tmp_path / "game" / "card_specs"


def _reprinted(cli, specs, out) -> set[str]:
    r = cli("build", "lanterns", "--specs", specs, "--out", out, "--changed", "--format", "json")
    assert r.code == 0, r.err
    reprint = out / "lanterns-reprint.json"
    if not reprint.exists():
        return set()
    pages = json.loads(reprint.read_text())["pages"]
    return {p["id"] for e in pages if e["side"] == "front" for p in e["pieces"]}


def test_a_table_row_or_a_face_edited_reprints_what_it_changes(cli, tmp_path):
    specs, out = _copy(tmp_path), tmp_path / "out"
    assert cli("build", "lanterns", "--specs", specs, "--out", out).code == 0
    assert _reprinted(cli, specs, out) == set()

    table = specs / "lanterns.csv"
    table.write_text(table.read_text().replace("jade-4,jade,4,Jade Peony", "jade-4,jade,4,Jade Orchid"))
    held = _reprinted(cli, specs, out)
    assert "jade-4" in held and all(not i.startswith("wish") for i in held)  # only jade-4's sheet

    layout = specs.parent / "layouts" / "lanterns.yaml"
    layout.write_text(layout.read_text().replace('- { ellipse: glow, fill: "{colour.light}" }',
                                                 '- { ellipse: glow, fill: "#ffffff" }', 1))
    held = _reprinted(cli, specs, out)
    lanterns = {f"{c}-{v}" for c in ("red", "gold", "jade", "violet") for v in range(1, 11)}
    assert lanterns <= held  # the lantern face changed: every lantern's sheet


def test_a_colour_changed_in_choices_reprints_only_the_cards_of_that_colour(cli, tmp_path):
    """A choice's attribute is read by the faces of the cards holding that value: a new gold
    reprints the gold lanterns and the gold wishes, no red, jade or violet card."""
    specs, out = _copy(tmp_path), tmp_path / "out"
    assert cli("build", "lanterns", "--specs", specs, "--out", out).code == 0
    spec = specs / "lanterns.yaml"
    text = spec.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("gold:"))
    old = line.split('colour: "')[1].split('"')[0]
    spec.write_text(text.replace(line, line.replace(f'colour: "{old}"', 'colour: "#aa7700"', 1)), encoding="utf-8")
    r = cli("build", "lanterns", "--specs", specs, "--out", out, "--changed", "--format", "json")
    assert r.code == 0, r.err
    changed = set(r.json()["games"]["lanterns"]["cards"])
    assert changed == {f"gold-{v}" for v in range(1, 11)} | {"wish-gold-2", "wish-gold-4"}, changed
