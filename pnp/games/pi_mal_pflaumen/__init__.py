"""Pi mal Pflaumen (梅子吃墩): 75 fruit cards over three rounds, 18 plum and 18 pi cards, the
watchdog and seven turn-order cards, for 3 to 5 players."""
from __future__ import annotations

from ...load.schema import Bool, Choice, Field, Int, Text
from ...load.spec import NAMES
from . import rules
from .mix import MIX

# The game, declared; the registry (pnp/games/__init__.py) finds its validator, setup, scorer
# and renderer in validate.py, setup.py, score.py and render.py by convention.
TITLE = "Pi mal Pflaumen"
PLAYERS = rules.PLAYERS
VARIANTS = tuple(rules.VARIANTS)
PER_CARD_BACKS = (rules.SAME_FACE_BACK, rules.WATCHDOG_BACK)

# A name printed on the card instead of the rules' own (plum, pi and watchdog cards).
_NAME = Field("name", NAMES, required=False)

KINDS = {
    "fruit": [
        Field("round", Int(0, 99, legal=tuple(rules.ROUNDS))),
        Field("number", Int(0, 99, legal=rules.NUMBERS)),
        Field("fruit", Choice(list(rules.FRUITS))),
        Field("action", Choice(list(rules.ACTIONS)), required=False),
        Field("mix", MIX, required=False),
    ],
    "plum": [_NAME],
    "pi": [_NAME],
    "watchdog": [_NAME],
    "turn-order": [Field("position", Int(0, 99, legal=range(1, max(rules.PLAYERS) + 1))), Field("plum", Bool())],
}
_TITLE = [Field("title", Text(40), required=False)]
BACK_KINDS = {kind: _TITLE for kind in
              [r.back for r in rules.ROUNDS.values()] + [rules.SAME_FACE_BACK, rules.WATCHDOG_BACK, "emblem"]}

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES = ("frame", "number", "round", "art", "name", "action", "label", "wreath", "letters", "title", "position",
         "mark", "note", "medallion")
