"""Pi mal Pflaumen's shared fixtures, made once per test process: the shipped spec's components by
id, the layout's card, and the game built in English."""
import pytest

from conftest import shipped_components, shipped_edition

GAME = "pi-mal-pflaumen"


@pytest.fixture(scope="session")
def built(shipped_build):
    return shipped_build(GAME)


@pytest.fixture(scope="session")
def spec():
    return shipped_components(GAME)


@pytest.fixture(scope="session")
def edition():
    return shipped_edition(GAME).main
