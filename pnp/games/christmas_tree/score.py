"""`pnp score christmas-tree GAME.yaml`: score a played game of Christmas Tree by the rules model.

Takes the spec and a game file (format in the README): the players in seat order, each tree at
the end (which card sits in which space, turned or not, and its unused cookies), and the goal
cards scored each round (optionally with the trees as they stood then). Returns every player's
breakdown — snowflakes and candy points, completed bubbles x 2, each gingerbread man with his
matching neighbours, unused cookies, each goal card's points with majorities — and the winner.
A file that cannot be read is a located error (InputError, exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ...diagnostics import InputError, Report, one_of
from ...load.gamefile import Cards, open_players, ranking, score_lines
from ...load.schema import INVALID, Field, Int, Raw, Text, read_fields
from ...load.spec import Item, Spec
from ...load.yamlload import Node
from ..base import SetupResult
from . import board, goals, rules
from .goal_text import goal_text
from .tree import Placed, Tree

DUMMY = "dummy"
TURNS = (0, 180)


def score(spec: Spec, path: Path, display: str) -> SetupResult:
    report = Report()
    game = _read(spec, path, display, report)  # raises InputError, located, for a file that is not YAML
    if report.errors or game is None:
        raise InputError(report)
    players, final, cookies, rounds = game
    result = tally(players, final, cookies, rounds)
    return SetupResult(result, _lines(spec, result))


# -- reading ------------------------------------------------------------------------------------

DECORATION = "a decoration card of the spec (a bauble, gingerbread man or candy)"


def _read(spec: Spec, path: Path, display: str, report: Report):
    fields = [Field("variant", Text(), required=False), Field("players", Raw("seq")),
              Field("trees", Raw("map")), Field("rounds", Raw("seq"), required=False)]
    opened = open_players(path, display, spec, fields, report, need=("players", "trees"), reserved=(DUMMY,))
    if opened is None:
        return None
    v, players = opened
    seats = players + ([DUMMY] if len(players) == 2 else [])
    trees, cookies = _trees(spec, v["trees"], seats, spec.total("cookie"), report, final=True)
    goal_cards = {g.id: g for g in spec.of_kind("goal")}
    rounds = []
    for i, rnode in enumerate(v["rounds"].value if v["rounds"] not in (None, INVALID) else [], start=1):
        rounds.append(_round(i, rnode, seats, spec, goal_cards, trees, report))
    return players, trees, cookies, rounds


def _trees(spec: Spec, node: Node, seats: list[str], cookie_cards: int, report: Report,
           final: bool) -> tuple[dict[str, Tree], dict[str, int]]:
    trees, cookies, cards = {}, {}, Cards(spec, report, verb="placed")
    for name, tnode in node.value.items():
        if name not in seats:
            report.error(node.key_loc(name), "SCORE-TREE", f"tree '{name}' belongs to nobody; trees: {one_of(seats)}")
            continue
        fields = [Field("spaces", Raw("map")), Field("cookies", Int(0, cookie_cards), required=False, default=0)]
        v, _ = read_fields(tnode, fields, report, f"the tree of {name}")
        if v is INVALID or v["spaces"] is INVALID:
            continue
        trees[name] = Tree(_spaces(name, v["spaces"], cards, report))
        cookies[name] = v["cookies"] if v["cookies"] is not INVALID else 0
    for name in seats:
        if name not in trees and final:
            report.error(node.loc, "SCORE-TREE", f"there is no tree for {name}; every seat needs one")
    return trees, cookies


def _spaces(name: str, node: Node, cards: Cards, report: Report) -> dict[int, Placed]:
    placed = {}
    for key, snode in node.value.items():
        kloc = node.key_loc(key)
        if not key.isdigit() or int(key) not in board.SPACES:
            report.error(kloc, "SCORE-SPACE", f"space '{key}' of {name}'s tree is not on the tree; spaces are "
                                              f"numbered 1 to {len(board.SPACES)}, row by row from the top")
            continue
        card, turned = _placed(snode, report)
        item = cards.find(card, rules.DECORATIONS, DECORATION) if card is not None else None
        if item is not None:
            placed[int(key)] = Placed(item, turned)
    return placed


def _placed(node: Node, report: Report) -> tuple[Node | None, bool]:
    """A space's card: its id, or {card: id, turned: 0|180}."""
    if node.kind == "scalar" and isinstance(node.value, str):
        return node, False
    if not node.is_map:
        report.error(node.loc, "SCORE-CARD", "a space holds a card id, or { card: ID, turned: 180 }")
        return None, False
    v, locs = read_fields(node, [Field("card", Text()),
                                 Field("turned", Int(), required=False, default=0)], report, "a placed card")
    if v is INVALID or v["card"] is INVALID or v["turned"] is INVALID:
        return None, False
    if v["turned"] not in TURNS:
        report.error(locs["turned"], "SCORE-TURNED", f"turned is {v['turned']}, expected 0 or 180 "
                                                     "(a card lies upright or upside down)")
        return None, False
    return node.get("card"), v["turned"] == 180


def _round(i: int, node: Node, seats: list[str], spec: Spec, goal_cards: dict[str, Item], final: dict[str, Tree],
           report: Report) -> tuple[list[Item], dict[str, Tree]]:
    v, _ = read_fields(node, [Field("goals", Raw("seq")), Field("trees", Raw("map"), required=False)], report,
                       f"round {i}")
    if v is INVALID:
        return [], final
    chosen = []
    for g in v["goals"].value if v["goals"] is not INVALID else []:
        if g.kind != "scalar" or g.value not in goal_cards:
            report.error(g.loc, "SCORE-GOAL", f"'{g.value if g.kind == 'scalar' else '?'}' is not a goal card of the spec")
        else:
            chosen.append(goal_cards[g.value])
    trees = final
    if v["trees"] not in (None, INVALID):
        trees, _ = _trees(spec, v["trees"], seats, 99, report, final=False)
        trees = {name: trees.get(name, Tree({})) for name in seats}
    return chosen, trees


# -- scoring ------------------------------------------------------------------------------------

def tally(players: list[str], final: dict[str, Tree], cookies: dict[str, int],
          rounds: list[tuple[list[Item], dict[str, Tree]]]) -> dict:
    """Every player's points, line by line; the dummy tree (if any) only places in majorities."""
    out = {"game": "christmas-tree", "players": {}, "rounds": []}
    per_goal: dict[str, list[dict]] = {p: [] for p in players}
    for i, (cards, trees) in enumerate(rounds, start=1):
        entry = {"round": i, "goals": []}
        for g in cards:
            counts = {name: goals.evaluate(g, tree) for name, tree in trees.items()}
            kind = goals.GOAL_KINDS[g["goal"]]
            bonus = goals.majority({n: c.count for n, c in counts.items()}, players) if kind.majority else {}
            row = {"goal": g.id, "text": goal_text(g, "en"), "points": {}}
            for p in players:
                pts = counts[p].points + bonus.get(p, 0)
                row["points"][p] = pts
                per_goal[p].append({"round": i, "goal": g.id, "count": counts[p].count, "points": counts[p].points,
                                    "majority": bonus.get(p, 0), "total": pts})
            entry["goals"].append(row)
        out["rounds"].append(entry)
    for p in players:
        tree = final[p]
        ginger = [{"space": n, "matches": sum(ok for _, _, ok in tree.matches(n)), "points": tree.gingerbread_points(n)}
                  for n in tree.of_kind("gingerbread")]
        parts = {
            "decorations": sum(tree.card_points(n) for n in tree.placed),
            "bubbles": len(tree.bubbles()) * rules.BUBBLE_POINTS,
            "gingerbread": sum(g["points"] for g in ginger),
            "cookies": cookies.get(p, 0) * rules.COOKIE_POINTS,
            "goals": sum(g["total"] for g in per_goal[p]),
        }
        out["players"][p] = {"total": sum(parts.values()), **parts, "completed_bubbles": len(tree.bubbles()),
                             "gingerbread_men": ginger, "goal_cards": per_goal[p]}
    out["winner"], out["tied"] = ranking({p: (v["total"],) for p, v in out["players"].items()})
    return out


def _lines(spec: Spec, r: dict) -> list[str]:
    players = {}
    for p, s in r["players"].items():
        rows = [("snowflakes and candies", s["decorations"]),
                (f"completed bubbles: {s['completed_bubbles']} x {rules.BUBBLE_POINTS}", s["bubbles"])]
        rows += [(f"gingerbread man in space {g['space']}: {g['matches']} of 4 neighbours match", g["points"])
                 for g in s["gingerbread_men"]]
        rows.append(("unused cookies", s["cookies"]))
        for g in s["goal_cards"]:
            extra = f" + {g['majority']} for the majority" if g["majority"] else ""
            rows.append((f"round {g['round']}, goal {g['goal']}: {g['count']} counted{extra}", g["total"]))
        players[p] = (s["total"], rows)
    return score_lines(spec, players, r["winner"], r["tied"])
