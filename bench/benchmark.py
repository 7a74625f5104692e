"""Speed and size figures for `pnp`, each printed beside its target with PASS or FAIL.

    python3 bench/benchmark.py [--repeat N]

First the targets of issue 12, measured as ratios within one run so that a noisy machine cannot
fool them (pnp's bytecode compiled first, as an install does): a cold `pnp build` of every game (A4, duplex, a fresh process each time) against the
bare-reportlab floor (FLOOR below: the same pages and pieces, read from the build's sheet maps,
each one rounded rectangle and two strings), a cold `pnp validate` of every game with its peak
memory, and the size of the English PDFs together. Then, for every shipped game: load + validate
time, build time, pages, PDF size; the same for the shapes test game (diamonds, circles, hexagons
and a tiled board); and a 400-card deck (the GEM spec with every card's count raised) to show how
a big print run scales, with peak memory. Then issue 26's: load + validate of each of the seven
published card games declared in data (tests/declared/published/, and examples/six-nimmt).
"""
from __future__ import annotations

import argparse
import re
import resource
import statistics
import subprocess
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
from pnp.games.project import available_games, load_checked, load_for_build, sheets  # noqa: E402
from warm_rebuild import warm_one, warm_rebuilds  # noqa: E402

ISSUE_TARGETS = {
    "floor_ratio": 2.5,  # cold build of every game / the bare-reportlab floor (issue 31; issue 12 said 3)
    "validate_all_s": 0.3,  # cold `pnp validate` of every game
    "validate_peak_mb": 200.0,
    "english_pdfs_mb": 2.5,  # the four English PDFs together
}
TARGETS = {
    "validate_s": 0.5,  # one game's load + validate
    "build_s": 3.0,  # one shipped game, all pages
    "big_build_s": 5.0,  # 400 cards: repeated faces are form XObjects, so this stays near-flat
    "big_pdf_mb": 2.0,
    "peak_rss_mb": 250.0,
    "declared_validate_s": 0.3,  # issue 19: a declared game of 500 cards from a CSV, cold
    "declared_rate_ratio": 1.5,  # its build's time a card against the shipped games' together
    "declared_warm_s": 0.3,  # its warm one-card rebuild in pnp watch, one CSV row edited
    "mix_search_s": 1.0,  # pnp score pi-mal-pflaumen: the end-of-game mix search on its slowest hand
    "published_validate_s": 0.3,  # issue 26: one published game declared in data, load + validate
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
    """Register the shapes test game (one kind per piece shape, a board larger than A4) through
    the entry-point group `pnp.games`, as the tests do."""
    sys.path.insert(0, str(SHAPES.parent))
    from shapes.register import register_shapes

    register_shapes(Path(tempfile.mkdtemp(prefix="pnp-bench-site-")))
    return "shapes-test"


def flag(value: float, target: float) -> str:
    return "PASS" if value <= target else "FAIL"


# The floor: what reportlab alone takes to write the same pages with the same pieces on them
# (one rounded rectangle and two strings per piece), a font embedded as pnp does, in a cold process.
FLOOR = r"""
import json, sys
from pathlib import Path
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

fonts, out = Path(sys.argv[1]), Path(sys.argv[2])
pdfmetrics.registerFont(TTFont("DejaVuSans", str(fonts / "DejaVuSans.ttf")))
for sheet_map in sys.argv[3:]:
    plan = json.loads(Path(sheet_map).read_text(encoding="utf-8"))
    size = (plan["paper"]["width_mm"] * mm, plan["paper"]["height_mm"] * mm)
    c = Canvas(str(out / (plan["game"] + ".pdf")), pagesize=size, invariant=1, pageCompression=1,
               initialFontName="DejaVuSans", initialFontSize=7)
    for page in plan["pages"]:
        c.setPageSize(size)
        for piece in page["pieces"]:
            x, y, w, h = (v * mm for v in piece["trim_mm"])
            c.setFillColorRGB(0.9, 0.85, 0.7)
            c.roundRect(x, y, w, h, 3 * mm, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.drawString(x + 2 * mm, y + h - 5 * mm, piece["id"])
            c.drawString(x + 2 * mm, y + 2 * mm, "%s copy %d" % (piece["kind"], piece["copy"]))
        c.showPage()
    c.save()
"""


def cold(argv: list[str]) -> float:
    """Wall time of a fresh Python process running argv (a failure stops the benchmark)."""
    t0 = time.perf_counter()
    _python(argv)
    return time.perf_counter() - t0


def _python(argv: list[str]) -> str:
    """What a fresh Python process running argv printed (a failure stops the benchmark)."""
    done = subprocess.run([sys.executable, *argv], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)[:200]} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return done.stdout


# What `pnp build` does before it forks the workers that build the games (its command line, its
# options, the modules every game's build imports, the shipped fonts registered), and the floor's
# equivalent; each prints the seconds it took.
START = ("import os, sys, time; t = time.perf_counter()\n"
         "import pnp.commands.parallel as workers\n"
         "def run(*jobs, **how):\n"
         "    print(time.perf_counter() - t, flush=True)\n"
         "    os._exit(0)\n"
         "workers.run = run\n"
         "sys.argv = ['pnp', 'build', '--paper', 'a4', '--out', sys.argv[1]]\n"
         "from pnp.cli import main; main()")
FLOOR_START = ("import sys, time; t = time.perf_counter()\n"
               "from reportlab.pdfbase import pdfmetrics\n"
               "from reportlab.pdfbase.ttfonts import TTFont\n"
               "from reportlab.pdfgen.canvas import Canvas\n"
               "pdfmetrics.registerFont(TTFont('DejaVuSans', sys.argv[1] + '/DejaVuSans.ttf'))\n"
               "print(time.perf_counter() - t)")


def timed_inside(code: str, *argv: str) -> float:
    """The seconds a fresh Python process running `code` says it took."""
    return float(_python(["-c", code, *argv]).split()[-1])


# `pnp validate` in a process of its own, its peak memory printed after it (pnp's command line:
# `python -m pnp` itself ends the process when the command is done)
PEAK = ("import resource\n"
        "from pnp.cli import main\n"
        "main(['validate'])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")


def issue_targets(out: Path, repeat: int) -> None:
    """Cold build against the floor, interleaved so both see the same machine; validate; sizes."""
    build_dir, floor_dir = out / "cold", out / "floor"
    floor_dir.mkdir()
    # As installed: pip compiles a package's bytecode when it installs it (reportlab's, which the
    # floor imports, is compiled). An editable checkout run with PYTHONDONTWRITEBYTECODE=1 would
    # otherwise compile every pnp module on every run (70 ms) and measure that, not pnp.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "pnp")], check=True)
    build_argv = ["-m", "pnp", "build", "--paper", "a4", "--backs", "duplex-long", "--out", str(build_dir)]
    builds, floors = [], []
    for _ in range(repeat):
        builds.append(cold(build_argv))
        maps = sorted(str(p) for p in build_dir.glob("*.json")
                      if not p.name.startswith(".") and not p.name.endswith(".manifest.json"))
        floors.append(cold(["-c", FLOOR, str(ROOT / "fonts"), str(floor_dir), *maps]))
    b, f = statistics.median(builds), statistics.median(floors)
    # what a cold build spends before any game is built (no second core can share it), against the
    # floor's own start: importing reportlab and parsing its font
    start = statistics.median(timed_inside(START, str(out / "start")) for _ in range(repeat))
    floor_start = statistics.median(timed_inside(FLOOR_START, str(ROOT / "fonts")) for _ in range(repeat))
    validates = [cold(["-m", "pnp", "validate"]) for _ in range(repeat)]
    v = statistics.median(validates)
    peak = subprocess.run([sys.executable, "-c", PEAK], cwd=ROOT, capture_output=True, text=True)
    peak_mb = int(peak.stdout.split()[-1]) / 1024
    pdfs = sorted(p for p in build_dir.glob("*.pdf"))
    size = sum(p.stat().st_size for p in pdfs) / 1e6
    t = ISSUE_TARGETS
    print(f"cold build, every game (A4, duplex-long): {b:.2f}s; bare-reportlab floor: {f:.2f}s; "
          f"ratio {b / f:.2f} (target <= {t['floor_ratio']:g})   [{flag(b / f, t['floor_ratio'])}]")
    print(f"  set-up before any game is built (after the interpreter's own start): {start:.3f}s; "
          f"the floor's (reportlab imported, its font parsed): {floor_start:.3f}s")
    print(f"cold validate, every game: {v:.2f}s (target <= {t['validate_all_s']:g}s)   "
          f"[{flag(v, t['validate_all_s'])}]; peak memory {peak_mb:.0f} MB "
          f"(target <= {t['validate_peak_mb']:g} MB)   [{flag(peak_mb, t['validate_peak_mb'])}]")
    print(f"English PDFs together: {size:.2f} MB (target <= {t['english_pdfs_mb']:g} MB)   "
          f"[{flag(size, t['english_pdfs_mb'])}]  " + ", ".join(f"{p.stem} {p.stat().st_size / 1e6:.2f}" for p in pdfs))




def declared(folder: Path, shipped_rate: float, repeat: int) -> None:
    """Issue 19's figures: Lantern Walk (examples/lanterns) grown to 500 cards from its CSV (every
    title with a bold run and an icon in it, and every wish's sentence: issue 27's rich text), validated
    cold (a fresh process) and built, its time a card against the shipped games' (`shipped_rate`,
    their cards a second together: decks of mostly different cards, as this one is)."""
    import big_game

    specs = big_game.write(folder, 492)  # + the spec's 8 wishes: 500 cards
    v = statistics.median(cold(["-m", "pnp", "validate", "lanterns", "--specs", str(specs)]) for _ in range(repeat))
    b, built = timed(lambda: build_game("lanterns", specs, folder / "out", layouts=None), repeat)
    ratio = shipped_rate / (built.cards / b)
    print(f"declared game, {built.cards} cards from a CSV: cold validate {v:.2f}s "
          f"(target <= {TARGETS['declared_validate_s']:g}s) [{flag(v, TARGETS['declared_validate_s'])}]; "
          f"build {b:.2f}s, {built.cards / b:.0f} cards/s, {ratio:.2f}x the shipped games' time a card "
          f"(target <= {TARGETS['declared_rate_ratio']:g}) [{flag(ratio, TARGETS['declared_rate_ratio'])}]")
    table = (specs / "lanterns.csv").read_text(encoding="utf-8")  # pnp watch: one row of the CSV edited
    edited = table.replace("l-7,violet,2,**Lantern** 7 :star:,", "l-7,violet,2,**Lantern** Seven :star:,", 1)
    assert edited != table
    warm_one("lanterns", specs, folder / "layouts", specs / "lanterns.csv", [table, edited], folder / "warm",
             repeat, TARGETS["declared_warm_s"], label="declared (CSV)")


PUBLISHED = ROOT / "tests" / "declared" / "published"
SIX_NIMMT = ROOT / "examples" / "six-nimmt" / "card_specs"


def published(repeat: int) -> None:
    """Issue 26's figure: load + validate (`load_checked`, as `pnp validate` does: spec, tables,
    deck rules, setup and faces) of each published card game declared in data — the six in
    tests/declared/published/ and examples/six-nimmt when it is there — the median of `repeat`
    runs (at least 5) in this process, so imports are paid once and not measured. A game whose
    spec no longer validates is said beside its time: a figure for a broken spec measures less."""
    games = [(d.name, d / "card_specs") for d in sorted(PUBLISHED.iterdir()) if (d / "card_specs").is_dir()]
    if (SIX_NIMMT / "six-nimmt.yaml").is_file():
        games.append(("six-nimmt", SIX_NIMMT))
    target, said, worst = TARGETS["published_validate_s"], [], 0.0
    for game, specs in games:
        v, loaded = timed(lambda g=game, s=specs: load_checked(g, s), max(repeat, 5))
        errors = len(loaded.report.errors)
        worst = max(worst, v)
        said.append(f"{game} {v:.3f}s" + (f" ({errors} errors!)" if errors else ""))
    print(f"published games declared in data, load + validate each: {', '.join(said)}; slowest {worst:.3f}s "
          f"(target <= {target:g}s each)   [{flag(worst, target)}]")


def mix_search(repeat: int) -> None:
    """Pi mal Pflaumen's end-of-game mix search (`pnp score`) on the worst realistic hands: 24 mix
    cards (a game for three or four: 18 tricks and the 6 steal cards, every card taken showing a
    mix) drawn from the shipped deck, and all 18 plum cards. The slowest of 200 hands (each its
    quickest of 3 runs, so that a pause of the machine's does not pick the hand), timed again."""
    import random

    from pnp.games.pi_mal_pflaumen import rules as pmp

    fruit = load_checked("pi-mal-pflaumen", SPECS_DIR).spec.of_kind("fruit")
    rng, hands = random.Random(12), []
    for players in (3, 4) * 100:
        kept = set(pmp.kept_numbers(players))
        mixes = [c for c in fruit if c.get("mix") and c["number"] in kept]
        hands.append([pmp.Held(c.id, c["fruit"], (c["mix"]["pattern"], c["mix"]["points"]))
                      for c in rng.sample(mixes, min(24, len(mixes)))]
                     + [pmp.Held(f"plum-{i}", pmp.PLUM) for i in range(pmp.PLUM_CARDS)])
    slowest = max(hands, key=lambda h: min(timed(lambda: pmp.best_final_mixes(h), 1)[0] for _ in range(3)))
    s, _ = timed(lambda: pmp.best_final_mixes(slowest), repeat)
    print(f"pmp end-of-game mix search, {sum(h.mix is not None for h in slowest)} mixes + {pmp.PLUM_CARDS} plums: "
          f"{s:.3f}s, the slowest of {len(hands)} hands (target <= {TARGETS['mix_search_s']:g}s)   "
          f"[{flag(s, TARGETS['mix_search_s'])}]")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--targets-only", action="store_true", help="only the issue-12 figures (cold runs)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        issue_targets(out, args.repeat)
        if args.targets_only:
            return 0
        print()
        print(f"{'game':<18}{'validate':>10}{'build':>10}{'cards':>7}{'pages':>7}{'pdf':>10}")
        shipped = [0, 0.0]  # cards, seconds: the shipped games' rate a card
        for game in available_games(SPECS_DIR):
            v, _ = timed(lambda g=game: load_checked(g, SPECS_DIR), args.repeat)
            b, built = timed(lambda g=game: build_game(g, SPECS_DIR, out), args.repeat)
            shipped[0] += built.cards
            shipped[1] += b
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
        declared(out / "declared", shipped[0] / shipped[1], args.repeat)
        published(args.repeat)
        mix_search(args.repeat)
        print()
        warm_rebuilds(out / "warm", args.repeat)  # bench/warm_rebuild.py: pnp watch's one-card rebuild
        print("targets: " + ", ".join(f"{k} <= {v:g}" for k, v in TARGETS.items()))
        print("(the issue-12 figures above: " + ", ".join(f"{k} <= {v:g}" for k, v in ISSUE_TARGETS.items()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
