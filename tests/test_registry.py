"""The game registry (pnp/games/__init__.py): games are the installed packages registered in the
entry-point group `pnp.games` — the shipped four through pyproject.toml, any other package the
same way — and each game's hooks are found in its package by convention."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.games import GAMES
from pnp.games.base import Hook
from pnp.load.paths import SPECS_DIR
from shapes.register import SHAPES_DIR, register_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def registered(tmp_path):
    """Register {id: package} for one test, as an installed distribution would."""
    added = []

    def register(games: dict[str, str], dist: str = "pnp_test_games") -> None:
        register_game(tmp_path, dist, games)
        if str(tmp_path) not in sys.path:
            sys.path.insert(0, str(tmp_path))
            added.append(str(tmp_path))
        GAMES.refresh()

    yield register
    for folder in added:
        sys.path.remove(folder)
    GAMES.refresh()


def test_the_shipped_games_are_the_entry_points_pyproject_declares():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["pnp.games"]
    assert declared == {"the-jam": "pnp.games.the_jam", "gem": "pnp.games.gem",
                        "pi-mal-pflaumen": "pnp.games.pi_mal_pflaumen", "christmas-tree": "pnp.games.christmas_tree"}
    assert {gid: package for gid, package in GAMES.packages().items() if gid in declared} == declared


def test_a_game_package_declares_and_its_hooks_are_found_by_convention():
    gem = GAMES["gem"]
    # GEM declares its game in data (pnp/games/gem/game.yaml): players, kinds, rules and setup
    assert (gem.id, gem.title, gem.players) == ("gem", "GEM", (2, 3, 4))
    assert set(gem.kinds) == {"coin", "gem"} and set(gem.back_kinds) == {"emblem"}
    assert gem.declared.home == "pnp/games/gem/game.yaml"
    assert [r.code for r in gem.declared.rules] == ["GEM-COIN-VALUE", "GEM-COIN-VALUES", "GEM-CARD-COUNT", "GEM-GEMS",
                                                    "GEM-DIAMOND", "GEM-KINDS"]
    # ... and only its art and its scorer in code, found by convention
    hooks = {name: (h.module, h.name) for name in ("render_face", "render_back", "score")
             for h in [getattr(gem, name)]}
    assert hooks == {"render_face": ("pnp.games.gem.render", "render_face"),
                     "render_back": ("pnp.games.gem.render", "render_back"),
                     "score": ("pnp.games.gem.score", "score")}
    assert gem.score and gem.card_name  # modules and functions that exist
    assert not gem.deck_context  # GEM has no deck.py: the optional hook is absent
    assert GAMES["the-jam"].deck_context  # The Jam's deck.py has one
    assert not Hook("pnp.games.gem.validate", "validate")  # no validator or setup in Python any more
    assert not Hook("pnp.games.gem.setup", "setup")


def test_a_hook_names_what_it_could_not_find():
    hook = Hook("pnp.games.gem.nothing_here", "validate")
    assert not hook
    with pytest.raises(Exception, match="pnp.games.gem.nothing_here has no function validate"):
        hook(None, None)


def test_a_package_registered_like_a_third_party_one_is_a_game_every_command_knows(registered, tmp_path, cli):
    """A second registration of GEM's package under another id: the id comes from the entry
    point, not from a list in code, and validate, list and setup all work on it."""
    registered({"gem-again": "pnp.games.gem"})
    specs = tmp_path / "specs"
    specs.mkdir()
    text = (SPECS_DIR / "gem.yaml").read_text(encoding="utf-8").replace("game: gem\n", "game: gem-again\n")
    (specs / "gem-again.yaml").write_text(text, encoding="utf-8")
    assert "gem-again" in GAMES and GAMES["gem-again"].title == "GEM"
    r = cli("validate", "--specs", specs)
    assert r.code == 0 and "gem-again: ok" in r.out
    r = cli("setup", "gem-again", "--players", "3", "--seed", "1", "--specs", specs)
    assert r.code == 0 and "player 3" in r.out


def test_an_unknown_game_names_the_installed_ones(cli):
    r = cli("validate", "harbor")
    assert r.code == 2
    assert "unknown game 'harbor'; known games: " in r.err
    for gid in ("christmas-tree", "gem", "pi-mal-pflaumen", "the-jam"):
        assert gid in r.err


def test_a_package_that_declares_too_little_is_refused_by_name(registered, tmp_path, cli):
    pkg = tmp_path / "half_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text('TITLE = "Half"\nKINDS = {}\n', encoding="utf-8")
    registered({"half": "half_game"})
    r = cli("validate", "half")
    assert r.code == 2
    assert "game 'half': its package half_game does not declare BACK_KINDS, BOXES, PLAYERS" in r.err
    assert "Traceback" not in r.err


def test_a_package_that_cannot_be_imported_is_refused_and_the_rest_still_work(registered, tmp_path, cli):
    pkg = tmp_path / "broken_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('half installed')\n", encoding="utf-8")
    registered({"broken": "broken_game"})
    r = cli("validate", "broken")
    assert r.code == 2 and "game 'broken': its package broken_game cannot be loaded (RuntimeError: half installed)" in r.err
    assert cli("validate", "gem").code == 0


def test_a_registered_game_is_found_in_a_fresh_process(tmp_path):
    """The registry reads the installed metadata itself: a new `pnp` process finds the shapes test
    game from its dist-info folder on PYTHONPATH, with no help from the tests' process."""
    register_game(tmp_path, "pnp_shapes_test", {"shapes-test": "shapes_game"})
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(SHAPES_DIR), str(ROOT)])}
    r = subprocess.run([sys.executable, "-m", "pnp", "validate", "shapes-test", "--specs", str(SHAPES_DIR / "card_specs")],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "shapes-test: ok" in r.stdout


def test_with_no_game_installed_the_error_says_how_to_install(monkeypatch, cli):
    monkeypatch.setattr(GAMES, "_packages", {})
    monkeypatch.setattr(GAMES, "_games", {})
    r = cli("validate", "gem")
    assert r.code == 2
    assert "no game is installed (the entry-point group pnp.games is empty)" in r.err
    assert "python3 -m pip install -e ." in r.err


@pytest.mark.parametrize("group", ["pnp.games", "console_scripts", "pytest11"])
def test_the_entry_points_read_without_importlib_metadata_are_the_ones_it_reads(group):
    """The registry reads entry_points.txt itself (importing importlib.metadata costs 25 ms a process):
    the same entry points, in the same order, as importlib.metadata gives for any group."""
    from importlib.metadata import entry_points

    from pnp.games import _entry_points

    theirs = [(ep.name, ep.value) for ep in entry_points(group=group)]
    assert theirs, group  # the group is installed here: the comparison compares something
    assert _entry_points(group) == theirs


def test_a_path_entry_that_is_a_zip_is_read_by_importlib_metadata(tmp_path, monkeypatch):
    import sys

    from pnp.games import GROUP, _entry_points

    archive = tmp_path / "eggs.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip archive
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    assert dict(_entry_points(GROUP))["gem"] == "pnp.games.gem"
