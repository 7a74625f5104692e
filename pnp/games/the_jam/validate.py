"""The Jam validator: checks a loaded spec against the rules model; adds located diagnostics.

Checks RULE/FACT constraints only (games.md section 1): the card totals, the cross-references
between cards (a jam's fruit, a pie's jam, a salad's fruits, the missions' recipes, the
favourites), a card's ingredient against its own recipe, the special cards, the mission kinds
and the tea-party totals, and that the basket of 8 different ingredients can always be dealt.
Never our particular CHOICE of recipes, points or mission contents.
"""
from __future__ import annotations

from ...diagnostics import Report, one_of
from ...load.spec import Item, Spec
from . import deck, rules
from .validate_missions import missions

MADE_FROM = {k: v.made_from for k, v in rules.RECIPE_KINDS.items()}


def validate(spec: Spec, report: Report) -> None:
    table = deck.recipes(spec)
    shown = {c["ingredient"] for c in spec.of_kind(*rules.RECIPE_KINDS)}
    _present(spec, report)
    _recipes_agree(spec, table, report)
    for card in spec.of_kind("jam"):
        _jam(card, shown, table, report)
    for card in spec.of_kind("pie"):
        _pie(card, table, report)
    for card in spec.of_kind("salad"):
        _salad(card, shown, report)
    for card in spec.of_kind(*rules.RECIPE_KINDS):
        _own_fruit(card, table, report)
    _specials(spec, report)
    _pine_cone(spec, table, report)
    missions(spec, table, shown, report)
    _basket(spec, report)


def _present(spec: Spec, report: Report) -> None:
    """Every card the rulebook names is in the deck: jams, pies and fruit salads, the pine-cone
    jam, the Youngster and the Bear (the missions are checked with the mission cards)."""
    named = [(k.id, f"{k.en.lower()} card" if k.id == "salad" else f"{k.en} card", k.zh, spec.total(k.id))
             for k in rules.RECIPE_KINDS.values()]
    pine = sum(c.count for c in spec.of_kind("jam") if rules.is_pine_cone_jam(c.fields))
    named.append(("pine-cone jam", "pine-cone jam card", rules.recipe_name("jam", rules.PINE_CONE, "zh-TW"), pine))
    named += [(s.id, s.en, s.zh, spec.total(s.id)) for s in rules.SPECIALS.values()]
    every = ", ".join(f"{what} ({zh})" for _, what, zh, _n in named)
    for ident, what, zh, n in named:
        if n == 0:
            report.rule(spec.loc, "JAM-MISSING",
                        f"the deck has no {what} ({zh}); the rulebook's deck holds every one of: {every}")


def _recipes_agree(spec: Spec, table: dict[str, deck.Recipe], report: Report) -> None:
    """Cards showing the same recipe show the same recipe: same kind, ingredients and points."""
    for card in spec.of_kind(*rules.RECIPE_KINDS):
        first = table[card["recipe"]].card
        if first is card:
            continue
        if first.kind != card.kind:
            report.rule(card.loc_of("recipe"), "JAM-RECIPE-AGREE",
                        f"recipe '{card['recipe']}' is a {card.kind} on card '{card.id}' but a {first.kind} on "
                        f"card '{first.id}' (line {first.loc.line}); give different recipes different ids")
            continue
        for name in (MADE_FROM[card.kind], "points"):
            if _plain(card[name]) != _plain(first[name]):
                report.rule(card.loc_of(name), "JAM-RECIPE-AGREE",
                            f"card '{card.id}' shows recipe '{card['recipe']}' with {name} {_show(card[name])}, "
                            f"but card '{first.id}' (line {first.loc.line}) shows it with {_show(first[name])}; "
                            f"every card of a recipe shows the same recipe")


def _plain(v):
    return sorted(map(str, v)) if isinstance(v, list) else v


def _show(v) -> str:
    return "[" + ", ".join(map(str, v)) + "]" if isinstance(v, list) else str(v)


def _jam(card: Item, shown: set[str], table, report: Report) -> None:
    fruit = card["fruit"]
    if fruit == rules.PINE_CONE:
        return  # made from any ingredient (its points: game.yaml's JAM-PINE-POINTS)
    if fruit not in shown:
        report.rule(card.loc_of("fruit"), "JAM-JAM-FRUIT",
                    f"jam '{card.id}' is made from {fruit}, but no card shows {fruit} as its ingredient, "
                    f"so the jam can never be made; ingredients on cards: {one_of(sorted(shown))}")


def _pie(card: Item, table: dict[str, deck.Recipe], report: Report) -> None:
    jam = card["jam"]
    found = table.get(jam)
    if found is not None and found.kind == "jam":
        return
    jams = sorted(r for r, v in table.items() if v.kind == "jam")
    what = f"is a {found.kind} recipe, not a jam" if found else "is not a recipe on any card"
    report.rule(getattr(jam, "loc", card.loc_of("jam")), "JAM-PIE-JAM",
                f"pie '{card.id}' is baked from '{jam}', which {what}; jam recipes: {one_of(jams)}")


def _salad(card: Item, shown: set[str], report: Report) -> None:
    fruits = card["fruits"]  # how many: game.yaml's JAM-SALAD-FRUITS
    for i, fruit in enumerate(fruits):
        if fruit in fruits[:i]:
            report.rule(fruit.loc, "JAM-SALAD-FRUITS",
                        f"salad '{card.id}' names {fruit} twice, expected {rules.SALAD_FRUITS} different fruits")
        elif fruit == rules.PINE_CONE:
            report.rule(fruit.loc, "JAM-PINE-CONE",
                        f"salad '{card.id}' needs a pine cone, but a pine-cone ingredient only makes pine-cone jam")
        elif fruit not in shown:
            report.rule(fruit.loc, "JAM-SALAD-FRUIT",
                        f"salad '{card.id}' needs {fruit}, but no card shows {fruit} as its ingredient; "
                        f"ingredients on cards: {one_of(sorted(shown))}")


def _own_fruit(card: Item, table, report: Report) -> None:
    if card["ingredient"] in deck.recipe_fruits(card, table):
        report.rule(card.loc_of("ingredient"), "JAM-OWN-FRUIT",
                    f"card '{card.id}' shows {card['ingredient']} as its ingredient, the fruit its own recipe "
                    f"'{card['recipe']}' is made from; the two halves of a card show different fruits")


def _specials(spec: Spec, report: Report) -> None:
    for card in spec.of_kind(*rules.SPECIALS):  # their points: game.yaml's JAM-SPECIAL-POINTS
        special = rules.SPECIALS[card.kind]
        if card.get("ingredient") is not None:
            report.rule(card.loc_of("ingredient"), "JAM-SPECIAL-HALVES",
                        f"{special.en} ('{card.id}') shows an ingredient, but {special.en} is a single-purpose "
                        f"card with no recipe or ingredient half; remove 'ingredient'")


def _pine_cone(spec: Spec, table, report: Report) -> None:
    """A pine-cone ingredient can only make pine-cone jam, so the deck needs that recipe; and
    the kids' deck, which loses the pine-cone jam, should keep no pine-cone half that can make
    nothing (a warning: the rulebook does not say where the halves are)."""
    has_jam = any(r.kind == "jam" and rules.is_pine_cone_jam(r.card.fields) for r in table.values())
    if has_jam:
        for card in spec.of_kind(*rules.RECIPE_KINDS):
            if card["ingredient"] == rules.PINE_CONE and deck.plays_in(card, "kids"):
                report.warning(card.loc_of("ingredient"), "JAM-KIDS-PINE-CONE",
                               f"card '{card.id}' shows a pine cone, which only makes pine-cone jam; the kids "
                               f"variant removes the pine-cone jam, so in the kids' deck this half makes nothing "
                               f"(put pine-cone halves on the pine-cone jam cards)", stage="rules")
        return
    for card in spec.of_kind(*rules.RECIPE_KINDS):
        if card["ingredient"] == rules.PINE_CONE:
            report.rule(card.loc_of("ingredient"), "JAM-PINE-CONE",
                        f"card '{card.id}' shows a pine cone, which only makes pine-cone jam, but no card shows "
                        f"the pine-cone jam recipe (a jam with fruit: pine-cone)")


def _basket(spec: Spec, report: Report) -> None:
    """Setup consequence: after the biggest deal, 8 different ingredients are still in the deck."""
    most = max(rules.PLAYERS)
    dealt = most * rules.HAND
    for variant in (None, "kids"):
        counts = deck.ingredient_copies(spec, variant)
        sure = deck.sure_ingredients(counts, dealt)
        if sure >= rules.BASKET:
            continue
        which = "the deck" if variant is None else "the kids' deck (no specials, no pine cones)"
        shown = ", ".join(f"{k} {n}" for k, n in sorted(counts.items(), key=lambda kv: kv[1]))
        report.rule(spec.loc, "JAM-BASKET",
                    f"{which} cannot always fill the basket: it needs {rules.BASKET} different ingredients "
                    f"(pine cone and special cards aside), but after dealing {dealt} cards to {most} players "
                    f"only {sure} are sure to remain; copies per ingredient: {shown or 'none'}")
