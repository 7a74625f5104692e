"""A declared game's misprint: the one card whose single change mends every broken rule of its kind.

Takes a kind, the game's rules, those of them broken, and the deck they were checked on (rules.py's
`_Deck`, which measures a rule quietly, and with one card changed); returns (`_misprint`) the card,
its field and the values it would mend every break at — or None when no one card is to blame (a
card too many, a card missing, two misprints, two cards alike that either could be) — and
(`_moved`) a rule's breaks told at that value instead, saying what it probably should be. Each
break first says what mending it asks of the one change (`_hint_*`: a combination short of cards
needs the changed card to join it, a sum off by 2 a value 2 less…), so that only what could is
tried. How a rule is measured stays rules.py's, reached through the deck and its checks: rules.py
calls into this module, which imports nothing of it but names for its annotations.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from ...records import field, record, replace
from ...diagnostics import Report
from ...load.spec import Item

if TYPE_CHECKING:
    from .rules import Rule, _Check, _Deck

MISPRINT_VALUES = 200  # a field with more values than this is tried only at the values a break asks for
MISPRINT_TRIES = 4000  # changes tried at most: past that, no one card is said to be the misprint


def _misprint(kind: str, rules: list[Rule], broken: list[Rule], deck: _Deck) -> tuple[Item, str, list[str]] | None:
    """The card of `kind` that, changed in one value, makes every broken rule of its kind hold and
    breaks none that holds — (card, field, the values that would, as the spec writes them) — when
    exactly one card could be it, or when of several exactly one has an id naming such a value
    (gold-4 printed as a 5). None otherwise: the breaks then stay where each was told (a card too
    many, a card missing, two misprints, two cards alike that either could be)."""
    mine = [r for r in broken if r.kind == kind]
    holding = [r for r in rules if r.kind == kind and r not in mine]
    fields = [f for f in _read_by(mine[0]) if all(f in _read_by(r) for r in mine[1:])]
    hints = [_hint(r, deck) for r in mine]
    hits: dict[str, tuple[Item, str, list[Any]]] = {}
    tries = 0
    for c in deck.spec.components:
        if c.kind != kind or not all(h.may_be(c) for h in hints):
            continue
        for f in fields:
            checked = mine + [r for r in holding if f in _read_by(r)]  # a rule that reads not f holds still
            for v in _tried(c, f, hints, deck):
                tries += 1
                if tries > MISPRINT_TRIES:
                    return None
                swap = (c, _changed(c, f, v))
                if not any(deck.breaks(r, swap=swap) for r in checked):
                    hits.setdefault(c.id, (c, f, []))[2].append(v)
    found = _the_one(list(hits.values()), deck)
    if found is None or _any_value(found, deck):
        return None
    return found[0], found[1], [str(deck.text(x)) for x in found[2]]


def _any_value(found: tuple[Item, str, list[Any]], deck: _Deck) -> bool:
    """Whether every value the field may take would mend the breaks (a number out of its legal
    range, and nothing else broken): a guess that names them all says nothing, so none is made."""
    values = deck.values(found[0].kind, found[1])
    return values is not None and len(values) > 2 and len(set(map(repr, found[2]))) >= len(values)


def _read_by(rule: Rule) -> list[str]:
    """The fields a rule's measure reads: a change elsewhere cannot mend its break."""
    return list(dict.fromkeys([*rule.fields, *rule.where]))


@record
class _Hint:
    """What one change must do to mend one break, as measured where it was found: which cards may
    be the one (`card`), which values a field may take instead (`values`, by field), and whether
    a value would do (`fits`: card, field, value)."""

    card: Callable[[Item], bool] | None = None
    values: dict[str, set] = field(default_factory=dict)
    fits: Callable[[Item, str, Any], bool] | None = None

    def may_be(self, c: Item) -> bool:
        return self.card is None or self.card(c)


def _hint(rule: Rule, deck: _Deck) -> _Hint:
    """What mending the rule's break asks of the one change, read in the first context it breaks
    in (a combination short of cards needs the changed card to join it, one over needs a card to
    leave it, a sum off by 2 a value 2 less…): the search tries only what could."""
    found = deck.first_break(rule)
    return _Hint() if found is None else _HINTS[rule.measure](*found)


def _hint_count(ch: _Check, kept: list[tuple[Item, int]]) -> _Hint:
    """Too many: a card counted must leave; too few: a card not counted must join."""
    rule, most = ch.rule, ch.most()
    over = most is not None and sum(n for _, n in kept) > most
    return _Hint(lambda c: ch.counts(c) == over, {} if over else {f: set(w) for f, w in rule.where.items()})


def _hint_every(ch: _Check, kept: list[tuple[Item, int]]) -> _Hint:
    """A combination short: the changed card takes its values; one over: a card of it changes."""
    rule = ch.rule
    short, over = _gaps(ch, kept)
    card = (lambda c: ch.counts(c) and bool(set(ch.keys_of(c)) & over)) if over else None
    return _Hint(card, {f: {k[i] for k in short} for i, f in enumerate(rule.fields)} if short else {})


def _hint_sum(ch: _Check, kept: list[tuple[Item, int]]) -> _Hint:
    """The total with the card's summed value changed must be within the bound."""
    name = ch.rule.fields[0]
    total = sum((c.get(name) or 0) * n for c, n in kept)
    copies = {c.id: n for c, n in kept}

    def fits(c: Item, f: str, v: Any) -> bool:
        return f != name or c.id in copies and ch.holds(total + (v - (c.get(name) or 0)) * copies[c.id])

    return _Hint(None, {}, fits)


def _hint_each(ch: _Check, kept: list[tuple[Item, int]]) -> _Hint:
    """Every card is tested on its own: the one to change is one that fails."""
    failing = {c.id for c, n in kept if ch.fails([(c, n)])}
    return _Hint(lambda c: c.id in failing)


def _hint_unique(ch: _Check, kept: list[tuple[Item, int]]) -> _Hint:
    """Two cards share a value: the one to change is one of them."""
    seen: dict[Any, list[str]] = {}
    for c, _ in kept:
        for k in ch.keys(c):
            seen.setdefault(k, []).append(c.id)
    clashing = {i for ids in seen.values() if len(ids) > 1 for i in ids}
    return _Hint(lambda c: c.id in clashing)


_HINTS = {"count": _hint_count, "every": _hint_every, "sum": _hint_sum, "each": _hint_each, "unique": _hint_unique}


def _gaps(ch: _Check, cards: list[tuple[Item, int]]) -> tuple[set, set]:
    """An every rule's combinations short of its bound, and those past it."""
    totals: dict[tuple, int] = {}
    for c, n in cards:
        for key in ch.keys_of(c):
            totals[key] = totals.get(key, 0) + n
    most = ch.most()
    over = {k for k in ch.rule.combos if most is not None and totals.get(k, 0) > most}
    short = {k for k in ch.rule.combos if k not in over and not ch.holds(totals.get(k, 0))}
    return short, over


def _tried(c: Item, name: str, hints: list[_Hint], deck: _Deck) -> list[Any]:
    """The values a card's field is tried at: those the breaks ask for, else every value it may
    take when they are few; never its own value, and never for a list or an empty value."""
    now = c.get(name)
    values = deck.values(c.kind, name)
    if values is None or now is None or isinstance(now, (list, dict)):
        return []
    for h in hints:
        if name in h.values:
            values = [x for x in values if x in h.values[name]]
    asked = any(name in h.values for h in hints)
    if not asked and len(values) > MISPRINT_VALUES:
        return []
    return [x for x in values if x != now and all(h.fits is None or h.fits(c, name, x) for h in hints)]


def _changed(c: Item, name: str, value: Any) -> Item:
    return replace(c, fields={**c.fields, name: value})


def _the_one(hits: list[tuple[Item, str, list[Any]]], deck: _Deck) -> tuple[Item, str, list[Any]] | None:
    """The one card that could be the misprint; of several, the one whose id names a value it
    would be right with (its other words, such as its colour, the same as the others')."""
    if len(hits) == 1:
        return hits[0]
    named = []
    for c, name, values in hits:
        words = set(re.findall(r"[0-9]+|[^\W\d_]+", c.id.casefold()))  # c56: c and 56
        said = [x for x in values if str(deck.text(x)).casefold() in words]
        if said and str(deck.text(c.get(name))).casefold() not in words:
            named.append((c, name, said))
    return named[0] if len(named) == 1 else None


def _moved(said: Report, card: Item, name: str, values: list[str]) -> Report:
    """A rule's breaks, told at the misprinted value instead, saying what it probably should be
    (`values`, as the spec writes them)."""
    at = card.loc_of(name)
    guess = " or ".join(values)
    return Report([replace(d, loc=at, message=f"{d.message} — probably a misprint of {guess}") for d in said.items])
