"""Christmas Tree rules model: what is legal in a copy of Christmas Tree (聖誕樹), as data.

Everything here is RULE or FACT from the seed rulebook (../shared/seeds/003_…): the decoration
kinds and their counts, bauble colours and shapes, snowflake and candy ranges, the bubble
colours, the gingerbread ladder, the goal levels (bells) and their counts, cookies and goals per
player in each variant, the "4" mark, and how many cards a round uses. The board's geometry is in
`board.py`, the twelve goal kinds in `goals.py`. The validator, `pnp setup`, the scorer and the
card renderer all read these tables; what one copy contains (which bauble carries which bubbles,
the goals' exact formations) is in the spec, card_specs/christmas-tree.yaml.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..base import Bilingual, Named, by_id

COLORS: dict[str, Named] = by_id(  # the seed's 金色、綠色、紫色
    Named("gold", "Gold", "金色", "#d9a521"),
    Named("green", "Green", "綠色", "#2f9a4a"),
    Named("purple", "Purple", "紫色", "#8a3fb8"),
)
SHAPES: dict[str, Named] = by_id(  # 星星、球、螺旋
    Named("star", "Star", "星星", "#5a5a5a"),
    Named("ball", "Ball", "球", "#5a5a5a"),
    Named("spiral", "Spiral", "螺旋", "#5a5a5a"),
)
BUBBLES: dict[str, Named] = by_id(  # 黃色、紅色、藍色
    Named("yellow", "Yellow", "黃色", "#f4cf1d"),
    Named("red", "Red", "紅色", "#d8262e"),
    Named("blue", "Blue", "藍色", "#2b74d6"),
)
CANDY = "candy"  # a gingerbread side may ask for a candy
SIDE_SYMBOLS = tuple(COLORS) + tuple(SHAPES) + (CANDY,)

SNOWFLAKES = (0, 1, 2)  # a bauble's points
CANDY_POINTS = (3, 4, 5, 6)
EDGES = 4  # every decoration has a half-bubble on each of its four edges
BUBBLE_POINTS = 2  # a completed bubble at the end of the game
COOKIE_POINTS = 1  # an unused Linzer cookie at the end of the game
GINGERBREAD_LADDER = (2, 4, 8, 12, 18)  # points for 0, 1, 2, 3 or 4 matching neighbours


def counted(n: int, one: str, many: str) -> str:
    """A number of things in a sentence: the singular (a title, 'Linzer cookie' keeping its
    capital as the plural does) or the plural."""
    if n != 1:
        return f"{n} {many}"
    return f"{n} {one if many[0].isupper() else one[0].lower() + one[1:]}"


@dataclass(frozen=True)
class Decoration(Bilingual):
    id: str  # the component kind
    en: str
    zh: str
    count: int  # in the box
    many: str  # the English plural within a sentence: "gingerbread men"

    def counted(self, n: int) -> str:
        """'1 gingerbread man', '9 gingerbread men', '3 Linzer cookies'."""
        return counted(n, self.en, self.many)


DECORATIONS: dict[str, Decoration] = {d.id: d for d in (
    Decoration("bauble", "Bauble", "玻璃珠", 72, "baubles"),
    Decoration("gingerbread", "Gingerbread man", "薑餅人", 18, "gingerbread men"),
    Decoration("candy", "Candy", "糖果", 16, "candies"),
)}
DECORATION_CARDS = sum(d.count for d in DECORATIONS.values())  # 106
MARKED = ("bauble", "candy")  # only these may carry the "4" mark (used only with 4 players)


BELLS = {1: 15, 2: 6, 3: 9}  # goal cards per level: one bell for all, two for family, three for advanced


@dataclass(frozen=True)
class Piece(Bilingual):
    id: str  # the component kind
    en: str
    zh: str
    count: int
    many: str  # the English plural within a sentence

    def counted(self, n: int) -> str:
        return counted(n, self.en, self.many)


OTHER_PIECES: dict[str, Piece] = {p.id: p for p in (
    Piece("goal", "Goal card", "目標卡", sum(BELLS.values()), "goal cards"),  # 30
    Piece("cookie", "Linzer cookie", "林茲餅乾", 16, "Linzer cookies"),
    Piece("board", "Player board", "玩家圖板", 4, "player boards"),
    Piece("score-track", "Score track", "分數標記", 1, "score tracks"),
    Piece("score-marker", "Score marker", "分數指示物", 8, "score markers"),
)}


PLAYERS = (2, 3, 4)
DUMMY_PLAYS_AS = 3  # two players add a dummy tree and play the 3-player rules
GINGERBREAD_PER_PLAYER = 3
ROUNDS = 3
DRAW = 8  # cards each player draws a round
PLACE = 7  # cards each player places a round; the last card goes back to the box
SPACES = ROUNDS * PLACE  # the tree is full after three rounds: 「3 輪後，聖誕樹將會裝飾完成」


@dataclass(frozen=True)
class Variant(Bilingual):
    id: str
    en: str
    zh: str
    bells: tuple[int, ...]  # goal levels in use
    goals_each: int  # goal cards dealt to each player at setup
    cookies_each: int
    goals_drawn: int = 0  # goals drawn at random at the start of each round (beginner)
    # 進階遊戲規則, 放置裝飾卡的新規則: 「玩家可以把他們第一張裝飾卡放到玩家圖板上的任何地方，但是接下來每張
    # 卡片都必須放到一張已經在圖板上的裝飾卡旁邊」 — only a player's first card goes anywhere; every
    # later one goes next to a card already on the tree (the dummy's go on any empty space: 兩人遊戲規則)
    placed_touching: bool = False


VARIANTS: dict[str, Variant] = {v.id: v for v in (
    Variant("beginner", "Beginner", "入門遊戲", (1,), 0, 0, goals_drawn=3),
    Variant("family", "Family", "家庭遊戲", (1, 2), 4, 3),
    Variant("advanced", "Advanced", "進階遊戲", (1, 2, 3), 5, 4, placed_touching=True),
)}
DEFAULT_VARIANT = "family"  # "the normal rules"


def seats(players: int) -> int:
    """Trees being decorated, and hands in the draft: a dummy tree joins a 2-player game."""
    return DUMMY_PLAYS_AS if players == 2 else players


def uses_marked(players: int) -> bool:
    """Cards with the "4" mark are shuffled in only with four players."""
    return seats(players) == 4


def in_deck(card, players: int) -> bool:
    """Whether a bauble or candy is shuffled in: those with the "4" mark only with four players."""
    return card.kind in MARKED and (uses_marked(players) or not card["four_player"])


def gingerbread_in_deck(players: int) -> int:
    """Gingerbread men shuffled into the deck: 3 for every tree (a dummy's too)."""
    return GINGERBREAD_PER_PLAYER * seats(players)


def dummy_draws_goal(v: Variant, players: int) -> bool:
    """Whether a goal is drawn for the dummy each round: with two players in the family and the
    advanced game (兩人遊戲規則: 「虛擬玩家的目標卡總是在每輪一開始隨機幫它抽取，但只在玩家都挑好他們自己的卡片
    後才幫虛擬玩家抽 (假設他們玩的是家庭遊戲或進階遊戲)」)."""
    return seats(players) > players and bool(v.goals_each)


def goals_needed(v: Variant, players: int) -> int:
    """Goal cards a whole game uses: each player's hand, the dummy's draw every round (family and
    advanced), and the beginner game's three goals drawn every round."""
    dummy = ROUNDS if dummy_draws_goal(v, players) else 0
    return v.goals_each * players + dummy + v.goals_drawn * ROUNDS


def cards_needed(players: int) -> int:
    """Decoration cards a game draws from the deck: every tree's hand of 8 in each of 3 rounds."""
    return seats(players) * DRAW * ROUNDS

MARKER_COLORS: dict[str, Named] = by_id(  # score markers, two a player (CHOICE)
    Named("red", "Red", "紅色", "#c8262e"),
    Named("blue", "Blue", "藍色", "#2b5fb8"),
    Named("white", "White", "白色", "#f2f2ee"),
    Named("black", "Black", "黑色", "#262626"),
)
