"""Pi mal Pflaumen validator: checks a loaded spec against the rules model; adds located
diagnostics (stable codes PMP-*).

Checks RULE/FACT constraints only — the rounds and numbers of the fruit cards, three cards of
each fruit a round with 25 the plum, well-formed mix patterns, the plum/pi/watchdog counts, the
turn-order set, the backs, and that every player count's removal leaves piles that deal into
its tricks — never our particular CHOICE of fruits, actions, mixes and points.
"""
from __future__ import annotations

from collections import Counter

from ...diagnostics import Report, one_of, plural
from ...load.schema import legal_values
from ...load.spec import Item, Spec
from . import rules


def validate(spec: Spec, report: Report) -> None:
    rounds = _rounds(spec, report)
    for r, cards in rounds.items():
        _numbers(spec, r, cards, report)
        _fruits(spec, r, cards, report)
    _mixes(spec, report)
    _present(spec, report)
    _counts(spec, report)
    _turn_order(spec, report)
    _backs(spec, report)
    _tricks(spec, rounds, report)


def _numeral(r: int) -> str:
    return f"round {rules.ROUNDS[r].numeral}"


def _rounds(spec: Spec, report: Report) -> dict[int, list[Item]]:
    """Fruit cards by round; cards of an unknown round are reported and left out."""
    rounds: dict[int, list[Item]] = {r: [] for r in rules.ROUNDS}
    for c in spec.of_kind("fruit"):
        if c["round"] in rounds:
            rounds[c["round"]].append(c)
        else:
            report.rule(c.loc_of("round"), "PMP-ROUND",
                        f"fruit card '{c.id}' is in round {c['round']}; round must be {legal_values(rules.ROUNDS)}")
    total = spec.total("fruit")
    if total != rules.FRUIT_CARDS:
        report.rule(spec.count_loc("fruit", expected=rules.FRUIT_CARDS), "PMP-FRUIT-CARDS",
                    f"the deck has {plural(total, 'fruit card')}, expected {rules.FRUIT_CARDS} "
                    f"({len(rules.NUMBERS)} in each of the {len(rules.ROUNDS)} rounds); counted from "
                    f"{spec.count_parts('fruit')}")
    return rounds


def _numbers(spec: Spec, r: int, cards: list[Item], report: Report) -> None:
    """Every number 1-25 exactly once in the round; each card of a repeated number is reported."""
    lo, hi = rules.NUMBERS[0], rules.NUMBERS[-1]
    holders: dict[int, list[Item]] = {}
    for c in cards:
        n = c["number"]
        if n not in rules.NUMBERS:
            report.rule(c.loc_of("number"), "PMP-NUMBERS",
                        f"fruit card '{c.id}' has number {n}; number must be {legal_values(rules.NUMBERS)}")
        else:
            holders.setdefault(n, []).append(c)
    for n, held in holders.items():
        if len(held) > 1:
            lines = " and ".join(str(c.loc_of("number").line) for c in held)
            for c in held:
                report.rule(c.loc_of("number"), "PMP-NUMBERS",
                            f"number {n} appears {len(held)} times in {_numeral(r)} (lines {lines}); "
                            f"each number {lo}-{hi} appears once a round")
        elif held[0].count != 1:
            c = held[0]
            report.rule(c.loc_of("count"), "PMP-NUMBERS",
                        f"fruit card '{c.id}' has count {c.count}, so number {n} appears {c.count} times "
                        f"in {_numeral(r)}; each number appears once a round")
    absent = [n for n in rules.NUMBERS if n not in holders]
    if absent:
        report.rule(spec.loc, "PMP-NUMBERS",
                    f"{_numeral(r)} has no card with number {one_of(absent)}; each number {lo}-{hi} appears once a round")


def _fruits(spec: Spec, r: int, cards: list[Item], report: Report) -> None:
    """Three cards of each fruit but the plum; the plum only on number 25."""
    per_fruit: Counter[str] = Counter()
    for c in cards:
        per_fruit[c["fruit"]] += c.count
        is_plum, is_25 = c["fruit"] == rules.PLUM, c["number"] == rules.PLUM_NUMBER
        if is_25 and not is_plum:
            report.rule(c.loc_of("fruit"), "PMP-PLUM-25",
                        f"fruit card '{c.id}' (number {rules.PLUM_NUMBER}) shows {c['fruit']}, expected "
                        f"{rules.PLUM}: the {rules.PLUM_NUMBER}th card of each round is the plum")
        elif is_plum and not is_25:
            report.rule(c.loc_of("fruit"), "PMP-PLUM-25",
                        f"fruit card '{c.id}' (number {c['number']}) shows a plum; in a round only number "
                        f"{rules.PLUM_NUMBER} is a plum")
    for fruit in rules.FRUITS:
        if fruit == rules.PLUM or per_fruit[fruit] == rules.PER_FRUIT:
            continue
        shown = [c for c in cards if c["fruit"] == fruit]
        # too many: point at the cards past the third; too few: at the first there is
        where = shown[rules.PER_FRUIT:] if per_fruit[fruit] > rules.PER_FRUIT else shown[:1]
        for loc in [c.loc_of("fruit") for c in where] or [spec.loc]:
            report.rule(loc, "PMP-FRUITS",
                        f"{_numeral(r)} has {plural(per_fruit[fruit], fruit + ' card')}, expected "
                        f"{rules.PER_FRUIT} of each fruit but the plum")


def _mixes(spec: Spec, report: Report) -> None:
    for c in spec.of_kind("fruit"):
        mix = c.get("mix")
        if mix is None:
            continue
        problem = rules.mix_problem(mix["pattern"])
        if problem:
            report.rule(mix.loc_of("pattern"), "PMP-MIX",
                        f"fruit card '{c.id}' has mix pattern '{mix['pattern']}', which is not well-formed: {problem}")


def _present(spec: Spec, report: Report) -> None:
    """Every special action the rulebook names is on some fruit card, and some cards show a
    fruit mix (the only way to score)."""
    fruit = spec.of_kind("fruit")
    every = ", ".join(f"{a['en'].lower()} ({a['zh-TW']})" for a in rules.ACTIONS.values())
    for action, names in rules.ACTIONS.items():
        if not any(c.get("action") == action for c in fruit):
            report.rule(spec.loc, "PMP-ACTION-MISSING",
                        f"no fruit card has the action '{action}' ({names['en'].lower()}, {names['zh-TW']}); the "
                        f"rulebook's three special actions are: {every}")
    if fruit and not any(c.get("mix") for c in fruit):
        report.rule(spec.loc, "PMP-MIX-MISSING",
                    "no fruit card shows a fruit mix (水果混和); mixes are the only way to score, so some fruit "
                    "cards must show one (mix: {pattern: AAB, points: 2})")


def _counts(spec: Spec, report: Report) -> None:
    for kind, expected in (("plum", rules.PLUM_CARDS), ("pi", rules.PI_CARDS), ("watchdog", rules.WATCHDOGS)):
        total = spec.total(kind)
        if total != expected:
            report.rule(spec.count_loc(kind, expected=expected), f"PMP-{kind.upper()}-CARDS",
                        f"the deck has {plural(total, kind + ' card')}, expected {expected}; counted from "
                        f"{spec.count_parts(kind)}")


def _show_turn(card: tuple[int, bool]) -> str:
    return f"{card[0]}{' with plum' if card[1] else ''}"


def _turn_order(spec: Spec, report: Report) -> None:
    """Exactly the set 1, 2, 3, 3 with plum, 4, 4 with plum, 5 with plum."""
    needed = Counter(rules.TURN_ORDER)
    positions = {p for p, _ in needed}
    expected = ", ".join(_show_turn(t) for t in rules.TURN_ORDER)
    holders: dict[tuple[int, bool], list[Item]] = {}
    for c in spec.of_kind("turn-order"):
        key = (c["position"], c["plum"])
        holders.setdefault(key, []).append(c)
        if key not in needed:
            where = "position" if key[0] not in positions else "plum"
            report.rule(c.loc_of(where), "PMP-TURN-ORDER",
                        f"turn-order card '{c.id}' ({_show_turn(key)}) is not in the set; the set is {expected}")
    for key, held in holders.items():
        copies = sum(c.count for c in held)
        if key in needed and copies > needed[key]:
            names = " and ".join(f"'{c.id}'" for c in held)
            for c in held:
                report.rule(c.loc_of("position"), "PMP-TURN-ORDER",
                            f"the deck has {copies} turn-order cards {_show_turn(key)} ({names}), expected "
                            f"{needed[key]}; the set is {expected}")
    missing = [_show_turn(t) for t in rules.TURN_ORDER if sum(c.count for c in holders.get(t, [])) < needed[t]]
    if missing:
        report.rule(spec.loc, "PMP-TURN-ORDER",
                    f"the turn-order cards lack {one_of(missing)}; the set is {expected}")


def _backs(spec: Spec, report: Report) -> None:
    """Each round's cards carry that round's back; plum, pi and watchdog their own."""
    for c in spec.components:
        if c.kind == "fruit":
            if c["round"] not in rules.ROUNDS:
                continue
            want, why = rules.ROUNDS[c["round"]].back, _numeral(c["round"])
        elif c.kind in rules.KIND_BACKS:
            want, why = rules.KIND_BACKS[c.kind], f"a {c.kind} card"
        else:
            continue
        design = spec.backs.get(c.back) if c.back else None
        if design is None or design.kind != want:
            shown = f"back '{c.back}' (a {design.kind} design)" if design else "no back"
            report.rule(c.loc_of("back"), "PMP-BACK",
                        f"card '{c.id}' has {shown}, expected a {want} back for {why}")


def _tricks(spec: Spec, rounds: dict[int, list[Item]], report: Report) -> None:
    """After removal each round's pile deals evenly into the player count's tricks."""
    for players in rules.PLAYERS:
        need = players * rules.TRICKS[players]
        removed = set(rules.REMOVED[players])
        for r, cards in rounds.items():
            kept = sum(c.count for c in cards if c["number"] not in removed)
            if kept != need:
                gone = f"removing {_span(removed)}" if removed else "removing none"
                report.rule(spec.loc, "PMP-TRICKS",
                            f"with {players} players, {gone} leaves {plural(kept, 'card')} in {_numeral(r)}, "
                            f"expected {need} ({players} players x {rules.TRICKS[players]} tricks)")


def _span(numbers: set[int]) -> str:
    lo, hi = min(numbers), max(numbers)
    if len(numbers) > 1 and numbers == set(range(lo, hi + 1)):
        return f"numbers {lo}-{hi}"
    return "number " + one_of(sorted(numbers))
