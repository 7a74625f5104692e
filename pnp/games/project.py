"""Load a game's files and check them: the front half of the pipeline every command shares.

Takes a game id and the folders to read from; returns the loaded spec (and, for building, the
layout) with one `Report` of every problem found: input problems first, then rule violations
from the game's validator (which runs only on a spec that could be read completely).
"""
from __future__ import annotations

from pathlib import Path

import re

from ..records import field, record
from ..diagnostics import InputError, Report, one_of
from . import GAMES, UnknownGame
from .base import GameDef, check_backs
from ..render.elements.layout import check_colours
from ..load.images import check_boxes, check_decodes, converting
from ..load.layout import Layout, Sheet, load_layout, load_sheets
from ..load.paths import display, is_file, layout_file, spec_home
from ..load.schema import ID_PATTERN
from ..load.spec import Spec, read_spec
from ..load.yamlload import MAX_BYTES, Node, load, read_regular

DECLARES = re.compile(rb"^kinds\s*:", re.M)  # a spec that declares its game has a top-level kinds:


@record
class Loaded:
    """A game as loaded and checked: its GameDef, its spec (None when it could not be read), one
    report of every problem found and, for a build, its layout."""

    game: GameDef
    spec: Spec | None
    report: Report = field(default_factory=Report)
    layout: Layout | None = None


def game_def(game_id: str, specs_dir: Path | None = None) -> GameDef | None:
    """The installed game `game_id`; None when it is not installed but `specs_dir` holds a spec
    of that name (a declared game, judged when its spec is read); UnknownGame otherwise."""
    if game_id in GAMES:
        return GAMES[game_id]
    if not GAMES:  # not even the shipped four: pnp itself is not installed as it should be
        raise UnknownGame(f"unknown game '{game_id}': no game is installed (the entry-point group "
                          "pnp.games is empty); install pnp with `python3 -m pip install -e .`")
    if specs_dir is not None and re.fullmatch(ID_PATTERN, game_id) and is_file(Path(specs_dir) / f"{game_id}.yaml"):
        return None
    where = f" and {display(Path(specs_dir))} has no {game_id}.yaml declaring one" if specs_dir is not None else ""
    raise UnknownGame(f"unknown game '{game_id}'; known games: {one_of(GAMES)}{where}")


def available_games(specs_dir: Path) -> list[str]:
    """The installed games that have a spec in specs_dir, in the registry's order, then the
    games its other specs declare, by name."""
    folder = Path(specs_dir)
    installed = [g for g in GAMES if is_file(folder / f"{g}.yaml")]
    declared = []
    for path in sorted(folder.glob("*.yaml")):
        if path.stem not in GAMES and re.fullmatch(ID_PATTERN, path.stem) and _declares(path):
            declared.append(path.stem)
    return installed + declared


def _declares(path: Path) -> bool:
    try:
        return DECLARES.search(read_regular(path, str(path), MAX_BYTES)) is not None
    except InputError:
        return False


def _unknown(game_id: str) -> GameDef:
    """A stand-in for a game whose spec could not say what it is, so its problems can be told."""
    return GameDef(id=game_id, title=game_id, kinds={}, back_kinds={}, boxes=(), players=())


def load_checked(game_id: str, specs_dir: Path) -> Loaded:
    """The spec read and checked: its own diagnostics, the game's rules, and — when it has user
    art — what only the layout can tell about the art (an image_box that is no box of the piece,
    more pixels than the piece prints), so `validate` finds what a build would refuse."""
    specs_dir = spec_home(game_id, specs_dir)
    loaded = _spec_checked(game_id, specs_dir)
    spec = loaded.spec
    if loaded.game.declared is not None and loaded.game.declared.draws_faces and spec is not None:  # its faces: the game's
        layout, lreport = game_layout(game_id, specs_dir, game=loaded.game, spec=spec)
        loaded.report.extend(lreport)
        if layout is not None:
            check_boxes(spec, layout, loaded.report)
            check_colours(spec, layout, loaded.report)
        return loaded
    art = [] if spec is None else [i.image for i in [*spec.components, *spec.backs.values()] if i.image]
    if art:
        layout, _ = game_layout(game_id, specs_dir, game=loaded.game, spec=spec)  # a bad layout: the build's to report
        if layout is not None:
            check_boxes(spec, layout, loaded.report)
        else:
            for im in dict.fromkeys(art):
                check_decodes(im, loaded.report)
    return loaded


def _spec_checked(game_id: str, specs_dir: Path) -> Loaded:
    specs_dir = spec_home(game_id, specs_dir)
    path = Path(specs_dir) / f"{game_id}.yaml"
    shown = display(path)
    package = game_def(game_id, specs_dir)
    try:
        root = load(path, shown)
    except InputError as exc:
        return Loaded(package or _unknown(game_id), None, exc.report)
    report = Report()
    game = _game_of(root, game_id, package, report)
    if game is None:
        return Loaded(package or _unknown(game_id), None, report)
    spec, spec_report = read_spec(root, path, game, shown)
    report.extend(spec_report)
    if spec is not None and game.declared is not None:  # its image fields name pictures: check them as art
        from .declared import check_images

        check_images(game.declared, spec, report)
    loaded = Loaded(game, spec, report)
    if spec is not None and not report.input_errors:
        game.validate(spec, report)
        check_backs(spec, game.face_down_decks(spec), report)  # every game's: one back a face-down deck
    return loaded


def _game_of(root: Node, game_id: str, package: GameDef | None, report: Report) -> GameDef | None:
    """The game a spec is of: the installed package's, or the one the spec declares (its kinds,
    rules and setup as data, a package's own hooks kept); None after reporting why neither."""
    if "kinds" in root.value and package is not None and package.declared is not None:
        report.error(root.key_loc("kinds"), "SPEC-UNKNOWN-KEY", f"'{game_id}' is declared by its package, in "
                                                                f"{package.declared.home}; its spec holds only the "
                                                                "components (take 'kinds' out)")
        return None
    if "kinds" in root.value:  # the game is declared in data (loaded only for such a spec)
        from .declared import declare

        return declare(root, game_id, package, report)
    if package is None:
        from .declared import KEYS

        at = root.key_loc("game") if "game" in root.value else root.loc
        report.error(at, "SPEC-GAME", f"'{game_id}' is not an installed game ({one_of(GAMES) or 'none is installed'}) "
                                      "and its spec declares none: a game of your own needs 'kinds' (each kind and its fields) and "
                                      f"'players', and may have {one_of(k for k in KEYS if k not in ('kinds', 'players'))}; "
                                      "pnp new ID writes one to start from")
        return None
    return package


def _declared_game(game_id: str, specs_dir: Path) -> tuple[GameDef | None, Report]:
    """A declared game's GameDef from its spec alone (for its layout, read before its spec)."""
    loaded = _spec_checked(game_id, specs_dir)
    return (loaded.game if loaded.game.declared is not None else None), loaded.report


def game_layout(game_id: str, specs_dir: Path, layouts_dir: Path | None = None,
                game: GameDef | None = None, spec: Spec | None = None) -> tuple[Layout | None, Report]:
    """The game's layout (its piece templates and editions, and a declared game's faces), and
    what reading it said."""
    specs_dir = spec_home(game_id, specs_dir)
    if game is None:
        game = game_def(game_id, specs_dir)
    if game is None:
        game, report = _declared_game(game_id, specs_dir)
        if game is None:
            return None, report
    lpath = layout_file(f"{game_id}.yaml", specs_dir, layouts_dir)
    faces = _face_info(game, spec) if game.declared is not None and game.declared.draws_faces else None
    return load_layout(lpath, game_id, game.boxes, display(lpath), kinds=list(game.kinds), faces=faces,
                       specs=Path(specs_dir))


def _face_info(game: GameDef, spec: Spec | None):
    from ..render.elements.layout import FaceInfo

    d = game.declared
    comps = list(dict.fromkeys(c.kind for c in spec.components)) if spec is not None else list(d.kinds.fields)
    backs = list(dict.fromkeys(b.kind for b in spec.backs.values())) if spec is not None else []
    return FaceInfo(d.kinds.fields, d.kinds.choices, d.kinds.images, spec.base if spec is not None else None,
                    comps, backs, required=d.draws_faces and spec is not None)


def load_for_build(game_id: str, specs_dir: Path, layouts_dir: Path | None = None) -> Loaded:
    specs_dir = spec_home(game_id, specs_dir)
    with converting():  # SVG art is also converted as it is checked: what svglib refuses is located here
        loaded = _spec_checked(game_id, specs_dir)
        if loaded.spec is None and game_id not in GAMES:
            # a game declared in its spec, which could not be read: its layout's faces cannot be
            # judged without the declaration (they would read as unknown keys), so only the
            # spec's own errors are told
            return loaded
        layout, lreport = game_layout(game_id, specs_dir, layouts_dir, loaded.game, loaded.spec)
        loaded.report.extend(lreport)
        loaded.layout = layout
        if layout is not None and loaded.spec is not None:
            check_boxes(loaded.spec, layout, loaded.report)  # an image_box must be a box of the piece's template
            check_colours(loaded.spec, layout, loaded.report)
    return loaded


def sheets(specs_dir: Path, layouts_dir: Path | None = None) -> tuple[dict[str, Sheet], Report]:
    path = layout_file("sheets.yaml", specs_dir, layouts_dir)
    return load_sheets(path, display(path))
