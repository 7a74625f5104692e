"""GEM (Pack O Game #3): 12 two-way coin cards and 18 two-way gem cards.

The game is declared in data, in game.yaml beside this file — its kinds and fields, the gem
kinds' names and colours, the deck rules, the setup and the scoring — and read by the same
engine as a designer's own game (pnp/games/declared/). Only its art (render.py, art.py) and the
wording of its scores (score.py, which runs the declared scoring through rules.py) are Python,
found by convention.
"""
from __future__ import annotations

TITLE = "GEM"

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("band", "number", "gems")
