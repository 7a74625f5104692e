"""The Jam (果醬甜心): 72 split recipe/ingredient game cards and 12 mission cards.

The game is declared in data, in game.yaml beside this file — its kinds and fields, the
ingredients' names and colours, the deck rules and the setup's steps — and read by the same engine
as a designer's own game (pnp/games/declared/). Python keeps its art (render.py and the modules it
reads), its scorer (score.py, rules.py) and the checks data cannot say (validate.py), found by
convention; they read the declared numbers (rules.py). The deal is the declared setup's.
"""
from __future__ import annotations

TITLE = "The Jam"

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("recipe", "icon", "name", "points", "needs", "needs-text", "ingredient", "fruit", "fruit-name",
         "title", "art", "rule", "banner", "mission-points", "mission", "goal", "tea", "yummy")
