"""User art that would make pnp wait or grind: a named pipe where an image is, SVG art whose
comments mention a declaration, sizes and scales no print has, and more elements than a build
draws in a few seconds. Each is a located error (or, for a comment, nothing at all); nothing hangs.

The commands that could hang run in a child process with a timeout, so a bug that comes back
fails the test instead of stopping the suite."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.folders import ROOT
from pnp.load import svgart
from pnp.load.pixels import ImageProblem

EXAMPLE = ROOT / "examples" / "lanterns"
SPEC = "card_specs/lanterns.yaml"
LAYOUT = "layouts/lanterns.yaml"
WISH = "  - { id: wish-red-2, kind: wish,"
PATIENCE = 30  # s: far beyond what validate or build of the example takes; only a hang reaches it


def lanterns(tmp_path: Path) -> Path:
    """examples/lanterns copied into tmp_path, with an empty card_specs/art/ folder."""
    for part in ("card_specs", "layouts"):
        shutil.copytree(EXAMPLE / part, tmp_path / part)
    (tmp_path / "card_specs" / "art").mkdir()
    return tmp_path


def edit(root: Path, rel: str, old: str, new: str) -> tuple[int, int]:
    """Replace the first `old` by `new` in `rel`; (line, column) where `new` begins."""
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1, at - text.rfind("\n", 0, at)


def located(root: Path, rel: str, needle: str) -> str:
    """'FILE:LINE:COL' of `needle` in `rel`, as a diagnostic begins."""
    text = (root / rel).read_text(encoding="utf-8")
    at = text.index(needle)
    return f"{rel}:{text[:at].count(chr(10)) + 1}:{at - text.rfind(chr(10), 0, at)}"


def pnp(root: Path, *args: str) -> subprocess.CompletedProcess:
    """`pnp ARGS` in a child process run in `root`; a child that has not finished in PATIENCE
    seconds is killed and the test fails (it does not hang)."""
    try:
        return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=root, capture_output=True, text=True,
                              timeout=PATIENCE, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)} did not finish in {PATIENCE} s: it waits on something")


# -- a named pipe where the art is -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["x.png", "x.svg", "x.jpg"])
@pytest.mark.parametrize("where", ["component", "layout"])
def test_a_named_pipe_as_art_is_refused_at_its_image_value_without_waiting(tmp_path, name, where):
    root = lanterns(tmp_path)
    os.mkfifo(root / "card_specs" / "art" / name)
    if where == "component":
        edit(root, SPEC, WISH, f"  - {{ id: wish-red-2, image: art/{name}, kind: wish,")
        at = located(root, SPEC, f"art/{name}")
    else:
        edit(root, LAYOUT, '    - { rect: all, fill: "#fbf4e2" }\n',
             f'    - {{ rect: all, fill: "#fbf4e2" }}\n    - {{ image: art/{name}, box: art }}\n')
        at = located(root, LAYOUT, f"art/{name}")
    (root / "out").mkdir()
    (root / "out" / "lanterns.pdf").write_bytes(b"%PDF- the previous build")
    for command in (["validate"], ["build", "--out", "out"]):
        r = pnp(root, command[0], "lanterns", "--specs", "card_specs", *command[1:])
        assert r.returncode == 2, (command, r.stdout, r.stderr)
        said = r.stdout + r.stderr
        assert f"{at}: error[IMAGE-UNREADABLE]: image 'art/{name}' is a pipe, not a regular file" in said, said
        assert "Traceback" not in said
    assert (root / "out" / "lanterns.pdf").read_bytes() == b"%PDF- the previous build"

