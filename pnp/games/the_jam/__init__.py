"""The Jam (果醬甜心): 72 split recipe/ingredient game cards and 12 mission cards."""
from __future__ import annotations

from .. import GameDef
from . import rules
from .deck import card_name, deck_context
from .fields import BACK_KINDS, KINDS
from .render import BOXES, render_back, render_face
from .score import score
from .setup import setup
from .validate import validate

GAME = GameDef(
    id="the-jam",
    title="The Jam",
    kinds=KINDS,
    back_kinds=BACK_KINDS,
    boxes=BOXES,
    validate=validate,
    render_face=render_face,
    render_back=render_back,
    setup=setup,
    players=rules.PLAYERS,
    variants=rules.VARIANTS,
    card_name=card_name,
    deck_context=deck_context,
    score=score,
)
