"""The preview page's figures (issue 28), printed (not asserted).

    python3 bench/preview_latency.py [--edits N] [--saves N] [--skip-shipped]
                                     (needs chromium and playwright, the test extras)

Each figure is taken from a real `pnp serve` process and a real browser (Debian's chromium driven
by Playwright), on a copy of the specs:

- save to new picture, per shipped game: N times (default 10) a one-card edit of the spec is saved
  (bench/warm_rebuild.py's edit, then its undo, in turn), timed from the save to the moment the
  browser shows the card's new picture, loaded — the rebuild, the event to the page, the fetch of
  the new state and of the new picture. Target: median <= 0.5 s on every shipped game.
- the same on Lantern Walk grown to 1000 cards (bench/big_game.py), one row of its CSV edited.
  Target: median <= 1.0 s.
- first answer: from `serving …` to the first page's answer (the four games; the 1000-card game).
  Target: <= 1 s.
- page usable: from `serving …` to the 1000-card game's page showing its cards, the pictures in
  the window loaded. Target: <= 3 s.
- deal page: the 1000-card game's deal for 4 players, from asking to every picture in the window
  loaded. Target: <= 2 s.
- memory: the server's resident memory after the first saves and after `--saves` more (default
  200), each a different card's edit (so every one draws a new picture). Target: flat (the
  growth under 10 % of the first figure, or 20 MB).
- gzip: the 1000-card page's size as sent to a browser that accepts gzip, and unpacked.
"""
from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import big_game  # noqa: E402
from warm_rebuild import EDITS  # noqa: E402

from pnp.load.paths import SPECS_DIR  # noqa: E402

TARGETS = {"save_s": 0.5, "big_save_s": 1.0, "first_answer_s": 1.0, "big_usable_s": 3.0, "big_deal_s": 2.0}
BIG = 992  # lanterns: with the spec's 8 wishes, 1000 cards
IN_VIEW_LOADED = ("() => { const shown = [...document.images].filter(i => { const r = i.getBoundingClientRect(); "
                  "return r.top < innerHeight && r.bottom > 0; }); "
                  "return shown.length > 0 && shown.every(i => i.complete && i.naturalWidth > 0); }")


def flag(value: float, target: float) -> str:
    return "PASS" if value <= target else "FAIL"


class Serving:
    """`pnp serve` on `specs` in a child process; `t0` is when it said `serving …`."""

    def __init__(self, specs: Path, *games: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", *games, "--specs", str(specs),
                                      "--port", "0"], cwd=specs.parent, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        first = self.proc.stdout.readline()
        self.t0 = time.perf_counter()
        self.url = first.split(" ", 1)[1].strip().rstrip("/")

    def first_answer(self, path: str = "/") -> float:
        """Seconds from `serving …` to `path` answering 200 (asked at once, as a browser would)."""
        with urllib.request.urlopen(self.url + path, timeout=60) as r:
            r.read()
            assert r.status == 200
        return time.perf_counter() - self.t0

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(20)


def save_to_picture(page, path: Path, variants: list[str], card: str, edits: int) -> list[float]:
    """Write `path` as each of `variants` in turn, `edits` times; the seconds from each save to the
    card's new front picture loaded in `page`."""
    img = f'img[data-card="{card}"][data-side="front"]'
    page.locator(img).scroll_into_view_if_needed()  # pictures load as they come into view
    page.wait_for_function("(sel) => { const i = document.querySelector(sel); "
                           "return i.complete && i.naturalWidth > 0; }", arg=img, timeout=120_000)
    times = []
    for k in range(edits):
        before = page.get_attribute(img, "src")
        time.sleep(0.3)  # an editor's saves, not a burst (a burst is one rebuild); not part of the figure
        t0 = time.perf_counter()
        path.write_text(variants[k % len(variants)], encoding="utf-8")
        page.wait_for_function(
            "([sel, old]) => { const i = document.querySelector(sel); "
            "return i && i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0; }",
            arg=[img, before], polling="raf", timeout=60_000)
        times.append(time.perf_counter() - t0)
    return times


def line_of(name: str, times: list[float], target: float) -> str:
    med = statistics.median(times)
    return (f"preview {name:<22} save to new picture {med:.3f}s median of {len(times)}, {max(times):.3f}s worst "
            f"(target <= {target:g}s)   [{flag(med, target)}]")


def shipped(browser, tmp: Path, edits: int) -> None:
    specs = tmp / "shipped" / "card_specs"
    shutil.copytree(SPECS_DIR, specs)
    server = Serving(specs)
    try:
        first = server.first_answer("/")
        print(f"preview, the four games: first page answered {first:.3f}s after `serving` "
              f"(target <= {TARGETS['first_answer_s']:g}s)   [{flag(first, TARGETS['first_answer_s'])}]", flush=True)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        worst = 0.0
        for game, (card, old, new) in EDITS.items():
            page.goto(f"{server.url}/game/{game}", timeout=120_000)
            page.wait_for_selector("figure.card", timeout=120_000)
            path = specs / f"{game}.yaml"
            text = path.read_text(encoding="utf-8")
            line = next(ln for ln in text.splitlines() if f"id: {card}," in ln)
            times = save_to_picture(page, path, [text.replace(line, line.replace(old, new, 1)), text], card, edits)
            path.write_text(text, encoding="utf-8")
            worst = max(worst, statistics.median(times))
            print(line_of(game, times, TARGETS["save_s"]), flush=True)
        print(f"preview, worst shipped game: {worst:.3f}s median (target <= {TARGETS['save_s']:g}s)   "
              f"[{flag(worst, TARGETS['save_s'])}]", flush=True)
        page.close()
    finally:
        server.close()


def big(browser, tmp: Path, edits: int, saves: int) -> None:
    specs = big_game.write(tmp / "big", BIG)
    table = specs / "lanterns.csv"
    text = table.read_text(encoding="utf-8")
    server = Serving(specs, "lanterns")
    try:
        first = server.first_answer("/game/lanterns")
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{server.url}/game/lanterns", timeout=120_000)
        page.wait_for_selector("figure.card", timeout=120_000)
        page.wait_for_function(IN_VIEW_LOADED, timeout=120_000)
        usable = time.perf_counter() - server.t0
        cards = page.locator("figure.card").count()
        print(f"preview, {cards} cards: first page answered {first:.3f}s after `serving` "
              f"(target <= {TARGETS['first_answer_s']:g}s) [{flag(first, TARGETS['first_answer_s'])}]; usable "
              f"(its cards shown, the pictures in the window loaded) at {usable:.3f}s "
              f"(target <= {TARGETS['big_usable_s']:g}s) [{flag(usable, TARGETS['big_usable_s'])}]", flush=True)
        req = urllib.request.Request(f"{server.url}/game/lanterns", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req, timeout=60) as r:
            sent, coding = r.read(), r.headers.get("Content-Encoding")
        html = gzip.decompress(sent) if coding == "gzip" else sent
        print(f"preview, {cards} cards: the page {len(html) / 1e3:.0f} kB, sent {len(sent) / 1e3:.0f} kB "
              f"({coding or 'not compressed'})   [{'PASS' if coding == 'gzip' else 'FAIL'}]", flush=True)
        row = "l-7,violet,2,**Lantern** 7 :star:,"
        edited = text.replace(row, "l-7,violet,2,**Lantern** Seven :star:,", 1)
        times = save_to_picture(page, table, [edited, text], "l-7", edits)
        print(line_of(f"{cards} cards (CSV row)", times, TARGETS["big_save_s"]), flush=True)
        deals = []
        for seed in range(1, 4):
            t0 = time.perf_counter()
            page.goto(f"{server.url}/game/lanterns/deal?players=4&seed={seed}", timeout=120_000)
            page.wait_for_function(IN_VIEW_LOADED, timeout=120_000)
            deals.append(time.perf_counter() - t0)
        d = statistics.median(deals)
        print(f"preview, {cards} cards: the deal page for 4 players, pictures in the window loaded, {d:.3f}s median "
              f"of {len(deals)} (target <= {TARGETS['big_deal_s']:g}s)   [{flag(d, TARGETS['big_deal_s'])}]", flush=True)
        if saves:
            page.goto(f"{server.url}/game/lanterns", timeout=120_000)
            memory(page, server, table, text, saves)
        page.close()
    finally:
        server.close()


def memory(page, server: Serving, table: Path, text: str, saves: int) -> None:
    """`saves` saves, each a different lantern's title edited (a new picture every time), each
    waited for on the page; the server's memory before and after."""
    def edit(k: int) -> str:
        row = f"l-{k},"
        at = text.index("\n" + row) + 1
        end = text.index("\n", at)
        line = text[at:end]
        return text[:at] + line.replace("**Lantern**", f"**Lantern** v{k}", 1) + text[end:]

    def saved(k: int, content: str) -> None:
        version = int(page.evaluate("document.body.dataset.version"))
        table.write_text(content, encoding="utf-8")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}", timeout=60_000)

    for k in range(20):  # warm: the caches fill to their working size
        saved(k, edit(k))
    before = server.rss_mb()
    for k in range(20, 20 + saves):
        saved(k, edit(k % BIG))
    after = server.rss_mb()
    table.write_text(text, encoding="utf-8")
    grown = after - before
    ok = grown <= max(20.0, 0.1 * before)
    print(f"preview, server memory over {saves} saves: {before:.0f} MB -> {after:.0f} MB ({grown:+.0f} MB; "
          f"target: flat, under 10 % or 20 MB)   [{'PASS' if ok else 'FAIL'}]", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edits", type=int, default=10, help="saves timed per game (default 10)")
    ap.add_argument("--saves", type=int, default=200, help="saves for the memory figure (default 200; 0: none)")
    ap.add_argument("--skip-shipped", action="store_true", help="only the 1000-card game's figures")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            if not args.skip_shipped:
                shipped(browser, Path(tmp), args.edits)
            big(browser, Path(tmp), args.edits, args.saves)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
