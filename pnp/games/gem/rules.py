"""GEM's rules model in Python: what its art and its scorer's presentation read. Everything GEM's
rules fix is data in game.yaml beside this file — kinds, deck rules, setup and scoring (1 point a
gem on an investment-up card, majorities 3 sole / 2 tied, the most gems breaking a tie); `score`
runs that declared scoring on plain (gems, investment end up?) pairs, and `gem_kinds` reads the
gem kinds from there.
"""
from __future__ import annotations

from typing import Any

from ...records import record


def gem_kinds(game_id: str = "gem") -> dict[str, dict[str, Any]]:
    """The gem kinds in the order game.yaml declares them: kind -> {name: {en, zh-TW}, colour}."""
    from .. import GAMES

    d = GAMES[game_id].declared
    kinds = d.kinds.type_of("gem", "gems").item.options()
    return {k: d.kinds.choices["gems"][k] for k in kinds}


def gem_letter(name: str) -> str:
    """The letter printed on a gem so that a player who cannot tell its colour still can tell its
    kind: the first character of its name (S R E A T D; 藍 紅 祖 紫 黃 鑽), which differs for all six
    kinds in both languages."""
    return name[0]


@record(frozen=True)
class Score:
    player: str
    gems: int
    majorities: dict[str, int]  # gem kind -> bonus
    total: int


def declared(game_id: str = "gem"):
    """GEM's declaration (game.yaml), as the registry read it."""
    from .. import GAMES

    return GAMES[game_id].declared


def score(collections: dict[str, list[tuple[list[str], bool]]], kinds: list[str] | None = None
          ) -> tuple[list[Score], str | None]:
    """Score finished collections by game.yaml's scoring: player -> [(gems on the card, investment
    side up?)]. Returns the scores and the winner (None when still tied). `kinds` is accepted for
    callers that pass the gem kinds; the declared scoring goes through game.yaml's own."""
    from ...load.spec import Item
    from ..declared.scoring import Played, score_played

    d = declared()
    played = {p: {"invest": [], "loan": []} for p in collections}
    for p, cards in collections.items():
        for i, (gems, up) in enumerate(cards):
            played[p]["invest" if up else "loan"].append(Item(f"{p}-{i}", "gem", {"gems": list(gems)}, {}, None))
    data = score_played(d.scoring, d.kinds, Played(played))
    majority = next(n for n, step in enumerate(d.scoring.steps, 1) if step.form == "most")
    scores = [Score(p, r["tie_break"][0],  # the tie-break: the gems on investment-up cards
                    {line["group"]: line["points"] for line in r["lines"] if line["step"] == majority}, r["total"])
              for p, r in data["players"].items()]
    return scores, data["winner"]


def card_points(gems: list[str]) -> int:
    """What one investment-up card scores by itself (its gems, by game.yaml's `each`)."""
    from ...load.spec import Item
    from ..declared.scoring import evaluate

    step = next(step for step in declared().scoring.steps if step.form == "each")
    return evaluate(step.arg, [], (Item("card", "gem", {"gems": list(gems)}, {}, None), "invest"))
