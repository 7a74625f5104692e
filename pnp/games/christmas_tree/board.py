"""The tree: 21 diamond spaces in rows of 1 to 6, and which edges and corners of them touch.

One table for everything that needs the tree's geometry: the board drawing places its spaces
from it, the scorer finds neighbours, bubbles, rows and diagonals in it, and goal cards draw
their formations on the same lattice. (CHOICE, consistent with the seed: diamonds with a vertical
long axis; each card touches up to four neighbours edge to edge and others corner to corner.)

Spaces are numbered 1-21 in reading order, row 1 (the top, level I) to row 6. In lattice
coordinates (u, v), u counts steps down-right and v steps down-left from the top space: the
space in row r at position i (from 0, left to right) is u = i, v = r - 1 - i. Edge neighbours
differ by one step in u or v; corner neighbours by one step in both.

A card's four edges, as printed and seen upright: 0 upper-left, 1 upper-right, 2 lower-right,
3 lower-left. A card turned upside down shows its edge k on the board's edge (k + 2) % 4.
"""
from __future__ import annotations

from ...records import record


ROWS = 6
EDGE_NAMES = ("upper-left", "upper-right", "lower-right", "lower-left")
# the step in (u, v) across each edge
EDGE_STEP = {0: (-1, 0), 1: (0, -1), 2: (1, 0), 3: (0, 1)}
OPPOSITE = {0: 2, 1: 3, 2: 0, 3: 1}
NUMERALS = ("I", "II", "III", "IV", "V", "VI")


@record(frozen=True)
class Space:
    number: int  # 1..21, reading order
    row: int  # 1..6, top to bottom
    pos: int  # 0..row-1, left to right
    u: int
    v: int


def _spaces() -> dict[int, Space]:
    out, n = {}, 0
    for row in range(1, ROWS + 1):
        for pos in range(row):
            n += 1
            out[n] = Space(n, row, pos, pos, row - 1 - pos)
    return out


SPACES: dict[int, Space] = _spaces()
AT: dict[tuple[int, int], int] = {(s.u, s.v): n for n, s in SPACES.items()}


def board_edge(printed: int, turned: bool) -> int:
    """The board edge a card's printed edge lies on."""
    return (printed + 2) % 4 if turned else printed


def across(space: int, edge: int) -> int | None:
    """The space on the other side of a board edge of `space`, or None at the tree's border."""
    s = SPACES[space]
    du, dv = EDGE_STEP[edge]
    return AT.get((s.u + du, s.v + dv))


def edge_pairs() -> list[tuple[int, int, int, int]]:
    """Every pair of spaces that share an edge: (space a, its edge, space b, b's edge), once."""
    pairs = []
    for n in SPACES:
        for edge in (2, 3):  # each shared edge seen from its upper space
            m = across(n, edge)
            if m is not None:
                pairs.append((n, edge, m, OPPOSITE[edge]))
    return pairs


def corner_neighbours(space: int) -> list[int]:
    """Spaces touching `space` at a corner only: beside it in its row, or two rows up or down."""
    s = SPACES[space]
    steps = ((1, -1), (-1, 1), (1, 1), (-1, -1))
    return [AT[(s.u + du, s.v + dv)] for du, dv in steps if (s.u + du, s.v + dv) in AT]


def touching(space: int) -> list[int]:
    """Every space a card in `space` touches: edge to edge or corner to corner."""
    edges = [across(space, edge) for edge in EDGE_STEP]
    return sorted({n for n in edges if n is not None} | set(corner_neighbours(space)))


def groups(spaces) -> list[list[int]]:
    """The spaces split into groups that touch (edge or corner), each sorted, in reading order of
    their first space."""
    left, out = set(spaces), []
    for start in sorted(left):
        if start not in left:
            continue
        group, todo = [], [start]
        left.discard(start)
        while todo:
            n = todo.pop()
            group.append(n)
            for m in touching(n):
                if m in left:
                    left.discard(m)
                    todo.append(m)
        out.append(sorted(group))
    return out


def spans(spaces) -> str:
    """Space numbers as runs: '4-21', '1, 3, 5-7'."""
    runs: list[list[int]] = []
    for n in sorted(spaces):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def rows() -> list[list[int]]:
    """Each level's spaces left to right, level I (the top, one space) first."""
    return [[n for n, s in SPACES.items() if s.row == r] for r in range(1, ROWS + 1)]


def diagonals() -> list[list[int]]:
    """The lines along the two edge directions, each from its top space down: twelve of them."""
    lines = []
    for fixed in ("u", "v"):
        for k in range(ROWS):
            line = [n for n, s in SPACES.items() if getattr(s, fixed) == k]
            lines.append(sorted(line, key=lambda n: SPACES[n].row))
    return lines


def centre(space: int, step_x: float, step_y: float) -> tuple[float, float]:
    """A space's centre relative to the top space's, for diamonds step_x wide and step_y high
    laid edge to edge (y up, so lower rows are negative): edge neighbours sit at (±step_x / 2,
    ∓step_y / 2), corner neighbours a whole step across or down."""
    s = SPACES[space]
    return (s.u - s.v) * step_x / 2, -(s.u + s.v) * step_y / 2
