"""`pnp score gem GAME.yaml`: score a finished game of GEM by the rules model (rules.score).

Takes the spec and a game file (format in the README): every player's gem cards at the end, by
printed name ("Ruby + Sapphire (invest 3, loan 4)") or id, under `invest` (the investment end
up: it scores) or `loan` (the loan end up: it does not). Returns each player's points line by
line — the gems on every investment-up card, each majority bonus — and the winner (ties: the
most gems). A file that cannot be read is a located error (InputError, exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ...diagnostics import InputError, Report, plural
from ...load.gamefile import Cards, open_players, score_lines
from ...load.schema import INVALID, Field, Raw, read_fields
from ...load.spec import Item, Spec
from ..base import SetupResult
from . import rules

GEM_CARD = "a gem card of the spec"
ENDS = ("invest", "loan")  # the keys of a player: which end of the card points at its owner


def score(spec: Spec, path: Path, display: str) -> SetupResult:
    report = Report()
    held = _read(spec, path, display, report)  # raises InputError, located, for a file that is not YAML
    if report.errors or held is None:
        raise InputError(report)
    kinds = rules.gem_kinds(spec.game)
    scores, winner = rules.score({p: [(c["gems"], end == "invest") for end in ENDS for c in cards[end]]
                                  for p, cards in held.items()}, list(kinds))
    best = max((s.total, s.gems) for s in scores)
    tied = [] if winner else [s.player for s in scores if (s.total, s.gems) == best]
    data = {"game": "gem", "winner": winner, "tied": tied, "players": {
        s.player: {"total": s.total, "gems": s.gems, "majorities": s.majorities,
                   **{end: [c.id for c in held[s.player][end]] for end in ENDS}} for s in scores}}
    return SetupResult(data, _lines(spec, data, kinds))


def _read(spec: Spec, path: Path, display: str, report: Report) -> dict[str, dict[str, list[Item]]] | None:
    opened = open_players(path, display, spec, [Field("players", Raw("map"))], report)
    if opened is None:
        return None
    players, names = opened[0]["players"], opened[1]
    cards = Cards(spec, report)
    held = {}
    for name in names:
        fields = [Field(end, Raw("seq"), required=False) for end in ENDS]
        v, _ = read_fields(players.value[name], fields, report, f"the player {name}")
        if v is INVALID or INVALID in v.values():
            continue
        held[name] = {end: [c for c, _ in cards.many(v[end], ("gem",), f"{name}'s {end} cards", GEM_CARD)]
                      if v[end] is not None else [] for end in ENDS}
    return held


def _lines(spec: Spec, data: dict, kinds: dict) -> list[str]:
    from .. import GAMES

    card_name = GAMES[spec.game].name_of
    card = {c.id: c for c in spec.components}
    players = {}
    for p, r in data["players"].items():
        rows = []
        for cid in r["invest"]:
            gems = len(card[cid]["gems"])
            rows.append((f"{card_name(card[cid], spec)}: {plural(gems, 'gem')}", gems * rules.POINTS_PER_GEM))
        rows += [(f"{card_name(card[cid], spec)}: loan end up, not scored", 0) for cid in r["loan"]]
        for kind, bonus in r["majorities"].items():
            how = "sole" if bonus == rules.MAJORITY_SOLE else "tied"
            rows.append((f"most {kinds[kind]['name']['en']} ({how} majority)", bonus))
        players[p] = (r["total"], rows)
    decided = ""
    if data["winner"]:
        totals = [r["total"] for r in data["players"].values()]
        if totals.count(data["players"][data["winner"]]["total"]) > 1:
            decided = "tied on points; the most gems wins"
    return score_lines(spec, players, data["winner"], data["tied"], decided)
