"""Named boxes of a piece template: where a renderer puts each thing, in mm from the bottom-left
corner of the piece's bounding box, y up. A box may `extends` another and override x, y,
width, height or text (its type size), Squib-style. Takes the YAML `boxes` mapping; returns
resolved `Box`es and located diagnostics (extends cycles, dangling names, boxes outside)."""
from __future__ import annotations

from ..records import record
from ..diagnostics import Report
from .schema import INVALID, Field, Id, Length, read_fields
from ..geometry.shapes import Outline
from .yamlload import Node

BOX_KEYS = ("x", "y", "width", "height")


@record(frozen=True)
class Box:
    """A resolved box of a piece template, in mm from the bottom-left corner of the piece's bounding
    box (y up), with the type size of the text it holds, if any."""

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
    resolved = _resolve_all(raw, report, what)
    boxes: dict[str, Box] = {}
    for bname in raw:
        box = resolved[bname]
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


def _parent(raw: dict, name: str) -> str | None:
    parent = raw[name][0].get("extends")
    return None if parent is INVALID else parent


# Boxes stepped through while following `extends` chains, over the process's life: the work the
# resolution does, counted (a test reads it to see a chain of n boxes cost n steps, not n * n).
extends_steps = 0


def _resolve_all(raw: dict, report: Report, what: str) -> dict[str, Box | None]:
    """Every box with its `extends` chain applied, or None where it cannot be (a cycle, a dangling
    name, a bad value: reported once, at the box at fault). Iterative and memoised, so a chain of
    thousands of boxes takes linear time and no recursion."""
    global extends_steps
    done: dict[str, tuple[dict, Box] | None] = {}
    for start in raw:
        path: list[str] = []  # boxes waiting on the next one's resolution
        on_path: dict[str, int] = {}
        name: str | None = start
        while name is not None and name not in done:
            if name in on_path:
                _report_cycle(path[on_path[name]:], raw, report, what, done)
                break
            on_path[name] = len(path)
            path.append(name)
            extends_steps += 1
            parent = _parent(raw, name)
            if parent is not None and parent not in raw:
                vals, locs, _ = raw[name]
                report.error(locs["extends"], "LAYOUT-DANGLING-REF",
                             f"box '{name}' of {what} extends '{parent}', which is not a box; boxes: {', '.join(raw)}")
                done[name] = None
                break
            name = parent
        for name in reversed(path):
            if name in done:
                continue
            parent = _parent(raw, name)
            if parent is None:
                done[name] = _own(name, dict(EMPTY), raw, report, what)
            else:
                done[name] = None if done[parent] is None else _own(name, dict(done[parent][0]), raw, report, what)
    return {name: (None if done[name] is None else done[name][1]) for name in raw}


EMPTY = {k: None for k in BOX_KEYS + ("text", "min_text")}


def _report_cycle(cycle: list[str], raw: dict, report: Report, what: str, done: dict) -> None:
    for i, member in enumerate(cycle):
        names = cycle[i:] + cycle[:i] + [member]
        shown = names if len(names) <= 8 else names[:4] + [f"... ({len(names) - 6} more)"] + names[-2:]
        report.error(raw[member][2], "LAYOUT-EXTENDS-CYCLE", f"box '{member}' of {what} extends itself through {' -> '.join(shown)}")
        done[member] = None


def _own(name: str, base: dict, raw: dict, report: Report, what: str) -> tuple[dict, Box] | None:
    """The box's own values over what it inherits (`base`, in mm); None after a reported problem."""
    vals, locs, loc = raw[name]
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
    return base, Box(base["x"], base["y"], base["width"], base["height"], pt(base["text"]), name, pt(base["min_text"]))
