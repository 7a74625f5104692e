"""Layout loader: layouts/<id>.yaml (card templates) and layouts/sheets.yaml (paper presets).

A card template is a card size plus named boxes; a box may `extends` another and override
any of x, y, width, height (Squib-style). Coordinates are millimetres from the card's
bottom-left corner, y upwards, the same convention as the PDF and the sheet map. Returns
`Layout` / `Sheet` objects and located diagnostics; resolves `extends` chains and reports
cycles, dangling names, boxes that leave the card and boxes a renderer needs but lacks.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .diagnostics import InputError, Loc, Report, one_of
from .schema import INVALID, Field, Id, Length, Raw, Record, read_fields
from .yamlload import Node, load

MIN_MARGIN_MM = 5.0
BOX_KEYS = ("x", "y", "width", "height")


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    text: float | None = None  # text size in pt, where the box holds text

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def top(self) -> float:
        return self.y + self.h


@dataclass
class Edition:
    name: str
    width: float
    height: float
    boxes: dict[str, Box]
    loc: Loc

    def box(self, name: str) -> Box:
        return self.boxes[name]


@dataclass
class Layout:
    game: str
    default: str
    editions: dict[str, Edition]
    path: str


@dataclass(frozen=True)
class Sheet:
    name: str
    width: float
    height: float
    margin: float


def load_layout(path: str | Path, game: str, needed: Sequence[str], display: str | None = None) -> tuple[Layout | None, Report]:
    """Load a game's layout. `needed` are the box names the game's renderer reads."""
    display = display or str(path)
    report = Report()
    try:
        root = load(path, display)
    except InputError as exc:
        return None, exc.report
    values, locs = read_fields(root, [Field("default", Id()), Field("editions", Raw('map'))], report, f"the {game} layout")
    editions: dict[str, Edition] = {}
    ed_node = root.get("editions")
    if ed_node is not None and ed_node.is_map:
        for name, node in ed_node.value.items():
            ed = _read_edition(name, node, needed, report)
            if ed is not None:
                editions[name] = ed
    default = values["default"]
    if default is not INVALID and ed_node is not None and ed_node.is_map and default not in ed_node.value:
        report.error(locs["default"], "LAYOUT-DANGLING-REF",
                     f"default edition '{default}' is not defined; editions: {one_of(ed_node.value)}")
    if report.errors:
        return None, report
    return Layout(game, default, editions, display), report


CARD = Record([Field("width", Length(lo_mm=10, hi_mm=400)), Field("height", Length(lo_mm=10, hi_mm=400))])


def _read_edition(name: str, node: Node, needed: Sequence[str], report: Report) -> Edition | None:
    what = f"edition '{name}'"
    values, _ = read_fields(node, [Field("card", CARD), Field("boxes", Raw('map'))], report, what)
    if values is INVALID or values["card"] is INVALID or values["boxes"] is INVALID:
        return None
    width, height = values["card"]["width"], values["card"]["height"]
    if INVALID in (width, height):
        return None
    boxes_node: Node = values["boxes"]
    raw = {}
    for bname, bnode in boxes_node.value.items():
        fields = [Field(k, Length(lo_mm=None), required=False) for k in BOX_KEYS]
        fields += [Field("extends", Id(), required=False), Field("text", Length(lo_mm=1 * 25.4 / 72, hi_mm=200 * 25.4 / 72), required=False)]
        bvals, blocs = read_fields(bnode, fields, report, f"box '{bname}' of {what}")
        if bvals is not INVALID:
            raw[bname] = (bvals, blocs, bnode.loc)
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
                         f"box '{bname}' of {what} ({box.x:g}, {box.y:g}, {box.w:g} x {box.h:g} mm) "
                         f"lies outside the {width:g} x {height:g} mm card")
        boxes[bname] = box
    for need in needed:
        if need not in raw:
            report.error(node.key_loc("boxes"), "LAYOUT-MISSING-BOX",
                         f"{what} has no box '{need}'; the renderer needs boxes {', '.join(needed)}")
    return Edition(name, width, height, boxes, node.loc)


def _resolve(name: str, raw: dict, report: Report, what: str, chain: list[str]) -> Box | None:
    vals, locs, loc = raw[name]
    if name in chain:
        report.error(loc, "LAYOUT-EXTENDS-CYCLE", f"box '{name}' of {what} extends itself through {' -> '.join(chain + [name])}")
        return None
    base: dict = {k: None for k in BOX_KEYS}
    base["text"] = None
    parent = vals.get("extends")
    if parent not in (None, INVALID):
        if parent not in raw:
            report.error(locs["extends"], "LAYOUT-DANGLING-REF",
                         f"box '{name}' of {what} extends '{parent}', which is not a box; boxes: {', '.join(raw)}")
            return None
        pbox = _resolve(parent, raw, report, what, chain + [name])
        if pbox is None:
            return None
        parent_text = pbox.text * 25.4 / 72 if pbox.text is not None else None  # back to mm, as read
        base = {"x": pbox.x, "y": pbox.y, "width": pbox.w, "height": pbox.h, "text": parent_text}
    for k in BOX_KEYS + ("text",):
        v = vals.get(k)
        if v is INVALID:
            return None
        if v is not None:
            base[k] = v
    missing = [k for k in BOX_KEYS if base[k] is None]
    if missing:
        report.error(loc, "LAYOUT-BOX", f"box '{name}' of {what} has no {', '.join(missing)} (nor inherits any through 'extends')")
        return None
    text_pt = base["text"] * 72 / 25.4 if base["text"] is not None else None
    return Box(base["x"], base["y"], base["width"], base["height"], text_pt)


def load_sheets(path: str | Path, display: str | None = None) -> tuple[dict[str, Sheet], Report]:
    """Load the paper presets; every margin must be at least 5 mm (printers cannot print nearer)."""
    display = display or str(path)
    report = Report()
    try:
        root = load(path, display)
    except InputError as exc:
        return {}, exc.report
    fields = [Field("width", Length(lo_mm=50, hi_mm=2000)), Field("height", Length(lo_mm=50, hi_mm=2000)),
              Field("margin", Length(lo_mm=MIN_MARGIN_MM, hi_mm=100))]
    values, _ = read_fields(root, [Field("sheets", Raw('map'))], report, "the sheet presets")
    sheets: dict[str, Sheet] = {}
    if values is not INVALID and values["sheets"] is not INVALID:
        for name, node in values["sheets"].value.items():
            v, _ = read_fields(node, fields, report, f"sheet '{name}'")
            if v is not INVALID and INVALID not in v.values():
                sheets[name] = Sheet(name, v["width"], v["height"], v["margin"])
    return sheets, report
