"""`pnp build --only ID …` and `pnp build --changed`: one game's reprint — only the sheets that hold
the cards asked for, or those whose cards changed since the last full build (the manifest), as
OUT/<id>-reprint.pdf and its sheet map. Prints what was written unless --format json.
"""
from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, print_report
from .where import resolve_ids
from ..diagnostics import InputError
from ..incremental.reprint import changed, clear_reprint, reprint
from ..incremental.state import ReprintError, read_manifest
from ..load.paths import display
from ..load.yamlload import os_problem


def build_reprint(args, loaded, opts, report, cache=None, progress=None) -> tuple[int, dict]:
    """One game's `--only` / `--changed` reprint; prints unless --format json. Returns (exit code,
    the game's JSON result)."""
    from ..options import pieces_of, sheet_settings as _settings
    from ..imposition import impose

    g, as_json = loaded.game.id, args.format == "json"
    sheets, note, restored = None, [], []
    try:
        if args.changed:
            old = read_manifest(args.out, g, restored)  # after finishing a commit a killed build left
            plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.back_offset, opts.diamonds)
            ch = changed(loaded, opts, plan, _settings(loaded, opts), old)
            note += _change_lines(ch)
            if ch.none:
                return _nothing_changed(args.out, g, as_json)
            sheets, ids = ch.sheets, ch.components
        else:
            ids = resolve_ids(loaded, args.only)
        done = reprint(loaded, opts, args.out, report, sheets=sheets, ids=ids, cache=cache, progress=progress)
    except ReprintError as exc:
        return _refused(str(exc), [f"pnp build: error: {exc}"], as_json)
    except InputError as exc:  # the manifest is not what pnp wrote: where and why
        return _refused(str(exc), [str(d) for d in exc.report.sorted()], as_json)
    except OSError as exc:
        why = f"cannot write to {display(args.out)}: {os_problem(exc)}"
        return _refused(why, [f"{g}: not built, {why}"], as_json)
    finally:
        for line in [] if as_json else restored:
            print(f"pnp build: note: {line}", file=sys.stderr)
    if progress:
        progress.done()
    result = {"built": True, "pdf": display(done.pdf), "sheet_map": display(done.sheet_map), "pages": done.pages,
              "sheets": done.sheets, "of_pages": done.of, "cards": ids,
              "diagnostics": [d.as_json() for d in report.sorted()]}
    if done.cut_files:
        result["cut_files"] = display(done.cut_files)
    one_sided = _one_sided(done.sheet_map)
    result["one_sided_pages"] = one_sided  # of the reprint's own PDF
    if not as_json:
        print_report(report)
        for line in note:
            print(line)
        pages = ", ".join(map(str, done.pages))
        print(f"{g}: {done.sheets} sheet{'s' if done.sheets != 1 else ''} (pages {pages} of {done.of}) → "
              f"{display(done.pdf)}, {display(done.sheet_map)}" + (f", {display(done.cut_files)}/" if done.cut_files else ""))
        if one_sided:
            from ..writers.sheet_map import page_ranges

            which = f"page {one_sided[0]}" if len(one_sided) == 1 else f"pages {page_ranges(one_sided)}"
            verb = "is" if len(one_sided) == 1 else "are"
            print(f"{g}: {which} of {display(done.pdf)} {verb} one-sided: print {'it' if len(one_sided) == 1 else 'them'} "
                  "single-sided")
    return EXIT_OK, result


def _one_sided(path: Path) -> list[int]:
    """The pages of a reprint's PDF that are one-sided, from its sheet map."""
    import json

    try:
        return list(json.loads(Path(path).read_text(encoding="utf-8"))["reprint"].get("one_sided_pdf_pages", []))
    except (OSError, ValueError, KeyError, TypeError):
        return []


def _nothing_changed(out: Path, g: str, as_json: bool) -> tuple[int, dict]:
    """Nothing to reprint: a reprint left from before goes too (it may hold edits since taken back)."""
    removed = clear_reprint(out, g)
    gone = f"; removed the earlier reprint ({', '.join(removed)})" if removed else ""
    if not as_json:
        print(f"{g}: nothing changed since the last full build; nothing written{gone}")
    return EXIT_OK, {"built": False, "changed": [], "why": "nothing changed since the last full build",
                     "removed": [display(out / n) for n in removed]}


def _refused(why: str, lines: list[str], as_json: bool) -> tuple[int, dict]:
    if not as_json:
        for line in lines:
            print(line, file=sys.stderr)
    return EXIT_INPUT, {"built": False, "why": why}


def _change_lines(ch) -> list[str]:
    lines = []
    if ch.options:
        lines.append("build options differ from the last full build (" + "; ".join(ch.options) + "): "
                     "every sheet is reprinted")
    if ch.components:
        shown = ", ".join(ch.components[:8]) + (f" and {len(ch.components) - 8} more" if len(ch.components) > 8 else "")
        lines.append(f"changed since the last full build: {shown}")
    if ch.removed:
        lines.append("no longer in the spec: " + ", ".join(ch.removed) + " (their sheets are reprinted without them)")
    if ch.gone:
        lines.append(f"the last full build had {ch.gone} more sheet{'s' if ch.gone != 1 else ''}: "
                     f"set the last ones aside")
    return lines
