"""`pnp export GAME --tts` writes a Tabletop Simulator saved object, OUT/<game>-tts/<game>.json:
one deck (or single card) per exported sheet, each card copy in it once, named as printed, its
images the exported sheets. Every shipped game and a declared one (examples/lanterns) is exported
once for the module, with --png too (backs.json says which back each card has)."""
import json
import os
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest
from PIL import Image

from pnp.cli import main
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.games.project import load_checked

DPI = 50
LANTERNS = Path(__file__).resolve().parents[2] / "examples" / "lanterns" / "card_specs"
GAMES = {"the-jam": SPECS_DIR, "gem": SPECS_DIR, "pi-mal-pflaumen": SPECS_DIR, "christmas-tree": SPECS_DIR,
         "lanterns": LANTERNS}
TOP = {"SaveName": str, "GameMode": str, "Date": str, "VersionNumber": str, "Gravity": float, "PlayArea": float,
       "Table": str, "Sky": str, "Note": str, "Rules": str, "XmlUI": str, "LuaScript": str, "LuaScriptState": str,
       "TabStates": dict, "ObjectStates": list}


def specs_args(game):
    specs = GAMES[game]
    return ["--specs", str(specs)] + (["--layouts", str(LAYOUTS_DIR)] if specs == SPECS_DIR else [])


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Every game exported once (--png --tts at 50 dpi), into a folder with a space in its name
    (the file URLs must say it as %20); game -> its OUT folder."""
    out = tmp_path_factory.mktemp("tts") / "my exports"
    for game in GAMES:
        code = main(["export", game, "--png", "--tts", "--dpi", str(DPI), "--out", str(out), *specs_args(game)])
        assert code == 0, f"pnp export {game} exited {code}"
    return out


def saved(out: Path, game: str) -> dict:
    return json.loads((out / f"{game}-tts" / f"{game}.json").read_text(encoding="utf-8"))


def deck_json(out: Path, game: str) -> dict:
    return json.loads((out / f"{game}-tts" / "deck.json").read_text(encoding="utf-8"))


def custom_of(obj: dict) -> tuple[int, dict]:
    (key, entry), = obj["CustomDeck"].items()
    return int(key), entry


def decks(data: dict) -> list[dict]:
    """The saved object's decks and single cards (its bags of tokens left aside)."""
    out = [o for o in data["ObjectStates"] if o["Name"] != "Bag"]
    assert out
    return out


def bags(data: dict) -> list[dict]:
    return [o for o in data["ObjectStates"] if o["Name"] == "Bag"]


def cards_of(obj: dict) -> list[dict]:
    return obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]


def local(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file" and parts.netloc == "", url
    return Path(url2pathname(parts.path))


def sheets_by_face(out: Path, game: str) -> dict[str, tuple[dict, dict]]:
    """deck.json's sheets by their face file name: (deck record, sheet record)."""
    return {s["face"]: (d, s) for d in deck_json(out, game)["decks"] for s in d["sheets"]}


@pytest.mark.parametrize("game", GAMES)
def test_the_saved_object_has_the_fields_tts_reads(exported, game):
    data = saved(exported, game)
    for key, kind in TOP.items():
        assert isinstance(data[key], kind), key
    assert data["SaveName"] and data["ObjectStates"]
    keys, guids = [], []
    for obj in decks(data):
        assert obj["Name"] in ("DeckCustom", "Card")
        assert set(obj["Transform"]) == {f"{a}{x}" for a in ("pos", "rot", "scale") for x in "XYZ"}
        assert obj["Transform"]["rotZ"] == 180  # face down, as a deck lies
        n, entry = custom_of(obj)
        keys.append(n)
        assert entry["FaceURL"] and entry["BackURL"]
        assert entry["BackIsHidden"] is True and entry["Type"] == 0 and isinstance(entry["UniqueBack"], bool)
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        assert 2 <= cols <= 10 and 2 <= rows <= 7
        cards = cards_of(obj)
        assert cols * rows - 1 >= len(cards)  # every card fits the sheet beside its hidden-card slot
        if obj["Name"] == "DeckCustom":
            assert len(cards) > 1
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]
        else:
            assert "DeckIDs" not in obj and "ContainedObjects" not in obj
        slots = []
        for c in cards:
            assert c["Name"] == "Card" and c["CustomDeck"] == obj["CustomDeck"]
            deck, slot = divmod(c["CardID"], 100)
            assert deck == n and slot < cols * rows - 1
            slots.append(slot)
            guids.append(c["GUID"])
        assert len(set(slots)) == len(slots)  # a copy has a slot of its own
        if obj["Name"] == "DeckCustom":
            guids.append(obj["GUID"])
    assert len(set(keys)) == len(keys)  # each sheet its own CustomDeck id
    assert len(set(guids)) == len(guids)


@pytest.mark.parametrize("game", GAMES)
def test_every_object_is_one_exported_sheet_pair_of_its_grid(exported, game):
    folder = exported / f"{game}-tts"
    by_face = sheets_by_face(exported, game)
    faces = []
    for obj in decks(saved(exported, game)):
        _, entry = custom_of(obj)
        face, back = local(entry["FaceURL"]), local(entry["BackURL"])
        assert face.parent == folder.resolve() and back.parent == folder.resolve()
        assert " " in str(face) and "%20" in entry["FaceURL"]  # 'my exports', said as a URL
        deck, sheet = by_face[face.name]
        faces.append(face.name)
        cols, rows = entry["NumWidth"], entry["NumHeight"]
        assert (cols, rows) == (sheet["columns"], sheet["rows"])
        w, h = deck["slot_px"]
        with Image.open(face) as img:
            assert img.format == "PNG" and img.size == (cols * w, rows * h)
        assert abs(w / h - deck["card_mm"][0] / deck["card_mm"][1]) < 0.02  # a cell is a card
        with Image.open(back) as img:
            assert img.format == "PNG"
            assert img.size == ((cols * w, rows * h) if entry["UniqueBack"] else (w, h))
        assert back.name == (sheet["back"] if entry["UniqueBack"] else deck["back"])
        # the cards are the sheet's, slot by slot
        assert [(c["CardID"] % 100, c["GMNotes"]) for c in cards_of(obj)] == [(s["slot"], s["id"]) for s in sheet["slots"]]
    assert sorted(faces) == sorted(by_face)  # every sheet spawned, none twice
    assert sorted(faces) == sorted(p.name for p in folder.glob("*.png") if not p.name.endswith((".back.png", ".token.png")))


def printed_names(game: str, lang: str = "en") -> dict[str, str]:
    loaded = load_checked(game, GAMES[game])
    assert loaded.spec is not None
    if GAMES[game] == SPECS_DIR:
        from pnp.games import GAMES as SHIPPED

        loaded.game = SHIPPED[game]
    return {c.id: loaded.game.name_of(c, loaded.spec, lang) for c in loaded.spec.components}


@pytest.mark.parametrize("game", GAMES)
def test_every_card_copy_is_in_a_deck_once_named_as_printed(exported, cli, game):
    r = cli("list", game, "--format", "json", "--specs", GAMES[game])
    assert r.code == 0, r.err
    components = r.json()["components"]
    left_out = {p["id"] for p in deck_json(exported, game)["left_out"]}
    cards = Counter({c["id"]: c["count"] for c in components if c["id"] not in left_out})
    data = saved(exported, game)
    ids = [i for o in decks(data) for i in (o["DeckIDs"] if o["Name"] == "DeckCustom" else [o["CardID"]])]
    assert len(ids) == len(set(ids))
    copies = [c for o in decks(data) for c in cards_of(o)] + [t for b in bags(data) for t in b["ContainedObjects"]]
    assert len(ids) == sum(1 for c in copies if c["Name"] == "Card")
    assert Counter(c["GMNotes"] for c in copies) == cards  # every copy of every piece once, in a deck or a bag
    names = printed_names(game)
    assert all(c["Nickname"] == names[c["GMNotes"]] for c in copies)
    if game == "christmas-tree":  # boards larger than 150 mm: left out, and said so
        assert left_out == {"board", "score-track"}
    else:
        assert not left_out


@pytest.mark.parametrize("game", GAMES)
def test_unique_back_exactly_where_the_cards_backs_differ(exported, game):
    backs = json.loads((exported / f"{game}-png" / "backs.json").read_text(encoding="utf-8"))["backs"]
    unique = []
    for obj in decks(saved(exported, game)):
        _, entry = custom_of(obj)
        looks = {backs.get(c["GMNotes"]) for c in cards_of(obj)}
        assert entry["UniqueBack"] == (len(looks) > 1), obj["Nickname"]
        unique.append(entry["UniqueBack"])
    if game in ("christmas-tree", "pi-mal-pflaumen"):  # goal backs show their bells; same-face backs differ
        assert any(unique)


def test_a_board_larger_than_the_paper_is_left_out_and_the_output_says_so(cli, tmp_path):
    r = cli("export", "christmas-tree", "--tts", "--dpi", DPI, "--out", tmp_path, *specs_args("christmas-tree"))
    assert r.code == 0, r.err
    assert "saved object christmas-tree-tts/christmas-tree.json" in r.out
    assert "Objects > Saved Objects" in r.out and "keep them here" in r.out
    note = next(line for line in r.out.splitlines() if "not in a deck, a bag nor the saved object" in line)
    assert "board" in note and "score-track" in note
    text = (tmp_path / "christmas-tree-tts" / "christmas-tree.json").read_text(encoding="utf-8")
    assert '"GMNotes": "board"' not in text


@pytest.mark.parametrize("base", ["https://example.org/pnp", "https://example.org/pnp/"])
def test_tts_url_makes_the_urls_base_slash_file_name(cli, tmp_path, base):
    r = cli("export", "gem", "--tts", "--dpi", DPI, "--lang", "zh-TW", "--tts-url", base, "--out", tmp_path,
            *specs_args("gem"))
    assert r.code == 0, r.err
    assert "upload the images to https://example.org/pnp" in r.out
    folder = tmp_path / "gem-tts"
    data = saved(tmp_path, "gem")
    for obj in data["ObjectStates"]:
        _, entry = custom_of(obj)
        for url in (entry["FaceURL"], entry["BackURL"]):
            assert url.startswith("https://example.org/pnp/") and "//" not in url[len("https://"):]
            assert (folder / url.rsplit("/", 1)[1]).is_file()
    names = printed_names("gem", "zh-TW")
    assert all(c["Nickname"] == names[c["GMNotes"]] for o in data["ObjectStates"] for c in cards_of(o))
    assert data["SaveName"] == "珠寶家"  # the game's name in the language of the cards


def test_a_declared_game_reads_its_own_layouts(cli, tmp_path):
    """As the README has it: `pnp export lanterns --specs examples/lanterns/card_specs --tts`."""
    r = cli("export", "lanterns", "--specs", LANTERNS, "--tts", "--dpi", DPI, "--tts-url", "file:///srv/tts")
    assert r.code == 0, r.err
    data = saved(tmp_path / "output", "lanterns")
    urls = [custom_of(o)[1]["FaceURL"] for o in data["ObjectStates"]]
    assert urls and all(u.startswith("file:///srv/tts/") for u in urls)


@pytest.mark.parametrize("base, words", [
    ("example.org/pnp", "is not an http, https or file URL"),
    ("ftp://example.org/pnp", "is not an http, https or file URL"),
    ("https://", "names no host"),
    ("https:///pnp", "names no host"),
    ("file:pnp", "a file URL is file:///absolute/path"),
    ("https://example.org/my pnp", "no spaces"),
    ("https://example.org/pnp?x=1", "?query or #fragment"),
    ("", "is not a URL"),
])
def test_a_bad_tts_url_is_a_usage_error(tmp_path, capsys, base, words):
    with pytest.raises(SystemExit) as info:
        main(["export", "gem", "--tts", "--tts-url", base, "--out", str(tmp_path), *specs_args("gem")])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"pnp export: error: argument --tts-url: '{base}'" in err and words in err
    assert "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_tts_url_without_tts_is_refused(cli, tmp_path):
    r = cli("export", "gem", "--png", "--tts-url", "https://example.org/pnp", "--out", tmp_path, *specs_args("gem"))
    assert (r.code, r.err) == (2, "pnp export: error: --tts-url says where the --tts sheets will be online: give --tts too\n")
    assert not list(tmp_path.glob("gem-*"))


def test_two_games_on_one_table_never_share_a_deck_key(exported):
    """TTS finds a card's images by its CustomDeck key: the same key in two games' objects showed
    one game's cards with the other's sheets. Each game's keys are a block of its own."""
    keys = {game: {custom_of(o)[0] for o in decks(saved(exported, game))} for game in GAMES}
    seen = set()
    for game, own in keys.items():
        assert own and not own & seen, game
        seen |= own
        assert all(100 <= k < 1_000_000 and all(c["CardID"] // 100 == k for c in cards_of(o))
                   for o in decks(saved(exported, game)) for k in [custom_of(o)[0]])
    assert len(keys) == len(GAMES) > 1  # several games' keys were compared


# -- shaped pieces: Custom Tokens in bags -------------------------------------------------------

def test_a_diamond_is_a_token_cut_round_its_outline_not_a_card_with_white_corners(exported, cli):
    """A TTS card is a rectangle, so Christmas Tree's diamond decorations showed white corners:
    each is a Custom Token, which TTS cuts round the transparency of its image — transparent
    outside the rhombus through the four edge midpoints, opaque inside it (measured against that
    rhombus, not against pnp's own outline)."""
    data = saved(exported, "christmas-tree")
    record = {b["name"]: b for b in deck_json(exported, "christmas-tree")["bags"]}
    bag = next(b for b in bags(data) if b["Nickname"] == "tree-back")
    assert bag["Bag"]["Order"] == 2  # given out at random, as from a face-down pile
    tokens = bag["ContainedObjects"]
    r = cli("list", "christmas-tree", "--format", "json", "--specs", GAMES["christmas-tree"])
    decorations = {c["id"]: c["count"] for c in r.json()["components"] if c["kind"] in ("bauble", "gingerbread", "candy")}
    assert Counter(t["GMNotes"] for t in tokens) == decorations and len(tokens) == 106  # the rulebook's 106
    w_mm, h_mm = record["tree-back"]["piece_mm"]
    assert (w_mm, h_mm) == (50, 80)
    checked = 0
    for t in tokens[::9]:
        assert t["Name"] == "Custom_Token" and t["ColorDiffuse"] == {"r": 1.0, "g": 1.0, "b": 1.0}  # untinted
        image = t["CustomImage"]
        assert image["CustomToken"]["StandUp"] is False and image["ImageSecondaryURL"] == ""
        path = local(image["ImageURL"])
        assert path.parent == (exported / "christmas-tree-tts").resolve()
        with Image.open(path) as img:
            assert img.mode == "RGBA" and abs(img.width / img.height - w_mm / h_mm) < 0.02
            alpha = img.getchannel("A")
            w, h = img.size
            inside = outside = 0
            for y in range(2, h, 4):
                for x in range(2, w, 4):
                    d = abs(x + 0.5 - w / 2) / (w / 2) + abs(y + 0.5 - h / 2) / (h / 2)  # 1 on the rhombus
                    if d < 0.93:
                        inside += 1
                        assert alpha.getpixel((x, y)) == 255, (path.name, x, y)
                    elif d > 1.07:
                        outside += 1
                        assert alpha.getpixel((x, y)) == 0, (path.name, x, y)
            assert inside > 100 and outside > 100
        checked += 1
    assert checked >= 10


def test_round_markers_are_tokens_in_a_bag_named_by_their_shape(exported):
    data = saved(exported, "christmas-tree")
    markers = next(b for b in bags(data) if b["Nickname"] == "marker")
    ids = Counter(t["GMNotes"] for t in markers["ContainedObjects"])
    assert set(ids) == {"marker-red", "marker-blue", "marker-white", "marker-black"}
    with Image.open(local(markers["ContainedObjects"][0]["CustomImage"]["ImageURL"])) as img:
        w, h = img.size
        assert img.getpixel((1, 1))[3] == 0 and img.getpixel((w // 2, h // 2))[3] == 255  # a disc
    assert not any(o["Name"] == "Bag" for g in ("gem", "the-jam", "pi-mal-pflaumen") for o in saved(exported, g)["ObjectStates"])


# -- pnp relink: a moved export finds its images again ------------------------------------------

def all_urls(data: dict) -> list[str]:
    out = []
    for o in data["ObjectStates"]:
        for c in cards_of(o) if o["Name"] != "Bag" else []:
            _, entry = custom_of(c)
            out += [entry["FaceURL"], entry["BackURL"]]
        out += [t["CustomImage"]["ImageURL"] for t in o.get("ContainedObjects", []) if t["Name"] == "Custom_Token"]
    return out


@pytest.fixture
def moved(exported, tmp_path):
    """Christmas Tree's export copied to another folder (cards and tokens both), as a user moves it."""
    import shutil

    target = tmp_path / "new place" / "xmas"
    shutil.copytree(exported / "christmas-tree-tts", target)
    return target


def test_relink_points_every_image_at_the_folder_where_it_is_now(moved, cli, exported):
    before = json.loads((moved / "christmas-tree.json").read_text("utf-8"))
    assert all(local(u).parent == (exported / "christmas-tree-tts").resolve() for u in all_urls(before))
    r = cli("relink", moved)
    assert r.code == 0, r.err
    after = json.loads((moved / "christmas-tree.json").read_text("utf-8"))
    urls = all_urls(after)
    assert len(urls) == len(all_urls(before)) > 200
    for old, new in zip(all_urls(before), urls):
        assert local(new) == moved.resolve() / local(old).name and local(new).is_file()
        assert "%20" in new  # 'new place', said as a URL
    in_file = re.findall(r'"(?:Face|Back|Image)URL": "([^"]+)"', (moved / "christmas-tree.json").read_text("utf-8"))
    assert f"{len(in_file)} image URLs" in r.out  # every URL the file holds, the decks' own entries included
    assert all(local(u).parent == moved.resolve() for u in in_file)
    # everything else is as it was
    strip = lambda d: json.dumps(d).replace(str(moved.resolve()).replace(" ", "%20"), "X").replace(
        str((exported / "christmas-tree-tts").resolve()).replace(" ", "%20"), "X")
    assert strip(after) == strip(before)


def test_relink_to_a_web_folder_after_upload(moved, cli):
    r = cli("relink", moved, "--tts-url", "https://example.org/xmas/")
    assert r.code == 0, r.err
    urls = all_urls(json.loads((moved / "christmas-tree.json").read_text("utf-8")))
    assert all(u.startswith("https://example.org/xmas/") and (moved / u.rsplit("/", 1)[1]).is_file() for u in urls)
    assert cli("relink", moved).code == 0  # and back to the files, from the web URLs
    assert all(local(u).parent == moved.resolve() for u in all_urls(json.loads((moved / "christmas-tree.json").read_text("utf-8"))))


def test_relink_refuses_a_folder_missing_an_image_and_changes_nothing(moved, cli):
    text = (moved / "christmas-tree.json").read_text("utf-8")
    (moved / "goal-back-1.png").unlink()
    r = cli("relink", moved)
    assert r.code == 2 and "goal-back-1.png, which is not in" in r.err and "Traceback" not in r.err
    assert (moved / "christmas-tree.json").read_text("utf-8") == text
    assert sorted(p.name for p in moved.iterdir() if p.name.startswith(".")) == []  # no staged file left


@pytest.mark.parametrize("make, words", [
    (lambda d: None, "has no deck.json"),
    (lambda d: (d / "deck.json").write_text('{"game": "gem",\n "decks": [}', encoding="utf-8"), "deck.json:2:12: not JSON"),
    (lambda d: (d / "deck.json").write_text('{"game": "gem"}', encoding="utf-8"), "gem.json is missing"),
    (lambda d: os.mkfifo(d / "deck.json"), "deck.json is not a file"),
])
def test_relink_of_something_else_is_a_clear_error(tmp_path, cli, make, words):
    folder = tmp_path / "f"
    folder.mkdir()
    make(folder)
    r = cli("relink", folder)  # a pipe is refused unopened: never waits for a writer
    assert r.code == 2 and words in r.err and r.err.startswith("pnp relink: error:"), r.err
    assert "Traceback" not in r.err
