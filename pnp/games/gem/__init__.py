"""GEM (Pack O Game #3): 12 two-way coin cards and 18 two-way gem cards."""
from __future__ import annotations

from ...load.schema import Choice, Field, Int, ListOf, Text
from . import rules

# The game, declared; the registry (pnp/games/__init__.py) finds its validator, setup, scorer
# and renderer in validate.py, setup.py, score.py and render.py by convention.
TITLE = "GEM"
PLAYERS = rules.PLAYERS

KINDS = {
    "coin": [Field("value", Int(0, 99, legal=rules.COIN_VALUES))],
    "gem": [
        Field("gems", ListOf(Choice(list(rules.GEM_KINDS)), min_items=min(rules.GEMS_PER_CARD),
                             max_items=max(rules.GEMS_PER_CARD))),
        Field("invest", Int(0, 99)),
        Field("loan", Int(0, 99)),
    ],
}
BACK_KINDS = {"emblem": [Field("title", Text(40), required=False)]}

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("band", "number", "gems")
