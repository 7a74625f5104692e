"""Christmas Tree (聖誕樹): 106 diamond decoration cards (baubles, gingerbread men, candies), 30
goal cards, 16 Linzer cookies, four tree boards, a score track and eight markers, for 2 to 4
players."""
from __future__ import annotations

from ...load.schema import Bool, Choice, Field, Int, ListOf
from ...load.spec import NAMES
from . import goals, rules

# The game, declared; the registry (pnp/games/__init__.py) finds its validator, setup, scorer
# and renderer in validate.py, setup.py, score.py and render.py by convention.
TITLE = "Christmas Tree"
PLAYERS = rules.PLAYERS
VARIANTS = tuple(rules.VARIANTS)
PER_CARD_BACKS = ("goal",)

_BUBBLES = Field("bubbles", ListOf(Choice(list(rules.BUBBLES)), min_items=rules.EDGES, max_items=rules.EDGES))
_FOUR = Field("four_player", Bool(), required=False, default=False)
_OPTIONAL = {  # a goal card's parameters: which ones a goal kind takes is the rules model's (goals.py)
    "color": Choice(list(rules.COLORS)), "shape": Choice(list(rules.SHAPES)),
    "decoration": Choice(list(goals.SPECIALS)), "bubble": Choice(list(rules.BUBBLES)),
    "by": Choice(list(goals.BY)), "formation": Choice(list(goals.FORMATIONS)),
    "lines": Choice(list(goals.LINES)), "length": Int(0, 99), "target": Int(0, 99),
}

KINDS = {
    "bauble": [Field("color", Choice(list(rules.COLORS))), Field("shape", Choice(list(rules.SHAPES))),
               Field("snowflakes", Int(0, 99, legal=rules.SNOWFLAKES)), _BUBBLES, _FOUR],
    "gingerbread": [Field("sides", ListOf(Choice(list(rules.SIDE_SYMBOLS)), min_items=rules.EDGES,
                                          max_items=rules.EDGES)), _BUBBLES, _FOUR],
    "candy": [Field("points", Int(0, 99, legal=rules.CANDY_POINTS)), _BUBBLES, _FOUR],
    "goal": [Field("bells", Int(0, 99, legal=tuple(rules.BELLS))), Field("goal", Choice(list(goals.GOAL_KINDS))),
             *[Field(name, t, required=False) for name, t in _OPTIONAL.items()],
             Field("points", Int(0, 99)), Field("text", NAMES)],
    "cookie": [],
    "board": [],
    "score-track": [],
    "score-marker": [Field("color", Choice(list(rules.MARKER_COLORS)))],
}
BACK_KINDS = {"decoration": [], "goal": [], "cookie": []}

# The layout boxes the renderer (render.py, loaded on first use) reads.
BOXES: dict[str, tuple[str, ...]] = {
    "bauble": ("art", "corner", "mark"),
    "gingerbread": ("figure", "side", "buttons", "mark"),
    "candy": ("art", "corner", "mark"),
    "goal": ("bells", "points", "majority", "diagram", "text"),
    "cookie": ("title", "art", "note"),
    "board": ("tree", "space-number", "star", "trunk", "title"),
    "score-track": ("track", "title", "scoring"),
    "score-marker": ("art",),
}
