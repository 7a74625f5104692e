"""The Jam (果醬甜心): 72 split recipe/ingredient game cards and 12 mission cards."""
from __future__ import annotations

from . import rules
from .fields import BACK_KINDS, KINDS

# The game, declared; the registry (pnp/games/__init__.py) finds its validator, setup, scorer
# and renderer in validate.py, setup.py, score.py and render.py by convention.
TITLE = "The Jam"
PLAYERS = rules.PLAYERS
VARIANTS = rules.VARIANTS
# The face-down decks its setup shuffles (setup.py): the game cards, and each mission kind apart;
# the engine checks that each deck's cards share one back.
FACE_DOWN = (rules.GAME_KINDS, *((kind,) for kind in rules.MISSION_KINDS))

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("recipe", "icon", "name", "points", "needs", "needs-text", "ingredient", "fruit", "fruit-name",
         "title", "art", "rule", "banner", "mission-points", "mission", "goal", "tea", "yummy")
