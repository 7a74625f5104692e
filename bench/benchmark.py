"""Speed and size figures for `pnp`, printed, not asserted (the machines are shared and noisy).

    python3 bench/benchmark.py [--repeat N]

For every shipped game: load + validate time, build time, pages, PDF size; the same for the
shapes test game (diamonds, circles, hexagons and a tiled board). Then a 400-card
deck (the GEM spec with every card's count raised) to show how a big print run scales, with
peak memory. Targets are printed beside the figures so a regression stands out.
"""
from __future__ import annotations

import argparse
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.build import BuildOptions, build  # noqa: E402
from pnp.diagnostics import Report  # noqa: E402
from pnp.paths import LAYOUTS_DIR, SPECS_DIR  # noqa: E402
from pnp.project import available_games, load_checked, load_for_build, sheets  # noqa: E402

TARGETS = {
    "validate_s": 0.5,  # one game's load + validate
    "build_s": 3.0,  # one shipped game, all pages
    "big_build_s": 5.0,  # 400 cards: repeated faces are form XObjects, so this stays near-flat
    "big_pdf_mb": 2.0,
    "peak_rss_mb": 250.0,
}


def timed(fn, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def build_game(game: str, specs: Path, out: Path, force: bool = False, layouts: Path | None = LAYOUTS_DIR):
    loaded = load_for_build(game, specs, layouts)
    if loaded.report.input_errors or (loaded.report.errors and not force):
        raise SystemExit(f"{game}: spec has errors:\n" + "\n".join(map(str, loaded.report.items)))
    presets, _ = sheets(specs, layouts)
    return build(loaded, BuildOptions(presets["a4"]), out, Report())


SHAPES = ROOT / "tests" / "shapes"


def shapes_game() -> str:
    """Register the shapes test game (one kind per piece shape, a board larger than A4)."""
    import importlib.util

    from pnp.games import GAMES

    spec = importlib.util.spec_from_file_location("shapes_game", SHAPES / "game.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    GAMES[module.GAME_ID] = module.GAME
    return module.GAME_ID


def flag(value: float, target: float) -> str:
    return "ok" if value <= target else "OVER TARGET"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        print(f"{'game':<18}{'validate':>10}{'build':>10}{'cards':>7}{'pages':>7}{'pdf':>10}")
        for game in available_games(SPECS_DIR):
            v, _ = timed(lambda g=game: load_checked(g, SPECS_DIR), args.repeat)
            b, built = timed(lambda g=game: build_game(g, SPECS_DIR, out), args.repeat)
            size = built.pdf.stat().st_size / 1e6
            print(f"{game:<18}{v:>9.3f}s{b:>9.2f}s{built.cards:>7}{built.pages:>7}{size:>8.2f}MB"
                  f"   [{flag(v, TARGETS['validate_s'])}, {flag(b, TARGETS['build_s'])}]")

        shapes = shapes_game()
        b, built = timed(lambda: build_game(shapes, SHAPES / "card_specs", out, layouts=None), args.repeat)
        size = built.pdf.stat().st_size / 1e6
        print(f"{'every shape':<18}{'':>10}{b:>9.2f}s{built.cards:>7}{built.pages:>7}{size:>8.2f}MB"
              f"   [{flag(b, TARGETS['build_s'])}]  (tests/shapes: diamonds, circles, hexagons, a tiled board)")

        big = out / "big"
        big.mkdir()
        text = (SPECS_DIR / "gem.yaml").read_text(encoding="utf-8")
        text = re.sub(r"(kind: gem, [^}]*?) \}", r"\1, count: 22 }", text)  # 18 x 22 + 12 coins = 408 cards
        (big / "gem.yaml").write_text(text, encoding="utf-8")
        b, built = timed(lambda: build_game("gem", big, out / "bigout", force=True), 1)
        size = built.pdf.stat().st_size / 1e6
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"\n{built.cards}-card deck: {b:.2f}s, {built.pages} pages, {size:.2f} MB, "
              f"{built.cards / b:.0f} cards/s   [{flag(b, TARGETS['big_build_s'])}, {flag(size, TARGETS['big_pdf_mb'])}]")
        print(f"peak memory (whole run): {rss:.0f} MB   [{flag(rss, TARGETS['peak_rss_mb'])}]")
        print("targets: " + ", ".join(f"{k} <= {v:g}" for k, v in TARGETS.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
