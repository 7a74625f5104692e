"""`pnp where`, `pnp build --only` and `pnp build --changed`, checked as a user would: against the
sheet map, the text printed on those PDF pages, and the bytes of the outputs left alone."""
from __future__ import annotations

import json

import pdfplumber
import pytest

from conftest import copy_spec


def _map(path):
    return json.loads(path.read_text(encoding="utf-8"))


def _page_text(pdf_path, n):
    with pdfplumber.open(pdf_path) as pdf:
        return pdf.pages[n - 1].extract_text() or ""


@pytest.fixture(scope="module")
def gem_build(tmp_path_factory):
    """gem built once from a spec copy: (specs, out)."""
    from pnp.cli import main

    tmp = tmp_path_factory.mktemp("gem")
    specs, _ = copy_spec(tmp, "gem")
    out = tmp / "out"
    assert main(["build", "gem", "--specs", str(specs), "--out", str(out)]) == 0
    return specs, out


def test_where_names_the_front_and_back_pages_of_the_sheet_map(cli, gem_build):
    specs, out = gem_build
    r = cli("where", "gem", "sapphire-ruby", "coin-1a", "--specs", specs, "--out", out)
    assert r.code == 0, r.err
    sheet_map = _map(out / "gem.json")
    for line, cid in zip(r.out.splitlines(), ["sapphire-ruby", "coin-1a"]):
        want = [(e["page"], e["side"]) for e in sheet_map["pages"] if any(p["id"] == cid for p in e["pieces"])]
        assert line == f"{cid}: " + ", ".join(f"page {n} ({side})" for n, side in want)
        assert [side for _, side in want] == ["front", "back"]
        front = want[0][0]
        assert f"page {front}/" in _page_text(out / "gem.pdf", front)  # the slug line names that page
    data = cli("where", "gem", "sapphire-ruby", "--format", "json", "--specs", specs, "--out", out).json()
    first = next(e for e in sheet_map["pages"] if any(p["id"] == "sapphire-ruby" for p in e["pieces"]))
    assert data["cards"]["sapphire-ruby"][0] == {"page": first["page"], "side": "front", "copies": [1]}


def test_where_an_unknown_card_is_a_clear_error_with_close_matches(cli, gem_build):
    specs, out = gem_build
    r = cli("where", "gem", "saphire-ruby", "--specs", specs, "--out", out)
    assert r.code == 2
    assert "no card is named or has the id 'saphire-ruby'" in r.err and "sapphire-ruby" in r.err
    assert "Traceback" not in r.err


def test_where_without_a_sheet_map_or_with_a_stale_one_says_so(cli, gem_build, tmp_path):
    specs, out = gem_build
    r = cli("where", "gem", "sapphire-ruby", "--specs", specs, "--out", tmp_path / "nothing")
    assert r.code == 2 and "no sheet map" in r.err and "pnp build gem" in r.err
    grown, _ = copy_spec(tmp_path, "gem", "loan: 2 }", "loan: 2, count: 2 }")
    r = cli("where", "gem", "sapphire-ruby", "--specs", grown, "--out", out)
    assert r.code == 2 and "does not match the spec" in r.err


def test_only_writes_exactly_the_sheets_with_those_cards_and_leaves_the_rest(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "the-jam")
    out = tmp_path / "out"
    assert cli("build", "the-jam", "--specs", specs, "--out", out).code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")}
    ids = ["strawberry-jam-walnut", "cherry-pie-peach"]
    r = cli("build", "the-jam", "--only", *ids, "--specs", specs, "--out", out)
    assert r.code == 0, r.err
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.name in before} == before  # untouched
    full, reprint = _map(out / "the-jam.json"), _map(out / "the-jam-reprint.json")
    holding = sorted({e["page"] for e in full["pages"] if any(p["id"] in ids for p in e["pieces"])})
    pages = [(e["page"], e["side"]) for e in reprint["pages"]]
    assert [n for n, _ in pages] == holding  # the original numbers, in order
    assert [side for _, side in pages] == ["front", "back"] * (len(pages) // 2)  # duplex order
    assert all(pages[i + 1][0] == pages[i][0] + 1 for i in range(0, len(pages), 2))  # each front with its own back
    for k, (n, side) in enumerate(pages, start=1):
        original = next(e for e in full["pages"] if e["page"] == n)
        assert reprint["pages"][k - 1]["pieces"] == original["pieces"]
        assert f"page {n}/{len(set(e['page'] for e in full['pages']))} {side}" in _page_text(out / "the-jam-reprint.pdf", k)
    with pdfplumber.open(out / "the-jam-reprint.pdf") as pdf:
        assert len(pdf.pages) == len(pages)


def test_only_a_gutterfold_sheet_is_one_page(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "gem")
    out = tmp_path / "out"
    assert cli("build", "gem", "--backs", "gutterfold", "--specs", specs, "--out", out).code == 0
    assert cli("build", "gem", "--backs", "gutterfold", "--only", "coin-1a", "--specs", specs, "--out", out).code == 0
    reprint = _map(out / "gem-reprint.json")
    assert len({e["page"] for e in reprint["pages"]}) == 1
    assert sorted(e["side"] for e in reprint["pages"]) == ["back", "front"]


def test_changed_reprints_exactly_the_sheets_of_the_edited_card(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "christmas-tree")
    out = tmp_path / "out"
    assert cli("build", "christmas-tree", "--specs", specs, "--out", out).code == 0
    assert (out / "christmas-tree.manifest.json").is_file()
    r = cli("build", "christmas-tree", "--changed", "--specs", specs, "--out", out)
    assert r.code == 0 and "nothing changed" in r.out
    assert not (out / "christmas-tree-reprint.pdf").exists()
    before = (out / "christmas-tree.pdf").read_bytes()
    copy_spec(tmp_path, "christmas-tree", "id: candy-3a, kind: candy, points: 3", "id: candy-3a, kind: candy, points: 4")
    r = cli("build", "christmas-tree", "--changed", "--specs", specs, "--out", out)
    assert r.code == 0, r.err
    assert "candy-3a" in r.out
    full, reprint = _map(out / "christmas-tree.json"), _map(out / "christmas-tree-reprint.json")
    holding = sorted({e["page"] for e in full["pages"] if any(p["id"] == "candy-3a" for p in e["pieces"])})
    assert sorted({e["page"] for e in reprint["pages"]}) == holding
    assert (out / "christmas-tree.pdf").read_bytes() == before


def test_changed_without_a_full_build_says_what_to_do(cli, tmp_path):
    specs, _ = copy_spec(tmp_path, "gem")
    r = cli("build", "gem", "--changed", "--specs", specs, "--out", tmp_path / "out")
    assert r.code == 2 and "pnp build gem" in r.err


def test_a_count_change_reprints_the_sheets_that_move(tmp_path):
    """One more copy shifts every piece after it: those sheets differ too, not only the card's."""
    from pnp.options import BuildOptions
    from pnp.build import build
    from pnp.diagnostics import Report
    from pnp.games.project import load_for_build, sheets
    from pnp.incremental.reprint import changed
    from pnp.incremental.state import read_manifest

    specs, _ = copy_spec(tmp_path, "gem")
    presets, _ = sheets(specs)
    opts = BuildOptions(presets["a4"])
    build(load_for_build("gem", specs), opts, tmp_path, Report())
    copy_spec(tmp_path, "gem", "id: coin-1a, kind: coin, value: 1", "id: coin-1a, kind: coin, value: 1, count: 2")
    loaded = load_for_build("gem", specs)
    from pnp.options import pieces_of, sheet_settings as _settings
    from pnp.imposition import impose

    plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs)
    ch = changed(loaded, opts, plan, _settings(loaded, opts), read_manifest(tmp_path, "gem"))
    assert ch.components == ["coin-1a"]
    assert ch.sheets  # the coin's sheet, and any after it that moved


def test_a_reprint_with_cut_files_carries_the_svgs_of_its_own_sheets(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out, "--cut-files").code == 0
    r = cli("build", "gem", "--out", out, "--cut-files", "--only", "sapphire-ruby")
    assert r.code == 0, r.err
    reprint = _map(out / "gem-reprint.json")
    fronts = [e for e in reprint["pages"] if e["side"] == "front"]
    assert fronts and "gem-reprint-cut/" in r.out
    for e in fronts:  # each reprinted front names its SVG, which cuts what the full print's does
        assert e["cut_file"].startswith("gem-reprint-cut/")
        name = e["cut_file"].split("/", 1)[1]
        assert (out / e["cut_file"]).read_bytes() == (out / "gem-cut" / name).read_bytes()
    assert sorted(p.name for p in (out / "gem-reprint-cut").iterdir()) == sorted(
        e["cut_file"].split("/", 1)[1] for e in fronts)
    # a reprint without cut files takes the stale ones away (they would not match its pages)
    assert cli("build", "gem", "--out", out, "--only", "sapphire-ruby").code == 0
    assert not (out / "gem-reprint-cut").exists() and (out / "gem-cut").is_dir()


def _files(out) -> dict:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_changed_after_an_edit_is_taken_back_leaves_no_reprint(cli, tmp_path):
    """The reprint of an edit since taken back would print the wrong sheets: when nothing changed,
    the old reprint, its sheet map and its cut files go, and the command says so."""
    specs, _ = copy_spec(tmp_path, "gem")
    out = tmp_path / "out"
    assert cli("build", "gem", "--cut-files", "--specs", specs, "--out", out).code == 0
    full = _files(out)
    copy_spec(tmp_path, "gem", "loan: 2 }", "loan: 3 }")
    r = cli("build", "gem", "--changed", "--cut-files", "--specs", specs, "--out", out)
    assert r.code == 0 and "gem-reprint.pdf" in r.out
    assert (out / "gem-reprint.pdf").is_file() and any((out / "gem-reprint-cut").iterdir())
    copy_spec(tmp_path, "gem")  # the edit taken back
    r = cli("build", "gem", "--changed", "--cut-files", "--specs", specs, "--out", out)
    assert r.code == 0, r.err
    assert r.out == ("gem: nothing changed since the last full build; nothing written; removed the earlier reprint "
                     "(gem-reprint.pdf, gem-reprint.json, gem-reprint-cut)\n")
    assert _files(out) == full  # the full build's files as they were, and no reprint of any kind
    r = cli("build", "gem", "--changed", "--specs", specs, "--out", out, "--cut-files", "--format", "json")
    assert r.json()["games"]["gem"] == {"built": False, "changed": [], "removed": [],
                                        "why": "nothing changed since the last full build"}


def test_changed_after_a_cmyk_build_without_cmyk_reprints_every_sheet(cli, tmp_path):
    """The options are part of what changed: sheets printed in CMYK are not those asked for now."""
    out = tmp_path / "out"
    assert cli("build", "gem", "--cmyk", "--out", out).code == 0
    pages = [(e["page"], e["side"]) for e in _map(out / "gem.json")["pages"]]
    r = cli("build", "gem", "--changed", "--out", out)
    assert r.code == 0, r.err
    assert "build options differ from the last full build (cmyk: yes → no; " in r.out  # the profile and limit too
    assert "): every sheet is reprinted" in r.out
    reprint = _map(out / "gem-reprint.json")
    assert [(e["page"], e["side"]) for e in reprint["pages"]] == pages and reprint["cmyk"] is False
    with pdfplumber.open(out / "gem-reprint.pdf") as pdf:
        assert len(pdf.pages) == len(pages)
        colours = {c.get("non_stroking_color") for c in pdf.pages[0].chars}
    assert colours and all(c is None or len(c) != 4 for c in colours)  # RGB or grey, no CMYK quadruple


def test_changed_with_cut_files_new_writes_every_fronts_cut_file(cli, tmp_path):
    out = tmp_path / "out"
    assert cli("build", "gem", "--out", out).code == 0
    r = cli("build", "gem", "--changed", "--cut-files", "--out", out)
    assert r.code == 0, r.err
    assert "cut_files: no → yes" in r.out and "gem-reprint-cut/" in r.out
    fronts = [e for e in _map(out / "gem-reprint.json")["pages"] if e["side"] == "front"]
    assert len(fronts) == len([e for e in _map(out / "gem.json")["pages"] if e["side"] == "front"])
    assert sorted(p.name for p in (out / "gem-reprint-cut").iterdir()) == sorted(
        e["cut_file"].split("/", 1)[1] for e in fronts)


def test_changed_with_the_same_cut_files_finds_nothing_changed(cli, tmp_path):
    """The sheets of a --cut-files build are compared with their cut files named, as they were recorded."""
    out = tmp_path / "out"
    assert cli("build", "gem", "--cut-files", "--out", out).code == 0
    r = cli("build", "gem", "--changed", "--cut-files", "--out", out)
    assert r.code == 0 and r.out.startswith("gem: nothing changed since the last full build; nothing written")
    assert not (out / "gem-reprint.pdf").exists()
