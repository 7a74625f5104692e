"""Faces as data: the elements a declared game's layout draws a face or a back with.

`faces: {KIND: [elements]}` and `backs: {BACK-KIND: [elements]}` in a layout. An element is a
mapping whose type key comes first — `rect`, `ellipse`, `line` (the box it fills, or `all`),
`text`, `image`, `symbol` (what to show, placed by `box:` or x, y, width, height). Each type is
one module here, with its own keys, checks and drawing; what they share — placement, paint,
`when:`, `turn: 180` — is in params.py, `{field}` substitution in placeholders.py, and reading a
list of them and drawing it in face.py.

The package imports them when one is first asked for (PEP 562): every build reads its layout
through layout.py (`check_colours`), and only a game whose faces are data draws them.
"""
from __future__ import annotations

__all__ = ["TYPES", "Element", "FaceContext", "draw_face", "read_face"]
_FROM = {"TYPES": "face", "read_face": "face", "draw_face": "face", "Element": "params", "FaceContext": "params"}


def __getattr__(name: str):
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{_FROM[name]}", __name__), name)
    globals()[name] = value
    return value
