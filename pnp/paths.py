"""Where the shipped data lives: the project's card_specs/, layouts/ and fonts/ folders.

The package is installed from the project folder (`pip install -e .`), so the data sits beside
the package. A `card_specs/` folder in the current directory wins over the shipped one, so a
user can keep edited copies of the specs where they work.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS_DIR = ROOT / "fonts"
SPECS_DIR = ROOT / "card_specs"
LAYOUTS_DIR = ROOT / "layouts"


def default_specs_dir() -> Path:
    local = Path.cwd() / "card_specs"
    return local if local.is_dir() else SPECS_DIR


def layout_file(name: str, specs_dir: Path, layouts_dir: Path | None = None) -> Path:
    """Where to read layouts/<name>: the --layouts folder if given; else a layouts/ folder beside
    the specs when it holds that file (a user's own copy), else the shipped one."""
    if layouts_dir is not None:
        return Path(layouts_dir) / name
    sibling = Path(specs_dir).resolve().parent / "layouts" / name
    return sibling if sibling.is_file() else LAYOUTS_DIR / name


def display(path: Path) -> str:
    """A path as the user should read it in a message: relative to the cwd where possible."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
