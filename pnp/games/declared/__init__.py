"""Games declared in data: a designer's own game needs no Python.

A spec whose `game:` no installed package claims, and which declares `kinds:`, is a declared
game: its kinds and fields, choice attributes, player counts, variants, deck rules and setup are
all read from the spec (kinds.py, rules.py, setup.py) and its faces from its layout
(pnp/render/elements/). `declare` turns those keys into the same `GameDef` every command reads,
its hooks the declared engine's. A game package may also leave to its spec what the spec can say
(GEM keeps only its art in Python): its own hooks then stand beside the declared ones.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...diagnostics import Loc, Report, one_of
from ...load.schema import INVALID, Int, ListOf, Localized, Text
from ...load.spec import Item, Spec
from ...load.yamlload import Node
from ..base import GameDef, SetupError, SetupResult
from . import rules as deck_rules, setup as deal
from .kinds import Kinds, read_kinds

KEYS = ("kinds", "choices", "players", "variants", "rules", "setup")
MAX_PLAYERS = 99


@dataclass
class Declaration:
    """What a spec declares: the game's kinds, player counts, variants, rules and setup."""

    kinds: Kinds
    players: list[int]
    variants: list[str]
    rules: list[deck_rules.Rule] = field(default_factory=list)
    steps: list[deal.Step] = field(default_factory=list)
    loc: Loc | None = None  # the `kinds:` key
    draws_faces: bool = True  # False when a game package's own code draws the faces (GEM's art)


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
    d.rules = deck_rules.read_rules(root.get("rules"), kinds, players, variants, report)
    d.steps = deal.read_setup(root.get("setup"), kinds, players, variants, report)
    name = _name(root)
    game = GameDef(id=game_id, title=name, kinds=kinds.fields, back_kinds=kinds.fields, boxes=(),
                   players=tuple(players), variants=tuple(variants), declared=d, spec_keys=KEYS)
    game.validate = lambda spec, rep: validate(d, spec, rep)
    game.render_face = lambda item, ctx: _faces().render_face(d, item, ctx)
    game.render_back = lambda design, ctx, card=None: _faces().render_back(d, design, ctx)
    game.setup = lambda spec, n, seed, variant=None, lang="en": setup(d, game, spec, n, seed, variant, lang)
    game.card_name = lambda item, spec, lang="en": card_name(d, item, lang)
    if package is not None:  # its own hooks stand where it has them (GEM: its art)
        for hook in ("render_face", "render_back", "score", "deck_context"):
            if getattr(package, hook):
                setattr(game, hook, getattr(package, hook))
        d.draws_faces = not package.render_face
        game.per_card_backs = package.per_card_backs
        if package.boxes:
            game.boxes = package.boxes
    return game


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
    node = root.get("variants")
    if node is None:
        return []
    got = ListOf(Text(40), 1).read(node, report, "'variants'")
    return None if got is INVALID else list(dict.fromkeys(got))


def check_images(d: Declaration, spec: Spec, report: Report) -> None:
    """Every value of an image field names a readable PNG or JPEG inside the specs folder (the
    rule for user art): an input error at the value — a cell of a table — when it does not."""
    from ...load.images import resolve

    for item in [*spec.components, *spec.backs.values()]:
        for name in d.kinds.images.get(item.kind, []):
            written = item.get(name)
            if written and spec.base is not None:
                resolve(written, spec.base, item.loc_of(name), report)  # decoded once, cached


def validate(d: Declaration, spec: Spec, report: Report) -> None:
    deck_rules.check_refs(spec, d.kinds, report)
    deck_rules.check(d.rules, spec, d.kinds, d.players, d.variants,
                     lambda p, v: deal.in_play(spec, d.steps, p, v), report)


def setup(d: Declaration, game: GameDef, spec: Spec, players: int, seed: int, variant: str | None,
          lang: str) -> SetupResult:
    if players not in d.players:
        raise SetupError(f"{game.title} is played by {one_of(map(str, d.players))} players, not {players}")
    if variant is not None and variant not in d.variants:
        raise SetupError(f"{game.title} has no variant '{variant}'; its variants: {one_of(d.variants) or 'none'}")
    if not d.steps:
        raise SetupError(f"{game.title} declares no setup (add setup: to its spec)", usage=False)
    table = deal.deal(spec, d.steps, players, seed, variant)
    return deal.result(spec, table, seed, variant, lang, lambda item, lang: card_name(d, item, lang), game.title)


def card_name(d: Declaration, item: Item, lang: str = "en") -> str:
    """A card's name as its face prints it: its first text field in `lang` (English where it has
    none in that language), else its id."""
    for f in d.kinds.fields.get(item.kind, []):
        if isinstance(f.type, Localized) and item.get(f.name):
            v = item.get(f.name)
            return v.get(lang) or v.get("en") or item.id
    return item.id
