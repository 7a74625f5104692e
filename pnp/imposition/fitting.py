"""More pieces per sheet: whether a smaller bleed or another paper would hold more of a game's
most numerous piece than the build's own choice.

Takes the pieces of a build (`build.pieces_of`), its paper, bleed, backs and diamonds mode and
the paper presets; returns a `Fit`: how many of the template most pieces use one sheet holds as
built, with the largest bleed (down to MIN_BLEED, in steps of BLEED_STEP) that holds the most and
the other papers at the build's bleed, each only where it holds more. The imposition itself
counts (its packers, as `count.py` asks them), so the answer is what a build with that option would
print. A piece printed in tiles has no answer.
"""
from __future__ import annotations

import math
from collections import Counter

from ..records import field, record
from .count import area, per_page, piece_bleed
from .plan import Piece
from ..load.layout import Sheet

MIN_BLEED = 1.0  # mm: less leaves no room for a slightly-off cut
BLEED_STEP = 0.5  # mm


@record
class Fit:
    """How many pieces of the game's most used template one sheet holds as built, and the smaller
    bleed and the other papers that would hold more."""

    template: str
    shape: str
    per_sheet: int  # as built
    paper: str
    bleed: float
    pieces: int  # of this template in the game
    bleed_fit: tuple[float, int] | None = None  # (bleed, per sheet) when a smaller bleed holds more
    paper_fits: list[tuple[str, int]] = field(default_factory=list)  # (paper, per sheet) that hold more

    @property
    def better(self) -> bool:
        """Whether an option holds more, and the game needs more than one sheet of these pieces."""
        return self.pieces > self.per_sheet and (self.bleed_fit is not None or bool(self.paper_fits))

    def as_json(self) -> dict:
        return {"template": self.template, "per_sheet": self.per_sheet, "paper": self.paper, "bleed_mm": self.bleed,
                "smaller_bleed": {"bleed_mm": self.bleed_fit[0], "per_sheet": self.bleed_fit[1]} if self.bleed_fit else None,
                "other_paper": [{"paper": p, "per_sheet": n} for p, n in self.paper_fits]}


def per_sheet(sample: Piece, sheet: Sheet, bleed: float, backs: str, diamonds: str) -> int:
    """How many copies of `sample` one sheet holds (0 when none fits: it is printed in tiles)."""
    o = sample.outline
    return per_page(o, area(sheet, backs), piece_bleed(o, bleed, diamonds), diamonds)


def fit(pieces: list[Piece], sheet: Sheet, bleed: float, backs: str, diamonds: str, papers: dict[str, Sheet]) -> Fit | None:
    if not pieces:
        return None
    counts = Counter(p.template for p in pieces)
    template = counts.most_common(1)[0][0]
    sample = next(p for p in pieces if p.template == template)
    here = per_sheet(sample, sheet, bleed, backs, diamonds)
    if not here:  # a piece printed in tiles: no option holds more of it on a sheet
        return None
    out = Fit(template, sample.shape, here, sheet.name, bleed, counts[template])
    tried = {b: per_sheet(sample, sheet, b, backs, diamonds) for b in _steps(bleed)}
    most = max(tried.values(), default=0)
    if most > here:  # the largest bleed that holds that many
        out.bleed_fit = (max(b for b, n in tried.items() if n == most), most)
    for name, other in papers.items():
        if name != sheet.name:
            n = per_sheet(sample, other, bleed, backs, diamonds)
            if n > here:
                out.paper_fits.append((name, n))
    return out


def _steps(bleed: float) -> list[float]:
    """The bleeds to try: multiples of BLEED_STEP from MIN_BLEED up to, not including, `bleed`."""
    k = math.ceil(MIN_BLEED / BLEED_STEP - 1e-9)
    out = []
    while k * BLEED_STEP < bleed - 1e-9:
        out.append(round(k * BLEED_STEP, 3))
        k += 1
    return out
