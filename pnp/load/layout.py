"""Layout loader: layouts/<id>.yaml (editions of piece templates) and layouts/sheets.yaml (paper).

A layout names editions (card sizes a user picks with `--edition`); each edition holds piece
templates (`pnp/load/templates.py`): a shape and size plus named boxes; a box may `extends` another
and override any of x, y, width, height (Squib-style). Coordinates are millimetres from the
piece's bottom-left corner, y upwards, the same convention as the PDF and the sheet map.
Returns `Layout` / `Sheet` objects and located diagnostics: extends cycles, dangling names,
boxes outside the piece, boxes a renderer needs but lacks, kinds without a template.

A layout may also declare its own font families (`fonts:`) and inline icons (`icons:`), read and
checked by pnp/load/typefaces.py: files named relative to the layout's folder or the specs folder.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..records import field, record
from ..diagnostics import InputError, Loc, Report, one_of
from .schema import ID_PATTERN, INVALID, Field, Id, Length, Raw, read_fields
from .templates import Box, Edition, Needed, Template, derived_edition, read_edition
from .typefaces import FontFamily, read_typefaces
from .yamlload import load

if TYPE_CHECKING:  # pragma: no cover
    from ..render.elements.layout import FaceInfo

__all__ = ["Box", "Edition", "FontFamily", "Layout", "Sheet", "Template", "load_layout", "load_sheets"]
TYPEFACE_KEYS = ("fonts", "icons")  # read by pnp/load/typefaces.py

MIN_MARGIN_MM = 5.0
MIN_PRINTABLE_MM = 40.0  # the smallest paper (50 mm) with the smallest margin (5 mm)


@record
class Layout:
    """A game's layout as read: its editions and the default one, the file it came from, and its own
    font families and icons."""

    game: str
    default: str
    editions: dict[str, Edition]
    path: str
    fonts: dict[str, FontFamily] = field(default_factory=dict)  # family name -> its files (`fonts:`)
    icons: dict[str, Path] = field(default_factory=dict)  # icon name -> its file, resolved (`icons:`)


@record(frozen=True)
class Sheet:
    """A paper preset from sheets.yaml: its name, its width and height, and the margin on every
    side, in mm."""

    name: str
    width: float
    height: float
    margin: float
    loc: Loc | None = field(default=None, compare=False)  # the preset in sheets.yaml, for messages


def load_layout(path: str | Path, game: str, needed: Needed, display: str | None = None,
                kinds: Sequence[str] | None = None, faces: "FaceInfo | None" = None,
                specs: Path | None = None) -> tuple[Layout | None, Report]:
    """Load a game's layout. `needed` are the box names the game's renderer reads (for every kind,
    or per kind); `kinds` are the game's component kinds, each of which must have a template;
    `faces`, for a declared game, what its faces may name and their reader (pnp/render/elements/layout.py); `specs`, the specs
    folder, where the layout's fonts and icons are looked for after its own folder (by default a
    declared game's `faces.base`; with neither, only the layout's folder)."""
    display = display or str(path)
    report = Report()
    try:
        root = load(path, display)
    except InputError as exc:
        return None, exc.report
    values, locs = read_fields(root, [Field("default", Id()), Field("editions", Raw('map'))], report, f"the {game} layout",
                               extra_ok=TYPEFACE_KEYS + (("faces", "backs") if faces is not None else ()))
    if specs is None and faces is not None:
        specs = faces.base
    fonts, icons = read_typefaces(root, Path(path).parent, specs, report)
    editions: dict[str, Edition] = {}
    ed_node = root.get("editions")
    if ed_node is not None and ed_node.is_map:
        derived = {}
        for name, node in ed_node.value.items():
            if node.is_map and "from" in node.value:  # another edition at another size: once that one is read
                derived[name] = node
                continue
            ed = read_edition(name, node, needed, kinds, report)
            if ed is not None:
                editions[name] = ed
        made = {}
        for name, node in derived.items():
            ed = derived_edition(name, node, editions, report)
            if ed is not None:
                made[name] = ed
        editions.update(made)
    default = values["default"]
    if default is not INVALID and ed_node is not None and ed_node.is_map and default not in ed_node.value:
        report.error(locs["default"], "LAYOUT-DANGLING-REF",
                     f"default edition '{default}' is not defined; editions: {one_of(ed_node.value)}")
    if faces is not None and editions:  # read by the faces' own reader (pnp/render/elements/layout.py)
        faces.read(root, editions, report, root.loc, frozenset(fonts))
    if report.errors:
        return None, report
    return Layout(game, default, editions, display, fonts, icons), report


def load_sheets(path: str | Path, display: str | None = None) -> tuple[dict[str, Sheet], Report]:
    """Load the paper presets; every name must be an id (files are named after it), every margin
    at least 5 mm (printers cannot print nearer), leaving a printable area of at least
    MIN_PRINTABLE_MM each way."""
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
    if values is INVALID or values["sheets"] is INVALID:
        return sheets, report
    if not values["sheets"].value:
        report.error(values["sheets"].loc, "SPEC-MISSING-KEY", "'sheets' names no paper; it needs at least one "
                                                               "preset, such as a4: { width: 210mm, height: 297mm, margin: 5mm }")
    for name, node in values["sheets"].value.items():
        if not re.fullmatch(ID_PATTERN, str(name)):  # it names files (calibrate-<paper>-...pdf): no path in it
            report.error(values["sheets"].key_loc(name), "SPEC-ID", f"paper preset '{name}' is not a valid name, "
                         f"expected {Id().describe()} (it names the files made for it)")
            continue
        v, locs = read_fields(node, fields, report, f"sheet '{name}'")
        if v is INVALID or INVALID in v.values():
            continue
        printable = (v["width"] - 2 * v["margin"], v["height"] - 2 * v["margin"])
        if min(printable) < MIN_PRINTABLE_MM:
            report.error(locs["margin"], "SPEC-RANGE",
                         f"'margin' of sheet '{name}' ({v['margin']:g} mm) leaves a printable area of "
                         f"{printable[0]:g} x {printable[1]:g} mm on the {v['width']:g} x {v['height']:g} mm paper, "
                         f"expected at least {MIN_PRINTABLE_MM:g} mm each way")
            continue
        sheets[name] = Sheet(name, v["width"], v["height"], v["margin"], node.loc)
    return sheets, report
