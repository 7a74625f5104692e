"""JSON files for people and tools: written indented down to a depth, read back like a spec.

`dumps(data, depth)` writes containers on lines of their own down to `depth` levels and anything
deeper, or any list or mapping that holds no list or mapping, on one line. A sheet map then has
one line per piece (`grep coin-1a gem.json` finds the whole piece), and is written by the json
module's C encoder rather than its pure-Python indenting one (a tenth of a build's time).

`load(path, shown, limit, fix)` reads back a file pnp wrote (a sheet map, a manifest) as
carefully as a spec is read: a regular file only (a pipe or a device is never waited on, so a
FIFO or a link to /dev/zero cannot hang or fill memory), at most `limit` bytes, UTF-8 JSON;
anything else is an InputError located at the place it is found. `position(text, path)` gives the
line and column of a value inside a JSON text, so a value of the wrong type is located too.
"""
from __future__ import annotations

import json
import os
import re
import stat
from json.decoder import scanstring
from pathlib import Path
from typing import Any

from ..diagnostics import InputError, Loc, Report

_line = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def dumps(data: Any, depth: int = 4) -> str:
    out: list[str] = []
    _write(data, 0, depth, out)
    return "".join(out) + "\n"


def _write(v: Any, level: int, depth: int, out: list[str]) -> None:
    if isinstance(v, dict):
        items = list(v.items())
    elif isinstance(v, (list, tuple)):
        items = [(None, x) for x in v]
    else:
        out.append(_line(v))
        return
    if level >= depth or not items or not any(isinstance(x, (dict, list, tuple)) for _, x in items):
        out.append(_line(v))
        return
    opening, closing = ("{", "}") if isinstance(v, dict) else ("[", "]")
    pad = "\n" + " " * (level + 1)
    out.append(opening)
    for n, (k, x) in enumerate(items):
        out.append(pad if n == 0 else "," + pad)
        if k is not None:
            out.append(_line(str(k)) + ": ")
        _write(x, level + 1, depth, out)
    out.append("\n" + " " * level + closing)


# -- reading back ------------------------------------------------------------------------------
class NotReadable(Exception):
    """A file that is not one to read: a pipe, a device, a folder, too large, or an OS error."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (links followed), at most `limit` of them.
    Raises FileNotFoundError when there is none, NotReadable saying why it is not read."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a device is not even opened
            raise NotReadable(_not_regular(os.stat(path).st_mode))
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # replaced by a FIFO since: no wait
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise NotReadable(f"cannot be read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable(_not_regular(info.st_mode))
        if info.st_size > limit:
            raise NotReadable(_too_large(limit))
        chunks, size = [], 0
        while size <= limit:  # st_size may be out of date: the bytes read are what counts
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise NotReadable(f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise NotReadable(_too_large(limit))
    return b"".join(chunks)


def _too_large(limit: int) -> str:
    return f"is larger than {limit // (1 << 20) or 1} MB, far more than pnp writes"


def _not_regular(mode: int) -> str:
    what = ("a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device")
    return f"is {what}, not a regular file"


def load(path: Path, shown: str, limit: int, fix: str) -> tuple[Any, str]:
    """The JSON value in the file at `path` and its text. `shown` is the file as messages name
    it, `fix` what the user should do (appended to every message). Raises FileNotFoundError when
    there is no file, InputError with one located diagnostic when it cannot be read as JSON."""
    def fail(code: str, message: str, line: int = 1, col: int = 1) -> InputError:
        report = Report()
        report.error(Loc(shown, line, col), code, f"{message}; {fix}")
        return InputError(report)

    try:
        data = read_regular(path, limit)
    except NotReadable as exc:
        raise fail("FILE-UNREADABLE", str(exc)) from None
    if b"\x00" in data:
        raise fail("JSON-BINARY", "this is a binary file (it holds a NUL byte), not the JSON pnp writes",
                   *_byte_position(data, data.index(b"\x00")))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail("JSON-ENCODING", f"byte 0x{data[exc.start]:02x} is not UTF-8", *_byte_position(data, exc.start)) from None
    try:
        return json.loads(text), text
    except json.JSONDecodeError as exc:
        raise fail("JSON-SYNTAX", f"not valid JSON ({exc.msg}); the file is cut short or was edited",
                   exc.lineno, exc.colno) from None
    except RecursionError:
        raise fail("JSON-SYNTAX", "the JSON is nested far more deeply than anything pnp writes") from None


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def position(text: str, path: tuple) -> tuple[int, int]:
    """Line and column (from 1) of the value at `path` (object keys and list indices) in the
    JSON `text`; of the deepest value on the way when the rest of the path is not there. Values
    before it are skipped by the C decoder, so this is quick on a large file."""
    pos = _WS.match(text, 0).end()
    for step in path:
        found = _step(text, pos, step)
        if found is None:
            break
        pos = found
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _step(text: str, pos: int, step) -> int | None:
    """Where the member `step` of the object or list starting at `pos` starts, or None."""
    opening = text[pos:pos + 1]
    if (opening == "{") != isinstance(step, str) or opening not in "{[" or not opening:
        return None
    pos = _WS.match(text, pos + 1).end()
    index = 0
    while text[pos:pos + 1] not in ("}", "]", ""):
        if opening == "{":
            key, pos = scanstring(text, pos + 1)
            pos = _WS.match(text, _WS.match(text, pos).end() + 1).end()  # past the colon
            if key == step:
                return pos
        elif index == step:
            return pos
        _, pos = _DECODER.raw_decode(text, pos)
        pos = _WS.match(text, pos).end()
        if text[pos:pos + 1] == ",":
            pos = _WS.match(text, pos + 1).end()
        index += 1
    return None
