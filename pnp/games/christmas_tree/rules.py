"""Christmas Tree's rules model as its Python reads it: the rule-fixed values of game.yaml, read
from the declaration (`GAMES["christmas-tree"].declared`), and what is not a declared fact — the
end-of-game scoring values, and the advanced game's placing rule, which the scorer checks.

Everything the seed fixes (../shared/seeds/003_…) is written once, in game.yaml beside this file:
the kinds and their legal values, the values' names and colours, the box's counts, the goal
levels, the "4" mark, the dummy seat, the deal and, by variant, the goals and cookies. The
validator (validate.py), the scorer (score.py, played.py) and the art read them here, as the
names they always had (`rules.COLORS`, `rules.VARIANTS`, `rules.DRAW` …), made from the
declaration when first asked (`__getattr__`). The board's geometry is in `board.py`, the twelve
goal kinds in `goals.py`.
"""
from __future__ import annotations

from typing import Any

from ...records import record
from ..base import Bilingual, Named

GAME = "christmas-tree"
CANDY = "candy"  # a gingerbread side may ask for a candy
BUBBLE_POINTS = 2  # a completed bubble at the end of the game: 「每個完成的泡泡值 2 分」
COOKIE_POINTS = 1  # an unused Linzer cookie at the end: 「沒有使用的林茲餅乾卡值 1 分」
GINGERBREAD_LADDER = (2, 4, 8, 12, 18)  # points for 0, 1, 2, 3 or 4 matching neighbours
# 進階遊戲規則, 放置裝飾卡的新規則: 「玩家可以把他們第一張裝飾卡放到玩家圖板上的任何地方，但是接下來每張
# 卡片都必須放到一張已經在圖板上的裝飾卡旁邊」 — only a player's first card goes anywhere; every
# later one goes next to a card already on the tree (the dummy's go on any empty space: 兩人遊戲規則)
PLACED_TOUCHING = ("advanced",)


def counted(n: int, one: str, many: str) -> str:
    """A number of things in a sentence: the singular (a title, 'Linzer cookie' keeping its
    capital as the plural does) or the plural."""
    if n != 1:
        return f"{n} {many}"
    return f"{n} {one if many[0].isupper() else one[0].lower() + one[1:]}"


@record(frozen=True)
class Piece(Bilingual):
    """A kind of piece in the box: its names (game.yaml's `nouns:`) and how many (its count rule)."""

    id: str  # the component kind
    en: str
    zh: str
    count: int  # in the box
    many: str  # the English plural within a sentence: "gingerbread men"

    def counted(self, n: int) -> str:
        """'1 gingerbread man', '9 gingerbread men', '3 Linzer cookies'."""
        return counted(n, self.en, self.many)


Decoration = Piece


@record(frozen=True)
class Variant(Bilingual):
    id: str
    en: str
    zh: str
    bells: tuple[int, ...]  # goal levels in use
    goals_each: int  # goal cards dealt to each player at setup
    cookies_each: int
    goals_drawn: int = 0  # goals drawn at random at the start of each round (beginner)
    placed_touching: bool = False


def declared():
    """Christmas Tree's declaration (game.yaml), as the registry read it."""
    from .. import GAMES

    return GAMES[GAME].declared


_MODELS: dict[int, tuple[Any, dict[str, Any]]] = {}


def __getattr__(name: str) -> Any:
    d = declared()
    kept = _MODELS.get(id(d))
    if kept is None or kept[0] is not d:
        kept = _MODELS[id(d)] = (d, _model(d))
    if name not in kept[1]:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return kept[1][name]


def _model(d) -> dict[str, Any]:
    kinds = d.kinds
    steps = d.steps

    def named(kind: str, field: str, choice: str) -> dict[str, Named]:
        t = kinds.type_of(kind, field)
        attrs = kinds.choices[choice]
        return {v: Named(v, attrs[v]["name"]["en"], attrs[v]["name"].get("zh-TW", attrs[v]["name"]["en"]),
                         attrs[v]["colour"]) for v in getattr(t, "item", t).options()}

    counts = {r.kind: r.bound.value for r in d.rules if r.code == "CT-COUNT"}
    bells = {r.where["bells"][0]: r.bound.value for r in d.rules if r.code == "CT-GOAL-LEVELS"}
    deck = next(s for s in steps if s.what == "deal" and s.with_dummies)
    kinds_in_deck = [s.arg for s in steps[:steps.index(deck)] if s.what == "shuffle"]
    decorations = [k for k in kinds.fields if any(k in shuffled for shuffled in kinds_in_deck)]
    ginger = next(s for s in steps if s.what == "shuffle" and s.per_seat)

    def piece(kind: str, count: int) -> Piece:
        forms = d.nouns[kind]
        one, many = forms["en"]
        return Piece(kind, one[0].upper() + one[1:], forms.get("zh-TW", forms["en"])[0], count, many)

    def variant(v: str) -> Variant:
        ran = [s for s in steps if s.applies(None, v)]
        gone = {b for s in ran if s.what == "remove" and s.arg["kinds"] == ["goal"]
                for w in s.arg["where"].at(None) or [] for b in w.get("bells", [])}
        each = {s.name: s.arg for s in ran if s.name in ("goals", "round-goals")}
        cookies = next((s.arg["count"] for s in ran if s.what == "give" and s.name == "cookies"), 0)
        names = d.variant_names[v]
        return Variant(v, names["en"], names.get("zh-TW", names["en"]), tuple(b for b in bells if b not in gone),
                       each.get("goals", 0), cookies, each.get("round-goals", 0), v in PLACED_TOUCHING)

    goal_count = sum(bells.values())
    return {
        "PLAYERS": tuple(d.players), "DEFAULT_VARIANT": d.default_variant,
        "VARIANTS": {v: variant(v) for v in d.variants},
        "COLORS": named("bauble", "color", "color"), "SHAPES": named("bauble", "shape", "shape"),
        "BUBBLES": named("bauble", "bubbles", "bubbles"), "MARKER_COLORS": named("score-marker", "color", "color"),
        "SIDE_SYMBOLS": tuple(kinds.type_of("gingerbread", "sides").item.options()),
        "SNOWFLAKES": tuple(kinds.type_of("bauble", "snowflakes").legal),
        "CANDY_POINTS": tuple(kinds.type_of("candy", "points").legal),
        "EDGES": kinds.type_of("bauble", "bubbles").min_items,
        "BELLS": bells,
        "DECORATIONS": {k: piece(k, counts[k]) for k in decorations},
        "DECORATION_CARDS": sum(counts[k] for k in decorations),
        "OTHER_PIECES": {k: piece(k, counts.get(k, goal_count)) for k in kinds.fields
                         if k in d.nouns and k not in decorations},
        "MARKED": tuple(k for k in decorations if k not in ginger.arg),
        "GINGERBREAD_PER_PLAYER": ginger.per_seat,
        "DRAW": deck.arg, "ROUNDS": d.numbers["rounds"], "PLACE": d.numbers["place"],
        "SPACES": d.numbers["rounds"] * d.numbers["place"],  # 「3 輪後，聖誕樹將會裝飾完成」
        "DUMMIES": dict(d.dummies),
    }


def seats(players: int) -> int:
    """Trees being decorated, and hands in the draft: a dummy tree joins a 2-player game."""
    return players + __getattr__("DUMMIES").get(players, 0)


def uses_marked(players: int) -> bool:
    """Cards with the "4" mark are shuffled in only when the setup removes none of them: with four players."""
    return not any(s.what == "remove" and "four_player" in s.arg["where"] and s.applies(players, None)
                   for s in declared().steps)


def in_deck(card, players: int) -> bool:
    """Whether a bauble or candy is shuffled in: those with the "4" mark only with four players."""
    return card.kind in __getattr__("MARKED") and (uses_marked(players) or not card["four_player"])


def gingerbread_in_deck(players: int) -> int:
    """Gingerbread men shuffled into the deck: 3 for every tree (a dummy's too)."""
    return __getattr__("GINGERBREAD_PER_PLAYER") * seats(players)


def dummy_draws_goal(v: Variant, players: int) -> bool:
    """Whether a goal is drawn for the dummy each round: with two players in the family and the
    advanced game (兩人遊戲規則: 「虛擬玩家的目標卡總是在每輪一開始隨機幫它抽取，但只在玩家都挑好他們自己的卡片
    後才幫虛擬玩家抽 (假設他們玩的是家庭遊戲或進階遊戲)」)."""
    return seats(players) > players and bool(v.goals_each)


def goals_needed(v: Variant, players: int) -> int:
    """Goal cards a whole game uses: each player's hand, the dummy's draw every round (family and
    advanced), and the beginner game's three goals drawn every round."""
    rounds = __getattr__("ROUNDS")
    dummy = rounds if dummy_draws_goal(v, players) else 0
    return v.goals_each * players + dummy + v.goals_drawn * rounds


def cards_needed(players: int) -> int:
    """Decoration cards a game draws from the deck: every tree's hand in each round."""
    return seats(players) * __getattr__("DRAW") * __getattr__("ROUNDS")
