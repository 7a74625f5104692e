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

from pnp.writers import commit, outputs
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


@pytest.mark.slow
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
        if problem is not None:  # killed between the moves: the record of the commit is there to finish it
            assert (out / ".gem.commit").exists(), problem
        with outputs.locked(out):
            commit.recover(out, "gem")
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
    done = commit.recover(tmp_path, "gem")
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


# -- one commit for everything a build writes --------------------------------------------------
def _state(out: Path) -> dict:
    """Every file in OUT and in its folders, by relative path, with its bytes."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _outputs(out: Path) -> dict:
    return {k: v for k, v in _state(out).items() if k != ".pnp.lock"}


@pytest.fixture
def good_build(cli, tmp_path):
    """gem built with cut files: OUT and everything it holds afterwards."""
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out, "--cut-files").code == 0
    state = _outputs(out)
    assert {"gem.pdf", "gem.json", "gem.manifest.json", "gem-cut/page-1.svg"} <= set(state)
    return out, state


def _raise(exc):
    def fail(*args, **kw):
        raise exc
    return fail


@pytest.mark.parametrize("where", ["the PDF", "the cut files", "the manifest", "a full disk on the manifest"])
def test_a_build_that_fails_while_writing_replaces_nothing(cli, good_build, monkeypatch, where):
    """Whatever fails while the outputs are written fails before any of them is replaced: the
    previous PDF, sheet map, cut files and manifest stay, all four, and no temporary is left."""
    import pnp.build

    out, before = good_build
    if where == "the PDF":
        def half_a_pdf(path, *args, **kw):
            Path(path).write_bytes(b"%PDF-1.4 half")
            raise RuntimeError("the PDF writer broke")
        monkeypatch.setattr(pnp.build, "write_pdf", half_a_pdf)
    elif where == "the cut files":
        monkeypatch.setattr(pnp.build, "write_cut_files", _raise(OSError(28, "No space left on device")))
    elif where == "the manifest":
        monkeypatch.setattr(pnp.build, "manifest", _raise(ValueError("a component hash could not be made")))
    else:
        real, calls = pnp.build.jsonfile.dumps, []

        def dumps(data, *a):  # the sheet map is written, then the manifest finds the disk full
            calls.append(1)
            if len(calls) == 2:
                raise OSError(28, "No space left on device")
            return real(data, *a)
        monkeypatch.setattr(pnp.build.jsonfile, "dumps", dumps)
    try:
        r = cli("build", "gem", "--out", out, "--cut-files", "--lang", "zh-TW")
        assert r.code == 2 and "gem: not built" in r.err
    except (RuntimeError, ValueError):
        pass  # a bug in the build: the command line tells it as one; the outputs are what count here
    assert _outputs(out) == before


def test_a_full_disk_on_a_first_build_writes_nothing(cli, tmp_path, monkeypatch):
    import pnp.build

    real, calls = pnp.build.jsonfile.dumps, []

    def dumps(data, *a):
        calls.append(1)
        if len(calls) == 2:  # the manifest's turn
            raise OSError(28, "No space left on device")
        return real(data, *a)
    monkeypatch.setattr(pnp.build.jsonfile, "dumps", dumps)
    out = tmp_path / "out"
    r = cli("build", "gem", "--out", out, "--cut-files")
    assert r.code == 2 and "gem: not built, cannot write to out: No space left on device" in r.err
    assert _outputs(out) == {}


def test_a_file_where_the_cut_folder_goes_is_refused_before_anything_is_replaced(cli, good_build):
    out, before = good_build
    for svg in (out / "gem-cut").iterdir():
        svg.unlink()
    (out / "gem-cut").rmdir()
    (out / "gem-cut").write_text("my notes")
    before = _outputs(out)
    r = cli("build", "gem", "--out", out, "--cut-files", "--lang", "zh-TW")
    assert r.code == 2
    assert (f"gem: not built, cannot write to out: gem-cut in {out} is a file, not a folder; pnp writes the gem-cut "
            f"folder there: move the file away, then build again") in r.err
    assert _outputs(out) == before  # the pair, the manifest and the user's file, all as they were


_KILL_AT = """
import os, sys
from pathlib import Path
out, k, calls = Path(sys.argv[1]).resolve(), int(sys.argv[2]), []
real = os.replace
def replace(src, dst, **kw):
    if Path(dst).resolve().parent == out:  # a move into OUT: the k-th is never made
        calls.append(dst)
        if len(calls) == k:
            os._exit(9)
    return real(src, dst, **kw)
os.replace = replace
from pnp.cli import main
sys.exit(main(sys.argv[3:]))
"""


@pytest.fixture(scope="module")
def zh_build(tmp_path_factory):
    """What the build killed below would have written, built in a folder of its own."""
    out = tmp_path_factory.mktemp("zh") / "out"
    assert _pnp("build", "gem", "--out", out, "--cut-files", "--lang", "zh-TW", "--specs", SPECS_DIR).wait(120) == 0
    return _outputs(out)


@pytest.mark.parametrize("k,reader", [(2, "where"), (3, "changed"), (4, "where"), (5, "changed"), (6, "where"),
                                      (6, "build")])
def test_a_build_killed_between_its_moves_is_finished_by_the_next_read(good_build, zh_build, k, reader):
    """Moves 1-6 of a commit: its record, the PDF, the sheet map, the old cut folder aside, the
    new one in, the manifest. Killed before move k, the outputs are torn on disk until the next
    `pnp where`, `--changed` or build finishes the commit: the new PDF, map, cut files and
    manifest, all of them."""
    out, old = good_build
    args = [str(out), str(k), "build", "gem", "--out", str(out), "--cut-files", "--lang", "zh-TW", "--specs",
            str(SPECS_DIR)]
    killed = subprocess.run([sys.executable, "-c", _KILL_AT, *args], env=ENV, cwd=ROOT, capture_output=True, timeout=120)
    assert killed.returncode == -9 or killed.returncode == 9, killed.stderr
    assert (out / ".gem.commit").exists()  # the record of the moves to make
    assert _outputs(out) not in (old, zh_build)  # torn, for now
    read = {"where": ["where", "gem", "coin-1a"], "changed": ["build", "gem", "--changed", "--cut-files", "--lang",
                                                               "zh-TW"], "build": ["build", "gem", "--lang", "zh-TW",
                                                                                    "--cut-files"]}[reader]
    r = subprocess.run([sys.executable, "-m", "pnp", *read, "--out", str(out), "--specs", str(SPECS_DIR)], env=ENV,
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    if reader != "build":
        assert "note: finished putting gem.pdf, gem.json, gem-cut, gem.manifest.json in place: the build that " \
               "wrote them was interrupted" in r.stderr
    if reader == "where":
        assert r.stdout.startswith("coin-1a: page 1 (front), page 2 (back)")
    if reader == "changed":
        assert "gem: nothing changed since the last full build; nothing written" in r.stdout
    assert _outputs(out) == zh_build  # all four of the new build, nothing else (no record, no temporary)


def test_a_link_at_the_lock_is_refused_never_followed(cli, tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / ".pnp.lock").symlink_to(elsewhere / "planted")  # a link to nowhere: open() would create its target
    r = cli("build", "gem", "--out", out)
    assert r.code == 2
    assert (f"gem: not built, cannot write to out: .pnp.lock in {out} is a symbolic link; pnp keeps its build lock "
            f"there and follows no link out of the folder: remove the link, then build again") in r.err
    assert list(elsewhere.iterdir()) == [] and sorted(p.name for p in out.iterdir()) == [".pnp.lock"]


@pytest.mark.parametrize("record", ["a move out of the folder", "a pipe"])
def test_a_commit_record_pnp_did_not_write_moves_nothing(cli, good_build, record):
    """The record of a commit is read back like any state: one that names anything but this
    game's outputs and their temporaries (or is not a file) is refused, and nothing is moved."""
    out, before = good_build
    journal = out / ".gem.commit"
    if record == "a pipe":
        os.mkfifo(journal)
    else:
        journal.write_text(json.dumps({"pnp_commit": 1, "steps": [["put", ".gem.pdf.x.tmp", "../../victim", False]]}))
    before = _outputs(out)  # the record among them (a pipe is no file)
    r = cli("where", "gem", "coin-1a", "--out", out)
    assert r.code == 2 and "Traceback" not in r.err
    assert r.err.startswith(f"pnp where: error: cannot read out: .gem.commit in {out} is not a record of a commit pnp "
                            f"made (")
    assert r.err.rstrip().endswith("remove it, then build gem again")
    r = cli("build", "gem", "--out", out, "--cut-files")
    assert r.code == 2 and f"gem: not built, cannot write to out: .gem.commit in {out} is not a record" in r.err
    assert _outputs(out) == before
    journal.unlink()
    assert cli("where", "gem", "coin-1a", "--out", out).code == 0
