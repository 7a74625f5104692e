"""`pnp export GAME --tts` writes a Tabletop Simulator saved object, OUT/<game>-tts/<game>.json:
one deck (or single card) per exported sheet, each card copy in it once, named as printed, its
images the exported sheets. Every shipped game and a declared one (examples/lanterns) is exported
once for the module, with --png too (backs.json says which back each card has)."""
import json
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest
from PIL import Image

from pnp.cli import main
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.load.project import load_checked

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
    for obj in data["ObjectStates"]:
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
    for obj in saved(exported, game)["ObjectStates"]:
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
    assert sorted(faces) == sorted(p.name for p in folder.glob("*.png") if not p.name.endswith(".back.png"))


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
    objects = saved(exported, game)["ObjectStates"]
    ids = [i for o in objects for i in (o["DeckIDs"] if o["Name"] == "DeckCustom" else [o["CardID"]])]
    assert len(ids) == len(set(ids)) == sum(cards.values())
    copies = [c for o in objects for c in cards_of(o)]
    assert Counter(c["GMNotes"] for c in copies) == cards
    names = printed_names(game)
    assert all(c["Nickname"] == names[c["GMNotes"]] for c in copies)
    if game == "christmas-tree":  # boards larger than the paper and round markers: left out, and said so
        assert {"board", "score-track", "marker-red"} <= left_out
    else:
        assert not left_out


@pytest.mark.parametrize("game", GAMES)
def test_unique_back_exactly_where_the_cards_backs_differ(exported, game):
    backs = json.loads((exported / f"{game}-png" / "backs.json").read_text(encoding="utf-8"))["backs"]
    unique = []
    for obj in saved(exported, game)["ObjectStates"]:
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
    note = next(line for line in r.out.splitlines() if "not in a deck nor the saved object" in line)
    assert "board" in note and "score-track" in note
    text = (tmp_path / "christmas-tree-tts" / "christmas-tree.json").read_text(encoding="utf-8")
    assert '"GMNotes": "board"' not in text


@pytest.mark.parametrize("base", ["https://example.org/pnp", "https://example.org/pnp/"])
def test_tts_url_makes_the_urls_base_slash_file_name(cli, tmp_path, base):
    r = cli("export", "gem", "--tts", "--dpi", DPI, "--lang", "zh-TW", "--tts-url", base, "--out", tmp_path,
            *specs_args("gem"))
    assert r.code == 0, r.err
    assert "upload the sheets to https://example.org/pnp" in r.out
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
    keys = {game: {custom_of(o)[0] for o in saved(exported, game)["ObjectStates"]} for game in GAMES}
    seen = set()
    for game, own in keys.items():
        assert own and not own & seen, game
        seen |= own
        assert all(100 <= k < 1_000_000 and all(c["CardID"] // 100 == k for c in cards_of(o))
                   for o in saved(exported, game)["ObjectStates"] for k in [custom_of(o)[0]])
