"""A value the rules fix is printed from the rules, so the print and `pnp score` agree: the Bear
is worth 10 and Karlsman 7 (rules.SPECIALS). A spec that says otherwise breaks a rule (exit 1);
`build --force` then still prints the rules' value — before, it printed the spec's 12 while
`pnp score` counted 10."""
import json
from pathlib import Path

import pdfplumber
from conftest import SPECS_DIR, copy_spec, text_in


def test_a_forced_build_prints_the_bears_points_from_the_rules(cli, tmp_path):
    specs, line = copy_spec(tmp_path, "the-jam", "kind: bear, points: 10", "kind: bear, points: 12")
    r = cli("validate", "the-jam", "--specs", specs)
    assert r.code == 1 and "JAM-SPECIAL-POINTS" in r.out + r.err
    r = cli("build", "the-jam", "--force", "--specs", specs, "--out", tmp_path / "o")
    assert r.code == 0, r.err
    built = json.loads((tmp_path / "o" / "the-jam.json").read_text(encoding="utf-8"))
    found = [(n, p) for n, e in enumerate(built["pages"]) for p in e["pieces"]
             if p["id"] in ("bear", "youngster") and e["side"] == "front"]
    assert sorted(p["id"] for _, p in found) == ["bear", "youngster"]
    with pdfplumber.open(tmp_path / "o" / "the-jam.pdf") as pdf:
        printed = {p["id"]: text_in(pdf.pages[n], p["trim_mm"]).replace(" ", "") for n, p in found}
    assert "10" in printed["bear"] and "12" not in printed["bear"]
    assert "7" in printed["youngster"]
    game = tmp_path / "game.yaml"
    game.write_text("game: the-jam\nplayers:\n  Ada: { table: [Bear] }\n  Ben: { table: [Karlsman] }\n",
                    encoding="utf-8")
    r = cli("score", "the-jam", game, "--specs", specs)
    assert r.code == 1 and "cannot score with a spec that has errors" in r.err  # the spec's 12 is not scored
    example = Path(__file__).parents[3] / "examples" / "the-jam-game.yaml"  # Ada has Karlsman, Ben the Bear
    r = cli("score", "the-jam", example, "--format", "json", "--specs", SPECS_DIR)  # the shipped spec: as printed
    assert r.code == 0, r.err
    specials = {p: [(s["card"], s["points"]) for s in v["special_cards"]] for p, v in r.json()["players"].items()}
    assert specials["Ada"] == [("youngster", 7)] and specials["Ben"] == [("bear", 10)]
