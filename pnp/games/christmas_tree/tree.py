"""A decorated tree: which card sits in which space, turned or not, and what that makes.

Takes placed cards (spec components of kind bauble, gingerbread or candy); answers what the end
scoring and the goals ask: the completed bubbles (two touching edges with the same colour), each
gingerbread man's matching neighbours, and each card's attributes. Geometry from `board.py`.
"""
from __future__ import annotations

from ...records import record
from ...load.spec import Item
from . import board, rules


@record(frozen=True)
class Placed:
    card: Item
    turned: bool = False  # placed upside down (turned 180 degrees)

    @property
    def kind(self) -> str:
        return self.card.kind

    def edge_colour(self, edge: int) -> str:
        """The bubble colour on a board edge of this card's space."""
        printed = board.board_edge(edge, self.turned)  # a half turn is its own inverse
        return self.card["bubbles"][printed]


@record(frozen=True)
class Bubble:
    a: int  # the upper space
    b: int  # the lower space
    colour: str

    @property
    def key(self) -> tuple[int, int]:
        return self.a, self.b


class Tree:
    def __init__(self, placed: dict[int, Placed]):
        self.placed = placed

    def at(self, space: int) -> Placed | None:
        return self.placed.get(space)

    def is_bauble(self, space: int) -> bool:
        p = self.placed.get(space)
        return p is not None and p.kind == "bauble"

    def baubles(self) -> list[int]:
        return [n for n in sorted(self.placed) if self.is_bauble(n)]

    def of_kind(self, kind: str) -> list[int]:
        return [n for n in sorted(self.placed) if self.placed[n].kind == kind]

    def bubbles(self) -> list[Bubble]:
        """Completed bubbles: two cards edge to edge whose half-bubbles there have one colour."""
        out = []
        for a, ea, b, eb in board.edge_pairs():
            pa, pb = self.placed.get(a), self.placed.get(b)
            if pa is not None and pb is not None and pa.edge_colour(ea) == pb.edge_colour(eb):
                out.append(Bubble(a, b, pa.edge_colour(ea)))
        return out

    def matches(self, space: int) -> list[tuple[str, int | None, bool]]:
        """A gingerbread man's sides as printed: (symbol, the space beyond it, whether that
        space holds what the symbol asks for)."""
        p = self.placed[space]
        out = []
        for printed, symbol in enumerate(p.card["sides"]):
            other = board.across(space, board.board_edge(printed, p.turned))
            out.append((symbol, other, other is not None and self.satisfies(other, symbol)))
        return out

    def satisfies(self, space: int, symbol: str) -> bool:
        p = self.placed.get(space)
        if p is None:
            return False
        if symbol == rules.CANDY:
            return p.kind == "candy"
        if p.kind != "bauble":
            return False
        return p.card["color"] == symbol or p.card["shape"] == symbol

    def gingerbread_points(self, space: int) -> int:
        return rules.GINGERBREAD_LADDER[sum(ok for _, _, ok in self.matches(space))]

    def card_points(self, space: int) -> int:
        """Snowflakes on a bauble, the points on a candy; nothing on a gingerbread man."""
        p = self.placed[space]
        if p.kind == "bauble":
            return p.card["snowflakes"]
        if p.kind == "candy":
            return p.card["points"]
        return 0
