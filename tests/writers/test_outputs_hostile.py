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
