"""Christmas Tree (聖誕樹): 106 diamond decoration cards (baubles, gingerbread men, candies), 30
goal cards, 16 Linzer cookies, four tree boards, a score track and eight markers, for 2 to 4
players.

The game is declared in data, in game.yaml beside this file — its kinds and fields, the values'
names and colours, the box's counts, the deck rules and the setup — and read by the same engine
as a designer's own game (pnp/games/declared/). Python keeps its art (render.py and the modules
it draws with), its scorer (score.py, played.py, goals.py), its cards' names where a template
cannot say them (names.py) and the checks data cannot say (validate.py), found by convention;
rules.py reads the rule-fixed values they need from the declaration.
"""
from __future__ import annotations

TITLE = "Christmas Tree"
PER_CARD_BACKS = ("goal",)

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES: dict[str, tuple[str, ...]] = {
    "bauble": ("art", "snow", "mark"),
    "gingerbread": ("figure", "side", "buttons", "mark"),
    "candy": ("art", "corner", "mark"),
    "goal": ("bells", "points", "majority", "diagram", "text"),
    "cookie": ("title", "art", "note"),
    "board": ("tree", "space-number", "star", "trunk", "title"),
    "score-track": ("track", "title", "scoring"),
    "score-marker": ("art",),
}
