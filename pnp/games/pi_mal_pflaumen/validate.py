"""Pi mal Pflaumen: the checks game.yaml cannot say, run after its declared rules (codes PMP-*): each number
once a round, three of each fruit but the plum and 25 the plum, the tricks, mixes, turn-order set, backs."""
from __future__ import annotations

from collections import Counter

from ...diagnostics import Report, one_of, plural
from ...load.spec import Spec
from . import rules


def validate(spec: Spec, report: Report) -> None:
    fruit = spec.of_kind("fruit")
    for r, rnd in rules.ROUNDS.items():
        cards = [c for c in fruit if c["round"] == r]
        _numbers(spec, f"round {rnd.numeral}", cards, report)
        _fruits(spec, f"round {rnd.numeral}", cards, report)
    for c, problem in [(c, rules.mix_problem(c["mix"]["pattern"])) for c in fruit if c.get("mix")]:
        if problem:
            report.rule(c["mix"].loc_of("pattern"), "PMP-MIX", f"fruit card '{c.id}' has mix pattern "
                        f"'{c['mix']['pattern']}', which is not well-formed: {problem}")
    _turn_order(spec, report)
    for c in spec.components:  # each round's cards carry that round's back; plum, pi and watchdog their own
        rnd = rules.ROUNDS.get(c["round"]) if c.kind == "fruit" else None
        want, design = rnd.back if rnd else rules.KIND_BACKS.get(c.kind), spec.backs.get(c.back) if c.back else None
        if want and (design is None or design.kind != want):
            report.rule(c.loc_of("back"), "PMP-BACK", f"card '{c.id}' has " + (f"back '{c.back}' (a {design.kind} "
                        f"design)" if design else "no back") + f", expected a {want} back for "
                        + (f"round {rnd.numeral}" if rnd else f"a {c.kind} card"))


def _numbers(spec: Spec, rnd: str, cards: list, report: Report) -> None:
    """Every number once in the round (its range is game.yaml's), and the piles deal into the tricks."""
    lo, hi, holders = rules.NUMBERS[0], rules.NUMBERS[-1], {}
    for c in [c for c in cards if c["number"] in rules.NUMBERS]:
        holders.setdefault(c["number"], []).append(c)
    for n, held in holders.items():
        for c in held if len(held) > 1 else []:
            report.rule(c.loc_of("number"), "PMP-NUMBERS", f"number {n} appears {len(held)} times in {rnd} (lines "
                        + " and ".join(str(h.loc_of("number").line) for h in held) + f"); each number {lo}-{hi} "
                        "appears once a round")
        if len(held) == 1 and held[0].count != 1:
            report.rule(held[0].loc_of("count"), "PMP-NUMBERS", f"fruit card '{held[0].id}' has count {held[0].count}, "
                        f"so number {n} appears {held[0].count} times in {rnd}; each number appears once a round")
    if len(holders) < len(rules.NUMBERS):
        report.rule(spec.loc, "PMP-NUMBERS", f"{rnd} has no card with number "
                    f"{one_of([n for n in rules.NUMBERS if n not in holders])}; each number {lo}-{hi} appears once a round")
    for players in rules.PLAYERS:  # what the setup's removal leaves deals evenly into the tricks
        need, gone = players * rules.TRICKS[players], rules.REMOVED[players]
        kept = sum(c.count for c in cards if c["number"] not in gone)
        if kept != need:
            span = (f"numbers {gone[0]}-{gone[-1]}" if len(gone) > 1 else f"number {gone[0]}") if gone else "none"
            report.rule(spec.loc, "PMP-TRICKS", f"with {players} players, removing {span} leaves {plural(kept, 'card')} "
                        f"in {rnd}, expected {need} ({players} players x {rules.TRICKS[players]} tricks)")


def _fruits(spec: Spec, rnd: str, cards: list, report: Report) -> None:
    """Three cards of each fruit but the plum; the plum only on number 25."""
    for c in [c for c in cards if (c["fruit"] == rules.PLUM) != (c["number"] == rules.PLUM_NUMBER)]:
        report.rule(c.loc_of("fruit"), "PMP-PLUM-25", f"fruit card '{c.id}' (number {c['number']}) shows " + (
            f"{c['fruit']}, expected {rules.PLUM}: the {rules.PLUM_NUMBER}th card of each round is the plum"
            if c["fruit"] != rules.PLUM else f"a plum; in a round only number {rules.PLUM_NUMBER} is a plum"))
    per_fruit = Counter({f: sum(c.count for c in cards if c["fruit"] == f) for f in rules.FRUITS})
    for fruit in [f for f in rules.FRUITS if f != rules.PLUM and per_fruit[f] != rules.PER_FRUIT]:
        shown = [c for c in cards if c["fruit"] == fruit]  # too many: past the third; too few: the first
        for loc in [c.loc_of("fruit") for c in shown[rules.PER_FRUIT:] or shown[:1]] or [spec.loc]:
            report.rule(loc, "PMP-FRUITS", f"{rnd} has {plural(per_fruit[fruit], fruit + ' card')}, expected "
                        f"{rules.PER_FRUIT} of each fruit but the plum")


def _turn_order(spec: Spec, report: Report) -> None:
    """The turn-order cards some player count's setup uses, each once (a position's range is game.yaml's)."""
    _show = lambda card: f"{card[0]}{' with plum' if card[1] else ''}"  # noqa: E731  "3 with plum"
    needed, the_set = Counter(rules.TURN_ORDER), "the set is " + ", ".join(map(_show, rules.TURN_ORDER))
    holders: dict[tuple, list] = {}  # (position, plum) -> its cards
    for c in spec.of_kind("turn-order"):
        holders.setdefault((c["position"], c["plum"]), []).append(c)
    for key, held in holders.items():
        copies, known = sum(c.count for c in held), key[0] in {p for p, _ in needed}
        for c in held if known and key not in needed else []:
            report.rule(c.loc_of("plum"), "PMP-TURN-ORDER", f"turn-order card '{c.id}' ({_show(key)}) is not in the "
                        f"set; {the_set}")
        for c in held if key in needed and copies > needed[key] else []:
            report.rule(c.loc_of("position"), "PMP-TURN-ORDER", f"the deck has {copies} turn-order cards {_show(key)} "
                        f"({' and '.join(repr(h.id) for h in held)}), expected {needed[key]}; {the_set}")
    missing = [_show(t) for t in needed if sum(c.count for c in holders.get(t, [])) < needed[t]]
    if missing:
        report.rule(spec.loc, "PMP-TURN-ORDER", f"the turn-order cards lack {one_of(missing)}; {the_set}")
