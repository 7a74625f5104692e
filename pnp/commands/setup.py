"""`pnp setup`: deal a game for N players by its rules model; the public part, then each
player's hidden cards (`--player K`: only K's), in English or the seed's Chinese."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, UsageError, print_report
from ..load.project import load_checked


def cmd_setup(args, specs_dir: Path) -> int:
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
    seats = [seat_name(p) for p in range(1, args.players + 1)]
    if args.player is not None:
        if not 1 <= args.player <= args.players:
            raise UsageError(f"--player {args.player}: a game of {args.players} players has players 1 to "
                             f"{args.players}")
        seats = [seat_name(args.player)]
    if args.format == "json":
        data = dict(result.data)
        if args.player is not None:  # only what this player may see
            data["private"] = {s: v for s, v in data.get("private", {}).items() if s in seats}
            data.pop("hidden", None)
            data["for_player"] = args.player
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return EXIT_OK
    word = phrases(SETUP_WORDS, args.lang)
    print("\n".join(result.lines))
    for s in seats:
        lines = result.private.get(s)
        if lines:
            number = s.split()[-1]
            print("\n" + word("private", n=number))
            print("\n".join(lines))
    if args.player is not None:
        print("\n" + word("only", n=args.player))
    if args.seed is None:
        print("\n" + word("seed", seed=seed))
    return EXIT_OK


def _check_variant(args, specs_dir: Path) -> None:
    """--variant must name one of the game's variants: an empty name is not "no variant" (the
    normal rules are had by leaving --variant out), and a game without variants takes none."""
    from ..diagnostics import one_of
    from ..load.project import game_def

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
    "only": {"en": "(this is what player {n} may see; run without --player for the whole deal)",
             "zh-TW": "（以上是玩家 {n} 可以看到的內容；不加 --player 則顯示完整的發牌）"},
    "seed": {"en": "(repeat this deal with --seed {seed})", "zh-TW": "（用 --seed {seed} 可重現這次發牌）"},
}
