"""`pnp score christmas-tree GAME.yaml`: score a played game of Christmas Tree by the rules model.

Takes the spec and a game file (format in the README): the players in seat order, each tree at
the end (which card sits in which space, turned or not, and its unused cookies), and the goal
cards scored each round (optionally with the trees as they stood then). Returns every player's
breakdown — snowflakes and candy points, completed bubbles x 2, each gingerbread man with his
matching neighbours, unused cookies, each goal card's points with majorities — and the winner.
The file is read and checked against the rulebook's play by `played.py`; a file that cannot be
read, or a game the rules rule out, is a located error (InputError, exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ...diagnostics import InputError, Report
from ..gamefile import ranking, score_lines
from ...load.spec import Item, Spec
from ..base import SetupResult
from . import goals, played, rules
from .goal_text import goal_text
from .tree import Tree


def score(spec: Spec, path: Path, display: str) -> SetupResult:
    report = Report()
    game = played.read(spec, path, display, report)  # raises InputError, located, for a file that is not YAML
    if report.errors or game is None:
        raise InputError(report)
    result = tally(game.players, game.trees, game.cookies, game.rounds)
    result["variant"] = game.variant.id
    return SetupResult(result, _lines(spec, result))


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
