"""The preview counts cards as the build does: copies included ("90 cards"), with the number of
different faces beside it where copies make them fewer — not the faces alone ("15 cards")."""
from __future__ import annotations

import re

from pnp.preview.app import _by_kind, _env, _errors
from pnp.preview.state import Card, View


def card(cid: str, kind: str, count: int) -> Card:
    return Card(cid, kind, count, cid.title(), "k" + cid, None, (63.0, 88.0), {}, "card_specs/x.yaml", 1, 1)


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_game_list_and_the_kind_headings_count_copies():
    cards = [card(f"chip-{i}", "chip", 11) for i in range(1, 6)] + [card(f"coin-{i}", "coin", 1) for i in range(1, 3)] \
        + [card("crown", "crown", 1)]
    view = View("heist", "Heist", cards=cards, kinds=["chip", "coin", "crown"])
    index = text(_env.get_template("index.html").render(games=["heist"], views=[view]))
    assert "Heist — 58 cards (8 different faces)" in index
    page = text(_env.get_template("game.html").render(games=["heist"], view=view, game="heist",
                                                      by_kind=_by_kind(view), errors=_errors(view)))
    assert "chip (55 cards, 5 faces)" in page and "coin (2 cards)" in page and "crown (1 card)" in page
