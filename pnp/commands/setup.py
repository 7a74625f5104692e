"""`pnp setup`: deal a game for N players by its rules model; the public part, then each
player's hidden cards (`--player K`: only what K may see), in English or the seed's Chinese.
Cards a player holds facing out (a declared deal `seen_by: others`, Hanabi's hands) are shown to
everyone but their holder, who is told only how many they hold."""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, UsageError, print_report


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> None:
    """`pnp setup`'s options."""
    from .arguments import add_game, each_game, lang_options, later, players_of, variants_of

    s = sub.add_parser("setup", parents=[*parents, lang_options("the card names")],
                       help="deal a game: the table, then each player's hidden cards",
                       description="Deal a game from the spec's cards by the rules. Prints what everyone sees "
                                   "first (piles, basket, turn order, what is set aside), then each player's "
                                   "hidden cards in a section of their own. Cards are named as printed, with "
                                   "the spec id in brackets. The same --seed gives the same deal.")
    add_game(s)
    later(s.add_argument("--players", type=int, required=True, metavar="N", help="how many play"),
          lambda: f"how many play: {each_game(players_of)}")
    s.add_argument("--player", type=int, metavar="K",
                   help="print only what player K may see: the table and K's own cards (JSON likewise)")
    later(s.add_argument("--variant", metavar="NAME", help="a variant of the game's rules (default: its normal rules)"),
          lambda: f"a variant of the game's rules (default: its normal rules): {each_game(variants_of)}")
    s.add_argument("--seed", type=int, metavar="N", help="random seed (default: a new one, printed)")
    s.add_argument("--format", choices=("text", "json"), default="text",
                   help="json keeps everything — public, private per player and face-down (hidden) — "
                        "with the same split")


def cmd_setup(args, specs_dir: Path) -> int:
    from ..games.project import load_checked

    from ..games.base import SetupError, phrases, seat_name

    _check_variant(args, specs_dir)  # a usage error first, whatever the spec says
    loaded = load_checked(args.game, specs_dir)
    if loaded.report.errors:
        print_report(loaded.report)
        print(f"{args.game}: cannot set up a game from a spec with errors", file=sys.stderr)
        return loaded.report.exit_code()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    try:
        result = loaded.game.setup(loaded.spec, args.players, seed, args.variant, lang=args.lang)
    except SetupError as exc:
        print(f"pnp setup {args.game}: error: {exc}", file=sys.stderr)
        return EXIT_INPUT if exc.usage else EXIT_RULES
    if args.player is not None and not 1 <= args.player <= args.players:
        raise UsageError(f"--player {args.player}: a game of {args.players} players has players 1 to "
                         f"{args.players}")
    if args.format == "json":
        data = dict(result.data) if args.player is None else _seen_by(result.data, args.player)
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return EXIT_OK
    word = phrases(SETUP_WORDS, args.lang)
    print("\n".join(result.lines))
    for s in [seat_name(p) for p in range(1, args.players + 1)]:
        _print_seat(result, s, args.player, word)
    if args.player is not None:
        print("\n" + word("only", n=args.player))
    if args.seed is None:
        print("\n" + word("seed", seed=seed))
    return EXIT_OK


def _seen_by(data: dict, player: int) -> dict:
    """The deal's data as player K may see it: the public part, their own private cards, the cards
    the others hold facing out, and of their own cards held facing out only how many."""
    from ..games.base import seat_name

    me = seat_name(player)
    data = {k: v for k, v in data.items() if k != "hidden"}
    data["private"] = {s: v for s, v in data.get("private", {}).items() if s == me}
    if "seen_by_others" in data:
        data["seen_by_others"] = {s: ({g: len(cs) for g, cs in groups.items()} if s == me else groups)
                                  for s, groups in data["seen_by_others"].items()}
    data["for_player"] = player
    return data


def _print_seat(result, seat: str, player: int | None, word) -> None:
    """A seat's sections: its hidden cards (for itself), and the cards it holds facing out (for
    the others; to itself, how many)."""
    number = seat.split()[-1]
    mine = player is not None and number == str(player)
    if (player is None or mine) and result.private.get(seat):
        print("\n" + word("private", n=number))
        print("\n".join(result.private[seat]))
    facing = result.facing.get(seat)
    if facing and not mine:
        print("\n" + word("facing", n=number))
        print("\n".join(facing))
    elif facing:
        print("\n" + word("unseen", n=number))
        print("\n".join(result.unseen[seat]))


def _check_variant(args, specs_dir: Path) -> None:
    """--variant must name one of the game's variants: an empty name is not "no variant" (the
    normal rules are had by leaving --variant out), and a game without variants takes none."""
    from ..diagnostics import one_of
    from ..games.project import game_def

    game = game_def(args.game, specs_dir)
    if game is None:  # a declared game: its variants are in its spec, which its setup checks
        return
    variants = game.variants
    if args.variant is None or args.variant in variants:
        return
    if not variants:
        raise UsageError(f"{args.game} has no variants, got '{args.variant}': leave --variant out")
    raise UsageError(f"{args.game} has no variant '{args.variant}'; variants: {one_of(variants)} "
                     f"(leave --variant out for the normal rules)")


# The setup's framing words around the games' own lines (which carry theirs, pnp.games.phrases).
SETUP_WORDS = {
    "private": {"en": "--- player {n} only: hidden cards, not for the others to see ---",
                "zh-TW": "--- 僅限玩家 {n}：手中的隱藏卡片，不要讓其他玩家看到 ---"},
    "facing": {"en": "--- player {n} holds these facing out: for the others to see, not player {n} ---",
               "zh-TW": "--- 玩家 {n} 把這些牌朝外拿著：給其他玩家看，玩家 {n} 自己不能看 ---"},
    "unseen": {"en": "--- player {n}: your own cards, held facing out: you may not look at them ---",
               "zh-TW": "--- 玩家 {n}：你自己的牌，朝外拿著：你不能看 ---"},
    "only": {"en": "(this is what player {n} may see; run without --player for the whole deal)",
             "zh-TW": "（以上是玩家 {n} 可以看到的內容；不加 --player 則顯示完整的發牌）"},
    "seed": {"en": "(repeat this deal with --seed {seed})", "zh-TW": "（用 --seed {seed} 可重現這次發牌）"},
}
