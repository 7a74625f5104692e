"""The command line contract: exit codes, messages, and no traceback for any input."""
import json
import random
import subprocess
import sys

import pytest

from conftest import copy_spec
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR


def test_help_lists_the_commands(cli, capsys):
    with pytest.raises(SystemExit) as info:
        cli("--help")
    assert info.value.code == 0
    out = capsys.readouterr().out
    for command in ("build", "validate", "setup", "list"):
        assert command in out


def test_build_help_explains_the_print_options(capsys):
    from pnp.cli import main

    with pytest.raises(SystemExit):
        main(["build", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    found = 0
    for words in ("--paper", "--backs {duplex-long,duplex-short,gutterfold,none}", "--bleed MM", "--back-offset DX,DY",
                  "--lang {en,zh-TW}", "--edition NAME", "long edge"):
        assert words in out
        found += 1
    assert found == 7


def test_unknown_game_and_paper_are_usage_errors(cli, tmp_path):
    r = cli("validate", "monopoly")
    assert r.code == 2 and r.err.startswith("pnp validate: error: unknown game 'monopoly'; known games: ")
    r = cli("build", "gem", "--paper", "a3", "--out", tmp_path)
    assert (r.code, r.err) == (2, "pnp build: error: paper 'a3' is not a preset; presets: a4, letter\n")
    r = cli("build", "gem", "--edition", "tarot", "--out", tmp_path)
    assert (r.code, r.err) == (2, "pnp build: error: gem has no edition 'tarot'; editions: gum, poker, poker-us\n")


@pytest.mark.parametrize("args, message", [
    (["--bleed", "x"], "argument --bleed: 'x' is not a number of millimetres"),
    (["--bleed", "40"], "argument --bleed: 40 mm is out of range, expected 0 to 10"),
    (["--back-offset", "1"], "argument --back-offset: '1' is not DX,DY in millimetres, e.g. 0.5,-1"),
])
def test_bad_option_values_are_explained(cli, capsys, args, message):
    with pytest.raises(SystemExit) as info:
        cli("build", "gem", *args)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_list_text_and_json(cli):
    r = cli("list", "gem")
    lines = r.out.splitlines()
    assert lines[0] == "GEM: 30 components, 30 cards"
    assert any("diamond-1" in ln and "gem" in ln and "invest=4" in ln and "loan=5" in ln for ln in lines)
    data = cli("list", "gem", "--format", "json").json()
    assert data["game"] == "gem"
    first = data["components"][0]
    assert first == {"id": "coin-1a", "kind": "coin", "count": 1, "back": "gem-back", "value": 1}


def test_a_specs_folder_without_the_game_reads_the_shipped_spec(cli, tmp_path):
    """--specs wins game by game: a shipped game it has no spec of is read from pnp's own copy;
    a game no one ships is unknown, saying where it was looked for."""
    (tmp_path / "empty").mkdir()
    r = cli("validate", "gem", "--specs", tmp_path / "empty")
    assert r.code == 0 and r.out == "gem: ok\n"
    r = cli("validate", "harbor", "--specs", tmp_path / "empty")
    assert r.code == 2 and "unknown game 'harbor'" in r.err and "empty has no harbor.yaml" in r.err


def test_build_writes_into_an_unwritable_place_without_traceback(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    r = cli("build", "gem", "--out", blocker / "sub")
    assert r.code == 2 and "cannot write to" in r.err and "Traceback" not in r.err


@pytest.mark.slow
@pytest.mark.parametrize("game", ["gem", "the-jam", "pi-mal-pflaumen"])
def test_garbage_specs_never_raise(cli, tmp_path, game):
    """Random mutations of a shipped spec: always a clean exit 0/1/2, never an exception."""
    src = (SPECS_DIR / f"{game}.yaml").read_bytes()
    rng = random.Random(1)
    validated = 0
    for i in range(150):
        data = bytearray(src)
        for _ in range(rng.randint(1, 6)):
            pos = rng.randrange(len(data))
            op = rng.random()
            if op < 0.4:
                data[pos] = rng.choice(b"{}[]:,-#&*!|>'\"\t\n 0123456789abcxyz\xff\x00")
            elif op < 0.7:
                del data[pos:pos + rng.randint(1, 40)]
            else:
                data[pos:pos] = data[rng.randrange(len(data)):][:rng.randint(1, 40)]
        specs = tmp_path / f"s{i}"
        specs.mkdir()
        (specs / f"{game}.yaml").write_bytes(bytes(data))
        r = cli("validate", game, "--specs", specs)
        assert r.code in (0, 1, 2), r
        if r.code:
            assert ": error[" in r.out
        validated += 1
    assert validated == 150


def test_the_installed_command_runs(tmp_path):
    """The console script as a user runs it, in a separate process."""
    r = subprocess.run([sys.executable, "-m", "pnp", "validate", "gem", "--specs", str(SPECS_DIR)],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert (r.returncode, r.stdout) == (0, "gem: ok\n")


def test_validate_without_games_checks_every_spec_present(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "gem")
    r = cli("validate", "--specs", specs)
    assert (r.code, r.out) == (0, "gem: ok\n")


def test_a_layout_beside_the_specs_wins_and_the_rest_come_from_the_shipped_ones(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "gem")
    (tmp_path / "layouts").mkdir()
    shipped = (LAYOUTS_DIR / "gem.yaml").read_text(encoding="utf-8")
    (tmp_path / "layouts" / "gem.yaml").write_text(shipped.replace("default: gum", "default: poker"), encoding="utf-8")
    r = cli("build", "gem", "--specs", specs, "--out", tmp_path / "o")
    assert r.code == 0, r.err
    assert json.loads((tmp_path / "o/gem.json").read_text())["edition"] == "poker"
    (tmp_path / "layouts" / "gem.yaml").write_text(shipped.replace("default: gum", "default: gum\nzoom: 2"), encoding="utf-8")
    r = cli("build", "gem", "--specs", specs, "--out", tmp_path / "o")
    assert r.code == 2
    line = shipped[: shipped.index("default: gum")].count("\n") + 2
    assert r.err.startswith(f"layouts/gem.yaml:{line}:1: error[SPEC-UNKNOWN-KEY]: unknown key 'zoom' in the gem layout; "
                            "accepted keys: default, editions, fonts, icons\n")


def test_a_closed_pipe_ends_quietly(tmp_path):
    """`pnp list gem | head -1`: no traceback when the reader stops early."""
    r = subprocess.run(f"'{sys.executable}' -m pnp list gem --specs '{SPECS_DIR}' | head -1",
                       shell=True, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.stdout == "GEM: 30 components, 30 cards\n"
    assert r.stderr == ""


def test_a_command_leaves_the_cycle_collector_as_it_found_it(cli, tmp_path):
    """While a command imports its modules and before a build forks its workers, pnp sets what it
    imported apart from the cycle collector (gc.freeze); a process that goes on after the command,
    as these tests do, gets it all back: garbage made before the command is still freed after it."""
    import gc
    import weakref

    class Cycle:
        pass

    garbage = Cycle()
    garbage.itself = garbage
    gone = weakref.ref(garbage)
    del garbage
    r = cli("build", "gem", "the-jam", "--out", tmp_path / "out")  # two games: built by workers
    assert r.code == 0, r.err
    assert (tmp_path / "out" / "gem.pdf").is_file() and (tmp_path / "out" / "the-jam.pdf").is_file()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert gone() is None


def test_a_command_named_first_is_parsed_alone_and_help_still_lists_every_command(cli, capsys):
    """`pnp build ...` makes only the build's parser (pnp/cli.py: a cold build's start); `pnp -h
    build`, a misspelt command and `pnp` alone still see every command."""
    from pnp.cli import COMMANDS, _parser

    sub = next(a for a in _parser("validate")._actions if a.dest == "command")
    assert set(sub.choices) == {"validate", "build"}  # the build's is always made: watch's options are its
    with pytest.raises(SystemExit):
        cli("-h", "build")
    listed = capsys.readouterr().out
    assert all(f"    {name} " in listed or f"    {name}\n" in listed for name in COMMANDS), listed
    with pytest.raises(SystemExit) as info:
        cli("bulid")
    err = capsys.readouterr().err
    assert info.value.code == 2 and "invalid choice: 'bulid'" in err and "'printer'" in err and "'validate'" in err
    r = cli("validate", "gem")
    assert r.code == 0, r.err
