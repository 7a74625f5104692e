"""The shapes test game has no setup."""
from pnp.games.base import SetupError


def setup(spec, players, seed, variant=None, lang="en"):
    raise SetupError("the shapes test game has no setup")
