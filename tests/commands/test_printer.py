"""`pnp printer add|list|remove` and `--printer NAME`: profiles in the user's config folder
(platformdirs, $XDG_CONFIG_HOME honoured), the sheet map records which was used, options given on
the command line win, an unknown name or a broken file is a clear exit 2."""
from __future__ import annotations

import json

import pytest


@pytest.fixture
def config(tmp_path, monkeypatch):
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home / "pnp" / "printers.json"


def _map(out):
    data = json.loads((out / "gem.json").read_text())
    return data["back_offset_mm"], data["back_rotate_deg"], data["printer"]


def test_the_profiles_live_in_the_config_folder_platformdirs_names(config):
    from pnp.commands.printer import config_file

    assert config_file() == config


def test_add_list_build_override_remove_and_an_unknown_name(cli, tmp_path, config):
    r = cli("printer", "add", "office", "--back-offset", "-0.5,1", "--back-rotate", "-0.3", "--backs", "duplex-long")
    assert r.code == 0, r.err
    assert str(config) in r.out and config.is_file()
    assert not list(config.parent.glob("*.tmp"))  # written through a temporary file, put in place
    r = cli("printer", "list")
    assert r.code == 0 and "office: back offset -0.5,1 mm, turn -0.3 degrees, backs duplex-long" in r.out
    listed = cli("printer", "list", "--format", "json").json()
    assert listed["printers"]["office"] == {"back_offset_mm": [-0.5, 1.0], "back_rotate_deg": -0.3,
                                            "backs": "duplex-long"}

    out = tmp_path / "a"
    r = cli("build", "gem", "--printer", "office", "--out", out)
    assert r.code == 0, r.err
    assert _map(out) == ([-0.5, 1.0], -0.3, "office")

    out = tmp_path / "b"  # what the command line gives wins; the rest still comes from the profile
    r = cli("build", "gem", "--printer", "office", "--back-rotate", "0.2", "--back-offset", "0,0", "--out", out)
    assert r.code == 0, r.err
    assert _map(out) == ([0.0, 0.0], 0.2, "office")

    assert cli("printer", "add", "home", "--back-offset=1,1").code == 0
    r = cli("printer", "remove", "office")
    assert r.code == 0 and "removed printer 'office'" in r.out
    assert "office" not in cli("printer", "list").out
    r = cli("build", "gem", "--printer", "office", "--out", tmp_path / "c")
    assert r.code == 2 and "no printer profile 'office' (known: home)" in r.err
    assert not (tmp_path / "c").exists()
    r = cli("printer", "remove", "office")
    assert r.code == 2 and "known: home" in r.err


def test_a_profile_measured_for_another_flip_is_not_applied(cli, tmp_path, config):
    assert cli("printer", "add", "office", "--back-offset", "1,2", "--backs", "duplex-long").code == 0
    r = cli("build", "gem", "--printer", "office", "--backs", "duplex-short", "--out", tmp_path)
    assert r.code == 0, r.err
    assert "printer 'office' was measured with --backs duplex-long" in r.err
    assert _map(tmp_path) == ([0.0, 0.0], 0.0, "office")


def test_calibrate_with_a_printer_prints_the_corrected_sheet(cli, tmp_path, config):
    assert cli("printer", "add", "office", "--back-offset", "1,2", "--back-rotate", "0.4", "--paper", "letter").code == 0
    r = cli("calibrate", "--printer", "office", "--out", tmp_path / "out")
    assert r.code == 0, r.err
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["calibrate-letter-duplex-long-corrected.pdf"]


@pytest.mark.parametrize("text", ["{not json", '{"version": 1, "printers": {"x": {"back_rotate_deg": 40}}}',
                                  '[1, 2]', '{"version": 7, "printers": {}}'])
def test_a_broken_profiles_file_is_an_error_naming_it(cli, tmp_path, config, text):
    config.parent.mkdir(parents=True)
    config.write_text(text, encoding="utf-8")
    for words in (["printer", "list"], ["build", "gem", "--printer", "x", "--out", str(tmp_path)],
                  ["printer", "add", "y", "--back-offset", "0,0"]):
        r = cli(*words)
        assert r.code == 2 and str(config) in r.err and "Traceback" not in r.err, words
    assert config.read_text(encoding="utf-8") == text  # never written over


@pytest.mark.parametrize("words", [["printer", "--help"], ["printer", "add", "--help"], ["printer", "list", "--help"],
                                   ["printer", "remove", "--help"]])
def test_each_printer_command_has_help(cli, capsys, words):
    with pytest.raises(SystemExit) as info:
        cli(*words)
    assert info.value.code == 0


def test_a_bad_name_or_turn_is_a_usage_error(cli, config):
    for words in (["printer", "add", "../x", "--back-offset", "0,0"],
                  ["printer", "add", "x", "--back-offset", "0,0", "--back-rotate", "7"],
                  ["printer", "add", "x"]):
        with pytest.raises(SystemExit) as info:
            cli(*words)
        assert info.value.code == 2
    assert not config.exists()


def test_adds_and_removes_at_once_each_keep_what_the_others_wrote(tmp_path, config):
    """Twelve `pnp printer add` at once used to say success and leave 3-4 profiles; an add racing
    a remove lost profiles. Each reads, changes and writes under the config folder's lock."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_CONFIG_HOME": str(config.parents[1])}

    def all_at_once(commands):
        procs = [subprocess.Popen([sys.executable, "-m", "pnp", "printer", *c], cwd=tmp_path, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for c in commands]
        for p in procs:
            out, err = p.communicate(timeout=120)
            assert p.returncode == 0 and "Traceback" not in err, err

    all_at_once([["add", f"p{i}", "--back-offset", f"{i / 10},0"] for i in range(12)])
    saved = json.loads(config.read_text())["printers"]
    assert sorted(saved, key=lambda n: int(n[1:])) == [f"p{i}" for i in range(12)]
    assert saved["p7"]["back_offset_mm"] == [0.7, 0.0]
    all_at_once([["remove", f"p{i}"] for i in range(6)] + [["add", f"q{i}", "--back-offset", "0,1"] for i in range(6)])
    assert sorted(json.loads(config.read_text())["printers"]) == sorted([f"p{i}" for i in range(6, 12)] +
                                                                        [f"q{i}" for i in range(6)])
    assert not list(config.parent.glob("*.tmp"))
