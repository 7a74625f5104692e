"""GEM rules model: what is legal in a copy of GEM (Pack O Game #3), as data, and the scorer.

Everything here is RULE or FACT (../shared/games.md section 2): the gem kinds, the coin values
and counts, the number of gem cards, the pile sizes and the scoring. The
validator, `pnp setup gem`, the card renderer and the scorer all read these tables. What one
particular copy contains (which gems on which card, the numbers on the ends) is in the spec.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..base import Named, by_id

GemKind = Named
GEM_KINDS: dict[str, GemKind] = by_id(
    GemKind("sapphire", "Sapphire", "藍寶石", "#1f5bd8"),
    GemKind("ruby", "Ruby", "紅寶石", "#d41c2c"),
    GemKind("emerald", "Emerald", "祖母綠", "#11a150"),
    GemKind("amethyst", "Amethyst", "紫水晶", "#8a3fc8"),
    GemKind("topaz", "Topaz", "黃寶石", "#f08a12"),
    GemKind("diamond", "Diamond", "鑽石", "#e8f4fb"),
)
DIAMOND = "diamond"  # rare: a diamond card carries a single diamond


def gem_letter(kind: str, lang: str) -> str:
    """The letter printed on a gem so that a player who cannot tell its colour still can tell its
    kind: the first character of its name (S R E A T D; 藍 紅 祖 紫 黃 鑽), which differs for all six
    kinds in both languages."""
    return GEM_KINDS[kind].name(lang)[0]

COIN_VALUES = (1, 2, 3)
COINS_PER_VALUE = 4  # 12 coin cards
COIN = {"en": "Coin", "zh-TW": "錢幣卡"}  # a coin card's name (the seed's 錢幣卡; the card shows only its value)
GEMS_PER_CARD = (1, 2)

PLAYERS = (2, 3, 4)
# The gem cards shuffled into six face-down piles, left to right, one auctioned a round: the seed
# (遊戲設置 04) gives 4, 3, 3, 3, 3 and 2 and names no exception for any player count.
PILES: tuple[int, ...] = (4, 3, 3, 3, 3, 2)
GEM_CARDS = sum(PILES)  # 18, the seed's component list: the piles use every gem card once
COINS_EACH = COIN_VALUES  # every player takes one coin of each value, investment side up

POINTS_PER_GEM = 1
MAJORITY_SOLE = 3
MAJORITY_TIED = 2

# The two ends of every two-way card (the seed's 投資 / 貸款).
ENDS = {
    "invest": {"en": "INVEST", "zh-TW": "投資", "colour": "#1e9e4a"},
    "loan": {"en": "LOAN", "zh-TW": "貸款", "colour": "#d2232a"},
}


@dataclass(frozen=True)
class Score:
    player: str
    gems: int
    majorities: dict[str, int]  # gem kind -> bonus
    total: int


def score(collections: dict[str, list[tuple[list[str], bool]]]) -> tuple[list[Score], str | None]:
    """Score finished collections: player -> [(gems on the card, investment side up?)].

    1 point per gem on investment-up cards; the sole majority of a gem kind scores 3, a tied
    majority 2 for each tied player. Returns the scores and the winner (ties broken by most
    gems; None when still tied).
    """
    counts = {p: Counter(g for gems, up in cards if up for g in gems) for p, cards in collections.items()}
    bonus: dict[str, dict[str, int]] = {p: {} for p in collections}
    for kind in GEM_KINDS:
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
