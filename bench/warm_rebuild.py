"""The warm one-card rebuild of `pnp watch`, per shipped game, printed (not asserted).

    python3 bench/warm_rebuild.py [--repeat N]      (bench/benchmark.py prints it too)

In one process with a render cache, as `pnp watch` runs: build the game once (cold), then edit
one card's field in a copy of its spec and rebuild, again and again (edit, undo, edit, …, so each
rebuild draws that card again): load + validate, draw the changed faces only, impose, write the
PDF, the sheet map and the manifest. Target: 0.5 s for any shipped game (issue 12); 0.3 s for
a declared game of 500 cards whose one CSV row is edited (issue 19: bench/benchmark.py).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.options import BuildOptions
from pnp.build import build  # noqa: E402
from pnp.diagnostics import Report  # noqa: E402
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR  # noqa: E402
from pnp.games.project import available_games, load_for_build, sheets  # noqa: E402
from pnp.incremental.render_cache import RenderCache  # noqa: E402

TARGET_S = 0.5
# One card's edit per game: (card id, text in its spec line, what it becomes).
EDITS = {
    "the-jam": ("strawberry-jam-walnut", "points: 1", "points: 2"),
    "gem": ("sapphire-ruby", "loan: 2", "loan: 3"),
    "pi-mal-pflaumen": ("r1-01", "points: 1", "points: 2"),
    "christmas-tree": ("candy-3a", "points: 3", "points: 4"),
}


def warm_rebuilds(tmp: Path, repeat: int = 3) -> dict[str, float]:
    """Print one line per game; return the median warm rebuild time per game."""
    specs = tmp / "card_specs"
    specs.mkdir(parents=True, exist_ok=True)
    medians = {}
    for game in available_games(SPECS_DIR):
        card, old, new = EDITS[game]
        text = (SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")
        line = next(ln for ln in text.splitlines() if f"id: {card}," in ln)
        variants = [text, text.replace(line, line.replace(old, new, 1))]
        medians[game] = warm_one(game, specs, LAYOUTS_DIR, specs / f"{game}.yaml", variants, tmp / "out", repeat)
    return medians


def warm_one(game: str, specs: Path, layouts: Path, path: Path, variants: list[str], out: Path, repeat: int,
             target: float = TARGET_S, label: str | None = None) -> float:
    """Build `game` once, then write `path` as each of `variants` in turn and rebuild with one
    render cache, as `pnp watch` does; print the median and return it."""
    presets, _ = sheets(SPECS_DIR, LAYOUTS_DIR)
    cache = RenderCache()

    def rebuild(source: str):
        path.write_text(source, encoding="utf-8")
        loaded = load_for_build(game, specs, layouts)
        return build(loaded, BuildOptions(presets["a4"]), out, Report(), cache=cache)

    t0 = time.perf_counter()
    rebuild(variants[0])
    cold = time.perf_counter() - t0
    times, drawn = [], 0
    for k in range(2 * max(repeat, 3)):
        t0 = time.perf_counter()
        built = rebuild(variants[(k + 1) % 2])
        times.append(time.perf_counter() - t0)
        drawn = max(drawn, cache.drawn)
    warm = statistics.median(times)
    print(f"warm rebuild {label or game:<16}{warm:>7.3f}s median, {max(times):.3f}s worst; cold {cold:.2f}s; "
          f"{drawn} face(s) drawn again of {built.cards} cards on {built.pages} pages   "
          f"(target <= {target:g}s)   [{'PASS' if warm <= target else 'FAIL'}]")
    return warm


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        warm_rebuilds(Path(tmp), args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
