"""A declared game's spec that cannot be read is told alone: its layout's faces cannot be judged
without the declaration, so they are not reported as unknown keys beside the real error — by
`pnp build` and `pnp validate` alike (the preview reads through the same loader)."""
from __future__ import annotations

from declared_kit import SPEC, codes
from declared_fixtures import game  # noqa: F401  (fixture)


def test_a_yaml_error_in_a_declared_spec_is_the_only_error(game, cli):
    line = game.edit(SPEC, "players: [2, 3, 4]", "players: [2, 3, 4")
    ran = []
    for command in ("build", "validate"):
        r = cli(command, "lanterns")
        assert r.code == 2
        assert codes(r) == ["YAML-SYNTAX"], r.out + r.err
        assert (r.out + r.err).startswith(f"{SPEC}:{line + 1}:")
        assert "unknown key 'faces'" not in r.out + r.err
        ran.append(command)
    assert ran == ["build", "validate"]
