"""`pnp score gem GAME.yaml`: score a finished game of GEM by the rules model (rules.score).

Takes the spec and a game file (format in the README): every player's gem cards at the end, by
printed name ("Ruby + Sapphire (invest 3, loan 4)") or id, under `invest` (the investment end
up: it scores) or `loan` (the loan end up: it does not). Returns each player's points line by
line — the gems on every investment-up card, each majority bonus — and the winner (ties: the
most gems). A file that cannot be read, or a game that is not finished — fewer gem cards held
than the spec's deck has — is a located error (InputError, exit 2).
"""
from __future__ import annotations

from pathlib import Path

from ...diagnostics import InputError, Loc, Report, plural
from ..gamefile import Cards, open_players, score_lines
from ...load.schema import INVALID, Field, Raw, read_fields
from ...load.spec import Item, Spec
from ...load.yamlload import Node, load
from ..base import SetupResult
from . import rules

GEM_CARD = "a gem card of the spec"
GEM_KINDS = ("gem",)  # the component kinds that are gem cards (game.yaml's kinds)
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
    held: dict[str, dict[str, list[Item]]] = {}
    for name in names:
        fields = [Field(end, Raw("seq"), required=False) for end in ENDS]
        v, _ = read_fields(players.value[name], fields, report, f"the player {name}")
        if v is INVALID or INVALID in v.values():
            continue
        held[name] = {end: [c for c, _ in cards.many(v[end], GEM_KINDS, f"{name}'s {end} cards", GEM_CARD)]
                      if v[end] is not None else [] for end in ENDS}
    if not report.errors:  # a card that could not be read leaves the count short: said there already
        _finished(spec, held, players, path, display, report)
    return held


def _finished(spec: Spec, held: dict[str, dict[str, list[Item]]], players: Node, path: Path, display: str,
              report: Report) -> None:
    """Every gem card is won by the end: the seed's bidding phase repeats 「直到所有的寶石卡都已經被標走」
    (until every gem card has been won), round after round to the sixth, and a card won stays its
    winner's — investment or loan end up (loan-up cards only score nothing). So the players
    together hold every gem card of the deck; the deck's size is the spec's (18 in the shipped one)."""
    deck = spec.total(*rules.declared(spec.game).scoring.complete)
    have = sum(len(cards[end]) for cards in held.values() for end in ENDS)
    if have < deck:
        report.error(_players_key(players, path, display), "SCORE-UNFINISHED",
                     f"the game is not finished: the players hold {have} of the {deck} gem cards; play goes on "
                     f"until every gem card is won, so write the other {deck - have} under the players who won "
                     "them ('loan' for a card whose loan end is up)")


def _players_key(players: Node, path: Path, display: str) -> Loc:
    """Where the file's `players:` key is (the players' mapping itself starts at its first name)."""
    try:
        return load(path, display).key_loc("players")
    except InputError:  # read once already; should it be gone meanwhile, point at the mapping
        return players.loc


def _lines(spec: Spec, data: dict, kinds: dict) -> list[str]:
    from .. import GAMES

    card_name = GAMES[spec.game].name_of
    card = {c.id: c for c in spec.components}
    players = {}
    for p, r in data["players"].items():
        rows = []
        for cid in r["invest"]:
            gems = len(card[cid]["gems"])
            rows.append((f"{card_name(card[cid], spec)}: {plural(gems, 'gem')}", rules.card_points(card[cid]["gems"])))
        rows += [(f"{card_name(card[cid], spec)}: loan end up, not scored", 0) for cid in r["loan"]]
        for kind, bonus in r["majorities"].items():
            how = "sole" if sum(kind in o["majorities"] for o in data["players"].values()) == 1 else "tied"
            rows.append((f"most {kinds[kind]['name']['en']} ({how} majority)", bonus))
        players[p] = (r["total"], rows)
    decided = ""
    if data["winner"]:
        totals = [r["total"] for r in data["players"].values()]
        if totals.count(data["players"][data["winner"]]["total"]) > 1:
            decided = "tied on points; the most gems wins"
    return score_lines(spec, players, data["winner"], data["tied"], decided)
