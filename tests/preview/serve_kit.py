"""Running `pnp serve` for tests: a real process on a free port, and a real browser (Debian's
chromium driven by Playwright, launched with executable_path: the Playwright download cannot
reach us; .ci/run installs chromium when it is missing)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = next((p for p in (os.environ.get("PNP_CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"),
                             "/usr/bin/chromium") if p and Path(p).exists()), None)


def _files_at_most(files: int | None):
    if files is None:
        return None

    def limit() -> None:
        import resource

        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, hard))

    return limit


class Server:
    """`pnp serve ARGS` in a child process, started in `folder`; `url` once it serves."""

    def __init__(self, folder: Path, *args: str, env: dict[str, str] | None = None, files: int | None = None):
        """`env`: more environment variables; `files`: the most files the process may open."""
        self.folder = folder
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0", *args], cwd=folder,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, **(env or {})}, preexec_fn=_files_at_most(files))
        self.said, self.heard = "", threading.Condition()  # what it says on stderr, as it says it
        threading.Thread(target=self._listen, daemon=True).start()
        self.first = self.proc.stdout.readline().strip()
        assert self.first.startswith("serving http://127.0.0.1:"), (self.first, self.wait_said(""))
        self.url = self.first.split(" ", 1)[1].rstrip("/")

    def _listen(self) -> None:
        for line in self.proc.stderr:
            with self.heard:
                self.said += line
                self.heard.notify_all()
        with self.heard:
            self.said += "\0"  # the end: the process closed stderr
            self.heard.notify_all()

    def wait_said(self, text: str, timeout: float = 120) -> str:
        """Until stderr holds `text` (or the process has ended); all it said so far."""
        with self.heard:
            self.heard.wait_for(lambda: text in self.said or "\0" in self.said, timeout)
            return self.said

    def wait_until(self, done, timeout: float = 120) -> str:
        """Until `done(all it said on stderr so far)` holds (or the process has ended); all it said."""
        with self.heard:
            self.heard.wait_for(lambda: done(self.said) or "\0" in self.said, timeout)
            return self.said

    def get(self, path: str, method: str = "GET") -> tuple[int, bytes, dict]:
        req = urllib.request.Request(self.url + path, method=method)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, r.read(), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read(), dict(e.headers)

    def wait_ready(self, path: str, timeout: float = 120) -> None:
        """Until `path` answers with its game built: the server answers at once, and says on
        stderr when each game is built (waited for, not polled)."""
        game = path.split("/")[2] if path.startswith("/game/") else None
        if game is not None:
            said = self.wait_said(f"pnp serve: {game} built in", timeout)
            assert f"pnp serve: {game} built in" in said, said
        assert self.get(path)[0] == 200, path

    def stop(self) -> tuple[int, str]:
        """Stop as Ctrl-C does; the exit code and what it said on stderr."""
        import signal

        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode, self.wait_said("\0").rstrip("\0")


# Every picture in the window loaded (those below it load as they are scrolled to: loading="lazy").
IN_VIEW_LOADED = ("() => [...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)"
                  ".every(i => i.complete && i.naturalWidth > 0)")


def save(path: Path, old: str, new: str) -> None:
    """Edit a file as an editor saves it: the whole text written again."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
