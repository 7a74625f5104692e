"""The Jam (果醬甜心): 72 split recipe/ingredient game cards and 12 mission cards."""
from __future__ import annotations

from .. import GameDef, renderers
from . import rules
from .deck import card_name, deck_context
from .fields import BACK_KINDS, KINDS
from .score import score
from .setup import setup
from .validate import validate

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("recipe", "icon", "name", "points", "needs", "needs-text", "ingredient", "fruit", "fruit-name",
         "title", "art", "rule", "banner", "mission-points", "mission", "goal", "tea", "yummy")

GAME = GameDef(
    id="the-jam",
    title="The Jam",
    kinds=KINDS,
    back_kinds=BACK_KINDS,
    boxes=BOXES,
    validate=validate,
    **renderers(__name__),
    setup=setup,
    players=rules.PLAYERS,
    variants=rules.VARIANTS,
    card_name=card_name,
    deck_context=deck_context,
    score=score,
)
