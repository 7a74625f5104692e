"""The command line as a user types it: negative offsets, a game after --only, every argument's
help naming its choices, empty names refused, long folder names, a signal while it is read."""
import argparse
import json
import subprocess
import sys

import pypdf
import pytest

from pnp.cli import _parser
from pnp.games import GAMES
from pnp.load.paths import SPECS_DIR

LONG = "x" * 300  # one folder name over the 255 bytes a file system allows


# -- a negative --back-offset -------------------------------------------------------------------

@pytest.mark.parametrize("words", [["--back-offset", "-1,2"], ["--back-offset=-1,2"], ["--back-off", "-1,2"]])
def test_build_reads_a_negative_back_offset_as_written(cli, tmp_path, words):
    r = cli("build", "gem", "--out", tmp_path, *words)
    assert r.code == 0, r.err
    assert json.loads((tmp_path / "gem.json").read_text())["back_offset_mm"] == [-1.0, 2.0]


@pytest.mark.parametrize("words", [["--back-offset", "-0.5,-0.5"], ["--back-offset=-0.5,-0.5"]])
def test_calibrate_reads_a_negative_back_offset_as_written(cli, tmp_path, words):
    r = cli("calibrate", "--out", tmp_path, *words)
    assert r.code == 0, r.err
    text = pypdf.PdfReader(tmp_path / "calibrate-a4-duplex-long-corrected.pdf").pages[0].extract_text()
    assert "printed with --back-offset -0.5,-0.5 --back-rotate 0: every scale should now read 0" in text


def test_watch_takes_a_negative_back_offset_like_build():
    from pnp.commands.arguments import joined_pairs  # what `main` does to the words first

    args = _parser().parse_args(joined_pairs(["watch", "gem", "--back-offset", "-.5,-3"]))
    assert args.back_offset == (-0.5, -3.0)


def test_only_a_number_pair_is_joined_to_its_option(cli, capsys):
    from pnp.commands.arguments import joined_pairs

    assert joined_pairs(["build", "--back-offset", "--force"]) == ["build", "--back-offset", "--force"]
    assert joined_pairs(["build", "--", "--back-offset", "-1,2"]) == ["build", "--", "--back-offset", "-1,2"]
    with pytest.raises(SystemExit) as info:
        cli("build", "gem", "--back-offset", "-1,x")
    assert info.value.code == 2
    assert "argument --back-offset: '-1,x' is not DX,DY in millimetres, e.g. 0.5,-1" in capsys.readouterr().err


# -- the game after --only ------------------------------------------------------------------------

def test_a_game_after_only_is_the_game(cli, tmp_path):
    assert cli("build", "gem", "--out", tmp_path).code == 0
    r = cli("build", "--out", tmp_path, "--only", "coin-1a", "gem")
    assert r.code == 0, r.err
    assert r.out.startswith("gem: 1 sheet") and "gem-reprint.pdf" in r.out
    pages = json.loads((tmp_path / "gem-reprint.json").read_text())["pages"]
    assert {p["id"] for p in pages[0]["pieces"]} >= {"coin-1a"}


def test_only_with_nothing_but_a_game_or_no_game_says_what_to_write(cli, tmp_path):
    r = cli("build", "--out", tmp_path, "--only", "gem")
    assert (r.code, r.err) == (2, "pnp build: error: --only names the cards to reprint, and gem is a game, not a "
                                  "card: pnp build gem --only ID ...\n")
    r = cli("build", "--out", tmp_path, "--only", "coin-1a")
    assert (r.code, r.err) == (2, "pnp build: error: --only reprints the sheets of one game, and no GAME was given: "
                                  "pnp build GAME --only ID ...\n")
    assert not tmp_path.joinpath("gem-reprint.pdf").exists()


# -- help ---------------------------------------------------------------------------------------

def _commands():
    parser = _parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


def test_every_argument_of_every_command_says_what_it_does():
    checked = 0
    for name, command in _commands().items():
        command.format_help()  # help that names the installed games is made when help is shown
        for action in command._actions:
            if action.help == argparse.SUPPRESS:
                continue
            what = action.option_strings or [action.metavar or action.dest]
            assert action.help and action.help.strip(), f"pnp {name} {what[0]} has no help"
            checked += 1
    assert checked > 0  # the commands' arguments were there to check


def test_setup_help_names_the_games_their_variants_and_player_counts(cli, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # one line per argument: no id broken at its hyphen
    with pytest.raises(SystemExit):
        cli("setup", "--help")
    lines = capsys.readouterr().out.splitlines()
    game = next(ln for ln in lines if ln.strip().startswith("GAME "))
    variant = next(ln for ln in lines if ln.strip().startswith("--variant NAME "))
    players = next(ln for ln in lines if ln.strip().startswith("--players N "))
    assert "game id: " + ", ".join(sorted(GAMES)[:-1]) + " or " + sorted(GAMES)[-1] in game
    for g, gd in GAMES.items():
        named = variant.split(f"{g}: ")[1].split(";")[0]
        assert named == (" or ".join([", ".join(gd.variants[:-1]), gd.variants[-1]]) if len(gd.variants) > 1
                         else gd.variants[0] if gd.variants else "none")
        counts = sorted(gd.players)
        assert f"{g}: {counts[0]} to {counts[-1]}" in players if len(counts) > 1 else f"{g}: {counts[0]}" in players


@pytest.mark.parametrize("command", ["validate", "score", "list", "where"])
def test_format_says_what_its_json_holds(cli, capsys, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "1000")
    with pytest.raises(SystemExit):
        cli(command, "--help")
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.strip().startswith("--format"))
    assert "text (default): for a person; json: one JSON document on stdout" in line


def test_build_and_export_help_list_every_game_s_editions(cli, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")
    found = 0
    for command in ("build", "export"):
        with pytest.raises(SystemExit):
            cli(command, "--help")
        line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.strip().startswith("--edition"))
        for editions in ("christmas-tree: standard;", "gem: gum (default), poker or poker-us;", "pi-mal-pflaumen: european;",
                         "the-jam: poker"):
            assert editions in line
            found += 1
    assert found == 2 * 4


@pytest.mark.parametrize("words, games", [(["validate", "gem"], "['base', 'gem']"), (["--help"], "['base']")])
def test_reading_the_command_line_loads_no_game_it_does_not_name(tmp_path, words, games):
    """Help texts that name every game are made only when that command's help is shown (the
    declared-game engine, which reads GEM's game.yaml, is no game)."""
    code = ("import sys; from pnp.cli import main\n"
            f"try: main({words!r})\n"
            "except SystemExit: pass\n"
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('pnp.games.')}\n"
            "             - {'declared', 'project', 'gamefile'}), "  # the engine and the loaders are no games
            "'reportlab' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.stdout.splitlines()[-1] == f"{games} False", r.stderr


# -- names that are no names ----------------------------------------------------------------------

@pytest.mark.parametrize("game, variant, message", [
    ("christmas-tree", "", "christmas-tree has no variant ''; variants: beginner, family or advanced "
                           "(leave --variant out for the normal rules)"),
    ("the-jam", "", "the-jam has no variant ''; variants: kids or travel (leave --variant out for the normal rules)"),
    ("gem", "", "gem has no variants, got '': leave --variant out"),
])
def test_an_empty_variant_is_refused_with_the_variants(cli, game, variant, message):
    r = cli("setup", game, "--players", 3, "--variant", variant)
    assert (r.code, r.out, r.err) == (2, "", f"pnp setup: error: {message}\n")


@pytest.mark.parametrize("command", [["build", "gem", "--out"], ["calibrate", "--out"], ["export", "gem", "--png", "--out"],
                                     ["validate", "gem", "--specs"], ["build", "gem", "--layouts"]])
def test_an_empty_folder_name_is_refused_not_taken_for_here(cli, capsys, tmp_path, command):
    with pytest.raises(SystemExit) as info:
        cli(*command, "")
    assert info.value.code == 2
    assert f"argument {command[-1]}: an empty name is no folder; give a folder, e.g. output" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing written where the command was run


# -- an output folder whose name is too long -------------------------------------------------------

@pytest.mark.parametrize("command", [["build", "gem"], ["calibrate"], ["export", "gem", "--png", "--dpi", "50"]])
def test_an_out_name_too_long_is_told_not_a_traceback(cli, command):
    r = cli(*command, "--out", LONG)
    assert r.code == 2
    assert f"cannot write to {LONG}: the name is longer than the system allows" in r.err
    assert "Traceback" not in r.err


# -- a signal while the command line is read ---------------------------------------------------------

def test_sigterm_while_the_command_line_is_read_is_an_interrupt(tmp_path):
    """The signal is sent from inside the parser's making, so it lands there every time."""
    code = ("import os, signal, sys; import pnp.cli as cli; real = cli._parser\n"
            "def parser(*args):\n"
            "    p = real(*args); os.kill(os.getpid(), signal.SIGTERM); return p\n"
            "cli._parser = parser; sys.exit(cli.main(['validate', 'gem']))\n")
    r = subprocess.run([sys.executable, "-c", code, str(SPECS_DIR)], capture_output=True, text=True, cwd=tmp_path,
                       timeout=120)
    assert (r.returncode, r.stdout, r.stderr) == (130, "", "pnp: interrupted\n")


def test_a_hang_up_stops_every_command_as_sigterm_does(cli):
    import signal

    assert cli("validate", "gem").code == 0
    assert signal.getsignal(signal.SIGHUP) is signal.getsignal(signal.SIGTERM)
    assert getattr(signal.getsignal(signal.SIGHUP), "__module__", "") == "pnp.cli"


def test_only_the_first_stop_signal_interrupts_so_the_clean_up_runs_to_its_end(cli):
    import signal

    from pnp import cli as module

    assert cli("validate", "gem").code == 0  # main arms the handler afresh
    with pytest.raises(KeyboardInterrupt):
        module._terminate(signal.SIGHUP, None)
    try:
        module._terminate(signal.SIGTERM, None)  # the parent stopping its children after the hang-up: ignored
    except KeyboardInterrupt:
        pytest.fail("a second stop signal interrupted the clean-up of the first")
