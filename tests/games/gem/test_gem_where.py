"""GEM cards print no name: `pnp setup` and `pnp score` call one 'Diamond (invest 4, loan 5)'.
`pnp where` (and `build --only`) find a card by that name, by the gems before the bracket, in
either language — every card a name fits, each with its pages — and the scorer, which needs one
card, still asks for the id when a name fits several."""
import pytest

from pnp.load.paths import SPECS_DIR
from pnp.games.project import load_checked


@pytest.fixture(scope="module")
def gem_out(shipped_build):
    return shipped_build("gem").pdf.parent  # the session's build of GEM: `where` only reads it


def _where(cli, out, *names):
    r = cli("where", "gem", *names, "--out", out, "--format", "json")
    assert r.code == 0, r.err
    return r.json()["cards"]


def test_the_gems_a_card_shows_find_every_such_card(cli, gem_out):
    diamonds = [c["id"] for c in cli("list", "gem", "--format", "json").json()["components"]
                if c.get("gems") == ["diamond"]]
    assert len(diamonds) == 3
    found = _where(cli, gem_out, "Diamond")
    assert list(found) == diamonds and all(found[d][0]["side"] == "front" for d in diamonds)
    text = cli("where", "gem", "Diamond", "--out", gem_out)
    assert text.code == 0 and [line.split(":")[0] for line in text.out.splitlines()] == diamonds
    assert list(_where(cli, gem_out, "鑽石")) == diamonds  # the zh-TW name setup uses
    assert list(_where(cli, gem_out, "diamond")) == diamonds  # case does not matter


def test_the_full_name_setup_prints_finds_that_card(cli, gem_out):
    deal = cli("setup", "gem", "--players", 2, "--seed", 3, "--format", "json").json()
    card = deal["hidden"]["piles"][0][0]
    assert list(_where(cli, gem_out, card["name"])) == [card["id"]]
    zh = cli("setup", "gem", "--players", 2, "--seed", 3, "--format", "json", "--lang", "zh-TW").json()
    assert list(_where(cli, gem_out, zh["hidden"]["piles"][0][0]["name"])) == [card["id"]]
    coins = _where(cli, gem_out, "Coin 2")
    assert list(coins) == ["coin-2a", "coin-2b", "coin-2c", "coin-2d"]


def test_a_name_no_card_has_still_names_close_ones(cli, gem_out):
    r = cli("where", "gem", "Diamnd", "--out", gem_out)
    assert r.code == 2 and r.out == ""
    assert r.err.startswith("pnp where: error: gem: no card is named or has the id 'Diamnd'; did you mean 'Diamond'")


def test_the_scorer_asks_for_the_id_when_a_name_fits_several_cards():
    loaded = load_checked("gem", SPECS_DIR)
    game, spec = loaded.game, loaded.spec
    item, why = game.find_card(spec, "Diamond")
    assert item is None
    assert why == "'Diamond' names 3 different cards (diamond-1, diamond-2, diamond-3); give the card's id"
    item, why = game.find_card(spec, "Diamond (invest 5, loan 6)")
    assert (item.id, why) == ("diamond-2", "")
