"""Deals that never lie (issue 26, its setup parts), on small declared games written here: a
Coloretto-like game (row cards laid out before the colour cards are shuffled, a last-round card
without a colour, chips and a scoreboard no step names) and a Hanabi-like one (hands held facing
the others). What a user sees is asserted: the cards dealt, the printed lines, the JSON, exit
codes and located diagnostics."""
from __future__ import annotations

import re

import pytest

from declared_kit import Game, codes, lines_of, no_traceback, one

CHROMA = "card_specs/chroma.yaml"
FIRE = "card_specs/fireworks.yaml"
WARNING = re.compile(r"^(?P<at>[^:\s]+:\d+:\d+): warning\[(?P<code>[A-Z0-9-]+)\]: (?P<said>.*)$")

# Coloretto, small: five colours of six, one last-round card with no colour, five row cards (one
# a player), 11 chips and a scoreboard that no step names.
CHROMA_SPEC = """\
game: chroma
name: { en: Chroma, zh-TW: 變色龍 }
players: [3, 4, 5]
variants: [quick]
kinds:
  card:
    colour: { choice: [orange, blue, brown, yellow, green], required: false }
    label: { text: 20 }
  row: {}
  bonus: {}
  chip: {}
  board: {}
  back: {}
back_kinds: [back]
names:
  card: "{label}"
  row: { en: Row card, zh-TW: 列卡 }
  bonus: { en: Bonus, zh-TW: 獎勵 }
  chip: { en: Chip, zh-TW: 籌碼 }
  board: { en: Scoreboard, zh-TW: 計分板 }
back: b
backs:
  - { id: b, kind: back }
components:
  - { id: orange, kind: card, colour: orange, label: Orange, count: 6 }
  - { id: blue, kind: card, colour: blue, label: Blue, count: 6 }
  - { id: brown, kind: card, colour: brown, label: Brown, count: 6 }
  - { id: yellow, kind: card, colour: yellow, label: Yellow, count: 6 }
  - { id: green, kind: card, colour: green, label: Green, count: 6 }
  - { id: last-round, kind: card, label: Last round }
  - { id: row, kind: row, count: 5 }
  - { id: bonus, kind: bonus, count: 2 }
  - { id: chip, kind: chip, count: 11 }
  - { id: scoreboard, kind: board }
setup:
  - { shuffle: [row] }
  - { display: { 3: 3, 4: 4, 5: 5 }, name: rows, text: "Lay one row card for each player:" }
  - { shuffle: [card] }
  - { display: 4, distinct: colour }
  - { pile: draw }
"""

# Hanabi, small: two colours of 1 to 5, hands held facing the others, clue tokens no step names.
FIRE_SPEC = """\
game: fireworks
name: { en: Fireworks, zh-TW: 煙火 }
players: [2, 3, 4]
variants: [rainbow]
kinds:
  firework:
    colour: { choice: [red, blue] }
    value: { int: [1, 5] }
  token: {}
  back: {}
back_kinds: [back]
names:
  firework: "{colour} {value}"
  token: Clue token
back: b
backs:
  - { id: b, kind: back }
components:
  - { id: red-1, kind: firework, colour: red, value: 1 }
  - { id: red-2, kind: firework, colour: red, value: 2 }
  - { id: red-3, kind: firework, colour: red, value: 3 }
  - { id: red-4, kind: firework, colour: red, value: 4 }
  - { id: red-5, kind: firework, colour: red, value: 5 }
  - { id: blue-1, kind: firework, colour: blue, value: 1 }
  - { id: blue-2, kind: firework, colour: blue, value: 2 }
  - { id: blue-3, kind: firework, colour: blue, value: 3 }
  - { id: blue-4, kind: firework, colour: blue, value: 4 }
  - { id: blue-5, kind: firework, colour: blue, value: 5 }
  - { id: clue, kind: token, count: 8 }
setup:
  - { shuffle: [firework] }
  - { deal: 3, seen_by: others }
  - { pile: draw }
"""


def layout(spec: str) -> str:
    """A layout with a plain face for every kind the spec declares (and a back for `back`)."""
    kinds = re.findall(r"^  ([a-z][a-z-]*):", spec.split("kinds:\n", 1)[1].split("\nback_kinds", 1)[0], re.M)
    faces = "".join(f"  {k}: [{{ rect: all, fill: \"#ffffff\" }}]\n" for k in kinds if k != "back")
    return ("default: standard\neditions:\n  standard:\n    card: { width: 63mm, height: 88mm }\n    boxes: {}\n"
            f"faces:\n{faces}backs:\n  back: [{{ rect: all, fill: \"#202020\" }}]\n")


def declared(tmp_path, rel: str, spec: str, *edits: tuple[str, str]) -> Game:
    """The game `spec` in tmp_path (the folder the `cli` fixture runs in), each (old, new) edit
    applied once, with a layout of plain faces."""
    for old, new in edits:
        assert old in spec, f"{old!r} not in the spec"
        spec = spec.replace(old, new, 1)
    game_id = rel.split("/")[-1].split(".")[0]
    for folder in ("card_specs", "layouts"):
        (tmp_path / folder).mkdir(exist_ok=True)
    g = Game(tmp_path)
    g.write(rel, spec)
    g.write(f"layouts/{game_id}.yaml", layout(spec))
    return g


def run(cli, game_id: str, players: int, *extra, seed: int = 1):
    r = cli("setup", game_id, "--players", players, "--seed", seed, "--specs", "card_specs", *extra)
    no_traceback(r)
    assert r.code == 0, r.out + r.err
    return r


def dealt(cli, game_id: str, players: int, *extra, seed: int = 1) -> dict:
    return run(cli, game_id, players, "--format", "json", *extra, seed=seed).json()


def validate(cli, game_id: str):
    r = cli("validate", game_id, "--specs", "card_specs")
    no_traceback(r)
    return r


def warnings(r) -> list[re.Match]:
    return [m for m in (WARNING.match(x) for x in lines_of(r)) if m]


def ids(cards) -> list[str]:
    return [c["id"] for c in cards]


def paragraphs(text: str) -> list[list[str]]:
    """The public part of a printed setup, as its paragraphs (runs of lines between blank lines)."""
    public = text.split("\n---", 1)[0]
    return [p.splitlines() for p in public.strip("\n").split("\n\n")]


# -- 1. distinct: FIELD never takes a card without FIELD; a deal takes distinct too -------------------------

def test_a_distinct_display_never_shows_a_card_without_the_field(cli, tmp_path):
    """The last-round card has no colour: it is not one of the four distinct colours."""
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("label: Last round }", "label: Last round, count: 12 }"))
    deals = 0
    for seed in range(1, 16):
        table = dealt(cli, "chroma", 3, seed=seed)["public"]["table"]
        assert len(table) == 4
        assert all(c.get("colour") for c in table), (seed, ids(table))
        assert len({c["colour"] for c in table}) == 4
        deals += 1
    assert deals == 15


def test_a_deal_may_be_distinct_and_never_deals_a_card_without_the_field(cli, tmp_path):
    """Coloretto: each player starts with one colour no one else has (the last-round card is none)."""
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("label: Last round }", "label: Last round, count: 12 }"),
             ("  - { display: 4, distinct: colour }\n", "  - { deal: 1, distinct: colour }\n"))
    assert validate(cli, "chroma").code == 0
    for seed in range(1, 11):
        hands = dealt(cli, "chroma", 5, seed=seed)["private"]
        starts = [c.get("colour") for h in hands.values() for c in h["hand"]]
        assert len(starts) == 5 and all(starts) and len(set(starts)) == 5, (seed, starts)


def test_a_distinct_deal_the_deck_has_too_few_values_for(cli, tmp_path):
    g = declared(tmp_path, CHROMA, CHROMA_SPEC, ("  - { display: 4, distinct: colour }\n", "  - { deal: 2, distinct: colour }\n"))
    r = cli("setup", "chroma", "--players", 3, "--seed", 1, "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 1 and r.out == ""
    line = g.line_of(CHROMA, "{ deal: 2, distinct: colour }")
    assert f"setup step 4 (deal, line {line}) deals 2 to each of 3 players all different in colour, but the deck has " \
           "only 5 different" in r.err, r.err


def test_distinct_belongs_to_a_display_or_a_deal(cli, tmp_path):
    g = declared(tmp_path, CHROMA, CHROMA_SPEC, ("{ pile: draw }", "{ pile: draw, distinct: colour }"))
    r = validate(cli, "chroma")
    assert r.code == 2
    one(r, "DECLARE-KEY", g.at(CHROMA, "distinct", after="pile: draw"),
        "'distinct' belongs to a display or deal step, not setup step 5")


# -- 2. cards an earlier step left, shuffled in by a later shuffle: a located warning -----------------------

def test_row_cards_left_in_the_deck_a_later_shuffle_adds_to_are_a_warning_at_that_shuffle(cli, tmp_path):
    g = declared(tmp_path, CHROMA, CHROMA_SPEC)
    r = validate(cli, "chroma")
    assert r.code == 0, r.out + r.err  # a warning: the game is still valid
    found = warnings(r)
    assert [w["code"] for w in found] == ["DECLARE-LEFTOVER"] and codes(r) == ["DECLARE-LEFTOVER"]
    assert found[0]["at"] == g.at(CHROMA, "{ shuffle: [card] }")  # at the later shuffle, its line
    said = found[0]["said"]
    assert said.startswith("setup step 3 (shuffle) adds the card cards to a deck that still holds the row cards "
                           "setup step 1 left (2 with 3 players, 1 with 4 players)"), said
    assert "pile" in said  # what to do: lay them out with a pile step
    assert "5 players" not in said  # five row cards for five players: none left


def test_the_leftover_warning_is_told_for_the_player_counts_and_variants_it_happens_with(cli, tmp_path):
    """The quick game lays out two row cards whatever the player count: three are left."""
    g = declared(tmp_path, CHROMA, CHROMA_SPEC, ("{ display: { 3: 3, 4: 4, 5: 5 }, name: rows,",
                                                 "{ display: { 3: 3, 4: 4, 5: 5 }, variant: default, name: rows,"),
                 ("  - { shuffle: [card] }\n", "  - { display: 2, variant: quick }\n  - { shuffle: [card] }\n"))
    found = warnings(validate(cli, "chroma"))
    assert len(found) == 1 and found[0]["at"] == g.at(CHROMA, "{ shuffle: [card] }")
    said = found[0]["said"]
    assert said.startswith("setup step 4 (shuffle)") and "left by" not in said
    assert "the row cards setup step 1 left (2 with 3 players without a variant, 1 with 4 players without a variant, "\
           "3 in the quick variant)" in said, said


@pytest.mark.parametrize("edit", [
    ("  - { shuffle: [card] }\n", "  - { pile: spare rows, players: [3, 4] }\n  - { shuffle: [card] }\n"),  # laid out
    ("{ display: { 3: 3, 4: 4, 5: 5 },", "{ display: 5,"),  # every row card taken
    ("  - { shuffle: [row] }\n  - { display: { 3: 3, 4: 4, 5: 5 }, name: rows, text: \"Lay one row card for each player:\" }\n",
     "  - { shuffle: [row] }\n"),  # nothing taken from the rows: a deck of both, shuffled on purpose
])
def test_no_warning_when_nothing_is_left_or_the_deck_is_one_on_purpose(cli, tmp_path, edit):
    declared(tmp_path, CHROMA, CHROMA_SPEC, edit)
    r = validate(cli, "chroma")
    assert r.code == 0 and warnings(r) == [], r.out + r.err
    assert r.out.strip() == "chroma: ok"


# -- 3. seen_by: owner | others | all ------------------------------------------------------------------------

def test_hands_seen_by_the_others_are_not_in_the_holders_private_part(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC)
    d = dealt(cli, "fireworks", 3)
    facing = {s: ids(h["hand"]) for s, h in d["seen_by_others"].items()}
    assert list(facing) == ["player 1", "player 2", "player 3"] and all(len(h) == 3 for h in facing.values())
    assert all(not any(own.values()) for own in d["private"].values())  # nothing only its holder sees
    assert d["public"]["piles"] == {"draw": 1}


@pytest.mark.parametrize("k", [1, 2, 3])
def test_player_k_sees_every_other_hand_and_not_their_own(cli, tmp_path, k):
    declared(tmp_path, FIRE, FIRE_SPEC)
    whole = dealt(cli, "fireworks", 3)["seen_by_others"]
    me = f"player {k}"
    mine = dealt(cli, "fireworks", 3, "--player", k)
    assert mine["for_player"] == k and "hidden" not in mine
    assert mine["seen_by_others"][me] == {"hand": 3}  # how many, not which
    assert {s: h for s, h in mine["seen_by_others"].items() if s != me} == \
           {s: h for s, h in whole.items() if s != me}
    text = run(cli, "fireworks", 3, "--player", k).out
    for seat, hand in whole.items():
        n = seat.split()[-1]
        for card in hand["hand"]:
            assert (f"[{card['id']}]" in text) == (seat != me), (seat, card["id"])
        header = f"--- player {n} holds these facing out: for the others to see, not player {n} ---"
        assert (header in text) == (seat != me)
    assert f"--- player {k}: your own cards, held facing out: you may not look at them ---" in text
    assert "  3 cards, held facing out: the others see them, you may not" in text


def test_the_whole_deal_shows_every_hand_held_facing_out(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC)
    whole = dealt(cli, "fireworks", 2)["seen_by_others"]
    text = run(cli, "fireworks", 2).out
    for seat, hand in whole.items():
        assert f"--- player {seat.split()[-1]} holds these facing out" in text
        assert all(f"[{c['id']}]" in text for c in hand["hand"])
    zh = run(cli, "fireworks", 2, "--player", "1", "--lang", "zh-TW").out
    assert "--- 玩家 2 把這些牌朝外拿著：給其他玩家看，玩家 2 自己不能看 ---" in zh
    assert "--- 玩家 1：你自己的牌，朝外拿著：你不能看 ---" in zh and "  3 張，朝外拿著：其他玩家看得到，你自己不能看" in zh


def test_hands_seen_by_all_are_on_the_table(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC, ("seen_by: others", "seen_by: all"))
    d = dealt(cli, "fireworks", 3)
    hands = {s: ids(cs) for s, cs in d["public"]["hands"].items()}
    assert list(hands) == ["player 1", "player 2", "player 3"] and all(len(h) == 3 for h in hands.values())
    assert "seen_by_others" not in d and all(not any(own.values()) for own in d["private"].values())
    text = run(cli, "fireworks", 3, "--player", 2).out
    for seat, cards in hands.items():
        assert any(line.startswith(f"  {seat}: ") and all(f"[{i}]" in line for i in cards) for line in text.splitlines())
    assert dealt(cli, "fireworks", 3, "--player", 2)["public"]["hands"] == d["public"]["hands"]


def test_seen_by_owner_is_the_deal_as_it_always_was(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC, ("seen_by: others", "seen_by: owner"))
    d = dealt(cli, "fireworks", 3)
    assert "seen_by_others" not in d and all(len(h["hand"]) == 3 for h in d["private"].values())
    mine = dealt(cli, "fireworks", 3, "--player", 2)
    assert list(mine["private"]) == ["player 2"] and "seen_by_others" not in mine


def test_an_unknown_seen_by_is_a_located_error_listing_the_three(cli, tmp_path):
    g = declared(tmp_path, FIRE, FIRE_SPEC, ("seen_by: others", "seen_by: everyone"))
    r = validate(cli, "fireworks")
    assert r.code == 2
    one(r, "DECLARE-VALUE", g.at(FIRE, "everyone"), "'seen_by' of setup step 2 is 'everyone', expected owner, others or all")


def test_seen_by_belongs_to_a_deal(cli, tmp_path):
    g = declared(tmp_path, FIRE, FIRE_SPEC, ("{ pile: draw }", "{ pile: draw, seen_by: all }"))
    r = validate(cli, "fireworks")
    assert r.code == 2
    one(r, "DECLARE-KEY", g.at(FIRE, "seen_by", after="pile: draw"), "'seen_by' belongs to a deal step, not setup step 3")


# -- 4. variant: default ---------------------------------------------------------------------------------------

def test_a_step_limited_to_the_game_without_a_variant(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC, ("  - { deal: 3,", "  - { remove: { where: { value: 5 } }, variant: default }\n"
                                                        "  - { deal: 3,"))
    assert validate(cli, "fireworks").code == 0
    plain = dealt(cli, "fireworks", 2)
    assert sorted(ids(plain["public"]["removed"])) == ["blue-5", "red-5"] and plain["public"]["piles"] == {"draw": 2}
    rainbow = dealt(cli, "fireworks", 2, "--variant", "rainbow")
    assert rainbow["public"]["removed"] == [] and rainbow["public"]["piles"] == {"draw": 4}


def test_a_variant_the_game_has_not_names_default_too(cli, tmp_path):
    g = declared(tmp_path, FIRE, FIRE_SPEC, ("{ pile: draw }", "{ pile: draw, variant: standard }"))
    r = validate(cli, "fireworks")
    assert r.code == 2
    one(r, "DECLARE-VARIANT", g.at(FIRE, "standard"), "'variant' of setup step 3 is 'standard', not a variant of the "
        "game; variants: rainbow, or default (the game without a variant)")


def test_a_variant_called_default_is_refused(cli, tmp_path):
    g = declared(tmp_path, FIRE, FIRE_SPEC, ("variants: [rainbow]", "variants: [rainbow, default]"))
    r = validate(cli, "fireworks")
    assert r.code == 2
    one(r, "DECLARE-VARIANT", g.at(FIRE, "[rainbow, default]"), "'variants' names 'default', which is the game played "
        "without a variant")


# -- 5. the printed setup ------------------------------------------------------------------------------------

def test_a_steps_lines_follow_its_own_sentence(cli, tmp_path):
    """The colour cards shown face up are not under the row cards' sentence."""
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("  - { shuffle: [card] }\n", "  - { pile: spare }\n  - { shuffle: [card] }\n"))
    text = run(cli, "chroma", 3).out
    paras = paragraphs(text)
    rows = next(p for p in paras if p[0] == "Lay one row card for each player:")
    assert rows == ["Lay one row card for each player:", "  face up: 3 × Row card [row]"], paras
    shown = next(p for p in paras if any(x.startswith("  face up:") and "Row card" not in x for x in p))
    assert all(x.startswith("  ") for x in shown), paras  # lines of steps without a sentence, under none


def test_a_note_after_lines_of_their_own_is_a_paragraph_of_its_own(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC, ("  - { pile: draw }\n", "  - { pile: draw }\n  - { note: \"Lay out the clue tokens.\" }\n"))
    paras = paragraphs(run(cli, "fireworks", 2).out)
    assert ["Lay out the clue tokens."] in paras, paras


def test_the_copies_of_one_component_are_listed_once_with_their_number(cli, tmp_path):
    declared(tmp_path, CHROMA, CHROMA_SPEC)
    lines = run(cli, "chroma", 4).out.splitlines()
    assert "  face up: 4 × Row card [row]" in lines
    assert "  not placed by the setup (the rules say where): 2 × Bonus [bonus], 11 × Chip [chip], Scoreboard [scoreboard]" in lines
    zh = run(cli, "chroma", 4, "--lang", "zh-TW").out.splitlines()
    assert "  設置步驟沒有擺放（依規則使用）：2 × 獎勵 [bonus]、11 × 籌碼 [chip]、計分板 [scoreboard]" in zh
    box = dealt(cli, "chroma", 4)["public"]["box"]  # the data still has one entry a copy
    assert ids(box).count("chip") == 11 and [c["card"] for c in box if c["id"] == "chip"][-1] == "chip#11"


def test_pile_names_in_chinese(cli, tmp_path):
    """pnp's own pile names are translated; the spec's stay as written unless it gives both."""
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("{ pile: draw }", "{ pile: { en: draw, zh-TW: 抽牌堆 } }"))
    assert validate(cli, "chroma").code == 0
    zh = run(cli, "chroma", 3, "--lang", "zh-TW").out.splitlines()
    assert "  抽牌堆：29 張，正面朝下" in zh and not any("draw" in x for x in zh)
    assert "  draw: 29 cards, face down" in run(cli, "chroma", 3).out.splitlines()
    assert dealt(cli, "chroma", 3, "--lang", "zh-TW")["public"]["piles"] == {"draw": 29}  # keyed the same in data
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("  - { pile: draw }\n", "  - { piles: [2] }\n"))
    zh = run(cli, "chroma", 3, "--lang", "zh-TW").out.splitlines()
    assert "  第 1 疊：2 張，正面朝下" in zh and "  牌庫：27 張，正面朝下" in zh


def test_a_number_with_its_word_is_singular_for_one(cli, tmp_path):
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("  - { pile: draw }\n", "  - { pile: draw }\n"
             "  - { give: [chip], players: [3], text: \"The {each:chip|chips} each player takes:\" }\n"
             "  - { give: [chip, chip], players: [4, 5], text: \"The {each:chip|chips} each player takes:\" }\n"))
    assert validate(cli, "chroma").code == 0
    assert "The 1 chip each player takes:" in run(cli, "chroma", 3).out.splitlines()
    assert "The 2 chips each player takes:" in run(cli, "chroma", 4).out.splitlines()


def solo(tmp_path, steps: str) -> Game:
    """Fireworks for one player only, with these setup steps after the shuffle."""
    return declared(tmp_path, FIRE, FIRE_SPEC, ("players: [2, 3, 4]", "players: [1]"),
                    ("  - { deal: 3, seen_by: others }\n  - { pile: draw }\n", steps))


@pytest.mark.parametrize("steps, said", [
    ("  - { deal: 3 }\n  - { display: 7 }\n  - { display: 1 }\n",
     "setup step 4 (display, line {line}) shows 1 card: it needs 1 card, but the deck has 0 left"),
    ("  - { deal: 11 }\n", "setup step 2 (deal, line {line}) deals 11 to each of 1 player: it needs 11 cards, but "
                           "the deck has 10 left"),
])
def test_a_count_of_one_is_said_in_the_singular(cli, tmp_path, steps, said):
    g = solo(tmp_path, steps)
    line = g.line_of(FIRE, steps.splitlines()[-1].strip())
    r = cli("setup", "fireworks", "--players", 1, "--seed", 1, "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 1 and said.format(line=line) in r.err, r.err


def test_a_game_for_one_player_says_player(cli, tmp_path):
    solo(tmp_path, "  - { deal: 3 }\n  - { pile: draw }\n")
    assert run(cli, "fireworks", 1).out.splitlines()[0] == "Fireworks for 1 player (seed 1)"
    assert run(cli, "fireworks", 1, "--lang", "zh-TW").out.splitlines()[0] == "煙火：1 位玩家（隨機種子 1）"
    r = cli("setup", "fireworks", "--players", 2, "--seed", 1, "--specs", "card_specs")
    assert r.code == 2 and "Fireworks is played by 1 player, not 2" in r.err, r.err


def test_kinds_no_step_names_are_not_placed_and_so_are_kinds_of_other_player_counts(cli, tmp_path):
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("  - { shuffle: [card] }\n",
                                             "  - { pile: spare }\n  - { shuffle: [card] }\n  - { shuffle: [bonus], players: [5] }\n"))
    three = dealt(cli, "chroma", 3)
    assert sorted(set(ids(three["public"]["box"]))) == ["bonus", "chip", "scoreboard"]
    assert "  not placed by the setup (the rules say where): 2 × Bonus [bonus], 11 × Chip [chip], Scoreboard [scoreboard]" \
           in run(cli, "chroma", 3).out.splitlines()
    five = dealt(cli, "chroma", 5)
    assert sorted(set(ids(five["public"]["box"]))) == ["chip", "scoreboard"]  # with five, the bonus cards are in play
    assert "  not placed by the setup (the rules say where): 11 × Chip [chip], Scoreboard [scoreboard]" in run(cli, "chroma", 5).out


def test_a_place_step_puts_tokens_and_boards_on_the_table_for_everyone(cli, tmp_path):
    """Tokens no step names are not called out of play: `place` puts them on the table, open."""
    declared(tmp_path, CHROMA, CHROMA_SPEC, ("  - { shuffle: [card] }\n",
                                             "  - { place: [chip, board] }\n  - { shuffle: [card] }\n"))
    out = run(cli, "chroma", 3).out.splitlines()
    assert "  on the table, for everyone: 11 × Chip [chip], Scoreboard [scoreboard]" in out
    assert not any("Chip" in ln for ln in out if ln.startswith("  not placed by the setup"))
    data = dealt(cli, "chroma", 3)["public"]
    assert sorted(ids(data["supply"])) == ["chip"] * 11 + ["scoreboard"]
    assert "chip" not in ids(data["box"])
    zh = run(cli, "chroma", 3, "--lang", "zh-TW").out.splitlines()
    assert "  放在桌上，大家共用：11 × 籌碼 [chip]、計分板 [scoreboard]" in zh


# -- 6. fields called name, copy and card ------------------------------------------------------------------

def test_fields_called_name_copy_and_card_are_dealt_and_shown(cli, tmp_path):
    declared(tmp_path, FIRE, FIRE_SPEC, ("    value: { int: [1, 5] }\n",
                                         "    value: { int: [1, 5] }\n    name: { text: 20, required: false }\n"
                                         "    copy: { int: [0, 9], required: false }\n    card: { text: 9, required: false }\n"),
             ("{ id: red-1, kind: firework, colour: red, value: 1 }",
              "{ id: red-1, kind: firework, colour: red, value: 1, name: Spark, copy: 2, card: first }"),
             ("  - { deal: 3, seen_by: others }\n", ""))
    assert validate(cli, "fireworks").code == 0
    run(cli, "fireworks", 2)
    d = dealt(cli, "fireworks", 2)
    red = next(c for c in d["hidden"]["piles"]["draw"] if c["id"] == "red-1")
    assert red["card"] == "red-1#1" and red["copy"] == 2
    assert red["fields"]["name"] == {"en": "Spark"} and red["fields"]["card"] == {"en": "first"} and red["fields"]["copy"] == 2
