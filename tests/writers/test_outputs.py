"""A build's outputs survive what happens to builds: kills at any moment leave the previous PDF and
sheet map as a matching pair (or one the next build restores), SIGTERM and later builds leave no
temporary files, two builds into one folder wait for each other, the sheet map names its PDF's
SHA-256 so a torn pair is caught, files get the user's normal permissions, and a full, closed or
ASCII-only standard output never turns a good build into a traceback."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.writers import outputs
from pnp.load.paths import SPECS_DIR

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _pnp(*args, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp", *map(str, args)], env={**ENV, **kw.pop("env", {})},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=kw.pop("cwd", ROOT), **kw)


def _temporaries(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.endswith((".tmp", ".prev")))


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory):
    """The GEM built twice, differently (en and zh-TW): an 'old' and a 'new' pair."""
    base = tmp_path_factory.mktemp("pairs")
    pairs = {}
    for lang in ("en", "zh-TW"):
        out = base / lang
        t0 = time.monotonic()
        assert _pnp("build", "gem", "--out", out, "--lang", lang, "--specs", SPECS_DIR).wait(120) == 0
        pairs[lang + " seconds"] = time.monotonic() - t0  # how long a whole build takes here
        pairs[lang] = ((out / "gem.pdf").read_bytes(), (out / "gem.json").read_bytes())
    return pairs


def test_the_sheet_map_names_its_pdfs_sha256_and_a_torn_pair_is_caught(two_builds, tmp_path):
    (tmp_path / "gem.pdf").write_bytes(two_builds["en"][0])
    (tmp_path / "gem.json").write_bytes(two_builds["en"][1])
    assert outputs.check_pair(tmp_path / "gem.pdf", tmp_path / "gem.json") is None
    assert json.loads(two_builds["en"][1])["pdf_sha256"] == outputs.sha256(tmp_path / "gem.pdf")
    (tmp_path / "gem.pdf").write_bytes(two_builds["zh-TW"][0])  # new PDF, old map: torn
    assert "does not describe gem.pdf" in outputs.check_pair(tmp_path / "gem.pdf", tmp_path / "gem.json")


def test_a_build_killed_at_random_moments_always_leaves_a_matching_pair(two_builds, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    old_pdf, old_map = two_builds["en"]
    (out / "gem.pdf").write_bytes(old_pdf)
    (out / "gem.json").write_bytes(old_map)
    rng = random.Random(7)
    finished = 0
    for _ in range(20):
        p = _pnp("build", "gem", "--out", out, "--lang", "zh-TW", "--specs", SPECS_DIR)
        time.sleep(rng.uniform(0.02, two_builds["zh-TW seconds"]))  # at any moment of the build
        p.send_signal(signal.SIGKILL)
        p.wait(60)
        finished += p.returncode == 0
        problem = outputs.check_pair(out / "gem.pdf", out / "gem.json")
        if problem is not None:  # killed between the two moves: the previous PDF waits beside it
            assert (out / ".gem.pdf.prev").exists(), problem
        with outputs.locked(out):
            outputs.recover(out, ["gem.pdf", "gem.json"])
        assert outputs.check_pair(out / "gem.pdf", out / "gem.json") is None
        pair = ((out / "gem.pdf").read_bytes(), (out / "gem.json").read_bytes())
        assert pair in (two_builds["en"], two_builds["zh-TW"])
        assert _temporaries(out) == []
        # put the old pair back for the next round
        (out / "gem.pdf").write_bytes(old_pdf)
        (out / "gem.json").write_bytes(old_map)
    assert finished < 20  # the kills did land during builds


def test_recovery_restores_the_previous_pdf_of_a_half_committed_build(two_builds, tmp_path):
    (tmp_path / "gem.pdf").write_bytes(two_builds["zh-TW"][0])  # the new PDF moved in …
    (tmp_path / "gem.json").write_bytes(two_builds["en"][1])  # … the old map still there
    (tmp_path / ".gem.pdf.prev").write_bytes(two_builds["en"][0])
    (tmp_path / ".gem.json.abc123.tmp").write_text("half a sheet map")
    done = outputs.recover(tmp_path, ["gem.pdf", "gem.json"])
    assert any("restored the previous gem.pdf" in d for d in done)
    assert (tmp_path / "gem.pdf").read_bytes() == two_builds["en"][0] and _temporaries(tmp_path) == []


def test_sigterm_and_the_next_build_leave_no_temporary_files(tmp_path):
    out = tmp_path / "out"
    for _ in range(10):  # SIGTERM while the PDF is being written (a build takes a fraction of a second)
        p = _pnp("build", "christmas-tree", "--out", out, "--specs", SPECS_DIR)
        while p.poll() is None and not (out.is_dir() and any(q.name.endswith(".tmp") for q in out.iterdir())):
            time.sleep(0.002)
        p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=60)
        assert b"Traceback" not in err
        if p.returncode == 130:  # it was interrupted mid-write
            break
    assert p.returncode == 130 and b"pnp: interrupted" in err
    assert _temporaries(out) == []
    # a SIGKILL leaves them; the next build into the folder clears them
    out.mkdir(exist_ok=True)
    (out / ".gem.pdf.x1y2.tmp").write_bytes(b"%PDF-half")
    assert _pnp("build", "gem", "--out", out, "--specs", SPECS_DIR).wait(120) == 0
    assert _temporaries(out) == []


def test_two_builds_into_one_folder_wait_for_each_other(tmp_path):
    out = tmp_path / "out"
    builds = [_pnp("build", "gem", "--out", out, "--lang", lang, "--specs", SPECS_DIR) for lang in ("en", "zh-TW")]
    codes = [b.wait(120) for b in builds]
    assert codes == [0, 0]
    assert outputs.check_pair(out / "gem.pdf", out / "gem.json") is None


def test_outputs_have_the_users_normal_permissions(cli, tmp_path):
    old = os.umask(0o022)
    try:
        assert cli("build", "gem", "--out", tmp_path, "--cut-files").code == 0
    finally:
        os.umask(old)
    for name in ("gem.pdf", "gem.json"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o644, name
    assert (tmp_path / "gem-cut").stat().st_mode & 0o777 == 0o755


@pytest.mark.parametrize("how", ["full", "closed", "ascii"])
def test_a_stdout_that_cannot_take_the_report_is_no_traceback(tmp_path, how):
    out = tmp_path / "out"
    args = [sys.executable, "-m", "pnp", "build", "gem", "--out", str(out), "--specs", str(SPECS_DIR)]
    if how == "full":
        with open("/dev/full", "w") as full:
            r = subprocess.run(args, env=ENV, cwd=ROOT, stdout=full, stderr=subprocess.PIPE, timeout=120)
        assert r.returncode == 2 and b"cannot write the report to standard output" in r.stderr
    elif how == "closed":
        r = subprocess.run(args, env=ENV, cwd=ROOT, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120,
                           preexec_fn=lambda: os.close(1))
        assert r.returncode == 0
    else:
        r = subprocess.run(args, env={**ENV, "PYTHONIOENCODING": "ascii"}, cwd=ROOT, capture_output=True, timeout=120)
        assert r.returncode == 0 and b"\\u2192" in r.stdout
    assert b"Traceback" not in r.stderr
    assert outputs.check_pair(out / "gem.pdf", out / "gem.json") is None
