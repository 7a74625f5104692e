"""How the `pnp` process ends (pnp/__main__.py): as Python's exit would, less the teardown of every
module — its status is the command's, what it printed is all there, `atexit` functions run, and a
thread still running is waited for, as Python waits for it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The installed console script's own line (pyproject.toml's [project.scripts]), with an atexit
# function, or a thread, set up first.
SCRIPT = """
import atexit, sys, threading
how, *args = sys.argv[1:]
sys.argv = ["pnp", *args]
if how == "atexit":
    atexit.register(lambda: print("atexit ran", file=sys.stderr, flush=True))
if how == "thread":
    go = threading.Event()
    threading.Thread(target=lambda: (go.wait(), print("thread done", file=sys.stderr))).start()
from pnp.__main__ import run
code = run()
print("run returned", file=sys.stderr)  # only reached when run leaves the exit to Python
if how == "thread":
    go.set()
sys.exit(code)
"""


def _pnp(how: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT, how, *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


def test_the_process_ends_with_the_commands_status_its_output_whole_and_atexit_run():
    r = _pnp("atexit", "list", "gem", "--format", "json")
    assert r.returncode == 0
    listed = json.loads(r.stdout)  # all of it written, though the process skipped Python's own exit
    assert len(listed["components"]) == 30
    assert r.stderr == "atexit ran\n"  # and `run` did not return: the process ended in it

    r = _pnp("atexit", "list", "no-such-game")
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.startswith("pnp list: error: unknown game 'no-such-game'") and r.stderr.endswith("atexit ran\n")


def test_a_thread_still_running_gets_pythons_own_exit():
    r = _pnp("thread", "list", "gem")
    assert r.returncode == 0 and "GEM: 30 components" in r.stdout
    assert r.stderr == "run returned\nthread done\n"
