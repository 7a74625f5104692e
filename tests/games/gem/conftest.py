"""GEM's shared fixtures, made once per test process: the shipped spec's components by id."""
import pytest

from conftest import shipped_components


@pytest.fixture(scope="session")
def spec_cards():
    return shipped_components("gem")
