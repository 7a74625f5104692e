"""Read a YAML file into a tree of located nodes.

Takes a path; returns a `Node` whose every mapping key, sequence item and scalar knows its
file:line:col. Anything that cannot be read as a YAML mapping (missing file, binary, not UTF-8,
syntax error, empty document, a top level that is not a mapping, duplicate keys) raises
`InputError` with a diagnostic at the place YAML reports.

Hostile input is stopped early, in bounded time and memory (libyaml parses; PyYAML's pure-Python
reader, about 0.3 s a megabyte, only reads a file again to explain a syntax error): only regular files are read (never a device or a pipe), at most MAX_BYTES of
them; composing stops after MAX_COMPOSED nodes and at the start of a second document; aliases may
expand to at most MAX_NODES values; a number may be at most MAX_NUMBER_CHARS characters long; and
at most MAX_MESSAGES problems are kept per file, then one saying how many more there are.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..records import field, record
from ..diagnostics import InputError, Loc, Report

# The largest shipped spec is 24 KB and 2,500 nodes; these limits are far above any real file.
MAX_BYTES = 4 * 1024 * 1024
MAX_COMPOSED = 50_000  # YAML nodes composed from the text (a flow list of millions would take minutes)
MAX_NODES = 100_000  # aliases can multiply a small file into billions of values ("billion laughs")
MAX_NUMBER_CHARS = 100  # int() of thousands of digits is refused by Python, or takes very long
MAX_MESSAGES = 50  # problems kept per file (200,000 duplicate keys are not 200,000 messages)
INT_TAG = "tag:yaml.org,2002:int"
STR_TAG = "tag:yaml.org,2002:str"
PLAIN_TAGS = ("tag:yaml.org,2002:seq", "tag:yaml.org,2002:map")
_SURROGATE = re.compile("[\ud800-\udfff]")  # YAML's "\u" escapes can write half a UTF-16 pair
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


@record
class Node:
    """A YAML value with its location. `kind` is "map", "seq" or "scalar"."""

    kind: str
    loc: Loc
    value: Any = None  # scalar: python value; seq: list[Node]; map: dict[str, Node]
    key_locs: dict[str, Loc] = field(default_factory=dict)  # map only

    @property
    def is_map(self) -> bool:
        return self.kind == "map"

    @property
    def is_seq(self) -> bool:
        return self.kind == "seq"

    def get(self, key: str) -> "Node | None":
        return self.value.get(key) if self.is_map else None

    def key_loc(self, key: str) -> Loc:
        return self.key_locs.get(key, self.loc)

    def plain(self) -> Any:
        """The value as plain Python data, locations dropped."""
        if self.is_map:
            return {k: v.plain() for k, v in self.value.items()}
        if self.is_seq:
            return [v.plain() for v in self.value]
        return self.value


def type_name(node: Node) -> str:
    if node.is_map:
        return "a mapping"
    if node.is_seq:
        return "a list"
    v = node.value
    if v is None:
        return "nothing (null)"
    if isinstance(v, bool):
        return f"the boolean {str(v).lower()}"
    if isinstance(v, int):
        return f"the number {v}"
    if isinstance(v, float):
        return f"the number {v:g}"
    return f"the text {str(v)!r}"


def _fail(loc: Loc, code: str, message: str) -> InputError:
    report = Report()
    report.error(loc, code, message)
    return InputError(report)


def _read(path: Path, display: str) -> bytes:
    return read_regular(path, display, MAX_BYTES, "spec", "a YAML file")


def read_regular(path: Path, display: str, max_bytes: int, noun: str = "spec", expected: str = "a YAML file") -> bytes:
    """The file's bytes: a regular file only (a device or a pipe is never read or waited on), at
    most `max_bytes` of it; an InputError at the file's first line otherwise. Every file pnp
    reads (specs, layouts, tables, game files) comes through here."""
    def fail(code: str, message: str) -> InputError:
        return _fail(Loc(display, 1, 1), code, message)

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise _not_regular(os.stat(path).st_mode, fail, expected)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # replaced by a FIFO since: no wait
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise _not_regular(info.st_mode, fail, expected)
            if info.st_size > max_bytes:
                raise fail("FILE-TOO-LARGE", f"{info.st_size} bytes; a {noun} may be at most {max_bytes} bytes")
            chunks, size = [], 0
            while size <= max_bytes:
                chunk = os.read(fd, max_bytes + 1 - size)
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
            data = b"".join(chunks)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise fail("FILE-MISSING", "no such file") from None
    except OSError as exc:
        raise fail("FILE-UNREADABLE", f"cannot read: {os_problem(exc)}") from None
    if len(data) > max_bytes:
        raise fail("FILE-TOO-LARGE", f"more than {max_bytes} bytes; a {noun} may be at most {max_bytes} bytes")
    return data


def _not_regular(mode: int, fail, expected: str = "a YAML file") -> InputError:
    if stat.S_ISDIR(mode):
        return fail("FILE-UNREADABLE", f"is a directory, expected {expected}")
    what = "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return fail("FILE-UNREADABLE", f"is {what}, not a regular file; expected {expected}")


def os_problem(exc: OSError) -> str:
    """What an OSError means to a user: a symlink loop, permission denied, a name too long."""
    import errno

    if exc.errno == errno.ELOOP:
        return "a symbolic link loop (a link that leads back to itself)"
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is longer than the system allows"
    return exc.strerror or str(exc)


def _decode(path: Path, display: str) -> str:
    data = _read(path, display)
    if b"\x00" in data:
        line, col = _pos_of(data, data.index(b"\x00"))
        raise _fail(Loc(display, line, col), "YAML-BINARY",
                    "this is a binary file (it contains a NUL byte), expected UTF-8 YAML text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _pos_of(data, exc.start)
        raise _fail(Loc(display, line, col), "YAML-ENCODING",
                    f"byte 0x{data[exc.start]:02x} is not UTF-8; save the file as UTF-8") from None
    return text.removeprefix("\ufeff")


def _pos_of(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset]
    line = before.count(b"\n") + 1
    col = len(before) - (before.rfind(b"\n") + 1) + 1
    return line, col


class _TooLarge(Exception):
    def __init__(self, loc: Loc, message: str):
        self.loc = loc
        self.message = message


try:  # libyaml scans and parses five times faster than PyYAML's pure-Python reader
    from yaml._yaml import CParser as _Parser
    from yaml.resolver import Resolver

    class _Resolver(Resolver):
        """PyYAML's resolver, a plain scalar's tag kept for the next one written alike: a tag depends
        on the text and on whether it was quoted only (no path resolvers are added), and a spec
        writes the same few words and numbers hundreds of times."""

        _tags: dict[tuple, str] = {}

        def resolve(self, kind, value, implicit):
            if kind is not ScalarNode or len(value) > 64:
                return super().resolve(kind, value, implicit)
            key = (value, implicit)
            tag = self._tags.get(key)
            if tag is None:
                tag = super().resolve(kind, value, implicit)
                if len(self._tags) < 8192:
                    self._tags[key] = tag
            return tag

    class _Reader(Composer, _Parser, _Resolver):
        """libyaml's events composed by PyYAML's own composer (so the count below applies)."""

        def __init__(self, text: str):
            _Parser.__init__(self, text)
            Composer.__init__(self)
            _Resolver.__init__(self)

    class _Small(_Parser, _Resolver):
        """libyaml's parser and composer both: for a text of at most MAX_COMPOSED characters,
        which cannot make more than about twice that many nodes, so it needs no count."""

        def __init__(self, text: str, display: str):
            _Parser.__init__(self, text)
            _Resolver.__init__(self)
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _Reader, _Small = yaml.SafeLoader, None


class _Counting:
    """Composes a node tree, counting the nodes: stops at MAX_COMPOSED."""

    def __init__(self, text: str, display: str):
        super().__init__(text)
        self.display = display
        self.composed = 0

    def compose_node(self, parent, index):
        self.composed += 1
        if self.composed > MAX_COMPOSED:
            m = self.peek_event().start_mark
            raise _TooLarge(Loc(self.display, m.line + 1, m.column + 1),
                            f"the YAML has more than {MAX_COMPOSED} values; a spec is far smaller")
        return super().compose_node(parent, index)


class _Composer(_Counting, _Reader):
    """The fast reader (libyaml's parser where PyYAML has it)."""


class _Explainer(_Counting, yaml.SafeLoader):
    """PyYAML's pure-Python reader: slower, but its syntax errors say more ("expected ',' or '}',
    but got '<stream end>'" where libyaml says "did not find expected ',' or '}'"), so a file the
    fast reader refuses is read again by this one for the message."""


class _Builder:
    def __init__(self, display: str):
        self.display = display
        self.constructor = SafeConstructor()
        self.report = Report()
        self.nodes = 0
        self.dropped: list[Loc] = []

    def loc(self, node) -> Loc:
        m = node.start_mark
        return Loc(self.display, m.line + 1, m.column + 1)

    def error(self, loc: Loc, code: str, message: str) -> None:
        if len(self.report.items) < MAX_MESSAGES:
            self.report.error(loc, code, message)
        else:
            self.dropped.append(loc)

    def finish(self) -> Report:
        if self.dropped:
            self.report.error(self.dropped[0], "YAML-MORE", f"and {len(self.dropped)} more problems like those "
                                                           f"above from here on (only the first {MAX_MESSAGES} are listed)")
        return self.report

    def build(self, node) -> Node:
        loc = self.loc(node)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooLarge(loc, f"the YAML expands to more than {MAX_NODES} values (through aliases?); "
                                 "a spec is far smaller")
        if isinstance(node, ScalarNode):
            return Node("scalar", loc, self._scalar(node, loc))
        if isinstance(node, (SequenceNode, MappingNode)) and node.tag not in PLAIN_TAGS:
            # a tag asks for an object (!!python/tuple, !!set, a custom one): nothing here makes objects
            self.error(loc, "YAML-TAG", f"the tag '{node.tag.replace('tag:yaml.org,2002:', '!!')}' is not "
                                        "supported: a spec is plain YAML (lists, mappings, text and numbers)")
        if isinstance(node, SequenceNode):
            return Node("seq", loc, [self.build(item) for item in node.value])
        if isinstance(node, MappingNode):
            return self._mapping(node, loc)
        raise TypeError(node)  # pragma: no cover - compose() makes only these three

    def _scalar(self, node: ScalarNode, loc: Loc) -> Any:
        if node.tag == INT_TAG and len(node.value) > MAX_NUMBER_CHARS:
            self.error(loc, "YAML-VALUE", f"a whole number written with {len(node.value)} characters; numbers "
                                          f"may have at most {MAX_NUMBER_CHARS}")
            return None
        if node.tag == STR_TAG:  # most of a spec: the text as written (what SafeConstructor gives)
            return self._text(node.value, loc)
        try:
            value = self.constructor.construct_object(node, deep=True)
            return self._text(value, loc) if isinstance(value, str) else value
        except yaml.YAMLError as exc:
            self.error(loc, "YAML-VALUE", f"cannot read this value: {exc.problem or exc}")
        except (ValueError, OverflowError) as exc:  # int() refuses thousands of digits
            self.error(loc, "YAML-VALUE", f"cannot read this value: {exc}")
        return node.value

    def _text(self, text: str, loc: Loc) -> str:
        """Text as it will be printed: an escape pair such as "\\ud83d\\ude00" becomes its one
        character; a lone half of a pair ("\\udc80") is no character at all — no font draws it and
        no PDF or JSON can hold it — so it is an error here, at its line, not a crash in a build."""
        if not _SURROGATE.search(text):
            return text
        text = _PAIR.sub(lambda m: m.group().encode("utf-16-le", "surrogatepass").decode("utf-16-le"), text)
        lone = _SURROGATE.search(text)
        if lone:
            self.error(loc, "YAML-VALUE", f"the text holds \\u{ord(lone.group()):04x}, half of a UTF-16 surrogate "
                                          "pair, which is no character and cannot be printed; write the character "
                                          "itself (or both halves of the pair)")
        return text

    def _mapping(self, node: MappingNode, loc: Loc) -> Node:
        out: dict[str, Node] = {}
        key_locs: dict[str, Loc] = {}
        for key_node, value_node in node.value:
            kloc = self.loc(key_node)
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.error(kloc, "YAML-MERGE", "merge keys (<<) are not supported; write the keys out")
                continue
            if not isinstance(key_node, ScalarNode):
                self.error(kloc, "YAML-KEY", "a key must be plain text, not a list or mapping")
                continue
            key = self._text(str(key_node.value), kloc)
            if key in out:
                self.error(kloc, "YAML-DUPLICATE-KEY",
                           f"key '{key}' appears twice in this mapping (first at line {key_locs[key].line})")
                continue
            out[key] = self.build(value_node)
            key_locs[key] = kloc
        return Node("map", loc, out, key_locs)


def _compose(text: str, display: str, reader: type = _Composer):
    """The first document's node tree, or None for an empty file; a second document is an error,
    found without composing it."""
    loader = reader(text, display)
    try:
        if not loader.check_node():
            return None
        root = loader.get_node()
        if loader.check_node():
            loader.get_event()  # the second document's start; the error points at its content
            m = loader.peek_event().start_mark
            raise _fail(Loc(display, m.line + 1, m.column + 1), "YAML-MULTIPLE-DOCUMENTS",
                        "expected one YAML document, found a second one here")
        return root
    finally:
        loader.dispose()


def load(path: str | Path, display: str | None = None) -> Node:
    """Load one YAML file whose top level must be a mapping."""
    path = Path(path)
    display = display or str(path)
    text = _decode(path, display)
    builder = _Builder(display)
    try:
        try:
            doc = _compose(text, display, _Small if _Small and len(text) <= MAX_COMPOSED else _Composer)
        except yaml.MarkedYAMLError:
            doc = _compose(text, display, _Explainer)  # raises again, with PyYAML's words
        if doc is None:
            raise _fail(Loc(display, 1, 1), "YAML-EMPTY", "the file is empty, expected a YAML mapping")
        root = builder.build(doc)
    except _TooLarge as exc:
        raise _fail(exc.loc, "YAML-TOO-LARGE", exc.message) from None
    except RecursionError:
        raise _fail(Loc(display), "YAML-TOO-DEEP", "the YAML is nested too deeply to read") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(display, mark.line + 1, mark.column + 1) if mark else Loc(display)
        problem = exc.problem or "invalid YAML"
        if exc.context:
            problem = f"{problem} ({exc.context})"
        raise _fail(loc, "YAML-SYNTAX", problem) from None
    except yaml.YAMLError as exc:
        raise _fail(Loc(display), "YAML-SYNTAX", str(exc)) from None
    if not root.is_map:
        raise _fail(root.loc, "YAML-NOT-MAPPING", f"the top level is {type_name(root)}, expected a mapping of keys")
    report = builder.finish()
    if report.items:
        raise InputError(report)
    return root
