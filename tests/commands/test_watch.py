"""`pnp watch`: a save rebuilds, a broken spec keeps the last good PDF, Ctrl-C stops cleanly, and
a warm rebuild draws only the card that changed."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import copy_spec
from pnp.cli import _parser
from pnp.commands.watch import watch_loop


class Lines:
    """The watch's own messages; `wait(n)` until n builds have finished."""

    def __init__(self):
        self.text, self.done = "", threading.Condition()

    def write(self, s: str) -> None:
        with self.done:
            self.text += s
            self.done.notify_all()

    def flush(self) -> None:
        pass

    def wait(self, builds: int, timeout: float = 30) -> None:
        self.until(lambda: self.text.count("--- done") + self.text.count("--- not") >= builds, timeout)

    def until(self, done, timeout: float = 60) -> None:
        """Until `done()`, looked at each time the watch says something."""
        with self.done:
            assert self.done.wait_for(done, timeout), self.text


def test_a_save_rebuilds_and_a_broken_spec_keeps_the_last_good_pdf(tmp_path):
    specs, _ = copy_spec(tmp_path, "gem")
    out = tmp_path / "out"
    args = _parser().parse_args(["watch", "gem", "--specs", str(specs), "--out", str(out), "--max-builds", "3"])
    lines, stop = Lines(), threading.Event()
    result = {}
    t = threading.Thread(target=lambda: result.setdefault("builds", watch_loop(args, specs, stop, lines)))
    t.start()
    try:
        lines.wait(1)
        first = (out / "gem.pdf").read_bytes()  # the watcher was set up before the first build
        copy_spec(tmp_path, "gem", "loan: 2 }", "loan: 3 }")
        lines.wait(2)
        second = (out / "gem.pdf").read_bytes()
        assert second != first
        assert args.render_cache.drawn == 1  # only the edited card was drawn again
        copy_spec(tmp_path, "gem", "components:", "components: [")
        lines.wait(3)
        assert (out / "gem.pdf").read_bytes() == second
        assert "not everything was built" in lines.text
    finally:
        stop.set()
        t.join(20)
    assert not t.is_alive() and result["builds"] == 3


def test_ctrl_c_stops_with_exit_0_and_no_traceback(tmp_path):
    specs, _ = copy_spec(tmp_path, "gem")
    p = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "gem", "--specs", str(specs), "--out",
                          str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=tmp_path, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    seen = ""
    deadline = time.monotonic() + 60
    while "watching" not in seen and time.monotonic() < deadline:
        seen += p.stdout.readline()
    p.send_signal(signal.SIGINT)  # watching: it said so once its watcher was set up
    out, err = p.communicate(timeout=30)
    assert p.returncode == 0, err
    assert "Traceback" not in err and "stopped" in err


def test_watch_changed_removes_a_reprint_whose_edit_was_taken_back(tmp_path):
    from pnp.cli import main

    specs, _ = copy_spec(tmp_path, "gem")
    out = tmp_path / "out"
    assert main(["build", "gem", "--specs", str(specs), "--out", str(out)]) == 0  # the full print
    args = _parser().parse_args(["watch", "gem", "--changed", "--specs", str(specs), "--out", str(out)])
    lines, stop = Lines(), threading.Event()
    t = threading.Thread(target=lambda: watch_loop(args, specs, stop, lines))
    t.start()
    reprint = out / "gem-reprint.pdf"
    try:
        lines.wait(1)
        assert not reprint.exists()
        copy_spec(tmp_path, "gem", "loan: 2 }", "loan: 3 }")
        lines.until(reprint.exists)
        copy_spec(tmp_path, "gem")  # the edit taken back
        lines.until(lambda: not reprint.exists())
        assert not (out / "gem-reprint.json").exists()
        assert sorted(p.name for p in out.iterdir()) == [".pnp.lock", "gem.json", "gem.manifest.json", "gem.pdf"]
    finally:
        stop.set()
        t.join(20)
    assert not t.is_alive()


class _Watch:
    """`pnp watch` in a process of its own (a hang ends the test, not the test run); its output
    read as it comes."""

    def __init__(self, specs, out, cwd):
        self.p = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "gem", "--specs", str(specs), "--out",
                                   str(out)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.text, self.said = "", threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.p.stdout:
            with self.said:
                self.text += line
                self.said.notify_all()

    def until(self, done, timeout: float = 60) -> None:
        """Until `done()`, looked at each time the watch says something."""
        with self.said:
            assert self.said.wait_for(done, timeout), self.text

    def builds(self) -> int:
        return self.text.count("--- done") + self.text.count("--- not")

    def stop(self) -> tuple[int, str]:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGINT)
        try:
            return self.p.wait(30), self.text
        finally:
            if self.p.poll() is None:
                self.p.kill()


@pytest.mark.parametrize("what", ["a pipe", "a link to /dev/zero"])
def test_an_image_saved_while_the_spec_is_a_pipe_or_dev_zero_does_not_block_the_watch(tmp_path, what):
    """The watch reads a spec to tell whether it names a saved image: with the checks a build reads
    it with, so a pipe is never waited on and /dev/zero never read (they blocked it for ever, or
    grew it by gigabytes a second); the build then says what the spec is."""
    specs, _ = copy_spec(tmp_path, "gem")
    spec = specs / "gem.yaml"
    w = _Watch(specs, tmp_path / "out", tmp_path)
    try:
        w.until(lambda: "watching" in w.text)
        spec.unlink()
        os.mkfifo(spec) if what == "a pipe" else spec.symlink_to("/dev/zero")
        said = f"card_specs/gem.yaml:1:1: error[FILE-UNREADABLE]: is {'a pipe' if what == 'a pipe' else 'a device'}"
        w.until(lambda: said in w.text and w.builds() >= 2)  # the spec's own save
        seen = w.builds()
        (specs / "art.png").write_bytes(b"\x89PNG")  # an image saved
        w.until(lambda: w.builds() > seen)
        assert "art.png saved: building gem" in w.text
    finally:
        code, text = w.stop()
    assert code == 0 and "Traceback" not in text and text.count(said) >= 2


def test_a_table_row_saved_rebuilds_its_game(tmp_path):
    """A declared game's cards from a CSV: saving the table is saving the game (issue 19)."""
    import shutil

    from pnp.incremental.watched import affected as _affected

    root = tmp_path / "lanterns"
    shutil.copytree(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "lanterns"), root)
    specs = root / "card_specs"
    out = tmp_path / "out"
    assert _affected([specs / "lanterns.csv"], ["lanterns"], specs) == ["lanterns"]
    assert _affected([specs / "other.csv"], ["lanterns"], specs) == []
    args = _parser().parse_args(["watch", "lanterns", "--specs", str(specs), "--out", str(out), "--max-builds", "2"])
    lines, stop = Lines(), threading.Event()
    t = threading.Thread(target=lambda: watch_loop(args, specs, stop, lines))
    t.start()
    try:
        lines.wait(1)
        first = (out / "lanterns.pdf").read_bytes()
        table = specs / "lanterns.csv"
        table.write_text(table.read_text(encoding="utf-8").replace("Red Dragon", "Red Wyrm"), encoding="utf-8")
        lines.wait(2)
        assert "lanterns.csv saved" in lines.text
        assert (out / "lanterns.pdf").read_bytes() != first
        assert args.render_cache.drawn == 1  # the one row's card
    finally:
        stop.set()
        t.join(10)
