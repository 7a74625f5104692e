"""`image: PATH` — a picture filling a box, clipped to it: a PNG, JPEG or SVG inside the specs
folder (the same rule as user art), or "{field}" naming an image field of the kind. It covers the
box (cut to it, centred) unless `fit: contain` asks for all of it inside the box. An SVG prints as
vectors (pnp/load/svgart.py), scaled the same way."""
from __future__ import annotations

from ...load import images
from ..drawing import Path
from . import params

KEYS = ("fit",)
FITS = ("cover", "contain")


def read(node, el, ctx, report, what) -> bool:
    v = node.value["image"]
    parts = params.template(v, ctx, report, f"'image' of {what}")
    if parts is None:
        return False
    fields = [p[0] for p in parts if not isinstance(p, str)]
    if fields:
        if len(parts) != 1 or fields[0] not in ctx.images:
            report.error(v.loc, "FACE-IMAGE", f"'image' of {what} is '{v.value}': it names a picture by one image "
                                              f"field, such as \"{{art}}\"; image fields: {', '.join(sorted(ctx.images)) or 'none'}")
            return False
        el.value = ("field", fields[0])
    else:
        path = images.resolve("".join(parts), ctx.base, v.loc, report) if ctx.base is not None else None
        if path is None:
            return False
        el.value = ("file", path)
    if "fit" in node.value:
        el.opts["fit"] = params.choose(node.value["fit"], FITS, report, f"'fit' of {what}")
        return el.opts["fit"] is not None
    return True


def draw(d, el, box, env) -> None:
    how, what = el.value
    path = what if how == "file" else env.image(what)
    if path is not None:
        env.place_image(d, path, box, el.opts.get("fit", "cover"))


def place_image(d, path, box, fit: str = "cover") -> None:
    """The picture at `path` in `box`: covering it (centred, cut to the box) or, with "contain",
    all of it inside the box. Decoded once however many faces show it (pnp/load/images.py)."""
    img = images.decoded(path)
    W, H = img.size  # pixels, or an SVG's points
    s = (max if fit == "cover" else min)(box.w / W, box.h / H)  # mm per pixel (or point)
    w, h = W * s, H * s
    x, y = box.x + (box.w - w) / 2, box.y + (box.h - h) / 2
    images.picture(d.group(clip=Path.rect(box.x, box.y, box.w, box.h)), x, y, w, h, img)
