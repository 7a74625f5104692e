"""A layout's own fonts and icons (`fonts:` and `icons:` at the top of layouts/<game>.yaml, read by
pnp/load/typefaces.py): the model the text renderer gets (`Layout.fonts`, `Layout.icons`), where
the files are looked for (the layout's folder, then the specs folder, never outside them), and
`pnp validate` locating every problem: a font that is not a TrueType-outline font (a CFF OpenType
font, a collection, a web font, no font at all), a file too large, missing or outside, a family
named as a shipped font, an unknown style, an icon name that `:NAME:` cannot write, a picture
that is not one. Run on a copy of the Lantern Walk example."""
from __future__ import annotations

import os
import shutil
import struct
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "declared"))
from declared_kit import LAYOUT, no_traceback  # noqa: E402
from declared_fixtures import game  # noqa: E402,F401  (fixture)

from pnp.load.layout import FontFamily  # noqa: E402
from pnp.folders import FONTS_DIR  # noqa: E402
from pnp.games.project import game_layout, load_for_build  # noqa: E402

AFTER = "default: standard\n"  # the layout's first key: the new keys go after it
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c8901a"/></svg>'


def add(game, text: str) -> int:
    """`text` (top-level YAML) put into the layout after its `default:`; the line it begins on."""
    return game.edit(LAYOUT, AFTER, AFTER + text) + 1


def errors(r) -> list[str]:
    """The error lines about the layout, in the order printed."""
    return [x for x in (r.out + r.err).splitlines() if x.startswith(f"{LAYOUT}:")]


def own_fonts(game) -> tuple[Path, Path]:
    """The shipped DejaVu Sans obliques as a family of one's own: its regular in the layout's
    folder, its bold in the specs folder."""
    regular, bold = game.path("layouts/fonts/Slant-Regular.ttf"), game.path("card_specs/fonts/Slant-Bold.ttf")
    for src, dst in ((FONTS_DIR / "DejaVuSans-Oblique.ttf", regular), (FONTS_DIR / "DejaVuSans-BoldOblique.ttf", bold)):
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    return regular, bold


def art(game) -> dict[str, Path]:
    """Pictures for icons: an SVG in both folders (the layout's wins), a PNG and a WebP."""
    paths = {"svg": game.path("layouts/art/coin.svg"), "specs-svg": game.path("card_specs/art/coin.svg"),
             "png": game.path("card_specs/art/wood.png"), "webp": game.path("layouts/art/ore.webp")}
    for p in paths.values():
        p.parent.mkdir(parents=True, exist_ok=True)
    paths["svg"].write_text(SVG, encoding="utf-8")
    paths["specs-svg"].write_text(SVG.replace("#c8901a", "#000000"), encoding="utf-8")
    Image.new("RGBA", (32, 32), (120, 80, 30, 255)).save(paths["png"])
    Image.new("RGB", (32, 32), (90, 90, 90)).save(paths["webp"], "WEBP")
    return paths


def sfnt(tag: bytes, tables: dict[bytes, bytes]) -> bytes:
    """An OpenType file: the sfnt header `tag` and its table directory, then the tables."""
    n = len(tables)
    head = struct.pack(">4sHHHH", tag, n, 16, 0, n * 16 - 16)
    offset, directory, body = 12 + 16 * n, b"", b""
    for name, data in sorted(tables.items()):
        data += b"\0" * (-len(data) % 4)
        directory += struct.pack(">4sIII", name, 0, offset + len(body), len(data))
        body += data
    return head + directory + body


def name_table(ps_name: str) -> bytes:
    """A `name` table holding nameID 6, the PostScript name, for Windows (UTF-16BE)."""
    s = ps_name.encode("utf-16-be")
    return struct.pack(">HHH", 0, 1, 18) + struct.pack(">HHHHHH", 3, 1, 0x409, 6, len(s), 0) + s


def hand_built_cff(ps_name: str = "Handmade-Regular") -> bytes:
    """A minimal OpenType font with CFF outlines, built without fontTools: the 'OTTO' signature,
    a CFF table (header, Name INDEX, empty Top DICT, String and Global Subr INDEXes), a head and
    a name table."""
    name = ps_name.encode("ascii")
    cff = bytes([1, 0, 4, 1]) + struct.pack(">HB", 1, 1) + bytes([1, 1 + len(name)]) + name
    cff += struct.pack(">HBBB", 1, 1, 1, 1) + struct.pack(">H", 0) + struct.pack(">H", 0)
    head = struct.pack(">HHIIIHH", 1, 0, 0x10000, 0, 0x5F0F3CF5, 0, 1000) + b"\0" * 38
    return sfnt(b"OTTO", {b"CFF ": cff, b"head": head, b"name": name_table(ps_name)})


def real_cff_font(folder: Path) -> tuple[Path | None, str]:
    """A CFF-outline OpenType font made by others: one Debian installed, else one fontTools
    builds; (None, why) when neither can be had."""
    for p in sorted(Path("/usr/share/fonts").rglob("*.otf")) if Path("/usr/share/fonts").is_dir() else []:
        with open(p, "rb") as f:
            if f.read(4) == b"OTTO":
                return p, ""
    try:
        from fontTools.fontBuilder import FontBuilder
        from fontTools.pens.t2CharStringPen import T2CharStringPen
    except ImportError:
        return None, ("no CFF OpenType font under /usr/share/fonts (no .otf installed) and fontTools is not "
                      "installed to build one; test_a_cff_font_is_refused_naming_the_file covers a hand-built one")
    pen = T2CharStringPen(500, None)
    pen.moveTo((50, 0)), pen.lineTo((450, 0)), pen.lineTo((450, 700)), pen.closePath()
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({0x41: "A"})
    fb.setupCFF("ToolsBuilt-Regular", {"FullName": "ToolsBuilt Regular"},
                {".notdef": pen.getCharString(), "A": pen.getCharString()}, {})
    fb.setupHorizontalMetrics({".notdef": (500, 50), "A": (500, 50)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "ToolsBuilt", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    out = folder / "ToolsBuilt-Regular.otf"
    fb.save(str(out))
    return out, ""


# -- the model --------------------------------------------------------------------------------------
def test_a_family_and_icons_become_the_layouts_fonts_and_icons(game, cli):
    regular, bold = own_fonts(game)
    pics = art(game)
    line = add(game, "fonts:\n"
              "  Slant: { regular: fonts/Slant-Regular.ttf, bold: fonts/Slant-Bold.ttf }\n"
              "  Plain Two: { regular: fonts/Slant-Regular.ttf }\n"
              "icons:\n"
              "  coin: art/coin.svg\n"  # a built-in symbol's name: the layout's icon replaces it
              "  wood: art/wood.png\n"
              "  ore_2: art/ore.webp\n")
    r = cli("validate", "lanterns")
    assert (r.code, r.out, r.err) == (0, "lanterns: ok\n", "")
    loaded = load_for_build("lanterns", game.path("card_specs"))
    layout = loaded.layout
    assert loaded.report.errors == [] and layout is not None
    slant = layout.fonts["Slant"]
    assert slant == FontFamily("Slant", regular.resolve(), bold.resolve(), None, None,
                               ps_names={"regular": "DejaVuSans-Oblique", "bold": "DejaVuSans-BoldOblique"})
    assert slant.loc is not None and (slant.loc.file, slant.loc.line, slant.loc.col) == (LAYOUT, line + 1, 3)
    assert slant.files == {"regular": regular.resolve(), "bold": bold.resolve()}
    assert slant.file_for("italic") == slant.file_for("bold_italic") == regular.resolve()  # a lacking style: regular
    assert slant.ps_name_for("italic") == "DejaVuSans-Oblique"
    assert list(layout.fonts) == ["Slant", "Plain Two"]
    assert layout.icons == {"coin": pics["svg"].resolve(), "wood": pics["png"].resolve(), "ore_2": pics["webp"].resolve()}


def test_a_layout_without_them_has_none(game):
    layout, report = game_layout("lanterns", game.path("card_specs"))
    assert report.errors == [] and (layout.fonts, layout.icons) == ({}, {})


def test_the_top_level_keys_accepted_name_them(game, cli):
    line = add(game, "zoom: 2\n")
    r = cli("validate", "lanterns")
    assert r.code == 2
    assert errors(r) == [f"{LAYOUT}:{line}:1: error[SPEC-UNKNOWN-KEY]: unknown key 'zoom' in the lanterns layout; "
                         "accepted keys: default, editions, fonts, icons, faces, backs"]


# -- fonts: located errors ------------------------------------------------------------------------
def test_every_font_problem_is_located_at_its_key_or_value(game, cli):
    own_fonts(game)
    fonts = game.path("layouts/fonts")
    (fonts / "Coll.ttc").write_bytes(b"ttcf" + struct.pack(">III", 0x10000, 1, 16) + (FONTS_DIR / "DejaVuSans.ttf").read_bytes())
    (fonts / "Web.woff2").write_bytes(b"wOF2" + b"\0" * 60)
    (fonts / "Notes.ttf").write_text("not a font at all\n", encoding="utf-8")
    (fonts / "Empty.ttf").write_bytes(b"")
    (fonts / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00\x00\x03")
    (fonts / "Big.ttf").write_bytes(b"")
    os.truncate(fonts / "Big.ttf", 31 * 2**20)  # sparse: no disk used
    outside = game.path("Loose.ttf")
    shutil.copyfile(FONTS_DIR / "DejaVuSans-Oblique.ttf", outside)
    line = add(game, "fonts:\n"
                     "  Slant: { reguler: fonts/Slant-Regular.ttf, italic: fonts/Slant-Regular.ttf }\n"
                     "  dejavu sans: { regular: fonts/Slant-Regular.ttf }\n"
                     "  Bad/Name: { regular: fonts/Slant-Regular.ttf }\n"
                     "  Abs: { regular: /usr/share/fonts/truetype/x.ttf }\n"
                     "  Out: { regular: ../Loose.ttf }\n"
                     "  Gone: { regular: fonts/Gone.ttf, bold: 12 }\n"
                     "  Coll: { regular: fonts/Coll.ttc }\n"
                     "  Web: { regular: fonts/Web.woff2 }\n"
                     "  Notes: { regular: fonts/Notes.ttf }\n"
                     "  Empty: { regular: fonts/Empty.ttf }\n"
                     "  Broken: { regular: fonts/Broken.ttf }\n"
                     "  Big: { regular: fonts/Big.ttf }\n"
                     "  Flat: fonts/Slant-Regular.ttf\n"
                     "  Folder: { regular: fonts }\n")
    r = cli("validate", "lanterns")
    no_traceback(r)
    assert r.code == 2
    L, E = LAYOUT, "error[LAYOUT-FONT]"
    folders = "the layout's folder (layouts/) or the specs folder (card_specs/)"
    got = errors(r)
    broken = [x for x in got if x.startswith(f"{L}:{line + 11}:")]
    assert len(broken) == 1 and broken[0].startswith(
        f"{L}:{line + 11}:22: {E}: font file 'fonts/Broken.ttf' cannot be read as a TrueType font (")
    assert got == [
        f"{L}:{line + 1}:3: {E}: font family 'Slant' has no 'regular'; it needs the file of its regular style (bold, "
        "italic and bold_italic are optional: a style it lacks is set in its regular)",
        f"{L}:{line + 1}:12: {E}: unknown key 'reguler' in font family 'Slant' (did you mean 'regular'?); "
        "accepted keys: regular, bold, italic, bold_italic",
        f"{L}:{line + 2}:3: {E}: font family name 'dejavu sans' is the name of a font pnp ships (DejaVuSans, "
        "DejaVuSans-Bold, DejaVuSans-BoldOblique, DejaVuSans-Oblique, DroidSansFallback or NotoSansTC-Bold); "
        "give the family a name of its own",
        f"{L}:{line + 3}:3: {E}: font family name 'Bad/Name' is not a simple name; expected letters, digits, dashes "
        "and spaces, beginning and ending with a letter or digit, at most 64 characters (an element names it: font: NAME)",
        f"{L}:{line + 4}:19: {E}: font file '/usr/share/fonts/truetype/x.ttf' is an absolute path; expected a path "
        f"relative to {folders} that stays inside it, such as fonts/x.ttf",
        f"{L}:{line + 5}:19: {E}: font file '../Loose.ttf' leads outside the layout's folder (layouts/) and the specs "
        f"folder (card_specs/), to {outside.resolve()}; keep it inside one of them (copy it there)",
        f"{L}:{line + 6}:20: {E}: font file 'fonts/Gone.ttf' does not exist; looked for layouts/fonts/Gone.ttf and "
        "card_specs/fonts/Gone.ttf",
        f"{L}:{line + 6}:42: {E}: 'bold' of font family 'Gone' is the number 12, expected the path of a font file "
        "(.ttf), relative to the layout's folder or the specs folder",
        f"{L}:{line + 7}:20: {E}: font file 'fonts/Coll.ttc' is a TrueType collection (several fonts in one file), "
        "which pnp cannot read; use the .ttf file of the one font (each style of a family is usually its own file)",
        f"{L}:{line + 8}:19: {E}: font file 'fonts/Web.woff2' is a web font (WOFF), compressed for browsers, which "
        "pnp cannot embed; use the font's TrueType (.ttf) file",
        f"{L}:{line + 9}:21: {E}: font file 'fonts/Notes.ttf' is not a font (it does not begin as a TrueType or "
        "OpenType font does); expected a TrueType font file (.ttf)",
        f"{L}:{line + 10}:21: {E}: font file 'fonts/Empty.ttf' is empty; expected a TrueType font file (.ttf)",
        *broken,
        f"{L}:{line + 12}:19: {E}: font file 'fonts/Big.ttf' is 31.0 MB; a font file may be at most 30 MB (a font "
        "that large holds far more than cards print: use a subset of it)",
        f"{L}:{line + 13}:9: {E}: font family 'Flat' is the text 'fonts/Slant-Regular.ttf', expected a mapping of "
        "styles to font files: { regular: FILE, bold: FILE, italic: FILE, bold_italic: FILE } (only regular is required)",
        f"{L}:{line + 14}:22: {E}: font file 'fonts' is a folder, expected a file",
    ]


def test_a_cff_font_is_refused_naming_the_file(game, cli):
    """A hand-built CFF OpenType font (fontTools is no dependency of pnp): refused by its 'OTTO'
    signature, as reportlab would (it cannot embed PostScript outlines)."""
    otf = game.path("card_specs/fonts/Handmade-Regular.otf")
    otf.parent.mkdir(parents=True)
    otf.write_bytes(hand_built_cff())
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    with pytest.raises(TTFError, match="postscript outlines are not supported"):
        TTFontFile(str(otf))
    line = add(game, "fonts:\n  Handmade: { regular: fonts/Handmade-Regular.otf }\n")
    r = cli("validate", "lanterns")
    assert r.code == 2
    assert errors(r) == [f"{LAYOUT}:{line + 1}:24: error[LAYOUT-FONT]: font file 'fonts/Handmade-Regular.otf' is an "
                         "OpenType font with CFF (PostScript) outlines, which pnp cannot embed; use the TrueType "
                         "(.ttf) version of the font, or convert it"]


def test_a_real_cff_font_is_refused_naming_the_file(game, cli, tmp_path_factory):
    found, why = real_cff_font(tmp_path_factory.mktemp("otf"))
    if found is None:
        pytest.skip(why)
    dst = game.path(f"layouts/fonts/{found.name}")
    dst.parent.mkdir(parents=True)
    shutil.copyfile(found, dst)
    line = add(game, f"fonts:\n  Theirs: {{ regular: 'fonts/{found.name}' }}\n")
    r = cli("validate", "lanterns")
    assert r.code == 2
    assert errors(r) == [f"{LAYOUT}:{line + 1}:22: error[LAYOUT-FONT]: font file 'fonts/{found.name}' is an OpenType "
                         "font with CFF (PostScript) outlines, which pnp cannot embed; use the TrueType (.ttf) version "
                         "of the font, or convert it"]


def test_a_symbolic_link_out_of_the_folders_is_refused(game, cli):
    own_fonts(game)
    elsewhere = game.path("elsewhere")
    elsewhere.mkdir()
    shutil.copyfile(FONTS_DIR / "DejaVuSans-Oblique.ttf", elsewhere / "Linked.ttf")
    (game.path("layouts/fonts") / "Linked.ttf").symlink_to(elsewhere / "Linked.ttf")
    line = add(game, "fonts:\n  Linked: { regular: fonts/Linked.ttf }\n")
    r = cli("validate", "lanterns")
    assert r.code == 2
    assert errors(r) == [f"{LAYOUT}:{line + 1}:22: error[LAYOUT-FONT]: font file 'fonts/Linked.ttf' is a symbolic "
                         "link that points outside the layout's folder (layouts/) and the specs folder (card_specs/), "
                         f"to {(elsewhere / 'Linked.ttf').resolve()}; keep it inside one of them (copy it there)"]


def test_a_font_file_changed_since_it_was_checked_is_checked_again(game, cli):
    regular, _ = own_fonts(game)
    line = add(game, "fonts:\n  Slant: { regular: fonts/Slant-Regular.ttf }\n")
    assert cli("validate", "lanterns").code == 0
    regular.write_bytes(b"OTTO" + b"\0" * 100)
    r = cli("validate", "lanterns")
    assert r.code == 2
    assert errors(r) == [f"{LAYOUT}:{line + 1}:21: error[LAYOUT-FONT]: font file 'fonts/Slant-Regular.ttf' is an "
                         "OpenType font with CFF (PostScript) outlines, which pnp cannot embed; use the TrueType "
                         "(.ttf) version of the font, or convert it"]


def test_fonts_must_be_a_mapping(game, cli):
    line = add(game, "fonts: [fonts/Slant-Regular.ttf]\nicons: art/coin.svg\n")
    r = cli("validate", "lanterns")
    assert r.code == 2
    assert errors(r) == [
        f"{LAYOUT}:{line}:8: error[LAYOUT-FONT]: 'fonts' is a list, expected a mapping of font family names to their "
        "files, such as Garamond: { regular: fonts/EBGaramond-Regular.ttf }",
        f"{LAYOUT}:{line + 1}:8: error[LAYOUT-ICON]: 'icons' is the text 'art/coin.svg', expected a mapping of icon "
        "names to picture files, such as coin: art/coin.svg"]


# -- icons: located errors ------------------------------------------------------------------------
def test_every_icon_problem_is_located_at_its_key_or_value(game, cli):
    art(game)
    folder = game.path("layouts/art")
    (folder / "fake.png").write_text("not a picture\n", encoding="utf-8")
    (folder / "coin.gif").write_bytes(b"GIF89a")
    (folder / "gif.png").write_bytes(_gif())
    (folder / "broken.svg").write_text("<svg", encoding="utf-8")
    (folder / "huge.png").write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I4sII", 13, b"IHDR", 10000, 10000) + b"\0" * 9)
    line = add(game, "icons:\n"
                     "  Coin: art/coin.svg\n"
                     "  ':wood:': art/wood.png\n"
                     "  gone: art/gone.svg\n"
                     "  gif: art/coin.gif\n"
                     "  fake: art/fake.png\n"
                     "  gif2: art/gif.png\n"
                     "  broken: art/broken.svg\n"
                     "  huge: art/huge.png\n"
                     "  far: /tmp/coin.svg\n"
                     "  up: ../../coin.svg\n"
                     "  none: ~\n"
                     "  a-very-long-icon-name-of-more-than-forty-chars: art/coin.svg\n")
    r = cli("validate", "lanterns")
    no_traceback(r)
    assert r.code == 2
    L, E = LAYOUT, "error[LAYOUT-ICON]"
    name_rule = ("is not a valid icon name; expected lower-case letters, digits, '-' and '_', beginning with a letter "
                 "or digit, at most 40 characters (a text writes it :NAME:)")
    got = errors(r)
    svg = [x for x in got if x.startswith(f"{L}:{line + 7}:")]
    assert len(svg) == 1 and svg[0].startswith(f"{L}:{line + 7}:11: {E}: icon 'broken': file 'art/broken.svg' ")
    assert got == [
        f"{L}:{line + 1}:3: {E}: icon name 'Coin' {name_rule}",
        f"{L}:{line + 2}:3: {E}: icon name ':wood:' {name_rule}",
        f"{L}:{line + 3}:9: {E}: icon 'gone': file 'art/gone.svg' does not exist; looked for layouts/art/gone.svg and "
        "card_specs/art/gone.svg",
        f"{L}:{line + 4}:8: {E}: icon 'gif': file 'art/coin.gif' is not an SVG, PNG, JPEG or WebP file; expected a "
        "name ending in .png, .jpg, .jpeg, .webp or .svg",
        f"{L}:{line + 5}:9: {E}: icon 'fake': file 'art/fake.png' cannot be read as an image (UnidentifiedImageError: "
        f"cannot identify image file '{(folder / 'fake.png').resolve()}'); expected a PNG or JPEG file (or WebP), "
        "or an SVG",
        f"{L}:{line + 6}:9: {E}: icon 'gif2': file 'art/gif.png' is a GIF image; expected a PNG or JPEG file (or WebP), "
        "or an SVG",
        *svg,
        f"{L}:{line + 8}:9: {E}: icon 'huge': file 'art/huge.png': image 'art/huge.png' is 10000 x 10000 px, 100 "
        "megapixels; pnp decodes at most 40 megapixels: scale it to the size it prints at (1200 dpi is the most any "
        "print shows)",
        f"{L}:{line + 9}:8: {E}: icon 'far': file '/tmp/coin.svg' is an absolute path; expected a path relative to "
        "the layout's folder (layouts/) or the specs folder (card_specs/) that stays inside it, such as art/coin.svg",
        f"{L}:{line + 10}:7: {E}: icon 'up': file '../../coin.svg' leads outside the layout's folder (layouts/) and "
        f"the specs folder (card_specs/), to {(game.root / '../coin.svg').resolve()}; keep it inside one of them "
        "(copy it there)",
        f"{L}:{line + 11}:9: {E}: icon 'none' is nothing (null), expected the path of an SVG, PNG, JPEG or WebP file, "
        "relative to the layout's folder or the specs folder",
        f"{L}:{line + 12}:3: {E}: icon name 'a-very-long-icon-name-of-more-than-forty-chars' {name_rule}",
    ]


def _gif() -> bytes:
    import io

    out = io.BytesIO()
    Image.new("RGB", (4, 4), (0, 0, 0)).save(out, "GIF")
    return out.getvalue()


def test_the_layouts_folder_is_looked_in_before_the_specs_folder(game):
    pics = art(game)
    add(game, "icons:\n  coin: art/coin.svg\n  wood: art/wood.png\n")
    loaded = load_for_build("lanterns", game.path("card_specs"))
    layout = loaded.layout
    assert loaded.report.errors == []
    assert layout.icons["coin"] == pics["svg"].resolve() != pics["specs-svg"].resolve()
    assert layout.icons["wood"] == pics["png"].resolve()  # only in the specs folder
