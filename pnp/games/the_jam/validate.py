"""The Jam's checks data cannot say (game.yaml's rules say the rest), as located diagnostics: the
rulebook's cards present, a recipe's cards agreeing, a card's halves, the pine-cone halves, a basket
that can always be dealt, the missions all different, the tea party's parts and ladder."""
from __future__ import annotations

from collections import Counter
from itertools import pairwise

from ...diagnostics import Report, plural
from ...load.spec import Spec
from . import deck, rules


def validate(spec: Spec, report: Report) -> None:
    table = deck.recipes(spec)
    _present(spec, report)
    for card in spec.of_kind(*rules.RECIPE_KINDS):
        first = table[card["recipe"]].card
        for name in ("kind",) if first.kind != card.kind else (rules.RECIPE_KINDS[card.kind].made_from, "points"):
            mine, its = (_plain(c.kind if name == "kind" else c[name]) for c in (card, first))
            if mine != its:
                report.rule(card.loc_of("recipe" if name == "kind" else name), "JAM-RECIPE-AGREE",
                            f"card '{card.id}' shows recipe '{card['recipe']}' as {name} {mine}, but card "
                            f"'{first.id}' (line {first.loc.line}) shows it as {its}; one recipe, one id")
        if card["ingredient"] in deck.recipe_fruits(card, table):
            report.rule(card.loc_of("ingredient"), "JAM-OWN-FRUIT",
                        f"card '{card.id}' shows {card['ingredient']} as its ingredient, the fruit its own recipe "
                        f"'{card['recipe']}' is made from; the two halves of a card show different fruits")
    for card in spec.of_kind(*rules.SPECIALS):
        if card.get("ingredient") is not None:
            report.rule(card.loc_of("ingredient"), "JAM-SPECIAL-HALVES",
                        f"{rules.SPECIALS[card.kind].en} ('{card.id}') shows an ingredient, but it is a single-"
                        "purpose card with no recipe or ingredient half; remove 'ingredient'")
    _pine_cone(spec, table, report)
    _basket(spec, report)
    _missions(spec, table, report)


def _present(spec: Spec, report: Report) -> None:
    """Every card the rulebook names is in the deck: jams, pies and salads, the pine-cone jam, the specials."""
    named = [(f"{k.en.lower() if k.id == 'salad' else k.en} card", k.zh, spec.total(k.id))
             for k in rules.RECIPE_KINDS.values()]
    named.append(("pine-cone jam card", rules.recipe_name("jam", rules.PINE_CONE, "zh-TW"),
                  sum(c.count for c in spec.of_kind("jam") if rules.is_pine_cone_jam(c.fields))))
    named += [(s.en, s.zh, spec.total(s.id)) for s in rules.SPECIALS.values()]
    every = ", ".join(f"{what} ({zh})" for what, zh, _ in named)
    for what, zh, _ in (x for x in named if x[2] == 0):
        report.rule(spec.loc, "JAM-MISSING", f"the deck has no {what} ({zh}); the rulebook's deck holds every one "
                                             f"of: {every}")


def _pine_cone(spec: Spec, table, report: Report) -> None:
    """A pine-cone half only makes pine-cone jam: no salad needs one, nor a deck without it, nor kids (warned)."""
    for fruit in (f for c in spec.of_kind("salad") for f in c["fruits"] if f == rules.PINE_CONE):
        report.rule(fruit.loc, "JAM-PINE-CONE", "a salad needs a pine cone, but a pine-cone ingredient only makes "
                                                "pine-cone jam")
    has_jam = any(r.kind == "jam" and rules.is_pine_cone_jam(r.card.fields) for r in table.values())
    for card in (c for c in spec.of_kind(*rules.RECIPE_KINDS) if c["ingredient"] == rules.PINE_CONE):
        if not has_jam:
            report.rule(card.loc_of("ingredient"), "JAM-PINE-CONE", f"card '{card.id}' shows a pine cone, which only "
                                                                    "makes pine-cone jam, but no card shows that recipe")
        elif deck.plays_in(card, "kids"):
            report.warning(card.loc_of("ingredient"), "JAM-KIDS-PINE-CONE",
                           f"card '{card.id}' shows a pine cone, which only makes the pine-cone jam the kids variant "
                           "removes (put pine-cone halves on the pine-cone jam cards)", stage="rules")


def _basket(spec: Spec, report: Report) -> None:
    """After the biggest deal, the basket's different ingredients are sure to be left (the rarest go first)."""
    most, dealt = max(rules.PLAYERS), max(rules.PLAYERS) * rules.HAND
    for variant in (None, "kids"):
        counts = deck.ingredient_copies(spec, variant)
        sure = deck.sure_ingredients(counts, dealt)
        if sure < rules.BASKET:
            shown = ", ".join(f"{k} {n}" for k, n in sorted(counts.items(), key=lambda kv: kv[1]))
            report.rule(spec.loc, "JAM-BASKET", ("the kids' deck" if variant else "the deck") + " cannot always fill "
                        f"the basket: it needs {rules.BASKET} different ingredients, but after dealing {dealt} cards "
                        f"to {most} players only {sure} are sure to remain; copies per ingredient: {shown or 'none'}")


def _missions(spec: Spec, table, report: Report) -> None:
    """Missions all differ; a kind's cards hold equal parts of the tea party (a player draws one of each)."""
    parts = {}
    for kind in rules.MISSION_KINDS:
        seen, cards = {}, spec.of_kind(kind)
        tea = {c.id: Counter(table[r].kind for r in c["tea"] if r in table) for c in cards}
        usual = Counter(tuple(sorted(t.items())) for t in tea.values()).most_common(1)
        for c in cards:
            key = tuple(_plain(v) for v in c.fields.values())
            if c.count > 1 or key in seen:
                report.rule(c.loc_of("count" if c.count > 1 else "id"), "JAM-MISSION-SAME",
                            f"mission '{c.id}' is the same as " + (f"'{seen[key].id}' (line {seen[key].loc.line})"
                            if key in seen else f"its own {c.count} copies") + "; every mission card is different")
            seen.setdefault(key, c)
            if usual and tuple(sorted(tea[c.id].items())) != usual[0][0]:
                report.rule(c.loc_of("tea"), "JAM-TEA-PART", f"mission '{c.id}' holds {_part(tea[c.id])} of the tea "
                            f"party, but the other {kind} cards hold {_part(dict(usual[0][0]))}; any three cards a "
                            "player draws must make the whole party")
        parts[kind] = dict(usual[0][0]) if usual else None
        for c in (c for c in cards if kind == "mission-tea-party"):
            ladder, steps = c["ladder"], range(rules.TEA_MIN, rules.TEA_MAX + 1)
            if len(ladder) != len(steps) or any(b < a for a, b in pairwise(ladder)):
                report.rule(c.loc_of("ladder"), "JAM-TEA-LADDER", f"tea party '{c.id}' has the ladder {ladder}, expected"
                            f" {len(steps)} points that never fall, for owning {', '.join(map(str, steps))} of its "
                            f"{rules.TEA_MAX} recipes")
    whole = sum((Counter(p) for p in parts.values() if p), Counter())
    if None not in parts.values() and whole != Counter(rules.TEA_RECIPES):
        report.rule(spec.loc, "JAM-TEA-TOTAL", f"a player's three tea-party parts hold {_part(whole)}, expected "
                                               f"{_part(rules.TEA_RECIPES)} in total")


def _plain(v) -> str:
    return "[" + ", ".join(sorted(map(str, v))) + "]" if isinstance(v, list) else str(v)


def _part(counts) -> str:
    return f"{plural(counts.get('jam', 0), 'jam')} and {plural(counts.get('pie', 0), 'pie')}"
