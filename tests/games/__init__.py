"""The shipped games' own tests, a folder each. These folders are packages (unlike the rest of
tests/) so that each may keep its shared fixtures in a conftest.py of its own: imported as
games.<game>.conftest, it does not shadow the suite's `conftest` module, which the tests here
import their helpers from (tests/ is on sys.path; tests/declared/declared_fixtures.py says why a
plain folder cannot have one)."""
