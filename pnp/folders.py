"""Where the data pnp ships sits: its fonts, the shipped games' specs and layouts — inside the
package in an installed wheel (pnp/shipped/), at the project's top in a checkout. Read by every
stage, so it imports nothing of pnp."""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent  # the pnp package
ROOT = PACKAGE.parent  # a checkout: the project folder


def _shipped(name: str) -> Path:
    inside = PACKAGE / "shipped" / name  # an installed wheel
    return inside if inside.is_dir() else ROOT / name


FONTS_DIR = _shipped("fonts")
SPECS_DIR = _shipped("card_specs")
LAYOUTS_DIR = _shipped("layouts")
