"""`pnp serve` as a process: many quick saves are one rebuild, a port it cannot have is a clear
error (exit 2, no traceback), and Ctrl-C stops it cleanly."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time

from pnp.load.paths import SPECS_DIR
from serve_kit import Server


def test_many_quick_saves_are_one_rebuild(tmp_path):
    (tmp_path / "card_specs").mkdir()
    spec = tmp_path / "card_specs" / "gem.yaml"
    shutil.copy(SPECS_DIR / "gem.yaml", spec)
    server = Server(tmp_path, "gem", "--specs", "card_specs")
    try:
        assert "pnp serve: watching for saves" in server.wait_said("pnp serve: watching for saves")
        server.wait_ready("/game/gem/state.json")
        text = spec.read_text(encoding="utf-8")
        for n in range(8):  # an editor saving eight times in a few milliseconds
            spec.write_text(text.replace("invest: 1, loan: 2 }", f"invest: 1, loan: {n + 3} }}", 1), encoding="utf-8")
        while True:  # until the last save is printed, looked at after each print the server says it made
            prints = server.said.count("pnp serve: gem built")  # before looking: a print made meanwhile is seen
            state = json.loads(server.get("/game/gem/state.json")[1])
            if state["printed"] and _sapphire_ruby(state)["name"] == LAST:
                break
            said = server.wait_until(lambda s: s.count("pnp serve: gem built") > prints)
            assert said.count("pnp serve: gem built") > prints, said
        # Then a save that cannot be read: the watcher reports saves in the order they are made, so once
        # it is drawn none of the eight is still on its way; it builds nothing (not counted below).
        spec.write_text(text.replace("components:", "components: [", 1), encoding="utf-8")
        assert "cannot be read, the last good pictures stay" in server.wait_until(
            lambda s: "cannot be read, the last good pictures stay" in s), server.said
        state = json.loads(server.get("/game/gem/state.json")[1])  # the last good save's cards stay
    finally:
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err, err
    # Builds of a readable save: one caught half-written by a loaded machine ("cannot be read") is
    # not one, nor is the last, unreadable save.
    builds = sum("pnp serve: gem built" in ln and "cannot be read" not in ln for ln in err.splitlines())
    assert 2 <= builds <= 3, err  # the first build, then one (at most two) for the eight saves
    card = _sapphire_ruby(state)
    assert card["name"] == "Sapphire + Ruby (invest 1, loan 10)"  # the last save is what shows


LAST = "Sapphire + Ruby (invest 1, loan 10)"


def _sapphire_ruby(state: dict) -> dict:
    return next(c for c in state["cards"] if c["id"] == "sapphire-ruby")


def test_a_port_in_use_is_a_clear_error(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        r = subprocess.run([sys.executable, "-m", "pnp", "serve", "gem", "--port", str(port)], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60)
    finally:
        taken.close()
    assert r.returncode == 2 and r.stdout == ""
    assert f"pnp serve: error: cannot listen on 127.0.0.1:{port}:" in r.stderr and "Traceback" not in r.stderr


def test_a_port_that_is_no_port_is_a_usage_error(tmp_path):
    r = subprocess.run([sys.executable, "-m", "pnp", "serve", "--port", "70000"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "70000 is not a port number (0 to 65535)" in r.stderr
