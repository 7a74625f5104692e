"""SVG user art: read and checked without drawing it (lxml), drawn as vectors (svglib) only by a build.

`read(path)` returns an `SvgArt`, or raises ImageProblem saying why the file cannot be used
(pnp/load/images.py reports it at the `image:` value or the table cell that names the file):

- at most MAX_BYTES (20 MB), refused before it is read (IMAGE-TOO-LARGE); a regular file only;
- well-formed XML whose root is <svg>, with a size: a viewBox or a width and height (IMAGE-SVG);
- parsed with no network, no DTD loaded and no external entity: an entity the DOCTYPE declares `SYSTEM` or
  `PUBLIC`, or a parameter entity, is refused; plain-text entities (Illustrator writes a few) are
  expanded only when all their uses add at most MAX_EXPANDED bytes — the "billion laughs" file
  is refused before it is expanded, as defusedxml would. Only the DOCTYPE declares: `<!ENTITY`
  in a comment or a CDATA section is text;
- self-contained: every `href` names a part of the same file (`#id`) or embeds a PNG or JPEG
  (`data:image/png;base64,…`, at most MAX_PIXELS); a file, `file://` or `http://` is refused. So
  pnp reads no other file for an SVG and the SVG's own bytes are all its drawing depends on
  (what `pnp build --changed` fingerprints);
- bounded: at most MAX_SHAPES elements once every `<use>` and `url(#…)` reference is counted as
  the copy it draws (a long path or text counting as several), nested at most MAX_DEPTH deep, so
  a build converts and writes any SVG in a few seconds; a `<use>` that contains itself is refused;
- printable: no length, coordinate or scale past MAX_NUMBER, nor transforms that together enlarge
  an element past it (reportlab cannot write a number past 1e21); what svglib draws is looked at
  again before a build writes it.

Nothing here imports reportlab: `pnp validate` checks SVG art this far. `SvgArt.drawing()` converts
the checked tree with svglib (which imports reportlab) — a build's load asks for it
(`images.converting`), so what svglib refuses is a located error before anything is drawn. Text in
an SVG is set in pnp's own font (no system font is looked up); a designer's font is kept by
converting the text to paths. Each file is parsed once and converted once however many faces show
it (cached by path, size and modification time).
"""
from __future__ import annotations

import binascii
import math
import os
import re
import stat
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import Any

from .pixels import MAX_PIXELS, header_size

MAX_BYTES = 20 * 1024 * 1024
MAX_EXPANDED = 1_000_000  # bytes all entity references may add
# What a build draws, every <use> copy counted, in elements: svglib converts and reportlab writes
# ~6,000 a second (100,000 <rect>s took 18 s), and a path's coordinates or a text's characters cost
# about as much per 100 (200 bytes of path data) as one element does. 10,000: a few seconds at worst.
MAX_SHAPES = 10_000
PATH_BYTES = 200  # bytes of `d` or `points` that count as one more element
TEXT_CHARS = 100  # characters of text that count as one more element
# The largest number an SVG may give a length, coordinate or scale, and the most all the transforms
# an element is drawn under may scale it: a print is centimetres, and reportlab cannot write a
# number past 1e21 (width="1e308" or scale(1e308) passed validate, then the build died).
MAX_NUMBER = 1e9
MAX_DEPTH = 256  # elements nested, through <use> too (svglib recurses once per level)
CACHE_BYTES = 64 * 1024 * 1024  # SVG source kept parsed (and converted) at most

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
GRADIENTS = ("linearGradient", "radialGradient")  # a reference to one paints, it draws no copy
DRAWS_HREF = ("use", "image")  # what draws a copy of the element its href names
TEMPLATES = (*GRADIENTS, "pattern", "filter")  # what takes its settings from the one its href names
_ENTITY = re.compile(rb"""<!ENTITY\s+([A-Za-z_:][-\w.:]*)\s+(?:"([^"&%]*)"|'([^'&%]*)')\s*>""")
_URL = re.compile(r"""url\(\s*['"]?#([^)'"\s]+)""")
_DATA = re.compile(r"data:image/(png|jpe?g);base64,", re.I)
# A number that may be past MAX_NUMBER: ten digits before its point, or an exponent; not part of a
# name or a colour (id="a1e999", fill="#1e9999"). In path data a command letter may lead it.
_BIG = re.compile(r"(?<![\w#.])[+-]?(?:\d{10,}(?:\.\d*)?|(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+)")
_BIG_IN_PATH = re.compile(r"(?<![\d.])[+-]?(?:\d{10,}(?:\.\d*)?|(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+)")
_NAMES = ("id", "class", "href", "font-family", "lang")  # attributes that hold names, not numbers
_TRANSFORM = re.compile(r"([A-Za-z]+)\s*\(([^)]*)\)")
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*")


class SvgArt:
    """A checked SVG file: its parsed tree until svglib has drawn it, then the drawing."""

    def __init__(self, path: Path, root: Any, nbytes: int):
        self.path = path
        self.nbytes = nbytes
        self._root = root
        self._drawing = None

    def drawing(self):
        """svglib's drawing of the file (a reportlab Drawing, in points, its origin bottom-left);
        converted once. Raises ImageProblem when svglib cannot draw it."""
        if self._drawing is None:
            self._drawing = _convert(self.path, self._root)
            self._root = None  # the tree is not needed again
        return self._drawing

    @property
    def size(self) -> tuple[float, float]:
        """(width, height) of the drawing, in points: its aspect is what placing it needs."""
        d = self.drawing()
        return d.width, d.height


def _problem(message: str, code: str = "IMAGE-SVG") -> Exception:
    from .pixels import ImageProblem

    return ImageProblem(message, code)


_cache: OrderedDict[tuple, SvgArt] = OrderedDict()


def read(path: Path) -> SvgArt:
    """The SVG at `path`, checked (see the module docstring); cached."""
    st = os.stat(path)
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    data = _bytes(path, st)
    art = SvgArt(Path(path), check(data), len(data))
    _cache[key] = art
    while sum(a.nbytes for a in _cache.values()) > CACHE_BYTES and len(_cache) > 1:
        _cache.popitem(last=False)
    return art


def _bytes(path: Path, st: os.stat_result) -> bytes:
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(st.st_mode)
    if st.st_size > MAX_BYTES:
        raise _too_large(st.st_size)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # replaced by a FIFO since: no wait
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(mode)
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise _too_large(size)
    return b"".join(chunks)


def _not_regular(mode: int) -> Exception:
    from .pixels import kind_of

    return _problem(f"is {kind_of(mode)}, not a regular file; expected an SVG file", "IMAGE-UNREADABLE")


def _too_large(size: int) -> Exception:
    return _problem(f"is an SVG file of {size / 1024 / 1024:.1f} MB; pnp reads SVG art of at most "
                    f"{MAX_BYTES // 1024 // 1024} MB: simplify it (fewer nodes, no embedded photographs)",
                    "IMAGE-TOO-LARGE")


def check(data: bytes):
    """The root element of the SVG document `data`, checked; raises ImageProblem."""
    from lxml import etree

    entities = _entities(data)
    parser = etree.XMLParser(resolve_entities=bool(entities), no_network=True, load_dtd=False,
                             dtd_validation=False, huge_tree=False, remove_comments=True, remove_pis=True,
                             recover=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise _problem(f"cannot be read as an SVG file: it is not well-formed XML (line {exc.lineno} of the SVG: "
                       f"{exc.msg.split(', line ')[0]})") from None
    except (etree.LxmlError, ValueError) as exc:
        raise _problem(f"cannot be read as an SVG file ({type(exc).__name__}: {exc})") from None
    _check_root(root)
    _check_refs(root)
    _check_size(root)
    _check_numbers(root)
    return root


def _entities(data: bytes) -> list[tuple[bytes, bytes]]:
    """The plain-text entities the document declares, (name, text); raises ImageProblem for any
    other declaration, or when expanding them all would add more than MAX_EXPANDED bytes. Only a
    DOCTYPE's internal subset declares entities: `<!ENTITY` in a comment, a CDATA section or the
    text after the DOCTYPE declares nothing (the XML parser refuses it in the text)."""
    found = []
    for at in _declarations(data):
        m = _ENTITY.match(data, at)
        if m is None:
            raise _problem(f"declares {_declared(data[at:at + 300])}, which pnp does not expand; save the SVG without "
                           "a DOCTYPE (Inkscape: Save As › Plain SVG)")
        found.append((m.group(1), m.group(2) if m.group(2) is not None else m.group(3)))
    added = sum(len(text) * data.count(b"&" + name + b";") for name, text in found)
    if added > MAX_EXPANDED:
        raise _problem(f"declares XML entities that expand to {added:,} bytes, more than the {MAX_EXPANDED:,} pnp "
                       "expands (an 'entity expansion' file); save the SVG without a DOCTYPE")
    return found


_SKIPPED = ((b"<!--", b"-->"), (b"<?", b"?>"))  # a comment, a processing instruction: no declaration
_SPACE = b" \t\r\n"


def _declarations(data: bytes):
    """Where each `<!ENTITY` of the DOCTYPE's internal subset begins. The prolog (before the root
    element) is read past its comments and processing instructions to the DOCTYPE, whose quoted
    literals are skipped too: a comment that mentions <!ENTITY, or a `<!--` inside a quoted name,
    hides no declaration. What a well-formed DOCTYPE cannot hold is refused."""
    at = _prolog_end(data, 0)
    if not data.startswith(b"<!DOCTYPE", at):
        return
    at = _skip_quoted(data, at + 9, b"[>")  # the root's name and the external DTD's literals
    if at >= len(data) or data[at:at + 1] == b">":
        return
    at += 1
    while at < len(data):
        while at < len(data) and data[at] in _SPACE:
            at += 1
        if data.startswith(b"]", at):
            return
        skipped = next((end for start, end in _SKIPPED if data.startswith(start, at)), None)
        if skipped is not None:
            close = data.find(skipped, at + 2)
            at = len(data) if close < 0 else close + len(skipped)
        elif data.startswith(b"<!ENTITY", at):
            yield at
            at = _skip_quoted(data, at + 8, b">") + 1
        elif data.startswith((b"<!ELEMENT", b"<!ATTLIST", b"<!NOTATION"), at):
            at = _skip_quoted(data, at + 2, b">") + 1
        elif at < len(data):
            shown = data[at:at + 40].split(b"\n")[0].decode("utf-8", "replace")
            raise _problem(f"has a DOCTYPE holding '{shown}', which pnp does not read; save the SVG without a "
                           "DOCTYPE (Inkscape: Save As › Plain SVG)")


def _prolog_end(data: bytes, at: int) -> int:
    """Where the prolog's comments, processing instructions and spaces end (a byte-order mark
    first)."""
    if data.startswith(b"\xef\xbb\xbf", at):
        at += 3
    while at < len(data):
        if data[at] in _SPACE:
            at += 1
            continue
        skipped = next((end for start, end in _SKIPPED if data.startswith(start, at)), None)
        if skipped is None:
            return at
        close = data.find(skipped, at + 2)
        at = len(data) if close < 0 else close + len(skipped)
    return at


def _skip_quoted(data: bytes, at: int, stops: bytes) -> int:
    """The first of `stops` at or after `at` that is not inside a quoted literal ('…' or "…")."""
    while at < len(data):
        c = data[at:at + 1]
        if c in (b'"', b"'"):
            close = data.find(c, at + 1)
            at = len(data) if close < 0 else close + 1
            continue
        if c in stops:
            return at
        at += 1
    return at


def _declared(text: bytes) -> str:
    """What an entity declaration pnp refuses is, in a message's words."""
    decl = text.split(b">", 1)[0].decode("utf-8", "replace")
    words = decl.split()
    name = words[2] if len(words) > 2 and words[1] == "%" else (words[1] if len(words) > 1 else "?")
    if len(words) > 1 and words[1] == "%":
        return f"the parameter entity '{name}'"
    if re.search(r"\s(SYSTEM|PUBLIC)\s", decl):
        return f"the external entity '{name}' (its text would be read from another file or address)"
    if "&" in decl or "%" in decl:
        return f"the entity '{name}' made of other entities (an 'entity expansion' file: it can grow to gigabytes)"
    return f"the entity '{name}' written in a way pnp does not read"


def _local(el) -> str:
    tag = el.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _check_root(root) -> None:
    ns = root.tag[1:].split("}")[0] if isinstance(root.tag, str) and root.tag.startswith("{") else None
    if _local(root) != "svg" or ns not in (SVG_NS, None):
        raise _problem(f"is XML whose root element is <{_local(root) or '?'}>, not <svg>; expected an SVG file")
    size = {}
    for name in ("width", "height"):
        v = root.get(name)
        if v is not None:
            m = _LENGTH.fullmatch(v)
            if m is None or not math.isfinite(float(m.group(1))):
                raise _problem(f"gives its <svg> the {name} '{v}', which is not a length such as 100, 30mm or 2in")
            size[name] = (float(m.group(1)), m.group(2))
    box = None
    if root.get("viewBox") is not None:
        try:
            box = [float(v) for v in root.get("viewBox").replace(",", " ").split()]
        except ValueError:
            box = None
        if box is None or len(box) != 4 or not all(math.isfinite(v) for v in box) or box[2] <= 0 or box[3] <= 0:
            raise _problem(f"gives its <svg> the viewBox '{root.get('viewBox')}'; expected four numbers, "
                           "x y width height, the width and height above 0")
    absolute = all(n in size and size[n][1] != "%" and size[n][0] > 0 for n in ("width", "height"))
    if box is None and not absolute:
        raise _problem("has no size: its <svg> needs a viewBox (such as viewBox=\"0 0 200 100\") or a width and "
                       "height above 0")
    if any(v[0] <= 0 for v in size.values()):
        raise _problem("gives its <svg> a width or height of 0 or less; it would draw nothing")
    sizes = [(f"{n} '{root.get(n)}'", v[0]) for n, v in size.items() if v[1] != "%"]
    sizes += [(f"viewBox '{root.get('viewBox')}'", v) for v in (box or [])[2:]]
    for what, v in sizes:
        if not 1 / MAX_NUMBER <= v <= MAX_NUMBER:
            raise _problem(f"gives its <svg> the {what}: a size {'past' if v > 1 else 'below'} what pnp prints "
                           f"(from {1 / MAX_NUMBER:g} to {MAX_NUMBER:,.0f}); give it the size it is drawn at, "
                           "such as viewBox=\"0 0 200 100\"")


def _check_refs(root) -> None:
    """Every href a part of this file or an embedded PNG or JPEG of at most MAX_PIXELS."""
    for el in root.iter():
        if not isinstance(el.tag, str) or _local(el) == "a":  # a link is not followed
            continue
        for name in (XLINK_HREF, "href"):
            v = el.get(name)
            if v is None or v.strip().startswith("#"):
                continue
            v = v.strip()
            where = f"the <{_local(el)}> at line {el.sourceline} of the SVG"
            m = _DATA.match(v)
            if m is not None:
                _check_embedded(v[m.end():], where)
                continue
            shown = v if len(v) <= 60 else v[:57] + "…"
            raise _problem(f"refers to '{shown}' in {where}: pnp draws self-contained SVG art only and reads no "
                           "other file or address an SVG names; embed the picture in the SVG (Inkscape: Extensions "
                           "› Images › Embed Images) or copy the part it refers to into the file")


def _check_embedded(b64: str, where: str) -> None:
    import io

    from PIL import Image

    try:
        raw = binascii.a2b_base64(b64.encode("ascii"))
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise _problem(f"embeds a picture in {where} that is not valid base64") from None
    size = header_size(io.BytesIO(raw))  # from its header, before a pixel is decoded
    if size is None or size[0] * size[1] <= MAX_PIXELS:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                with Image.open(io.BytesIO(raw)) as im:
                    fmt, size = im.format, im.size
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            fmt, size = "PNG", (MAX_PIXELS, 2)
        except Exception as exc:  # PIL raises many kinds for a damaged picture
            raise _problem(f"embeds a picture in {where} that cannot be read ({type(exc).__name__}: {exc})") from None
        if fmt not in ("PNG", "JPEG"):
            raise _problem(f"embeds a {fmt} picture in {where}; an SVG may embed PNG or JPEG pictures")
    if size[0] * size[1] > MAX_PIXELS:
        raise _problem(f"embeds a picture in {where} of {size[0]} x {size[1]} px, more than the "
                       f"{MAX_PIXELS / 1e6:.0f} megapixels pnp decodes; scale it to the size it prints at",
                       "IMAGE-TOO-LARGE")


def _check_numbers(root) -> None:
    """No length, coordinate or scale past MAX_NUMBER (nor one too large for a float) in an
    attribute or a style sheet; called once the elements are known to be few."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for name, v in el.attrib.items():
            if name.startswith(("{", "data-")) or name in _NAMES:
                continue  # another program's settings, a name: nothing drawn by them
            path = name in ("d", "points")
            _no_big_number(v, _BIG_IN_PATH if path else _BIG, el, "its path data" if path else f"the {name}")
        if _local(el) == "style" and el.text:
            _no_big_number(el.text, _BIG, el, "its style sheet")


def _no_big_number(text: str, pattern, el, what: str) -> None:
    for m in pattern.finditer(text):
        v = float(m.group())
        if not abs(v) <= MAX_NUMBER:  # inf and nan too
            raise _problem(f"gives the <{_local(el)}> at line {el.sourceline} of the SVG {what} '{_shown(text, m)}': "
                           f"{m.group()} is past the {MAX_NUMBER:,.0f} pnp prints (a drawing that large, or that far "
                           "out, is a mistake); save the SVG at the size it is drawn at")


def _shown(text: str, m) -> str:
    """The value around a match, at most about 60 characters."""
    if len(text) <= 60:
        return text
    start = max(0, m.start() - 20)
    return ("…" if start else "") + text[start:m.end() + 20] + ("…" if m.end() + 20 < len(text) else "")


def _scaling(el) -> float:
    """How much an element's own `transform` may enlarge what it draws: the larger row sum of its
    matrix (1 without one; a value svglib cannot read is left for svglib to say so)."""
    v = el.get("transform")
    if not v:
        return 1.0
    a, b, c, d = 1.0, 0.0, 0.0, 1.0
    for name, args in _TRANSFORM.findall(v):
        try:
            n = [float(x) for x in args.replace(",", " ").split()]
            m = _matrix(name, n)
        except (ValueError, IndexError, OverflowError):
            return 1.0
        if m is not None:
            a, b, c, d = a * m[0] + c * m[1], b * m[0] + d * m[1], a * m[2] + c * m[3], b * m[2] + d * m[3]
    s = max(abs(a) + abs(c), abs(b) + abs(d))
    return s if math.isfinite(s) else math.inf


def _matrix(name: str, n: list[float]) -> tuple[float, float, float, float] | None:
    """The linear part (a, b, c, d) of one transform function; None for a translation."""
    if name == "matrix":
        return n[0], n[1], n[2], n[3]
    if name == "scale":
        return n[0], 0.0, 0.0, n[1] if len(n) > 1 else n[0]
    if name == "rotate":
        r = math.radians(n[0])
        return math.cos(r), math.sin(r), -math.sin(r), math.cos(r)
    if name == "skewX":
        return 1.0, 0.0, math.tan(math.radians(n[0])), 1.0
    if name == "skewY":
        return 1.0, math.tan(math.radians(n[0])), 0.0, 1.0
    return None


def _own_weight(el) -> int:
    """What drawing `el` itself costs, in elements: 1, and 1 more for every PATH_BYTES of its path
    data and every TEXT_CHARS characters of its text."""
    data = len(el.get("d") or "") + len(el.get("points") or "")
    text = len(el.text or "") if _local(el) in ("text", "tspan", "textPath") else 0
    return 1 + data // PATH_BYTES + text // TEXT_CHARS


def _check_size(root) -> None:
    """At most MAX_SHAPES elements drawn (a long path or text counting as more than one: see
    `_own_weight`) and MAX_DEPTH levels, every <use> and url(#…) copy counted where it is drawn;
    no element that draws a copy of itself; no element drawn under transforms that enlarge it
    past MAX_NUMBER."""
    ids = {}
    elements = [el for el in root.iter() if isinstance(el.tag, str)]
    if len(elements) > MAX_SHAPES:  # each is drawn at least once: refused before it is walked
        raise _problem(f"draws more than {MAX_SHAPES:,} elements: it has {len(elements):,}; simplify it")
    for el in elements:
        i = el.get("id")
        if i is not None:
            ids.setdefault(i, el)
    styled = []  # url(#…) in style sheets: may apply to any element
    for el in elements:
        if _local(el) == "style" and el.text and "url(" in el.text:
            styled += [ids[t] for t in _URL.findall(el.text) if t in ids and _local(ids[t]) not in GRADIENTS]

    def refs(el) -> list:
        """(element, weight) of what `el` draws: its children, the copies it draws of others."""
        out = [(c, 1) for c in el if isinstance(c.tag, str)]
        tag = _local(el)
        for name in (XLINK_HREF, "href") if tag in DRAWS_HREF or tag in TEMPLATES else ():
            v = (el.get(name) or "").strip()
            if v.startswith("#") and v[1:] in ids:  # a copy drawn, or a template's settings (counted once)
                out.append((ids[v[1:]], 1 if tag in DRAWS_HREF else 0))
        for name, v in el.attrib.items():
            if "url(" in v:
                out += [(ids[t], 0 if _local(ids[t]) in GRADIENTS else 1) for t in _URL.findall(v) if t in ids]
        return out

    cost: dict = {}  # element -> (elements drawn, depth)
    on_path: set = set()
    stack = [(root, refs(root), 0)]
    on_path.add(root)
    while stack:
        el, todo, at = stack[-1]
        if at < len(todo):
            stack[-1] = (el, todo, at + 1)
            target = todo[at][0]
            if target in on_path:
                raise _problem(f"has a <{_local(el)}> at line {el.sourceline} that draws a copy of an element "
                               f"containing it (line {target.sourceline}): a loop that never ends")
            if target not in cost:
                on_path.add(target)
                stack.append((target, refs(target), 0))
            continue
        n, depth, reach = _own_weight(el), 1, 1.0
        for target, weight in todo:
            tn, td, tr = cost[target]
            n += tn * weight if weight else 1
            depth = max(depth, td + 1)
            reach = max(reach, tr) if weight else reach
        reach *= _scaling(el)
        if n > MAX_SHAPES or depth > MAX_DEPTH:
            what = (f"draws more than {MAX_SHAPES:,} elements" if n > MAX_SHAPES
                    else f"nests elements more than {MAX_DEPTH} deep")
            raise _problem(f"{what} once every <use> copy is counted (from the <{_local(el)}> at line "
                           f"{el.sourceline} of the SVG; a path counts one more for every {PATH_BYTES} bytes of "
                           f"its data, a text for every {TEXT_CHARS} characters); simplify it")
        if not reach <= MAX_NUMBER:
            raise _problem(f"draws what the <{_local(el)}> at line {el.sourceline} of the SVG holds under transforms "
                           f"that enlarge it more than {MAX_NUMBER:,.0f} times; save the SVG at the size it is "
                           "drawn at")
        cost[el] = (n, depth, reach)
        on_path.discard(el)
        stack.pop()
    if styled:
        total = cost[root][0] + len(elements) * sum(cost[t][0] for t in styled)
        if total > MAX_SHAPES:
            raise _problem(f"draws more than {MAX_SHAPES:,} elements once the url(#…) references of its style sheet "
                           "are counted on every element; simplify it")


# -- drawing (a build only: svglib imports reportlab) ------------------------------------------------
class _PnpFonts:
    """svglib's font map: every family is pnp's vendored font (regular or bold), so no system font
    is looked up (fc-match) or embedded, and a build prints the same on every machine."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal", *_args) -> tuple[str, bool]:
        from ..geometry import fonts

        w = str(weight).strip().lower()
        bold = w in ("bold", "bolder") or (w.isdigit() and int(w) >= 600)
        return fonts.FACES[bold][0][0], True


def _convert(path: Path, root):
    import inspect
    import logging

    from ..geometry import fonts

    fonts.register()  # svglib measures text (text-anchor) in the font it names
    log = logging.getLogger("svglib")
    if not log.handlers:  # what svglib skips it logs: not into pnp's output (nor worked out for it)
        log.addHandler(logging.NullHandler())
        log.propagate = False
        for name in ("svglib", "svglib.svglib", "svglib.fonts", "svglib.utils"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        from svglib.svglib import SvgRenderer
    except ImportError:
        raise _problem("is an SVG file, and svglib, which draws SVG art, is not installed "
                       "(pip install svglib)") from None
    accepts = inspect.signature(SvgRenderer).parameters
    options: dict = {}
    if "font_map" in accepts:
        options["font_map"] = _PnpFonts()
    if "external_reference_root" in accepts:  # nothing outside the file gets this far; and if it did
        options["external_reference_root"] = str(path.parent)
    try:
        d = SvgRenderer(str(path), **options).render(root)
    except RecursionError:
        raise _problem("nests its elements too deeply for svglib to draw; simplify it") from None
    except Exception as exc:  # svglib raises many kinds for a value it cannot read (width="5qq")
        raise _problem(f"cannot be drawn by svglib ({type(exc).__name__}: {exc}); check the value it names, "
                       "or save the SVG again as plain SVG") from None
    if d is None or not all(math.isfinite(v) and v > 0 for v in (d.width, d.height)):
        raise _problem("has no size once drawn; give its <svg> a viewBox and a width and height above 0")
    if not all(1 / MAX_NUMBER <= v <= MAX_NUMBER * 100 for v in (d.width, d.height)) or _past_print(d):
        raise _problem(f"has a size or a number, once drawn, past what pnp prints ({MAX_NUMBER:,.0f}); save the "
                       "SVG at the size it is drawn at")
    d.initialFontName, d.initialFontSize = fonts.REGULAR, 10  # never Helvetica, not embedded
    return d


DRAWN_MOST = 1e18  # below the 1e21 reportlab writes at most: units (1e9in) and percentages grow a number


def _past_print(drawing) -> bool:
    """Whether a number of the drawing svglib made (a coordinate, a length, a transform) is not
    finite or past DRAWN_MOST: what the checks of the SVG's text let through (lengths a style sheet
    multiplies, em of a large font) is refused here, not by reportlab in the middle of a build."""
    todo = [drawing]
    while todo:
        node = todo.pop()
        for v in vars(node).values():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                if not abs(v) <= DRAWN_MOST:
                    return True
            elif isinstance(v, (list, tuple)):
                todo += [x for x in v if hasattr(x, "__dict__")]
                if any(not abs(x) <= DRAWN_MOST for x in v if isinstance(x, (int, float)) and not isinstance(x, bool)):
                    return True
    return False
