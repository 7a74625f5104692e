"""A shop file per piece size: `--shop` writes OUT/<id>-shop-<template>.pdf for each template a
game uses (OUT/<id>-shop.pdf for a game of one size), every page of a file the same size, and a
shop map OUT/<id>-shop.json listing each file with its pages and SHA-256 — only the settings shop
pages use. Files of sizes a game no longer has go in the same commit; --changed/--only stay refused."""
from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from conftest import MM
from pypdf import PdfReader

from pnp.cli import main
from pnp.load.paths import LAYOUTS_DIR
from pnp.writers import outputs

ROOT = Path(__file__).resolve().parents[2]
LANTERNS = ROOT / "examples" / "lanterns"
TEMPLATES = ["decoration", "goal", "cookie", "board", "track", "marker"]  # christmas-tree's, in the spec's order
SETTINGS = {"game", "shop", "order", "edition", "lang", "bleed_mm", "cmyk", "icc", "ink_limit", "files"}  # the profile and ink limit: with --cmyk


def _run(*args) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([str(a) for a in args])
    return code, out.getvalue()


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """christmas-tree built for the shop once: (OUT, the shop map, the build's JSON report)."""
    out = tmp_path_factory.mktemp("tree")
    code, text = _run("build", "christmas-tree", "--shop", "--out", out, "--format", "json")
    assert code == 0
    return out, json.loads((out / "christmas-tree-shop.json").read_text(encoding="utf-8")), \
        json.loads(text)["games"]["christmas-tree"]


def _boxes(page) -> tuple[list[float], list[float]]:
    return [float(v) for v in page.mediabox], [float(v) for v in page.trimbox]


def test_christmas_tree_has_a_file_per_template_each_one_page_size(tree):
    out, shop, _ = tree
    names = [f"christmas-tree-shop-{t}.pdf" for t in TEMPLATES]
    assert sorted(p.name for p in out.glob("*.pdf")) == sorted(names)  # no christmas-tree-shop.pdf
    assert [(f["name"], f["template"]) for f in shop["files"]] == list(zip(names, TEMPLATES))
    layout = yaml.safe_load((LAYOUTS_DIR / "christmas-tree.yaml").read_text(encoding="utf-8"))
    templates = layout["editions"]["standard"]["templates"]
    for f in shop["files"]:
        t = templates[f["template"]]
        w = float(t["width"].removesuffix("mm"))
        h = float(t.get("height", t["width"]).removesuffix("mm"))
        W, H = w + 6, h + 6  # 3 mm of bleed round the piece
        reader = PdfReader(out / f["name"])
        assert len(reader.pages) == len(f["pages"]) > 0
        sizes = {tuple(round(v, 2) for v in _boxes(page)[0]) for page in reader.pages}
        trims = {tuple(round(v, 2) for v in _boxes(page)[1]) for page in reader.pages}
        assert sizes == {(0, 0, round(W * MM, 2), round(H * MM, 2))}, f["name"]  # one page size throughout
        assert trims == {(round(3 * MM, 2), round(3 * MM, 2), round((w + 3) * MM, 2), round((h + 3) * MM, 2))}
        assert f["page_mm"] == pytest.approx([W, H]) and f["size_mm"] == pytest.approx([w, h])
        assert {p["template"] for p in f["pages"]} == {f["template"]}
        assert [p["page"] for p in f["pages"]] == list(range(1, len(f["pages"]) + 1))  # numbered in its own file
        assert f["pdf_sha256"] == outputs.sha256(out / f["name"])
        assert outputs.check_pair(out / f["name"], out / "christmas-tree-shop.json") is None


def test_every_copy_of_every_piece_is_once_in_its_templates_file(tree, capsys):
    out, shop, _ = tree
    assert main(["list", "christmas-tree", "--format", "json"]) == 0
    components = json.loads(capsys.readouterr().out)["components"]
    layout = yaml.safe_load((LAYOUTS_DIR / "christmas-tree.yaml").read_text(encoding="utf-8"))["editions"]["standard"]
    template_of = {c["id"]: layout["kinds"].get(c["kind"], layout["default"]) for c in components}
    expected = Counter()
    for c in components:
        for k in range(1, c["count"] + 1):
            expected[(template_of[c["id"]], c["id"], k, "front")] += 1
            if c.get("back"):
                expected[(template_of[c["id"]], c["id"], k, "back")] += 1
    seen = Counter((f["template"], p["id"], p["copy"], p["side"]) for f in shop["files"] for p in f["pages"])
    assert seen == expected  # every copy once, front and back where it has one, in its template's file only
    for f in shop["files"]:  # fronts then backs, in the same order, within each file
        sides = [p["side"] for p in f["pages"]]
        fronts = [(p["id"], p["copy"]) for p in f["pages"] if p["side"] == "front"]
        backs = [(p["id"], p["copy"]) for p in f["pages"] if p["side"] == "back"]
        assert sides == ["front"] * len(fronts) + ["back"] * len(backs)
        assert backs in ([], fronts)


def test_the_shop_map_records_only_what_shop_pages_use(tree):
    _, shop, _ = tree
    assert set(shop) == SETTINGS  # no paper, backs, back offset, diamonds, slug, cut files, card size
    assert (shop["shop"], shop["order"], shop["edition"], shop["lang"], shop["bleed_mm"], shop["cmyk"]) == \
        (True, "fronts-then-backs", "standard", "en", 3.0, False)
    for f in shop["files"]:
        assert set(f) == {"name", "template", "shape", "size_mm", "page_mm", "bleed_mm", "pages", "pdf_sha256"}


def test_the_build_names_each_file(tree):
    out, shop, report = tree
    assert "pdf" not in report  # there is no one PDF: shop_files lists them
    assert [(Path(f["pdf"]).name, f["template"], f["pages"]) for f in report["shop_files"]] == \
        [(f["name"], f["template"], len(f["pages"])) for f in shop["files"]]
    assert report["pages"] == sum(len(f["pages"]) for f in shop["files"])


def test_interleaved_puts_each_back_after_its_front_in_every_file(cli, tmp_path):
    r = cli("build", "christmas-tree", "--shop", "interleaved", "--out", tmp_path)
    assert r.code == 0, r.err
    assert "christmas-tree: 165 cards on 317 pages in 6 files, one per piece size" in r.out
    assert "christmas-tree-shop-goal.pdf: goal, 60 pages of 69 x 94 mm" in r.out
    shop = json.loads((tmp_path / "christmas-tree-shop.json").read_text(encoding="utf-8"))
    assert shop["order"] == "interleaved"
    for f in shop["files"]:
        pages, i = f["pages"], 0
        while i < len(pages):
            if i + 1 < len(pages) and pages[i + 1]["side"] == "back":
                assert pages[i]["side"] == "front" and (pages[i]["id"], pages[i]["copy"]) == \
                    (pages[i + 1]["id"], pages[i + 1]["copy"])
                i += 2
            else:
                assert pages[i]["side"] == "front"
                i += 1
        assert len(PdfReader(tmp_path / f["name"]).pages) == len(pages)


def test_a_game_of_one_size_writes_one_shop_pdf(cli, tmp_path):
    r = cli("build", "gem", "--shop", "--out", tmp_path)
    assert r.code == 0, r.err
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["gem-shop.json", "gem-shop.pdf"]
    shop = json.loads((tmp_path / "gem-shop.json").read_text(encoding="utf-8"))
    assert set(shop) == SETTINGS
    [f] = shop["files"]
    assert (f["name"], f["template"], len(f["pages"])) == ("gem-shop.pdf", "card", 60)
    assert f["pdf_sha256"] == outputs.sha256(tmp_path / "gem-shop.pdf")
    assert outputs.check_pair(tmp_path / "gem-shop.pdf", tmp_path / "gem-shop.json") is None
    assert r.out.startswith("gem: 30 cards on 60 pages → gem-shop.pdf, gem-shop.json\n")  # the folder: where it runs


def _two_sizes(specs: Path) -> None:
    """Give Lantern Walk's wishes a template of their own, 70 x 120 mm (the same boxes)."""
    path = specs.parent / "layouts" / "lanterns.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index("    card: { width: 63mm, height: 88mm }")
    end = lines.index("", start)
    boxes = ["    " + line for line in lines[start + 2:end]]
    new = ["    default: lantern", "    kinds: { wish: wish }", "    templates:",
           "      lantern:", "        width: 63mm", "        height: 88mm", "        boxes: &boxes", *boxes,
           "      wish:", "        width: 70mm", "        height: 120mm", "        boxes: *boxes"]
    path.write_text("\n".join(lines[:start] + new + lines[end:]), encoding="utf-8")


def test_a_rebuild_after_the_sizes_change_removes_the_stale_files(cli, tmp_path):
    shutil.copytree(LANTERNS, tmp_path / "lanterns")
    specs, out = tmp_path / "lanterns" / "card_specs", tmp_path / "out"
    original = (specs.parent / "layouts" / "lanterns.yaml").read_text(encoding="utf-8")
    out.mkdir()
    (out / "lanterns-shop-notes.txt").write_text("mine")  # not a shop PDF: never touched

    def build() -> list[str]:
        r = cli("build", "lanterns", "--specs", specs, "--shop", "--out", out)
        assert r.code == 0, r.err
        shop = json.loads((out / "lanterns-shop.json").read_text(encoding="utf-8"))
        names = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
        assert names == sorted([f["name"] for f in shop["files"]] + ["lanterns-shop.json", "lanterns-shop-notes.txt"])
        return [f["name"] for f in shop["files"]]

    assert build() == ["lanterns-shop.pdf"]
    _two_sizes(specs)
    assert build() == ["lanterns-shop-lantern.pdf", "lanterns-shop-wish.pdf"]  # lanterns-shop.pdf is gone
    assert [len(PdfReader(out / n).pages) for n in ("lanterns-shop-lantern.pdf", "lanterns-shop-wish.pdf")] == [80, 16]
    (specs.parent / "layouts" / "lanterns.yaml").write_text(original, encoding="utf-8")
    assert build() == ["lanterns-shop.pdf"]  # found through the last shop map: the layout has no such template now
    assert (out / "lanterns-shop-notes.txt").read_text() == "mine"


from test_outputs import _KILL_AT  # noqa: E402  (the same killer: a build stopped at its k-th move into OUT)


def test_a_shop_build_killed_between_its_moves_is_finished_by_the_next_build(cli, tmp_path):
    """The commit record names the per-size files; the next build reads it as one pnp wrote."""
    shutil.copytree(LANTERNS, tmp_path / "lanterns")
    specs, out = tmp_path / "lanterns" / "card_specs", tmp_path / "out"
    assert cli("build", "lanterns", "--specs", specs, "--shop", "--out", out).code == 0
    _two_sizes(specs)
    args = [str(out), "3", "build", "lanterns", "--specs", str(specs), "--shop", "--out", str(out)]
    killed = subprocess.run([sys.executable, "-c", _KILL_AT, *args], cwd=ROOT, capture_output=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert killed.returncode in (9, -9), killed.stderr
    assert (out / ".lanterns.commit").exists()
    r = cli("build", "lanterns", "--specs", specs, "--shop", "--out", out)
    assert r.code == 0, r.err
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".") or p.suffix == ".tmp") == \
        ["lanterns-shop-lantern.pdf", "lanterns-shop-wish.pdf", "lanterns-shop.json"]
    shop = json.loads((out / "lanterns-shop.json").read_text(encoding="utf-8"))
    assert all(f["pdf_sha256"] == outputs.sha256(out / f["name"]) for f in shop["files"])


@pytest.mark.parametrize("reprint", [("--changed",), ("--only", "gold-star-1")])
def test_changed_and_only_are_still_refused_with_shop(cli, tmp_path, reprint):
    r = cli("build", "christmas-tree", "--shop", *reprint, "--out", tmp_path / "out")
    assert r.code == 2
    assert "reprints home-print sheets; a --shop build has none: drop --shop" in r.err
    assert not (tmp_path / "out").exists()
