"""Several games built at once (pnp/commands/parallel.py): results come back in the order asked for, a
child's progress reaches the parent's terminal line, a child that dies or fails is named (never a
hang), an interrupted multi-game build leaves no process and no temporary file behind, and the
per-game lock lets two games write one folder at once while still serialising one game."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp.writers import commit, outputs
from pnp.commands import parallel
from pnp.load.paths import SPECS_DIR

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@dataclass
class Job:
    name: str
    weight: int
    sleep: float = 0.0


def _square(job: Job, progress) -> tuple[int, int]:
    time.sleep(job.sleep)
    if progress is not None:
        progress.cards(job.weight, 10)
    return os.getpid(), job.weight * job.weight


def test_results_come_in_job_order_from_other_processes():
    jobs = [Job("a", 1, 0.3), Job("b", 5, 0.0), Job("c", 3, 0.1), Job("d", 2, 0.0)]
    got = list(parallel.run(jobs, _square, workers=2))
    assert [j.name for j, _ in got] == ["a", "b", "c", "d"]
    assert [r[1] for _, r in got] == [1, 25, 9, 4]
    assert all(pid != os.getpid() for _, (pid, _) in got)  # each in a child


def test_each_worker_does_one_job_after_another():
    jobs = [Job(n, w) for n, w in (("a", 1), ("b", 5), ("c", 3), ("d", 2), ("e", 4))]
    got = list(parallel.run(jobs, _square, workers=2))
    assert [r[1] for _, r in got] == [1, 25, 9, 4, 16]
    pids = {pid for _, (pid, _) in got}
    assert len(pids) == 2 and os.getpid() not in pids  # two workers, not a process a job


def test_workers_that_are_done_are_not_waited_for_and_the_next_pool_reaps_them():
    """The kernel freeing a finished worker's memory holds up nothing; no zombie is left either."""
    got = list(parallel.run([Job(n, w) for n, w in (("a", 1), ("b", 5), ("c", 3))], _square, workers=2))
    pids = {pid for _, (pid, _) in got}
    assert len(pids) == 2 and set(parallel._LEAVING) <= pids  # not yet reaped, or gone already
    more = list(parallel.run([Job("x", 1), Job("y", 2)], _square, workers=2))
    for pid in pids:  # the second pool reaped the first's workers before it forked its own
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
    parallel._reap(block=True)
    assert parallel._LEAVING == [] and len({pid for _, (pid, _) in more} & pids) == 0


def _killed_if_k(job, progress):
    if job.name == "k":
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid(), job.name


def test_the_jobs_of_a_worker_that_died_go_to_a_new_one():
    jobs = [Job("k", 9), Job("a", 1), Job("b", 1), Job("c", 1)]  # k first: the biggest
    got = dict((j.name, r) for j, r in parallel.run(jobs, _killed_if_k, workers=2))
    assert "the process building k was killed by signal 9 (SIGKILL)" in str(got["k"])
    assert [got[n][1] for n in "abc"] == ["a", "b", "c"]
    assert os.getpid() not in {got[n][0] for n in "abc"}


def test_a_worker_gone_between_jobs_neither_hangs_nor_loses_a_job(monkeypatch):
    send = parallel._send

    def send_then_leave(fd, message):
        send(fd, message)
        if message[0] == "result" and message[1] == 0:  # job a's result sent: the worker is gone before its next
            os._exit(0)
    monkeypatch.setattr(parallel, "_send", send_then_leave)  # the forked workers inherit it
    jobs = [Job("a", 9), Job("b", 1), Job("c", 1), Job("d", 1)]
    got = dict((j.name, r) for j, r in parallel.run(jobs, _square, workers=2))
    assert got["a"][1] == 81
    for name, n in (("b", 1), ("c", 1), ("d", 1)):  # done by a worker, or handed to the one that left and said so
        assert (not isinstance(got[name], Exception) and got[name][1] == n) or \
            "ended (exit 0) without a result" in str(got[name])
    assert sum(isinstance(r, Exception) for r in got.values()) <= 1


def test_one_worker_runs_in_this_process():
    got = list(parallel.run([Job("a", 2), Job("b", 3)], _square, workers=1))
    assert [r for _, r in got] == [(os.getpid(), 4), (os.getpid(), 9)]


class Recorder:
    def __init__(self):
        self.calls = []

    def cards(self, n, total):
        self.calls.append((n, total))


def test_a_childs_progress_reaches_the_parents_object():
    recorders = {}

    def progress(job):
        recorders[job.name] = Recorder()
        return recorders[job.name]

    list(parallel.run([Job("a", 4), Job("b", 7)], _square, progress=progress, workers=2))
    assert recorders["a"].calls == [(4, 10)] and recorders["b"].calls == [(7, 10)]


def _killed(job, progress):
    os.kill(os.getpid(), signal.SIGKILL)


def _boom_b(job, progress):
    if job.name == "b":
        raise ValueError(f"no {job.name}")
    return job.name


def test_a_failing_child_is_named_with_its_traceback_and_the_others_go_on():
    got = dict((j.name, r) for j, r in parallel.run([Job("a", 1), Job("b", 1), Job("c", 1)], _boom_b, workers=2))
    assert got["a"] == "a" and got["c"] == "c"
    assert isinstance(got["b"], parallel.WorkerDied)
    assert re.search(r"(?s)the build of b failed:.*ValueError: no b", str(got["b"]))


def test_a_killed_child_is_named_not_waited_for_forever():
    (_, a), (_, b) = parallel.run([Job("a", 1), Job("b", 1)], _killed, workers=2)
    assert "the process building a was killed by signal 9 (SIGKILL)" in str(a)
    assert isinstance(b, parallel.WorkerDied)


def _pnp(*args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp", *map(str, args)], env=ENV, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _wait_for_children(p: subprocess.Popen, n: int, timeout: float = 30) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        kids = _children(p.pid)
        if len(kids) >= n:
            return kids
        time.sleep(0.01)
    pytest.fail("the build did not start its worker processes")


def _gone(pids: list[int], timeout: float = 10) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in pids):
            return True
        time.sleep(0.02)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][:1]
    except OSError:
        return "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_an_interrupted_multi_game_build_leaves_no_worker_and_no_temporary_file(tmp_path, sig):
    out = tmp_path / "out"
    p = _pnp("build", "christmas-tree", "pi-mal-pflaumen", "--out", out, "--specs", SPECS_DIR)
    kids = _wait_for_children(p, 2)
    p.send_signal(sig)  # at once: the whole build of the two takes a quarter of a second
    _, err = p.communicate(timeout=60)
    assert b"Traceback" not in err
    assert _gone(kids), "a worker outlived its build"
    if sig == signal.SIGKILL:  # the next build clears what the killed ones left
        assert _pnp("build", "gem", "--out", out, "--specs", SPECS_DIR).wait(120) == 0
        for game in ("christmas-tree", "pi-mal-pflaumen"):
            commit.recover(out, game)
    else:
        assert p.returncode == 130 and b"interrupted" in err
    left = [q.name for q in out.iterdir() if q.name.endswith((".tmp", ".prev"))] if out.exists() else []
    assert left == []


def _waits(p: subprocess.Popen) -> bytes:
    """The first line the build writes to stderr, read as it comes: a build that finds the lock
    held says it is waiting before it waits (no sleep guessing how long it takes to get there)."""
    line = p.stderr.readline()
    assert p.poll() is None, f"the build did not wait for the lock: {line!r}"
    return line


def test_one_games_lock_does_not_hold_up_another_game(tmp_path):
    out = tmp_path / "out"
    with outputs.locked(out, game="gem"):
        assert _pnp("build", "the-jam", "--out", out, "--specs", SPECS_DIR).wait(120) == 0
        gem = _pnp("build", "gem", "--out", out, "--specs", SPECS_DIR)
        assert b"waiting for another build" in _waits(gem)  # waits for the lock held here
        assert not (out / "gem.pdf").exists()
    assert gem.wait(120) == 0 and (out / "gem.pdf").exists()


def test_the_folder_lock_holds_up_every_game(tmp_path):
    out = tmp_path / "out"
    with outputs.locked(out):
        p = _pnp("build", "gem", "--out", out, "--specs", SPECS_DIR)
        assert b"waiting for another build" in _waits(p)
        assert not (out / "gem.pdf").exists()
    assert p.wait(120) == 0 and (out / "gem.pdf").exists()


def test_a_game_whose_build_crashes_is_reported_and_the_others_are_built(cli, tmp_path, monkeypatch):
    import pnp.build

    real = pnp.build.build

    def build(loaded, *a, **k):
        if loaded.game.id == "gem":
            raise RuntimeError("a bug in the gem build")
        return real(loaded, *a, **k)
    monkeypatch.setattr(pnp.build, "build", build)  # the forked workers inherit it
    r = cli("build", "gem", "the-jam", "--out", tmp_path)
    assert r.code == 2
    assert "gem: not built, the build of gem failed:" in r.err and "RuntimeError: a bug in the gem build" in r.err
    assert re.search(r"the-jam: \d+ cards on \d+ pages", r.out) and (tmp_path / "the-jam.pdf").exists() and not (tmp_path / "gem.pdf").exists()


def test_an_edition_one_game_lacks_stops_a_multi_game_build_before_anything_is_written(cli, tmp_path):
    out = tmp_path / "out"
    r = cli("build", "gem", "pi-mal-pflaumen", "--edition", "poker", "--out", out)
    assert r.code == 2 and "pnp build: error: pi-mal-pflaumen has no edition 'poker'" in r.err
    assert not out.exists() or not any(out.iterdir())  # not even GEM, which has that edition
