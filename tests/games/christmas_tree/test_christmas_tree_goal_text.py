"""Christmas Tree goal cards say what they score: the words are made from the parameters the
scorer reads (goal_text.py), in English and in the seed's zh-TW, for every goal kind and every
value its parameters may take. So a card cannot say "2 points" and score 5, say "green" and
count gold, or say "4 baubles" of a formation of 3."""
from __future__ import annotations

import itertools

import pytest

from pnp.diagnostics import Loc
from pnp.games.christmas_tree import board, goals, rules
from pnp.games.christmas_tree.goal_text import goal_text
from pnp.load.spec import Item

LANGS = ("en", "zh-TW")


def goal_words(goal, lang: str) -> list[str]:
    """What a goal card's words must name, read off its parameters as the scorer reads them:
    the points for each thing counted, the colour, shape, bubble or decoration it asks for, the
    cards in its formation and how they lie, the snowflakes a line needs, the majority bonuses."""
    zh = lang == "zh-TW"
    pts = goals.unit_points(goal)
    words = [f"{pts} 分" if zh else f"{pts} point"]
    for param, table in (("color", rules.COLORS), ("shape", rules.SHAPES), ("bubble", rules.BUBBLES),
                         ("decoration", rules.DECORATIONS)):
        if goal.get(param):
            name = table[goal[param]].name(lang)
            words.append(name if zh else name.lower())
    if goal.get("formation"):
        cells = goals.FORMATIONS[goal["formation"]].cells
        if goal["goal"] not in ("candy-gingerbread", "sequence"):  # (those name the cards one by one)
            words.append(f"{cells} 個" if zh else f"{cells} baubles")
        words.append(goals.FORMATIONS[goal["formation"]].name(lang))
    if goal.get("target") is not None:
        words.append(f"{goal['target']} 個" if zh else f"{goal['target']} snowflakes")
    if goals.GOAL_KINDS[goal["goal"]].majority:
        words += [f"{p} 分" if zh else f"+{p}" for p in goals.MAJORITY]
    return words


def _values(param: str) -> list:
    if param == "formation":
        return list(goals.FORMATIONS)
    if param == "decoration":
        return list(goals.SPECIALS)
    return list({"color": rules.COLORS, "shape": rules.SHAPES, "bubble": rules.BUBBLES, "by": goals.BY,
                 "lines": goals.LINES}[param])


def every_goal() -> list[Item]:
    """A goal card of every kind with every value of its parameters (formations of the kind's
    size; every line length the tree has and a reachable target)."""
    out = []
    for kind in goals.GOAL_KINDS.values():
        if kind.id == "snowflake-lines":
            for lines in goals.LINES:
                pool = board.rows() if lines == "rows" else board.diagonals()
                for length in sorted({len(line) for line in pool}):
                    out.append(_goal(kind, lines=lines, length=length, target=length + 1))
            continue
        choices = []
        for spec in kind.params:
            choices.append([(p, v) for p in spec.split("|") for v in _values(p)
                            if p != "formation" or goals.FORMATIONS[v].cells == kind.cells])
        for combo in itertools.product(*choices):
            if kind.id == "candy-gingerbread" and dict(combo)["formation"] != "corner-pair":
                continue
            out.append(_goal(kind, **dict(combo)))
    return out


def _goal(kind, **params) -> Item:
    fields = {"goal": kind.id, "bells": 1, **params}
    fields["points"] = goals.unit_points(fields)
    return Item(f"{kind.id}-" + "-".join(map(str, params.values())), "goal", fields, {}, Loc("test.yaml"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_goal_kind_and_parameter_says_what_it_scores(lang):
    cards = every_goal()
    assert {g["goal"] for g in cards} == set(goals.GOAL_KINDS)
    for g in cards:
        text = goal_text(g, lang)
        for word in goal_words(g, lang):
            assert word in text, (g.id, word, text)


@pytest.mark.parametrize("lang", LANGS)
def test_two_cards_that_score_differently_say_different_things(lang):
    cards = every_goal()
    said = {}
    for g in cards:
        said.setdefault(goal_text(g, lang), []).append(g.id)
    assert all(len(ids) == 1 for ids in said.values()), [ids for ids in said.values() if len(ids) > 1]


def test_the_long_diagonals_card_says_xie_jiao_as_the_seed_does():
    g = _goal(goals.GOAL_KINDS["snowflake-lines"], lines="diagonals", length=5, target=5)
    assert "斜角" in goal_text(g, "zh-TW") and "斜線" not in goal_text(g, "zh-TW")
    assert goal_text(g, "en") == "Each diagonal of 5 cards with at least 5 snowflakes on its baubles: 5 points."


def test_a_level_is_named_by_its_numeral():
    g = _goal(goals.GOAL_KINDS["snowflake-lines"], lines="rows", length=3, target=4)
    assert goal_text(g, "en") == "Level III with at least 4 snowflakes on its baubles: 5 points."
    assert goal_text(g, "zh-TW") == "第 III 層玻璃珠的雪花至少 4 個：5 分。"
