"""Reprint what changed: which pages hold a card, and a PDF of only the sheets that need printing.

Takes a loaded game, build options and card ids; returns data (nothing here prints):

- `pages_of(sheet_map, ids)`: the pages, front and back, holding each card, read from the sheet
  map of the last build;
- `reprint(...)`: OUT/<game>-reprint.pdf, the sheets of the full plan that hold those cards (a
  front page and its back page, in duplex order; a gutterfold sheet is one page), and
  OUT/<game>-reprint.json, the sheet map of just those pages under their numbers in the full
  print, so a user knows which sheet each replaces. Nothing else in OUT is touched; all three
  (PDF, sheet map, cut-file folder) are committed together (pnp/writers/commit.py);
- `clear_reprint(...)`: those three removed, when `--changed` finds nothing to reprint;
- `manifest(...)`: what every full build records in OUT/<game>.manifest.json (read back by
  pnp/incremental/state.py): one content hash per component (pnp/incremental/fingerprint.py: its
  entry, back design, template and the options that change a drawing), the build options, and a
  hash of each sheet's arrangement;
- `changed(...)`: what differs from that. A sheet is reprinted when it holds a changed component
  or its arrangement differs (a count changed above it moves what follows); every sheet when a
  build option differs (CMYK, cut files, slug, paper: each changes every sheet printed).
"""
from __future__ import annotations

from pathlib import Path

from ..records import field, record
from ..writers import jsonfile, outputs
from ..writers.commit import Commit, recover
from ..diagnostics import Report
from .fingerprint import keys_for, digest
from .state import MANIFEST_VERSION, SHEET_OPTIONS, ReprintError

__all__ = ["ReprintError", "changed", "check_map", "clear_reprint", "manifest", "pages_of", "reprint"]


# -- which sheets ------------------------------------------------------------------------------
def sheets_of(pages: list) -> list[list[int]]:
    """The plan's pages (0-based) grouped into sheets: a front and the back page after it; a
    front printed one-sided, or a gutterfold page, alone."""
    sheets: list[list[int]] = []
    for i, page in enumerate(pages):
        if page.side == "back" and sheets:
            sheets[-1].append(i)
        else:
            sheets.append([i])
    return sheets


def holding(plan, ids: set[str]) -> list[list[int]]:
    """The sheets of the plan with a piece of any of these components on them."""
    return [s for s in sheets_of(plan.pages)
            if any(p.piece.id in ids for i in s for p in plan.pages[i].placements)]


def pages_of(sheet_map: dict, ids: list[str]) -> dict[str, list[dict]]:
    """{id: [{"page", "side", "copies"}, …]} in page order, front before back."""
    out: dict[str, list[dict]] = {i: [] for i in ids}
    for entry in sheet_map.get("pages", []):
        for cid in ids:
            copies = sorted({p["copy"] for p in entry["pieces"] if p["id"] == cid})
            if copies:
                out[cid].append({"page": entry["page"], "side": entry["side"], "copies": copies})
    return out


def check_map(sheet_map: dict, spec) -> str | None:
    """None when the sheet map holds every copy of every component of the spec and nothing else."""
    found = {(p["id"], p["copy"]) for e in sheet_map.get("pages", []) if e["side"] == "front" for p in e["pieces"]}
    wanted = {(c.id, k) for c in spec.components for k in range(1, c.count + 1)}
    if found == wanted:
        return None
    extra = sorted({i for i, _ in found - wanted})
    missing = sorted({i for i, _ in wanted - found})
    parts = ([f"it has {', '.join(extra[:5])} that the spec does not"] if extra else []) + \
            ([f"it lacks {', '.join(missing[:5])}"] if missing else [])
    return "; ".join(parts)


# -- the manifest ------------------------------------------------------------------------------
def manifest(loaded, opts, plan, sheet_map: dict) -> dict:
    """The manifest of a full build: its options, a hash per component and one per sheet."""
    entries = {}
    for e in sheet_map["pages"]:
        entries.setdefault(e["page"], []).append(e)
    sigs = [digest([entries.get(i + 1, []) for i in s], plain=True) for s in sheets_of(plan.pages)]
    return {"version": MANIFEST_VERSION, "game": loaded.game.id,
            "options": {k: sheet_map.get(k) for k in SHEET_OPTIONS},
            "components": keys_for(loaded, opts).components(), "sheets": sigs}


@record
class Changes:
    """What differs from the last full build: the components changed, new or removed, the options
    changed, and the sheets to reprint."""

    components: list[str] = field(default_factory=list)  # changed or new, in spec order
    removed: list[str] = field(default_factory=list)  # in the last full build, gone from the spec
    options: list[str] = field(default_factory=list)  # "paper: a4 → letter"
    sheets: list[list[int]] = field(default_factory=list)  # sheets to reprint (0-based page indices)
    gone: int = 0  # sheets of the last full build beyond the new last one

    @property
    def none(self) -> bool:
        return not self.sheets


def changed(loaded, opts, plan, settings: dict, old: dict) -> Changes:
    """What differs between the build asked for (its plan and sheet settings) and the last full
    build's manifest `old`, as read back by pnp/incremental/state.py (so its keys are there)."""
    from ..writers.sheet_map import sheet_map
    from ..writers.sheet_marks import registration

    game = loaded.game.id
    cuts = (f"{game}-cut", registration(plan, opts.sheet)) if opts.cut_files else None  # as the full build's map
    now = manifest(loaded, opts, plan, sheet_map(game, settings, plan, cuts))
    before = old["components"]
    ch = Changes()
    ch.components = [i for i, h in now["components"].items() if before.get(i) != h]
    ch.removed = [i for i in before if i not in now["components"]]
    ch.options = [f"{k}: {_show(old['options'].get(k))} → {_show(v)}" for k, v in now["options"].items()
                  if old["options"].get(k) != v]
    ids, old_sigs = set(ch.components), old["sheets"]
    for n, (pages, sig) in enumerate(zip(sheets_of(plan.pages), now["sheets"])):
        moved = n >= len(old_sigs) or old_sigs[n] != sig
        held = any(p.piece.id in ids for i in pages for p in plan.pages[i].placements)
        if ch.options or moved or held:  # colours, marks, cut files, paper: an option changes every sheet
            ch.sheets.append(pages)
    ch.gone = max(0, len(old_sigs) - len(now["sheets"]))
    return ch


def _show(v) -> str:
    if isinstance(v, dict):
        return str(v.get("name", v))
    if isinstance(v, bool):
        return "yes" if v else "no"
    return "none" if v is None else str(v)


# -- writing a reprint -------------------------------------------------------------------------
@record
class Reprinted:
    """A reprint as written: its PDF and sheet map, its pages' numbers in the full print, how many
    sheets it holds, the full print's page count, and its cut files."""

    pdf: Path
    sheet_map: Path
    pages: list[int]  # their numbers in the full print
    sheets: int
    of: int  # pages of the full print
    cut_files: Path | None = None  # the reprinted sheets' SVG cut files (--cut-files)


def reprint(loaded, opts, out_dir: Path, report: Report, sheets: list[list[int]] | None = None,
            ids: list[str] | None = None, cache=None, progress=None) -> Reprinted:
    """Write OUT/<game>-reprint.pdf and .json: the given sheets of the full plan (or those holding
    `ids`). Only the faces on those sheets are drawn."""
    from ..options import pieces_of, press_of, sheet_settings as _settings
    from ..imposition import Plan, impose
    from .render_cache import RenderCache
    from ..writers.pdf_sheets import write_pdf
    from ..writers.sheet_map import sheet_map
    from ..writers.sheet_marks import registration, slug_text
    from ..writers.svg_cuts import write_cut_files

    plan = impose(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.back_offset, opts.diamonds)
    if sheets is None:
        sheets = holding(plan, set(ids or ()))
    chosen = sorted(i for s in sheets for i in s)
    sub = Plan(plan.width, plan.height, plan.bleed, [plan.pages[i] for i in chosen])
    on = {p.piece.id for page in sub.pages for p in page.placements}
    from ..writers.faces import TextReport

    art = (cache or RenderCache()).render(loaded, opts, report, TextReport(), progress, only=on)
    game = loaded.game.id
    settings = _settings(loaded, opts)
    marks = registration(plan, opts.sheet) if opts.cut_files else None
    slug = (game, slug_text(game, settings), opts.sheet) if opts.slug else None
    numbers = [i + 1 for i in chosen]
    cut_dir = out_dir / f"{game}-reprint-cut"  # the reprinted sheets' cut files (a stale one goes)
    data = sheet_map(game, settings, plan, (cut_dir.name, marks) if marks else None)
    data["pages"] = [e for e in data["pages"] if e["page"] in numbers]
    one_sided = set(data.get("one_sided_pages", []))
    data["one_sided_pages"] = [n for n in numbers if n in one_sided]  # numbered as in the full print
    data["reprint"] = {"of": f"{game}.pdf", "pages": numbers, "page_count": len(plan.pages),
                       # where they are in the reprint's own PDF: what to print single-sided
                       "one_sided_pdf_pages": [k for k, n in enumerate(numbers, start=1) if n in one_sided]}
    pdf_path, map_path = out_dir / f"{game}-reprint.pdf", out_dir / f"{game}-reprint.json"
    title = f"{loaded.spec.name.get('en', loaded.game.title)} — reprint of pages {_ranges(numbers)}"
    with outputs.locked(out_dir, outputs.waiting_note(out_dir), game), Commit(out_dir, game) as commit:
        recover(out_dir, game)
        pdf_tmp, map_tmp = commit.file(pdf_path.name), commit.file(map_path.name)
        write_pdf(pdf_tmp, sub, art, title, press=press_of(opts), slug=slug, registration=marks,
                  numbering=(numbers, len(plan.pages)), code_cache=cache.pdf_code if cache else None, progress=progress,
                  back_rotate=opts.back_rotate)
        data["pdf_sha256"] = outputs.sha256(pdf_tmp)
        map_tmp.write_text(jsonfile.dumps(data), encoding="utf-8")
        if marks:
            write_cut_files(commit.folder(cut_dir.name), plan, marks, set(numbers))
        else:
            commit.drop(cut_dir.name, folder=True)
        commit.commit()
    return Reprinted(pdf_path, map_path, numbers, len(sheets), len(plan.pages), cut_dir if marks else None)


def clear_reprint(out_dir: Path, game: str) -> list[str]:
    """Remove OUT/<game>-reprint.pdf, its sheet map and its cut-file folder, all together: when
    `--changed` finds nothing changed, a reprint left from before holds edits since taken back,
    and would be printed by mistake. Returns the names removed."""
    names = [f"{game}-reprint.pdf", f"{game}-reprint.json", f"{game}-reprint-cut"]
    if not any((Path(out_dir) / n).exists() or (Path(out_dir) / n).is_symlink() for n in names):
        return []
    with outputs.locked(Path(out_dir), outputs.waiting_note(out_dir), game), Commit(Path(out_dir), game) as commit:
        recover(out_dir, game)
        for name in names:
            commit.drop(name, folder=name.endswith("-cut"))
        return commit.commit()


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7, 8] -> '1-3, 7-8'"""
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)
