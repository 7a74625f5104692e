"""Content hashes of what a piece's drawing and its sheets depend on.

Takes a loaded game and build options; returns short SHA-256 hex digests. The render cache of
`pnp watch` keys faces and backs by them (a face is drawn again only when its key changes), and
the manifest of a full build records one per component so `pnp build --changed` can tell which
components differ since then. What goes into each:

- a face: the component's entry (kind, fields, back id, image path, box and bleed, the image
  file's bytes; for a declared game also its layout's face elements, the attributes (`choices:`)
  of the choice values the entry holds, the bytes of the pictures
  they name and of those its image fields name), the template it is drawn on (shape, size,
  boxes, overlap; and the outlines of the edition's other templates, which a board's spaces are
  drawn to fit), the options that change a drawing (lang, bleed, diamonds, edition), the game's
  name and sections and whatever the game's renderer reads from the rest of the deck
  (`GameDef.deck_context`: The Jam's recipe table);
- a back: the same for the back design, plus the component's entry when the design is drawn per
  card (`GameDef.per_card_backs`);
- a component: its face and back keys and its count (copies take places on the sheets).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..imposition import piece_bleed
from ..records import fields, is_record

DROPPED = {"loc", "locs", "box_loc"}  # where a value was written: moving a line changes no drawing
_file_hashes: dict[tuple, str] = {}


def digest(value: Any, plain: bool = False) -> str:
    """`plain`: the value is JSON data already (lists, dicts, numbers, text), as a sheet map is."""
    text = json.dumps(value if plain else _plain(value), sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


_SCALARS = (str, int, float, bool, type(None))


def _plain(v: Any) -> Any:
    if type(v) in _SCALARS:  # most values, asked first
        return v
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, Path):
        return str(v)
    if is_record(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in fields(v) if f.name not in DROPPED}
    return v


def file_hash(path: Path) -> str:
    """The file's SHA-256, read again only when its size or modification time changes. A file
    replaced since it was checked by something that is not a regular file (a pipe) is not read."""
    from ..writers.jsonfile import NotReadable
    from ..writers.outputs import sha256

    try:
        st = path.stat()
    except OSError:
        return "missing"
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _file_hashes:
        try:
            _file_hashes[key] = sha256(path)
        except (OSError, NotReadable):
            return "unreadable"
    return _file_hashes[key]


def item_entry(item) -> dict:
    """A component's or back design's entry as the drawing sees it."""
    out = {"id": item.id, "kind": item.kind, "fields": _plain(item.fields), "back": item.back}
    if item.image is not None:
        im = item.image
        out["image"] = [im.written, im.box, im.bleed, file_hash(Path(im.path))]
    return out


def _typefaces(layout) -> dict:
    """The layout's own fonts and icons as files (path, size, modification time): a font or an
    icon saved again draws every face anew."""
    def stamp(path) -> list:
        try:
            st = path.stat()
            return [str(path), st.st_size, st.st_mtime_ns]
        except OSError:
            return [str(path)]

    fams = getattr(layout, "fonts", None) or {}
    icons = getattr(layout, "icons", None) or {}
    return {"fonts": {n: {s: stamp(p) for s, p in f.files.items()} for n, f in sorted(fams.items())},
            "icons": {n: stamp(p) for n, p in sorted(icons.items())}}


def keys_for(loaded, opts) -> "Keys":
    """The keys of one build: made once for a loaded game and its options, and shared by the
    render cache, the manifest and the preview, so each face is hashed once a build."""
    memo = loaded.__dict__.setdefault("_keys", {})
    found = memo.get(id(opts))
    if found is None or found[0] is not opts:
        found = memo[id(opts)] = (opts, Keys(loaded, opts))
    return found[1]


class Keys:
    """Face, back and component keys for one loaded game built with one set of options."""

    def __init__(self, loaded, opts):
        from ..options import edition_of

        spec, game = loaded.spec, loaded.game
        self.loaded, self.opts = loaded, opts
        self.edition = edition_of(loaded, opts)
        context = game.deck_context(spec) if getattr(game, "deck_context", None) else None
        outlines = {t.name: t.outline for t in self.edition.templates.values()}
        declared = getattr(game, "declared", None)  # a declared game's faces read its choices' attributes
        self._declared = declared is not None
        # faces drawn from the layout's elements read the attributes of the values a card holds
        # (a colour changed reprints the cards of that colour); a package's code may read any
        self._choices = declared.kinds.choices if declared is not None and declared.draws_faces else None
        every = declared.kinds.choices if declared is not None and not declared.draws_faces else None
        self.common = digest({"game": game.id, "name": spec.name, "sections": spec.sections, "deck": context,
                              "outlines": outlines, "options": self.render_options(),
                              "typefaces": _typefaces(getattr(loaded, "layout", None)),
                              **({"choices": every} if every is not None else {})})
        self._templates: dict[str, str] = {}
        self._faces: dict[tuple[str, str], str] = {}
        self._images = declared.kinds.images if declared else {}
        self._memo: dict[tuple, tuple] = {}  # (side, id(item)) -> (item, key): each hashed once

    def render_options(self) -> dict:
        o = self.opts
        return {"lang": o.lang, "bleed": o.bleed, "diamonds": o.diamonds, "edition": self.edition.name,
                "shop": bool(o.shop)}

    def template(self, name: str) -> str:
        if name not in self._templates:
            t = self.edition.templates[name]
            bleed = piece_bleed(t.outline, self.opts.bleed, self.opts.diamonds)
            self._templates[name] = digest({"template": t, "bleed": bleed})
        return self._templates[name]

    def elements(self, side: str, kind: str) -> str:
        """A declared game's face (or back) elements for a kind, as its layout gives them, with the
        bytes of each picture an `image:` element names by its path (an SVG is one file: it may
        name no other)."""
        if (side, kind) not in self._faces:
            table = self.edition.faces if side == "face" else self.edition.backs
            els = table.get(kind) if table else None
            art = [file_hash(Path(e.value[1])) for e in els or ()
                   if getattr(e, "type", None) == "image" and isinstance(e.value, tuple) and e.value[0] == "file"]
            self._faces[(side, kind)] = (digest([els, art]) if art else digest(els)) if table else ""
        return self._faces[(side, kind)]

    def pictures(self, c) -> list[str]:
        """The bytes of the pictures a declared kind's image fields name (relative to the specs folder)."""
        base = self.loaded.spec.base
        return [file_hash(base / c.get(f)) if c.get(f) and base is not None else "" for f in self._images.get(c.kind, ())]

    def held(self, c) -> dict:
        """The choice attributes of the values `c` holds: what its face's {field.ATTR} can show."""
        if not self._choices:
            return {}
        out = {}
        for name, values in self._choices.items():
            v = c.get(name)
            for x in v if isinstance(v, list) else [v]:
                if isinstance(x, str) and x in values:
                    out.setdefault(name, {})[x] = values[x]
        return out

    def face(self, c) -> str:
        got = self._memo.get(("face", id(c)))
        if got is None or got[0] is not c:
            got = self._memo[("face", id(c))] = (c, self._face(c))
        return got[1]

    def back(self, c) -> str | None:
        got = self._memo.get(("back", id(c)))
        if got is None or got[0] is not c:
            got = self._memo[("back", id(c))] = (c, self._back(c))
        return got[1]

    def _face(self, c) -> str:
        t = self.edition.template_for(c.kind)
        extra = [self.elements("face", c.kind), self.pictures(c), self.held(c)] if self._declared else []
        return digest(["face", self.common, self.template(t.name), item_entry(c), *extra])

    def _back(self, c) -> str | None:
        if c.back is None:
            return None
        design = self.loaded.spec.backs[c.back]
        t = self.edition.template_for(c.kind)
        if design.kind in self.loaded.game.per_card_backs:
            return self._design(design, t, item_entry(c))
        shared = ("design", c.back, t.name)  # one back design on one template: hashed once, not once a card
        if shared not in self._memo:
            self._memo[shared] = self._design(design, t, None)
        return self._memo[shared]

    def _design(self, design, t, card) -> str:
        extra = [self.elements("back", design.kind), self.pictures(design), self.held(design)] if self._declared else []
        return digest(["back", self.common, self.template(t.name), item_entry(design), card, *extra])

    def component(self, c) -> str:
        return digest([self.face(c), self.back(c), c.count])

    def components(self) -> dict[str, str]:
        return {c.id: self.component(c) for c in self.loaded.spec.components}
