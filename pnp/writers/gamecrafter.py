"""`--shop gamecrafter`: The Game Crafter's upload — one PNG per card face and per back, at its
pixel sizes.

The Game Crafter takes each card as an image of the card plus 1/8 in of bleed all round at 300
dpi (its poker card, 2.5 x 3.5 in: 825 x 1125 px) and each deck's back once. Takes the build's
pieces and drawings; writes OUT/<id>-gamecrafter/ — `<card id>.png` for every face (the count
is set on the site, from the map), `<design>.back.png` for every back drawing (pnp/writers/png.py
names them as `pnp export --png` does) — and OUT/<id>-gamecrafter.json, which lists every file
with its card, side, count, back and pixel size, and the product of that size. A piece size the
shop does not sell is said (`unsold`), naming the edition of the game's layout that is that size
where there is one.
"""
from __future__ import annotations

from ..records import field, record
from .png import card_shots, rasterise

DPI = 300
BLEED_MM = 25.4 / 8
# The Game Crafter's card products, by trim size in inches (their templates: 300 dpi, 1/8 in bleed).
PRODUCTS = {"poker": (2.5, 3.5), "bridge": (2.25, 3.5), "mini": (1.75, 2.5), "tarot": (2.75, 4.75),
            "square": (3.5, 3.5), "domino": (1.75, 3.5), "micro": (1.25, 1.75)}
TOLERANCE_MM = 0.25


def pixels_of(w_mm: float, h_mm: float) -> tuple[int, int]:
    """The pixels of a trim of w x h mm with its bleed, as the shop asks for them."""
    from .png import pixels

    return pixels(w_mm + 2 * BLEED_MM, DPI), pixels(h_mm + 2 * BLEED_MM, DPI)


def product_of(w_mm: float, h_mm: float) -> str | None:
    """The product a trim of w x h mm is (either way up), or None."""
    for name, (w, h) in PRODUCTS.items():
        for a, b in ((w, h), (h, w)):
            if abs(a * 25.4 - w_mm) <= TOLERANCE_MM and abs(b * 25.4 - h_mm) <= TOLERANCE_MM:
                return name
    return None


@record
class Upload:
    files: list[dict] = field(default_factory=list)
    unsold: list[tuple] = field(default_factory=list)  # (template, sentence) per piece size the shop does not sell


def write_gamecrafter(folder, loaded, edition, art, layout_editions: dict) -> Upload:
    """Write the PNGs into `folder` (a staged folder of the build's commit); the upload's list."""
    comps = loaded.spec.components
    templates = {c.id: edition.template_for(c.kind) for c in comps}
    jobs, backs = card_shots(comps, templates, art, BLEED_MM, DPI)
    up, said, listed = Upload(), set(), set()
    for c in comps:
        t = templates[c.id]
        product = product_of(t.width, t.height)
        if product is None and t.name not in said:
            said.add(t.name)
            up.unsold.append((t, _unsold(t, layout_editions)))
        key = art.back_of.get(c.id)
        face = jobs[f"{c.id}.png"]
        up.files.append({"file": f"{c.id}.png", "id": c.id, "side": "front", "count": c.count,
                         "back": backs[key] if key else None, "px": list(face.size), "product": product})
        if key is not None and backs[key] not in listed:
            listed.add(backs[key])
            up.files.append({"file": backs[key], "id": None, "side": "back", "count": None, "back": None,
                             "px": list(jobs[backs[key]].size), "product": product})
    for name, img in zip(jobs, rasterise(list(jobs.values()), DPI)):
        img.save(folder / name, dpi=(DPI, DPI))
    return up


def _unsold(template, layout_editions: dict) -> str:
    size = f"{template.width:g} x {template.height:g} mm"
    sold = [f"{n} ({w:g} x {h:g} in)" for n, (w, h) in PRODUCTS.items()]
    fits = [name for name, ed in layout_editions.items()
            if template.name in ed.templates and product_of(ed.templates[template.name].width,
                                                             ed.templates[template.name].height) is not None]
    hint = f"; the layout's --edition {fits[0]} is a size it sells" if fits else ""
    return (f"The Game Crafter sells no card of {size} (template '{template.name}'): its cards are "
            f"{', '.join(sold)}{hint}")
