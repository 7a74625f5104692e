"""GEM's scoring (the seed's 遊戲結束與計分): what the rest of the rules model — kinds, deck rules,
setup — does not say, since the declared-game language has no scoring. Everything else GEM's
rules fix is data, in game.yaml beside this file; `gem_kinds` reads its gem kinds from there.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

POINTS_PER_GEM = 1
MAJORITY_SOLE = 3
MAJORITY_TIED = 2


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


@dataclass(frozen=True)
class Score:
    player: str
    gems: int
    majorities: dict[str, int]  # gem kind -> bonus
    total: int


def score(collections: dict[str, list[tuple[list[str], bool]]], kinds: list[str] | None = None
          ) -> tuple[list[Score], str | None]:
    """Score finished collections: player -> [(gems on the card, investment side up?)].

    1 point per gem on investment-up cards; the sole majority of a gem kind scores 3, a tied
    majority 2 for each tied player. Returns the scores and the winner (ties broken by most
    gems; None when still tied). `kinds`: the gem kinds, in order (game.yaml's by default).
    """
    counts = {p: Counter(g for gems, up in cards if up for g in gems) for p, cards in collections.items()}
    bonus: dict[str, dict[str, int]] = {p: {} for p in collections}
    for kind in kinds if kinds is not None else gem_kinds():
        best = max((c[kind] for c in counts.values()), default=0)
        if best == 0:
            continue
        leaders = [p for p, c in counts.items() if c[kind] == best]
        for p in leaders:
            bonus[p][kind] = MAJORITY_SOLE if len(leaders) == 1 else MAJORITY_TIED
    scores = []
    for p, c in counts.items():
        gems = sum(c.values())
        scores.append(Score(p, gems, bonus[p], gems * POINTS_PER_GEM + sum(bonus[p].values())))
    ranked = sorted(scores, key=lambda s: (s.total, s.gems), reverse=True)
    winner = None
    if ranked and (len(ranked) == 1 or (ranked[0].total, ranked[0].gems) != (ranked[1].total, ranked[1].gems)):
        winner = ranked[0].player
    return scores, winner
