"""Ctrl-C while pnp starts (its imports take a good part of a second, before any command runs)
is told as one line, "pnp: interrupted", with exit 130, never a traceback. The SIGINT is sent by
the process to itself the moment a given module is first imported, so it lands there every time."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# `python -m pnp ARGS`, or what the installed console script does (pyproject.toml's
# [project.scripts]): `from pnp.__main__ import run; sys.exit(run())`.
STOP_AT_IMPORT = """
import os, runpy, signal, sys
how, trigger, *args = sys.argv[1:]

class Stop:
    def find_spec(self, name, path=None, target=None):
        if name == trigger or trigger == "pnp.*" and name.startswith("pnp.") and name != "pnp.__main__":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Stop())
sys.argv = ["pnp", *args]
if how == "-m":
    runpy.run_module("pnp", run_name="__main__", alter_sys=True)
else:
    from pnp.__main__ import run
    sys.exit(run())
"""


@pytest.mark.parametrize("how", ["-m", "script"])
@pytest.mark.parametrize("trigger", ["pnp.*", "pnp.cli", "argparse", "pnp.commands.build", "pnp.load.paths"])
def test_ctrl_c_while_pnp_starts_is_one_line_and_exit_130(tmp_path, how, trigger):
    r = subprocess.run([sys.executable, "-c", STOP_AT_IMPORT, how, trigger, "build", "--out", str(tmp_path / "out")],
                       cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                       timeout=60)
    assert (r.returncode, r.stdout, r.stderr) == (130, "", "pnp: interrupted\n")
    assert not (tmp_path / "out").exists()


def test_ctrl_c_while_python_m_pnp_imports_its_command_line(tmp_path):
    """The interrupt lands in `python -m pnp`'s own import of pnp.cli."""
    r = subprocess.run([sys.executable, "-c", STOP_AT_IMPORT, "-m", "pnp.cli", "build"], cwd=tmp_path,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stderr) == (130, "pnp: interrupted\n")


def test_the_installed_command_is_the_guarded_entry():
    """The console script pip writes calls pnp.__main__:run, whose import of pnp.cli is guarded
    (an entry of pnp.cli:main would import pnp.cli, unguarded, in the script's own first line)."""
    import re

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # (tomllib is Python 3.11's)
    section = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
    assert re.findall(r'^(\w+) = "([^"]+)"', section, re.M) == [("pnp", "pnp.__main__:run")]
