"""The declared language as The Jam's port grew it further, for any designer's game: a `refers`
rule (a field's values name a value of a field on other cards), `each ... different: true` (a
bound on a list's different items, each repeat told), `where: {FIELD: {not: V}}`, a deal or display's `set_aside:` kinds shuffled
back by the next pile (`{aside}`, `public.shuffled_back`), and a text quoting a named step's
number (`{hand.each}`). Each fails without its feature; each misuse is a located DECLARE-* error."""
from __future__ import annotations

import re

import pytest

from test_declared_kinds_together import codes, declared

GAME = """\
game: tea
name: Picnic
players: [2, 3]
kinds:
  dish:
    recipe: { id: true }
    fruit: { choice: &fruits [apple, pear, plum, any] }
    ingredient: { choice: *fruits }
  order:
    wants: { list: { id: true }, min: 1, max: 4 }
  joker:
    points: { int: [0, 9] }
rules:
  - code: ORDER-DISH
    refers: { kind: order, field: wants, to: { kind: dish, field: recipe } }
    message: "order '{id}' wants '{value}', which no dish is; dishes: {values}"
  - code: ORDER-SIZE
    each: { kind: order, field: wants, different: true }
    exactly: 2
  - code: FRUIT-SHOWN
    refers: { kind: dish, field: fruit, where: { fruit: { not: any } }, to: { kind: dish, field: ingredient } }
setup:
  - shuffle: [dish, joker]
  - deal: 2
    name: hand
    set_aside: [joker]
  - display: 3
    distinct: ingredient
    set_aside: [joker]
    name: market
  - pile: { en: draw pile }
    text: "Draw pile: {cards} cards ({aside} set aside while dealing, shuffled back)"
  - unused: [order]
  - note: "Each player holds {hand.each} cards; the market shows {market.cards}."
components:
  - { id: apple-pie, kind: dish, recipe: apple-pie, fruit: apple, ingredient: pear, count: 7 }
  - { id: pear-pie, kind: dish, recipe: pear-pie, fruit: pear, ingredient: plum, count: 7 }
  - { id: plum-pie, kind: dish, recipe: plum-pie, fruit: plum, ingredient: apple, count: 7 }
  - { id: any-pie, kind: dish, recipe: any-pie, fruit: any, ingredient: plum }
  - { id: joker, kind: joker, points: 1, count: 4 }
  - { id: o1, kind: order, wants: [apple-pie, pear-pie] }
"""


def checked(tmp_path, text=GAME):
    game, spec, report = declared(tmp_path, text)
    assert game is not None and spec is not None, codes(report)
    game.validate(spec, report)
    return report


def at(text: str, needle: str, after: str = "") -> tuple[int, int]:
    i = text.index(needle, text.index(after) if after else 0)
    return text[:i].count("\n") + 1, i - text.rfind("\n", 0, i)


def test_a_deck_that_keeps_every_rule(tmp_path):
    assert codes(checked(tmp_path)) == []


def test_a_value_that_names_no_card_is_told_at_the_item(tmp_path):
    text = GAME.replace("wants: [apple-pie, pear-pie]", "wants: [apple-pie, lemon-pie]")
    report = checked(tmp_path, text)
    assert ("ORDER-DISH", *at(text, "lemon-pie")) in codes(report)
    words = next(d.message for d in report.sorted() if d.code == "ORDER-DISH")
    assert "wants 'lemon-pie'" in words and "pear-pie" in words and "plum-pie" in words


def test_a_fruit_no_card_shows_and_a_where_not_leaving_a_value_out(tmp_path):
    text = GAME.replace("fruit: plum, ingredient: apple", "fruit: plum, ingredient: pear")  # no apple half left
    found = codes(checked(tmp_path, text))
    assert ("FRUIT-SHOWN", *at(text, "apple, ingredient")) in found
    assert [c for c, *_ in found].count("FRUIT-SHOWN") == 1  # 'any' is no ingredient, and is never asked


@pytest.mark.parametrize("wants,needles", [
    ("[apple-pie, apple-pie]", ["[apple-pie", "apple-pie]"]),  # one different item (at the list), and the repeat
    ("[apple-pie]", ["[apple-pie"]),
    ("[apple-pie, pear-pie, plum-pie]", ["[apple-pie"]),
])
def test_a_bound_on_the_different_items_and_each_repeat(tmp_path, wants, needles):
    text = GAME.replace("wants: [apple-pie, pear-pie]", f"wants: {wants}")
    found = [(line, col) for code, line, col in codes(checked(tmp_path, text)) if code == "ORDER-SIZE"]
    line = at(text, wants)[0]
    assert found == [(line, text.splitlines()[line - 1].rindex(n) + 1 if n.endswith("]") and n != wants
                      else at(text, n, "wants:")[1]) for n in needles]


def test_set_aside_cards_are_never_dealt_and_go_back_into_the_pile(tmp_path):
    game, spec, _ = declared(tmp_path, GAME)
    seen_aside = 0
    for seed in range(30):
        r = game.setup(spec, 3, seed)
        data, text = r.data, "\n".join(r.lines)
        held = [c for own in data["private"].values() for c in own["hand"]] + data["public"]["market"]
        assert held and not [c for c in held if c["kind"] == "joker"]
        assert len({c["ingredient"] for c in data["public"]["market"]}) == 3
        pile = [c["card"] for c in data["hidden"]["piles"]["draw pile"]]
        assert set(data["public"]["shuffled_back"]) <= set(pile)
        assert len(pile) + len(held) == 26  # every dish and joker: none lost
        (n,) = re.findall(r"\((\d+) set aside while dealing", text)
        assert int(n) == len(data["public"]["shuffled_back"])
        seen_aside += any(x.startswith("joker#") for x in data["public"]["shuffled_back"])
    assert seen_aside


def test_a_text_quotes_a_named_steps_numbers(tmp_path):
    game, spec, _ = declared(tmp_path, GAME)
    assert "Each player holds 2 cards; the market shows 3." in game.setup(spec, 2, 1).lines


MISUSES = [
    ("    set_aside: [joker]\n    name: market", "    set_aside: [kettle]\n    name: market", "DECLARE-KIND", "kettle"),
    ("  - pile: { en: draw pile }\n", "  - pile: { en: draw pile }\n    set_aside: [joker]\n", "DECLARE-KEY",
     "set_aside: [joker]\n    text"),
    ("{hand.each}", "{hands.each}", "DECLARE-MESSAGE", "note:"),
    ("{market.cards}", "{market.piles}", "DECLARE-MESSAGE", "note:"),
    ("to: { kind: dish, field: recipe }", "to: { kind: dish, field: colour }", "DECLARE-FIELD", "colour }"),
    ("to: { kind: dish, field: recipe }", "to: { kind: kettle, field: recipe }", "DECLARE-KIND", "kettle"),
    ("to: { kind: dish, field: recipe }", "to: yes", "DECLARE-RULE", "yes"),
    ("field: wants, different: true", "field: wants, different: maybe", "SPEC-TYPE", "maybe"),
    ("kind: order, field: wants, different", "kind: joker, field: points, different", "DECLARE-RULE", "true }"),
]


@pytest.mark.parametrize("old,new,code,needle", MISUSES, ids=[m[2] + "-" + m[1].strip()[:20] for m in MISUSES])
def test_a_misuse_is_a_located_error(tmp_path, old, new, code, needle):
    assert old in GAME
    text = GAME.replace(old, new, 1)
    _, _, report = declared(tmp_path, text)
    where = at(text, needle, new) if needle != "note:" else (at(text, needle)[0], at(text, needle)[1] + len("note: "))
    assert (code, *where) in codes(report), codes(report)
