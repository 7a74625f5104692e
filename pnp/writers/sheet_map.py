"""The sheet map writer: which piece is where on which page, as JSON-ready data.

Takes the plan and the build's settings; returns `{"game", "paper", "pages": [...]}` with one
entry per side printed on each page (a gutterfold sheet has a front and a back entry under the
same page number). Every piece gives its trim box and trim outline in page millimetres; a tile
of a piece larger than the paper also gives its row and column, the region of the piece it
holds, its glue areas and its cross-hairs. With cut files, the registration marks (the same on
every sheet that is cut) and, on each front entry, the name of its SVG cut file. In a duplex
print, the fronts of backless pieces, which have no back page, carry `"one_sided": true`, and
`one_sided_pages` lists them (the last pages: print them single-sided).

A back page drawn turned (`back_rotate_deg` in the settings: pnp/writers/pdf_sheets.py
`back_turn`) gives each back piece where it is actually printed: its `outline_mm` turned, and its
`trim_mm` the bounding box of that outline.
"""
from __future__ import annotations

from ..imposition import Page, Plan
from .sheet_marks import Registration
from .pdf_sheets import turned_outline
from .svg_cuts import file_name


def sheet_map(game: str, settings: dict, plan: Plan, cuts: tuple[str, Registration] | None = None) -> dict:
    """`cuts`: the cut files' folder (as the map names it) and their registration marks."""
    extra = {"registration": cuts[1].as_json()} if cuts else {}
    turn = (plan.width, plan.height, settings.get("back_rotate_deg") or 0.0)
    pages = [entry for i, page in enumerate(plan.pages, start=1)
             for entry in _entries(i, page, len(plan.pages), cuts, turn)]
    one_sided = [i for i, page in enumerate(plan.pages, start=1) if page.one_sided]
    return {"game": game, **settings, **extra, "one_sided_pages": one_sided, "pages": pages}


def one_sided_note(game: str, pages: list[int], backs: str) -> str | None:
    """'christmas-tree: pages 37-41 are one-sided: print them single-sided', or None: `pages` as the
    sheet map lists them, `backs` as the build printed them."""
    if not pages:
        return None
    if backs == "gutterfold":  # every page prints single-sided: these are not folded
        which = f"page {pages[0]} has" if len(pages) == 1 else f"pages {page_ranges(pages)} have"
        return f"{game}: {which} no backs: nothing to fold, cut the pieces out as they are"
    if len(pages) == 1:
        return f"{game}: page {pages[0]} is one-sided: print it single-sided"
    return f"{game}: pages {page_ranges(pages)} are one-sided: print them single-sided"


def page_ranges(pages: list[int]) -> str:
    """'37-41', '3, 5-6': page numbers as ranges."""
    runs: list[list[int]] = []
    for n in sorted(pages):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in runs)


def _entries(n: int, page: Page, count: int, cuts, turn) -> list[dict]:
    sides = ("front", "back") if page.side == "gutterfold" else (page.side,)
    out = []
    for side in sides:
        turned = turn if page.side == "back" and turn[2] else None
        entry = {"page": n, "side": side, "pieces": [_piece(p, turned) for p in page.placements if p.side == side]}
        if page.one_sided:
            entry["one_sided"] = True  # no back page: print it single-sided
        if cuts and side == "front":
            entry["cut_file"] = f"{cuts[0]}/{file_name(n, count)}"
        out.append(entry)
    return out


def _piece(p, turn) -> dict:
    out = p.as_json()
    if turn:
        pts = turned_outline(p, *turn)
        out["outline_mm"] = [[round(x, 3), round(y, 3)] for x, y in pts]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        out["trim_mm"] = [round(min(xs), 3), round(min(ys), 3), round(max(xs) - min(xs), 3), round(max(ys) - min(ys), 3)]
    return out
