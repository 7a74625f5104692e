"""Games declared in data: a designer's own game needs no Python.

A spec whose `game:` no installed package claims, and which declares `kinds:`, is a declared
game: its kinds and fields, choice attributes, player counts, variants, deck rules and setup are
all read from the spec (kinds.py, rules.py, setup.py) and its faces from its layout
(pnp/render/elements/). `declare` turns those keys into the same `GameDef` every command reads,
its hooks the declared engine's. A game package may also leave to its spec what the spec can say
(GEM keeps only its art and its scorer in Python): its own hooks then stand beside the declared
ones. Such a package declares its game in `game.yaml` beside its `__init__.py` (`from_package`
the registry reads it with `declare_package`), with the same keys a spec's declaration has; the spec then
holds only what a copy of the game contains.
"""
from __future__ import annotations

from ...records import field, record
from ...diagnostics import Loc, Report, one_of
from ...load.schema import INVALID, Int, ListOf, Localized, Text
from ...load.spec import Item, Spec
from ...load.yamlload import Node
from ..base import GameDef, SetupError, SetupResult
from . import decks, rules as deck_rules, scoring as scoring_model, setup as deal
from .kinds import Kinds, read_kinds

KEYS = ("kinds", "choices", "players", "variants", "rules", "setup", "names", "back_kinds", "scoring",
        "default_variant", "nouns", "numbers", "dummies", "backs_too")
MAX_PLAYERS = 99


@record
class Declaration:
    """What a spec declares: the game's kinds, player counts, variants, rules and setup."""

    kinds: Kinds
    players: list[int]
    variants: list[str]
    rules: list[deck_rules.Rule] = field(default_factory=list)
    steps: list[deal.Step] = field(default_factory=list)
    loc: Loc | None = None  # the `kinds:` key
    draws_faces: bool = True  # False when a game package's own code draws the faces (GEM's art)
    names: dict[str, dict[str, list]] = field(default_factory=dict)  # kind -> lang -> name template parts
    home: str | None = None  # the package file it was read from (None: the spec declares it)
    scoring: scoring_model.Scoring | None = None  # what a finished game scores (scoring.py)
    default_variant: str | None = None  # the variant played when none is asked for (`default_variant:`)
    variant_names: dict[str, dict[str, str]] = field(default_factory=dict)  # variant -> {en, zh-TW}
    nouns: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)  # kind -> lang -> (one, many)
    numbers: dict[str, float] = field(default_factory=dict)  # `numbers:`: the rules' named numbers
    dummies: dict[int, int] = field(default_factory=dict)  # player count -> dummy seats (`dummies:`)

    def face_down_decks(self, spec: Spec) -> list:
        """The components of each face-down deck its setup makes, for every player count and variant."""
        return decks.face_down_decks(spec, self.steps, self.players, self.variants,
                                     lambda p, v: deal.in_play(spec, self.steps, p, v))


def declares(root: Node) -> bool:
    return root.is_map and "kinds" in root.value


def declare(root: Node, game_id: str, package: GameDef | None, report: Report) -> GameDef | None:
    """The game the spec declares (its package's hooks kept where it has them), or None when the
    declaration cannot be read (every problem reported)."""
    at = root.key_loc("kinds")
    kinds = read_kinds(root.get("kinds"), root.get("choices"), report, at)
    players = _players(root, report)
    variants = _variants(root, report)
    if not kinds.fields or players is None or variants is None:
        return None
    d = Declaration(kinds, players, variants, loc=at)
    _read_extras(d, root, report)
    d.rules = deck_rules.read_rules(root.get("rules"), kinds, players, variants, report)
    d.steps = deal.read_setup(root.get("setup"), kinds, players, variants, report, numbers=d.numbers,
                              dummies=d.dummies)
    deal.resolve_setup_bounds(d.rules, d.steps, players, report)
    d.names = _names(root.get("names"), kinds, report)
    backs = _back_kinds(root.get("back_kinds"), kinds, report)
    name = _name(root) if package is None or not package.title else package.title
    fronts = {k: v for k, v in kinds.fields.items() if k not in backs} if backs else kinds.fields
    from .extras import backs_too

    too = backs_too(root.get("backs_too"), kinds, backs, report)  # a back design of these kinds has no fields
    game = GameDef(id=game_id, title=name, kinds=fronts,
                   back_kinds={**{k: kinds.fields[k] for k in backs}, **{k: [] for k in too}} if backs else kinds.fields,
                   boxes=(),
                   players=tuple(players), variants=tuple(variants), declared=d, spec_keys=KEYS)
    game.validate = lambda spec, rep: validate(d, spec, rep)
    game.render_face = lambda item, ctx: _faces().render_face(d, item, ctx)
    game.render_back = lambda design, ctx, card=None: _faces().render_back(d, design, ctx)
    game.setup = lambda spec, n, seed, variant=None, lang="en": setup(d, game, spec, n, seed, variant, lang)
    game.card_name = lambda item, spec, lang="en": card_name(d, item, lang)
    d.scoring = scoring_model.read_scoring(root.get("scoring"), kinds, list(fronts), players, variants, report)
    if d.scoring is not None:
        game.score = lambda spec, path, display: scoring_model.score(d.scoring, game, spec, path, display)
    if package is not None:  # its own hooks stand where it has them (GEM: its art)
        for hook in ("render_face", "render_back", "score", "deck_context", "card_name"):
            if _present(getattr(package, hook)):
                setattr(game, hook, getattr(package, hook))
        if _present(package.validate):  # the checks data cannot say, after the declared ones
            game.validate = lambda spec, rep, own=package.validate: (validate(d, spec, rep), own(spec, rep))
            game.setup = lambda spec, n, seed, variant=None, lang="en", own=package.validate: setup(
                d, game, spec, n, seed, variant, lang, own)
        d.draws_faces = not _present(package.render_face)
        game.per_card_backs = package.per_card_backs
        if package.boxes:
            game.boxes = package.boxes
    return game


def _read_extras(d: Declaration, root: Node, report: Report) -> None:
    """The keys a game adds to its kinds, players and variants (extras.py): the default variant,
    the variants' names, the kinds' nouns, the rules' named numbers and the dummy seats."""
    from . import extras

    extras.read(d, root, report)


def _present(hook) -> bool:
    """A package's hook is there — its module exists — told without importing it (a renderer
    would load reportlab into `pnp validate`)."""
    from importlib import util

    from ..base import Hook

    if isinstance(hook, Hook):
        return util.find_spec(hook.module) is not None
    return bool(hook)


def declare_package(game_id: str, package: GameDef, module: str, path) -> GameDef:
    """The game a package declares in its `game.yaml` (`path`), its own hooks kept: the registry's
    GameDef for it. A declaration that cannot be read is the package's fault, told as UnknownGame
    with every located problem."""
    from ...load.yamlload import load
    from ...diagnostics import InputError
    from ..base import UnknownGame

    shown = f"{module.replace('.', '/')}/{path.name}"
    report = Report()
    try:
        root = load(path, shown)
    except InputError as exc:
        report = exc.report
        root = None
    game = declare(root, game_id, package, report) if root is not None else None
    if game is None or report.errors:
        raise UnknownGame(f"game '{game_id}': its declaration {path} cannot be read:\n"
                          + "\n".join(str(x) for x in report.sorted()))
    game.declared.home = shown
    game.spec_keys = ()  # the package declares the game; its spec holds the components
    return game


def _names(node: Node | None, kinds: Kinds, report: Report) -> dict[str, dict[str, list]]:
    """`names: {KIND: TEXT | {en, zh-TW}}`: how a card of the kind is called in setups, scores and
    `where` (its face's placeholders: "Coin {value}", "{gems.name| + } (invest {invest})")."""
    from ...render.elements import placeholders

    if node is None:
        return {}
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", "'names' is a mapping of kinds to the name a card of the kind is "
                                               "called by, such as  coin: \"Coin {value}\"")
        return {}
    out: dict[str, dict[str, list]] = {}
    for kind, text in node.value.items():
        if kind not in kinds.fields:
            report.error(node.key_loc(kind), "DECLARE-KIND", f"'{kind}' in 'names' is not a declared kind; kinds: "
                                                             f"{one_of(kinds.fields)}")
            continue
        got = Localized(300).read(text, report, f"'names' of {kind}")
        if got is INVALID:
            continue
        got = got if isinstance(got, dict) else {"en": got}
        fields = {f.name: f.type for f in kinds.fields[kind]}
        broken = {f.name for f in kinds.fields[kind] if type(f.type).__name__ == "Broken"}
        for lang, template in got.items():
            try:
                parts = placeholders.parse(template)
            except ValueError as exc:
                report.error(text.loc, "DECLARE-NAME", f"'names' of {kind} ({lang}): {exc}")
                continue
            if placeholders.uses(parts) & broken:
                continue  # a field declared wrongly: told at its declaration, not again here
            wrong = placeholders.problems(parts, fields, kinds.choices)
            if wrong:
                said = wrong[0].replace("this face can use", "a name of this kind can use")
                report.error(text.loc, "DECLARE-NAME", f"'names' of {kind} ({lang}): {said}")
                continue
            out.setdefault(kind, {})[lang] = parts
    return out


def _back_kinds(node: Node | None, kinds: Kinds, report: Report) -> list[str]:
    """`back_kinds: [KIND, …]`: the kinds of back designs only (the rest are the components');
    without it every kind serves both."""
    if node is None:
        return []
    got = ListOf(Text(64), 1).read(node, report, "'back_kinds'")
    if got is INVALID:
        return []
    for k in got:
        if k not in kinds.fields:
            report.error(node.loc, "DECLARE-KIND", f"'{k}' in 'back_kinds' is not a declared kind; kinds: "
                                                   f"{one_of(kinds.fields)}")
            return []
    if set(got) == set(kinds.fields):
        report.error(node.loc, "DECLARE-KIND", "'back_kinds' names every kind: the components need one of their own")
        return []
    return list(got)


def _faces():
    """The face renderer (reportlab, fonts): loaded by the commands that draw, not by validate."""
    from . import faces

    return faces


def _name(root: Node) -> str:
    n = root.get("name")
    if n is not None and n.is_map and n.get("en") is not None:
        return str(n.value["en"].value)
    if n is not None and n.kind == "scalar" and n.value:
        return str(n.value)
    g = root.get("game")
    return str(g.value) if g is not None else "game"


def _players(root: Node, report: Report) -> list[int] | None:
    node = root.get("players")
    if node is None:
        report.error(root.key_loc("kinds"), "DECLARE-MISSING", "a declared game needs 'players': the player counts "
                                                               "it supports, such as  players: [2, 3, 4]")
        return None
    got = ListOf(Int(1, MAX_PLAYERS), 1).read(node, report, "'players'")
    if got is INVALID:
        return None
    if len(set(got)) != len(got):
        report.error(node.loc, "DECLARE-RANGE", "'players' names a player count twice")
    return sorted(set(got))


def _variants(root: Node, report: Report) -> list[str] | None:
    """The game's variants; `default` is not one: it names the game played without a variant."""
    node = root.get("variants")
    if node is None:
        return []
    if node.is_map:  # {NAME: {en, zh-TW}}: each variant with the name a setup calls it by (extras.py)
        from .extras import variant_ids

        node = variant_ids(node)
    got = ListOf(Text(40), 1).read(node, report, "'variants'")
    if got is INVALID:
        return None
    if deal.DEFAULT in got:
        report.error(node.loc, "DECLARE-VARIANT", f"'variants' names '{deal.DEFAULT}', which is the game played without "
                                                  "a variant (rules and setup steps say so with default); call the "
                                                  "variant otherwise")
    return list(dict.fromkeys(v for v in got if v != deal.DEFAULT))


def check_images(d: Declaration, spec: Spec, report: Report) -> None:
    """Every value of an image field names a readable PNG or JPEG inside the specs folder (the
    rule for user art): an input error at the value — a cell of a table — when it does not."""
    from ...load.images import resolve

    for item in [*spec.components, *spec.backs.values()]:
        for name in d.kinds.images.get(item.kind, []):
            written = item.get(name)
            if isinstance(written, str) and written and spec.base is not None:  # not one told wrong (INVALID)
                resolve(written, spec.base, item.loc_of(name), report)  # decoded once, cached


def validate(d: Declaration, spec: Spec, report: Report) -> None:
    deck_rules.check_refs(spec, d.kinds, report)
    deal.check_gives(spec, d.steps, report)
    deck_rules.check(d.rules, spec, d.kinds, d.players, d.variants,
                     lambda p, v: deal.in_play(spec, d.steps, p, v), report,
                     default=d.default_variant)
    deal.check_leftovers(spec, d.steps, d.players, d.variants, report, dummies=d.dummies)


def setup(d: Declaration, game: GameDef, spec: Spec, players: int, seed: int, variant: str | None,
          lang: str, own=None) -> SetupResult:
    """The deal for this many players, seed and variant; a package's own checks (`own`, its
    validate.py) refuse first a deck they break: a SetupError naming the breaks (exit 1)."""
    if players not in d.players:
        raise SetupError(f"{game.title} is played by {_counts(d.players)} player{'' if d.players == [1] else 's'}, "
                         f"not {players}")
    if variant is not None and variant not in d.variants:
        raise SetupError(f"{game.title} has no variant '{variant}'; its variants: {one_of(d.variants) or 'none'}")
    if not d.steps:
        raise SetupError(f"{game.title} declares no setup (add setup: to its spec)", usage=False)
    refused = None
    if own is not None:
        said = Report()
        own(spec, said)
        if said.errors:
            refused = SetupError(f"{game.title} cannot be set up from this deck: "
                                 + "; ".join(f"{x.code}: {x.message}" for x in said.sorted() if x in said.errors),
                                 usage=False)
    variant = variant or d.default_variant
    try:  # a deck the checks refuse is still dealt, so that a deal that fails says where it stopped too
        table = deal.deal(spec, d.steps, players, seed, variant, dummies=d.dummies.get(players, 0))
    except SetupError as e:
        if refused is None:
            raise
        raise SetupError(f"{refused}; and dealing it, {e}", usage=False) from e
    if refused is not None:
        raise refused
    from . import setup_text  # what `pnp setup` prints: no other command reads it

    return setup_text.result(spec, table, seed, variant, lang, lambda item, lang: game.card_name(item, spec, lang),
                             game.title, d.variant_names.get(variant or ""), always=d.default_variant is not None)


def _counts(players: list[int]) -> str:
    """'2 to 4' for a run of player counts, else '2, 3 or 5'."""
    if len(players) > 2 and players == list(range(players[0], players[-1] + 1)):
        return f"{players[0]} to {players[-1]}"
    return one_of(map(str, players))


def card_name(d: Declaration, item: Item, lang: str = "en") -> str:
    """A card's name: its kind's `names:` template filled in `lang` (English where it has none in
    that language); else its first text field in `lang`; else its id — as text, its markup read
    (`**Lantern** 7 :star:` is named 'Lantern 7 ★')."""
    from ...render.rich import as_text

    if item.kind in d.names:
        from ...render.elements import placeholders

        parts = d.names[item.kind].get(lang) or d.names[item.kind]["en"]
        return as_text(placeholders.fill(parts, item, lang, d.kinds.choices, ""))
    for f in d.kinds.fields.get(item.kind, []):
        if isinstance(f.type, Localized) and item.get(f.name):
            v = item.get(f.name)
            return as_text(v.get(lang) or v.get("en") or item.id)
    return item.id
