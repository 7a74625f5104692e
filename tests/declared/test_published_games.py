"""Six published card games declared in data as a designer would write them from docs/own-game.md
(tests/declared/published/<id>/: spec, layout, and for three of them a CSV kept as designers keep
sheets — no id column, `Qty`, `Card Name`): Hanabi, Lost Cities, No Thanks!, Love Letter (the
classic 16 cards), Sushi Go! (108 cards) and Coloretto.

For each: `pnp validate` is exit 0 (the deck rules hold for the real game); `pnp list --format json`
counts the real game's cards, kind by kind; `pnp setup` deals every supported player count as the
published rules do; and one deliberate misprint (one card's value changed in a copy) is exit 1,
reported at the misprinted row or line and nowhere else. Two of the games are also built.

The contract these rely on is docs/own-game.md and shared/design.md ("Games declared in data" and
"Turn-4 additions"): `every` with `where:` counting only the combinations `where` keeps (Hanabi,
Love Letter, Sushi Go!), `deal … seen_by: others` (Hanabi) and `seen_by: all` (Coloretto),
`deal … distinct: colour` never taking a card without a colour (Coloretto), tables without an id
column with `Qty` and `Card Name` headers, and a misprint blamed on the one card whose change
would satisfy every rule it breaks (issue 26).
"""
from __future__ import annotations

import json
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from declared_kit import LOCATED, lines_of, no_traceback

PUBLISHED = Path(__file__).resolve().parent / "published"


@dataclass
class Published:
    """What a copy of the real game holds and how its published rules set it up."""

    cards: int  # the real game's cards (what the question "how many cards?" is answered with)
    kinds: dict[str, int]  # every kind declared, with its copies (tokens and chips included)
    players: list[int]
    table: str | None = None  # the CSV beside the spec, when its cards are kept in one
    misprint: tuple[str, str, str] = ("", "", "")  # (file under card_specs/, the line as written, as misprinted)
    twin: bool = False  # the misprint makes the card equal to another card of one copy (see the misprint test)
    hands: dict[int, int] = field(default_factory=dict)  # cards each player holds, by player count


GAMES = {
    "hanabi": Published(
        cards=50, kinds={"firework": 50, "clue": 8, "fuse": 3}, players=[2, 3, 4, 5],
        misprint=("hanabi.yaml", "{ id: red-5, kind: firework, colour: red, value: 5, count: 1 }",
                  "{ id: red-5, kind: firework, colour: red, value: 4, count: 1 }"),
        hands={2: 5, 3: 5, 4: 4, 5: 4}),
    "lost-cities": Published(
        cards=60, kinds={"expedition": 45, "wager": 15}, players=[2], table="lost-cities.csv",
        misprint=("lost-cities.csv", "green,8\n", "green,7\n"), twin=True, hands={2: 8}),
    "no-thanks": Published(
        cards=33, kinds={"card": 33, "chip": 55}, players=[3, 4, 5, 6, 7],
        misprint=("no-thanks.yaml", "{ id: card-17, kind: card, value: 17 }", "{ id: card-17, kind: card, value: 18 }"),
        hands={3: 0, 4: 0, 5: 0, 6: 0, 7: 0}),
    "love-letter": Published(
        cards=16, kinds={"character": 16, "token": 13}, players=[2, 3, 4], table="love-letter.csv",
        misprint=("love-letter.csv", "Princess,8,1,", "Princess,1,1,"), hands={2: 1, 3: 1, 4: 1}),
    "sushi-go": Published(
        cards=108, kinds={"dish": 108}, players=[2, 3, 4, 5], table="sushi-go.csv",
        misprint=("sushi-go.csv", "Squid Nigiri,nigiri,,3,5,", "Squid Nigiri,nigiri,,2,5,"),
        hands={2: 10, 3: 9, 4: 8, 5: 7}),
    "coloretto": Published(
        cards=82, kinds={"chameleon": 63, "joker": 3, "plus-two": 10, "last-round": 1, "row": 5}, players=[3, 4, 5],
        misprint=("coloretto.yaml", "{ id: golden-joker, kind: joker, golden: true }",
                  "{ id: golden-joker, kind: joker, golden: false }"),
        hands={3: 0, 4: 0, 5: 0}),
}
TOKENS = {"clue", "fuse", "chip", "token"}  # kinds of the box's bits, not of its cards
DEALS = [(g, n) for g, p in GAMES.items() for n in p.players]


def specs(game: str) -> Path:
    return PUBLISHED / game / "card_specs"


def copied(game: str, into: Path) -> Path:
    """The game's card_specs/ and layouts/ copied into `into` (the folder the `cli` fixture runs in)."""
    for part in ("card_specs", "layouts"):
        shutil.copytree(PUBLISHED / game / part, into / part)
    return into / "card_specs"


def deal(cli, game: str, players: int, *extra) -> dict:
    r = cli("setup", game, "--players", players, "--specs", specs(game), "--seed", 7, "--format", "json", *extra)
    no_traceback(r)
    assert r.code == 0, f"pnp setup {game} --players {players} exited {r.code}:\n{r.out}{r.err}"
    return r.json()


def cards_of(group) -> list[dict]:
    """The cards of a hand, a pile or a seat's groups (a dict of group -> cards)."""
    if isinstance(group, dict):
        return [c for cs in group.values() if isinstance(cs, list) for c in cs]
    return list(group)


def everywhere(d: dict) -> list[str]:
    """Every copy the deal placed (`id#copy`), wherever it is: table, hands, piles, box, removed."""
    found: list[str] = []

    def walk(x):
        if isinstance(x, dict):
            if "card" in x and "id" in x:
                found.append(x["card"])
                return
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk({k: v for k, v in d.items() if k in ("public", "private", "hidden", "seen_by_others")})
    return found


# -- the deck ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_validates(cli, game):
    r = cli("validate", game, "--specs", specs(game))
    no_traceback(r)
    assert r.code == 0, f"pnp validate {game} exited {r.code}:\n{r.out}{r.err}"
    assert not [x for x in lines_of(r) if "error[" in x or "warning[" in x], r.out + r.err


@pytest.mark.parametrize("game", GAMES)
def test_tables_as_designers_keep_them(game):
    """The CSVs are the designer's sheets: no id column, copies in `Qty` where a row stands for several."""
    table = GAMES[game].table
    if table is None:
        return
    header = (specs(game) / table).read_text(encoding="utf-8").splitlines()[0].split(",")
    assert "id" not in [h.strip().lower() for h in header]
    if game in ("love-letter", "sushi-go"):
        assert "Qty" in header and "Card Name" in header


@pytest.mark.parametrize("game", GAMES)
def test_list_counts_the_real_game(cli, game):
    r = cli("list", game, "--specs", specs(game), "--format", "json")
    no_traceback(r)
    assert r.code == 0, r.err
    listed = r.json()
    assert listed["game"] == game
    kinds = Counter()
    for c in listed["components"]:
        kinds[c["kind"]] += c["count"]
    assert dict(kinds) == GAMES[game].kinds
    assert sum(n for k, n in kinds.items() if k not in TOKENS) == GAMES[game].cards


# -- the deal ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game,players", DEALS)
def test_deal_for_each_player_count(cli, game, players):
    d = deal(cli, game, players)
    seats = [f"player {k}" for k in range(1, players + 1)]
    assert d["players"] == players and sorted(d["private"]) == sorted(seats)
    hand = GAMES[game].hands[players]
    held = {s: cards_of(d["private"][s]) for s in seats}
    facing = {s: cards_of(d.get("seen_by_others", {}).get(s, {})) for s in seats}
    if game == "hanabi":  # held the wrong way round: seen by everyone but the holder
        assert all(len(facing[s]) == hand for s in seats), facing
        assert all(held[s] == [] for s in seats), held
    else:
        assert all(len(held[s]) == hand for s in seats), {s: len(h) for s, h in held.items()}
        assert not any(facing.values())
    # every copy of every component is somewhere, once
    placed = Counter(everywhere(d))
    assert all(n == 1 for n in placed.values()), [c for c, n in placed.items() if n > 1]
    assert len(placed) == sum(GAMES[game].kinds.values())
    CHECKS[game](d, players, seats)


def _hanabi(d, players, seats):
    assert d["public"]["piles"] == {"draw": 50 - players * GAMES["hanabi"].hands[players]}
    assert Counter(c["kind"] for c in d["public"]["supply"]) == {"clue": 8, "fuse": 3} and d["public"]["box"] == []


def _lost_cities(d, players, seats):
    assert d["public"]["piles"] == {"draw": 60 - 16}


def _no_thanks(d, players, seats):
    each = {3: 11, 4: 11, 5: 11, 6: 9, 7: 7}[players]
    chips = d["public"]["chips"]
    assert {s: len(chips[s]) for s in seats} == {s: each for s in seats}
    assert all(c["kind"] == "chip" for s in seats for c in chips[s])
    assert d["public"]["out"] == [9]  # nine cards out of the game, unseen
    assert d["public"]["piles"] == {"draw": 33 - 9}
    box = [c["kind"] for c in d["public"]["box"]]
    assert set(box) <= {"chip"} and len(box) == 55 - players * each  # the other chips stay in the box


def _love_letter(d, players, seats):
    assert d["public"]["burned"] == [1]  # one card face down, unseen
    aside = d["public"].get("aside", [])
    assert len(aside) == (3 if players == 2 else 0)  # with two players, three more face up
    assert d["public"]["piles"] == {"draw": 16 - 1 - len(aside) - players}
    assert Counter(c["kind"] for c in d["public"]["box"]) == {"token": 13}


def _sushi_go(d, players, seats):
    assert d["public"]["piles"] == {"draw": 108 - players * GAMES["sushi-go"].hands[players]}


def _coloretto(d, players, seats):
    pub = d["public"]
    assert [c["kind"] for c in pub["rows"]] == ["row"] * players  # one row card a player, on the table
    start = pub["start"]  # each player's first chameleon, face up: colours no one else has
    colours = [c.get("colour") for s in seats for c in start[s]]
    assert all(len(start[s]) == 1 and start[s][0]["kind"] == "chameleon" for s in seats), start
    assert len(set(colours)) == players and None not in colours
    removed = [c["colour"] for c in pub["removed"]]
    assert removed == (["grey"] * 9 if players == 3 else [])
    assert "grey" not in colours or players > 3
    supply = d["hidden"]
    # the supply: 15 at the bottom, the last-round card, the rest on top; no row card shuffled in
    assert pub["bottom"] == [15]
    assert [c["kind"] for c in supply["piles"]["last round"]] == ["last-round"]
    in_supply = [c["kind"] for c in supply["bottom"][0] + supply["piles"]["supply"]]
    assert "row" not in in_supply and "last-round" not in in_supply
    assert len(in_supply) == (54 if players == 3 else 63) + 3 + 10 - players
    assert pub["piles"].get("spare rows", 0) == 5 - players


CHECKS = {"hanabi": _hanabi, "lost-cities": _lost_cities, "no-thanks": _no_thanks, "love-letter": _love_letter,
          "sushi-go": _sushi_go, "coloretto": _coloretto}


@pytest.mark.parametrize("players", [2, 4])
def test_hanabi_player_sees_every_hand_but_their_own(cli, players):
    whole = deal(cli, "hanabi", players)
    seats = 0
    for k in range(1, players + 1):
        seats += 1
        seat = f"player {k}"
        mine = {c["card"] for c in cards_of(whole["seen_by_others"][seat])}
        others = {c["card"] for s, g in whole["seen_by_others"].items() if s != seat for c in cards_of(g)}
        view = deal(cli, "hanabi", players, "--player", k)
        seen = set(everywhere(view))
        assert not mine & seen, f"{seat} sees their own cards {sorted(mine & seen)}"
        assert others <= seen, f"{seat} does not see {sorted(others - seen)}"
    assert seats == players


# -- a misprint ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_one_misprint_is_blamed_on_its_row(cli, tmp_path, game):
    """One card's value changed in a copy: exit 1, every rule break it causes reported at its row
    (issue 26: the one card whose single change would satisfy every rule it breaks).

    Lost Cities' cards are one of each: a misprint there (its green 8 printed as a second green 7)
    always makes a card equal to another, and no rule can tell which of the two is wrong. The
    later row is blamed for the card too many (so the misprint is made in the later one); the
    value now missing has no card to blame and is told at its rule's line — never at another row."""
    file, old, new = GAMES[game].misprint
    folder = copied(game, tmp_path)
    text = (folder / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {file}"
    line = text[:text.index(old)].count("\n") + 1
    (folder / file).write_text(text.replace(old, new), encoding="utf-8")
    r = cli("validate", game)
    no_traceback(r)
    assert r.code == 1, f"exit {r.code}:\n{r.out}{r.err}"
    where = f"card_specs/{file}:{line}:"
    located = [x for x in lines_of(r) if LOCATED.match(x)]
    assert any(x.startswith(where) for x in located), f"nothing reported at {where}:\n{r.out}{r.err}"
    spec = (folder / f"{game}.yaml").read_text(encoding="utf-8").splitlines()
    rule_lines = {f"card_specs/{game}.yaml:{n}:" for n, x in enumerate(spec, 1) if "code:" in x}
    allowed = {where} | (rule_lines if GAMES[game].twin else set())
    elsewhere = [x for x in located if not any(x.startswith(a) for a in allowed)]
    assert not elsewhere, f"the misprint is at {where}, but these are reported elsewhere:\n" + "\n".join(elsewhere)


# -- printed -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["love-letter", "coloretto"])
def test_builds_legibly(cli, tmp_path, game):
    """Two of the six built (the others are validated and dealt only, to keep this quick): every
    card on the sheets, every text fitting its box (--strict refuses one that does not)."""
    out = tmp_path / "out"
    r = cli("build", game, "--specs", specs(game), "--out", out, "--strict")
    no_traceback(r)
    assert r.code == 0, f"pnp build {game} exited {r.code}:\n{r.out}{r.err}"
    assert "overflow: none" in r.out + r.err and "missing glyphs: none" in r.out + r.err, r.out + r.err
    sheet_map = json.loads((out / f"{game}.json").read_text(encoding="utf-8"))
    fronts = Counter(p["kind"] for page in sheet_map["pages"] if page["side"] == "front" for p in page["pieces"])
    assert dict(fronts) == GAMES[game].kinds
    assert (out / f"{game}.pdf").stat().st_size > 0
    assert "CANNOT DRAW" not in r.out + r.err
