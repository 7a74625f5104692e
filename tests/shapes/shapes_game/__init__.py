"""The shapes test game: one component kind per piece shape, drawn in flat colours so that tests
can tell art from paper pixel by pixel. A game package like any other: conftest registers it in
the entry-point group `pnp.games` under the id `shapes-test`, as an installed package would be."""
from __future__ import annotations

from pnp.load.schema import Field, Text
from pnp.geometry.drawing import Color

GAME_ID = "shapes-test"
COLOURS = {  # saturated, so no mark, cut line or caption grey is mistaken for art
    "card": Color.hex("#d23c3c"), "diamond": Color.hex("#2e9e4f"), "token": Color.hex("#2f6fd6"),
    "hex": Color.hex("#e08a1e"), "flathex": Color.hex("#8a3fc7"), "board": Color.hex("#e6c619"),
}
BACK = Color.hex("#1f8f8f")

TITLE = "Shapes"
PLAYERS = (1,)
KINDS = {k: [] for k in COLOURS}
BACK_KINDS = {"plain": [Field("title", Text(40), required=False)]}
BOXES = ("title",)
