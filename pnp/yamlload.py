"""Read a YAML file into a tree of located nodes.

Takes a path; returns a `Node` whose every mapping key, sequence item and scalar knows its
file:line:col. Anything that cannot be read as a YAML mapping (missing file, binary, not UTF-8,
syntax error, empty document, a top level that is not a mapping, duplicate keys) raises
`InputError` with a diagnostic at the place YAML reports.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .diagnostics import InputError, Loc, Report

MAX_BYTES = 16 * 1024 * 1024
MAX_NODES = 100_000  # aliases can multiply a small file into billions of values ("billion laughs")


@dataclass
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


def _decode(path: Path, display: str) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise _fail(Loc(display, 1, 1), "FILE-MISSING", "no such file") from None
    except IsADirectoryError:
        raise _fail(Loc(display, 1, 1), "FILE-UNREADABLE", "is a directory, expected a YAML file") from None
    except OSError as exc:
        raise _fail(Loc(display, 1, 1), "FILE-UNREADABLE", f"cannot read: {exc.strerror}") from None
    if len(data) > MAX_BYTES:
        raise _fail(Loc(display, 1, 1), "FILE-TOO-LARGE",
                    f"{len(data)} bytes; a spec may be at most {MAX_BYTES} bytes")
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
    def __init__(self, loc: Loc):
        self.loc = loc


class _Builder:
    def __init__(self, display: str):
        self.display = display
        self.constructor = SafeConstructor()
        self.report = Report()
        self.nodes = 0

    def loc(self, node) -> Loc:
        m = node.start_mark
        return Loc(self.display, m.line + 1, m.column + 1)

    def build(self, node) -> Node:
        loc = self.loc(node)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooLarge(loc)
        if isinstance(node, ScalarNode):
            try:
                value = self.constructor.construct_object(node, deep=True)
            except yaml.YAMLError as exc:
                self.report.error(loc, "YAML-VALUE", f"cannot read this value: {exc.problem or exc}")
                value = node.value
            return Node("scalar", loc, value)
        if isinstance(node, SequenceNode):
            return Node("seq", loc, [self.build(item) for item in node.value])
        if isinstance(node, MappingNode):
            return self._mapping(node, loc)
        raise TypeError(node)  # pragma: no cover - compose() makes only these three

    def _mapping(self, node: MappingNode, loc: Loc) -> Node:
        out: dict[str, Node] = {}
        key_locs: dict[str, Loc] = {}
        for key_node, value_node in node.value:
            kloc = self.loc(key_node)
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.report.error(kloc, "YAML-MERGE", "merge keys (<<) are not supported; write the keys out")
                continue
            if not isinstance(key_node, ScalarNode):
                self.report.error(kloc, "YAML-KEY", "a key must be plain text, not a list or mapping")
                continue
            key = str(key_node.value)
            if key in out:
                self.report.error(kloc, "YAML-DUPLICATE-KEY",
                                  f"key '{key}' appears twice in this mapping (first at line {key_locs[key].line})")
                continue
            out[key] = self.build(value_node)
            key_locs[key] = kloc
        return Node("map", loc, out, key_locs)


def load(path: str | Path, display: str | None = None) -> Node:
    """Load one YAML file whose top level must be a mapping."""
    path = Path(path)
    display = display or str(path)
    text = _decode(path, display)
    try:
        docs = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
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
    docs = [d for d in docs if d is not None]
    if not docs:
        raise _fail(Loc(display, 1, 1), "YAML-EMPTY", "the file is empty, expected a YAML mapping")
    if len(docs) > 1:
        m = docs[1].start_mark
        raise _fail(Loc(display, m.line + 1, m.column + 1), "YAML-MULTIPLE-DOCUMENTS",
                    "expected one YAML document, found a second one here")
    builder = _Builder(display)
    try:
        root = builder.build(docs[0])
    except _TooLarge as exc:
        raise _fail(exc.loc, "YAML-TOO-LARGE",
                    f"the YAML expands to more than {MAX_NODES} values (through aliases?); a spec is far smaller") from None
    except RecursionError:
        raise _fail(Loc(display), "YAML-TOO-DEEP", "the YAML is nested too deeply to read") from None
    if not root.is_map:
        raise _fail(root.loc, "YAML-NOT-MAPPING", f"the top level is {type_name(root)}, expected a mapping of keys")
    if builder.report.items:
        raise InputError(builder.report)
    return root
