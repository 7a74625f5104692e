"""Shared test helpers: run the CLI in-process, build into a temporary folder, make broken
copies of shipped specs, and read PDFs back by page and by rectangle."""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

# Parsed fonts are cached between runs (pnp/geometry/fontcache.py): the tests keep theirs in a
# folder of their own, not the user's cache (each test process starts with an empty one).
os.environ.setdefault("PNP_CACHE_DIR", tempfile.mkdtemp(prefix="pnp-test-cache-"))

from pnp.cli import main
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR


def _compile_pnp() -> None:
    """pnp's bytecode written once (each worker skips what is up to date): many tests run pnp in a
    process of its own, and where PYTHONDONTWRITEBYTECODE is set (as on the CI machine) Python
    writes none, so every one of those processes compiled all of pnp again (0.2 s each)."""
    import compileall

    import pnp

    compileall.compile_dir(os.path.dirname(pnp.__file__), quiet=2)


_compile_pnp()

MM = 72 / 25.4


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self):
        return json.loads(self.out)


@pytest.fixture
def cli(capsys, monkeypatch, tmp_path):
    """Run `pnp ARGS...` in-process from an empty working directory; returns a Result."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> Result:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


def copy_spec(tmp_path: Path, game: str, old: str | None = None, new: str | None = None,
              text: str | None = None) -> tuple[Path, int]:
    """Copy a shipped spec into tmp_path/card_specs, optionally replacing the first `old` by
    `new` (which must occur). Returns (specs dir, 1-based line of the replacement or 0)."""
    specs = tmp_path / "card_specs"
    specs.mkdir(exist_ok=True)
    src = (SPECS_DIR / f"{game}.yaml").read_text(encoding="utf-8")
    line = 0
    if text is not None:
        src = text
    elif old is not None:
        assert old in src, f"{old!r} not in the shipped {game} spec"
        line = src[: src.index(old)].count("\n") + 1
        src = src.replace(old, new, 1)
    (specs / f"{game}.yaml").write_text(src, encoding="utf-8")
    return specs, line


def col_of(specs: Path, game: str, line: int, needle: str) -> int:
    """1-based column of `needle` on a line of a spec copy."""
    text = (specs / f"{game}.yaml").read_text(encoding="utf-8").splitlines()[line - 1]
    return text.index(needle) + 1


def _shared_folder(tmp_path_factory, name: str) -> Path:
    """A folder this run's test workers share (pytest-xdist gives each its own temporary folder,
    under one for the run); the run's own without xdist."""
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / name
    folder.mkdir(exist_ok=True)
    return folder


def _built_once(folder: Path, name: str, build) -> Path:
    """`folder/name`, made by `build(target) -> stderr text` by whichever worker asks first: the
    others wait on its lock (no polling) and read what it made. Returns the target folder."""
    import fcntl

    target = folder / name
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder / f"{name}.stderr"  # written last: what the build said, beside (not in) its folder
        if not done.is_file():
            err = build(target)
            done.write_text(err, encoding="utf-8")
    return target


@pytest.fixture(scope="session")
def shipped_build(tmp_path_factory):
    """Build every shipped game once with default options — once in the run, whichever test
    worker asks first; returns a function game -> Built."""
    out = _shared_folder(tmp_path_factory, "shipped-builds")
    cache: dict[str, "Built"] = {}

    def get(game: str, *extra: str) -> "Built":
        key = game + " ".join(extra)
        if key not in cache:
            import contextlib
            import io

            def build(target: Path) -> str:
                said, err = io.StringIO(), io.StringIO()  # kept with the build, not told to the first test to ask
                with contextlib.redirect_stdout(said), contextlib.redirect_stderr(err):
                    code = main(["build", game, "--out", str(target), "--specs", str(SPECS_DIR),
                                 "--layouts", str(LAYOUTS_DIR), *extra])
                assert code == 0, f"pnp build {game} {extra} exited {code}: {said.getvalue()}{err.getvalue()}"
                return err.getvalue()

            target = _built_once(out, key.replace(" ", "_").replace("-", "_") or "default", build)
            cache[key] = Built(target / f"{game}.pdf", json.loads((target / f"{game}.json").read_text()),
                               (out / f"{target.name}.stderr").read_text(encoding="utf-8"))
        return cache[key]

    return get


@dataclass
class Built:
    pdf: Path
    map: dict
    err: str = ""  # what the build said on stderr (its warnings)

    def pages(self, side: str | None = None) -> list[dict]:
        return [p for p in self.map["pages"] if side is None or p["side"] == side]


def chars_in(page, trim_mm, pad_mm: float = 0.0) -> list[dict]:
    """pdfplumber chars whose origin lies inside a sheet-map box [x, y, w, h] (mm, bottom-left)."""
    x, y, w, h = trim_mm
    x0, x1 = (x - pad_mm) * MM, (x + w + pad_mm) * MM
    y0, y1 = (y - pad_mm) * MM, (y + h + pad_mm) * MM
    out = []
    for ch in page.chars:
        cx = ch["matrix"][4]
        cy = ch["matrix"][5]  # PDF user space, origin bottom-left
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            out.append(ch)
    return out


def text_in(page, trim_mm) -> str:
    return "".join(c["text"] for c in chars_in(page, trim_mm))


def rotation_of(ch: dict) -> int:
    """The direction a glyph's baseline runs on the page, in degrees counter-clockwise."""
    import math

    a, b = ch["matrix"][0], ch["matrix"][1]
    return round(math.degrees(math.atan2(b, a))) % 360


SHAPES_DIR = Path(__file__).parent / "shapes"


@pytest.fixture(scope="session")
def shapes_game(tmp_path_factory):
    """The shapes test game (tests/shapes/shapes_game/: one kind per piece shape and a board
    larger than A4), registered for the session under the id `shapes-test` through the
    entry-point group `pnp.games`, exactly as an installed third-party game package is."""
    import sys

    from pnp.games import GAMES
    from shapes.register import register_shapes

    added = register_shapes(tmp_path_factory.mktemp("site"))
    import shapes_game as module

    assert module.GAME_ID in GAMES
    yield module
    for folder in added:
        sys.path.remove(folder)
    GAMES.refresh()


@pytest.fixture(scope="session")
def shapes_build(tmp_path_factory, shapes_game):
    """Build the shapes test game once per set of options (once in the run); returns a function (*options) -> Built."""
    out = _shared_folder(tmp_path_factory, "shapes-builds")
    cache: dict[tuple, Built] = {}

    def get(*extra: str) -> Built:
        if extra not in cache:
            def build(target: Path) -> str:
                code = main(["build", shapes_game.GAME_ID, "--out", str(target), "--specs",
                             str(SHAPES_DIR / "card_specs"), *extra])
                assert code == 0, f"pnp build shapes-test {extra} exited {code}"
                return ""

            target = _built_once(out, "_".join(extra).replace("-", "_").replace(",", "_") or "default", build)
            game = shapes_game.GAME_ID
            cache[extra] = Built(target / f"{game}.pdf", json.loads((target / f"{game}.json").read_text()))
        return cache[extra]

    return get


# Values a fuzzed game file may be given: wrong types, odd text, and card names of every game.
FUZZ_TOKENS = ["0", "-1", "x", "~", "[]", "{}", "[a, b]", "1.5", "true", "é", "''", "{ card: x }", "[{ card: [1] }]",
               "{ card: Pi, count: 0 }", "Plum", "Karlsman", "winter-1", "ruby-topaz", "[Bear, Bear]"]
FUZZ_EDITS = ("drop", "dup", "value")


def mangle(text: str, edits) -> str:
    """`text` with each (line, how, token) edit applied: drop the line, duplicate it, or set its
    value (after `key:`, or as a list item) to `token`."""
    lines = text.splitlines()
    for at, how, token in edits:
        at %= len(lines)
        if how == "drop":
            del lines[at]
        elif how == "dup":
            lines.insert(at, lines[at])
        elif ":" in lines[at]:
            lines[at] = lines[at].split(":")[0] + ": " + token
        else:
            lines[at] = lines[at].split("-")[0] + "- " + token
        if not lines:
            lines = ["x"]
    return "\n".join(lines) + "\n"


def shipped_components(game: str) -> dict:
    """The shipped spec's components of `game`, by id."""
    from pnp.games import GAMES
    from pnp.load.spec import load_spec

    return {c.id: c for c in load_spec(SPECS_DIR / f"{game}.yaml", GAMES[game])[0].components}


def shipped_edition(game: str):
    """The shipped layout's default edition of `game` (its templates; `.main` is the card)."""
    from pnp.games import GAMES
    from pnp.load.layout import load_layout

    layout, report = load_layout(LAYOUTS_DIR / f"{game}.yaml", game, GAMES[game].boxes)
    assert report.ok
    return layout.editions[layout.default]


def with_line(text: str, line: int, new: str) -> str:
    """`text` with its 1-based `line` replaced by `new`."""
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def score_exit(tmp_path_factory, game: str, text: str) -> int:
    """The exit code of `pnp score GAME` (run in-process, no traceback expected) on `text`."""
    from pnp.cli import main

    path = tmp_path_factory.mktemp("fuzz") / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return main(["score", game, str(path)])


def score_file(cli, tmp_path: Path, game: str, text: str, *extra: str):
    """`pnp score GAME` on a game file holding `text`, written as tmp_path/game.yaml."""
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return cli("score", game, path, *extra)


def assert_one_located_error(r, code: str, line: int, col: int | None, words: str) -> str:
    """A bad game file: exit 2, nothing on stdout, exactly one `code` error, at line:col, saying `words`."""
    assert r.code == 2 and r.out == ""
    found = [x for x in r.err.splitlines() if f"error[{code}]" in x]
    assert len(found) == 1 and words in found[0], r.err
    where = f"game.yaml:{line}:" + (f"{col}:" if col is not None else "")
    assert found[0].startswith(where), found[0]
    return found[0]


@pytest.fixture(scope="session")
def browser():
    """The preview tests' browser: one Chromium for a test worker's whole run, shared by every module
    that drives the page (each test opens pages of its own and closes them), not one launched per
    module (a launch is a second or two of CPU, and the suite must stay under three minutes)."""
    from serve_kit import CHROMIUM  # tests/preview/, on the path of the modules that ask for a browser

    if CHROMIUM is None:
        pytest.skip("no chromium to drive (apt-get install chromium; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()
