"""Spec loader: card_specs/<id>.yaml → typed `Spec`.

Takes a path and the game's field tables (its `GameDef`); returns a `Spec` in which every
component, back design and field value knows its file:line:col, plus the diagnostics found.
The common keys (game, name, components, backs) are checked here; the fields of each kind come
from the game's tables, so a new game adds data, not loader code. So are the keys every component
and back design may have: `image` (user art, a path relative to the spec's folder, checked by
pnp/load/images.py when the spec is read), `image_box` and `image_bleed`.

A component entry may stand for many: `{table: FILE, kind: K}` one per row of a table
(pnp/load/tables.py), `{range: 1..104, kind: K, id: "card-{n}", number: "{n}"}` one per number of
the range, `{n}` in its values filled with the number. A field its kind declares `derive:` for
is worked out from the card's other fields here, and is never written.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..records import field, record, replace
from ..diagnostics import Diagnostic, InputError, Loc, Report, one_of
from .images import UserImage, resolve
from .schema import ID_PATTERN, INVALID, Field, Id, Int, Length, ListOf, Number, Raw, Record, Text, Type, read_fields
from .yamlload import MAX_NUMBER_CHARS, Node, load, type_name

if TYPE_CHECKING:  # pragma: no cover
    from ..games.base import GameDef

MAX_COUNT = 999
NO_BACK = "none"  # `back: none` on a component: printed one-sided, whatever the spec's default
LANGS = ("en", "zh-TW")
NAMES = Record([Field("en", Text()), Field("zh-TW", Text())])
RANGE = re.compile(r"^\s*(-?[0-9]{1,9})\s*\.\.\s*(-?[0-9]{1,9})\s*$")  # ASCII digits: what int() reads
WHOLE = re.compile(r"-?[0-9]{1,%d}" % MAX_NUMBER_CHARS)  # a filled-in number as YAML would read it (longer: text)
FILL = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")  # {n}, and {{ / }} for a brace
MAX_GENERATED = 5000  # the components a spec's ranges make, together
# User art, on any component or back design: the image, the layout box it fills, its own bleed.
IMAGE_FIELDS = [Field("image", Text(500), required=False), Field("image_box", Id(), required=False),
                Field("image_bleed", Length(lo_mm=0, hi_mm=20), required=False, default=0.0)]


@record
class Item:
    """A component or a back design: id, kind, its kind's fields, and where each came from."""

    id: str
    kind: str
    fields: dict[str, Any]
    locs: dict[str, Loc]
    loc: Loc
    count: int = 1
    back: str | None = None
    image: UserImage | None = None  # user art (pnp/load/images.py), checked: the file exists and reads

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def loc_of(self, name: str) -> Loc:
        return self.locs.get(name, self.loc)

    @property
    def count_written(self) -> bool:
        """Whether the spec writes this component's `count:` (otherwise it is 1)."""
        return self.loc_of("count") != self.loc

    def as_json(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "count": self.count}
        if self.back is not None:
            out["back"] = self.back
        if self.image is not None:
            out["image"] = self.image.written
            if self.image.box is not None:
                out["image_box"] = self.image.box
        out.update(self.fields)
        return out


@record
class Spec:
    """A game's spec as read: its name, its components and back designs, each located, and its other
    sections, with the specs folder and tables it was read from."""

    game: str
    name: dict[str, str]
    components: list[Item]
    backs: dict[str, Item]
    path: str
    loc: Loc  # the 'components' key, for facts about the deck as a whole
    sections: dict[str, Any] = field(default_factory=dict)
    base: Path | None = None  # the specs folder: tables and images are named relative to it
    tables: list[Path] = field(default_factory=list)  # the tables its components come from
    definition: Any = field(default=None, repr=False, compare=False)  # the GameDef it was read for

    def of_kind(self, *kinds: str) -> list[Item]:
        return [c for c in self.components if c.kind in kinds]

    def total(self, *kinds: str) -> int:
        return sum(c.count for c in self.of_kind(*kinds))

    def count_loc(self, *kinds: str, expected: int | None = None) -> Loc:
        """Where a total of these kinds that is off is reported: the `count:` line of the one
        component that makes it — the only one, or given the total `expected`, the one that
        stands out (`odd_one`) — else the `components:` line (the message names the parts)."""
        parts = self.of_kind(*kinds)
        if len(parts) == 1:
            return parts[0].loc_of("count")
        blamed = None if expected is None else odd_one(parts, self.total(*kinds) - expected)
        return blamed.loc_of("count") if blamed is not None else self.loc

    def count_parts(self, *kinds: str, many: int = 6) -> str:
        """The components whose counts add up to a total, for a message: each with its count and
        line when they are few; otherwise the totals per kind and every component written with a
        `count:` (the lines a total is usually changed on)."""
        parts = self.of_kind(*kinds)
        if not parts:
            return "no " + " or ".join(kinds) + " component"

        def one(c: Item) -> str:
            return f"{c.id} x{c.count} (line {c.loc_of('count').line})"

        if len(parts) <= many:
            return ", ".join(one(c) for c in parts)
        per_kind = ", ".join(f"{self.total(k)} {k}" for k in kinds if self.of_kind(k))
        written = [c for c in parts if c.count_written]
        if not written:
            return f"{per_kind}: {len(parts)} components of one card each"
        rest = len(parts) - len(written)
        shown = [one(c) for c in written] + [f"{rest} other component{'s' if rest != 1 else ''} x1"] * bool(rest)
        return f"{per_kind}; {', '.join(shown)}"

    def copies(self, *kinds: str) -> list[tuple[Item, int]]:
        """Every physical card of these kinds as (component, copy number from 1)."""
        return [(c, k) for c in self.of_kind(*kinds) for k in range(1, c.count + 1)]


def odd_one(parts: list[Item], excess: int) -> Item | None:
    """The one component a total that is `excess` cards too many can be blamed on: the only one
    whose `count:` could give the extra copies back and keep one (coins x1 and one x2: the x2;
    one card written x50). None when several could, or the total is short (any line could be
    the one that lost a copy, or a line is missing): the message then names the parts."""
    if excess <= 0:
        return None
    able = [c for c in parts if c.count - excess >= 1]
    return able[0] if len(able) == 1 else None


class GameName(Type):
    """A game's `name:`: one text, used for every language, or `{en, zh-TW}` (NAMES).
    Reads as {"en": …, "zh-TW": …} either way, so every reader of a game's name finds both."""

    def describe(self) -> str:
        return "one text (for every language) or a mapping with keys en, zh-TW"

    def read(self, node, report, what):
        if node.is_map:
            return NAMES.read(node, report, what)
        if node.kind != "scalar" or not isinstance(node.value, str):
            report.error(node.loc, "SPEC-TYPE", f"{what} is {type_name(node)}, expected {self.describe()}")
            return INVALID
        v = Text().read(node, report, what)
        return INVALID if v is INVALID else {lang: v for lang in LANGS}


def load_spec(path: str | Path, game: "GameDef", display: str | None = None) -> tuple[Spec | None, Report]:
    """Load and check a spec file. Returns (spec or None when unusable, diagnostics)."""
    display = display or str(path)
    try:
        root = load(path, display)
    except InputError as exc:
        return None, exc.report
    return read_spec(root, path, game, display)


def read_spec(root: Node, path: str | Path, game: "GameDef", display: str) -> tuple[Spec | None, Report]:
    """A spec's YAML (read by `load`) checked against the game's field tables."""
    report = Report()
    top_fields = [
        Field("game", Text()),
        Field("name", GameName()),  # one text for every language, or {en, zh-TW}
        Field("components", Raw('seq')),
        Field("backs", Raw('seq'), required=False, default=None),
        Field("back", Id(), required=False, default=None),
    ] + list(game.sections)
    values, locs = read_fields(root, top_fields, report, f"the {game.id} spec", extra_ok=game.spec_keys)
    if values["game"] not in (INVALID, game.id):
        report.error(locs["game"], "SPEC-GAME", f"'game' is '{values['game']}', expected '{game.id}' for {display}")
    base = Path(path).parent  # images are named relative to the spec's folder
    tables: list[Path] = []
    backs = _read_items(root.get("backs"), game.back_kinds, report, "back design", False, base)
    comps = _read_items(root.get("components"), game.kinds, report, "component", True, base, tables)
    for b in backs:
        if b.id == NO_BACK:
            report.error(b.loc_of("id"), "SPEC-ID", f"a back design cannot be called '{NO_BACK}': "
                                                    f"on a component, back: {NO_BACK} means no back at all")
    default_back = values["back"] if values["back"] is not INVALID else None
    for c in comps:
        if c.back is None and default_back is not None:
            c.back, c.locs["back"] = default_back, locs["back"]
        elif c.back == NO_BACK:
            c.back = None
    _check_back_refs(comps, backs, report, _written_ids(root.get("backs")))
    spec = Spec(
        game=game.id,
        name=values["name"] if values["name"] is not INVALID else {},
        components=comps,
        backs={b.id: b for b in backs},
        path=display,
        loc=root.key_loc("components") if "components" in root.value else root.loc,
        sections={f.name: values[f.name] for f in game.sections},
        base=base,
        tables=tables,
        definition=game,
    )
    return spec, report


def _read_items(node: Node | None, kinds: dict[str, list[Field]], report: Report, what: str,
                with_count: bool, base: Path, tables: list[Path] | None = None) -> list[Item]:
    if node is None or not node.is_seq:
        return []
    items: list[Item] = []
    seen: dict[str, tuple[Loc, str]] = {}
    for entries, generated in _entries(node, kinds, report, what, base, tables):
        told = Report() if generated else report  # a range's same mistake at every number: told once
        for child, named in entries:
            item = _read_item(child, kinds, told, named, with_count, base)
            if item is None:
                continue
            if item.id in seen:
                _duplicate(item, named, seen[item.id], what, report)
                continue
            seen[item.id] = (item.loc_of("id"), named)
            items.append(item)
        if generated:
            report.items += _once(told.items)
    return items


def _duplicate(item: Item, named: str, first: tuple[Loc, str], what: str, report: Report) -> None:
    """An id used twice: at the second, naming the first's line (and the number a range made it from)."""
    (loc, first_named), at = first, item.loc_of("id")
    where = f"line {loc.line}" if loc.file == at.file else f"{Path(loc.file).name}:{loc.line}"
    if first_named.startswith("range "):
        where += f", {first_named}"
    here = f" ({named})" if named.startswith("range ") else ""
    report.error(at, "SPEC-DUPLICATE-ID",
                 f"{what} id '{item.id}'{here} is used twice (first at {where}); ids must be unique")


def _once(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A range's diagnostics with the same code at the same place (its template's value) kept
    once, saying how many more numbers of the range it holds for."""
    groups: dict[tuple[Loc, str], list[Diagnostic]] = {}
    for d in diagnostics:
        groups.setdefault((d.loc, d.code), []).append(d)
    out = []
    for first, *more in groups.values():
        if more:
            first = replace(first, message=f"{first.message} (and so for {len(more)} more of the range's numbers)")
        out.append(first)
    return out


def _entries(node: Node, kinds: dict[str, list[Field]], report: Report, what: str, base: Path,
             tables: list[Path] | None) -> list[tuple[list[tuple[Node, str]], bool]]:
    """The entries of a `components:` or `backs:` list, each with what to call it, in groups: a
    `{table: FILE, kind: K}` entry (components only) stands for one entry per row of that table, a
    `{range: LO..HI, …}` entry for one per number (its group marked generated)."""
    out: list[tuple[list[tuple[Node, str]], bool]] = []
    left = MAX_GENERATED
    taken = _written_ids(node)  # the ids a table without an id column must not derive
    for i, child in enumerate(node.value, start=1):
        if tables is not None and child.is_map and "table" in child.value:
            from .tables import entry_rows

            rows, path = entry_rows(child, kinds, COMMON_TYPES, base, report, taken)
            out.append((rows, False))
            if path is not None:
                tables.append(path)
        elif tables is not None and child.is_map and "range" in child.value:
            made = _range_entries(child, kinds, report, left)
            left -= len(made)
            out.append((made, True))
        else:
            out.append(([(child, f"{what} {i}")], False))
    return out


# -- a `range:` entry of a spec's components ---------------------------------------------------------

def _range_entries(entry: Node, kinds: dict[str, list[Field]], report: Report, left: int) -> list[tuple[Node, str]]:
    """`{range: LO..HI, kind: K, id: "card-{n}", FIELD: "{n}", …}`: one component per whole number
    from LO to HI, the entry's other keys its template with `{n}` filled in (a field that reads a
    number gets the number). Every value is located where the template writes it. A range past
    what the spec's ranges may still make (`left` of MAX_GENERATED) is an error, nothing made."""
    span = _span(entry.value["range"], report, left)
    template = {k: v for k, v in entry.value.items() if k != "range"}
    if span is None or not _template_ok(template, report):
        return []
    kind = entry.get("kind")
    types = dict(COMMON_TYPES)
    if kind is not None and kind.kind == "scalar" and kind.value in kinds:
        types.update({f.name: f.type for f in kinds[kind.value]})
    lo, hi = span
    return [(Node("map", entry.loc, {k: _filled(v, n, types.get(k)) for k, v in template.items()},
                  {k: entry.key_loc(k) for k in template}), f"range {lo}..{hi} at n={n}")
            for n in range(lo, hi + 1)]


def _span(node: Node, report: Report, left: int) -> tuple[int, int] | None:
    """The `range:` value LO..HI (whole numbers, LO first), within the spec's budget."""
    m = RANGE.match(node.value) if node.kind == "scalar" and isinstance(node.value, str) else None
    if m is None:
        shown = f"'{node.value}'" if node.kind == "scalar" and isinstance(node.value, str) else type_name(node)
        report.error(node.loc, "SPEC-RANGE-SYNTAX", f"'range' of a component entry is {shown}, expected LOW..HIGH, "
                                                    "two whole numbers such as 1..104")
        return None
    lo, hi = int(m[1]), int(m[2])
    if lo > hi:
        report.error(node.loc, "SPEC-RANGE-SYNTAX", f"range {lo}..{hi} runs downwards; write the lower number first: "
                                                    f"{hi}..{lo}")
        return None
    if hi - lo + 1 > left:
        made = f" ({MAX_GENERATED - left} made already)" if left < MAX_GENERATED else ""
        report.error(node.loc, "SPEC-RANGE-BUDGET", f"range {lo}..{hi} makes {hi - lo + 1} components; a spec's ranges "
                                                    f"make at most {MAX_GENERATED} together{made}")
        return None
    return lo, hi


def _template_ok(template: dict[str, Node], report: Report) -> bool:
    """A range's template fills only `{n}`, and its id holds it (each component its own id)."""
    ok = True
    for node in _scalars(template.values()):
        wrong = [m[1] for m in FILL.finditer(node.value) if m[1] is not None and m[1] != "n"]
        if wrong:
            report.error(node.loc, "SPEC-RANGE-FILL", f"'{{{wrong[0]}}}' is not filled in by a range; only {{n}} is, "
                                                      "the number (write {{ and }} for a brace)")
            ok = False
    ident = template.get("id")
    if ident is not None and ident.kind == "scalar" and "{n}" not in str(ident.value):
        report.error(ident.loc, "SPEC-RANGE-ID", f"the id '{ident.value}' of a range entry has no {{n}}; write it "
                                                 "such as \"card-{n}\" so each component of the range has its own")
        ok = False
    return ok


def _scalars(nodes) -> list[Node]:
    """The text scalars in these nodes, nested ones too."""
    out = []
    for node in nodes:
        if node.is_map or node.is_seq:
            out += _scalars(node.value.values() if node.is_map else node.value)
        elif isinstance(node.value, str):
            out.append(node)
    return out


def _filled(node: Node, n: int, t: Type | None) -> Node:
    """A template's value with `{n}` filled in: a field reading a number (or a list of them) gets
    the number itself, every other text the digits. Values without braces are shared as they are."""
    if node.is_map or node.is_seq:
        item = t.item if isinstance(t, ListOf) else None
        value = ({k: _filled(v, n, None) for k, v in node.value.items()} if node.is_map
                 else [_filled(v, n, item) for v in node.value])
        return Node(node.kind, node.loc, value, node.key_locs)
    if not isinstance(node.value, str) or "{" not in node.value and "}" not in node.value:
        return node
    text = FILL.sub(lambda m: str(n) if m[1] == "n" else m[0][0], node.value)
    if isinstance(t, (Int, Number)) and WHOLE.fullmatch(text.strip()):
        return Node("scalar", node.loc, int(text))
    return Node("scalar", node.loc, text)


# The keys every component has, as a table's columns read them.
COMMON_TYPES = {"id": Id(), "count": Int(1, MAX_COUNT), "back": Id(), **{f.name: f.type for f in IMAGE_FIELDS}}


def _read_item(node: Node, kinds: dict[str, list[Field]], report: Report, what: str,
               with_count: bool, base: Path) -> Item | None:
    if not node.is_map:
        report.error(node.loc, "SPEC-TYPE", f"{what} is {type_name(node)}, expected a mapping with 'id' and 'kind'")
        return None
    common = [Field("id", Id()), Field("kind", Text())]
    if with_count:
        common += [Field("count", Int(1, MAX_COUNT), required=False, default=1),
                   Field("back", Id(), required=False, default=None)]
    kind_node = node.get("kind")
    kind = kind_node.value if kind_node is not None and kind_node.kind == "scalar" else None
    ident = node.get("id")
    if ident is not None and ident.kind == "scalar" and re.fullmatch(ID_PATTERN, str(ident.value)):
        what = f"{what} '{ident.value}'"
    known = isinstance(kind, str) and kind in kinds
    own: list[Field] = kinds[kind] if known else []
    told = [k for k in node.key_locs if k not in node.value]  # a table's cell whose problem was told (a formula)
    own = [replace(f, required=False) if f.name in told else f for f in own]
    if not known and kind_node is not None:
        report.error(kind_node.loc, "SPEC-KIND",
                     f"kind '{kind}' of {what} is not known, expected one of {one_of(kinds)}")
    derived = [f for f in own if f.derive is not None]
    node = _without_derived(node, derived, report, what)
    # with an unknown kind its other keys cannot be judged: report only the kind
    common_keys = [f.name for f in common + IMAGE_FIELDS]
    unjudged = [] if known or kind_node is None else [k for k in node.value if k not in common_keys]
    written = [f for f in own if f.derive is None]
    values, locs = read_fields(node, common + written + IMAGE_FIELDS, report, what, extra_ok=unjudged)
    if values is INVALID or values["id"] is INVALID or not known:
        return None
    for f in derived:
        values[f.name], locs[f.name] = _derived(f, values, locs, node, report, what)
    fields = {f.name: values[f.name] for f in own}
    return Item(
        id=values["id"], kind=kind, fields=fields, locs=locs, loc=node.loc,
        count=values.get("count", 1) if values.get("count", 1) is not INVALID else 1,
        back=values.get("back") if values.get("back") is not INVALID else None,
        image=_image(values, locs, node, base, report, what),
    )


def _without_derived(node: Node, derived: list[Field], report: Report, what: str) -> Node:
    """The item's node without the derived fields it writes, each an error at the written value
    (a cell of a table): a derived value is worked out, never written, so it cannot be misprinted."""
    if not node.is_map or not any(f.name in node.value for f in derived):
        return node
    for f in derived:
        if f.name in node.value:
            at, src = f.derive.where, f.derive.source
            decl = f"line {at.line}" if at.file == node.loc.file else f"{at.file}:{at.line}"
            report.error(node.value[f.name].loc, "SPEC-DERIVED",
                         f"'{f.name}' of {what} is derived from '{src}' (by the cases at {decl}), so it is not "
                         f"written: remove it, and the card's '{src}' gives it")
    names = {f.name for f in derived}
    return Node("map", node.loc, {k: v for k, v in node.value.items() if k not in names}, node.key_locs)


def _derived(f: Field, values: dict[str, Any], locs: dict[str, Loc], node: Node, report: Report,
             what: str) -> tuple[Any, Loc]:
    """A derived field's value on this item, from its source's, located where the source is
    written; a required one without a value (its source has none) is an error there."""
    src = f.derive.source
    at = locs.get(src, node.loc)
    if values.get(src) is INVALID:
        return INVALID, at
    value = f.derive.of(values)
    if value is None and f.required:
        report.error(at, "SPEC-MISSING-KEY", f"{what} has no '{src}', which its '{f.name}' is derived from")
        return INVALID, at
    return (f.default if value is None else value), at


def _image(values: dict, locs: dict[str, Loc], node: Node, base: Path, report: Report, what: str) -> UserImage | None:
    """The item's user art, its file checked (pnp/load/images.py); None when it names none or it
    cannot be used (reported)."""
    written = values["image"]
    if written is None:
        for key in ("image_box", "image_bleed"):
            if key in node.value:
                report.error(node.key_loc(key), "SPEC-MISSING-KEY", f"'{key}' of {what} places an image, but {what} "
                                                                    "has no 'image' (a PNG or JPEG path relative to the spec)")
        return None
    if INVALID in (written, values["image_box"], values["image_bleed"]):
        return None
    path = resolve(written, base, locs["image"], report, decode=False)  # decoded once the layout says its size
    if path is None:
        return None
    box_loc = locs["image_box"] if "image_box" in node.value else None
    return UserImage(written, path, locs["image"], values["image_box"], box_loc, values["image_bleed"])


def _written_ids(node: Node | None) -> set[str]:
    """The ids written in a list of entries, read or not (an entry with an error is told there)."""
    if node is None or not node.is_seq:
        return set()
    return {e.value["id"].value for e in node.value if e.is_map and "id" in e.value and e.value["id"].kind == "scalar"}


def _check_back_refs(comps: list[Item], backs: list[Item], report: Report, written: set[str] = frozenset()) -> None:
    ids = [b.id for b in backs]
    reported = set()
    for c in comps:
        if c.back in written and c.back not in ids:
            continue  # a back design whose entry is wrong: said at the entry, not again at every card
        if c.back is not None and c.back not in ids and c.loc_of("back") not in reported:
            reported.add(c.loc_of("back"))
            accepted = one_of(ids) if ids else "none (the spec has no 'backs' section)"
            report.error(c.loc_of("back"), "SPEC-DANGLING-REF",
                         f"back '{c.back}' (used by component '{c.id}') is not a back design; defined backs: {accepted} "
                         f"('{NO_BACK}' prints the component without a back)")
