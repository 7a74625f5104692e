"""Cards a setup shuffles into one face-down deck share one back design (issue 26): a card with a
back of its own, or none, is known from behind. A rule of the engine for every game — GEM and a
designer's declared game derive their decks from their setup steps, The Jam declares its decks
once — told as DECK-BACKS at the odd card, exit 1. Christmas Tree and Pi mal Pflaumen refuse the
same break under their own codes, and it is not told twice."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import col_of, copy_spec

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "lanterns"
LOCATED = re.compile(r"^(?P<at>\S+:\d+:\d+): error\[(?P<code>[A-Z0-9-]+)\]: (?P<words>.*)$")


def validate(cli, game: str, specs: Path | str = "card_specs"):
    r = cli("validate", game, "--specs", specs)
    assert "Traceback" not in r.out + r.err, r.out + r.err
    return r


def told(r, code: str) -> list[tuple[str, str]]:
    """(FILE:LINE:COL, words) of every `code` error printed."""
    return [(m["at"], m["words"]) for m in map(LOCATED.match, r.out.splitlines()) if m and m["code"] == code]


def at(specs: Path, game: str, line: int, needle: str) -> str:
    return f"card_specs/{game}.yaml:{line}:{col_of(specs, game, line, needle)}"


# -- GEM: its gem cards are shuffled into six face-down piles (its game.yaml's setup) ----------------------

def test_a_gem_card_printed_without_a_back(cli, tmp_path):
    specs, line = copy_spec(tmp_path, "gem", "invest: 4, loan: 6 }", "invest: 4, loan: 6, back: none }")
    r = validate(cli, "gem")
    assert r.code == 1
    assert told(r, "DECK-BACKS") == [(
        at(specs, "gem", line, "none }"),
        "gem 'diamond-3' has no back (back: none), but the other cards the setup shuffles into its face-down deck "
        "(gem) have back 'gem-back': a different back shows which card it is from behind; give it  back: gem-back")]
    assert "gem: 1 error" in r.out


def test_a_gem_card_with_a_back_of_its_own(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "gem", "    kind: emblem\n", "    kind: emblem\n  - { id: odd-back, kind: emblem }\n")
    src = (specs / "gem.yaml").read_text(encoding="utf-8")
    line = src[: src.index("invest: 4, loan: 6 }")].count("\n") + 1
    (specs / "gem.yaml").write_text(src.replace("invest: 4, loan: 6 }", "invest: 4, loan: 6, back: odd-back }", 1),
                                    encoding="utf-8")
    r = validate(cli, "gem")
    assert r.code == 1
    [(where, words)] = told(r, "DECK-BACKS")
    assert where == at(specs, "gem", line, "odd-back }")
    assert words.startswith("gem 'diamond-3' has back 'odd-back', but the other cards")


def test_coins_are_given_open_and_need_no_shared_back(cli, tmp_path):
    """The setup gives the coins face up: no face-down deck holds them."""
    copy_spec(tmp_path, "gem", "{ id: coin-1a, kind: coin, value: 1 }", "{ id: coin-1a, kind: coin, value: 1, back: none }")
    r = validate(cli, "gem")
    assert (r.code, r.out.strip()) == (0, "gem: ok"), r.out


# -- The Jam: its game cards are one deck, each mission kind another (FACE_DOWN in its package) ------------

def test_a_mission_card_with_the_game_card_back(cli, tmp_path):
    old = "{ id: winter-1, kind: mission-winter, back: mission-back,"
    specs, line = copy_spec(tmp_path, "the-jam", old, old.replace("mission-back", "game-back"))
    r = validate(cli, "the-jam")
    assert r.code == 1
    assert told(r, "DECK-BACKS") == [(
        at(specs, "the-jam", line, "game-back,"),
        "mission-winter 'winter-1' has back 'game-back', but the other cards the setup shuffles into its face-down "
        "deck (mission-winter) have back 'mission-back': a different back shows which card it is from behind; "
        "give it  back: mission-back")]


def test_a_mission_card_taking_the_default_back_is_told_at_its_entry(cli, tmp_path):
    """Without a back of its own it takes the spec's `back:` (the game cards'): told at the card,
    not at the spec's `back:` line that seventy-two cards share."""
    old = "{ id: grandma-2, kind: mission-grandma, back: mission-back,"
    specs, line = copy_spec(tmp_path, "the-jam", old, "{ id: grandma-2, kind: mission-grandma,")
    r = validate(cli, "the-jam")
    assert r.code == 1
    [(where, words)] = told(r, "DECK-BACKS")
    assert where == at(specs, "the-jam", line, "{ id: grandma-2")
    assert "mission-grandma 'grandma-2' has back 'game-back'" in words


def test_a_game_card_with_the_mission_back(cli, tmp_path):
    old = "fruit: strawberry, points: 1, ingredient: plum }"
    specs, line = copy_spec(tmp_path, "the-jam", old, old[:-2] + ", back: mission-back }")
    r = validate(cli, "the-jam")
    assert r.code == 1
    [(where, words)] = told(r, "DECK-BACKS")
    assert where == at(specs, "the-jam", line, "mission-back }")
    assert words.startswith("jam 'strawberry-jam-plum' has back 'mission-back', but the other cards the setup "
                            "shuffles into its face-down deck (jam, pie, salad, youngster and bear) have back 'game-back'")


# -- Christmas Tree and Pi mal Pflaumen: their own codes, not told twice -------------------------------------

def test_christmas_tree_keeps_its_own_code(cli, tmp_path):
    copy_spec(tmp_path, "christmas-tree", "id: gold-star-1, kind: bauble,", "id: gold-star-1, kind: bauble, back: cookie-back,")
    r = validate(cli, "christmas-tree")
    assert r.code == 1
    assert [w for _, w in told(r, "CT-BACKS") if "gold-star-1" in w]
    assert not told(r, "DECK-BACKS")


def test_pi_mal_pflaumen_keeps_its_own_code(cli, tmp_path):
    copy_spec(tmp_path, "pi-mal-pflaumen", "{ id: r1-02, kind: fruit, back: caterpillar,", "{ id: r1-02, kind: fruit, back: pupa,")
    r = validate(cli, "pi-mal-pflaumen")
    assert r.code == 1
    assert [w for _, w in told(r, "PMP-BACK") if "r1-02" in w]
    assert not told(r, "DECK-BACKS")


@pytest.mark.parametrize("game", ["the-jam", "gem", "christmas-tree", "pi-mal-pflaumen"])
def test_the_shipped_games_validate(cli, tmp_path, game):
    copy_spec(tmp_path, game)
    r = validate(cli, game)
    assert (r.code, r.out.strip()) == (0, f"{game}: ok"), r.out


# -- a declared game: its decks from its setup steps -------------------------------------------------------

@pytest.fixture
def lanterns(tmp_path) -> Path:
    for part in ("card_specs", "layouts"):
        shutil.copytree(EXAMPLE / part, tmp_path / part)
    return tmp_path / "card_specs" / "lanterns.yaml"


def _edit(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_a_wish_with_the_lanterns_back(cli, lanterns):
    """The wishes are shuffled, three shown and the rest piled face down: one with the lanterns'
    back would be known in the pile."""
    line = _edit(lanterns, "zh-TW: 紫色時光 }, back: wish-back }", "zh-TW: 紫色時光 }, back: lantern-back }")
    r = validate(cli, "lanterns")
    assert r.code == 1
    col = lanterns.read_text(encoding="utf-8").splitlines()[line - 1].index("lantern-back }") + 1
    assert told(r, "DECK-BACKS") == [(
        f"card_specs/lanterns.yaml:{line}:{col}",
        "wish 'wish-violet-4' has back 'lantern-back', but the other cards the setup shuffles into its face-down deck "
        "(wish) have back 'wish-back': a different back shows which card it is from behind; give it  back: wish-back")]


def test_a_lantern_row_with_a_back_of_its_own(cli, lanterns):
    """A table row's back: told at its cell."""
    csv = lanterns.parent / "lanterns.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    rows[0] += ",back"
    rows[1:] = [r + ("," if i != 5 else ",wish-back") for i, r in enumerate(rows[1:], 1)]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    r = validate(cli, "lanterns")
    assert r.code == 1
    [(where, words)] = told(r, "DECK-BACKS")
    assert where == "card_specs/lanterns.csv:6:7"
    assert words.startswith("lantern 'red-5' has back 'wish-back', but the other cards the setup shuffles into its "
                            "face-down deck (lantern) have back 'lantern-back'")


def test_cards_only_shown_face_up_need_no_shared_back(cli, lanterns):
    """All eight wishes laid face up: no face-down deck holds them, so their backs may differ."""
    _edit(lanterns, "{ display: 3, distinct: colour }", "{ display: 8 }")
    _edit(lanterns, "zh-TW: 紫色時光 }, back: wish-back }", "zh-TW: 紫色時光 }, back: lantern-back }")
    r = validate(cli, "lanterns")
    assert not told(r, "DECK-BACKS"), r.out
    assert r.code == 0, r.out
