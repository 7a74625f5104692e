"""Christmas Tree validator: checks a loaded spec against the rules model; adds located
diagnostics (stable codes CT-*).

Checks the seed's rules: how many of each decoration, goal level and other piece the box holds;
snowflake and candy ranges; the "4" mark only on baubles and candies, and on some of them; each
goal card's kind, its parameters and the seed's points for it, and no words of its own (what it
says is made from what it scores); one back for all decorations, and a goal back on every goal
card (the decorations' would shuffle it into the deck); and that every player count and variant
can be set up and played (the deck, gingerbread men, goals and cookies). Our reconstruction is
held to a few rules of balance (the spec's header states them): every bauble
colour-and-shape combination, snowflake value and bubble colour appears, and every goal kind of
the seed is on some card. Never our particular choice of which card carries what.
"""
from __future__ import annotations

from collections import Counter

from ...diagnostics import Report, one_of, plural
from ...load.schema import legal_values
from ...load.spec import Item, Spec
from . import board, goals, rules
from .goal_text import goal_text


def validate(spec: Spec, report: Report) -> None:
    _counts(spec, report)
    _decorations(spec, report)
    for g in spec.of_kind("goal"):
        _goal(g, report)
    _balance(spec, report)
    _backs(spec, report)
    _supply(spec, report)


def _counts(spec: Spec, report: Report) -> None:
    for kind, piece in {**rules.DECORATIONS, **rules.OTHER_PIECES}.items():
        have = spec.total(kind)
        if have != piece.count:
            report.rule(spec.count_loc(kind), "CT-COUNT",
                        f"the box holds {piece.counted(have)}, expected {piece.count} (the seed's box "
                        f"contents); counted from {spec.count_parts(kind)}")
    levels: Counter[int] = Counter()
    for g in spec.of_kind("goal"):
        if g["bells"] not in rules.BELLS:
            report.rule(g.loc_of("bells"), "CT-BELLS", f"goal card '{g.id}' has {g['bells']} bells; bells must be "
                                                       f"{legal_values(rules.BELLS)}")
        levels[g["bells"]] += g.count
    if spec.total("goal") == rules.OTHER_PIECES["goal"].count and set(levels) <= set(rules.BELLS):
        wanted = ", ".join(f"{n} with {plural(b, 'bell')}" for b, n in rules.BELLS.items())
        for bells, want in rules.BELLS.items():
            if levels[bells] != want:
                report.rule(spec.loc, "CT-GOAL-LEVELS", f"{plural(levels[bells], 'goal card')} with "
                                                        f"{plural(bells, 'bell')}, expected {want} ({wanted})")


def _decorations(spec: Spec, report: Report) -> None:
    for c in spec.of_kind("bauble"):
        if c["snowflakes"] not in rules.SNOWFLAKES:
            report.rule(c.loc_of("snowflakes"), "CT-SNOWFLAKES",
                        f"bauble '{c.id}' has {c['snowflakes']} snowflakes; snowflakes must be {legal_values(rules.SNOWFLAKES)}")
    for c in spec.of_kind("candy"):
        if c["points"] not in rules.CANDY_POINTS:
            report.rule(c.loc_of("points"), "CT-CANDY-POINTS",
                        f"candy '{c.id}' is worth {c['points']} points; a candy's points must be {legal_values(rules.CANDY_POINTS)}")
    marked = [c for k in rules.MARKED for c in spec.of_kind(k) if c["four_player"]]
    if not marked and spec.of_kind(*rules.MARKED):
        report.rule(spec.count_loc(*rules.MARKED), "CT-FOUR-MARK",
                    f"no bauble or candy carries the \"{max(rules.PLAYERS)}\" mark ('four_player: true'), but the "
                    f"seed's setup adds the marked cards only with {max(rules.PLAYERS)} players: without them "
                    f"the deck is the same for every player count")
    for c in spec.of_kind("gingerbread"):
        if c["four_player"]:
            report.rule(c.loc_of("four_player"), "CT-FOUR-MARK",
                        f"gingerbread man '{c.id}' carries the \"4\" mark, but only baubles and candies do: "
                        f"gingerbread men are shuffled in, {rules.GINGERBREAD_PER_PLAYER} for each player")


def _goal(g: Item, report: Report) -> None:
    kind = goals.GOAL_KINDS[g["goal"]]
    takes = {p for spec in kind.params for p in spec.split("|")}
    given = [p for p in ("color", "shape", "decoration", "bubble", "by", "formation", "lines", "length", "target")
             if g.get(p) is not None]
    for p in given:
        if p not in takes:
            report.rule(g.loc_of(p), "CT-GOAL-PARAM", f"goal card '{g.id}' ({kind.id}) has '{p}', which a "
                                                      f"{kind.id} goal does not take; it takes {_takes(kind)}")
    for spec in kind.params:
        options = spec.split("|")
        n = sum(g.get(p) is not None for p in options)
        if n != 1:
            what = "one of " + one_of(options) if len(options) > 1 else f"'{options[0]}'"
            report.rule(g.loc, "CT-GOAL-PARAM", f"goal card '{g.id}' ({kind.id}) needs {what}")
    if g.get("text") is not None:
        report.rule(g.loc_of("text"), "CT-GOAL-TEXT",
                    f"goal card '{g.id}' writes its own text, but a goal card prints the words made from what it "
                    f"scores (its goal, parameters and points), so that they cannot disagree; remove 'text:'"
                    + (f" (it prints: \"{goal_text(g, 'en')}\")" if goals.complete(g) else ""))
    want = goals.unit_points(g) if goals.complete(g) else kind.points
    if g["points"] != want:
        report.rule(g.loc_of("points"), "CT-GOAL-POINTS",
                    f"goal card '{g.id}' ({kind.id}) shows {g['points']} points, but the seed gives {want}")
    _formation(g, kind, report)
    if kind.id == "snowflake-lines" and g.get("lines") and g.get("length") is not None:
        lines = goals.lines_of(g)
        if not lines:
            report.rule(g.loc_of("length"), "CT-GOAL-PARAM",
                        f"goal card '{g.id}': the tree has no {g['lines'][:-1]} of {g['length']} spaces "
                        f"(rows and diagonals hold 1 to {board.ROWS})")
        elif g.get("target") is not None and not 1 <= g["target"] <= max(rules.SNOWFLAKES) * g["length"]:
            report.rule(g.loc_of("target"), "CT-GOAL-PARAM",
                        f"goal card '{g.id}' asks for {g['target']} snowflakes on {g['length']} spaces, expected "
                        f"1 to {max(rules.SNOWFLAKES) * g['length']}")


def _takes(kind: goals.GoalKind) -> str:
    return ", ".join(" or ".join(s.split("|")) for s in kind.params) or "no parameters"


def _formation(g: Item, kind: goals.GoalKind, report: Report) -> None:
    name = g.get("formation")
    if name is None or not kind.cells:
        return
    f = goals.FORMATIONS[name]
    if f.cells != kind.cells:
        sized = [k for k, v in goals.FORMATIONS.items() if v.cells == kind.cells]
        report.rule(g.loc_of("formation"), "CT-FORMATION",
                    f"goal card '{g.id}' ({kind.id}) needs a formation of {kind.cells} cards; '{name}' has "
                    f"{f.cells}; formations of {kind.cells}: {one_of(sized)}")
    elif kind.id == "candy-gingerbread" and name != "corner-pair":
        report.rule(g.loc_of("formation"), "CT-FORMATION",
                    f"goal card '{g.id}': the candy and the gingerbread man touch corner to corner (the seed), "
                    f"so its formation is 'corner-pair', not '{name}'")


def _balance(spec: Spec, report: Report) -> None:
    baubles = spec.of_kind("bauble")
    if not baubles:
        return
    combos = {(c["color"], c["shape"]) for c in baubles}
    missing = [f"{col} {sh}" for col in rules.COLORS for sh in rules.SHAPES if (col, sh) not in combos]
    if missing:
        report.rule(spec.loc, "CT-BALANCE", f"no bauble is {one_of(missing)}; goals ask for every colour and shape")
    flakes = {c["snowflakes"] for c in baubles}
    if set(rules.SNOWFLAKES) - flakes:
        report.rule(spec.loc, "CT-BALANCE", f"no bauble has {one_of(sorted(set(rules.SNOWFLAKES) - flakes))} "
                                            f"snowflakes; the sequence goal needs 0, 1 and 2")
    colours = {b for k in rules.DECORATIONS for c in spec.of_kind(k) for b in c["bubbles"]}
    if set(rules.BUBBLES) - colours:
        report.rule(spec.loc, "CT-BALANCE", f"no decoration has a {one_of(sorted(set(rules.BUBBLES) - colours))} "
                                            f"half-bubble")
    kinds = {g["goal"] for g in spec.of_kind("goal")}
    absent = [k for k in goals.GOAL_KINDS if k not in kinds]
    if spec.of_kind("goal") and absent:
        report.rule(spec.loc, "CT-GOAL-KINDS", f"no goal card is of kind {one_of(absent)}; the seed names twelve "
                                               f"goal kinds and every one belongs in the box")


def _backs(spec: Spec, report: Report) -> None:
    decor = [c for k in rules.DECORATIONS for c in spec.of_kind(k)]
    designs = Counter(c.back for c in decor)
    if len(designs) > 1:
        common = designs.most_common(1)[0][0]
        for c in decor:
            if c.back != common:
                report.rule(c.loc_of("back"), "CT-BACKS",
                            f"decoration '{c.id}' has back '{c.back}' but the others have '{common}'; a different "
                            f"back would show which card is on top of the deck")
    for c in decor + spec.of_kind("goal"):
        if c.back is None:
            report.rule(c.loc, "CT-BACKS", f"'{c.id}' has no back, but it is dealt face down")
    _goal_backs(spec, set(designs), report)


def _goal_backs(spec: Spec, decorations: set, report: Report) -> None:
    """Goal cards are dealt face down beside the deck, not in it: a back of their own kind."""
    goal_backs = [b.id for b in spec.backs.values() if b.kind == "goal"]
    for g in spec.of_kind("goal"):
        back = spec.backs.get(g.back) if g.back is not None else None
        if back is None or back.kind == "goal":
            continue
        why = ("the decorations' back: it would be shuffled into the deck unseen" if back.id in decorations
               else f"a back of kind {back.kind}")
        report.rule(g.loc_of("back"), "CT-BACKS", f"goal card '{g.id}' has back '{back.id}', {why}; a goal card "
                                                  f"takes a goal back ({one_of(goal_backs) or 'none is declared'})")


def _supply(spec: Spec, report: Report) -> None:
    """Every player count and variant can be set up and played through three rounds."""
    ginger = spec.total("gingerbread")
    for players in rules.PLAYERS:
        seats = rules.seats(players)
        need_ginger = rules.GINGERBREAD_PER_PLAYER * seats
        if ginger < need_ginger:
            report.rule(spec.count_loc("gingerbread"), "CT-DECK",
                        f"{players} players shuffle in {need_ginger} gingerbread men, but the box has {ginger}")
            continue
        marked = rules.uses_marked(players)
        base = sum(c.count for k in rules.MARKED for c in spec.of_kind(k) if rules.in_deck(c, players))
        deck, need = base + need_ginger, rules.cards_needed(players)
        if deck < need:
            which = "all baubles and candies" if marked else "the baubles and candies without the \"4\" mark"
            report.rule(spec.loc, "CT-DECK",
                        f"with {players} players the deck ({which}, {base}, and {need_ginger} gingerbread men) holds "
                        f"{deck} cards, but {seats} trees draw {rules.DRAW} cards in each of {rules.ROUNDS} rounds: "
                        f"{need}")
    cookies = spec.total("cookie")
    for v in rules.VARIANTS.values():
        pool = sum(g.count for g in spec.of_kind("goal") if g["bells"] in v.bells)
        for players in rules.PLAYERS:
            need = rules.goals_needed(v, players)
            if pool < need:
                report.rule(spec.loc, "CT-GOAL-SUPPLY",
                            f"the {v.id} game with {players} players needs {need} goal cards with "
                            f"{one_of(v.bells)} bells, but the box has {pool}")
        most = v.cookies_each * max(rules.PLAYERS)
        if cookies < most:
            report.rule(spec.count_loc("cookie"), "CT-COOKIES",
                        f"the {v.id} game gives {v.cookies_each} cookies to each of up to {max(rules.PLAYERS)} "
                        f"players ({most}), but the box has {cookies}")
