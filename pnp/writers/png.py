"""The PNG writer: piece drawings rasterised by a real PDF renderer, so a PNG matches the print.

Takes `Shot`s — a drawing, the box of it to show (mm, in the drawing's own coordinates) and the
pixel size wanted — and a resolution. Each shot becomes one page of an in-memory PDF written by
the same PDF backend that writes the sheets (fonts, clips and shared symbols alike); pypdfium2
renders every page. Yields Pillow images, one per shot, in order: RGBA, transparent where the
piece has no art (outside a round corner, a diamond or a circle), unless a background is given.
`back_files` names the back pictures of an export: one file per distinct back drawing.
"""
from __future__ import annotations

import io
from typing import Iterator

from ..records import record
from ..geometry.drawing import Drawing, multiply, scale, translate
from ..render.pdf import PdfBackend

MM_PER_IN = 25.4
TRANSPARENT = (255, 255, 255, 0)
WHITE = (255, 255, 255, 255)


@record(frozen=True)
class Shot:
    drawing: Drawing
    box: tuple[float, float, float, float]  # x, y, w, h in mm: the part of the drawing to show
    size: tuple[int, int]  # pixels


def pixels(mm: float, dpi: float) -> int:
    """The pixels `mm` spans at `dpi`, rounded to the nearest (63 mm at 150 dpi: 372)."""
    return max(1, round(mm * dpi / MM_PER_IN))


def shot(drawing: Drawing, box: tuple[float, float, float, float], dpi: float) -> Shot:
    """A shot of `box` at `dpi`: its pixel size follows from the box's size in mm."""
    return Shot(drawing, box, (pixels(box[2], dpi), pixels(box[3], dpi)))


def rasterise(shots: list[Shot], dpi: float, background: tuple = TRANSPARENT) -> Iterator:
    """Render each shot to exactly its pixel size. The page of a shot is its pixel size at `dpi`
    (so within half a pixel of its box); the box is stretched onto it by that sub-pixel amount."""
    import pypdfium2 as pdfium

    if not shots:
        return
    data = io.BytesIO()
    pdf = PdfBackend(data, title="pnp export")
    for s in shots:
        page_w, page_h = (n * MM_PER_IN / dpi for n in s.size)
        x, y, w, h = s.box
        pdf.begin_page(page_w, page_h)
        pdf.place(s.drawing, multiply(translate(-x, -y), scale(page_w / w, page_h / h)))
        pdf.end_page()
    pdf.save()
    doc = pdfium.PdfDocument(data.getvalue())
    try:
        for i, s in enumerate(shots):
            page = doc[i]
            bitmap = page.render(scale=dpi / 72, fill_color=background, draw_annots=False)
            img = bitmap.to_pil()
            # pdfium rounds the page's size up; a float hair over the page gives one extra pixel
            yield img.crop((0, 0, *s.size)) if img.size != s.size else img
            page.close()
    finally:
        doc.close()


def back_files(components, template_of: dict[str, str], back_of: dict[str, str], drawings: dict) -> dict:
    """The file of each back drawing (key in `back_of`'s values -> name): one per distinct
    drawing, so a design that backs 81 cards is one file, and a design drawn card by card (one
    showing the card's level) one file per look. Named after the design, `gem-back.back.png`;
    with `-<template>` where it backs pieces of two sizes, `-1`, `-2`, … where it looks several
    ways. `template_of`: a card's id -> its template's name; `drawings`: key -> Drawing."""
    looks: dict[tuple, list] = {}  # (design, template) -> its distinct drawings, in the spec's order
    keys_of: dict[str, tuple] = {}  # key -> (design, template, look)
    for c in components:
        key = back_of.get(c.id)
        if key is None or key in keys_of:
            continue
        group = looks.setdefault((c.back, template_of[c.id]), [])
        look = next((i for i, d in enumerate(group) if d == drawings[key]), None)
        if look is None:
            group.append(drawings[key])
            look = len(group) - 1
        keys_of[key] = (c.back, template_of[c.id], look)
    sizes = {design: sum(1 for d, _ in looks if d == design) for design, _ in looks}
    names: dict[tuple, str] = {}
    for design, template in looks:
        for look in range(len(looks[design, template])):
            stem = design + (f"-{template}" if sizes[design] > 1 else "") + \
                (f"-{look + 1}" if len(looks[design, template]) > 1 else "")
            name, n = f"{stem}.back.png", 1
            while name in names.values():  # a design named like another's numbered look: never one file for two
                n += 1
                name = f"{stem}-{n}.back.png"
            names[design, template, look] = name
    return {key: names[where] for key, where in keys_of.items()}


def card_shots(components, templates: dict, art, bleed: float, dpi: float, check=None) -> tuple[dict, dict]:
    """The pictures of a game's pieces, as `pnp export --png` and the shops' PNG uploads write
    them: file name -> Shot, each component's face as `<id>.png` and each back drawing once (shot
    at the first card it backs), with `bleed` mm of the art round the trim; and each back drawing's
    file name, by its key. `templates`: a component's id -> its template; `check(template, box)`
    is asked of each face before it is shot (a size the caller refuses)."""
    backs = back_files(components, {i: t.name for i, t in templates.items()}, art.back_of, art.backs)
    jobs = {}
    for c in components:
        t = templates[c.id]
        box = (-bleed, -bleed, t.width + 2 * bleed, t.height + 2 * bleed)
        if check is not None:
            check(t, box)
        jobs[f"{c.id}.png"] = shot(art.faces[c.id], box, dpi)
        key = art.back_of.get(c.id)
        if key is not None and backs[key] not in jobs:
            jobs[backs[key]] = shot(art.backs[key], box, dpi)
    return jobs, backs
