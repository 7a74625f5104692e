"""Hostile input found by an adversarial run (issue 12): every case is a located message and exit 2
(or a clear usage error), in bounded work and memory (counted, not timed), never a traceback or a wait."""
import os
import shutil
import time

import pytest

from conftest import copy_spec
from pnp.diagnostics import InputError
from pnp.load.layout import load_layout, load_sheets
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.load.yamlload import MAX_BYTES, MAX_COMPOSED, MAX_MESSAGES, load


def problems(tmp_path, text: str) -> list[str]:
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load(path, "x.yaml")
    return [str(d) for d in info.value.report.items]


# --- YAML that would be composed whole -------------------------------------------------------

def test_a_huge_flow_list_stops_at_the_node_budget_quickly(tmp_path):
    from work import counted

    with counted() as calls:  # stopping at the budget takes ~13 calls a value; the whole list, 40 times as many
        got = problems(tmp_path, "a: [" + "1," * (MAX_BYTES // 2 - 8) + "]\n")
    assert calls.n < 40 * MAX_COMPOSED, calls
    assert len(got) == 1 and f"error[YAML-TOO-LARGE]: the YAML has more than {MAX_COMPOSED} values" in got[0]


def test_many_documents_stop_at_the_second(tmp_path):
    from work import counted

    with counted() as calls:  # about a hundred calls; composing every document, 8 a document (8 million)
        got = problems(tmp_path, "---\n" * (MAX_BYTES // 4 - 1))
    assert calls.n < 10_000, calls
    assert got == ["x.yaml:3:1: error[YAML-MULTIPLE-DOCUMENTS]: expected one YAML document, found a second one here"]


def test_duplicate_keys_are_capped_and_say_how_many_more(tmp_path):
    got = problems(tmp_path, "a: 0\n" + "".join("a: 1\n" for _ in range(5000)))
    assert len(got) == MAX_MESSAGES + 1
    assert got[0] == "x.yaml:2:1: error[YAML-DUPLICATE-KEY]: key 'a' appears twice in this mapping (first at line 1)"
    assert got[-1] == (f"x.yaml:{MAX_MESSAGES + 2}:1: error[YAML-MORE]: and {5000 - MAX_MESSAGES} more problems like "
                       f"those above from here on (only the first {MAX_MESSAGES} are listed)")


def test_a_file_over_the_byte_cap_is_refused_unread(tmp_path):
    got = problems(tmp_path, "a: " + "x" * MAX_BYTES + "\n")
    assert got == [f"x.yaml:1:1: error[FILE-TOO-LARGE]: {MAX_BYTES + 4} bytes; a spec may be at most {MAX_BYTES} bytes"]


@pytest.mark.parametrize("number", ["1" * 5000, "0x" + "f" * 5000, "0b" + "1" * 9000, "1:" * 3000 + "1",
                                    "-" + "9" * 4400])
def test_an_integer_of_thousands_of_digits_is_a_located_error(tmp_path, number):
    got = problems(tmp_path, f"game: gem\ncount: {number}\n")
    assert got == [f"x.yaml:2:8: error[YAML-VALUE]: a whole number written with {len(number)} characters; "
                   f"numbers may have at most 100"]


def test_validate_with_a_huge_integer_exits_2(cli, tmp_path):
    specs, line = copy_spec(tmp_path, "gem", "invest: 4", "invest: " + "7" * 5000)
    r = cli("validate", "gem", "--specs", specs)
    assert r.code == 2 and f"card_specs/gem.yaml:{line}:" in r.out and "YAML-VALUE" in r.out


# --- files that are not regular files --------------------------------------------------------

def test_a_fifo_spec_is_refused_without_waiting(cli, tmp_path):
    specs = tmp_path / "card_specs"
    specs.mkdir()
    os.mkfifo(specs / "gem.yaml")
    import contextlib
    import threading

    said = {}
    validate = threading.Thread(target=lambda: said.setdefault("r", cli("validate", "gem", "--specs", specs)),
                                daemon=True)
    validate.start()
    validate.join(60)  # a bound on the wait: a read of the pipe would wait for a writer for ever
    if validate.is_alive():
        with contextlib.suppress(OSError):  # a writer for a moment, so that a read waiting on the pipe ends
            os.close(os.open(specs / "gem.yaml", os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("pnp validate waited on the pipe")
    r = said["r"]
    assert r.code == 2
    assert "card_specs/gem.yaml:1:1: error[FILE-UNREADABLE]: is a pipe, not a regular file; expected a YAML file" in r.out


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_a_device_spec_layout_sheets_or_game_file_is_refused(cli, tmp_path):
    specs = tmp_path / "card_specs"
    specs.mkdir()
    os.symlink("/dev/null", specs / "gem.yaml")
    r = cli("validate", "gem", "--specs", specs)
    assert r.code == 2 and "error[FILE-UNREADABLE]: is a device, not a regular file" in r.out
    layouts = tmp_path / "layouts"
    layouts.mkdir()
    os.symlink("/dev/null", layouts / "sheets.yaml")
    r = cli("build", "gem", "--specs", SPECS_DIR, "--layouts", layouts, "--out", tmp_path / "out")
    assert r.code == 2 and "sheets.yaml:1:1: error[FILE-UNREADABLE]: is a device" in r.err
    _, report = load_layout("/dev/null", "gem", [], "layouts/gem.yaml")
    assert [d.code for d in report.items] == ["FILE-UNREADABLE"]
    r = cli("score", "gem", "/dev/null", "--specs", SPECS_DIR)
    assert r.code == 2 and "/dev/null:1:1: error[FILE-UNREADABLE]: is a device" in r.err


# --- symlink loops, permissions, long names ----------------------------------------------------

def test_symlink_loops_are_clear_errors(cli, tmp_path):
    specs = tmp_path / "card_specs"
    specs.mkdir()
    os.symlink("gem.yaml", specs / "gem.yaml")  # the spec points at itself
    r = cli("validate", "gem", "--specs", specs)
    assert r.code == 2 and "Traceback" not in r.err
    assert "card_specs/gem.yaml:1:1: error[FILE-UNREADABLE]: cannot read: a symbolic link loop" in r.out
    os.symlink("loop", tmp_path / "loop")  # the specs folder
    r = cli("validate", "--specs", tmp_path / "loop")
    assert (r.code, r.err) == (2, "pnp validate: error: cannot read the specs folder loop: a symbolic link loop "
                                  "(a link that leads back to itself)\n")
    r = cli("validate", "gem", "--specs", tmp_path / "loop")
    assert r.code == 2 and "loop/gem.yaml:1:1: error[FILE-UNREADABLE]: cannot read: a symbolic link loop" in r.out
    os.symlink("outloop", tmp_path / "outloop")  # --out
    r = cli("build", "gem", "--specs", SPECS_DIR, "--layouts", LAYOUTS_DIR, "--out", tmp_path / "outloop")
    assert r.code == 2 and "gem: not built, cannot write to outloop" in r.err


def test_a_specs_name_longer_than_the_system_allows(cli, tmp_path):
    name = "a" * 300
    r = cli("validate", "--specs", name)
    assert r.code == 2 and r.err.endswith("the name is longer than the system allows\n")
    r = cli("validate", "gem", "--specs", name)
    assert r.code == 2 and "gem.yaml:1:1: error[FILE-UNREADABLE]: cannot read: the name is longer" in r.out


def test_a_specs_folder_without_permission(cli, tmp_path):
    specs = tmp_path / "card_specs"
    shutil.copytree(SPECS_DIR, specs)
    os.chmod(specs, 0)
    try:
        if os.access(specs, os.R_OK):
            pytest.skip("running as root: folder permissions are not enforced")
        r = cli("validate", "--specs", specs)
        assert (r.code, r.err) == (2, "pnp validate: error: cannot read the specs folder card_specs: "
                                      "Permission denied\n")
        r = cli("validate", "gem", "--specs", specs)
        assert r.code == 2 and "card_specs/gem.yaml:1:1: error[FILE-UNREADABLE]: cannot read: Permission denied" in r.out
    finally:
        os.chmod(specs, 0o755)


def test_a_specs_path_through_a_file_is_not_a_folder(cli, tmp_path):
    (tmp_path / "plain").write_text("x")  # fails for root too, unlike permissions
    r = cli("validate", "--specs", tmp_path / "plain")
    assert (r.code, r.err) == (2, "pnp validate: error: the specs folder plain is not a folder\n")
    r = cli("validate", "gem", "--specs", tmp_path / "plain")
    assert r.code == 2 and "plain/gem.yaml:1:1: error[FILE-UNREADABLE]: cannot read: Not a directory" in r.out


# --- extends chains ---------------------------------------------------------------------------

def chain_layout(tmp_path, n: int, cycle: bool = False, chains: int = 1):
    lines = ["default: std", "editions:", "  std:", "    card: { width: 63mm, height: 88mm }", "    boxes:"]
    for c in range(chains):
        lines.append(f"      c{c}b0: {{ extends: c{c}b{n - 1} }}" if cycle else
                     f"      c{c}b0: {{ x: 1mm, y: 1mm, width: 10mm, height: 10mm, text: 8pt }}")
        lines += [f"      c{c}b{i}: {{ extends: c{c}b{i - 1}, x: {i % 50}mm }}" for i in range(1, n)]
    path = tmp_path / "g.yaml"
    path.write_text("\n".join(lines) + "\n")
    return load_layout(path, "g", [], "layouts/g.yaml")


def test_a_long_extends_chain_resolves_in_linear_time(tmp_path):
    from pnp.load import boxes

    before = boxes.extends_steps  # the work of following the chains: a step a box, not a box's whole chain
    layout, report = chain_layout(tmp_path, 1500)
    assert report.items == []
    box = layout.editions["std"].main.boxes["c0b1499"]
    assert (box.x, box.y, box.w, box.h, round(box.text, 6)) == (1499 % 50, 1, 10, 10, 8)
    assert boxes.extends_steps - before == 1500  # not 1500 * 1501 / 2
    before = boxes.extends_steps
    layout, report = chain_layout(tmp_path, 900, chains=2)
    assert report.items == [] and len(layout.editions["std"].main.boxes) == 1800
    assert boxes.extends_steps - before == 1800


def test_a_long_extends_cycle_is_reported_once_a_box_with_a_short_message(tmp_path):
    layout, report = chain_layout(tmp_path, 1500, cycle=True)
    assert layout is None
    cycles = [d for d in report.items if d.code == "LAYOUT-EXTENDS-CYCLE"]
    assert len(cycles) == 1500
    assert str(cycles[0]) == ("layouts/g.yaml:6:13: error[LAYOUT-EXTENDS-CYCLE]: box 'c0b0' of edition 'std' extends "
                              "itself through c0b0 -> c0b1499 -> c0b1498 -> c0b1497 -> ... (1495 more) -> c0b1 -> c0b0")


def test_a_box_extending_a_dangling_box_reports_it_once(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("default: std\neditions:\n  std:\n    card: { width: 63mm, height: 88mm }\n    boxes:\n"
                    "      d: { extends: zz }\n      e: { extends: d }\n      f: { extends: e, text: 9pt }\n")
    _, report = load_layout(path, "g", [], "layouts/g.yaml")
    assert [str(d) for d in report.items] == [
        "layouts/g.yaml:6:21: error[LAYOUT-DANGLING-REF]: box 'd' of edition 'std' extends 'zz', which is not a box; "
        "boxes: d, e, f"]


# --- the paper ----------------------------------------------------------------------------------

def sheets_with(tmp_path, text: str):
    path = tmp_path / "sheets.yaml"
    path.write_text(text)
    return load_sheets(path, "layouts/sheets.yaml")


@pytest.mark.parametrize("preset, expected", [
    ("{ width: 0, height: 297mm, margin: 5mm }",
     "layouts/sheets.yaml:1:24: error[SPEC-RANGE]: 'width' of sheet 'a4' is 0, expected at least 50mm and at most 2000mm"),
    ("{ width: 210mm, height: 297mm, margin: 0 }",
     "layouts/sheets.yaml:1:54: error[SPEC-RANGE]: 'margin' of sheet 'a4' is 0, expected at least 5mm and at most 100mm"),
    ("{ width: 210mm, height: 297mm, margin: 90mm }",
     "layouts/sheets.yaml:1:54: error[SPEC-RANGE]: 'margin' of sheet 'a4' (90 mm) leaves a printable area of 30 x 117 "
     "mm on the 210 x 297 mm paper, expected at least 40 mm each way"),
])
def test_bad_paper_presets_are_located(tmp_path, preset, expected):
    sheets, report = sheets_with(tmp_path, f"sheets: {{ a4: {preset} }}\n")
    assert sheets == {} and [str(d) for d in report.items] == [expected]


def test_no_paper_presets_is_located(tmp_path):
    sheets, report = sheets_with(tmp_path, "sheets: {}\n")
    assert sheets == {} and [str(d) for d in report.items] == [
        "layouts/sheets.yaml:1:9: error[SPEC-MISSING-KEY]: 'sheets' names no paper; it needs at least one preset, "
        "such as a4: { width: 210mm, height: 297mm, margin: 5mm }"]


def test_bare_zero_lengths_in_a_layout_are_range_checked(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("default: std\neditions:\n  std:\n    card: { width: 0, height: 88mm }\n    boxes:\n"
                    "      a: { x: 1mm, y: 1mm, width: 10mm, height: 10mm, text: 0 }\n")
    _, report = load_layout(path, "g", [], "layouts/g.yaml")
    assert sorted(d.code for d in report.items) == ["SPEC-RANGE"]  # the card's width; its boxes wait for it
    assert "'width' of 'card' of edition 'std' is 0, expected at least 10mm" in str(report.items[0])


def test_a_paper_too_small_for_the_build_is_reported_at_the_preset(cli, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS_DIR, layouts)
    (layouts / "sheets.yaml").write_text("sheets:\n  a4: { width: 50mm, height: 50mm, margin: 5mm }\n")
    out = tmp_path / "out"
    r = cli("build", "gem", "--specs", SPECS_DIR, "--layouts", layouts, "--out", out)
    assert r.code == 2
    assert "layouts/sheets.yaml:2:7: error[SHEET-FIT]: no room for the slug line" in r.err
    assert "gem: not built, it does not fit the paper (see above)" in r.err
    assert not out.exists() or not (out / "gem.pdf").exists()


def test_an_empty_edition_is_a_usage_error(cli, tmp_path):
    r = cli("build", "gem", "--edition", "", "--specs", SPECS_DIR, "--out", tmp_path / "out")
    assert (r.code, r.err) == (2, "pnp build: error: gem has no edition ''; editions: gum, poker, poker-us\n")


@pytest.mark.parametrize("target, words", [("ol", "a symbolic link loop"),
                                           ("nowhere/x", "a symbolic link to a folder that does not exist")])
def test_an_output_folder_that_is_a_bad_symlink_is_named_as_such(cli, tmp_path, target, words):
    import os

    link = tmp_path / "ol"
    os.symlink(target, link)
    r = cli("build", "gem", "--out", link)
    assert r.code == 2 and words in r.err and "Traceback" not in r.err


def test_a_flood_of_rule_breaks_is_shown_capped_and_counted(cli, tmp_path):
    """Thousands of broken components print the first hundred and say how many more."""
    from conftest import copy_spec

    cards = "\n".join(f"  - {{ id: coin-x{i}, kind: coin, value: 7 }}" for i in range(600))
    specs, _ = copy_spec(tmp_path, "gem", "components:\n", "components:\n" + cards + "\n")
    r = cli("validate", "gem", "--specs", specs)
    assert r.code == 1
    lines = [ln for ln in r.out.splitlines() if "error[" in ln]
    assert len(lines) == 100
    assert "… and " in r.out and "more (pnp validate --format json lists every one)" in r.out
    assert len(cli("validate", "gem", "--specs", specs, "--format", "json").json()["games"]["gem"]["diagnostics"]) > 600


def test_half_a_surrogate_pair_in_printed_text_stops_validate_and_build_before_anything_is_replaced(cli, tmp_path):
    """YAML's "\\udc80" is no character: validate says so at its line (exit 2), and a build of it
    stops there too, leaving the last good PDF, sheet map and manifest as they were."""
    out = tmp_path / "out"
    assert cli("build", "gem", "--specs", SPECS_DIR, "--out", out).code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    specs, line = copy_spec(tmp_path, "gem", "  en: GEM\n", '  en: "GEM\\udc80"\n')
    located = (f"card_specs/gem.yaml:{line}:7: error[YAML-VALUE]: the text holds \\udc80, half of a UTF-16 "
               "surrogate pair, which is no character and cannot be printed")
    r = cli("validate", "gem", "--specs", specs)
    assert r.code == 2 and located in r.out
    r = cli("build", "gem", "--specs", specs, "--out", out)
    assert r.code == 2 and "Traceback" not in r.err and located in r.out + r.err
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
