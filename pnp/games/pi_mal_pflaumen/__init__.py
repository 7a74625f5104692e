"""Pi mal Pflaumen (梅子吃墩): 75 fruit cards over three rounds, 18 plum and 18 pi cards, the
watchdog and seven turn-order cards, for 3 to 5 players.

The game is declared in data, in game.yaml beside this file — its kinds and fields, the fruits'
names and colours, the deck rules, the setup — and read by the same engine as a designer's own
game (pnp/games/declared/). Python keeps its art (render.py and its modules), its scorer
(score.py, the mix search in rules.py), its card names (names.py) and the checks data cannot
say (validate.py), found by convention.
"""
from __future__ import annotations

from . import rules

TITLE = "Pi mal Pflaumen"
PER_CARD_BACKS = (rules.SAME_FACE_BACK, rules.WATCHDOG_BACK)

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("frame", "number", "round", "art", "name", "action", "label", "wreath", "letters", "title", "position",
         "mark", "note", "medallion")
