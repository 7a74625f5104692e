"""The declared language as The Jam grew it, for any designer's game: a rule over a list of kinds
(`kind: [a, b]`; an every rule's `fields: [kind]` counts each kind apart), a setup step's
`variant:` as a list, a deal `by_kind` (each kind dealt apart, and each its own face-down deck),
`id: true` fields, and a list's items that know where they stand. Each misuse is a located
DECLARE-* error."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.diagnostics import Report
from pnp.games.declared import declare
from pnp.load.yamlload import load

GAME = """\
game: tea
name: Tea
players: [2, 3]
variants: [quick, long]
kinds:
  cup:
    flavour: { choice: [mint, rose] }
    points: { int: [0, 9] }
  pot:
    flavour: { choice: [mint, rose] }
    points: { int: [0, 9], legal: [5] }
  order:
    wants: { list: { id: true }, min: 1, max: 3 }
  menu:
    dish: { id: true }
rules:
  - code: CUPS-AND-POTS
    count: { kind: [cup, pot] }
    exactly: 4
  - code: EACH-KIND
    every: { kind: [cup, pot], fields: [kind] }
    exactly: 2
    total: ALL
  - code: POT-POINTS
    each: { kind: [cup, pot], field: points }
    at_most: 5
setup:
  - shuffle: [cup, pot]
  - deal: 1
    by_kind: true
    name: tea
    variant: [default, quick]
  - pile: rest
components:
  - { id: mint-cup, kind: cup, flavour: mint, points: 1 }
  - { id: rose-cup, kind: cup, flavour: rose, points: 2 }
  - { id: mint-pot, kind: pot, flavour: mint, points: 5 }
  - { id: rose-pot, kind: pot, flavour: rose, points: 5 }
  - { id: o1, kind: order, wants: [green-tea, black-tea] }
"""


def declared(tmp_path: Path, text: str = GAME):
    from pnp.load.spec import read_spec

    path = tmp_path / "tea.yaml"
    path.write_text(text, encoding="utf-8")
    root = load(path, "tea.yaml")
    report = Report()
    game = declare(root, "tea", None, report)
    spec = None
    if game is not None and not report.errors:
        spec, read = read_spec(root, path, game, "tea.yaml")
        report.extend(read)
    return game, spec, report


def codes(report: Report) -> list[tuple[str, int, int]]:
    return [(d.code, d.loc.line, d.loc.col) for d in report.sorted()]


def checked(tmp_path, text=GAME) -> Report:
    game, spec, report = declared(tmp_path, text)
    assert game is not None and spec is not None, codes(report)
    game.validate(spec, report)
    return report


def test_a_deck_that_keeps_every_rule(tmp_path):
    assert codes(checked(tmp_path)) == []


def test_a_count_over_several_kinds_counts_them_together(tmp_path):
    text = GAME.replace("  - { id: rose-pot, kind: pot, flavour: rose, points: 5 }\n", "")
    found = [c for c, *_ in codes(checked(tmp_path, text))]
    assert "CUPS-AND-POTS" in found and "EACH-KIND" in found and "ALL" in found


def test_every_kind_apart_blames_the_copy_too_many(tmp_path):
    text = GAME.replace("flavour: rose, points: 2 }", "flavour: rose, points: 2, count: 2 }")
    report = checked(tmp_path, text)
    line = text[: text.index("count: 2")].count("\n") + 1
    col = len(text[: text.index("2 }", text.index("count: 2"))].rsplit("\n", 1)[-1]) + 1
    assert ("EACH-KIND", line, col) in codes(report)
    words = next(d.message for d in report.sorted() if d.code == "EACH-KIND")
    assert "kind cup" in words and "expected 2" in words


def test_each_over_several_kinds_judges_each_card_by_its_own_kind(tmp_path):
    text = GAME.replace("flavour: mint, points: 5 }", "flavour: mint, points: 7 }")
    found = codes(checked(tmp_path, text))
    assert [c for c, *_ in found if c == "POT-POINTS"] == ["POT-POINTS"]


def test_a_list_item_knows_its_location(tmp_path):
    _, spec, _ = declared(tmp_path)
    wants = next(c for c in spec.components if c.id == "o1")["wants"]
    assert wants == ["green-tea", "black-tea"]
    at = GAME.index("green-tea")
    line, col = GAME[:at].count("\n") + 1, at - GAME.rfind("\n", 0, at)
    assert [(w.loc.line, w.loc.col) for w in wants] == [(line, col), (line, col + len("green-tea, "))]


def test_an_id_field_takes_an_id_only(tmp_path):
    text = GAME.replace("wants: [green-tea, black-tea]", "wants: [Green Tea]")
    _, spec, report = declared(tmp_path, text)
    assert any(c == "SPEC-VALUE" or c.startswith("SPEC-") for c, *_ in codes(report))


@pytest.mark.parametrize("players,variant,each", [(2, None, 1), (2, "quick", 1), (2, "long", 0)])
def test_a_deal_by_kind_deals_every_kind_apart_in_the_variants_named(tmp_path, players, variant, each):
    game, spec, _ = declared(tmp_path)
    data = game.setup(spec, players, 1, variant).data
    for seat, own in data["private"].items():
        kinds = sorted(c["kind"] for c in own.get("tea", []))
        assert kinds == (["cup", "pot"] if each else []), (seat, own)


def test_a_deal_by_kind_makes_a_face_down_deck_of_each_kind(tmp_path):
    game, spec, _ = declared(tmp_path)
    decks = {tuple(sorted(c.kind for c in deck)) for deck in game.declared.face_down_decks(spec)}
    assert ("cup", "cup") in decks and ("pot", "pot") in decks


MISUSES = [
    ("count: { kind: [cup, pot] }", "count: { kind: [cup, kettle] }", "DECLARE-KIND", "kettle"),
    ("count: { kind: [cup, pot] }", "count: { kind: [cup, cup] }", "DECLARE-KIND", "[cup, cup]"),
    ("every: { kind: [cup, pot], fields: [kind] }", "every: { kind: [cup, pot], fields: [flavour] }",
     "DECLARE-FIELD", "[flavour]"),
    ("each: { kind: [cup, pot], field: points }", "each: { kind: [cup, order], field: points }",
     "DECLARE-FIELD", "points }"),
    ("variant: [default, quick]", "variant: [default, slow]", "DECLARE-VARIANT", "slow"),
    ("    by_kind: true\n", "    by_kind: yes please\n", "DECLARE-KEY", "yes please"),
    ("  - pile: rest\n", "  - pile: rest\n    by_kind: true\n", "DECLARE-KEY", "by_kind: true\n"),
    ("dish: { id: true }", "dish: { id: false }", "DECLARE-TYPE", "false }"),
]


@pytest.mark.parametrize("old,new,code,needle", MISUSES, ids=[m[2] + "-" + m[3].strip() for m in MISUSES])
def test_a_misuse_is_a_located_error(tmp_path, old, new, code, needle):
    assert old in GAME
    text = GAME.replace(old, new, 1)
    game, _, report = declared(tmp_path, text)
    at = text.index(needle, text.index(new))
    line = text[:at].count("\n") + 1
    col = at - text.rfind("\n", 0, at)
    assert (code, line, col) in codes(report), codes(report)
