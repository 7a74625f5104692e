"""Which files a game is made of, and which games a saved file touches: what `pnp watch` and
`pnp serve` watch (the specs folder and every folder a game's layout or the paper presets come
from) and rebuild. `<game>.yaml` in either folder is that game, `sheets.yaml` every game, a table
(CSV, XLSX, ODS) or an image every game whose spec — or a CSV table its spec names — names it.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..load.paths import layout_file, within
from ..load.yamlload import MAX_BYTES
from ..writers.jsonfile import NotReadable, read_regular

WATCHED = (".yaml", ".yml", ".png", ".jpg", ".jpeg", ".svg", ".webp", ".csv", ".xlsx", ".xlsm", ".ods")


def roots(layouts: Path | None, specs_dir: Path, games: list[str]) -> list[Path]:
    """The specs folder, and every folder a watched game's layout or the paper presets come from."""
    folders = [Path(specs_dir).resolve()]
    for name in [f"{g}.yaml" for g in games] + ["sheets.yaml"]:
        folder = layout_file(name, specs_dir, layouts).resolve().parent
        if folder.is_dir() and folder not in folders:
            folders.append(folder)
    return folders


def affected(paths: list[Path], games: list[str], specs_dir: Path) -> list[str]:
    hit: set[str] = set()
    for path in paths:
        if path.suffix in (".yaml", ".yml"):
            hit.update(games if path.stem == "sheets" else [g for g in games if g == path.stem])
        else:  # a table or an image: the games whose spec names it (or cannot be read: its build says why)
            hit.update(g for g in games if path.name in _names(Path(specs_dir), g, path.name))
    return [g for g in games if g in hit]


def _names(specs_dir: Path, game: str, otherwise: str) -> str:
    """The text a game's files name their tables and pictures in: its spec, and the CSV tables
    it names (a picture may be named in a cell). A workbook cannot be searched so: a game with
    one is named `otherwise` too (rebuilt on every picture saved)."""
    spec = _text(specs_dir / f"{game}.yaml", otherwise)
    texts = [spec]
    for name in set(re.findall(r"[\w./ -]+\.(?:csv|xlsx|xlsm|ods)\b", spec)):
        name = name.strip()
        full, why = within(name, Path(specs_dir).resolve())
        if why:  # outside the specs folder, or missing: its build says so
            continue
        if name.endswith(".csv"):
            texts.append(_text(full, otherwise))
        else:
            texts.append(otherwise)
    return "\n".join(texts)


def _text(path: Path, otherwise: str) -> str:
    """The spec's text, read with the checks a build reads it with (a regular file only, at most
    yamlload.MAX_BYTES): a spec replaced by a pipe or linked to /dev/zero must not block or fill
    the watch. `otherwise` when it cannot be read so."""

    try:
        return read_regular(path, MAX_BYTES).decode("utf-8", errors="replace")
    except FileNotFoundError:
        return ""
    except NotReadable:
        return otherwise
