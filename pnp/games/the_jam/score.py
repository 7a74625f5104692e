"""`pnp score the-jam GAME.yaml`: score a finished game of The Jam by the rules model.

Takes the spec and a game file (format in the README): every player's table at the end (their
recipe cards, the Youngster and the Bear, by printed name or id) and their mission cards.
Returns each player's points line by line — every recipe's printed points, the specials, each
completed combination with the cards it uses, Yummy yummy — and the winner (ties: most Yummy
points). A file that cannot be read is a located error (InputError, exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ...diagnostics import InputError, Report, plural
from ..gamefile import Cards, open_players, ranking, score_lines
from ...load.schema import INVALID, Choice, Field, Raw, read_fields
from ...load.spec import Item, Spec
from ..base import SetupResult
from . import deck, rules
from .deck import card_name

TABLE = "a recipe card, Karlsman (the Youngster) or the Bear of the spec"
MISSION = "a mission card of the spec"


def score(spec: Spec, path: Path, display: str) -> SetupResult:
    report = Report()
    game = _read(spec, path, display, report)  # raises InputError, located, for a file that is not YAML
    if report.errors or game is None:
        raise InputError(report)
    variant, tables = game
    kinds = {r.id: r.kind for r in deck.recipes(spec).values()}
    results = {p: rules.score_player(owned, specials, missions, kinds, variant)
               for p, (owned, specials, missions) in tables.items()}
    winner, tied = ranking({p: rules.tie_key(r, variant) for p, r in results.items()})
    data = {"game": "the-jam", "variant": variant, "players": results, "winner": winner, "tied": tied}
    return SetupResult(data, _lines(spec, data))


# -- reading ------------------------------------------------------------------------------------

def _read(spec: Spec, path: Path, display: str, report: Report):
    fields = [Field("variant", Choice(list(rules.VARIANTS)), required=False), Field("players", Raw("map"))]
    opened = open_players(path, display, spec, fields, report)
    if opened is None:
        return None
    v, names = opened
    cards = Cards(spec, report)
    tables = {}
    for name in names:
        table = _player(spec, name, v["players"].value[name], v["variant"], len(names), cards, report)
        if table is not None:
            tables[name] = table
    return v["variant"], tables


def _player(spec: Spec, name: str, node, variant: str | None, players: int, cards: Cards, report: Report):
    kids = variant == "kids"
    fields = [Field("table", Raw("seq")), Field("missions", Raw("seq"), required=not kids)]
    v, locs = read_fields(node, fields, report, f"the player {name}")
    if v is INVALID or INVALID in v.values():
        return None
    if kids and v["missions"] is not None:  # the seed: 別使用任務卡
        report.error(locs["missions"], "SCORE-VARIANT", "the kids variant is played without mission cards")
    owned, specials = [], []
    for item, loc in cards.many(v["table"], rules.GAME_KINDS, f"{name}'s table", TABLE):
        if not deck.plays_in(item, variant):
            report.error(loc, "SCORE-VARIANT", f"{cards.game.labelled(item, spec)} is not in the {variant} deck "
                                               "(it leaves out the Youngster, the Bear and the pine-cone jam)")
        elif item.kind in rules.SPECIALS:
            specials.append(item.kind)
        else:
            owned.append(_owned(item))
    missions = [] if kids else _missions(spec, name, v["missions"], players, cards, report)
    return owned, specials, missions


def _owned(c: Item) -> rules.Owned:
    wild = c.kind == "jam" and c["fruit"] == rules.PINE_CONE
    return rules.Owned(c.id, c["recipe"], c.kind, c["points"], c["ingredient"], wild)


def _missions(spec: Spec, name: str, node, players: int, cards: Cards, report: Report) -> list[rules.Mission]:
    found = [item for item, _ in cards.many(node, tuple(rules.MISSION_KINDS), f"{name}'s missions", MISSION)]
    each = rules.MISSIONS_EACH[players]
    held = {mk.en: sum(m.kind == kind for m in found) for kind, mk in rules.MISSION_KINDS.items()}
    if set(held.values()) != {each} and len(found) == len(node.value):  # (a card not found is reported already)
        report.error(node.loc, "SCORE-MISSIONS", f"{name} holds " + ", ".join(f"{n} {k}" for k, n in held.items())
                     + f"; with {players} players everyone holds {each} mission card(s) of each kind")
    out = []
    for m in found:
        mk = rules.MISSION_KINDS[m.kind]
        out.append(rules.Mission(m.id, m.kind, tuple(m[mk.field]) if mk.field else (), tuple(m["tea"]),
                                 m["favourite"], tuple(m.get("ladder") or ())))
    return out


# -- the text a person reads ----------------------------------------------------------------------

def _lines(spec: Spec, data: dict) -> list[str]:
    card = {c.id: c for c in spec.components}
    players = {}
    for p, r in data["players"].items():
        if data["variant"] == "kids":
            players[p] = (r["total"], [("recipe cards in front of you", r["recipe_cards"])])
            continue
        rows = [(card_name(card[c["card"]], spec), c["points"]) for c in r["cards"]]
        rows += [(rules.SPECIALS[s["card"]].en, s["points"]) for s in r["special_cards"]]
        rows += [(_combination(c, card, spec), c["points"]) for c in r["combinations"]]
        rows += [(_yummy(y), y["points"]) for y in r["yummy_cards"]]
        players[p] = (r["total"], rows)
    decided = ""
    if data["winner"] and data["variant"] != "kids":
        totals = [r["total"] for r in data["players"].values()]
        if totals.count(data["players"][data["winner"]]["total"]) > 1:
            decided = "tied on points; the most Yummy-yummy points wins"
    return score_lines(spec, players, data["winner"], data["tied"], decided, data["variant"])


def _yummy(y: dict) -> str:
    fruit = rules.INGREDIENTS[y["favourite"]].en
    return f"Yummy yummy ({y['mission']}): {fruit} on {plural(y['points'] // rules.YUMMY_POINTS, 'card')}"


def _combination(c: dict, card: dict[str, Item], spec: Spec) -> str:
    """'Jam for winter (winter-1): 3 of 4: Strawberry jam, Cherry jam, Pine-cone jam'."""
    head = f"{rules.MISSION_KINDS[c['kind']].en} ({' + '.join(c['missions'])})"
    if not c["points"]:
        return f"{head}: not completed (needs {c['needs']} of {c['slots']})"
    recipes = deck.recipes(spec)
    used = []
    for u in c["used"]:
        title = deck.recipe_title(card[u["card"]], spec)
        stands_in = card[u["card"]]["recipe"] != u["for"] and u["for"] in recipes
        used.append(f"{title} for {deck.recipe_title(recipes[u['for']].card, spec)}" if stands_in else title)
    return f"{head}: {len(used)} of {c['slots']}: " + ", ".join(used)
