"""Register a game package as pip would: a `<dist>.dist-info` folder on sys.path whose
entry_points.txt names it in the group `pnp.games`. The tests and the benchmark register the
shapes test game this way, exactly as an installed third-party game package is found."""
from __future__ import annotations

import sys
from pathlib import Path

SHAPES_DIR = Path(__file__).parent


def register_game(where: Path, dist: str, games: dict[str, str]) -> None:
    """Write `where/<dist>-0.1.dist-info` registering `games` ({id: package}) in `pnp.games`."""
    info = where / f"{dist}-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    lines = "".join(f"{gid} = {package}\n" for gid, package in games.items())
    (info / "entry_points.txt").write_text(f"[pnp.games]\n{lines}", encoding="utf-8")


def register_shapes(where: Path) -> list[str]:
    """Register the shapes test game (tests/shapes/shapes_game/) under `shapes-test`; returns
    the folders put on sys.path (to take off again)."""
    from pnp.games import GAMES

    register_game(where, "pnp_shapes_test", {"shapes-test": "shapes_game"})
    added = [str(where), str(SHAPES_DIR)]
    sys.path[:0] = added
    GAMES.refresh()
    return added
