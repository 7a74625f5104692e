"""pnp as an installed tool: the package as a wheel holds it (setup.py's build_py, the shipped
specs, layouts and fonts copied in) works from a folder that is not the checkout; a local
card_specs/ wins game by game; `pnp new GAME --from GAME` copies a shipped game to edit;
`pnp --version` says what is installed and where its games are."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

from pnp import __version__
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR

ROOT = Path(__file__).resolve().parents[2]
RUN = "import sys; from pnp.cli import main; sys.exit(main())"


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """The package exactly as a wheel holds it, built by the project's own build step."""
    lib = tmp_path_factory.mktemp("lib")
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d", str(lib)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return lib


def pnp(lib: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(lib)}
    return subprocess.run([sys.executable, "-c", RUN, *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_the_built_package_carries_every_file_it_reads(package):
    shipped = package / "pnp" / "shipped"
    for folder, source in (("card_specs", SPECS_DIR), ("layouts", LAYOUTS_DIR)):
        assert sorted(p.name for p in (shipped / folder).iterdir()) == sorted(p.name for p in source.glob("*.yaml"))
    fonts = {p.name for p in (shipped / "fonts").iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DroidSansFallback.ttf", "NotoSansTC-Bold-subset.ttf"} <= fonts
    assert {"LICENSE-DejaVu.txt", "LICENSE-DroidSansFallback.txt", "LICENSE-NotoSansCJK.txt"} <= fonts  # each licence beside its font
    assert (package / "pnp" / "builtin" / "new-game" / "card_specs" / "__GAME__.yaml").is_file()
    assert (package / "pnp" / "preview" / "templates" / "base.html").is_file()


@pytest.mark.slow
def test_installed_pnp_builds_a_shipped_game_from_an_empty_folder(package, tmp_path):
    """No card_specs/, layouts/ or fonts/ anywhere near: the build reads the package's copies."""
    r = pnp(package, tmp_path, "build", "gem", "--format", "json")
    assert r.returncode == 0, r.stderr
    built = json.loads(r.stdout)["games"]["gem"]
    assert built["cards"] == 30 and built["pdf"] == "output/gem.pdf"
    with pdfplumber.open(tmp_path / "output" / "gem.pdf") as pdf:
        assert len(pdf.pages) == built["pages"] == 4  # 30 cards, 18 to an A4 sheet, fronts and backs
        fonts = {c["fontname"].split("+")[-1] for page in pdf.pages for c in page.chars}
    assert "DejaVuSans-Bold" in fonts  # the packaged fonts, embedded
    r = pnp(package, tmp_path, "validate", "the-jam", "pi-mal-pflaumen", "christmas-tree")
    assert r.returncode == 0 and r.stdout.split() == ["the-jam:", "ok", "pi-mal-pflaumen:", "ok", "christmas-tree:", "ok"]
    r = pnp(package, tmp_path, "--version")
    assert r.stdout.splitlines() == [f"pnp {__version__} (distribution pnp-studio)",
                                     f"shipped games: {package / 'pnp' / 'shipped' / 'card_specs'}"]


def test_a_local_spec_wins_game_by_game(cli, tmp_path):
    cli("new", "harbor")  # ./card_specs now holds harbor only
    assert cli("validate", "gem").out.strip() == "gem: ok"  # the shipped gem, still found
    spec = (SPECS_DIR / "the-jam.yaml").read_text(encoding="utf-8")
    old = "ingredient: pine-cone, count: 2 }"
    assert old in spec
    line = spec[: spec.index(old)].count("\n") + 1
    Path("card_specs/the-jam.yaml").write_text(spec.replace(old, "ingredient: pine-cone, count: 3 }"), encoding="utf-8")
    r = cli("validate", "the-jam")
    assert r.code == 1 and r.out.startswith("card_specs/the-jam.yaml:")  # the local copy is the one read
    assert f"pine-cone-jam x3 (line {line})" in r.out
    assert cli("list", "gem").out.startswith("GEM: 30 components")
    r = cli("validate")  # no game named: the games of the local folder, not the shipped ones it lacks
    assert r.out.splitlines()[-2:] == ["the-jam: 1 error", "harbor: ok"] and "gem" not in r.out


def test_new_from_copies_a_shipped_game_to_edit(cli, tmp_path):
    r = cli("new", "gem", "--from", "gem")
    assert r.code == 0, r.err
    assert [ln for ln in r.out.splitlines() if ln.startswith("wrote ")] == ["wrote card_specs/gem.yaml",
                                                                           "wrote layouts/gem.yaml"]
    assert "  pnp build gem\n" in r.out
    assert Path("card_specs/gem.yaml").read_text(encoding="utf-8") == (SPECS_DIR / "gem.yaml").read_text(encoding="utf-8")
    assert Path("layouts/gem.yaml").read_text(encoding="utf-8") == (LAYOUTS_DIR / "gem.yaml").read_text(encoding="utf-8")
    text = Path("card_specs/gem.yaml").read_text(encoding="utf-8")
    Path("card_specs/gem.yaml").write_text(text.replace("loan: 5", "loan: 6", 1), encoding="utf-8")
    r = cli("list", "gem", "--format", "json")
    assert [c["loan"] for c in r.json()["components"] if c["id"] == "diamond-1"] == [6]  # the copy is read
    r = cli("new", "gem", "--from", "gem")
    assert r.code == 2 and "would overwrite card_specs/gem.yaml, layouts/gem.yaml" in r.err
    assert "loan: 6" in Path("card_specs/gem.yaml").read_text(encoding="utf-8")  # nothing overwritten
    for args, words in ((("new", "my-gem", "--from", "gem"), "keeps its id"),
                        (("new", "harbor", "--from", "harbor"), "pnp ships no game of that id"),
                        (("new", "gem"), "pnp new gem --from gem")):
        r = cli(*args)
        assert r.code == 2 and words in r.err, r.err
