"""What the declared language gained for Pi mal Pflaumen, on a small game of its own ("orchard"):
record and plain fields, choices on an int field's legal values and a bool's, named variants, a
total in the designer's words, `where` on an optional field's presence, setup steps whose `where`
is per player count or any of several, shuffle and place of matching cards, {listed} and per-kind
numbers in a step's text, texts over lines and continuing a paragraph, `each_card`, `counted`
supplies — and a located DECLARE-* error for each misuse."""
from __future__ import annotations

from pathlib import Path

import pytest

from declared_kit import no_traceback

ORCHARD = """\
game: orchard
name: { en: Orchard, zh-TW: 果園 }
players: [2, 3]
variants:
  expert: { name: { en: expert variant, zh-TW: 專家變體 } }
kinds:
  fruit:
    round: { int: [0, 9], legal: [1, 2] }
    number: { int: [0, 99], legal: [1, 2, 3, 4, 5, 6] }
    mix: { record: { pattern: { plain: 9 }, points: { int: [1, 9] } }, required: false }
  token: {}
  marker:
    position: { int: [0, 9], legal: [1, 2, 3] }
    star: { bool: true }
choices:
  round:
    1: { numeral: I }
    2: { numeral: II }
  star:
    true: { name: { en: " (star)", zh-TW: （星） } }
    false: { name: "" }
names:
  fruit: "Fruit {number} ({round.numeral})"
  marker: { en: "Marker {position}{star.name}", zh-TW: "標記 {position}{star.name}" }
rules:
  - code: ROUND-CARDS
    every: { kind: fruit, fields: [round] }
    exactly: 6
    total: { code: FRUIT-CARDS, message: "{total} fruit cards, expected {expected} ({each} in each of {how_many} rounds)" }
  - code: SOME-MIX
    count: { kind: fruit, where: { mix: { present: true } } }
    at_least: 1
setup:
  - remove: { kind: fruit, where: { round: 1, number: &gone { 2: [5, 6], 3: [] } } }
    text: { en: "Removed:\\n  round I: {listed}", zh-TW: "移除：\\n  第 1 輪：{listed}" }
  - remove: { kind: fruit, where: { round: 2, number: *gone } }
    text: { en: "  round II: {listed}", zh-TW: "  第 2 輪：{listed}" }
  - place:
      kind: marker
      where:
        - { star: false, position: { 2: [1], 3: [1, 2] } }
        - { star: true, position: { 2: 2, 3: 3 } }
    name: markers
    text: "Markers: {listed}"
  - place: [token]
    name: supply
    counted: [token]
    text: "Supply: {cards.token} tokens"
  - shuffle: { kind: fruit, where: { round: 2 } }
  - pile: { en: round II, zh-TW: 第 2 輪 }
  - shuffle: { kind: fruit, where: { round: 1 } }
  - deal: 2
    each_card: { en: "hand: {card}", zh-TW: "手牌：{card}" }
components:
  - { id: a1, kind: fruit, round: 1, number: 1, mix: { pattern: AB, points: 2 } }
  - { id: a2, kind: fruit, round: 1, number: 2 }
  - { id: a3, kind: fruit, round: 1, number: 3 }
  - { id: a4, kind: fruit, round: 1, number: 4 }
  - { id: a5, kind: fruit, round: 1, number: 5 }
  - { id: a6, kind: fruit, round: 1, number: 6 }
  - { id: b1, kind: fruit, round: 2, number: 1 }
  - { id: b2, kind: fruit, round: 2, number: 2 }
  - { id: b3, kind: fruit, round: 2, number: 3 }
  - { id: b4, kind: fruit, round: 2, number: 4 }
  - { id: b5, kind: fruit, round: 2, number: 5 }
  - { id: b6, kind: fruit, round: 2, number: 6 }
  - { id: chip, kind: token, count: 10 }
  - { id: m1, kind: marker, position: 1, star: false }
  - { id: m2, kind: marker, position: 2, star: false }
  - { id: m2s, kind: marker, position: 2, star: true }
  - { id: m3s, kind: marker, position: 3, star: true }
"""


LAYOUT = """\
default: standard
editions:
  standard:
    card: { width: 63mm, height: 88mm }
    boxes:
      title: { x: 5mm, y: 70mm, width: 53mm, height: 12mm, text: 12pt }
faces:
  fruit:
    - { text: "{number}", box: title }
  token:
    - { text: "Token", box: title }
  marker:
    - { text: "{position}", box: title }
"""


@pytest.fixture
def orchard(tmp_path) -> Path:
    for folder, text in (("card_specs", ORCHARD), ("layouts", LAYOUT)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "orchard.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "card_specs"


def edit(specs: Path, old: str, new: str) -> int:
    path = specs / "orchard.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def run(cli, *args):
    r = cli(*args)
    no_traceback(r)
    return r


def test_the_orchard_validates_and_names_its_cards(cli, orchard):
    r = run(cli, "validate", "orchard", "--specs", orchard)
    assert (r.code, r.out.strip()) == (0, "orchard: ok"), r.out
    listed = run(cli, "list", "orchard", "--specs", orchard, "--format", "json").json()["components"]
    a1 = next(c for c in listed if c["id"] == "a1")
    assert a1["mix"] == {"pattern": "AB", "points": 2}  # a record, its plain text as written


@pytest.mark.parametrize("players, removed, markers", [(2, ["a5", "a6", "b5", "b6"], ["m1", "m2s"]),
                                                       (3, [], ["m1", "m2", "m3s"])])
def test_the_deal_follows_the_player_count(cli, orchard, players, removed, markers):
    d = run(cli, "setup", "orchard", "--specs", orchard, "--players", players, "--seed", 1, "--format", "json").json()
    pub = d["public"]
    assert [c["id"] for c in pub["removed"]] == removed  # where: number per player count
    assert [c["id"] for c in pub["markers"]] == markers  # where: any of two mappings
    assert pub["supply"] == {"token": 10}  # counted: how many, not each card
    assert pub["piles"] == {"round II": 6 - len(removed) // 2}  # shuffle: only round II's cards
    hands = [c for own in d["private"].values() for c in own["hand"]]
    assert len(hands) == 2 * players and all(c["round"] == 1 for c in hands)


def test_the_text_lists_counts_continues_and_tells_a_hand_one_card_a_line(cli, orchard):
    r = run(cli, "setup", "orchard", "--specs", orchard, "--players", 2, "--seed", 1, "--variant", "expert")
    assert r.code == 0, r.err
    out = r.out
    assert out.startswith("Orchard for 2 players (seed 1, expert variant)")  # a named variant
    assert "Removed:\n  round I: Fruit 5 (I) [a5], Fruit 6 (I) [a6]\n  round II: Fruit 5 (II) [b5]" in out
    assert "Markers: Marker 1 [m1], Marker 2 (star) [m2s]\n" in out and "Supply: 10 tokens" in out
    assert "set aside (out of the game)" not in out  # the remove steps listed them
    assert "on the table, for everyone: Marker" not in out  # the markers' text listed them
    assert "on the table, for everyone: 10 × chip [chip]" in out  # the supply's only counted them
    assert sum(line.startswith("  hand: Fruit ") for line in out.splitlines()) == 4
    zh = run(cli, "setup", "orchard", "--specs", orchard, "--players", 3, "--seed", 1, "--lang", "zh-TW").out
    assert "  第 1 輪：無" in zh and "標記 3（星） [m3s]" in zh and zh.count("  手牌：") == 6


def test_a_total_in_the_designers_words_and_a_missing_mix(cli, orchard):
    edit(orchard, "  - { id: b6, kind: fruit, round: 2, number: 6 }\n", "")
    edit(orchard, "number: 1, mix: { pattern: AB, points: 2 } }", "number: 1 }")
    r = run(cli, "validate", "orchard", "--specs", orchard, "--format", "json")
    diags = {d["code"]: d["message"] for d in r.json()["games"]["orchard"]["diagnostics"]}
    assert diags["FRUIT-CARDS"] == "11 fruit cards, expected 12 (6 in each of 2 rounds)"
    assert "SOME-MIX" in diags and "ROUND-CARDS" in diags


@pytest.mark.parametrize("old, new, code, words", [
    ("pattern: { plain: 9 }", "pattern: { image: true }", "DECLARE-TYPE", "a record holds plain values"),
    ("    name: markers\n", "    name: markers\n    each_card: \"{card}\"\n", "DECLARE-KEY",
     "'each_card' belongs to a deal step"),
    ("    counted: [token]\n", "    counted: [marker]\n", "DECLARE-KIND", "the step does not place"),
    ("&gone { 2: [5, 6], 3: [] }", "&gone { 2: [5, 6] }", "DECLARE-RANGE", "for each of 2 or 3 players"),
    ("Supply: {cards.token} tokens", "Supply: {cards.tokn} tokens", "DECLARE-MESSAGE", "{cards.tokn}"),
    ("code: FRUIT-CARDS, message:", "code: FRUIT-CARDS, words:", "DECLARE-KEY", "unknown key 'words' in 'total'"),
    ("expert: { name: { en: expert variant, zh-TW: 專家變體 } }", "expert: { title: Expert }", "DECLARE-VARIANT",
     "expected { name: { en: …, zh-TW: … } }"),
    ("    1: { numeral: I }", "    4: { numeral: IV }", "DECLARE-CHOICE", "'4' is not a value of 'round'"),
])
def test_each_misuse_is_a_located_declare_error(cli, orchard, old, new, code, words):
    line = edit(orchard, old, new)
    r = run(cli, "validate", "orchard", "--specs", orchard, "--format", "json")
    assert r.code == 2
    found = [d for d in r.json()["games"]["orchard"]["diagnostics"] if d["code"] == code]
    assert any(words in d["message"] for d in found), found
    assert any(d["line"] >= line - 3 for d in found)
