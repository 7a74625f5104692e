"""Output folders a user (or a killed build) has made hostile: a link where a build's folder goes,
temporaries left by builds killed outright. A failed build replaces nothing and leaves nothing
staged; every later build works, or fails the same clean way."""
from __future__ import annotations

import json
from pathlib import Path

import pytest


def _state(out: Path) -> dict:
    """Every entry of OUT (links as where they point, folders' files with their bytes)."""
    state = {}
    for p in sorted(out.rglob("*")):
        rel = str(p.relative_to(out))
        if p.is_symlink():
            state[rel] = "-> " + str(p.readlink())
        elif p.is_file():
            state[rel] = p.read_bytes()
    return state


@pytest.fixture
def built(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out, "--cut-files").code == 0
    return out


@pytest.mark.parametrize("cut_files", [True, False], ids=["cut files written", "cut folder dropped"])
def test_a_link_where_the_cut_folder_goes_is_refused_and_replaces_nothing(cli, built, tmp_path, cut_files):
    """OUT/gem-cut -> elsewhere: the build replaced gem.pdf and gem.json, then failed, and so did
    every later build, each leaving a staged folder behind. Now it is refused before anything is
    replaced, the same way every time, and what the link points to is not touched."""
    out, elsewhere = built, tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.svg").write_text("mine")
    for svg in (out / "gem-cut").iterdir():
        svg.unlink()
    (out / "gem-cut").rmdir()
    (out / "gem-cut").symlink_to(elsewhere)
    before = _state(out)
    for _ in range(2):
        r = cli("build", "gem", "--out", out, "--lang", "zh-TW", *(["--cut-files"] if cut_files else []))
        assert r.code == 2 and "Traceback" not in r.err
        assert (f"gem: not built, cannot write to out: gem-cut in {out} is a symbolic link; pnp replaces its "
                f"gem-cut folder whole and follows no link out of the folder: remove the link") in r.err
        assert _state(out) == before  # the previous PDF and map, nothing staged, no commit record
    assert [p.name for p in elsewhere.iterdir()] == ["precious.svg"]
    (out / "gem-cut").unlink()
    assert cli("build", "gem", "--out", out, "--lang", "zh-TW").code == 0


def test_a_commit_an_older_pnp_recorded_over_a_link_is_finished(cli, built, tmp_path):
    """An older pnp recorded dropping a linked gem-cut and failed on it: the next build finishes
    that commit (the link removed, never what it points to) and builds."""
    out, elsewhere = built, tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "precious.svg").write_text("mine")
    for svg in (out / "gem-cut").iterdir():
        svg.unlink()
    (out / "gem-cut").rmdir()
    (out / "gem-cut").symlink_to(elsewhere)
    (out / ".gem-cut.old.abc123.tmp").mkdir()  # what its failed set-aside left
    (out / ".gem.commit").write_text(json.dumps({"pnp_commit": 1, "steps": [["drop", "gem-cut", True]]}))
    r = cli("build", "gem", "--out", out)
    assert r.code == 0, r.err
    assert sorted(p.name for p in out.iterdir()) == [".pnp.lock", "gem.json", "gem.manifest.json", "gem.pdf"]
    assert [p.name for p in elsewhere.iterdir()] == ["precious.svg"]


# -- what builds killed outright leave -----------------------------------------------------------
import os  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

from pnp.load.paths import SPECS_DIR  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

# The build stops the moment it stages its second shop PDF: killed outright (nothing cleans up),
# or sent a signal (SIGINT, SIGTERM) that must clean up.
_STOP_AT_SECOND_PDF = """
import os, signal, sys
import pnp.writers.pdf_shop as shop
how, calls, real = sys.argv[1], [], shop.write_shop_pdf
def write(path, *a, **kw):
    calls.append(path)
    if len(calls) == 2:
        open(path, "wb").write(b"%PDF-half")
        if how == "kill":
            os._exit(9)
        os.kill(os.getpid(), getattr(signal, how))
    return real(path, *a, **kw)
shop.write_shop_pdf = write
from pnp.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _temporaries(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.endswith(".tmp"))


def _stopped_shop_build(out: Path, how: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _STOP_AT_SECOND_PDF, how, "build", "christmas-tree", "--shop",
                           "--out", str(out), "--specs", str(SPECS_DIR)], env=ENV, cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_what_a_killed_multi_size_shop_build_left_is_cleared_by_the_next_build(cli, tmp_path):
    """A shop PDF per piece size is staged under a name of its own: a SIGKILL left them, and no
    later build removed them."""
    out = tmp_path / "out"
    killed = _stopped_shop_build(out, "kill")
    assert killed.returncode == 9, killed.stderr
    left = _temporaries(out)
    assert len(left) == 2 and all(n.startswith(".christmas-tree-shop-") for n in left)
    r = cli("build", "christmas-tree", "--shop", "--out", out)
    assert r.code == 0, r.err
    assert _temporaries(out) == []


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
def test_a_signal_during_a_multi_size_shop_build_cleans_up(tmp_path, how):
    out = tmp_path / "out"
    stopped = _stopped_shop_build(out, how)
    assert (stopped.returncode, stopped.stderr) == (130, "pnp: interrupted\n")
    assert _temporaries(out) == []


def test_only_temporaries_whose_process_is_gone_are_cleared(cli, tmp_path):
    """The game gem-shop-card's PDF is staged as .gem-shop-card.pdf…, which looks like a
    temporary of gem's shop PDF for a template 'card': while the process staging it runs, a build
    of gem leaves it alone; once that process is gone, it is stale and cleared."""
    out = tmp_path / "out"
    out.mkdir()
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    live = out / f".gem-shop-card.pdf.p{os.getppid()}_abcdefgh.tmp"
    dead = out / f".gem-shop-card.pdf.p{gone.pid}_abcdefgh.tmp"
    old = out / f".gem-shop.json.abcdefgh.tmp"  # an older pnp's, with no pid: stale under the game's lock
    for path in (live, dead, old):
        path.write_bytes(b"half")
    r = cli("build", "gem", "--shop", "--out", out)
    assert r.code == 0, r.err
    assert _temporaries(out) == [live.name]


def test_a_game_crafter_build_killed_between_its_moves_is_finished_by_the_next_build(cli, tmp_path):
    """Its commit record named OUT/<id>-gamecrafter, which the next build refused as no record
    pnp wrote: every later build failed."""
    out = tmp_path / "out"
    assert cli("build", "gem", "--shop", "gamecrafter", "--out", out).code == 0
    kill_at_second_move = ("import os, sys\nreal, calls = os.replace, []\n"
                           "def replace(src, dst, **kw):\n"
                           "    calls.append(dst)\n"
                           "    if len(calls) == 2: os._exit(9)\n"
                           "    return real(src, dst, **kw)\n"
                           "os.replace = replace\nfrom pnp.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    killed = subprocess.run([sys.executable, "-c", kill_at_second_move, "build", "gem", "--shop", "gamecrafter",
                             "--out", str(out), "--specs", str(SPECS_DIR)], env=ENV, cwd=ROOT, capture_output=True,
                            timeout=120)
    assert killed.returncode == 9 and (out / ".gem.commit").exists()
    r = cli("build", "gem", "--shop", "gamecrafter", "--out", out)
    assert r.code == 0 and "Traceback" not in r.err, r.err
    assert _temporaries(out) == [] and not (out / ".gem.commit").exists()
    assert json.loads((out / "gem-gamecrafter.json").read_text())["folder"] == "gem-gamecrafter"
