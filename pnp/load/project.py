"""Load a game's files and check them: the front half of the pipeline every command shares.

Takes a game id and the folders to read from; returns the loaded spec (and, for building, the
layout) with one `Report` of every problem found: input problems first, then rule violations
from the game's validator (which runs only on a spec that could be read completely).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Report, one_of
from ..games import GAMES, UnknownGame
from ..games.base import GameDef
from .images import check_boxes, check_decodes
from .layout import Layout, Sheet, load_layout, load_sheets
from .paths import display, is_file, layout_file
from .spec import Spec, load_spec


@dataclass
class Loaded:
    game: GameDef
    spec: Spec | None
    report: Report = field(default_factory=Report)
    layout: Layout | None = None


def game_def(game_id: str) -> GameDef:
    if game_id not in GAMES:
        if not GAMES:
            raise UnknownGame(f"unknown game '{game_id}': no game is installed (the entry-point group "
                              "pnp.games is empty); install pnp with `python3 -m pip install -e .`")
        raise UnknownGame(f"unknown game '{game_id}'; known games: {one_of(GAMES)}")
    return GAMES[game_id]


def available_games(specs_dir: Path) -> list[str]:
    """The installed games that have a spec in specs_dir, in the registry's order."""
    return [g for g in GAMES if is_file(Path(specs_dir) / f"{g}.yaml")]


def load_checked(game_id: str, specs_dir: Path) -> Loaded:
    """The spec read and checked: its own diagnostics, the game's rules, and — when it has user
    art — what only the layout can tell about the art (an image_box that is no box of the piece,
    more pixels than the piece prints), so `validate` finds what a build would refuse."""
    loaded = _spec_checked(game_id, specs_dir)
    spec = loaded.spec
    art = [] if spec is None else [i.image for i in [*spec.components, *spec.backs.values()] if i.image]
    if art:
        layout, _ = game_layout(game_id, specs_dir)  # a layout that cannot be read is the build's to report
        if layout is not None:
            check_boxes(spec, layout, loaded.report)
        else:
            for im in dict.fromkeys(art):
                check_decodes(im, loaded.report)
    return loaded


def _spec_checked(game_id: str, specs_dir: Path) -> Loaded:
    game = game_def(game_id)
    path = Path(specs_dir) / f"{game_id}.yaml"
    spec, report = load_spec(path, game, display(path))
    loaded = Loaded(game, spec, report)
    if spec is not None and not report.input_errors:
        game.validate(spec, report)
    return loaded


def game_layout(game_id: str, specs_dir: Path, layouts_dir: Path | None = None) -> tuple[Layout | None, Report]:
    """The game's layout (its piece templates and editions), and what reading it said."""
    game = game_def(game_id)
    lpath = layout_file(f"{game_id}.yaml", specs_dir, layouts_dir)
    return load_layout(lpath, game_id, game.boxes, display(lpath), kinds=list(game.kinds))


def load_for_build(game_id: str, specs_dir: Path, layouts_dir: Path | None = None) -> Loaded:
    loaded = _spec_checked(game_id, specs_dir)
    layout, lreport = game_layout(game_id, specs_dir, layouts_dir)
    loaded.report.extend(lreport)
    loaded.layout = layout
    if layout is not None and loaded.spec is not None:
        check_boxes(loaded.spec, layout, loaded.report)  # an image_box must be a box of the piece's template
    return loaded


def sheets(specs_dir: Path, layouts_dir: Path | None = None) -> tuple[dict[str, Sheet], Report]:
    path = layout_file("sheets.yaml", specs_dir, layouts_dir)
    return load_sheets(path, display(path))
