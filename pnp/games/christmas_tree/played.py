"""Reading a played game of Christmas Tree for `pnp score`: the spec and a game file (format in
the README) in, the game as the scorer counts it out (`Played`), every problem reported at its
line in the file.

Beyond what every game file is checked for (pnp/games/gamefile.py: the game, its variant, the
players, cards the spec has and no more copies than it holds), a game must be one the rulebook
allows for its player count and variant, all numbers from the rules model: no card with the "4"
mark unless four play; no more gingerbread men on the trees than the deck holds (3 a tree); no
more unused cookies than the variant deals (none in the beginner game, none on the dummy's
tree); goals of the variant's levels only, each scored once, in at most three rounds and no more
a round than are revealed; and a round's tree holds only cards still on it later (a placed card
stays on its tree: cookies only swap and turn) and no more than are placed by then.

And the game must be finished as the rulebook plays it: every tree full at the end (3 rounds of 7
cards fill its 21 spaces); with two players in the family or advanced game, a goal drawn for the
dummy every round; and in the advanced game, where every card after a player's first goes next to
one already on the tree, a round's tree whose cards do not all touch as one group is refused (the
file records the trees after each round, not the order within one: a group of touching cards is
exactly what can be laid card by card, each touching one laid before).
"""
from __future__ import annotations

import re

from ...records import field, record
from ...diagnostics import Loc, Report, one_of, plural
from ..gamefile import Cards, open_players
from ...load.schema import INVALID, Field, Int, Raw, Text, read_fields
from ...load.spec import Item, Spec
from ...load.yamlload import Node
from . import board, rules
from .tree import Placed, Tree

DUMMY = "dummy"
TURNS = (0, 180)
DECORATION = "a decoration card of the spec (a bauble, gingerbread man or candy)"
GOAL = "a goal card of the spec"
SPACE_KEY = re.compile(r"[0-9]{1,3}")  # ASCII digits only: '²' is a digit to str.isdigit, not to int()


@record
class Played:
    variant: rules.Variant
    players: list[str]
    trees: dict[str, Tree]  # at the end of the game, the dummy's too
    cookies: dict[str, int]  # unused at the end
    rounds: list[tuple[list[Item], dict[str, Tree]]]  # each round's goal cards, and the trees they scored


@record
class Written:
    """A tree as the file writes it: the cards, and where each space's card and the tree are."""

    tree: Tree
    loc: Loc
    at: dict[int, Loc] = field(default_factory=dict)  # the spaces whose card was found
    spaces: dict[int, Loc] = field(default_factory=dict)  # every space written, found or not, in file order
    off_tree: bool = False  # a key that is no space (reported): what is filled is then not known


@record
class Game:
    """What every check reads: the spec, the report, the variant and who sits at the table."""

    spec: Spec
    report: Report
    variant: rules.Variant
    players: list[str]

    @property
    def seats(self) -> list[str]:
        """The trees being decorated: a dummy tree joins two players."""
        return self.players + [DUMMY] * (rules.seats(len(self.players)) - len(self.players))


def read(spec: Spec, path, display: str, report: Report) -> Played | None:
    """The played game, or None when its top level cannot be read; problems go to `report`."""
    fields = [Field("players", Raw("seq")), Field("trees", Raw("map")), Field("rounds", Raw("seq"), required=False)]
    opened = open_players(path, display, spec, fields, report, need=("players", "trees"), reserved=(DUMMY,))
    if opened is None:
        return None
    v, players = opened
    chosen = v["variant"] if v["variant"] not in (None, INVALID) else rules.DEFAULT_VARIANT
    game = Game(spec, report, rules.VARIANTS[chosen], players)
    final, cookies = trees(v["trees"], game, final=True)
    _deck(final, game)
    rounds = _rounds(v["rounds"], game, final) if v["rounds"] not in (None, INVALID) else []
    return Played(game.variant, players, {n: w.tree for n, w in final.items()}, cookies, rounds)


# -- trees --------------------------------------------------------------------------------------

def trees(node: Node, game: Game, final: bool) -> tuple[dict[str, Written], dict[str, int]]:
    """The trees of a `trees:` mapping, by seat, and each one's unused cookies. The trees at the
    end must be there for every seat; cards are counted against the deck within one mapping."""
    out, cookies, cards = {}, {}, Cards(game.spec, game.report, verb="placed")
    for name, tnode in node.value.items():
        if name not in game.seats:
            game.report.error(node.key_loc(name), "SCORE-TREE", f"tree '{name}' belongs to nobody; trees: "
                                                                f"{one_of(game.seats)}")
            continue
        fields = [Field("spaces", Raw("map")), Field("cookies", Int(0, game.spec.total("cookie")), required=False,
                                                     default=0)]
        v, locs = read_fields(tnode, fields, game.report, f"the tree of {name}")
        if v is INVALID or v["spaces"] is INVALID:
            continue
        out[name] = _spaces(name, v["spaces"], cards, game.report)
        out[name].loc = tnode.loc
        cookies[name] = _cookies(name, v["cookies"], locs["cookies"], game) if v["cookies"] is not INVALID else 0
        if final:
            _full(name, out[name], node.key_loc(name), game)
    for name in game.seats:
        if name not in out and final:
            game.report.error(node.loc, "SCORE-TREE", f"there is no tree for {name}; every seat needs one")
    return out, cookies


def _whose(name: str) -> str:
    return "the dummy's" if name == DUMMY else f"{name}'s"


def _full(name: str, w: Written, loc: Loc, game: Game) -> None:
    """A tree at the end is full. The seed: 「遊戲進行 3 輪，每輪玩家會把 7 張裝飾卡放到他們的圖板上。3 輪後，聖誕樹將會
    裝飾完成。」 and the game ends 「在玩家完成裝飾後 (圖板上沒有空位時)」 — when no board has an empty space;
    the dummy's tree is decorated too (「它的聖誕樹也會被裝飾」), a card every turn."""
    if w.off_tree:
        return
    empty = [n for n in board.SPACES if n not in w.spaces]
    if empty:
        game.report.error(loc, "SCORE-UNFINISHED",
                          f"the game is not finished: {_whose(name)} tree holds {plural(len(w.spaces), 'card')}, "
                          f"but the game ends when every tree is full, its {rules.SPACES} spaces decorated over "
                          f"{rules.ROUNDS} rounds of {rules.PLACE} cards (empty: {board.spans(empty)})")


def _cookies(name: str, n: int, loc: Loc, game: Game) -> int:
    """Unused cookies: at most those dealt (the dummy is dealt none)."""
    dealt = 0 if name == DUMMY else game.variant.cookies_each
    if n <= dealt:
        return n
    cookie = rules.OTHER_PIECES["cookie"]
    if name == DUMMY:
        why = "the dummy tree is dealt no cookies (it scores only in majorities)"
    elif not dealt:
        why = f"the {game.variant.id} game is played without Linzer cookies: none are dealt"
    else:
        why = f"the {game.variant.id} game deals {cookie.counted(dealt)} to each player"
    game.report.error(loc, "SCORE-COOKIES", f"{name} has {cookie.counted(n)} unused, but {why}")
    return dealt


def _spaces(name: str, node: Node, cards: Cards, report: Report) -> Written:
    placed, at, spaces, off_tree = {}, {}, {}, False
    for key, snode in node.value.items():
        kloc = node.key_loc(key)
        if not isinstance(key, str) or not SPACE_KEY.fullmatch(key) or int(key) not in board.SPACES:
            shown = str(key) if len(str(key)) <= 12 else str(key)[:10] + "…"
            report.error(kloc, "SCORE-SPACE", f"space '{shown}' of {name}'s tree is not on the tree; spaces are "
                                              f"numbered 1 to {len(board.SPACES)}, row by row from the top")
            off_tree = True
            continue
        card, turned = _placed(snode, report)
        spaces[int(key)] = card.loc if card is not None else snode.loc
        item = cards.find(card, rules.DECORATIONS, DECORATION) if card is not None else None
        if item is not None:
            placed[int(key)], at[int(key)] = Placed(item, turned), card.loc
    return Written(Tree(placed), node.loc, at, spaces, off_tree)


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


def _deck(final: dict[str, Written], game: Game) -> None:
    """The cards on the trees at the end came from this player count's deck: a "4"-marked card
    only with four players, and no more gingerbread men than are shuffled in."""
    players = len(game.players)
    men, allowed = 0, rules.gingerbread_in_deck(players)
    mark = max(rules.PLAYERS)
    for w in final.values():
        for n, p in w.tree.placed.items():
            if p.kind in rules.MARKED and not rules.in_deck(p.card, players):
                game.report.error(w.at[n], "SCORE-DECK", f"'{p.card.id}' carries the \"{mark}\" mark: it is "
                                                         f"shuffled in only with {mark} players, and this game "
                                                         f"has {players}")
            men += p.kind == "gingerbread"
            if p.kind == "gingerbread" and men > allowed:
                man = rules.DECORATIONS["gingerbread"]
                game.report.error(w.at[n], "SCORE-DECK", f"gingerbread man '{p.card.id}' is number {men} on the "
                                                         f"trees, but with {plural(players, 'player')} the deck holds "
                                                         f"{man.counted(allowed)} ({rules.GINGERBREAD_PER_PLAYER} for "
                                                         f"each of {len(game.seats)} trees)")


# -- rounds -------------------------------------------------------------------------------------

def _rounds(node: Node, game: Game, final: dict[str, Written]) -> list[tuple[list[Item], dict[str, Tree]]]:
    """Each round's goals and the trees they scored (as written, or those at the end)."""
    scored = Cards(game.spec, game.report, verb="scored")
    out, written = [], []
    for i, rnode in enumerate(node.value, start=1):
        if i > rules.ROUNDS:
            game.report.error(rnode.loc, "SCORE-ROUNDS", f"round {i}, but the game is played over "
                                                         f"{rules.ROUNDS} rounds")
            continue
        v, _ = read_fields(rnode, [Field("goals", Raw("seq")), Field("trees", Raw("map"), required=False)],
                           game.report, f"round {i}")
        if v is INVALID:
            continue
        chosen = _goals(i, v["goals"], game, scored) if v["goals"] is not INVALID else []
        at = final
        if v["trees"] not in (None, INVALID):
            at, _ = trees(v["trees"], game, final=False)
            written.append((i, at))
        out.append((chosen, {name: at[name].tree if name in at else Tree({}) for name in game.seats}))
    for k, (i, at) in enumerate(written):
        later = [(f"after round {j}", w) for j, w in written[k + 1:]] + [("at the end", final)]
        _stays(i, at, later, game)
        if game.variant.placed_touching:
            _touching(i, at, game)
    return out


def _goals(i: int, node: Node, game: Game, scored: Cards) -> list[Item]:
    """A round's goal cards: of the variant's levels, each scored once in the game, no more than
    are revealed (one a tree; the beginner game draws its own)."""
    v = game.variant
    chosen = []
    for g in node.value:
        item = scored.find(g, ("goal",), GOAL, code="SCORE-GOAL")
        if item is not None and item["bells"] not in v.bells:
            game.report.error(g.loc, "SCORE-VARIANT", f"goal card '{item.id}' has {plural(item['bells'], 'bell')}, "
                                                      f"but the {v.id} game plays the goal cards with "
                                                      f"{one_of(v.bells)} bells")
        elif item is not None:
            chosen.append(item)
    revealed = v.goals_drawn or len(game.seats)
    if len(node.value) > revealed:
        why = (f"{v.goals_drawn} are drawn each round" if v.goals_drawn else
               f"each of the {len(game.seats)} trees reveals one")
        game.report.error(node.loc, "SCORE-GOALS", f"round {i} scores {plural(len(node.value), 'goal card')}, but in "
                                                   f"the {v.id} game {why}")
    elif rules.dummy_draws_goal(v, len(game.players)) and len(node.value) < len(game.seats):
        # 兩人遊戲規則: 「虛擬玩家的目標卡總是在每輪一開始隨機幫它抽取，但只在玩家都挑好他們自己的卡片後才幫虛擬玩家抽」
        game.report.error(node.loc, "SCORE-GOALS", f"round {i} scores {plural(len(node.value), 'goal card')}, but in "
                                                   f"the {v.id} game with {len(game.players)} players every round "
                                                   f"scores {len(game.seats)}: each player's and one drawn for the "
                                                   "dummy after the players chose theirs")
    return chosen


def _touching(i: int, at: dict[str, Written], game: Game) -> None:
    """The advanced game's placing rule (進階遊戲規則, 放置裝飾卡的新規則): 「玩家可以把他們第一張裝飾卡放到玩家
    圖板上的任何地方，但是接下來每張卡片都必須放到一張已經在圖板上的裝飾卡旁邊」. So the cards on a player's tree
    touch as one group at every moment; a round's tree in more than one group had a card placed
    touching none already there. CHOICE: 旁邊 (next to) read as touching edge to edge or corner to
    corner, the loosest reading, so that only what every reading forbids is refused. The dummy's
    cards go on any empty space (兩人遊戲規則: 「放該玩家圖板的任何空位上」): its tree is not held to it."""
    for name, w in at.items():
        if name == DUMMY or w.off_tree:
            continue
        parts = board.groups(w.spaces)
        if len(parts) < 2:
            continue
        main = max(parts, key=len)  # the first of the largest groups, taken for the one grown from the first card
        n = next(n for n in w.spaces if n not in main)
        card = f"'{w.tree.placed[n].card.id}' in space {n}" if n in w.tree.placed else f"the card in space {n}"
        game.report.error(w.spaces[n], "SCORE-PLACEMENT",
                          f"{card} of {name}'s tree after round {i} touches none of the cards in spaces "
                          f"{board.spans(main)}: in the {game.variant.id} game only a player's first card goes "
                          "anywhere, every later one next to a card already on the tree, so the cards on a tree "
                          f"always touch as one group (here {len(parts)})")


def _stays(i: int, at: dict[str, Written], later: list[tuple[str, dict[str, Written]]], game: Game) -> None:
    """A round's trees: no more cards than are placed by then, each still on its tree later."""
    for name, w in at.items():
        if len(w.tree.placed) > i * rules.PLACE:
            game.report.error(w.loc, "SCORE-TREE", f"{name}'s tree after round {i} holds "
                                                   f"{plural(len(w.tree.placed), 'card')}, but {rules.PLACE} are "
                                                   f"placed a round: at most {i * rules.PLACE} by then")
        for n, p in w.tree.placed.items():
            for when, trees_then in later:
                then = trees_then.get(name)
                if then is not None and p.card.id not in {q.card.id for q in then.tree.placed.values()}:
                    game.report.error(w.at[n], "SCORE-GONE", f"'{p.card.id}' is on {name}'s tree after round {i} "
                                                             f"but not {when}; a placed card stays on its tree "
                                                             "(cookies only swap and turn decorations)")
                    break
