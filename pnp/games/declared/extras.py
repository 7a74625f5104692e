"""What a declared game says beside its kinds, players and variants: read from its spec (or its
package's game.yaml) into the `Declaration`.

    variants: {NAME: {en, zh-TW}}   the variants with the names a setup calls them by, in place
                                    of a list of names ("family game", 家庭遊戲); also written
                                    {NAME: {name: {en, zh-TW}}}
    default_variant: NAME           the variant played when none is asked for (the rulebook's
                                    normal rules): `pnp setup` without --variant deals it, and
                                    the deck rules measure it where they would the game without one
    nouns: {KIND: {en: "ONE|MANY", zh-TW: TEXT}}
                                    what one card of the kind is called, and many of them: a rule's
                                    message writes `{total:noun}` ("19 gingerbread men"), a game's
                                    code reads them
    numbers: {NAME: N}              the rules' named numbers (rounds, cards placed a round), written
                                    once: a setup step's `text:` writes `{NAME}`, a game's code reads them
    backs_too: [KIND, …]            with back_kinds: component kinds that back designs may have
                                    too (a goal card's back is of kind goal); such a back design
                                    has none of the kind's fields
    dummies: {PLAYERS: N} | N       dummy seats at the table for that many players: a `deal` with
                                    `with_dummies: true` deals them a hand no one sees, a `shuffle`
                                    with `per_seat:` counts them

Each misuse is a located DECLARE-* error (DECLARE-VARIANT, DECLARE-KIND, DECLARE-TYPE,
DECLARE-RANGE, DECLARE-KEY), and the key is then left out.
"""
from __future__ import annotations

import re

from ...diagnostics import Report, one_of
from ...load.schema import INVALID, Int, Localized, Number
from ...load.yamlload import Node, type_name
from .rules import player_count, shown_key

NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
MAX_DUMMIES = 9
TAKEN = ("cards", "each", "piles", "sizes", "players", "deck", "card")  # a step's own numbers in a text


def variant_ids(node: Node) -> Node:
    """`variants:` written as a mapping, as the list of its names (the names are read by `read`)."""
    return Node("seq", node.loc, [Node("scalar", node.key_loc(k), k) for k in node.value])


def read(d, root: Node, report: Report) -> None:
    d.variant_names = _variant_names(root.get("variants"), report)
    d.default_variant = _default_variant(root.get("default_variant"), d.variants, report)
    d.nouns = _nouns(root.get("nouns"), d.kinds, report)
    d.numbers = _numbers(root.get("numbers"), report)
    d.dummies = _dummies(root.get("dummies"), d.players, report)
    d.kinds.nouns = d.nouns  # the rules' messages read them (`{total:noun}`)


def _variant_names(node: Node | None, report: Report) -> dict[str, dict[str, str]]:
    if node is None or not node.is_map:
        return {}
    out = {}
    for name, text in node.value.items():
        if text.is_map and set(text.value) == {"name"}:  # {name: {en, zh-TW}}: room for more keys
            text = text.value["name"]
        elif text.is_map and not set(text.value) <= {"en", "zh-TW"} or not (text.is_map or text.kind == "scalar"):
            report.error(text.loc, "DECLARE-VARIANT", f"variant '{name}' is {type_name(text)}, expected "
                                                      "{ name: { en: …, zh-TW: … } } or { en: …, zh-TW: … } "
                                                      "(what the setup calls it)")
            continue
        got = Localized(60).read(text, report, f"the name of variant '{name}'")
        if got is not INVALID:
            out[name] = got
    return out


def _default_variant(node: Node | None, variants: list[str], report: Report) -> str | None:
    if node is None:
        return None
    if node.kind != "scalar" or node.value not in variants:
        shown = node.value if node.kind == "scalar" else type_name(node)
        report.error(node.loc, "DECLARE-VARIANT", f"'default_variant' is '{shown}', not a variant of the game; "
                                                  f"variants: {one_of(variants) or 'none (declare them under variants:)'}")
        return None
    return node.value


def _nouns(node: Node | None, kinds, report: Report) -> dict[str, dict[str, tuple[str, str]]]:
    if node is None:
        return {}
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"'nouns' is {type_name(node)}, expected a mapping of kinds to what "
                                               "a card of the kind is called, such as  man: \"gingerbread man|gingerbread men\"")
        return {}
    out = {}
    for kind, text in node.value.items():
        if kind not in kinds.fields:
            report.error(node.key_loc(kind), "DECLARE-KIND", f"'{kind}' in 'nouns' is not a declared kind; kinds: "
                                                             f"{one_of(kinds.fields)}")
            continue
        got = Localized(80).read(text, report, f"'nouns' of {kind}")
        if got is INVALID:
            continue
        out[kind] = {lang: _forms(t) for lang, t in got.items()}
    return out


def _forms(text: str) -> tuple[str, str]:
    """'gingerbread man|gingerbread men' -> both; one form ('薑餅人', 'goal card') is the singular and
    the plural (English adds an s)."""
    one, _, many = text.partition("|")
    return one.strip(), (many.strip() or (one.strip() if not one.isascii() else one.strip() + "s"))


def _numbers(node: Node | None, report: Report) -> dict[str, float]:
    if node is None:
        return {}
    if not node.is_map:
        report.error(node.loc, "DECLARE-TYPE", f"'numbers' is {type_name(node)}, expected a mapping of names to "
                                               "numbers, such as  rounds: 3")
        return {}
    out = {}
    for name, value in node.value.items():
        if not isinstance(name, str) or not NAME.match(name) or name in TAKEN:
            why = (f"a setup step's own number ({one_of(TAKEN)})" if name in TAKEN else
                   "not a name: lower-case letters, digits and _, a letter first")
            report.error(node.key_loc(name), "DECLARE-KEY", f"'{name}' in 'numbers' is {why}")
            continue
        v = Number().read(value, report, f"'numbers' of {name}")
        if v is not INVALID:
            out[name] = int(v) if float(v).is_integer() else v
    return out


def _dummies(node: Node | None, players: list[int], report: Report) -> dict[int, int]:
    if node is None:
        return {}
    one = Int(0, MAX_DUMMIES)
    if not node.is_map:
        n = one.read(node, report, "'dummies'")
        return {} if n is INVALID else {p: n for p in players}
    out = {}
    for key, value in node.value.items():
        if player_count(key) not in players:
            report.error(node.key_loc(key), "DECLARE-RANGE", f"'dummies': '{shown_key(key)}' is not a player count of "
                                                             f"the game; expected {one_of(map(str, players))}")
            continue
        n = one.read(value, report, f"'dummies' for {key} players")
        if n is not INVALID:
            out[player_count(key)] = n
    return out


def backs_too(node: Node | None, kinds, backs: list[str], report: Report) -> list[str]:
    """`backs_too:` — component kinds a back design may have as well, beside `back_kinds`."""
    if node is None:
        return []
    if not backs:
        report.error(node.loc, "DECLARE-KEY", "'backs_too' goes with back_kinds: without back_kinds every kind "
                                              "serves the components and the backs alike")
        return []
    items = node.value if node.is_seq else [node]
    out = []
    for n in items:
        if n.kind != "scalar" or n.value not in kinds.fields or n.value in backs:
            shown = n.value if n.kind == "scalar" else type_name(n)
            why = "a back kind already (back_kinds)" if shown in backs else "not a declared kind"
            report.error(n.loc, "DECLARE-KIND", f"'{shown}' in 'backs_too' is {why}; component kinds: "
                                                f"{one_of(k for k in kinds.fields if k not in backs)}")
            continue
        out.append(n.value)
    return out
