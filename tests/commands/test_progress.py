"""Progress on a terminal: one updating line per game after the first second; nothing otherwise."""
from __future__ import annotations

import io

from pnp.commands.progress import Progress


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_a_slow_build_on_a_terminal_shows_cards_and_sheets_then_clears():
    stream, clock = Tty(), Clock()
    with Progress(stream, "gem", clock=clock) as p:
        p.cards(5, 30)
        assert stream.getvalue() == ""  # nothing in the first second
        clock.t = 1.2
        p.cards(10, 30)
        clock.t = 1.4
        p.sheet(2)
        assert stream.getvalue().endswith("gem: cards drawn 10/30, sheets written 1/2")
        assert "\n" not in stream.getvalue()  # one line, written over itself
    assert stream.getvalue().endswith("\r\x1b[K")  # cleared for the report


def test_a_quick_build_shows_nothing():
    stream, clock = Tty(), Clock()
    with Progress(stream, "gem", clock=clock) as p:
        p.cards(30, 30)
        p.sheet(2)
    assert stream.getvalue() == ""


def test_not_a_terminal_no_progress_at_all():
    stream, clock = io.StringIO(), Clock()
    with Progress(stream, "gem", clock=clock) as p:
        assert p is None  # the build is handed no progress
    assert stream.getvalue() == ""


def test_a_build_reports_to_the_progress_it_is_given(tmp_path):
    from pnp.options import BuildOptions
    from pnp.build import build
    from pnp.diagnostics import Report
    from pnp.load.paths import SPECS_DIR
    from pnp.games.project import load_for_build, sheets

    stream, clock = Tty(), Clock()
    clock.t = 5.0
    progress = Progress(stream, "gem", clock=clock, delay=0)
    presets, _ = sheets(SPECS_DIR)
    built = build(load_for_build("gem", SPECS_DIR), BuildOptions(presets["a4"]), tmp_path, Report(), progress=progress)
    assert progress.drawn == progress.to_draw == 30  # every component's face
    assert progress.written == progress.to_write == built.pages // 2  # duplex: two pages a sheet
    assert "gem: cards drawn" in stream.getvalue()


def test_the_cli_prints_no_progress_when_stderr_is_not_a_terminal(cli, tmp_path):
    r = cli("build", "gem", "--out", tmp_path / "out")
    assert r.code == 0
    assert "cards drawn" not in r.err and "\r" not in r.err


def test_games_built_at_once_share_one_line_cut_to_the_terminal():
    from pnp.commands.progress import Line

    stream, clock = Tty(), Clock()
    line = Line(stream, width=40)
    jam, gem = (Progress(stream, g, clock=clock, line=line) for g in ("the-jam", "gem"))
    clock.t = 1.5
    jam.cards(40, 84)
    gem.cards(10, 30)
    shown = stream.getvalue().rsplit("\r\x1b[K", 1)[1]
    assert shown.startswith("the-jam: cards drawn 40/84 · gem") and len(shown) <= 39
    assert shown.endswith("…")  # cut to the width, never wrapped
    jam.done()
    assert stream.getvalue().rsplit("\r\x1b[K", 1)[1] == "gem: cards drawn 10/30"
    gem.done()
    assert stream.getvalue().endswith("\r\x1b[K") and "\n" not in stream.getvalue()
