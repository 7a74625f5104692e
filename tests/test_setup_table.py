"""`pnp setup` for every game, as a table of players uses it: what everyone sees comes first,
each player's hidden cards follow in a section of their own, `--player K` prints only what K
may see (text and JSON), and every card is named as printed in the chosen language, with its
spec id in brackets so it can be found in the printed deck."""
from __future__ import annotations

import re

import pytest

from pnp.games import GAMES
from pnp.load.paths import SPECS_DIR
from pnp.load.spec import load_spec

PLAYERS = {"the-jam": 3, "gem": 3, "pi-mal-pflaumen": 4, "christmas-tree": 3}
LABEL = re.compile(r"([^\[\]]+?) \[([a-z0-9-]+)\]")


@pytest.fixture(scope="module")
def specs():
    return {g: load_spec(SPECS_DIR / f"{g}.yaml", GAMES[g])[0] for g in PLAYERS}


def _sections(text: str) -> tuple[str, dict[str, str]]:
    """The public part and each '--- player N only' section of a text setup."""
    parts = re.split(r"^--- player (\d+) only[^\n]*\n", text, flags=re.M)
    return parts[0], {f"player {n}": body for n, body in zip(parts[1::2], parts[2::2])}


def _ids(text: str) -> set[str]:
    return {m.group(2) for m in LABEL.finditer(text)}


@pytest.mark.parametrize("game", PLAYERS)
def test_the_table_comes_first_then_each_players_hidden_cards(cli, game):
    n = PLAYERS[game]
    r = cli("setup", game, "--players", n, "--seed", 3)
    assert r.code == 0
    public, private = _sections(r.out)
    assert "On the table, for everyone to see:" in public.splitlines()[2]
    data = cli("setup", game, "--players", n, "--seed", 3, "--format", "json").json()
    assert set(data) >= {"public", "private", "hidden"}
    assert list(data["private"]) == [f"player {p}" for p in range(1, n + 1)]
    holders = [p for p, own in data["private"].items() if any(own.values())]
    assert list(private) == holders  # a section for every player who holds hidden cards (GEM: none)
    for p, body in private.items():  # the section lists exactly that player's cards
        own = {c["id"] for cards in data["private"][p].values() for c in cards}
        assert _ids(body) == own
    public_cards, hidden_cards = _cards(data["public"]), _cards(data["hidden"])
    for p, own in data["private"].items():  # a hidden card is neither on the table nor face down elsewhere
        mine = _cards(own)
        assert not mine & public_cards and not mine & hidden_cards
    assert _ids(public) == _public_json_ids(data)


def _cards(v) -> set[str]:
    """Every dealt card ('id#copy') in a part of a setup's JSON."""
    if isinstance(v, dict):
        return ({v["card"]} if "card" in v else set()).union(*(_cards(x) for x in v.values()))
    if isinstance(v, list):
        return set().union(*(_cards(x) for x in v)) if v else set()
    return {v} if isinstance(v, str) and "#" in v else set()


def _public_json_ids(data) -> set[str]:
    found: set[str] = set()

    def walk(v):
        if isinstance(v, dict):
            if "id" in v and "name" in v:
                found.add(v["id"])
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(data["public"])
    return found


@pytest.mark.parametrize("game", ["the-jam", "pi-mal-pflaumen", "christmas-tree"])
def test_player_k_sees_the_table_and_only_their_own_cards(cli, game):
    n = PLAYERS[game]
    everything = cli("setup", game, "--players", n, "--seed", 4, "--format", "json").json()
    seats = 0
    for k in range(1, n + 1):
        seats += 1
        r = cli("setup", game, "--players", n, "--seed", 4, "--player", k)
        assert r.code == 0
        public, private = _sections(r.out)
        assert list(private) == [f"player {k}"]
        whole_public, _ = _sections(cli("setup", game, "--players", n, "--seed", 4).out)
        assert public == whole_public
        for p, own in everything["private"].items():  # no other player's card is shown to k
            if p != f"player {k}":
                assert not _ids(r.out) & ({c["id"] for cards in own.values() for c in cards} - _ids(whole_public)
                                          - {c["id"] for cards in everything["private"][f"player {k}"].values()
                                             for c in cards})
        j = cli("setup", game, "--players", n, "--seed", 4, "--player", k, "--format", "json").json()
        assert list(j["private"]) == [f"player {k}"] and "hidden" not in j and j["for_player"] == k
        assert j["public"] == everything["public"]
        assert j["private"][f"player {k}"] == everything["private"][f"player {k}"]
    assert seats == n


@pytest.mark.parametrize("game", PLAYERS)
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_cards_are_named_as_printed_with_their_id_in_brackets(cli, specs, game, lang):
    spec, gd = specs[game], GAMES[game]
    items = {c.id: c for c in spec.components}
    r = cli("setup", game, "--players", PLAYERS[game], "--seed", 5, "--lang", lang)
    labels = [(m.group(1), m.group(2)) for m in LABEL.finditer(r.out)]
    assert labels
    for before, ident in labels:
        name = gd.name_of(items[ident], spec, lang)
        assert before.endswith(name), (before, name)
        if lang == "zh-TW" and items[ident].kind not in ("turn-order",):
            assert re.search(r"[\u4e00-\u9fff]", name), name  # the Chinese name, as printed on a zh-TW build
    data = cli("setup", game, "--players", PLAYERS[game], "--seed", 5, "--lang", lang, "--format", "json").json()
    assert data["lang"] == lang


@pytest.mark.parametrize("k", [0, 4, -1])
def test_a_player_who_is_not_at_the_table_is_a_usage_error(cli, k):
    r = cli("setup", "the-jam", "--players", 3, "--seed", 1, "--player", k)
    assert r.code == 2 and "a game of 3 players has players 1 to 3" in r.err and r.out == ""
