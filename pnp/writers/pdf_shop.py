"""Print-shop output: one piece per page, the page the piece's trim plus its bleed, and a file
per piece size.

A print shop takes one product per upload, every page of it the same size: `shop_files` splits
the build's pieces (every copy) by template, in the order the spec first uses each, and names a
file for each — OUT/<id>-shop-<template>.pdf, or OUT/<id>-shop.pdf for a game of one size.
`write_shop_pdf` writes one of them: every page carries a TrimBox (the piece's bounding box:
where it is cut) and a BleedBox (the whole page), fronts first and then backs in the same order,
or each front followed by its back (`order="interleaved"`), the way card printers take files.
Backs are placed as drawn, not mirrored: the shop pairs page n of the backs with page n of the
fronts. It returns the pages for the shop's sheet map, which `shop_map` makes: the settings that
apply to shop pages and, for each file, its name, template, page size, pages and SHA-256.
"""
from __future__ import annotations

from pathlib import Path

from ..records import record
from ..imposition import Piece
from ..geometry.drawing import translate
from ..render.pdf import PdfBackend
from .outputs import shop_pdf_name

# The orders a --shop build writes are options.SHOP_ORDERS. DriveThruCards takes one PDF per deck, the deck's back first and then every face (a deck whose
# cards each have their own back: each face followed by its back); its bleed and ink are
# options.SHOP_PRESETS. The Game Crafter's PNGs are pnp/writers/gamecrafter.py's.


@record
class ShopFile:
    """One PDF for the print shop: the pieces of one template (one piece size)."""

    name: str  # the file's name in OUT
    template: str
    pieces: list[Piece]


def shop_files(game: str, pieces: list[Piece], decks: dict[str, str] | None = None) -> list[ShopFile]:
    """The pieces split by template, templates in the order of first use; one file for one size.
    `decks` (DriveThruCards: a file per deck): piece id -> its deck's name, which splits each
    size further, a file per deck; a size of one deck keeps the size's name."""
    groups: dict[tuple, list[Piece]] = {}
    for p in pieces:
        groups.setdefault((p.template, (decks or {}).get(p.id, "")), []).append(p)
    sizes = {t for t, _ in groups}
    out = []
    for (t, deck), ps in groups.items():
        several = sum(1 for tt, _ in groups if tt == t) > 1
        suffix = "-".join(x for x in ((t if len(sizes) > 1 else ""), (deck if several else "")) if x)
        out.append(ShopFile(shop_pdf_name(game, suffix or None), t, ps))
    return out


def decks_of(pieces: list[Piece], art) -> dict[str, str]:
    """DriveThruCards' decks: the pieces of one back design are a deck (named by the design), and
    pieces whose backs are each their own (a card that shows its face on both sides) one deck of
    faces each followed by its back ("double-sided"); pieces without a back, "fronts"."""
    ids_of: dict[str, set] = {}
    for p in pieces:
        if p.has_back and p.id in art.back_of:
            ids_of.setdefault(art.back_of[p.id], set()).add(p.id)
    own = len(ids_of) > 1 and all(len(ids) == 1 for ids in ids_of.values())
    out = {}
    for p in pieces:
        key = art.back_of.get(p.id) if p.has_back else None
        out[p.id] = "fronts" if key is None else "double-sided" if own else _deck_name(key)
    return out


def _deck_name(back_key: str) -> str:
    """A back design's key (`back:<design>` or `back:<design>:<template>`) as a file-name part."""
    import re

    found = re.match(r"back:([^:@]+)", back_key)
    name = found.group(1) if found else back_key
    return re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-") or "deck"


def write_shop_pdf(path: Path, pieces: list[Piece], art, bleeds: dict[str, float], title: str,
                   order: str = "fronts-then-backs", press=None) -> list[dict]:
    """`art`: the build's Art (faces by id, backs by key, back_of); `bleeds`: bleed per template."""
    fronts = [(p, "front") for p in pieces]
    backs = [(p, "back") for p in pieces if p.has_back and p.id in art.back_of]
    shared = {art.back_of[p.id] for p, _ in backs}
    if order == "drivethru" and len(shared) == 1 and len(backs) == len(fronts):  # a deck: its back, then every face
        sequence = [backs[0]] + fronts
    elif order in ("interleaved", "drivethru"):
        sequence = []
        for p in pieces:
            sequence.append((p, "front"))
            if p.has_back and p.id in art.back_of:
                sequence.append((p, "back"))
    else:
        sequence = fronts + backs
    pdf = PdfBackend(str(path), title=title, press=press)
    pages = []
    for n, (piece, side) in enumerate(sequence, start=1):
        b = bleeds[piece.template]
        w, h = piece.outline.w, piece.outline.h
        W, H = w + 2 * b, h + 2 * b
        pdf.begin_page(W, H, trim=(b, b, b + w, b + h), bleed=(0, 0, W, H))
        if side == "front":
            key, drawing = f"face:{piece.id}", art.faces[piece.id]
        else:
            key = art.back_of[piece.id]
            drawing = art.backs[key]
        pdf.place_symbol(key, drawing, translate(b, b))
        pdf.end_page()
        pages.append({"page": n, "side": side, "id": piece.id, "copy": piece.copy, "template": piece.template,
                      "page_mm": [round(W, 3), round(H, 3)], "trim_mm": [round(b, 3), round(b, 3), round(w, 3), round(h, 3)],
                      "bleed_mm": round(b, 3)})
    pdf.save()
    return pages


def shop_map(game: str, edition, opts, files: list[tuple[ShopFile, list[dict], str]], press=None) -> dict:
    """The shop's sheet map: `files` holds each file with its pages and its PDF's SHA-256. Only
    the settings shop pages use are recorded: no paper, backs mode, back offset, diamonds on a
    sheet, slug or cut files — a shop page is the piece and its bleed, nothing else. `press`: the
    colour the files were converted for (pnp/render/press.py), None for RGB."""
    out = []
    for f, pages, sha in files:
        t = edition.templates[f.template]
        first = pages[0] if pages else {}
        out.append({"name": f.name, "template": f.template, "shape": t.shape,
                    "size_mm": [round(t.width, 3), round(t.height, 3)], "page_mm": first.get("page_mm"),
                    "bleed_mm": first.get("bleed_mm"), "pages": pages, "pdf_sha256": sha})
    return {"game": game, "shop": True, "order": opts.shop, "edition": edition.name, "lang": opts.lang,
            "bleed_mm": opts.bleed, "cmyk": opts.cmyk, "icc": press.name if press is not None else None,
            "ink_limit": opts.ink_limit if opts.cmyk else None, "files": out}


def listed_files(data) -> list[str]:
    """The shop PDFs an earlier shop map of `game` names (to find stale ones), whatever its form."""
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        return []
    return [f["name"] for f in data["files"] if isinstance(f, dict) and isinstance(f.get("name"), str)]
