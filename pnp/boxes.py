"""Named boxes of a piece template: where a renderer puts each thing, in mm from the bottom-left
corner of the piece's bounding box, y up. A box may `extends` another and override x, y,
width, height or text (its type size), Squib-style. Takes the YAML `boxes` mapping; returns
resolved `Box`es and located diagnostics (extends cycles, dangling names, boxes outside)."""
from __future__ import annotations

from dataclasses import dataclass

from .diagnostics import Report
from .schema import INVALID, Field, Id, Length, read_fields
from .shapes import Outline
from .yamlload import Node

BOX_KEYS = ("x", "y", "width", "height")


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    text: float | None = None  # text size in pt, where the box holds text
    name: str = ""  # the layout's name for the box (empty for a box a renderer makes up)
    min_text: float | None = None  # pt: the smallest its text may shrink to (pnp.text.MIN_TEXT if None)

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def top(self) -> float:
        return self.y + self.h


def read_boxes(boxes_node: Node, outline: Outline, what: str, noun: str | None, report: Report) -> dict[str, Box]:
    """Named boxes with `extends` resolved; a box must lie within the outline's bounding box."""
    raw = {}
    for bname, bnode in boxes_node.value.items():
        fields = [Field(k, Length(lo_mm=None), required=False) for k in BOX_KEYS]
        text_size = Length(lo_mm=1 * 25.4 / 72, hi_mm=200 * 25.4 / 72)
        fields += [Field("extends", Id(), required=False), Field("text", text_size, required=False),
                   Field("min_text", text_size, required=False)]
        bvals, blocs = read_fields(bnode, fields, report, f"box '{bname}' of {what}")
        if bvals is not INVALID:
            raw[bname] = (bvals, blocs, bnode.loc)
    width, height = outline.w, outline.h
    within = f"the {width:g} x {height:g} mm {noun}" if noun else (
        f"the {width:g} x {height:g} mm {'card' if outline.shape == 'rect' else 'bounding box of the ' + outline.shape}")
    boxes: dict[str, Box] = {}
    for bname in raw:
        box = _resolve(bname, raw, report, what, [])
        if box is None:
            continue
        loc = raw[bname][2]
        eps = 0.01
        if box.w <= 0 or box.h <= 0:
            report.error(loc, "LAYOUT-BOX", f"box '{bname}' of {what} is {box.w:g} x {box.h:g} mm, expected a positive width and height")
        elif box.x < -eps or box.y < -eps or box.x + box.w > width + eps or box.y + box.h > height + eps:
            report.error(loc, "LAYOUT-BOX",
                         f"box '{bname}' of {what} ({box.x:g}, {box.y:g}, {box.w:g} x {box.h:g} mm) lies outside {within}")
        boxes[bname] = box
    return boxes


def _resolve(name: str, raw: dict, report: Report, what: str, chain: list[str]) -> Box | None:
    vals, locs, loc = raw[name]
    if name in chain:
        report.error(loc, "LAYOUT-EXTENDS-CYCLE", f"box '{name}' of {what} extends itself through {' -> '.join(chain + [name])}")
        return None
    base: dict = {k: None for k in BOX_KEYS}
    base["text"] = base["min_text"] = None
    parent = vals.get("extends")
    if parent not in (None, INVALID):
        if parent not in raw:
            report.error(locs["extends"], "LAYOUT-DANGLING-REF",
                         f"box '{name}' of {what} extends '{parent}', which is not a box; boxes: {', '.join(raw)}")
            return None
        pbox = _resolve(parent, raw, report, what, chain + [name])
        if pbox is None:
            return None
        def mm(pt):  # back to mm, as read
            return pt * 25.4 / 72 if pt is not None else None
        base = {"x": pbox.x, "y": pbox.y, "width": pbox.w, "height": pbox.h, "text": mm(pbox.text),
                "min_text": mm(pbox.min_text)}
    for k in BOX_KEYS + ("text", "min_text"):
        v = vals.get(k)
        if v is INVALID:
            return None
        if v is not None:
            base[k] = v
    missing = [k for k in BOX_KEYS if base[k] is None]
    if missing:
        report.error(loc, "LAYOUT-BOX", f"box '{name}' of {what} has no {', '.join(missing)} (nor inherits any through 'extends')")
        return None
    def pt(mm):
        return mm * 72 / 25.4 if mm is not None else None
    if base["min_text"] is not None and base["text"] is not None and base["min_text"] > base["text"] + 1e-9:
        report.error(locs.get("min_text", loc), "LAYOUT-BOX",
                     f"box '{name}' of {what} may shrink its text to {pt(base['min_text']):g} pt, more than its "
                     f"text size {pt(base['text']):g} pt; min_text is at most text")
        return None
    return Box(base["x"], base["y"], base["width"], base["height"], pt(base["text"]), name, pt(base["min_text"]))
