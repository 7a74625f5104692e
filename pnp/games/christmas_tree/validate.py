"""Christmas Tree's checks that data cannot say, run after game.yaml's rules (codes CT-*): each goal
card's parameters against its kind (goals.py), its seed points and no words of its own; a bubble
colour on some decoration; one back for the decorations and a goal back on every goal card; a deck
for three rounds at every player count (the "4" mark decides which cards are in it)."""
from __future__ import annotations

from collections import Counter

from ...diagnostics import Report, one_of
from ...load.spec import Item, Spec
from . import board, goals, rules
from .goal_text import goal_text

PARAMS = ("color", "shape", "decoration", "bubble", "by", "formation", "lines", "length", "target")


def validate(spec: Spec, report: Report) -> None:
    for g in spec.of_kind("goal"):
        _goal(g, goals.GOAL_KINDS[g["goal"]], report)
    colours = {b for k in rules.DECORATIONS for c in spec.of_kind(k) for b in c["bubbles"]}
    if set(rules.BUBBLES) - colours:
        report.rule(spec.loc, "CT-BALANCE", f"no decoration has a {one_of(sorted(set(rules.BUBBLES) - colours))} half-bubble")
    _backs(spec, report)
    _deck(spec, report)


def _goal(g: Item, kind: goals.GoalKind, report: Report) -> None:
    def says(at: str | None, code: str, words: str) -> None:
        report.rule(g.loc_of(at) if at else g.loc, code, f"goal card '{g.id}' {words}")

    takes = ", ".join(" or ".join(s.split("|")) for s in kind.params) or "no parameters"
    for p in [p for p in PARAMS if g.get(p) is not None and not any(p in s.split("|") for s in kind.params)]:
        says(p, "CT-GOAL-PARAM", f"({kind.id}) has '{p}', which a {kind.id} goal does not take; it takes {takes}")
    for options in [s.split("|") for s in kind.params if sum(g.get(p) is not None for p in s.split("|")) != 1]:
        says(None, "CT-GOAL-PARAM", f"({kind.id}) needs " + ("one of " + one_of(options) if len(options) > 1
                                                              else f"'{options[0]}'"))
    if g.get("text") is not None:
        says("text", "CT-GOAL-TEXT", "writes its own text, but a goal card prints the words made from what it scores "
             "(its goal, parameters and points), so that they cannot disagree; remove 'text:'"
             + (f" (it prints: \"{goal_text(g, 'en')}\")" if goals.complete(g) else ""))
    want = goals.unit_points(g) if goals.complete(g) else kind.points
    if g["points"] != want:
        says("points", "CT-GOAL-POINTS", f"({kind.id}) shows {g['points']} points, but the seed gives {want}")
    f = goals.FORMATIONS.get(g.get("formation") or "")
    if f is not None and kind.cells and f.cells != kind.cells:
        sized = one_of(k for k, v in goals.FORMATIONS.items() if v.cells == kind.cells)
        says("formation", "CT-FORMATION", f"({kind.id}) needs a formation of {kind.cells} cards; '{f.id}' has "
             f"{f.cells}; formations of {kind.cells}: {sized}")
    elif f is not None and kind.id == "candy-gingerbread" and f.id != "corner-pair":
        says("formation", "CT-FORMATION", f"the candy and the gingerbread man touch corner to corner (the seed), so "
             f"its formation is 'corner-pair', not '{f.id}'")
    if kind.id == "snowflake-lines" and g.get("lines") and g.get("length") is not None:
        most = max(rules.SNOWFLAKES) * g["length"]
        if not goals.lines_of(g):
            says("length", "CT-GOAL-PARAM", f"the tree has no {g['lines'][:-1]} of {g['length']} spaces (rows and "
                 f"diagonals hold 1 to {board.ROWS})")
        elif g.get("target") is not None and not 1 <= g["target"] <= most:
            says("target", "CT-GOAL-PARAM", f"asks for {g['target']} snowflakes on {g['length']} spaces, expected 1 to {most}")


def _backs(spec: Spec, report: Report) -> None:
    """One back for every decoration (a different one shows which card is on top of the deck), and
    a goal back on every goal card: the decorations' would shuffle it into the deck unseen."""
    decor = [c for k in rules.DECORATIONS for c in spec.of_kind(k)]
    designs = Counter(c.back for c in decor)
    common = designs.most_common(1)[0][0] if designs else None
    for c in decor + spec.of_kind("goal"):
        if c.back is None:
            report.rule(c.loc, "CT-BACKS", f"'{c.id}' has no back, but it is dealt face down")
        elif c.kind != "goal" and c.back != common:
            report.rule(c.loc_of("back"), "CT-BACKS", f"decoration '{c.id}' has back '{c.back}' but the others have "
                                                      f"'{common}'; a different back would show which card is on top of the deck")
        elif c.kind == "goal" and spec.backs.get(c.back) is not None and spec.backs[c.back].kind != "goal":
            b = spec.backs[c.back]
            why = ("the decorations' back: it would be shuffled into the deck unseen" if b.id in designs
                   else f"a back of kind {b.kind}")
            report.rule(c.loc_of("back"), "CT-BACKS", f"goal card '{c.id}' has back '{b.id}', {why}; a goal card takes "
                        f"a goal back ({one_of(x.id for x in spec.backs.values() if x.kind == 'goal') or 'none is declared'})")


def _deck(spec: Spec, report: Report) -> None:
    """Every tree draws a hand in each round: the deck for each player count holds them all."""
    for players in rules.PLAYERS:
        seats, ginger = rules.seats(players), rules.gingerbread_in_deck(players)
        base = sum(c.count for k in rules.MARKED for c in spec.of_kind(k) if rules.in_deck(c, players))
        which = "all baubles and candies" if rules.uses_marked(players) else "the baubles and candies without the \"4\" mark"
        if base + ginger < rules.cards_needed(players):
            report.rule(spec.loc, "CT-DECK", f"with {players} players the deck ({which}, {base}, and {ginger} gingerbread "
                        f"men) holds {base + ginger} cards, but {seats} trees draw {rules.DRAW} cards in each of "
                        f"{rules.ROUNDS} rounds: {rules.cards_needed(players)}")
