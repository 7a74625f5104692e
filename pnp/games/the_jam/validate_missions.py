"""The Jam validator, mission cards: kinds and copies, the recipes they show, the tea party.

Takes a loaded spec, its recipes by id and the ingredients shown on cards; adds located
diagnostics for every RULE/FACT of the missions (games.md section 1).
"""
from __future__ import annotations

from collections import Counter
from itertools import pairwise

from ...diagnostics import Report, one_of, plural
from ...load.spec import Item, Spec
from . import deck, rules


def missions(spec: Spec, table: dict[str, deck.Recipe], shown: set[str], report: Report) -> None:
    for kind, mk in rules.MISSION_KINDS.items():
        cards = spec.of_kind(kind)
        _all_different(cards, mk, report)
        for card in cards:
            if mk.field is not None:
                _shows(card, mk, table, report)
            _refs(card, "tea", ("jam", "pie"), table, report)
            _favourite(card, shown, report)
    _tea_totals(spec, table, report)
    for card in spec.of_kind("mission-tea-party"):
        _ladder(card, report)


def _content(card: Item) -> tuple:
    return tuple(tuple(sorted(map(str, v))) if isinstance(v, list) else v for v in card.fields.values())


def _all_different(cards: list[Item], mk, report: Report) -> None:
    seen: dict[tuple, Item] = {}
    for card in cards:
        if card.count > 1:
            report.rule(card.loc_of("count"), "JAM-MISSION-SAME",
                        f"mission '{card.id}' has {card.count} identical copies; every {mk.en} card is different")
        key = _content(card)
        if key in seen:
            report.rule(card.loc_of("id"), "JAM-MISSION-SAME",
                        f"mission '{card.id}' shows the same as '{seen[key].id}' (line {seen[key].loc.line}); "
                        f"every {mk.en} card is different")
        seen.setdefault(key, card)


def _shows(card: Item, mk: rules.MissionKind, table, report: Report) -> None:
    values = card[mk.field]
    if len(values) != mk.shown or len(set(values)) != len(values):
        report.rule(card.loc_of(mk.field), "JAM-MISSION-SHOWS",
                    f"{mk.en} '{card.id}' shows {_distinct(values)}, expected {mk.shown} different "
                    f"{mk.shows}s (own {mk.needed} of them for {mk.points} points)")
    _refs(card, mk.field, (mk.shows,), table, report)


def _distinct(values) -> str:
    dup = [v for v, n in Counter(values).items() if n > 1]
    return f"{len(values)}" + (f" ({one_of(dup)} twice)" if dup else "")


def _refs(card: Item, field: str, kinds: tuple[str, ...], table, report: Report) -> None:
    for ref in card[field]:
        found = table.get(ref)
        if found is not None and found.kind in kinds:
            continue
        what = f"a {found.kind} recipe" if found else "not a recipe on any card"
        choices = sorted(r for r, v in table.items() if v.kind in kinds)
        report.rule(ref.loc, "JAM-MISSION-RECIPE",
                    f"mission '{card.id}' shows '{ref}' in '{field}', which is {what}; expected "
                    f"{' or '.join(kinds)} recipes: {one_of(choices)}")


def _favourite(card: Item, shown: set[str], report: Report) -> None:
    fav = card["favourite"]
    if fav not in shown:
        report.rule(card.loc_of("favourite"), "JAM-FAVOURITE",
                    f"mission '{card.id}' favours {fav}, but no card shows {fav} as its ingredient; "
                    f"ingredients on cards: {one_of(sorted(shown))}")


def _tea_part(card: Item, table) -> tuple[int, int]:
    kinds = Counter(table[r].kind for r in card["tea"] if r in table)
    return kinds["jam"], kinds["pie"]


def _tea_totals(spec: Spec, table, report: Report) -> None:
    """Every player holds one card of each kind, so every copy of a kind carries an equal part,
    and the three parts together are the tea party: 6 jams and 2 pies."""
    parts: dict[str, tuple[int, int]] = {}
    for kind in rules.MISSION_KINDS:
        cards = spec.of_kind(kind)
        if not cards:
            continue
        usual, _ = Counter(_tea_part(c, table) for c in cards).most_common(1)[0]
        parts[kind] = usual
        for c in cards:
            if _tea_part(c, table) != usual:
                jams, pies = _tea_part(c, table)
                report.rule(c.loc_of("tea"), "JAM-TEA-PART",
                            f"mission '{c.id}' holds {plural(jams, 'jam')} and {plural(pies, 'pie')} of the tea "
                            f"party, but the other {kind} cards hold {plural(usual[0], 'jam')} and "
                            f"{plural(usual[1], 'pie')}; any three cards a player draws must make the whole party")
    if len(parts) < len(rules.MISSION_KINDS):
        return
    jams = sum(p[0] for p in parts.values())
    pies = sum(p[1] for p in parts.values())
    want_j, want_p = rules.TEA_RECIPES["jam"], rules.TEA_RECIPES["pie"]
    if (jams, pies) != (want_j, want_p):
        split = ", ".join(f"{k}: {a}+{b}" for k, (a, b) in parts.items())
        report.rule(spec.loc, "JAM-TEA-TOTAL",
                    f"a player's three tea-party parts hold {plural(jams, 'jam')} and {plural(pies, 'pie')} "
                    f"({split}), expected {want_j} jams and {want_p} pies in total")


def _ladder(card: Item, report: Report) -> None:
    ladder = card["ladder"]
    if len(ladder) != rules.LADDER_STEPS:
        report.rule(card.loc_of("ladder"), "JAM-TEA-LADDER",
                    f"tea party '{card.id}' has a ladder of {len(ladder)} steps, expected {rules.LADDER_STEPS}: "
                    f"the points for owning {', '.join(map(str, range(rules.TEA_MIN, rules.TEA_MAX + 1)))} "
                    f"of its {rules.TEA_MAX} recipes (at least {rules.TEA_MIN} to score)")
    elif any(b < a for a, b in pairwise(ladder)):
        report.rule(card.loc_of("ladder"), "JAM-TEA-LADDER",
                    f"tea party '{card.id}' has the ladder {ladder}, which pays less for owning more; "
                    f"expected points that never fall")
