"""A layout's own fonts and icons: the top-level `fonts:` and `icons:` of layouts/<game>.yaml.

    fonts:
      Garamond: { regular: fonts/EBGaramond-Regular.ttf, bold: fonts/EBGaramond-Bold.ttf,
                  italic: fonts/EBGaramond-Italic.ttf, bold_italic: fonts/EBGaramond-BoldItalic.ttf }
    icons:
      coin: art/coin.svg
      wood: art/wood.png

Takes the layout's root node, the layout file's folder and the specs folder; returns the families
(`FontFamily`, name -> files and the PostScript name of each) and the icons (name -> file), every
problem a located diagnostic (LAYOUT-FONT, LAYOUT-ICON) at the key or value it is about, so `pnp
validate` finds it before a build.

- A file is named relative to the layout file's folder, or else to the specs folder (the layout's
  folder is tried first); it must stay inside the folder it is found in (pnp/load/paths.py
  `within`, the rule user art follows): an absolute path, a `..` or a symbolic link leading out is
  an error, as is a file in neither folder.
- A family's name is a simple name (letters, digits, dashes, spaces) and no name of a font pnp
  ships (DejaVuSans, ...). `regular` is required; `bold`, `italic` and `bold_italic` are optional,
  and a style the family lacks is set in its regular. Other keys are refused, naming the four.
- Each font file is checked as the layout is read: a regular file of at most MAX_FONT_BYTES, a
  TrueType-outline font (TTF, or OTF with TrueType outlines) that reportlab loads, with a Unicode
  character map, whose licence lets it be embedded. An OpenType font with CFF (PostScript)
  outlines, a TrueType collection (.ttc), a web font (WOFF) and a PostScript Type 1 font are
  refused, each saying so. The PDF names an embedded font after the file's own PostScript name
  (its `name` table, nameID 6): `FontFamily.ps_names`.
- An icon's name is written `:NAME:` in a text, so it is `[a-z0-9][a-z0-9_-]*` (at most 40
  characters, as the text setter reads them); its file an SVG, PNG, JPEG or WebP (by its name)
  that decodes as user art does (pnp/load/images.py `decoded`; within a build's `converting` an
  SVG is converted by svglib too), with at most MAX_PIXELS. A name that is also a built-in symbol
  (heart, coin, anchor, ...) is allowed: the layout's icon replaces the symbol in that game's texts.
"""
from __future__ import annotations

import io
import os
import re
from pathlib import Path

from ..records import field, record
from ..diagnostics import InputError, Loc, Report, one_of
from .paths import display, is_file, through_link, within
from .yamlload import Node, read_regular, type_name

__all__ = ["FontFamily", "MAX_FONT_BYTES", "STYLES", "read_fonts", "read_icons", "read_typefaces"]

STYLES = ("regular", "bold", "italic", "bold_italic")
MAX_FONT_BYTES = 30 * 1024 * 1024  # a full CJK font is 15-20 MB; more is no font a card needs
FAMILY_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 -]{0,62}[A-Za-z0-9])?")
ICON_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # as pnp/render/rich.py reads `:NAME:`
FONT_CODE, ICON_CODE = "LAYOUT-FONT", "LAYOUT-ICON"


@record(frozen=True)
class FontFamily:
    """One family of a layout's `fonts:`. Paths are resolved (absolute), inside the layout's folder
    or the specs folder; `ps_names` maps each style the family has ("regular", "bold", "italic",
    "bold_italic") to its file's PostScript name, which the PDF names the embedded font after."""

    name: str
    regular: Path
    bold: Path | None = None
    italic: Path | None = None
    bold_italic: Path | None = None
    loc: Loc | None = field(default=None, compare=False)  # the family's key in the layout
    ps_names: dict[str, str] = field(default_factory=dict, hash=False)

    @property
    def files(self) -> dict[str, Path]:
        """The styles the family has, each with its file (regular first)."""
        return {s: p for s in STYLES if (p := getattr(self, s)) is not None}

    def file_for(self, style: str) -> Path:
        """The file a style is set in: its own, else the regular (a family without an italic sets
        its italic runs upright)."""
        return getattr(self, style) or self.regular

    def ps_name_for(self, style: str) -> str:
        """The PostScript name of the file `file_for(style)` gives."""
        return self.ps_names.get(style) or self.ps_names["regular"]


def read_typefaces(root: Node, layout_dir: Path, specs_dir: Path | None, report: Report
                   ) -> tuple[dict[str, FontFamily], dict[str, Path]]:
    """The layout's `fonts:` and `icons:` (each optional: empty when absent)."""
    folders = _Folders.of(layout_dir, specs_dir)
    fonts = read_fonts(root.value["fonts"], folders, report) if "fonts" in root.value else {}
    icons = read_icons(root.value["icons"], folders, report) if "icons" in root.value else {}
    return fonts, icons


# -- where a file is ---------------------------------------------------------------------------------
@record(frozen=True)
class _Folders:
    """The folders a layout's font and icon files are looked for in, in order, and how a message
    names each."""

    roots: tuple[Path, ...]  # resolved: the layout's folder, then the specs folder
    words: tuple[str, ...]  # "the layout's folder (layouts/)", ...

    @classmethod
    def of(cls, layout_dir: Path, specs_dir: Path | None) -> "_Folders":
        roots: list[Path] = []
        words: list[str] = []
        for path, what in ((layout_dir, "the layout's folder"), (specs_dir, "the specs folder")):
            if path is None:
                continue
            try:
                full = Path(path).resolve()
            except (OSError, RuntimeError):
                continue
            if full not in roots:
                roots.append(full)
                words.append(f"{what} ({_shown_dir(full)})")
        return cls(tuple(roots), tuple(words))

    def described(self, joiner: str = "or") -> str:
        return f" {joiner} ".join(self.words)


def _shown_dir(path: Path) -> str:
    shown = display(path)
    return "./" if shown == "." else shown.rstrip("/") + "/"


def _locate(written: str, folders: _Folders, loc: Loc, report: Report, code: str, what: str) -> Path | None:
    """The file `written` names (see the module docstring), or None after reporting why not.
    `what` begins the message: "font file 'fonts/x.ttf'", "icon 'coin': file 'art/coin.svg'"."""
    example = f"such as fonts/{Path(written).name}" if code == FONT_CODE else f"such as art/{Path(written).name}"
    if Path(written).is_absolute() or written.startswith("~"):
        report.error(loc, code, f"{what} is an absolute path; expected a path relative to {folders.described()} "
                                f"that stays inside it, {example}")
        return None
    outside: list[tuple[Path, Path]] = []  # (folder, where the path leads) for each folder it leaves
    looked: list[Path] = []  # where it was looked for, inside a folder
    try:
        for root in folders.roots:
            full, why = within(written, root)
            if why == "":
                if not is_file(full):
                    report.error(loc, code, f"{what} is {_not_file(full)}, expected a file")
                    return None
                return full
            if why == "outside":
                outside.append((root, full))
            else:
                looked.append(full)
    except (OSError, RuntimeError, ValueError) as exc:  # a link loop, a name the system refuses
        report.error(loc, code, f"{what} cannot be opened ({type(exc).__name__}: {exc})")
        return None
    linked = [(root, full) for root, full in outside if through_link(root, written)]
    if looked and not linked:  # where it would be, inside a folder (`..` leaving another one is no matter)
        report.error(loc, code, f"{what} does not exist; looked for {' and '.join(display(p) for p in looked)}")
    else:  # it leads out of every folder, or is a link out of one: the file is there but out of bounds
        root, full = (linked or outside)[0]
        how = "is a symbolic link that points" if linked else "leads"
        report.error(loc, code, f"{what} {how} outside {folders.described('and')}, to {full}; keep it inside one of "
                                "them (copy it there)")
    return None


def _not_file(full: Path) -> str:
    return "a folder" if full.is_dir() else "not a regular file (a pipe or a device)"


def _written(node: Node, report: Report, code: str, what: str, expected: str) -> str | None:
    if node.kind != "scalar" or not isinstance(node.value, str) or not node.value.strip():
        report.error(node.loc, code, f"{what} is {type_name(node)}, expected {expected}")
        return None
    return node.value


# -- fonts -------------------------------------------------------------------------------------------
def read_fonts(node: Node, folders: _Folders, report: Report) -> dict[str, FontFamily]:
    if not node.is_map:
        report.error(node.loc, FONT_CODE, f"'fonts' is {type_name(node)}, expected a mapping of font family names to their files, "
                                    "such as Garamond: { regular: fonts/EBGaramond-Regular.ttf }")
        return {}
    families: dict[str, FontFamily] = {}
    shipped = _shipped_names() if node.value else ()
    taken = {_plain(s) for s in shipped}
    for name, fam in node.value.items():
        kloc = node.key_loc(name)
        ok = True
        if not FAMILY_NAME.fullmatch(name):
            report.error(kloc, FONT_CODE, f"font family name '{name}' is not a simple name; expected letters, digits, "
                                          "dashes and spaces, beginning and ending with a letter or digit, at most "
                                          "64 characters (an element names it: font: NAME)")
            ok = False
        elif _plain(name) in taken:
            report.error(kloc, FONT_CODE, f"font family name '{name}' is the name of a font pnp ships "
                                          f"({one_of(sorted(shipped))}); give the family a name of its own")
            ok = False
        got = _family(name, fam, kloc, folders, report)
        if ok and got is not None:
            families[name] = got
    return families


def _plain(name: str) -> str:
    return re.sub(r"[\s-]", "", name).casefold()


def _shipped_names() -> tuple[str, ...]:
    from ..geometry.fonts import SHIPPED  # reportlab: imported only for a layout that declares fonts

    return tuple(sorted(SHIPPED))


def _family(name: str, node: Node, kloc: Loc, folders: _Folders, report: Report) -> FontFamily | None:
    if not node.is_map:
        report.error(node.loc, FONT_CODE, f"font family '{name}' is {type_name(node)}, expected a mapping of styles to "
                                          "font files: { regular: FILE, bold: FILE, italic: FILE, bold_italic: FILE } "
                                          "(only regular is required)")
        return None
    files: dict[str, Path] = {}
    ps_names: dict[str, str] = {}
    ok = True
    for style, value in node.value.items():
        if style not in STYLES:
            from difflib import get_close_matches  # only for a style misspelt

            close = get_close_matches(style, STYLES, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            report.error(node.key_loc(style), FONT_CODE, f"unknown key '{style}' in font family '{name}'{hint}; "
                                                          f"accepted keys: {', '.join(STYLES)}")
            ok = False
            continue
        written = _written(value, report, FONT_CODE, f"'{style}' of font family '{name}'",
                           "the path of a font file (.ttf), relative to the layout's folder or the specs folder")
        if written is None:
            ok = False
            continue
        what = f"font file '{written}'"
        full = _locate(written, folders, value.loc, report, FONT_CODE, what)
        ps = _check_font(full, written, value.loc, report) if full is not None else None
        if ps is None:
            ok = False
            continue
        files[style], ps_names[style] = full, ps
    if "regular" not in node.value:
        report.error(kloc, FONT_CODE, f"font family '{name}' has no 'regular'; it needs the file of its regular style "
                                      "(bold, italic and bold_italic are optional: a style it lacks is set in its regular)")
        return None
    if not ok:
        return None
    return FontFamily(name, files["regular"], files.get("bold"), files.get("italic"), files.get("bold_italic"),
                      loc=kloc, ps_names=ps_names)


_font_cache: dict[tuple, tuple[str | None, str | None]] = {}


def _check_font(full: Path, written: str, loc: Loc, report: Report) -> str | None:
    """The font's PostScript name, or None after reporting why pnp cannot embed it."""
    what = f"font file '{written}'"
    try:
        st = os.stat(full)
        key = (str(full), written, st.st_size, st.st_mtime_ns)  # the message names the file as written
    except OSError:
        key = None
    if key is not None and key in _font_cache:
        ps, problem = _font_cache[key]
    else:
        ps, problem = _font_name(full, written)
        if key is not None:
            _font_cache[key] = (ps, problem)
    if problem is not None:
        report.error(loc, FONT_CODE, f"{what} {problem}")
        return None
    return ps


def _font_name(full: Path, written: str) -> tuple[str | None, str | None]:
    """(PostScript name, None), or (None, why the file cannot be used: the rest of a message that
    begins with the file's name)."""
    try:
        data = read_regular(full, written, MAX_FONT_BYTES, "font file", "a font file (.ttf)")
    except InputError as exc:
        d = exc.report.items[0]
        if d.code == "FILE-TOO-LARGE":
            try:
                size = f"is {os.stat(full).st_size / 2**20:.1f} MB"
            except OSError:
                size = "is too large"
            return None, (f"{size}; a font file may be at most {MAX_FONT_BYTES // 2**20} MB (a font that large holds "
                          "far more than cards print: use a subset of it)")
        return None, d.message if d.message.startswith("is ") else f"cannot be read: {d.message}"
    kind = _not_truetype(data, written)
    if kind is not None:
        return None, kind
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    buf = io.BytesIO(data)
    buf.name = written  # reportlab's messages name the file as the layout writes it
    try:
        font = TTFontFile(buf)
        name = bytes(font.name).decode("latin-1")
    except TTFError as exc:
        text = str(exc)
        if "does not allow subsetting/embedding" in text:
            return None, ("is a font whose licence does not allow embedding it in a PDF (its OS/2 fsType); "
                          "use a font that allows embedding")
        if "postscript outlines" in text:  # found by its header above; kept should reportlab find more
            return None, _CFF
        if "cmap" in text:
            return None, ("has no Unicode character map, so pnp cannot find its letters; expected a TrueType font "
                          "with a Unicode (Windows or platform 0) cmap")
        return None, f"cannot be read as a TrueType font ({text}); expected a TrueType font file (.ttf)"
    except Exception as exc:  # a damaged file: reportlab's parser raises struct and index errors
        return None, (f"cannot be read as a TrueType font ({type(exc).__name__}: {exc}); expected a TrueType "
                      "font file (.ttf)")
    return name, None


_CFF = ("is an OpenType font with CFF (PostScript) outlines, which pnp cannot embed; use the TrueType (.ttf) "
        "version of the font, or convert it")


def _not_truetype(data: bytes, written: str) -> str | None:
    """Why the bytes are not a TrueType-outline font, judged by their first bytes; None when they
    begin as one does (reportlab then reads the rest)."""
    head = data[:4]
    if not data:
        return "is empty; expected a TrueType font file (.ttf)"
    if head == b"OTTO":
        return _CFF
    if head == b"ttcf":
        return ("is a TrueType collection (several fonts in one file), which pnp cannot read; use the .ttf file of "
                "the one font (each style of a family is usually its own file)")
    if head in (b"wOFF", b"wOF2"):
        return ("is a web font (WOFF), compressed for browsers, which pnp cannot embed; use the font's TrueType "
                "(.ttf) file")
    if data[:2] == b"\x80\x01" or data.startswith((b"%!PS-AdobeFont", b"%!FontType1")):
        return "is a PostScript Type 1 font, which pnp cannot embed; use a TrueType (.ttf) version of the font"
    if head not in (b"\x00\x01\x00\x00", b"true"):
        return "is not a font (it does not begin as a TrueType or OpenType font does); expected a TrueType font file (.ttf)"
    return None


# -- icons -------------------------------------------------------------------------------------------
def read_icons(node: Node, folders: _Folders, report: Report) -> dict[str, Path]:
    from .images import EXTENSIONS

    if not node.is_map:
        report.error(node.loc, ICON_CODE, f"'icons' is {type_name(node)}, expected a mapping of icon names to picture files, "
                                    "such as coin: art/coin.svg")
        return {}
    icons: dict[str, Path] = {}
    for name, value in node.value.items():
        ok = True
        if not ICON_NAME.fullmatch(name):
            report.error(node.key_loc(name), ICON_CODE,
                         f"icon name '{name}' is not a valid icon name; expected lower-case letters, digits, '-' and "
                         "'_', beginning with a letter or digit, at most 40 characters (a text writes it :NAME:)")
            ok = False
        written = _written(value, report, ICON_CODE, f"icon '{name}'",
                           "the path of an SVG, PNG, JPEG or WebP file, relative to the layout's folder or the specs folder")
        if written is None:
            continue
        what = f"icon '{name}': file '{written}'"
        full = _locate(written, folders, value.loc, report, ICON_CODE, what)
        if full is None:
            continue
        if full.suffix.lower() not in EXTENSIONS:
            report.error(value.loc, ICON_CODE, f"{what} is not an SVG, PNG, JPEG or WebP file; expected a name ending "
                                               f"in {one_of(EXTENSIONS)}")
            continue
        if _decodes(full, written, what, value.loc, report) and ok:
            icons[name] = full
    return icons


def _decodes(full: Path, written: str, what: str, loc: Loc, report: Report) -> bool:
    """Whether the picture decodes as user art does (pnp/load/images.py), refused from its header
    first when it has more pixels than pnp decodes."""
    from .images import decoded
    from .pixels import ImageProblem, too_large

    scratch = Report()
    try:
        if too_large(full, written, loc, scratch):
            report.error(loc, ICON_CODE, f"{what}: {scratch.items[0].message}")
            return False
        decoded(full)
    except ImageProblem as exc:
        report.error(loc, ICON_CODE, f"{what} {exc}")
        return False
    except (OSError, RuntimeError, ValueError) as exc:
        report.error(loc, ICON_CODE, f"{what} cannot be opened ({type(exc).__name__}: {exc})")
        return False
    return True
