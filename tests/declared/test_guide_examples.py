"""Every YAML example of docs/own-game.md is true: loaded by pnp in the game it is written for.

The guide's examples are parts of one game, Harbor Lights (`harbor`): each block is put into a
small working copy of it (HARBOR below, the layout LAYOUT, the guide's own CSV as its table) — a
mapping's keys replacing or adding to the game's, a list of rules or steps replacing its rules or
its setup — and `pnp validate` must read it: exit 0, or 1 where a rule of the example is broken
by the small deck, never 2 (a key, type or value pnp refuses). A block that starts with the
comment `# in GEM` is GEM's and is put into GEM declared as a spec of its own; one that starts
`# in GAME (…)` is a key of that declared game (the example, or a published game declared in
tests/declared/published/) and replaces that key in a copy of it; one that starts `# a finished
game:` is a game file that `pnp score` must score. The outline of a spec (values written `…`) may
name only keys a declared spec accepts."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml

from pnp.games.declared import KEYS

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "own-game.md"
ROOT = GUIDE.parents[1]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
LAYOUT_KEYS = ("default", "editions", "faces", "backs", "fonts", "icons")
SPEC_KEYS = ("game", "name", "back", "backs", "components") + KEYS

HARBOR = {
    "game": "harbor",
    "name": {"en": "Harbor Lights", "zh-TW": "港灣燈火"},
    "players": [2, 3, 4],
    "variants": ["short"],
    "kinds": {
        "ship": {"suit": {"choice": ["red", "blue", "green"]}, "value": {"int": [2, 10]}, "title": {"text": 24},
                 "icons": {"list": {"choice": ["anchor", "star"]}, "max": 3, "required": False},
                 "crew": {"int": [0, 99], "legal": [1, 2, 4], "default": 1},
                 "art": {"image": True, "required": False}, "pair": {"ref": "ship", "required": False}},
        "wager": {"suit": {"choice": ["red", "blue", "green"]}},
        "crate": {"goods": {"list": {"choice": ["fish", "salt", "tea"]}, "required": False}},
        "back": {},
    },
    "back_kinds": ["back"],
    "choices": {"suit": {"red": {"name": {"en": "Red", "zh-TW": "紅"}, "colour": "#c0392b"},
                         "blue": {"name": {"en": "Blue", "zh-TW": "藍"}, "colour": "#2e6da4"},
                         "green": {"name": {"en": "Green", "zh-TW": "綠"}, "colour": "#2e8b57"}}},
    "back": "harbor-back",
    "backs": [{"id": "harbor-back", "kind": "back"}],
    "components": [{"table": "ships.csv", "kind": "ship"},
                   {"id": "wager-red", "kind": "wager", "suit": "red", "count": 3},
                   {"id": "wager-blue", "kind": "wager", "suit": "blue", "count": 3},
                   {"id": "wager-green", "kind": "wager", "suit": "green", "count": 3},
                   {"id": "crate-1", "kind": "crate", "goods": ["fish", "salt"]}],
    "setup": [{"shuffle": ["ship"]}, {"piles": [1, 1]}],
}
SIMPLE_FACE = [{"rect": "all", "fill": "#f0e6d2"}, {"text": "{id}", "box": "title", "colour": "#202020"}]
LAYOUT = {
    "default": "standard",
    "editions": {"standard": {"card": {"width": "63mm", "height": "88mm"},
                              "boxes": {"band": {"x": "0mm", "y": "70mm", "width": "63mm", "height": "18mm"},
                                        "title": {"x": "20mm", "y": "73mm", "width": "39mm", "height": "11mm",
                                                  "text": "12pt", "min_text": "8pt"},
                                        "badge": {"x": "4mm", "y": "72mm", "width": "14mm", "height": "13mm"},
                                        "art": {"x": "11.5mm", "y": "22mm", "width": "40mm", "height": "44mm"}}}},
    "faces": {"ship": SIMPLE_FACE, "wager": SIMPLE_FACE, "crate": SIMPLE_FACE},
    "backs": {"back": [{"rect": "all", "fill": "#1d2b3a"}]},
}


def blocks() -> list[tuple[int, str, str]]:
    """(line, language, text) of every fenced block of the guide."""
    text = GUIDE.read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 1, m.group(1), m.group(2)) for m in FENCE.finditer(text)]


YAML_BLOCKS = [(line, body) for line, lang, body in blocks() if lang == "yaml"]
GUIDE_CSV = next(body for _, lang, body in blocks() if lang in ("", "csv") and body.startswith("id,"))


def merged(base: dict, part) -> dict:
    """`base` with the block put in: a mapping's keys replace or add (kinds, choices, names and a
    layout's faces by kind), a list replaces the rules (a list of coded rules) or the setup."""
    out = copy.deepcopy(base)
    if isinstance(part, list):
        out["rules" if all(isinstance(x, dict) and "code" in x for x in part) else "setup"] = part
        return out
    for key, value in part.items():
        if key in ("kinds", "choices", "names", "faces", "backs") and isinstance(value, dict) \
                and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def write_harbor(root: Path, spec: dict, layout: dict) -> Path:
    specs = root / "card_specs"
    specs.mkdir(parents=True, exist_ok=True)
    (root / "layouts").mkdir(exist_ok=True)
    (specs / "harbor.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (specs / "ships.csv").write_text(GUIDE_CSV, encoding="utf-8")
    _workbook(specs / "harbor.xlsx", {"Ships": GUIDE_CSV, "Crates": "id,goods\ncrate-2,\"fish, tea\"\n"})
    (root / "layouts" / "harbor.yaml").write_text(yaml.safe_dump(layout, allow_unicode=True, sort_keys=False),
                                                  encoding="utf-8")
    _art(root / "layouts")
    return specs


def _art(folder: Path) -> None:
    """The files the guide's layout examples name: a picture icon and a font of one's own."""
    import shutil

    from PIL import Image

    from pnp.folders import FONTS_DIR

    (folder / "art").mkdir(exist_ok=True)
    (folder / "fonts").mkdir(exist_ok=True)
    Image.new("RGB", (16, 16), (200, 30, 30)).save(folder / "art" / "lamp.png")
    shutil.copy(FONTS_DIR / "DejaVuSans.ttf", folder / "fonts" / "poster.ttf")


def _workbook(path: Path, sheets: dict[str, str]) -> None:
    import csv
    import io

    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for name, csv_text in sheets.items():
        sheet = book.create_sheet(name)
        for row in csv.reader(io.StringIO(csv_text)):
            sheet.append(row)
    book.save(path)


def gem_declared(root: Path, setup: list) -> Path:
    """GEM's game.yaml and its spec as one declared spec, `gem-guide`, with this setup."""
    game = yaml.safe_load((ROOT / "pnp" / "games" / "gem" / "game.yaml").read_text(encoding="utf-8"))
    spec = yaml.safe_load((ROOT / "card_specs" / "gem.yaml").read_text(encoding="utf-8"))
    whole = {**spec, **{k: v for k, v in game.items() if k in KEYS}, "game": "gem-guide", "setup": setup}
    specs = root / "card_specs"
    specs.mkdir(parents=True, exist_ok=True)
    (specs / "gem-guide.yaml").write_text(yaml.safe_dump(whole, allow_unicode=True, sort_keys=False), encoding="utf-8")
    drawn = {k: SIMPLE_FACE for k in game["kinds"]}  # GEM's own art is code: plain faces stand in
    layout = {**LAYOUT, "faces": {k: v for k, v in drawn.items() if k not in game["back_kinds"]},
              "backs": {k: v for k, v in drawn.items() if k in game["back_kinds"]}}
    (root / "layouts").mkdir(exist_ok=True)
    (root / "layouts" / "gem-guide.yaml").write_text(yaml.safe_dump(layout, sort_keys=False), encoding="utf-8")
    return specs


DECLARED = {"lanterns": ROOT / "examples" / "lanterns" / "card_specs",
            **{g: ROOT / "tests" / "declared" / "published" / g / "card_specs" for g in ("coloretto", "lost-cities", "hanabi")}}


def declared_copy(root: Path, game: str, part: dict) -> Path:
    """A copy of a declared game (spec, tables, layout) with the keys of `part` in its spec."""
    import shutil

    home = DECLARED[game].parent
    for sub in ("card_specs", "layouts"):
        shutil.copytree(home / sub, root / sub)
    path = root / "card_specs" / f"{game}.yaml"
    spec = yaml.safe_load(path.read_text("utf-8"))
    assert set(part) <= set(KEYS) and set(part) <= set(spec), sorted(part)  # the guide shows the game's own key
    assert all(spec[k] == v for k, v in part.items()), f"the guide's {sorted(part)} is not {game}'s own"
    spec.update(part)
    path.write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return root / "card_specs"


def test_the_small_harbor_itself_is_valid(cli, tmp_path):
    specs = write_harbor(tmp_path, HARBOR, LAYOUT)
    r = cli("validate", "harbor", "--specs", specs)
    assert r.code == 0, r.out + r.err


def test_the_guide_has_its_examples():
    assert len(YAML_BLOCKS) >= 10  # the spec's keys, each section's, GEM's setup and the layout


@pytest.mark.parametrize("line,body", YAML_BLOCKS, ids=[f"line-{line}" for line, _ in YAML_BLOCKS])
def test_each_yaml_example_of_the_guide_loads(cli, tmp_path, line, body):
    part = yaml.safe_load(body)
    if "…" in body:  # an outline: its keys are a declared spec's
        assert isinstance(part, dict) and set(part) <= set(SPEC_KEYS), sorted(set(part) - set(SPEC_KEYS))
        return
    other = re.match(r"# in ([a-z-]+) \(", body.lstrip())
    if other:
        specs = declared_copy(tmp_path, other[1], part)
        r = cli("validate", other[1], "--specs", specs)
        assert r.code == 0, f"docs/own-game.md line {line}:\n{r.out}{r.err}"
        return
    finished = re.match(r"# a finished game: (\S+)", body.lstrip())
    if finished:
        assert yaml.safe_load((ROOT / finished[1]).read_text("utf-8")) == part  # the file, as the guide shows it
        r = cli("score", part["game"], ROOT / finished[1], "--specs", DECLARED[part["game"]])
        assert r.code == 0, f"docs/own-game.md line {line}:\n{r.out}{r.err}"
        return
    if body.lstrip().startswith("# in GEM"):
        specs = gem_declared(tmp_path, part)
        r = cli("validate", "gem-guide", "--specs", specs)
        assert r.code in (0, 1), f"docs/own-game.md line {line}:\n{r.out}{r.err}"
        return
    spec_part = part if isinstance(part, list) else {k: v for k, v in part.items() if k not in LAYOUT_KEYS}
    layout_part = {} if isinstance(part, list) else {k: v for k, v in part.items() if k in LAYOUT_KEYS}
    specs = write_harbor(tmp_path, merged(HARBOR, spec_part) if spec_part else HARBOR, merged(LAYOUT, layout_part))
    r = cli("validate", "harbor", "--specs", specs)
    assert r.code in (0, 1), f"docs/own-game.md line {line}:\n{r.out}{r.err}"
