"""GEM validator: checks a loaded spec against the rules model; adds located diagnostics.

Checks RULE/FACT constraints only (counts, coin values, gems per card, that all six gem kinds
exist; the number of gem cards is what the setup's six piles take), never our particular
CHOICE of gems and numbers.
"""
from __future__ import annotations

from collections import Counter

from ...diagnostics import Report, one_of, plural
from ...load.schema import legal_values
from ...load.spec import Spec, odd_one
from . import rules


def validate(spec: Spec, report: Report) -> None:
    _coins(spec, report)
    _gem_cards(spec, report)


def _coins(spec: Spec, report: Report) -> None:
    coins = spec.of_kind("coin")
    per_value: Counter[int] = Counter()
    for c in coins:
        if c["value"] not in rules.COIN_VALUES:
            report.rule(c.loc_of("value"), "GEM-COIN-VALUE",
                        f"coin '{c.id}' has value {c['value']}; a coin's value must be {legal_values(rules.COIN_VALUES)}")
        else:
            per_value[c["value"]] += c.count
    expected_total = len(rules.COIN_VALUES) * rules.COINS_PER_VALUE
    total = spec.total("coin")
    if total != expected_total:
        report.rule(spec.count_loc("coin", expected=expected_total), "GEM-COIN-COUNT",
                    f"the deck has {plural(total, 'coin card')}, expected {expected_total} "
                    f"({rules.COINS_PER_VALUE} of each value {one_of(rules.COIN_VALUES)}); counted from "
                    f"{spec.count_parts('coin')}")
    for v in rules.COIN_VALUES:
        if per_value[v] != rules.COINS_PER_VALUE:
            held = [c for c in coins if c["value"] == v]
            blamed = held[0] if len(held) == 1 else odd_one(held, per_value[v] - rules.COINS_PER_VALUE)
            loc = blamed.loc_of("count") if blamed is not None else spec.loc
            parts = ", ".join(f"{c.id} x{c.count} (line {c.loc_of('count').line})" for c in held)
            report.rule(loc, "GEM-COIN-VALUES",
                        f"the deck has {plural(per_value[v], 'coin')} of value {v}, expected {rules.COINS_PER_VALUE}"
                        + (f"; coins of value {v}: {parts}" if held else ""))


def _gem_cards(spec: Spec, report: Report) -> None:
    cards = spec.of_kind("gem")
    total = spec.total("gem")
    if total != rules.GEM_CARDS:
        report.rule(spec.count_loc("gem", expected=rules.GEM_CARDS), "GEM-CARD-COUNT",
                    f"the deck has {plural(total, 'gem card')}, expected {rules.GEM_CARDS} (the six piles of "
                    f"{'+'.join(map(str, rules.PILES))} that setup deals for any player count); counted from "
                    f"{spec.count_parts('gem')}")
    shown = set()
    for c in cards:
        gems = c["gems"]
        shown.update(gems)
        if len(gems) == 2 and gems[0] == gems[1]:
            report.rule(c.loc_of("gems"), "GEM-GEMS",
                        f"gem card '{c.id}' shows {gems[0]} twice, expected two different gems or a single one")
        if rules.DIAMOND in gems and len(gems) > 1:
            report.rule(c.loc_of("gems"), "GEM-DIAMOND",
                        f"gem card '{c.id}' shows a diamond with {' and '.join(g for g in gems if g != rules.DIAMOND)}; "
                        f"a diamond card carries a single diamond")
    absent = [g for g in rules.GEM_KINDS if g not in shown]
    if cards and absent:
        report.rule(spec.loc, "GEM-KINDS",
                    f"no gem card shows {one_of(absent)}; the game has six gem kinds: {', '.join(rules.GEM_KINDS)}")
