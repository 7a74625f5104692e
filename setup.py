"""Build hook: the shipped data goes into the package.

The project keeps the four games' specs, their layouts with the paper presets, and the fonts at
its top level (`card_specs/`, `layouts/`, `fonts/`: shared/design.md fixes that), where a
checkout reads them. A wheel holds only the package, so building one copies those folders into
it as `pnp/shipped/…`, where an installed pnp finds them (pnp/folders.py). Everything else
about the build is declared in pyproject.toml.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = {  # folder → the files of it an installed pnp reads at run time
    "card_specs": ["*.yaml"],
    "layouts": ["*.yaml"],
    "fonts": ["*.ttf", "LICENSE-*", "README.md"],  # each font with its licence
}


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # an editable install reads the checkout's folders
            return
        target = Path(self.build_lib) / "pnp" / "shipped"
        for folder, patterns in SHIPPED.items():
            files = sorted({f for p in patterns for f in (HERE / folder).glob(p) if f.is_file()})
            if not files:
                raise SystemExit(f"setup.py: {folder}/ has none of {patterns}: the package would ship without it")
            (target / folder).mkdir(parents=True, exist_ok=True)
            for f in files:
                shutil.copyfile(f, target / folder / f.name)


setup(cmdclass={"build_py": BuildWithData})
