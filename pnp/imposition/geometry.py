"""What every packer shares: the printable region, crop-mark sizes, and the error they raise."""
from __future__ import annotations

from ..records import record


MARK_GAP = 1.0  # mm between the bleed edge and the start of a crop mark
MARK_LEN = 5.0  # mm, where the printable area leaves room
MARK_MIN = 2.0  # mm: marks shrink to this rather than lose a row or column of pieces
MARK_ZONE = MARK_GAP + MARK_MIN

Rect = tuple[float, float, float, float]  # x, y, w, h in page mm
Line = tuple[float, float, float, float]  # x1, y1, x2, y2


class ImpositionError(Exception):
    """A piece that cannot be placed on the paper; the message carries the measurements."""


@record(frozen=True)
class Region:
    """The part of the sheet pieces and marks may use (inside the margins; a half for gutterfold)."""

    x0: float
    y0: float
    x1: float
    y1: float
    fold: bool = False  # the bottom edge is the fold of a gutterfold sheet: fronts may reach it

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    def inset(self, d: float) -> "Region":
        return Region(self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d, self.fold)

    def clip_segment(self, x1: float, y1: float, x2: float, y2: float) -> Line | None:
        """The part of a segment inside the region (Liang-Barsky), or None."""
        dx, dy = x2 - x1, y2 - y1
        t0, t1 = 0.0, 1.0
        for p, q in ((-dx, x1 - self.x0), (dx, self.x1 - x1), (-dy, y1 - self.y0), (dy, self.y1 - y1)):
            if abs(p) < 1e-12:
                if q < 0:
                    return None
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
        if t0 > t1:
            return None
        return x1 + dx * t0, y1 + dy * t0, x1 + dx * t1, y1 + dy * t1
