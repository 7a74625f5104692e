"""The games `pnp` knows: every installed package registered in the entry-point group `pnp.games`.

An entry point names a game id and the package that declares it, as the shipped four do in
pyproject.toml (`gem = "pnp.games.gem"`) and a third-party game does in its own:

    [project.entry-points."pnp.games"]
    my-game = "my_game"

`GAMES` reads the installed entry points when first asked and makes each game's `GameDef` when
that game is first asked for (pnp/games/base.py: its declaration, and its hooks by convention),
so a command loads only the games it uses. No id is listed in code.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

import sys

from .base import GameDef, UnknownGame, declared_in_data, from_package

GROUP = "pnp.games"


class Registry(Mapping[str, GameDef]):
    """Game id -> GameDef, for every installed game, in the order they were installed and
    declared (the shipped four in pyproject.toml's order)."""

    def __init__(self) -> None:
        self._packages: dict[str, str] | None = None
        self._games: dict[str, GameDef] = {}

    def packages(self) -> dict[str, str]:
        """Game id -> the package that declares it; the first registration of an id wins."""
        if self._packages is None:
            found: dict[str, str] = {}
            for name, value in _entry_points(GROUP):
                found.setdefault(name, value)
            self._packages = found
        return self._packages

    def refresh(self) -> None:
        """Read the installed entry points again (after a game package was installed or removed)."""
        self._packages = None
        self._games.clear()

    def __getitem__(self, game_id: str) -> GameDef:
        if game_id not in self._games:
            package = self.packages()[game_id]  # KeyError: no such game
            game = from_package(game_id, package)
            path = declared_in_data(sys.modules[package])
            if path is not None:  # the package declares its game in data (GEM's game.yaml)
                from .declared import declare_package

                game = declare_package(game_id, game, package, path)
            self._games[game_id] = game
        return self._games[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self.packages()

    def __iter__(self) -> Iterator[str]:
        return iter(self.packages())

    def __len__(self) -> int:
        return len(self.packages())


def _entry_points(group: str) -> list[tuple[str, str]]:
    """(name, value) of every installed entry point of the group, in the order importlib.metadata
    gives them: read from each distribution's entry_points.txt on sys.path, the first distribution
    of a name winning. Importing importlib.metadata costs 25 ms a process (email, zipfile, csv),
    more than a command such as `pnp validate` spends on a game; it is still used where a path
    entry is not a plain folder (a zip) or a file cannot be read."""
    import os
    import re

    out, seen = [], set()
    try:
        for entry in sys.path:
            folder = entry or os.getcwd()
            if not os.path.isdir(folder):
                if os.path.exists(folder):
                    raise OSError(f"{folder} is not a folder")
                continue
            for dist in os.listdir(folder):  # in the order importlib.metadata reads them
                if not dist.endswith((".dist-info", ".egg-info")):
                    continue
                key = re.sub(r"[-_.]+", "_", dist.rsplit(".", 1)[0].split("-")[0]).lower()
                if key in seen:
                    continue
                seen.add(key)
                path = os.path.join(folder, dist, "entry_points.txt")
                if os.path.isfile(path):
                    out += _section(path, group)
    except (OSError, UnicodeDecodeError, ValueError):
        from importlib.metadata import entry_points

        return [(ep.name, ep.value) for ep in entry_points(group=group)]
    return out


def _section(path: str, group: str) -> list[tuple[str, str]]:
    """The `name = value` lines of one section of an entry_points.txt."""
    found, inside = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                inside = line == f"[{group}]"
            elif inside and "=" in line and not line.startswith(("#", ";")):
                name, _, value = line.partition("=")
                found.append((name.strip(), value.strip()))
    return found


GAMES = Registry()

__all__ = ["GAMES", "GROUP", "GameDef", "Registry", "UnknownGame"]
