"""`pnp serve` against a hostile file system, command line and network: a spec deleted or replaced
by a pipe while it runs is a located error on the page (never a hang, never pnp's own copy shown
in silence) and the page recovers when the spec comes back; an edition the game does not have is
refused at start-up; many half-open connections neither starve the page nor flood the log."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from pnp.load.paths import SPECS_DIR
from serve_kit import Server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"


def _drawn(said: str, game: str) -> int:
    """How many draws of `game` the server has finished (or given up on) so far."""
    return said.count(f"pnp serve: {game} drawn in") + said.count(f"pnp serve: {game}: the build failed")


def state_when(server: Server, game: str, done) -> dict:
    """The game's state once `done(state)` holds: looked at again after every draw the server says
    it made (waited for on its log, not polled)."""
    while True:
        draws = _drawn(server.said, game)  # before looking: a draw made meanwhile is seen
        state = json.loads(server.get(f"/game/{game}/state.json")[1])
        if done(state):
            return state
        said = server.wait_until(lambda s: _drawn(s, game) > draws)
        assert _drawn(said, game) > draws, said


def _says(code: str, where: str, words: str):
    return lambda s: s["stale"] and any(d["code"] == code and d["text"].startswith(where) and words in d["text"]
                                        for d in s["diagnostics"])


def test_a_declared_games_spec_deleted_or_made_a_pipe_is_shown_located_and_recovers(tmp_path):
    shutil.copytree(EXAMPLE, tmp_path / "game")
    spec = tmp_path / "game" / "card_specs" / "lanterns.yaml"
    text = spec.read_bytes()
    server = Server(tmp_path / "game", "lanterns", "--specs", "card_specs")
    try:
        server.wait_ready("/game/lanterns")
        spec.unlink()
        state = state_when(server, "lanterns", _says("FILE-MISSING", "card_specs/lanterns.yaml:1:1: error", "no such file"))
        assert state["cards"] and not state["ok"]  # the last good pictures stay, beside the error
        page = server.get("/game/lanterns")[1].decode()
        assert "card_specs/lanterns.yaml:1:1: error[FILE-MISSING]: no such file" in page
        os.mkfifo(spec)  # a pipe: read, it would wait for a writer forever
        state_when(server, "lanterns", _says("FILE-UNREADABLE", "card_specs/lanterns.yaml:1:1: error", "is a pipe"))
        assert server.get("/game/lanterns/state.json")[0] == 200  # the server still answers
        spec.unlink()
        spec.write_bytes(text)
        state = state_when(server, "lanterns", lambda s: not s["stale"] and s["ok"] and s["cards"])
        assert state["diagnostics"] == []
    finally:
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err and "the build failed" not in err, err


def test_an_installed_games_spec_deleted_is_an_error_not_pnps_own_copy_shown(tmp_path):
    (tmp_path / "card_specs").mkdir()
    spec = tmp_path / "card_specs" / "gem.yaml"
    shutil.copy(SPECS_DIR / "gem.yaml", spec)
    server = Server(tmp_path, "gem", "--specs", "card_specs")
    try:
        server.wait_ready("/game/gem")
        spec.unlink()
        state = state_when(server, "gem", _says("FILE-MISSING", "card_specs/gem.yaml:1:1: error", "no such file"))
        assert state["cards"]
    finally:
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err, err
