"""Reading a played game for `pnp score`: what every game's game file shares.

Takes a game file (YAML, formats in the README) with the game's spec; gives its top-level keys
checked (`game:` must name the game, `variant:` one of its variants), the players' names, the cards a player wrote (by printed
name or spec id, found by `GameDef.find_card`) counted against the copies the deck holds, the
winner of a table of totals, and the text a person reads. Every problem is a located SCORE-*
(or SPEC-* for a wrong type) diagnostic in the caller's `Report`; the game's scorer raises
`InputError` when there are any.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..records import field, record
from ..diagnostics import Loc, Report
from ..load.schema import INVALID, Choice, Field, Int, Text, read_fields
from ..load.spec import Item, Spec
from ..load.yamlload import Node, load, type_name

CARD_FORM = "a card's printed name or id, or { card: NAME, count: N }"


def _game(spec: Spec, game=None):
    """The spec's GameDef: `game` where the caller has it, else the one the spec was read for."""
    return game if game is not None else spec.definition


def open_file(path: Path, display: str, spec: Spec, fields: Sequence[Field],
              report: Report, game=None) -> tuple[dict[str, Any], dict[str, Loc]] | None:
    """The file's top-level keys: `game` (must be the spec's game) and `fields`. Raises InputError
    for a file that is not a YAML mapping; None when the top level cannot be read at all."""
    game_id = spec.game
    root = load(path, display)
    fields, skip = _with_variant(root, spec, fields, report, game)
    v, locs = read_fields(root, [Field("game", Text()), *fields], report, "the game file", extra_ok=skip)
    if v is INVALID:
        return None
    if v["game"] not in (INVALID, game_id):
        report.error(locs["game"], "SCORE-GAME", f"'game' is '{v['game']}', expected '{game_id}'")
    return v, locs


def _with_variant(root: Node, spec: Spec, fields: Sequence[Field], report: Report,
                  game=None) -> tuple[list[Field], list[str]]:
    """Every game file may name a variant of its game: one the game declares, checked here for
    every scorer that does not read `variant` itself. A game without variants says so at the
    key (and the key is then not reported again as unknown)."""
    if any(f.name == "variant" for f in fields):
        return list(fields), []
    game = _game(spec, game)
    if game.variants:
        return [*fields, Field("variant", Choice(list(game.variants), code="SCORE-VARIANT"), required=False)], []
    if root.is_map and "variant" in root.value:
        report.error(root.key_loc("variant"), "SCORE-VARIANT", f"{game.title} has no variants; a game file of "
                                                               f"{game.id} takes no 'variant'")
        return list(fields), ["variant"]
    return list(fields), []


def open_players(path: Path, display: str, spec: Spec, fields: Sequence[Field], report: Report,
                 need: Sequence[str] | None = None,
                 reserved: Sequence[str] = (), game=None) -> tuple[dict[str, Any], list[str]] | None:
    """What every scorer reads first: the file's top-level keys (`fields`, one of them `players`)
    and the players' names. None when the file, a key in `need` (default: every key) or the
    players cannot be read; the report says why."""
    opened = open_file(path, display, spec, fields, report, game)
    if opened is None:
        return None
    v, _ = opened
    if any(v[name] is INVALID for name in (need if need is not None else [f.name for f in fields])):
        return None
    names = player_names(v["players"], spec, report, reserved, game)
    return None if names is None else (v, names)


def player_names(node: Node, spec: Spec, report: Report, reserved: Sequence[str] = (), game=None) -> list[str] | None:
    """The players in seat order: a list of names, or the keys of a mapping (one entry a player),
    as many as the game's rules allow."""
    counts, title = _game(spec, game).players, _game(spec, game).title
    if node.is_map:
        named = [(key, node.key_loc(key)) for key in node.value]
    else:
        named = [(item.value if item.kind == "scalar" else None, item.loc) for item in node.value]
    names: list[str] = []
    for name, loc in named:
        if not isinstance(name, str) or not name.strip():
            report.error(loc, "SCORE-PLAYERS", "a player is named by text, e.g. Ada")
            return None
        if name in names or name in reserved:
            extra = f" ('{reserved[0]}' names the dummy tree)" if reserved else ""
            report.error(loc, "SCORE-PLAYERS", f"player name '{name}' is used twice or is reserved{extra}")
            return None
        names.append(name)
    if len(names) not in counts:
        report.error(node.loc, "SCORE-PLAYERS", f"{len(names)} players; {title} is played by "
                                                f"{counts[0]} to {counts[-1]}")
        return None
    return names


@record
class Cards:
    """Finds the cards a game file names and counts them: no card may be written more often than
    the deck holds it (over all players and places in the file)."""

    spec: Spec
    report: Report
    verb: str = "listed"
    seen: dict[str, list[Loc]] = field(default_factory=dict)
    gamedef: Any = None  # the spec's GameDef where the caller has it (a declared game)

    @property
    def game(self):
        """The spec's GameDef (its find_card and printed names)."""
        return _game(self.spec, self.gamedef)

    def find(self, node: Node, kinds: Sequence[str], what: str, code: str = "SCORE-CARD") -> Item | None:
        """One card written as text; None (after a located error) when it names no card of `kinds`,
        names several, or is one copy too many."""
        if node.kind != "scalar" or not isinstance(node.value, (str, int)) or isinstance(node.value, bool) \
                or not str(node.value).strip():
            self.report.error(node.loc, "SPEC-TYPE", f"a card is {type_name(node)}, expected {CARD_FORM}")
            return None
        text = str(node.value).strip()
        item, why = self.game.find_card(self.spec, text, kinds)
        if item is None:
            unknown = why.startswith("no card")  # else: the name is printed on several cards
            hint = why.partition("; ")[2] if unknown else ""
            if unknown and text.count("(") != text.count(")"):  # a printed name cut at its comma
                hint = "a name with a comma must be quoted in a [ ] list, or written one card a line after '- '"
            self.report.error(node.loc, code, f"'{text}' is not {what}" + (f"; {hint}" if hint else "")
                              if unknown else why)
            return None
        return item if self.take(item, text, node.loc) else None

    def take(self, item: Item, text: str, loc: Loc) -> bool:
        places = self.seen.setdefault(item.id, [])
        places.append(loc)
        if len(places) <= item.count:
            return True
        shown = f"'{text}'" if text == item.id else f"'{text}' ({item.id})"
        first = places[0].line
        if item.count == 1:
            self.report.error(loc, "SCORE-TWICE", f"card {shown} is {self.verb} twice (first at line {first}); "
                                                  "the deck has only one")
        else:
            self.report.error(loc, "SCORE-TWICE", f"card {shown} is {self.verb} {len(places)} times (first at "
                                                  f"line {first}), but the deck has {item.count}")
        return False

    def many(self, node: Node, kinds: Sequence[str], what: str, card: str,
             code: str = "SCORE-CARD") -> list[tuple[Item, Loc]]:
        """The list of cards `what` (e.g. "Ada's table"), each `card` (e.g. "a gem card"); an entry
        { card: NAME, count: N } stands for N copies of the card."""
        if not node.is_seq:
            self.report.error(node.loc, "SPEC-TYPE", f"{what} is {type_name(node)}, expected a list of cards, "
                                                     f"each {CARD_FORM}")
            return []
        out = []
        for entry in node.value:
            if not entry.is_map:
                item = self.find(entry, kinds, card, code)
                out += [(item, entry.loc)] if item else []
                continue
            v, _ = read_fields(entry, [Field("card", Text()), Field("count", Int(1, 99))], self.report,
                               f"a card of {what}")
            if v is INVALID or INVALID in v.values():
                continue
            named = entry.get("card")
            item = self.find(named, kinds, card, code)
            for _ in range(v["count"] - 1):
                if item is not None and not self.take(item, str(named.value).strip(), named.loc):
                    item = None
            out += [(item, named.loc)] * v["count"] if item else []
        return out


def ranking(totals: dict[str, tuple]) -> tuple[str | None, list[str]]:
    """The winner of totals compared as tuples (points, then each tie-break), or None and the
    players still tied for first."""
    best = max(totals.values())
    leaders = [p for p, t in totals.items() if t == best]
    return (leaders[0], []) if len(leaders) == 1 else (None, leaders)


def score_lines(spec: Spec, players: dict[str, tuple[int, list[tuple[str, int | None]]]], winner: str | None,
                tied: Sequence[str], decided_by: str = "", variant: str | None = None, game=None) -> list[str]:
    """A person's view: each player's total and the points line by line (a row without points is
    a note, such as a tie-break count), then the winner."""
    title = _game(spec, game).title + (f" ({variant} variant)" if variant else "")
    lines = [f"{title}: final scores", ""]
    for p, (total, rows) in players.items():
        lines.append(f"{p}: {total} points")
        if rows:
            width = max(len(label) for label, _ in rows)
            lines += [f"  {label:<{width}}  {'' if points is None else points:>3}".rstrip() for label, points in rows]
        lines.append("")
    if winner:
        lines.append(f"Winner: {winner}" + (f" ({decided_by})" if decided_by else ""))
    else:
        lines.append(f"Tied for first: {', '.join(tied)}")
    return lines
