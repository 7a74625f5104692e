"""`pnp setup --lang zh-TW` reads in Traditional Chinese from the first line to the last, for every
game, player count and variant: no English word is left in the framing around the cards (a card
keeps its printed name and its spec id in brackets), the counts and piles the text states are the
JSON's, and `--player K` shows the table and K's own section only. English stays English."""
from __future__ import annotations

import contextlib
import io
import json
import re
from collections import Counter

import pytest

from pnp.cli import main
from pnp.games import GAMES
from pnp.load.paths import SPECS_DIR

SEED = 11
LABEL = re.compile(r"([^\[\]]+?) \[([a-z0-9-]+)\]")
SECTION = re.compile(r"^--- 僅限玩家 (\d+)：[^\n]*\n", re.MULTILINE)
ENGLISH = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


# Every game, every legal player count, every variant (None: the game's default).
CASES = [(g, n, v) for g, gd in GAMES.items() for n in gd.players for v in (None, *gd.variants)]


def _ids(x) -> str:
    return f"{x[0]}-{x[1]}-{x[2] or 'plain'}"


@pytest.fixture(scope="module")
def deals():
    """`pnp setup` run in-process like the `cli` fixture, each deal once for the whole module:
    get(game, players, variant, *more args, lang=, fmt=) -> the text, or the JSON parsed."""

    def run(*args) -> str:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            assert main([str(a) for a in args]) == 0, args
        return buf.getvalue()

    cache: dict = {}

    def get(game, n, variant, *extra, lang="zh-TW", fmt="text"):
        key = (game, n, variant, extra, lang, fmt)
        if key not in cache:
            args = ["setup", game, "--specs", SPECS_DIR, "--players", n, "--seed", SEED, "--lang", lang, "--format", fmt, *extra]
            out = run(*args, *(["--variant", variant] if variant else []))
            cache[key] = json.loads(out) if fmt == "json" else out
        return cache[key]

    return get


def _sections(text: str) -> tuple[str, dict[int, str]]:
    parts = SECTION.split(text)
    return parts[0], {int(k): body for k, body in zip(parts[1::2], parts[2::2])}


def _cards(v) -> list[dict]:
    """Every card entry (a dict with an id and a printed name) in a part of a setup's JSON."""
    if isinstance(v, dict):
        own = [v] if "id" in v and "name" in v else []
        return own + [c for x in v.values() for c in _cards(x)]
    if isinstance(v, list):
        return [c for x in v for c in _cards(x)]
    return []


def _framing(text: str, data: dict) -> str:
    """The text without what the cards themselves print: each card's printed name with its id in
    brackets (the names are checked against the printed cards in test_setup_table.py), any other
    bracketed id, a fruit mix's letter pattern (the letters printed on the card) and the command's
    own options (--player, --seed)."""
    cards = _cards(data)
    for c in sorted(cards, key=lambda c: -len(c["name"])):
        text = text.replace(f"{c['name']} [{c['id']}]", "▢")
    text = re.sub(r"\[[^\]]*\]", "▢", text)
    for pattern in {c["mix"]["pattern"] for c in cards if c.get("mix")}:
        text = re.sub(rf"\b{pattern}\b", "▢", text)
    return re.sub(r"--[a-z-]+", "▢", text)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_line_reads_in_chinese(deals, case):
    text, data = deals(*case), deals(*case, fmt="json")
    assert data["lang"] == "zh-TW"
    framing = _framing(text + deals(*case, "--player", 1), data)
    english = [line for line in framing.splitlines() if ENGLISH.search(line)]
    assert not english, "\n".join(english)
    for line in framing.splitlines():  # every line with words in it has Chinese words
        if re.search(r"[A-Za-z]", line):
            assert CJK.search(line), line
    public = _sections(text)[0]
    assert public.splitlines()[2] == "桌面上，所有玩家都看得到："
    assert re.search(rf"{case[1]} 位玩家（隨機種子 {SEED}", public.splitlines()[0])


def test_a_deal_without_a_seed_says_how_to_repeat_it(cli):
    r = cli("setup", "gem", "--players", 2, "--lang", "zh-TW")
    assert r.code == 0
    assert re.fullmatch(r"（用 --seed \d+ 可重現這次發牌）", r.out.splitlines()[-1])


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_english_has_no_chinese(deals, case):
    text = deals(*case, lang="en")
    assert not CJK.search(text)
    assert "On the table, for everyone to see:" in text


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_text_shows_the_cards_and_counts_of_the_json(deals, case):
    game = case[0]
    text, data = deals(*case), deals(*case, fmt="json")
    public, private = _sections(text)
    pub = data["public"]
    # the cards on the table, and each player's own, one label per dealt card
    assert _labels(public) == Counter(c["id"] for c in _cards(pub))
    holders = {int(s.split()[-1]): own for s, own in data["private"].items() if _cards(own)}
    assert sorted(private) == sorted(holders)
    for p, body in private.items():
        assert [m.group(2) for m in LABEL.finditer(body)] == [c["id"] for c in _cards(holders[p])]
    CHECKS[game](public, private, data)


COPIES = re.compile(r"(\d+) × [^\[\]]+? \[([a-z0-9-]+)\]")


def _labels(text: str) -> Counter:
    """One label per dealt card: the copies of one component, which a declared game's setup lists
    once ("3 × 林茲餅乾 [cookie]"), count as that many."""
    found = Counter(m.group(2) for m in LABEL.finditer(text))
    for m in COPIES.finditer(text):
        found[m.group(2)] += int(m.group(1)) - 1
    return found


def _one(pattern: str, text: str) -> tuple[str, ...]:
    found = re.findall(pattern, text, re.MULTILINE)
    assert len(found) == 1, (pattern, found)
    return found[0] if isinstance(found[0], tuple) else (found[0],)


def _check_gem(public, private, data):
    steps = {s.what: s for s in GAMES["gem"].declared.steps}  # GEM's setup, declared in its game.yaml
    piles = data["public"]["piles"]
    total, count, sizes = _one(r"^寶石卡：洗混全部 (\d+) 張，正面朝下分成 (\d+) 疊，由左到右排列，數量分別是 ([\d、]+) 張。",
                               public)
    assert (int(total), int(count), sizes) == (sum(piles), len(piles), "、".join(map(str, piles)))
    assert tuple(piles) == tuple(steps["piles"].arg) == (4, 3, 3, 3, 3, 2)  # the seed's piles
    for seat, coins in data["public"]["coins"].items():
        (line,) = _one(rf"^  玩家 {seat.split()[-1]}：(.*)$", public)
        assert [m.group(2) for m in LABEL.finditer(line)] == [c["id"] for c in coins]
        assert len(coins) == len(steps["give"].arg["values"])  # one coin of each value
    assert "錢幣卡，投資那邊（綠色標籤）朝上：" in public and not private


def _check_the_jam(public, private, data):
    from pnp.games.the_jam import rules

    pub = data["public"]
    assert _one(r"^籃子（(\d+) 張不同配料的卡片", public) == (str(len(pub["basket"])),)
    assert len(pub["basket"]) == rules.BASKET
    pile, aside = _one(r"^牌庫：(\d+) 張牌正面朝下（發牌時放到一旁的 (\d+) 張已洗回牌庫中）$", public)
    assert (int(pile), int(aside)) == (pub["piles"]["draw pile"], len(pub["shuffled_back"]))  # the declared setup's keys
    first = data["private"]["player 1"]  # the declared setup says no hand size apart: every hand is dealt alike
    hand, missions = _one(r"^每個玩家手中有 (\d+) 張牌(?:，以及 (\d+) 張不讓其他玩家看到的任務卡)?。$", public)
    assert int(hand) == len(first["hand"]) == rules.HAND
    assert int(missions or 0) == len(first.get("missions", []))
    for p, body in private.items():
        own = data["private"][f"player {p}"]
        assert body.count("  手牌：") == len(own["hand"]) == len(first["hand"])
        assert body.count("  任務卡（不讓其他玩家看到）：") == len(own.get("missions", [])) == len(first.get("missions", []))
    assert ("給小孩玩：" in public) == (data["variant"] == "kids")
    assert ("旅行版：" in public) == (data["variant"] == "travel")
    assert "起始玩家" in public


def _check_pi_mal_pflaumen(public, private, data):
    from pnp.games.pi_mal_pflaumen import rules

    pub = data["public"]
    for r, rnd in rules.ROUNDS.items():
        (line,) = _one(rf"^  第 {r} 輪：(.*)$", public)
        removed = [c for c in pub["removed"] if c["round"] == r]  # the declared setup: one list
        assert [m.group(2) for m in LABEL.finditer(line)] == [c["id"] for c in removed]
        assert (line == "無") == (not removed)
    (line,) = _one(r"^使用的回合順位卡：(.*)（其它的放回遊戲盒中）$", public)
    assert [m.group(2) for m in LABEL.finditer(line)] == [c["id"] for c in pub["turn-order"]]
    plum, pi = _one(r"^  (\d+) 張梅子卡、(\d+) 張 pi 卡、", public)
    assert (int(plum), int(pi)) == (pub["set-aside"]["plum"], pub["set-aside"]["pi"])
    for r, rnd in list(rules.ROUNDS.items())[1:]:
        assert _one(rf"^  第 {r} 輪的牌堆，正面朝下（(\d+) 張）$", public) == (str(pub["piles"][f"round {rnd.numeral}"]),)
    tricks = len(data["private"]["player 1"]["hand"])  # a hand is the tricks a round
    assert _one(r"^每個玩家手中有 (\d+) 張第 1 輪的水果卡：每輪進行 (\d+) 墩。$", public) == (str(tricks),) * 2
    for p, body in private.items():
        assert body.count("  第 1 輪手牌：") == len(data["private"][f"player {p}"]["hand"]) == tricks
    assert ("老手變體：" in public) == (data["variant"] == "veteran")


def _check_christmas_tree(public, private, data):
    from pnp.games.christmas_tree import rules

    pub, v = data["public"], rules.VARIANTS[data["variant"]]
    assert v.zh in public.splitlines()[0]
    cards, draw, per_round, place = _one(r"^牌庫：(\d+) 張裝飾卡，已洗混；每輪每棵聖誕樹抽 (\d+) 張（每輪共 (\d+) 張），"
                                         r"放置 (\d+) 張，", public)
    # the declared setup's data: the hands dealt (the dummy's hidden) and what is left of the deck
    hands = [own["hand"] for own in data["private"].values()] + [d["hand"] for d in data["hidden"].get("dummies", {}).values()]
    deck = {"cards": pub["piles"]["deck"] + sum(map(len, hands)), "per_round": sum(map(len, hands))}
    assert (int(cards), int(draw), int(per_round), int(place)) == (deck["cards"], rules.DRAW,
                                                                    deck["per_round"], rules.PLACE)
    assert ("兩人遊戲：" in public) == ("dummy" in pub.get("dummies", []))
    cookies = {len(cs) for cs in pub.get("cookies", {}).values()}
    if v.cookies_each:
        assert _one(r"^林茲餅乾：每個玩家拿取 (\d+) 張林茲餅乾卡", public) == tuple(map(str, cookies))
    else:
        assert "林茲餅乾" not in public and cookies <= {0}
    goals_each = len(data["private"]["player 1"].get("goals", []))  # dealt to every player alike
    round_goals = pub.get("round-goals", [])
    if goals_each:
        assert _one(r"^目標卡：每個玩家正面朝下持有 (\d+) 張目標卡", public) == (str(goals_each),)
    if round_goals:
        n, bells = _one(r"^第 1 輪的目標卡，隨機抽取（每輪一開始隨機抽 (\d+) 張標有 ([\d或]+) 個鈴鐺的新目標卡）：$", public)
        assert int(n) == len(round_goals) == v.goals_drawn
        assert bells == "或".join(map(str, v.bells))
    for p, body in private.items():
        own = data["private"][f"player {p}"]
        assert body.count("  第 1 輪手牌：") == len(own["hand"]) == rules.DRAW
        shown = re.findall(r"^  目標卡（正面朝下，(\d+) 個鈴鐺）：", body, re.MULTILINE)
        assert [int(b) for b in shown] == [g["bells"] for g in own.get("goals", [])]
        assert len(shown) == goals_each


CHECKS = {"gem": _check_gem, "the-jam": _check_the_jam, "pi-mal-pflaumen": _check_pi_mal_pflaumen,
          "christmas-tree": _check_christmas_tree}


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_player_k_sees_the_table_and_only_their_own_section(deals, case):
    n = case[1]
    whole_public, whole_private = _sections(deals(*case))
    data = deals(*case, fmt="json")
    seats = 0
    for k in range(1, n + 1):
        seats += 1
        text = deals(*case, "--player", k)
        note = f"\n\n（以上是玩家 {k} 可以看到的內容；不加 --player 則顯示完整的發牌）\n"
        assert text.endswith(note)
        public, private = _sections(text[:-len(note)] + "\n")
        assert public.rstrip("\n") == whole_public.rstrip("\n")
        own = data["private"][f"player {k}"]
        if _cards(own):
            assert list(private) == [k] and private[k].rstrip("\n") == whole_private[k].rstrip("\n")
        else:  # GEM: no one holds hidden cards at the start
            assert not private
        others = {c["id"] for s, mine in data["private"].items() if s != f"player {k}" for c in _cards(mine)}
        shown = {m.group(2) for m in LABEL.finditer(text)}
        assert not shown & (others - {c["id"] for c in _cards(own)} - {c["id"] for c in _cards(data["public"])})
        assert not re.search(rf"^--- 僅限玩家 (?!{k}：)", text, re.MULTILINE)
    assert seats == n
