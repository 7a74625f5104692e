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
    view = View("heist", "Heist", version=1, cards=cards, kinds=["chip", "coin", "crown"])
    index = text(_env.get_template("index.html").render(games=["heist"], views=[view]))
    assert "Heist — 58 cards (8 different faces)" in index
    page = text(_env.get_template("game.html").render(games=["heist"], view=view, game="heist",
                                                      by_kind=_by_kind(view), errors=_errors(view)))
    assert "chip (55 cards, 5 faces)" in page and "coin (2 cards)" in page and "crown (1 card)" in page


def test_the_deal_page_shows_hands_held_facing_the_others():
    """Hanabi's hands are seen by everyone but their holder: the deal page shows them in a part
    of their own, as pictures, not among each player's hidden cards."""
    from pathlib import Path

    from pnp.games.project import load_checked

    specs = Path(__file__).resolve().parents[1] / "declared" / "published" / "hanabi" / "card_specs"
    loaded = load_checked("hanabi", specs)
    assert not loaded.report.errors
    result = loaded.game.setup(loaded.spec, 3, 7)
    held = result.data["seen_by_others"]
    cards = {c.id: card(c.id, c.kind, c.count) for c in loaded.spec.components}
    view = View("hanabi", "Hanabi", version=1, cards=list(cards.values()), kinds=["card"], players=(2, 3, 4, 5))
    html = _env.get_template("deal.html").render(games=["hanabi"], view=view, game="hanabi", players=3, seed=7,
                                                 variant=None, result=result, problem=None, cards=cards, new_seed=8)
    part = html[html.index("Held facing the others"):]
    ids = re.findall(r'data-card="([^"]+)"', part[:part.find("Face down")])
    assert sorted(ids) == sorted(c["id"] for hands in held.values() for group in hands.values() for c in group)
    assert len(ids) == 15  # three hands of five
