"""`pnp relink FOLDER`: point a moved Tabletop Simulator export at where its images are now.

TTS loads a saved object's images from absolute URLs only (a file:/// path or a web address), so
the `<game>.json` that `pnp export --tts` wrote stops finding its sheets when the folder moves (to
another disk, another computer, TTS's own folder). Relinking rewrites each image URL of the saved
object in FOLDER — the decks' FaceURL and BackURL, the tokens' ImageURL — to the file of that name
in FOLDER as it is now, or to BASE/<name> with --tts-url once the images are uploaded. Nothing is
rendered again; every file the saved object names must be in FOLDER, and the file is replaced
whole or not at all.
"""
from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .common import EXIT_INPUT, EXIT_OK
from ..load.paths import display

MAX_BYTES = 64 << 20  # deck.json and the saved object: an export of 999 x 999 cards is far below this
URL_KEYS = ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL")


class Refused(Exception):
    """The folder cannot be relinked; the message says why."""


def add_parser(sub) -> None:
    from .export import _base_url

    r = sub.add_parser(
        "relink", help="point a moved Tabletop Simulator export (pnp export --tts) at where its images are now",
        description="Rewrite the image URLs of the Tabletop Simulator saved object in FOLDER (written by pnp "
                    "export --tts: FOLDER/deck.json and FOLDER/<game>.json) so that it loads each image from "
                    "FOLDER as it is now — TTS takes absolute URLs only, so a moved export stops finding its "
                    "images — or from BASE/<file name> with --tts-url once they are online. Nothing is drawn "
                    "again.")
    r.add_argument("folder", type=Path, metavar="FOLDER", help="the exported folder, e.g. output/gem-tts")
    r.add_argument("--tts-url", type=_base_url, metavar="BASE",
                   help="where the images are online, e.g. https://example.org/pnp (an http, https or file URL); "
                        "default: file:/// URLs of FOLDER")
    r.set_defaults(specs=None)


def cmd_relink(args, specs_dir: Path) -> int:
    try:
        line = relink(args.folder, args.tts_url)
    except Refused as exc:
        print(f"pnp relink: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    print(line)
    return EXIT_OK


def relink(folder: Path, tts_url: str | None) -> str:
    """Rewrite FOLDER's saved object; returns the line that says what was done."""
    from .export import saved_object_name, url_of
    from ..writers.jsonfile import dumps

    if not folder.is_dir():
        raise Refused(f"{display(folder)} is not a folder; give the folder pnp export --tts wrote, e.g. output/gem-tts")
    record = _json(folder / "deck.json", f"{display(folder)} is not a pnp export --tts folder (it has no deck.json)")
    game = record.get("game") if isinstance(record, dict) else None
    if not isinstance(game, str) or not game:
        raise Refused(f"{display(folder / 'deck.json')}: names no game; export again with pnp export GAME --tts")
    saved_path = folder / saved_object_name(game)
    saved = _json(saved_path, f"{display(saved_path)} is missing: export again with pnp export {game} --tts")
    url = url_of(tts_url, folder)
    changed = 0
    for entry in _url_holders(saved):
        for key in URL_KEYS:
            old = entry.get(key)
            if not isinstance(old, str) or not old:
                continue
            name = _file_name(old, saved_path, key)
            if not (folder / name).is_file():
                raise Refused(f"{display(saved_path)}: {key} {old} names {name}, which is not in "
                              f"{display(folder)}; move the whole folder, or export again")
            entry[key] = url(name)
            changed += 1
    if not changed:
        raise Refused(f"{display(saved_path)} loads no images; export again with pnp export {game} --tts")
    _replace(saved_path, dumps(saved, depth=4))
    where = tts_url if tts_url is not None else display(folder.resolve())
    return (f"{game}: {changed} image URL{'s' if changed != 1 else ''} of {display(saved_path)} now load from "
            f"{where}")


def _json(path: Path, missing: str):
    """The JSON file at `path`, read within MAX_BYTES; a pipe or a device is refused unopened
    (opening one for reading would wait for a writer)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise Refused(missing) from None
    except OSError as exc:
        raise Refused(f"{display(path)}: cannot be read ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused(f"{display(path)} is not a file")
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Refused(f"{display(path)}: larger than {MAX_BYTES >> 20} MB, not an export of pnp")
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused(f"{display(path)}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise Refused(f"{display(path)}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg})") from None
    except RecursionError:
        raise Refused(f"{display(path)}: nested too deeply to be an export of pnp") from None


def _url_holders(saved) -> list[dict]:
    """Every CustomDeck entry and CustomImage of the saved object, contained objects too."""
    out = []
    stack = [saved.get("ObjectStates", [])] if isinstance(saved, dict) else []
    while stack:
        items = stack.pop()
        if not isinstance(items, list):
            continue
        for obj in items:
            if not isinstance(obj, dict):
                continue
            decks = obj.get("CustomDeck")
            if isinstance(decks, dict):
                out.extend(d for d in decks.values() if isinstance(d, dict))
            if isinstance(obj.get("CustomImage"), dict):
                out.append(obj["CustomImage"])
            stack.append(obj.get("ContainedObjects"))
    return out


def _file_name(url: str, saved_path: Path, key: str) -> str:
    """The file a URL loads: the last part of its path, which must be a plain file name."""
    try:
        path = urlsplit(url).path
    except ValueError:
        path = ""
    name = unquote(path.rsplit("/", 1)[-1]) if path else ""
    if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name:
        raise Refused(f"{display(saved_path)}: {key} {url!r} names no file of the folder")
    return name


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` whole: a file beside it, then renamed over it."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
