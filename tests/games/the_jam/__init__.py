"""The Jam's tests (tests/games/__init__.py says why this folder is a package)."""
