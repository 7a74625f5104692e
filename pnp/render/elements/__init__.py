"""Faces as data: the elements a declared game's layout draws a face or a back with.

`faces: {KIND: [elements]}` and `backs: {BACK-KIND: [elements]}` in a layout. An element is a
mapping whose type key comes first — `rect`, `ellipse`, `line` (the box it fills, or `all`),
`text`, `image`, `symbol` (what to show, placed by `box:` or x, y, width, height). Each type is
one module here, with its own keys, checks and drawing; what they share — placement, paint,
`when:`, `turn: 180` — is in params.py, `{field}` substitution in placeholders.py, and reading a
list of them and drawing it in face.py.
"""
from .face import TYPES, read_face, draw_face
from .params import Element, FaceContext

__all__ = ["TYPES", "Element", "FaceContext", "draw_face", "read_face"]
