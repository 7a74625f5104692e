"""`pnp score pi-mal-pflaumen GAME.yaml`: score a finished game of Pi mal Pflaumen by the rules model.

Takes the spec and a game file (format in the README): for every player the cards of the fruit
mixes they made during play (face down) and what is left face up in their display, by printed
name ("Apple 11 (I)", "Plum", "Pi", "Watchdog") or id. Returns each player's points line by line —
every mix made, the best mixes still made from the display at the end (none in the veteran
variant) — and the winner (ties: the most fruit cards left in the display). A file that cannot
be read is a located error (InputError, exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ...diagnostics import InputError, Loc, Report, plural
from ..gamefile import Cards, open_players, ranking, score_lines
from ...load.schema import INVALID, Choice, Field, Raw, read_fields
from ...load.spec import Item, Spec
from ..base import SetupResult
from . import rules

MIX_CARD = "a fruit card of the spec"
DISPLAY_CARD = "a fruit, plum, pi or watchdog card of the spec"
FRUIT_KINDS = ("fruit", "plum")  # the cards that count as fruit in a mix and for the tie-break


def score(spec: Spec, path: Path, display: str) -> SetupResult:
    report = Report()
    game = _read(spec, path, display, report)  # raises InputError, located, for a file that is not YAML
    if report.errors or game is None:
        raise InputError(report)
    variant, hands = game
    results = {p: _result(made, shown, variant) for p, (made, shown) in hands.items()}
    winner, tied = ranking({p: rules.tie_key(r) for p, r in results.items()})
    data = {"game": "pi-mal-pflaumen", "variant": variant, "players": results, "winner": winner, "tied": tied}
    return SetupResult(data, _lines(spec, data))


def _result(made: list[Item], shown: list[Item], variant: str | None) -> dict:
    held = [rules.Held(c.id, _fruit(c), (c["mix"]["pattern"], c["mix"]["points"]) if c.get("mix") else None)
            for c in shown]
    r = rules.score_player([c["mix"]["points"] for c in made], held, veteran=variant == "veteran")
    for mix in r["final_mixes"]:
        mix["card"], mix["cards"] = shown[mix["card"]].id, [shown[i].id for i in mix["cards"]]
    r["made"] = [{"card": c.id, "pattern": c["mix"]["pattern"], "points": c["mix"]["points"]} for c in made]
    r["display"] = [c.id for c in shown]
    return r


def _fruit(card: Item) -> str | None:
    if card.kind == "fruit":
        return card["fruit"]
    return rules.PLUM if card.kind == "plum" else None  # pi cards and the watchdog show no fruit


# -- reading ------------------------------------------------------------------------------------

def _read(spec: Spec, path: Path, display: str, report: Report):
    fields = [Field("variant", Choice(list(rules.VARIANTS)), required=False), Field("players", Raw("map"))]
    opened = open_players(path, display, spec, fields, report)
    if opened is None:
        return None
    v, names = opened
    cards = Cards(spec, report)
    steal_cards = sum(1 for c, _ in spec.copies("fruit") if c.get("action") == "steal")
    hands = {}
    for name in names:
        node = v["players"].value[name]
        fields = [Field("mixes", Raw("seq"), required=False), Field("display", Raw("seq"))]
        pv, _ = read_fields(node, fields, report, f"the player {name}")
        if pv is INVALID or INVALID in pv.values():
            continue
        made = _kept(cards.many(pv["mixes"], ("fruit",), f"{name}'s mixes", MIX_CARD)
                     if pv["mixes"] is not None else [], len(names), cards)
        for card, loc in made:
            if not card.get("mix"):
                report.error(loc, "SCORE-MIX", f"{cards.game.labelled(card, spec)} shows no fruit mix; 'mixes' "
                                               "lists the cards of the "
                                               "mixes you made (face down), the rest of your cards go under 'display'")
        shown = _kept(cards.many(pv["display"], ("fruit", "plum", "pi", "watchdog"), f"{name}'s display",
                                 DISPLAY_CARD), len(names), cards)
        taken = sum(c.kind == "fruit" for c, _ in made + shown)
        # one card a trick, and a steal only on taking a steal card: at most once a trick too
        taken_most = len(rules.ROUNDS) * rules.TRICKS[len(names)]
        steals = min(steal_cards, taken_most)
        most = taken_most + steals
        if taken > most:
            report.error(node.loc, "SCORE-DISPLAY", f"{name} has {taken} fruit cards (made mixes and display), but "
                                                    f"a player takes one card a trick, {most - steals} in a game "
                                                    f"for {len(names)}, and can steal at most {steals} more")
        hands[name] = ([c for c, _ in made], [c for c, _ in shown])
    return v["variant"], hands


def _kept(found: list[tuple[Item, Loc]], players: int, cards: Cards) -> list[tuple[Item, Loc]]:
    """The cards in play for this many players; a card the setup removes is a located error."""
    out = []
    for card, loc in found:
        if card.kind == "fruit" and card["number"] in rules.REMOVED[players]:
            gone = rules.REMOVED[players]
            cards.report.error(loc, "SCORE-REMOVED", f"{cards.game.labelled(card, cards.spec)} is not in a game "
                                                     f"for {players}: the setup removes "
                                               f"number{'s' if len(gone) > 1 else ''} {gone[0]}"
                                               + (f" to {gone[-1]}" if len(gone) > 1 else "") + " of each round")
        else:
            out.append((card, loc))
    return out


# -- the text a person reads ----------------------------------------------------------------------

def _lines(spec: Spec, data: dict) -> list[str]:
    card = {c.id: c for c in spec.components}

    from .. import GAMES

    def name(cid: str) -> str:
        return GAMES[rules.GAME].name_of(card[cid], spec)

    players = {}
    for p, r in data["players"].items():
        rows: list[tuple[str, int | None]] = [(f"mix made in play: {m['pattern']} on {name(m['card'])}", m["points"])
                                              for m in r["made"]]
        for m in r["final_mixes"]:
            others = [name(c) for c in m["cards"][1:]]
            rows.append((f"mix at the end: {m['pattern']} on {name(m['card'])} with {', '.join(others)}",
                         m["points"]))
        pis = sum(card[c].kind == "pi" for c in r["display"])
        if pis:
            rows.append((f"{plural(pis, 'pi card')} (no points)", 0))
        rows.append((f"fruit cards left in the display: {r['fruit_cards_left']} (decides a tie)", None))
        players[p] = (r["total"], rows)
    decided = ""
    if data["winner"]:
        totals = [r["total"] for r in data["players"].values()]
        if totals.count(data["players"][data["winner"]]["total"]) > 1:
            decided = "tied on points; the most fruit cards left in the display wins"
    return score_lines(spec, players, data["winner"], data["tied"], decided, data["variant"])
