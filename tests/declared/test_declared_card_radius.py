"""A card size with rounded corners, as the guide writes it: `card: { width: 63mm, height: 88mm,
radius: 3mm }` — accepted, cut with rounded corners; a radius the card cannot have is located."""
from __future__ import annotations

import json

from declared_kit import LAYOUT, one
from declared_fixtures import game  # noqa: F401  (fixture)

CARD = "card: { width: 63mm, height: 88mm }"


def test_a_card_radius_rounds_the_cut_outline(game, cli):
    game.edit(LAYOUT, CARD, "card: { width: 63mm, height: 88mm, radius: 3mm }")
    r = cli("build", "lanterns", "--strict")
    assert r.code == 0, r.out + r.err
    piece = json.loads((game.root / "output" / "lanterns.json").read_text())["pages"][0]["pieces"][0]
    xs = [x for x, _ in piece["outline_mm"]]
    ys = [y for _, y in piece["outline_mm"]]
    assert len(piece["outline_mm"]) > 4  # corners drawn as arcs, not four points
    assert sorted([round(max(xs) - min(xs), 1), round(max(ys) - min(ys), 1)]) == [63.0, 88.0]  # turned or not
    corner = (min(xs), min(ys))
    assert tuple(corner) not in [tuple(p) for p in piece["outline_mm"]]  # the corner itself is cut away


def test_a_radius_over_half_the_card_is_located(game, cli):
    line = game.edit(LAYOUT, CARD, "card: { width: 63mm, height: 88mm, radius: 40mm }")
    r = cli("validate", "lanterns")
    assert r.code == 2
    one(r, "LAYOUT-TEMPLATE", f"{LAYOUT}:{line}:", "'radius'", "40 mm", "more than half")
