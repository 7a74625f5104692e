"""The sheet map writer: which piece is where on which page, as JSON-ready data.

Takes the plan and the build's settings; returns `{"game", "paper", "pages": [...]}` with one
entry per side printed on each page (a gutterfold sheet has a front and a back entry under the
same page number). Every piece gives its trim box and trim outline in page millimetres; a tile
of a piece larger than the paper also gives its row and column, the region of the piece it
holds, its glue areas and its cross-hairs.
"""
from __future__ import annotations

from ..imposition import Page, Plan


def sheet_map(game: str, settings: dict, plan: Plan) -> dict:
    return {"game": game, **settings,
            "pages": [entry for i, page in enumerate(plan.pages, start=1) for entry in _entries(i, page)]}


def _entries(n: int, page: Page) -> list[dict]:
    sides = ("front", "back") if page.side == "gutterfold" else (page.side,)
    return [{"page": n, "side": side, "pieces": [p.as_json() for p in page.placements if p.side == side]}
            for side in sides]
