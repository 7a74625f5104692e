"""Christmas Tree (聖誕樹): 106 diamond decoration cards (baubles, gingerbread men, candies), 30
goal cards, 16 Linzer cookies, four tree boards, a score track and eight markers, for 2 to 4
players."""
from __future__ import annotations

from ...load.schema import Bool, Choice, Field, Int, ListOf, Type
from . import goals, rules

# The game, declared; the registry (pnp/games/__init__.py) finds its validator, setup, scorer
# and renderer in validate.py, setup.py, score.py and render.py by convention.
TITLE = "Christmas Tree"
PLAYERS = rules.PLAYERS
VARIANTS = tuple(rules.VARIANTS)
PER_CARD_BACKS = ("goal",)

_BUBBLES = Field("bubbles", ListOf(Choice(list(rules.BUBBLES)), min_items=rules.EDGES, max_items=rules.EDGES))
_FOUR = Field("four_player", Bool(), required=False, default=False)
# A number the reader takes at all; whether it is legal is the validator's to say, so that every
# value outside the rules' range is one rule break (exit 1) whichever side of it lies.
SANE = 99


def _number(legal=None) -> Int:
    return Int(-SANE, SANE, legal=legal)


class _Refused(Type):
    """A key read whatever it holds, so that the validator can refuse it at its line."""

    def describe(self) -> str:
        return "nothing: a goal card's text is made from what it scores"

    def read(self, node, report, what):
        return node.plain()


_OPTIONAL = {  # a goal card's parameters: which ones a goal kind takes is the rules model's (goals.py)
    "color": Choice(list(rules.COLORS)), "shape": Choice(list(rules.SHAPES)),
    "decoration": Choice(list(goals.SPECIALS)), "bubble": Choice(list(rules.BUBBLES)),
    "by": Choice(list(goals.BY)), "formation": Choice(list(goals.FORMATIONS)),
    "lines": Choice(list(goals.LINES)), "length": _number(), "target": _number(),
}

KINDS = {
    "bauble": [Field("color", Choice(list(rules.COLORS))), Field("shape", Choice(list(rules.SHAPES))),
               Field("snowflakes", _number(rules.SNOWFLAKES)), _BUBBLES, _FOUR],
    "gingerbread": [Field("sides", ListOf(Choice(list(rules.SIDE_SYMBOLS)), min_items=rules.EDGES,
                                          max_items=rules.EDGES)), _BUBBLES, _FOUR],
    "candy": [Field("points", _number(rules.CANDY_POINTS)), _BUBBLES, _FOUR],
    # A goal card's text is made from what it scores (goal_text.py); a `text:` is read only to
    # be refused at its line (CT-GOAL-TEXT), so that no card prints words of its own.
    "goal": [Field("bells", _number(tuple(rules.BELLS))), Field("goal", Choice(list(goals.GOAL_KINDS))),
             *[Field(name, t, required=False) for name, t in _OPTIONAL.items()],
             Field("points", _number()), Field("text", _Refused(), required=False)],
    "cookie": [],
    "board": [],
    "score-track": [],
    "score-marker": [Field("color", Choice(list(rules.MARKER_COLORS)))],
}
BACK_KINDS = {"decoration": [], "goal": [], "cookie": []}

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
