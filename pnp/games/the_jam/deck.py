"""Facts about one deck that the validator, setup and renderer all need.

Takes a loaded spec; returns its recipes by id (the first card showing each recipe stands for
it), the cards a variant plays with, and how many different ingredients a deal can never take
away from the basket.
"""
from __future__ import annotations

from collections import Counter

from ...records import record
from ...load.spec import Item, Spec
from . import rules

GAME_KINDS = rules.GAME_KINDS


@record(frozen=True)
class Recipe:
    id: str
    kind: str
    card: Item  # the first card showing it

    @property
    def points(self) -> int:
        return self.card["points"]


def recipes(spec: Spec) -> dict[str, Recipe]:
    """Each recipe of the spec, by id (every face reads it: the table of the last spec and
    component list asked is kept)."""
    global _last
    if _last[0] is spec and _last[1] is spec.components:
        return _last[2]
    out: dict[str, Recipe] = {}
    for c in spec.of_kind(*rules.RECIPE_KINDS):
        out.setdefault(c["recipe"], Recipe(c["recipe"], c.kind, c))
    _last = (spec, spec.components, out)
    return out


_last: tuple = (None, None, {})


def deck_context(spec: Spec) -> list:
    """What a card's drawing reads from other cards: each recipe card's recipe and what it is made of."""
    return [(c.id, c.kind, c.get("recipe"), c.get("fruit"), c.get("fruits"), c.get("jam"))
            for c in spec.of_kind(*rules.RECIPE_KINDS)]


def jam_fruit(spec: Spec, jam_recipe: str) -> str | None:
    """The fruit of the jam a pie is baked from, if that jam recipe exists."""
    r = recipes(spec).get(jam_recipe)
    return r.card["fruit"] if r is not None and r.kind == "jam" else None


def recipe_fruits(card: Item, table: dict[str, Recipe]) -> list[str]:
    """The fruits a card's own recipe is made from (for a pie: its jam's fruit)."""
    if card.kind == "jam":  # the pine-cone jam is made from any ingredient
        return [] if rules.is_pine_cone_jam(card.fields) else [card["fruit"]]
    if card.kind == "salad":
        return list(card["fruits"])
    if card.kind == "pie":
        jam = table.get(card["jam"])
        return [jam.card["fruit"]] if jam is not None and jam.kind == "jam" else []
    return []


def plays_in(card: Item, variant: str | None) -> bool:
    """Whether a game card is in the deck for this variant (kids: no Youngster, Bear or pine-cone jam)."""
    if variant == "kids":
        return card.kind not in rules.KIDS_REMOVE and not rules.is_pine_cone_jam(card.fields)
    return True


def ingredient_copies(spec: Spec, variant: str | None = None) -> Counter[str]:
    """Copies of every fruit ingredient (pine cone aside) in the variant's deck."""
    counts: Counter[str] = Counter()
    for c, _ in spec.copies(*rules.RECIPE_KINDS):
        if plays_in(c, variant) and c["ingredient"] != rules.PINE_CONE:
            counts[c["ingredient"]] += 1
    return counts


def sure_ingredients(counts: Counter[str], dealt: int) -> int:
    """Different ingredients left in the deck however `dealt` cards fall: the deal that
    empties the most ingredients takes the rarest first."""
    left, gone = dealt, 0
    for n in sorted(counts.values()):
        if n > left:
            break
        left -= n
        gone += 1
    return len(counts) - gone


def card_name(card: Item, spec: Spec, lang: str = "en") -> str:
    """A card as printed: 'Strawberry jam / Walnut' (recipe half / ingredient half), 'Karlsman',
    'Jam for winter: Strawberry jam, Cherry jam, Plum jam, Gooseberry jam'."""
    if card.kind in rules.SPECIALS:
        return rules.SPECIALS[card.kind].name(lang)
    if card.kind in rules.MISSION_KINDS:
        mk = rules.MISSION_KINDS[card.kind]
        shown = card[mk.field] if mk.field else card["tea"]
        table = recipes(spec)
        names = [recipe_label(table[r].card, spec, lang) if r in table else str(r) for r in shown]
        return f"{mk.name(lang)}: {', '.join(names)}"
    ing = rules.INGREDIENTS.get(card["ingredient"])
    return f"{recipe_label(card, spec, lang)} / {ing.name(lang) if ing else card['ingredient']}"


def recipe_title(card: Item, spec: Spec, lang: str = "en") -> str:
    """The name printed on a card's recipe half: 'Strawberry jam', 'Cherry pie', 'Fruit salad'."""
    base = jam_fruit(spec, card["jam"]) if card.kind == "pie" else card.get("fruit")
    return rules.recipe_name(card.kind, base, lang)


def recipe_label(card: Item, spec: Spec, lang: str = "en") -> str:
    """The recipe as a player tells it apart: its title, and a salad's three fruits (every salad
    is titled "Fruit salad"; the card shows its fruits)."""
    name = recipe_title(card, spec, lang)
    if card.kind == "salad":
        fruits = [rules.INGREDIENTS[f].name(lang) if f in rules.INGREDIENTS else str(f) for f in card["fruits"]]
        name += f" ({', '.join(fruits)})"
    return name
