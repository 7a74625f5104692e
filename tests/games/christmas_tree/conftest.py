"""Christmas Tree's shared fixtures, made once per test process: the game built in English, the
shipped spec's components by id and the layout's templates."""
import pytest

from conftest import shipped_components, shipped_edition

GAME = "christmas-tree"


@pytest.fixture(scope="session")
def built(shipped_build):
    return shipped_build(GAME)


@pytest.fixture(scope="session")
def spec():
    return shipped_components(GAME)


@pytest.fixture(scope="session")
def templates():
    return shipped_edition(GAME).templates
