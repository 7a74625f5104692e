"""`pnp printer add|list|remove`: printer profiles, and `--printer NAME` on the commands that print duplex.

A profile is what `pnp calibrate` measured on one printer — its back offset (DX,DY mm) and turn
(DEG), and optionally the paper and duplex flip it was measured with — kept under a name in the
user's config folder (`platformdirs.user_config_dir("pnp")`, so $XDG_CONFIG_HOME/pnp on Linux) as
printers.json, rewritten whole and atomically (a temporary file beside it, then os.replace). An
add or a remove reads, changes and writes the file holding the config folder's lock
(`.pnp.lock`, as a build holds its output folder's): twelve adds at once keep twelve profiles.

`pnp build`, `watch`, `serve` and `calibrate` take `--printer NAME`; `resolve` fills in what the
command line did not give from the profile, then the built-in defaults, so an option given
explicitly always wins (their argparse defaults are None for that). A profile's offset and turn
were measured for one duplex flip: with another (`--backs` given otherwise) they are not applied,
and a note says so. An unknown name is a usage error naming the known ones; a profiles file that
cannot be read is an error naming its path, never a traceback.
"""
from __future__ import annotations

import json
import math
import os
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Iterator

from .arguments import MAX_TURN, NAME, printer_name, turn  # noqa: F401 (a profile's values are read as the options are)
from .common import EXIT_OK, UsageError

FILE_NAME = "printers.json"
VERSION = 1
FILE_LIMIT = 1 << 20
DUPLEX = ("duplex-long", "duplex-short")
DEFAULTS = {"paper": "a4", "backs": "duplex-long", "back_offset": (0.0, 0.0), "back_rotate": 0.0}


# -- the option values ----------------------------------------------------------------------------
def resolve(args, command: str = "pnp") -> None:
    """Fill the options the command line left unset (None) from --printer's profile, then the
    defaults. Once per args: `pnp watch` builds with the same args again and again."""
    if getattr(args, "_printer_resolved", False):
        return
    name = getattr(args, "printer", None)
    profile = find(name) if name else {}
    given = {k: getattr(args, k, None) for k in DEFAULTS}
    for key in ("paper", "backs"):
        if hasattr(args, key) and given[key] is None:
            setattr(args, key, profile.get(key) or DEFAULTS[key])
    backs = getattr(args, "backs", None) or DEFAULTS["backs"]
    measured = profile.get("backs")
    applies = backs in DUPLEX and (measured is None or measured == backs)
    if profile and not applies and (any(profile["back_offset"]) or profile["back_rotate"]):
        print(f"{command}: note: printer '{name}' was measured with --backs {measured or 'duplex'}; its back offset "
              f"and turn are not used with --backs {backs}", file=sys.stderr)
    for key in ("back_offset", "back_rotate"):
        if hasattr(args, key) and given[key] is None:
            setattr(args, key, profile.get(key, DEFAULTS[key]) if applies else DEFAULTS[key])
    args._printer_resolved = True


# -- the profiles file ----------------------------------------------------------------------------
def config_file() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir("pnp")) / FILE_NAME


def load(path: Path | None = None) -> dict[str, dict]:
    """{name: {"back_offset": (dx, dy), "back_rotate": deg, "paper"?: str, "backs"?: str}}; {} when
    there is no file yet. UsageError naming the file when it cannot be read or is not what pnp writes."""
    path = path or config_file()
    from ..writers.jsonfile import NotReadable, read_regular

    fix = "fix it, or remove it and add the printers again"

    def bad(why: str) -> UsageError:
        return UsageError(f"the printer profiles file {path} {why}; {fix}")

    try:
        data = read_regular(path, FILE_LIMIT)
    except FileNotFoundError:
        return {}
    except NotReadable as exc:
        raise bad(str(exc)) from None
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise bad("is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise bad(f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise bad("is not valid JSON (nested far too deeply)") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("printers"), dict):
        raise bad('is not a printer profiles file (expected {"version": 1, "printers": {...}})')
    if doc.get("version") != VERSION:
        raise bad(f"has version {json.dumps(doc.get('version'))[:20]}, not {VERSION}, the one this pnp reads")
    out = {}
    for name, entry in doc["printers"].items():
        out[name] = _profile(name, entry, bad)
    return out


def _profile(name, entry, bad) -> dict:
    where = f"printer '{name}'"
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise bad(f"names a printer {json.dumps(name)[:70]}, which is not a printer name")
    if not isinstance(entry, dict):
        raise bad(f"has {where} as {type(entry).__name__}, expected an object")
    off = entry.get("back_offset_mm", [0.0, 0.0])
    if not (isinstance(off, list) and len(off) == 2 and all(_number(v) and abs(v) <= 20 for v in off)):
        raise bad(f"has {where}'s back_offset_mm {json.dumps(off)[:40]}, expected [DX, DY] in mm, at most 20 each way")
    rot = entry.get("back_rotate_deg", 0.0)
    if not (_number(rot) and abs(rot) <= MAX_TURN):
        raise bad(f"has {where}'s back_rotate_deg {json.dumps(rot)[:40]}, expected degrees, at most {MAX_TURN:g} "
                  f"either way")
    out = {"back_offset": (float(off[0]), float(off[1])), "back_rotate": float(rot)}
    for key, ok in (("paper", lambda v: isinstance(v, str) and v != ""), ("backs", lambda v: v in DUPLEX)):
        if entry.get(key) is not None:
            if not ok(entry[key]):
                raise bad(f"has {where}'s {key} {json.dumps(entry[key])[:40]}, which pnp cannot use")
            out[key] = entry[key]
    return out


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def save(profiles: dict[str, dict], path: Path | None = None) -> Path:
    """Write every profile to the file, atomically: a temporary file in the same folder, then os.replace."""
    from ..writers.outputs import normal_mode

    path = path or config_file()
    doc = {"version": VERSION, "printers": {}}
    for name in sorted(profiles):
        p = profiles[name]
        entry = {"back_offset_mm": list(p["back_offset"]), "back_rotate_deg": p["back_rotate"]}
        entry.update({k: p[k] for k in ("paper", "backs") if p.get(k)})
        doc["printers"][name] = entry
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
        normal_mode(Path(tmp))
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return path


def find(name: str) -> dict:
    profiles = load()
    if name not in profiles:
        known = ", ".join(sorted(profiles)) if profiles else "none yet"
        raise UsageError(f"no printer profile '{name}' (known: {known}); add it with 'pnp printer add {name} "
                         f"--back-offset DX,DY [--back-rotate DEG]', see 'pnp printer list'")
    return profiles[name]


def describe(p: dict) -> str:
    parts = [f"back offset {p['back_offset'][0]:g},{p['back_offset'][1]:g} mm", f"turn {p['back_rotate']:g} degrees"]
    parts += [f"{k} {p[k]}" for k in ("paper", "backs") if p.get(k)]
    return ", ".join(parts)


# -- the command ----------------------------------------------------------------------------------
def add_parser(sub) -> None:
    from .arguments import Parser, offset

    p = sub.add_parser("printer", help="keep a printer's measured back offset and turn under a name",
                       description="Printer profiles: the back offset and turn 'pnp calibrate' measured on a printer, "
                                   "kept under a name in your config folder (printers.json in "
                                   "platformdirs.user_config_dir('pnp'): $XDG_CONFIG_HOME/pnp, else ~/.config/pnp "
                                   "on Linux). Use one with 'pnp build --printer NAME' (and watch, serve, "
                                   "calibrate); options given on the command line win over the profile's.")
    p.set_defaults(specs=None)
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=Parser,
                               help="add, list or remove (pnp printer ACTION --help for each)")
    a = actions.add_parser("add", help="add a printer, or replace one of the same name",
                           description="Keep what 'pnp calibrate' measured on a printer under NAME. Adding a name "
                                       "that exists replaces it (its old values are printed). Example: pnp printer "
                                       "add office --back-offset 0.5,-1 --back-rotate -0.3 --backs duplex-long")
    a.add_argument("name", type=printer_name, metavar="NAME", help="the printer's name, e.g. office-laser")
    a.add_argument("--back-offset", type=offset, required=True, metavar="DX,DY",
                   help="where the backs print relative to the fronts, mm, seen from the front side (+DX: to the "
                        "right, +DY: higher), as the centre scales of 'pnp calibrate' read it")
    a.add_argument("--back-rotate", type=turn, default=0.0, metavar="DEG",
                   help="how the backs print turned, degrees, counter-clockwise positive seen from the front, as the "
                        "corner scales of 'pnp calibrate' read it (default 0)")
    a.add_argument("--paper", metavar="P", help="the paper preset it was measured on (used when --paper is not given)")
    a.add_argument("--backs", choices=DUPLEX,
                   help="the duplex flip it was measured with; its offset and turn apply to that flip only "
                        "(default: any)")
    ls = actions.add_parser("list", help="list the printers kept",
                            description="List every printer profile and where the file that holds them is.")
    ls.add_argument("--format", choices=("text", "json"), default="text",
                    help="json: {\"file\": PATH, \"printers\": {NAME: {...}}} on stdout")
    rm = actions.add_parser("remove", help="forget a printer",
                            description="Remove the printer profile NAME from the profiles file.")
    rm.add_argument("name", type=printer_name, metavar="NAME", help="the printer's name")


def cmd_printer(args, specs_dir: Path) -> int:
    path = config_file()
    profiles = load(path)
    if args.action == "list":
        if args.format == "json":
            print(json.dumps({"file": str(path), "printers": {n: {"back_offset_mm": list(p["back_offset"]),
                                                                  "back_rotate_deg": p["back_rotate"],
                                                                  **{k: p[k] for k in ("paper", "backs") if p.get(k)}}
                                                              for n, p in sorted(profiles.items())}}, indent=1))
            return EXIT_OK
        if not profiles:
            print(f"no printer profiles yet ({path}); add one with 'pnp printer add NAME --back-offset DX,DY "
                  f"[--back-rotate DEG]'")
            return EXIT_OK
        for name, p in sorted(profiles.items()):
            print(f"{name}: {describe(p)}")
        print(f"({path})")
        return EXIT_OK
    with _changing(path):
        profiles = load(path)  # again, under the lock: what another add or remove wrote meanwhile is kept
        if args.action == "remove":
            if args.name not in profiles:
                find(args.name)  # unknown: a usage error naming the known ones
            del profiles[args.name]
            _save(profiles, path)
            print(f"removed printer '{args.name}' ({path})")
            return EXIT_OK
        old = profiles.get(args.name)
        new = {"back_offset": tuple(v + 0.0 for v in args.back_offset), "back_rotate": args.back_rotate}
        new.update({k: getattr(args, k) for k in ("paper", "backs") if getattr(args, k)})
        profiles[args.name] = new
        _save(profiles, path)
    was = f" (replacing {describe(old)})" if old else ""
    print(f"printer '{args.name}': {describe(new)}{was} → {path}; use it with 'pnp build --printer {args.name}'")
    return EXIT_OK


@contextmanager
def _changing(path: Path) -> Iterator[None]:
    """The config folder's lock, held while the profiles file is read, changed and written."""
    from ..writers.outputs import OutputError, locked

    def note() -> None:
        print(f"pnp printer: waiting for another pnp printer changing {path} to finish…", file=sys.stderr)

    with ExitStack() as stack:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            stack.enter_context(locked(path.parent, note))
        except (OSError, OutputError) as exc:
            raise UsageError(f"cannot lock the printer profiles file {path}: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        yield


def _save(profiles: dict, path: Path) -> None:
    try:
        save(profiles, path)
    except OSError as exc:
        raise UsageError(f"cannot write the printer profiles file {path}: {exc.strerror or exc}") from None
