"""`pnp export`: PNG per face and back, and Tabletop Simulator deck sheets, looked at as pixels.

A PNG is compared with the built PDF sheet rendered at the same resolution (it is the print), a
TTS slot with the single-card PNG of the card deck.json says it holds."""
import json
import sys
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from pnp.cli import main
from pnp.commands.export import _staged_dir
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.load.spec import load_spec
from pnp.writers import tts
from conftest import SHAPES_DIR

DPI = 100


def export(out, game="gem", *extra, specs=SPECS_DIR, layouts=LAYOUTS_DIR):
    code = main(["export", game, "--out", str(out), "--specs", str(specs), "--layouts", str(layouts), *map(str, extra)])
    assert code == 0, f"pnp export {game} {extra} exited {code}"
    return out


@pytest.fixture(scope="module")
def gem(tmp_path_factory):
    """GEM (30 cards, gum-pack size 1 x 3 in) exported as PNG and TTS at 100 dpi."""
    return export(tmp_path_factory.mktemp("export"), "gem", "--png", "--tts", "--dpi", DPI)


@pytest.fixture(scope="module")
def gem_spec():
    from pnp.games import GAMES

    spec, report = load_spec(SPECS_DIR / "gem.yaml", GAMES["gem"])
    assert spec is not None, report
    return spec


def on_white(img: Image.Image) -> Image.Image:
    if img.mode == "RGBA":
        ground = Image.new("RGB", img.size, "white")
        ground.paste(img, mask=img.getchannel("A"))
        return ground
    return img.convert("RGB")


def diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0 to 255."""
    return float(np.abs(np.asarray(a, np.int16) - np.asarray(b, np.int16)).mean())


def changed(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels where some channel differs by more than 48 of 255."""
    d = np.abs(np.asarray(a, np.int16) - np.asarray(b, np.int16)).max(axis=2)
    return float((d > 48).mean())


# -- PNG ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition, dpi, bleed, size", [
    ("poker", 150, 0, (372, 520)),    # 63 x 88 mm: 372.05 x 519.69 px, rounded to the nearest
    ("poker", 50, 3, (136, 185)),     # with 3 mm bleed: 69 x 94 mm
    ("gum", 200, 0, (200, 600)),      # 1 x 3 in
])
def test_png_pixel_size_follows_the_dpi(tmp_path, gem_spec, edition, dpi, bleed, size):
    out = export(tmp_path, "gem", "--png", "--dpi", dpi, "--edition", edition, "--bleed", bleed)
    folder = out / "gem-png"
    looked_at = 0
    for name in [f"{c.id}.png" for c in gem_spec.components] + ["gem-back.back.png"]:
        with Image.open(folder / name) as img:
            assert img.size == size, name
            assert round(img.info["dpi"][0]) == dpi  # the PNG says its resolution
        looked_at += 1
    assert looked_at == len(gem_spec.components) + 1


def test_one_png_per_component_one_per_back_design_and_nothing_else(gem, gem_spec):
    names = sorted(p.name for p in (gem / "gem-png").iterdir())
    assert names == sorted([f"{c.id}.png" for c in gem_spec.components] + ["gem-back.back.png", "backs.json"])
    index = json.loads((gem / "gem-png" / "backs.json").read_text(encoding="utf-8"))
    assert index == {"game": "gem", "backs": {c.id: "gem-back.back.png" for c in gem_spec.components}}
    left = [p.name for p in gem.iterdir() if p.name.startswith(".") and p.name != ".pnp.lock"]
    assert not left, "temporary folders left behind"


def test_png_is_the_print(gem, shipped_build):
    """Each face PNG is its card on the built PDF sheet, pixel for pixel: the sheet rendered at the
    same dpi with its crop box set to the card's trim box (so both share one pixel grid)."""
    import pypdfium2 as pdfium

    built = shipped_build("gem")
    faces = {}
    for p in (gem / "gem-png").glob("*.png"):
        if not p.name.endswith(".back.png"):
            with Image.open(p) as img:
                faces[p.stem] = on_white(img)
    doc = pdfium.PdfDocument(str(built.pdf))
    compared = 0
    try:
        for entry in built.pages("front"):
            page = doc[entry["page"] - 1]
            for piece in entry["pieces"]:
                assert piece["rotation"] == 0
                x, y, w, h = (v * 72 / 25.4 for v in piece["trim_mm"])
                page.set_cropbox(x, y, x + w, y + h)
                card = faces[piece["id"]]
                cut = page.render(scale=DPI / 72).to_pil().convert("RGB").crop((0, 0, *card.size))
                assert diff(cut, card) < 0.5 and changed(cut, card) < 0.001, piece["id"]
                unlike = next(f for f in faces.values() if changed(f, card) > 0.005)
                assert changed(cut, unlike) > 0.005
                compared += 1
            page.close()
    finally:
        doc.close()
    assert compared == 30


def test_png_outside_a_round_piece_is_transparent(tmp_path, shapes_game):
    out = export(tmp_path, shapes_game.GAME_ID, "--png", "--dpi", 50, specs=SHAPES_DIR / "card_specs",
                 layouts=SHAPES_DIR / "layouts")
    with Image.open(out / "shapes-test-png" / "token.png") as img:
        assert img.mode == "RGBA"
        assert img.getpixel((0, 0))[3] == 0  # the corner of the circle's bounding box
        assert img.getpixel((img.width // 2, img.height // 2))[3] == 255
    backs = json.loads((out / "shapes-test-png" / "backs.json").read_text(encoding="utf-8"))["backs"]
    assert "token" not in backs  # printed without a back


# -- Tabletop Simulator ------------------------------------------------------------------------

def tts_record(folder):
    return json.loads((folder / "gem-tts" / "deck.json").read_text(encoding="utf-8"))


def test_tts_deck_json_lists_every_card_copy_once(gem, gem_spec):
    data = tts_record(gem)
    slots = [(s["id"], s["copy"]) for d in data["decks"] for sheet in d["sheets"] for s in sheet["slots"]]
    assert len(slots) == len(set(slots))
    assert Counter(i for i, _ in slots) == Counter({c.id: c.count for c in gem_spec.components})
    assert sorted(k for _, k in slots if _ == "sapphire-topaz") == [1]


def test_tts_sheets_are_rgb_grids_within_tts_limits(gem):
    data = tts_record(gem)
    sheets = 0
    for deck in data["decks"]:
        w, h = deck["slot_px"]
        for sheet in deck["sheets"]:
            sheets += 1
            cols, rows = sheet["columns"], sheet["rows"]
            assert 2 <= cols <= 10 and 2 <= rows <= 7
            assert sheet["cards"] == len(sheet["slots"]) <= cols * rows - 1  # the last slot: hidden card
            assert sheet["hidden_slot"] == cols * rows - 1
            with Image.open(gem / "gem-tts" / sheet["face"]) as img:
                assert img.mode == "RGB"
                assert img.size == (cols * w, rows * h) == tuple(sheet["size_px"])
                assert max(img.size) <= 4096
        with Image.open(gem / "gem-tts" / deck["back"]) as back:
            assert back.mode == "RGB" and back.size == (w, h)
    assert sheets > 0  # there were sheets to check


def check_slots(tts_dir, png_dir) -> int:
    """Every slot holds the face deck.json names: its single-card PNG, resized to the slot, fits
    it closely, and a card that looks different does not. The hidden slot shows the back."""
    data = json.loads((tts_dir / "deck.json").read_text(encoding="utf-8"))
    checked = 0
    for deck in data["decks"]:
        w, h = deck["slot_px"]
        faces: dict[str, Image.Image] = {}
        unlike: dict[str, Image.Image] = {}  # for each card, a face that looks different
        for sheet in deck["sheets"]:
            for s in sheet["slots"]:
                if s["id"] not in faces:
                    with Image.open(png_dir / f"{s['id']}.png") as single:
                        faces[s["id"]] = on_white(single).resize((w, h), Image.Resampling.LANCZOS)
        for sheet in deck["sheets"]:
            cols = sheet["columns"]
            with Image.open(tts_dir / sheet["face"]) as img:
                grid = img.convert("RGB")

            def cell(i):
                return grid.crop(((i % cols) * w, (i // cols) * h, (i % cols + 1) * w, (i // cols + 1) * h))

            for s in sheet["slots"]:
                assert (s["row"], s["col"]) == divmod(s["slot"], cols)
                slot, face = cell(s["slot"]), faces[s["id"]]
                assert diff(slot, face) < 1.5 and changed(slot, face) < 0.01, s
                if s["id"] not in unlike:
                    unlike[s["id"]] = next(f for f in faces.values() if changed(f, face) > 0.01)
                assert changed(slot, unlike[s["id"]]) > changed(slot, face) + 0.01, s
                checked += 1
            with Image.open(tts_dir / deck["back"]) as back:
                assert diff(cell(sheet["hidden_slot"]), back.convert("RGB")) < 1  # a card in another's hand
    return checked


def test_tts_slot_holds_the_face_it_claims(gem):
    assert check_slots(gem / "gem-tts", gem / "gem-png") == 30


@pytest.mark.slow
def test_tts_scales_a_sheet_down_to_4096_px(tmp_path):
    """At 600 dpi a 1 x 3 in card is 600 x 1800 px: 10 columns would be 6000 px wide. The slots
    still hold their faces (compared with 350 dpi PNGs scaled down to the 341 px slot)."""
    out = export(tmp_path, "gem", "--tts", "--dpi", 600)
    assert not (out / "gem-png").exists()
    data = tts_record(out)
    deck = data["decks"][0]
    sheet = deck["sheets"][0]
    with Image.open(out / "gem-tts" / sheet["face"]) as img:
        assert max(img.size) <= 4096
        assert max(img.size) > 4000  # scaled to fit, not further
        assert img.size == (sheet["columns"] * deck["slot_px"][0], sheet["rows"] * deck["slot_px"][1])
    w, h = deck["slot_px"]
    assert abs(w / h - 1 / 3) < 0.01  # scaled, not squeezed
    export(out, "gem", "--png", "--dpi", 350)
    assert check_slots(out / "gem-tts", out / "gem-png") == 30


def test_tts_decks_hold_cards_and_leave_tokens_and_boards_out(tmp_path, shapes_game):
    out = export(tmp_path, shapes_game.GAME_ID, "--tts", "--dpi", 50, specs=SHAPES_DIR / "card_specs",
                 layouts=SHAPES_DIR / "layouts")
    data = json.loads((out / "shapes-test-tts" / "deck.json").read_text(encoding="utf-8"))
    decks = {d["name"]: d for d in data["decks"]}
    # rectangles are cards; a diamond, a hexagon and a round token are shaped pieces in bags
    assert sorted(decks) == ["plain-card"]
    bags = {b["template"]: b for b in data["bags"]}
    assert sorted(bags) == ["diamond", "flathex", "hex", "token"]
    assert sum(p["copies"] for p in bags["diamond"]["pieces"]) == 40
    assert sorted(p["id"] for p in data["left_out"]) == ["board"]  # too large for a token: a board


def test_a_deck_of_more_than_69_cards_spills_to_another_sheet():
    deck = tts.Deck("d", "card", (63.0, 88.0), [tts.Card("c", k, "b") for k in range(1, 101)])
    assert [len(s) for s in deck.sheets()] == [69, 31]
    assert tts.grid(69) == (10, 7)
    assert tts.grid(31) == (10, 4)
    assert tts.grid(1) == (2, 2)
    for cards in (1, 9, 10, 30, 69):
        cols, rows = tts.grid(cards)
        assert cols * rows > cards and cols <= 10 and rows <= 7
        w, h = tts.slot_size((5000, 7000), cols, rows)
        assert cols * w <= 4096 and rows * h <= 4096


# -- requests that cannot be met -----------------------------------------------------------------

@pytest.mark.parametrize("dpi", ["0", "49", "1201", "abc", "72.5"])
def test_a_bad_dpi_exits_2_with_a_clear_message(tmp_path, capsys, dpi):
    with pytest.raises(SystemExit) as info:
        main(["export", "gem", "--png", "--dpi", dpi, "--out", str(tmp_path)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--dpi" in err and ("out of range, expected 50 to 1200" in err or "not a whole number" in err)
    assert "Traceback" not in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args, words", [
    (["gem"], "nothing to export: give --png, --tts or both"),
    (["gem", "--png", "--edition", "tarot"], "gem has no edition 'tarot'; editions: gum, poker, poker-us"),
    (["no-such-game", "--tts"], "unknown game 'no-such-game'"),
])
def test_a_bad_request_exits_2(cli, args, words):
    r = cli("export", *args, "--specs", SPECS_DIR)
    assert r.code == 2
    assert words in r.err
    assert "Traceback" not in r.err


def test_a_folder_is_replaced_whole_or_not_at_all(tmp_path):
    target = tmp_path / "gem-png"
    target.mkdir()
    (target / "old.png").write_text("old")
    with pytest.raises(RuntimeError):
        with _staged_dir(target) as tmp:
            (tmp / "new.png").write_text("new")
            raise RuntimeError("the export failed half way")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp.lock", "gem-png"]  # the lock, as builds leave it
    assert [p.name for p in target.iterdir()] == ["old.png"]
    with _staged_dir(target) as tmp:
        (tmp / "new.png").write_text("new")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp.lock", "gem-png"]
    assert [p.name for p in target.iterdir()] == ["new.png"]


def test_a_spec_that_cannot_be_read_exits_2_at_its_line(cli, tmp_path):
    from conftest import copy_spec

    copy_spec(tmp_path, "gem", "components:", "components: [")
    r = cli("export", "gem", "--png", "--dpi", 50)
    assert r.code == 2
    assert "card_specs/gem.yaml:" in r.err and "gem: not exported, the files above cannot be read" in r.err
    assert not (tmp_path / "output").exists()


# -- one file per back drawing, counted as written ---------------------------------------------------

def test_a_back_design_is_one_file_however_many_cards_it_backs(cli, tmp_path):
    r = cli("export", "the-jam", "--png", "--dpi", 50, "--out", tmp_path, "--specs", SPECS_DIR)
    assert r.code == 0, r.err
    folder = tmp_path / "the-jam-png"
    backs = sorted(p.name for p in folder.glob("*.back.png"))
    faces = [p for p in folder.glob("*.png") if not p.name.endswith(".back.png")]
    assert backs == ["game-back.back.png", "mission-back.back.png"]
    assert r.out == f"the-jam: {len(faces)} faces and 2 backs at 50 dpi → the-jam-png/\n"  # run in tmp_path
    index = json.loads((folder / "backs.json").read_text(encoding="utf-8"))["backs"]
    assert sorted(index) == sorted(p.stem for p in faces)  # every card is told its back
    assert {index[i] for i in index if i.startswith("winter-")} == {"mission-back.back.png"}
    with Image.open(folder / backs[0]) as a, Image.open(folder / backs[1]) as b:
        assert changed(on_white(a), on_white(b)) > 0.05  # two designs, two pictures


def test_a_back_that_shows_its_card_is_one_file_per_look(cli, tmp_path, monkeypatch):
    """Christmas Tree's goal backs show the card's bells: one file for each count of bells."""
    from pnp.games import GAMES

    r = cli("export", "christmas-tree", "--png", "--dpi", 50, "--out", tmp_path, "--specs", SPECS_DIR)
    assert r.code == 0, r.err
    folder = tmp_path / "christmas-tree-png"
    index = json.loads((folder / "backs.json").read_text(encoding="utf-8"))["backs"]
    spec, _ = load_spec(SPECS_DIR / "christmas-tree.yaml", GAMES["christmas-tree"])
    goals = [c for c in spec.components if c.kind == "goal"]
    by_bells = {}
    for c in goals:
        by_bells.setdefault(c.fields["bells"], set()).add(index[c.id])
    assert all(len(files) == 1 for files in by_bells.values())  # the same bells, the same file
    assert len({f for files in by_bells.values() for f in files}) == len(by_bells)  # other bells, another file
    written = sorted(p.name for p in folder.glob("*.back.png"))
    assert written == sorted(set(index.values()))  # nothing written that no card has
    assert f"and {len(written)} backs at 50 dpi" in r.out


# -- progress, hang-ups and what an interrupted export left ----------------------------------------------

class Tty:
    """A terminal for stderr: what was written to it, and that it is one."""

    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass

    def isatty(self):
        return True


def test_an_export_on_a_terminal_shows_its_progress_then_clears_it(tmp_path, monkeypatch, capsys):
    from pnp.commands import progress

    monkeypatch.setattr(progress, "DELAY_S", 0.0)  # show from the start, every update
    monkeypatch.setattr(progress, "EVERY_S", 0.0)
    tty = Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    code = main(["export", "gem", "--png", "--dpi", "50", "--out", str(tmp_path), "--specs", str(SPECS_DIR)])
    assert code == 0
    updates = [u for u in tty.text.split("\r\x1b[K") if u]
    assert "gem: cards drawn 30/30" in updates
    assert updates[-1] == "gem: cards drawn 30/30, images written 31/31"  # 30 faces, 1 back
    assert tty.text.endswith("\r\x1b[K")  # cleared before the report
    assert capsys.readouterr().out.startswith("gem: 30 faces and 1 back at 50 dpi")


def test_a_hang_up_removes_the_staging_folder_and_keeps_the_last_export(tmp_path):
    import signal
    import subprocess
    import time

    old = tmp_path / "christmas-tree-png"
    old.mkdir()
    (old / "board.png").write_text("the last export")
    p = subprocess.Popen([sys.executable, "-m", "pnp", "export", "christmas-tree", "--png", "--out", str(tmp_path),
                          "--specs", str(SPECS_DIR)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120  # a bound on the wait, not a measurement
        while not list(tmp_path.glob(".christmas-tree-png.*.tmp")) and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert p.poll() is None, "the export ended before it could be hung up"
        p.send_signal(signal.SIGHUP)  # the terminal was closed
        out, err = p.communicate(timeout=120)
    finally:
        p.kill()
    told = "christmas-tree: --png: 148 images, 111.4 million pixels (446 MB uncompressed) at 300 dpi to render; " \
           "Ctrl-C stops the export and keeps the previous one\n"  # its size, said before it is rendered
    assert (p.returncode, err.decode()) == (130, told + "pnp: interrupted\n")
    assert sorted(x.name for x in tmp_path.iterdir()) == [".pnp.lock", "christmas-tree-png"]
    assert [x.read_text() for x in old.iterdir()] == ["the last export"]


def test_the_next_export_clears_what_a_killed_one_left(cli, tmp_path):
    for stale in (tmp_path / ".gem-png.k1ll3d.tmp", tmp_path / ".gem-png.x7y8z9.old" / "gem-png"):
        stale.mkdir(parents=True)
        (stale / "coin-1a.png").write_bytes(b"\x89PNG half")
    r = cli("export", "gem", "--png", "--dpi", 50, "--out", tmp_path, "--specs", SPECS_DIR)
    assert r.code == 0, r.err
    assert sorted(x.name for x in tmp_path.iterdir()) == [".pnp.lock", "gem-png"]
    assert len(list((tmp_path / "gem-png").glob("*.png"))) == 31


def test_an_empty_edition_is_refused_with_the_editions(cli, tmp_path):
    r = cli("export", "gem", "--png", "--edition", "", "--out", tmp_path)
    assert (r.code, r.err) == (2, "pnp export: error: gem has no edition ''; editions: gum, poker, poker-us\n")
    assert not (tmp_path / "gem-png").exists()
