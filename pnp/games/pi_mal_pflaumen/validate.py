"""Pi mal Pflaumen: the checks game.yaml cannot say, run after its declared rules (codes PMP-*):
each number once a round, three of each fruit but the plum and number 25 the plum, well-formed
mix patterns and some mix at all, the turn-order set, each card's back, and that every player
count's removal leaves piles that deal into its tricks. Every number is read from game.yaml."""
from __future__ import annotations

from collections import Counter

from ...diagnostics import Report, one_of, plural
from ...load.spec import Spec
from . import rules


def validate(spec: Spec, report: Report) -> None:
    fruit = spec.of_kind("fruit")
    for r, rnd in rules.ROUNDS.items():
        cards = [c for c in fruit if c["round"] == r]
        _numbers(spec, rnd.numeral, cards, report)
        _fruits(spec, rnd.numeral, cards, report)
        _tricks(spec, rnd.numeral, cards, report)
    for c in fruit:
        problem = c.get("mix") and rules.mix_problem(c["mix"]["pattern"])
        if problem:
            report.rule(c["mix"].loc_of("pattern"), "PMP-MIX", f"fruit card '{c.id}' has mix pattern "
                        f"'{c['mix']['pattern']}', which is not well-formed: {problem}")
    if fruit and not any(c.get("mix") for c in fruit):
        report.rule(spec.loc, "PMP-MIX-MISSING", "no fruit card shows a fruit mix (水果混和); mixes are the only way "
                    "to score, so some fruit cards must show one (mix: {pattern: AAB, points: 2})")
    _turn_order(spec, report)
    for c in spec.components:  # each round's cards carry that round's back; plum, pi and watchdog their own
        want = rules.ROUNDS[c["round"]].back if c.kind == "fruit" and c["round"] in rules.ROUNDS else rules.KIND_BACKS.get(c.kind)
        design = spec.backs.get(c.back) if c.back else None
        if want and (design is None or design.kind != want):
            why = f"round {rules.ROUNDS[c['round']].numeral}" if c.kind == "fruit" else f"a {c.kind} card"
            shown = f"back '{c.back}' (a {design.kind} design)" if design else "no back"
            report.rule(c.loc_of("back"), "PMP-BACK", f"card '{c.id}' has {shown}, expected a {want} back for {why}")


def _numbers(spec: Spec, numeral: str, cards: list, report: Report) -> None:
    """Every number once in the round (its range is game.yaml's PMP-NUMBERS rule)."""
    lo, hi = rules.NUMBERS[0], rules.NUMBERS[-1]
    holders: dict[int, list] = {}
    for c in cards:
        if c["number"] in rules.NUMBERS:
            holders.setdefault(c["number"], []).append(c)
    for n, held in holders.items():
        lines = " and ".join(str(c.loc_of("number").line) for c in held)
        for c in held if len(held) > 1 else []:
            report.rule(c.loc_of("number"), "PMP-NUMBERS", f"number {n} appears {len(held)} times in round {numeral} "
                        f"(lines {lines}); each number {lo}-{hi} appears once a round")
        if len(held) == 1 and held[0].count != 1:
            c = held[0]
            report.rule(c.loc_of("count"), "PMP-NUMBERS", f"fruit card '{c.id}' has count {c.count}, so number {n} "
                        f"appears {c.count} times in round {numeral}; each number appears once a round")
    absent = [n for n in rules.NUMBERS if n not in holders]
    if absent:
        report.rule(spec.loc, "PMP-NUMBERS", f"round {numeral} has no card with number {one_of(absent)}; each number "
                    f"{lo}-{hi} appears once a round")


def _fruits(spec: Spec, numeral: str, cards: list, report: Report) -> None:
    """Three cards of each fruit but the plum; the plum only on number 25."""
    for c in cards:
        if (c["fruit"] == rules.PLUM) != (c["number"] == rules.PLUM_NUMBER):
            report.rule(c.loc_of("fruit"), "PMP-PLUM-25", f"fruit card '{c.id}' (number {c['number']}) shows "
                        + (f"{c['fruit']}, expected {rules.PLUM}: the {rules.PLUM_NUMBER}th card of each round is the plum"
                           if c["fruit"] != rules.PLUM else f"a plum; in a round only number {rules.PLUM_NUMBER} is a plum"))
    per_fruit = Counter()
    for c in cards:
        per_fruit[c["fruit"]] += c.count
    for fruit in [f for f in rules.FRUITS if f != rules.PLUM and per_fruit[f] != rules.PER_FRUIT]:
        shown = [c for c in cards if c["fruit"] == fruit]  # too many: past the third; too few: the first
        for loc in [c.loc_of("fruit") for c in (shown[rules.PER_FRUIT:] if len(shown) > rules.PER_FRUIT
                                                else shown[:1])] or [spec.loc]:
            report.rule(loc, "PMP-FRUITS", f"round {numeral} has {plural(per_fruit[fruit], fruit + ' card')}, "
                        f"expected {rules.PER_FRUIT} of each fruit but the plum")


def _tricks(spec: Spec, numeral: str, cards: list, report: Report) -> None:
    """After the setup's removal each round's pile deals evenly into the player count's tricks."""
    for players in rules.PLAYERS:
        need, gone = players * rules.TRICKS[players], rules.REMOVED[players]
        kept = sum(c.count for c in cards if c["number"] not in gone)
        if kept != need:
            span = (f"numbers {gone[0]}-{gone[-1]}" if len(gone) > 1 else f"number {gone[0]}") if gone else "none"
            report.rule(spec.loc, "PMP-TRICKS", f"with {players} players, removing {span} leaves "
                        f"{plural(kept, 'card')} in round {numeral}, expected {need} ({players} players x "
                        f"{rules.TRICKS[players]} tricks)")


def _turn_order(spec: Spec, report: Report) -> None:
    """Exactly the turn-order cards the setup uses for some player count (positions out of range
    are game.yaml's PMP-TURN-ORDER rule)."""
    def show(card):
        return f"{card[0]}{' with plum' if card[1] else ''}"

    needed, the_set = Counter(rules.TURN_ORDER), "the set is " + ", ".join(map(show, rules.TURN_ORDER))
    holders: dict[tuple, list] = {}
    for c in spec.of_kind("turn-order"):
        key = (c["position"], c["plum"])
        holders.setdefault(key, []).append(c)
        if key not in needed and key[0] in {p for p, _ in needed}:
            report.rule(c.loc_of("plum"), "PMP-TURN-ORDER", f"turn-order card '{c.id}' ({show(key)}) is not in the "
                        f"set; {the_set}")
    for key, held in holders.items():
        copies = sum(c.count for c in held)
        for c in held if key in needed and copies > needed[key] else []:
            report.rule(c.loc_of("position"), "PMP-TURN-ORDER", f"the deck has {copies} turn-order cards {show(key)} "
                        f"({' and '.join(repr(h.id) for h in held)}), expected {needed[key]}; {the_set}")
    missing = [show(t) for t in needed if sum(c.count for c in holders.get(t, [])) < needed[t]]
    if missing:
        report.rule(spec.loc, "PMP-TURN-ORDER", f"the turn-order cards lack {one_of(missing)}; {the_set}")
