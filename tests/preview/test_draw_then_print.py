"""The preview shows a save in two steps: its pictures are drawn first (what the page waits for),
the sheets laid out and the PDF written after, off that path; a newer save stops a print in
progress, which leaves the last print whole. A picture the page asks for is rendered with the
few it asks for next, and the pictures kept stay within their budget in bytes."""
from __future__ import annotations

import shutil
import threading

import pytest

from pnp.incremental.fingerprint import file_hash
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.games.project import sheets
from pnp.options import BuildOptions
from pnp.preview import pictures, state
from pnp.preview.state import GameView, Superseded

EDIT = ("gems: [sapphire, ruby],     invest: 1, loan: 2 }", "gems: [sapphire, ruby],     invest: 1, loan: 3 }")


@pytest.fixture
def gem(tmp_path):
    specs = tmp_path / "card_specs"
    specs.mkdir()
    shutil.copy(SPECS_DIR / "gem.yaml", specs)
    presets, _ = sheets(SPECS_DIR, LAYOUTS_DIR)
    return GameView("gem", specs, None, BuildOptions(presets["a4"]), tmp_path / "out"), specs / "gem.yaml"


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_save_is_drawn_first_and_printed_after(gem):
    g, spec = gem
    view = g.draw()
    assert view.version == 1 and len(view.cards) == 30 and not view.printed and view.pdf is None
    assert g.unprinted and g.changed == []  # the first draw: every picture is new, none "changed"
    assert g.print() and not g.unprinted and g.print() is False  # printed once; nothing more to print
    first = g.view
    assert first.printed and first.version == 1 and first.pdf.is_file() and len(first.pages) == 4
    before = {c.id: c.front for c in first.cards}

    edit(spec, *EDIT)
    view = g.draw()
    after = {c.id: c.front for c in view.cards}
    assert [k for k in after if after[k] != before[k]] == ["sapphire-ruby"]
    assert g.changed == [after["sapphire-ruby"]]  # only its picture is new
    assert not view.printed and view.pdf_hash == first.pdf_hash and view.pages == first.pages  # the last print
    assert g.print()
    assert g.view.printed and g.view.version == 2 and g.view.pdf_hash != first.pdf_hash


class Gate:
    """The print's wait for the page's requests, held shut until the test opens it."""

    def __init__(self):
        self.reached, self.open = threading.Event(), threading.Event()

    def wait(self, timeout=None):
        self.reached.set()
        return self.open.wait(timeout)


def test_a_newer_save_stops_the_print_in_progress_and_leaves_the_last_print_whole(gem, monkeypatch):
    g, spec = gem
    g.draw()
    g.print()
    pdf, printed = g.view.pdf, file_hash(g.view.pdf)
    edit(spec, *EDIT)
    g.draw()
    monkeypatch.setattr(state, "PAGE_FIRST_S", 60.0)
    gate, outcome = Gate(), {}

    def printing():
        try:
            outcome["printed"] = g.print(gate)
        except Superseded:
            outcome["superseded"] = True

    printer = threading.Thread(target=printing)
    printer.start()
    assert gate.reached.wait(60)  # the print has written its first sheet and waits
    edit(spec, *reversed(EDIT))  # another save
    drawer = threading.Thread(target=g.draw)
    drawer.start()
    assert g.wanted.wait(60)  # the draw asks for the game
    gate.open.set()
    printer.join(60)
    drawer.join(60)
    assert outcome == {"superseded": True}
    assert file_hash(pdf) == printed  # the last print untouched, nothing half-written beside it
    assert sorted(p.name for p in pdf.parent.iterdir() if p.name.startswith(".")) == [".pnp.lock"]  # no staged files
    assert g.view.version == 3 and g.unprinted
    assert g.print() and g.view.printed and file_hash(pdf) == printed  # the save undone: the same print again


def test_a_picture_asked_for_brings_the_next_ones_with_it(gem, monkeypatch):
    g, _ = gem
    g.draw()
    monkeypatch.setattr(pictures, "_pngs", type(pictures._pngs)())  # none kept yet
    monkeypatch.setattr(pictures, "_held", 0)
    keys = list(g.drawings)
    first = keys[0]
    following = pictures.missing(keys[1:])[:pictures.BATCH - 1]
    png = pictures.card_png(first, *g.picture(first), along=g.after(first, pictures.BATCH - 1))
    assert png.startswith(b"\x89PNG")
    assert following and pictures.missing(following) == []  # rendered with it, before the page asks
    far = len(keys) - 8  # a page asking here and there (a deal) gets the one it asks for, no more
    rest = pictures.missing(keys[far + 1:])
    pictures.card_png(keys[far], *g.picture(keys[far]), along=g.after(keys[far], pictures.BATCH - 1))
    assert rest and pictures.missing(rest) == rest


def test_the_kept_pictures_stay_within_their_budget(gem, monkeypatch):
    g, _ = gem
    g.draw()
    monkeypatch.setattr(pictures, "_pngs", type(pictures._pngs)())  # none kept yet
    monkeypatch.setattr(pictures, "_held", 0)
    keys = list(g.drawings)[:10]
    one = len(pictures.card_png(keys[0], *g.picture(keys[0])))
    monkeypatch.setattr(pictures, "BUDGET", 3 * one)
    for k in keys:
        pictures.card_png(k, *g.picture(k))
    count, held = pictures.held()
    assert held <= 3 * one + one // 2 and count <= 4  # pictures differ a little in size
    assert pictures.missing([keys[-1]]) == [] and pictures.missing([keys[0]]) == [keys[0]]  # the oldest went
