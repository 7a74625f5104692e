"""The one text setter (pnp.text) and what `pnp build` says about text: lines break where a reader
expects in English and in Chinese, type shrinks to the box's smallest size and then reports
what is left over (a warning, an error with --strict, and never ink outside the box), every game
builds in both languages with nothing overflowing, a missing glyph is named for every game, and
a zh-TW PDF carries its Chinese names as text."""
from __future__ import annotations

import pdfplumber
import pytest
from conftest import copy_spec
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.render import text
from pnp.load.boxes import Box
from pnp.geometry.drawing import Color, Drawing
from pnp.games import GAMES
from pnp.load.paths import SPECS_DIR

CLOSING = "，。、；：？！）」』"
OPENING = "（「『"
INK = Color(0, 0, 0)


# -- breaking lines -------------------------------------------------------------------------

def test_english_breaks_at_spaces_and_after_hyphens():
    lines = text.break_lines("Each card turns into a two-way card", 9, 22)
    assert all(" " not in (line[0], line[-1]) for line in lines)
    assert "".join(lines).replace(" ", "") == "Eachcardturnsintoatwo-waycard"
    narrow = text.break_lines("two-way", 9, 10)
    assert narrow == ["two-", "way"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list("梅子吃墩果醬甜心聖誕樹玻璃珠") + list(CLOSING) + list(OPENING)), min_size=1, max_size=60),
       st.floats(8, 40))
def test_chinese_never_opens_a_line_with_closing_punctuation_nor_ends_one_with_opening(chars, width):
    s = "".join(chars)
    lines = text.break_lines(s, 9, width)
    assert "".join(lines) == s  # nothing lost, nothing added
    for i, line in enumerate(lines):
        if i > 0 and len(lines[i - 1]) > 1:
            assert line[0] not in CLOSING, lines
        if i < len(lines) - 1 and len(line) > 1:
            assert line[-1] not in OPENING, lines


def test_a_latin_word_or_number_inside_chinese_stays_whole():
    s = "每張 Strawberry 卡片加 3.14 分，最多者再得 6 分。"
    widths = 0
    for width in (18, 22, 26, 30, 40):
        lines = text.break_lines(s, 9, width)
        assert any("Strawberry" in line for line in lines), (width, lines)
        assert any("3.14" in line for line in lines), (width, lines)
        assert all(not line.startswith(tuple(CLOSING)) for line in lines[1:])
        widths += 1
    assert widths == 5


# -- shrinking, then reporting --------------------------------------------------------------

BOX = Box(0, 0, 40, 12, 9.0, "rules", 6.0)
LONG = {"en": "Each gold bauble on your tree scores one point, and the most of them six more. ",
        "zh-TW": "你的聖誕樹上每個金色玻璃珠得 1 分，擁有最多者再得 6 分，第二名 3 分；平手時兩人各得 6 分。"}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_long_text_shrinks_then_reports_what_is_left_over(lang):
    fits = text.fit_lines(BOX, LONG[lang], 9.0)
    assert not fits.overflows and fits.size < 9.0  # shrunk, still fits
    assert len(fits.lines) * fits.lead <= BOX.h + 1e-6
    over = text.fit_lines(BOX, LONG[lang] * 4, 9.0)
    assert over.overflows and over.size == 6.0  # at the box's smallest size, and still too long
    assert over.left_mm > 0 and over.left_text and over.left_text in " ".join(over.lines)


def test_overflowing_text_is_cut_at_its_box_and_recorded():
    d = Drawing(60, 40)
    with text.collecting() as notes:
        text.wrap(d, BOX, LONG["en"] * 4, INK)
        text.text_in(d, Box(0, 20, 10, 6, 9.0, "name"), "Wonderfully long name", INK)
    assert [n.box.name for n in notes if n.overflows] == ["rules", "name"]
    # every text op of an overflowing box sits in a group clipped to that box
    groups = [op for op in d.ops if getattr(op, "clip", None) is not None]
    assert len(groups) == 2 and not any(type(op).__name__ == "Text" for op in d.ops)
    for g, box in zip(groups, (BOX, Box(0, 20, 10, 6))):
        xs = [c[1] for c in g.clip.cmds if len(c) >= 3]
        ys = [c[2] for c in g.clip.cmds if len(c) >= 3]
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((box.x, box.y, box.x + box.w, box.y + box.h))


def test_a_box_never_shrinks_text_past_what_was_asked():
    f = text.fit_line(Box(0, 0, 5, 3, None, "tiny"), "99", 4.0)
    assert f.size <= 4.0 and text.smallest(Box(0, 0, 5, 3), 4.0) == 4.0


# -- the build's report, for every game -----------------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_game_builds_in_both_languages_with_nothing_for_a_person_to_fix(cli, tmp_path, game, lang):
    """A shipped layout fits its own text at its own sizes: no overflow, no missing glyph, and no
    text shrunk where the layout did not plan it. The counts agree with the spec: every card of
    the print run, each different face drawn once, each back design at least once."""
    from pnp.load.spec import load_spec

    r = cli("build", game, "--lang", lang, "--out", tmp_path, "--format", "json")
    assert r.code == 0, r.err
    got = r.json()["games"][game]
    assert got["built"]
    assert got["text"]["shrunk"] == [] and got["text"]["overflow"] == [] and got["text"]["missing_glyphs"] == []
    assert not [d for d in got["diagnostics"] if d["code"] in ("TEXT-OVERFLOW", "FONT-GLYPH")]
    comps = load_spec(SPECS_DIR / f"{game}.yaml", GAMES[game])[0].components
    assert got["cards"] == sum(c.count for c in comps) and got["text"]["faces"] == len(comps)
    assert len({c.back for c in comps if c.back}) <= got["text"]["backs"] <= sum(1 for c in comps if c.back)
    text_mode = cli("build", game, "--lang", lang, "--out", tmp_path)
    assert "shrunk:" not in text_mode.out and "overflow: none" in text_mode.out


# The plum card's name, in its 44 mm title box set at 12 pt with no min_text: a long one shrinks
# (news for a person), a longer one does not fit even at 6 pt. The plum's back is its face.
PLUM = "{ id: plum, kind: plum, back: same-face, count: 18 }"
LONG_NAME = {1: "Greengage plum from Kent", 2: "Greengage plum from grandma's garden"}


def _long_plum(tmp_path, which: int):
    return copy_spec(tmp_path, "pi-mal-pflaumen", PLUM,
                     PLUM[:-2] + f", name: {{ en: \"{LONG_NAME[which]}\", zh-TW: 梅子 }} }}")


def test_text_shrunk_in_a_box_that_plans_no_shrinking_is_reported(cli, tmp_path):
    specs, _ = _long_plum(tmp_path, 1)
    r = cli("build", "pi-mal-pflaumen", "--specs", specs, "--out", tmp_path / "out", "--format", "json")
    got = r.json()["games"]["pi-mal-pflaumen"]["text"]
    assert [(s["card"], s["box"], s["wanted"]) for s in got["shrunk"]] == \
        [("card 'plum'", "title", 12), ("back 'same-face'", "title", 12)]
    assert all(6 <= s["size"] < 12 for s in got["shrunk"]) and got["overflow"] == []
    text_mode = cli("build", "pi-mal-pflaumen", "--specs", specs, "--out", tmp_path / "out")
    assert "shrunk below its box's size on 2 faces;" in text_mode.out
    assert "shrunk: card 'plum' title 12 → 7.65 pt" in text_mode.out


def test_text_that_cannot_fit_is_a_located_warning_and_strict_refuses_it(cli, tmp_path):
    specs, line = _long_plum(tmp_path, 2)
    out = tmp_path / "out"
    r = cli("build", "pi-mal-pflaumen", "--specs", specs, "--out", out)
    assert r.code == 0
    warning = next(w for w in r.err.splitlines() if "TEXT-OVERFLOW" in w and "card 'plum'" in w)
    assert warning.startswith(f"card_specs/pi-mal-pflaumen.yaml:{line}:5: warning[TEXT-OVERFLOW]: card 'plum': ")
    assert "box 'title'" in warning and "at 6 pt" in warning and "mm left over" in warning
    assert "overflow: 2" in r.out  # the card, and its back that shows the same face
    before = (out / "pi-mal-pflaumen.pdf").read_bytes()
    strict = cli("build", "pi-mal-pflaumen", "--specs", specs, "--out", out, "--strict")
    assert strict.code == 1 and "--strict" in strict.err and "TEXT-OVERFLOW" in strict.err
    assert (out / "pi-mal-pflaumen.pdf").read_bytes() == before  # nothing half-written, nothing lost


def _layouts(tmp_path, game: str, old: str, new: str):
    """A copy of the shipped layouts with one edit to `game`'s."""
    from pnp.load.paths import LAYOUTS_DIR

    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "sheets.yaml").write_text((LAYOUTS_DIR / "sheets.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    src = (LAYOUTS_DIR / f"{game}.yaml").read_text(encoding="utf-8")
    assert old in src
    (layouts / f"{game}.yaml").write_text(src.replace(old, new), encoding="utf-8")
    return layouts


def test_shrinking_a_box_plans_with_its_min_text_is_not_reported(cli, tmp_path):
    """The Jam's long recipe names (Strawberry jam) go down to 9.3 pt in a box that says
    `min_text: 9pt`: the layout working as designed, not news. Without that line the same
    shrinking is reported, card by card."""
    planned = cli("build", "the-jam", "--out", tmp_path / "a", "--format", "json").json()["games"]["the-jam"]["text"]
    assert planned["shrunk"] == [] and planned["overflow"] == []
    layouts = _layouts(tmp_path, "the-jam", "text: 11pt, min_text: 9pt", "text: 11pt")
    r = cli("build", "the-jam", "--layouts", layouts, "--out", tmp_path / "b", "--format", "json")
    unplanned = r.json()["games"]["the-jam"]["text"]["shrunk"]
    assert unplanned and {s["box"] for s in unplanned} == {"name"}
    assert {"card": "card 'strawberry-jam-walnut'", "box": "name", "text": "Strawberry jam",
            "size": pytest.approx(9.92, abs=0.01), "wanted": 11.0} in unplanned
    assert min(s["size"] for s in unplanned) >= 9


# A printed text per game that can carry a character no vendored font has (Thai ก).
GLYPH_EDITS = {
    "the-jam": ("  en: The Jam\n", "  en: The Jam ก\n", "back 'game-back'"),
    "gem": ("    kind: emblem\n", "    kind: emblem\n    title: GEM ก\n", "back 'gem-back'"),
    "pi-mal-pflaumen": ("{ id: plum, kind: plum, back: same-face, count: 18 }",
                        "{ id: plum, kind: plum, back: same-face, count: 18, name: { en: Plum ก, zh-TW: 梅子 } }",
                        "card 'plum'"),
    "christmas-tree": ("  en: Christmas Tree\n", "  en: Christmas Tree ก\n", "card 'board'"),
}


@pytest.mark.parametrize("game", list(GLYPH_EDITS))
def test_a_character_no_font_has_is_named_with_its_card_in_every_game(cli, tmp_path, game):
    old, new, what = GLYPH_EDITS[game]
    specs, _ = copy_spec(tmp_path, game, old, new)
    r = cli("build", game, "--specs", specs, "--out", tmp_path / "out", "--format", "json")
    assert r.code == 0
    got = r.json()["games"][game]
    assert {"card": what, "chars": ["ก"]} in got["text"]["missing_glyphs"]
    glyph = [d for d in got["diagnostics"] if d["code"] == "FONT-GLYPH"]
    assert glyph and all("'ก' (U+0E01)" in d["message"] for d in glyph)
    assert any(d["message"].startswith(what) for d in glyph)


# Chinese names each zh-TW build must carry as extractable text.
ZH_NAMES = {"the-jam": ["草莓醬", "製作", "為了冬天準備的果醬"], "gem": ["投資", "貸款"], "pi-mal-pflaumen": ["蘋果", "梅子"],
            "christmas-tree": ["金色玻璃珠", "林茲餅乾"]}


@pytest.mark.slow
@pytest.mark.parametrize("game", list(ZH_NAMES))
def test_a_zh_tw_pdf_carries_the_chinese_names_as_text(shipped_build, game):
    built = shipped_build(game, "--lang", "zh-TW")
    first_of_kind: dict[str, int] = {}  # a front page for every kind of piece
    for i, p in enumerate(built.map["pages"]):
        for piece in p["pieces"] if p["side"] != "back" else []:
            first_of_kind.setdefault(piece["kind"], i)
    with pdfplumber.open(built.pdf) as pdf:
        found = "".join(pdf.pages[i].extract_text() or "" for i in sorted(set(first_of_kind.values())))
    found = found.replace(" ", "").replace("\n", "")
    names = 0
    for name in ZH_NAMES[game]:  # (a card set sideways extracts right to left)
        assert name in found or name[::-1] in found, name
        names += 1
    assert names == len(ZH_NAMES[game]) > 0


def test_the_text_report_is_json_for_tools(cli, tmp_path):
    r = cli("build", "gem", "the-jam", "--out", tmp_path, "--format", "json")
    data = r.json()["games"]
    assert set(data) == {"gem", "the-jam"}
    jam = data["the-jam"]["text"]
    from pnp.load.spec import load_spec
    spec = load_spec(SPECS_DIR / "the-jam.yaml", GAMES["the-jam"])[0]
    assert jam["faces"] == len(spec.components) and jam["backs"] == len({c.back for c in spec.components if c.back})
    assert data["the-jam"]["cards"] == sum(c.count for c in spec.components) > jam["faces"]  # some cards have copies
    assert all({"card", "box", "text", "size", "wanted"} <= set(s) for s in jam["shrunk"])
    text_mode = cli("build", "the-jam", "--out", tmp_path)
    assert f"the-jam: {data['the-jam']['cards']} cards on " in text_mode.out
    assert f"text: {jam['faces']} different faces and {jam['backs']} backs drawn; shrunk below its box's size on " \
        in text_mode.out
    assert all(s["size"] < s["wanted"] for s in jam["shrunk"])


def test_a_box_whose_smallest_size_is_above_its_size_is_a_located_layout_error(cli, tmp_path):
    from pnp.load.paths import LAYOUTS_DIR

    layouts = tmp_path / "layouts"
    layouts.mkdir()
    (layouts / "sheets.yaml").write_text((LAYOUTS_DIR / "sheets.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    src = (LAYOUTS_DIR / "christmas-tree.yaml").read_text(encoding="utf-8")
    old = "text: 9.5pt, min_text: 7pt"
    line = src[: src.index(old)].count("\n") + 1
    (layouts / "christmas-tree.yaml").write_text(src.replace(old, "text: 9.5pt, min_text: 12pt"), encoding="utf-8")
    r = cli("build", "christmas-tree", "--layouts", layouts, "--out", tmp_path / "out")
    assert r.code == 2
    assert f"layouts/christmas-tree.yaml:{line}:" in r.err and "min_text is at most text" in r.err
