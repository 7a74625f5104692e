"""The Jam's shared fixtures, made once per test process: the shipped spec, read and checked."""
import pytest


@pytest.fixture(scope="session")
def spec():
    from pnp.games import GAMES
    from pnp.load.paths import SPECS_DIR
    from pnp.load.spec import load_spec

    s, report = load_spec(SPECS_DIR / "the-jam.yaml", GAMES["the-jam"])
    assert report.ok
    return s
