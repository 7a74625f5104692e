"""Every game's game file may name a variant, and only one its game declares: `variant: expert`
is a located error naming the variants (pnp/games/gamefile.py checks it for every scorer that
does not read `variant` itself), and a game without variants says so at the key."""
from pathlib import Path

import pytest

from conftest import score_file
from pnp.diagnostics import one_of
from pnp.games import GAMES

EXAMPLES = Path(__file__).parents[2] / "examples"
GAME_IDS = ["the-jam", "gem", "pi-mal-pflaumen", "christmas-tree"]


def _with_variant(game: str, variant: str) -> tuple[str, int]:
    """The shipped example game file of `game` with `variant: VARIANT` as its second key, and
    that line's number."""
    lines = [l for l in (EXAMPLES / f"{game}-game.yaml").read_text(encoding="utf-8").splitlines()
             if not l.startswith("variant:")]
    at = next(i for i, l in enumerate(lines) if l.startswith("game:")) + 1
    lines.insert(at, f"variant: {variant}")
    return "\n".join(lines) + "\n", at + 1


@pytest.mark.parametrize("game", GAME_IDS)
def test_an_unknown_variant_is_a_located_error_naming_the_variants(cli, tmp_path, game):
    text, line = _with_variant(game, "expert")
    r = score_file(cli, tmp_path, game, text)
    assert r.code == 2 and r.out == "", r.err
    errors = [l for l in r.err.splitlines() if ": error[" in l]
    assert len(errors) == 1 and "Traceback" not in r.err, r.err
    variants = GAMES[game].variants
    if variants:
        assert errors[0].startswith(f"game.yaml:{line}:10: error["), errors[0]
        assert f"'expert' is not known, expected one of {one_of(variants)}" in errors[0]
    else:
        assert errors[0].startswith(f"game.yaml:{line}:1: error[SCORE-VARIANT]"), errors[0]
        assert f"{GAMES[game].title} has no variants" in errors[0]


@pytest.mark.parametrize("game", [g for g in GAME_IDS if GAMES[g].variants])
def test_every_declared_variant_is_accepted(cli, tmp_path, game):
    tried = 0
    for variant in GAMES[game].variants:
        text, line = _with_variant(game, variant)
        r = score_file(cli, tmp_path, game, text)
        assert f"game.yaml:{line}:" not in r.err, r.err  # (the example may not fit every variant's rules)
        tried += 1
    assert tried == len(GAMES[game].variants) > 0
