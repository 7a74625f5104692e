"""JSON files for people and tools: indented down to a depth, one line per value below it.

`dumps(data, depth)` writes containers on lines of their own down to `depth` levels and anything
deeper, or any list or mapping that holds no list or mapping, on one line. A sheet map then has
one line per piece (`grep coin-1a gem.json` finds the whole piece), and is written by the json
module's C encoder rather than its pure-Python indenting one (a tenth of a build's time).
"""
from __future__ import annotations

import json
from typing import Any

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
