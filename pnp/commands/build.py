"""`pnp build`: every game asked for, each read, checked and built in a worker process, several
at once.

A usage error (an edition a game does not have, --cut-files with --shop) is found here first, so
it stops the command before anything is written. Each game is then read, checked against its
rules and built through pnp/commands/parallel.py, by a worker per core, each doing one game after
another (one game, or a warm `pnp watch` process, builds here); each game's report, result line and text report
are printed in the order the games were given, whichever finished first. A reprint (`--only`,
`--changed`) reads the last build's files and is made here, one game after another.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..records import field, record
from . import parallel
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, UsageError, games_asked, print_report
from ..diagnostics import Loc, Report
from ..load.paths import display, out_problem, spec_home
from .arguments import paper_of
from .progress import Line, Progress


PAGES_TOLD = 500  # a build of more pages says how many before it starts
PAGES_REFUSED = 2000  # one of more is refused unless --force: a thousand sheets is not a game
# A --shop PDF is a page per piece and side (a page costs little: some 8,000 a second here, and
# 150 bytes of the shop map); beyond this, five thousand cards printed both sides, refused unless
# --force (every one of twelve cards 999 times made 23,976 pages; 999 of them, two million).
SHOP_PAGES_TOLD = 2000
SHOP_PAGES_REFUSED = 10_000


@record
class _Job:
    """One game to build: the worker that builds it reads and checks its spec."""

    name: str
    opts: Any
    weight: int  # the spec's size: the biggest builds start first


@record
class _Outcome:
    """How one game's build ended: its report and exit code, and what was built (with `more`: a
    bleed or paper that holds more per sheet) or why it was not; a reprint's result as `json`."""

    report: Report
    built: Any = None
    more: Any = None
    why: str = ""  # when not built
    code: int = EXIT_OK
    json: dict = field(default_factory=dict)


BACKS_HELP = ("duplex-long (default): a back page after each front page, for printers that flip on the "
              "long edge; duplex-short: for short-edge flip; gutterfold: fronts above the middle of "
              "each sheet and their backs below, to fold and glue; none: fronts only")


def _bleed_help() -> str:
    from ..options import SHOP_PRESETS, BuildOptions

    return (f"bleed around every card in mm (default {BuildOptions.bleed:g}; "
            f"{SHOP_PRESETS['drivethru']['bleed']:g} with --shop drivethru)")


def _ink_help() -> str:
    from ..options import SHOP_PRESETS, BuildOptions

    return (f"with --cmyk: the most ink any colour may carry, C+M+Y+K in per cent (default "
            f"{BuildOptions.ink_limit:g}; {SHOP_PRESETS['drivethru']['ink_limit']:g} with --shop drivethru, "
            "as DriveThruCards asks)")


def _shop_help() -> str:
    """--shop's help, its shops' figures read from where they are kept (shown with --help only)."""
    from ..options import SHOP_PRESETS
    from ..writers.gamecrafter import BLEED_MM, DPI, PRODUCTS, pixels_of

    dtc = SHOP_PRESETS["drivethru"]
    w, h = PRODUCTS["poker"]
    return ("for a print shop: one PDF per piece size, OUT/<id>-shop-<template>.pdf (OUT/<id>-shop.pdf for a game "
            "of one size), one piece per page (page = trim + bleed, TrimBox and BleedBox on every page), all fronts "
            "then all backs, or each front followed by its back with --shop interleaved; and their map "
            "OUT/<id>-shop.json. --shop drivethru follows DriveThruCards' upload rules: a PDF per deck (the cards "
            "of one back design), its back first and then every face (cards that each have their own back: each "
            f"face then its back), {dtc['bleed']:g} mm bleed, --cmyk at {dtc['ink_limit']:g} %% ink. --shop "
            "gamecrafter writes The Game Crafter's upload: OUT/<id>-gamecrafter/, a PNG per face and per back at "
            f"{DPI} dpi with {BLEED_MM:g} mm bleed (its poker card, {w:g} x {h:g} in: "
            f"{' x '.join(map(str, pixels_of(w * 25.4, h * 25.4)))} px; --edition poker-us where the layout has "
            "it), and OUT/<id>-gamecrafter.json with each card's count")


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """`pnp build`'s options (pnp watch takes them too: the parser is returned)."""
    from ..options import SHOP_ORDERS
    from .arguments import add_game, card_options, folder, ink_percent, lang_options, later, layouts_options, \
        profile_file, sheet_options

    groups = [layouts_options(), lang_options(), card_options(None, _bleed_help), sheet_options(backs_help=BACKS_HELP)]
    b = sub.add_parser("build", parents=[*parents, *groups], help="write print-ready PDF sheets and their sheet maps",
                       description="Write OUT/<id>.pdf and OUT/<id>.json (the sheet map: which card is where on "
                                   "which page) for each game. Without GAME, builds every game with a spec.")
    add_game(b, many=True)
    b.add_argument("--out", type=folder, default=Path("output"), metavar="DIR", help="output folder (default: output/)")
    b.add_argument("--force", action="store_true", help="build even when the spec breaks the game's rules")
    b.add_argument("--strict", action="store_true",
                   help="refuse to write a game whose text does not fit its box even at the smallest size, or "
                        "uses characters no vendored font has (these are warnings otherwise)")
    later(b.add_argument("--shop", nargs="?", const=SHOP_ORDERS[0], choices=SHOP_ORDERS, metavar="ORDER",
                         help="for a print shop: one piece per page, in this order"), _shop_help)
    b.add_argument("--cmyk", action="store_true",
                   help="for a print shop: every colour and image converted to CMYK through an ICC profile (pnp's "
                        "own FOGRA39 coated-paper press profile, or --icc), black text and lines in K only, and the "
                        "PDF identified as PDF/X (X-1a, or X-4 when art is transparent) with the profile as its "
                        "OutputIntent")
    b.add_argument("--icc", metavar="FILE", type=profile_file,
                   help="with --cmyk: the print shop's own CMYK output profile (.icc) to convert for and name as "
                        "the OutputIntent")
    later(b.add_argument("--ink-limit", type=ink_percent, default=None, metavar="PERCENT",
                         help="with --cmyk: the most ink any colour may carry, C+M+Y+K in per cent"), _ink_help)
    b.add_argument("--cut-files", action="store_true",
                   help="for print-and-cut machines: OUT/<id>-cut/page-<n>.svg, every piece's cut path and the "
                        "registration marks of each sheet that is cut, at true size; the marks are printed on "
                        "those sheets too")
    b.add_argument("--no-slug", action="store_true",
                   help="leave out the slug line (game, page, side, paper and build options, pnp version) "
                        "printed in the margin of every page")
    b.add_argument("--format", choices=("text", "json"), default="text",
                   help="json: one JSON document on stdout with each game's outputs, text report (faces drawn, "
                        "text shrunk, overflow, missing glyphs) and diagnostics")
    reprints = b.add_mutually_exclusive_group()
    reprints.add_argument("--only", nargs="+", metavar="ID",
                          help="write OUT/<id>-reprint.pdf (and its sheet map) holding only the sheets with these "
                               "cards (ids or printed names), fronts with their backs; nothing else is written")
    reprints.add_argument("--changed", action="store_true",
                          help="the same for the cards whose spec entry, layout or back design differs from the last "
                               "full build (OUT/<id>.manifest.json); when nothing changed, says so and writes nothing")
    return b


def cmd_build(args, specs_dir: Path) -> int:
    from ..games.project import game_layout, load_for_build, sheets
    from ..options import options_from
    from .printer import resolve
    from .reprint import build_reprint

    resolve(args, "pnp build")  # --printer's profile and the defaults, for what the command line left unset
    layouts_dir = args.layouts
    presets, sreport = sheets(specs_dir, layouts_dir)
    if sreport.items:
        print_report(sreport)
        return EXIT_INPUT
    paper = paper_of(args, presets)
    for name, used in (("--back-offset", any(args.back_offset)), ("--back-rotate", bool(args.back_rotate))):
        if used and args.backs not in ("duplex-long", "duplex-short"):
            raise UsageError(f"{name} corrects duplex printing; with --backs {args.backs} fronts and backs "
                             f"{'share one side of the sheet' if args.backs == 'gutterfold' else 'are not both printed'}, "
                             f"so there is nothing to correct: drop {name}")
    if args.shop == "gamecrafter" and (args.cmyk or args.icc or args.ink_limit is not None):
        raise UsageError("--shop gamecrafter writes RGB PNG images, as The Game Crafter asks; --cmyk, --icc and "
                         "--ink-limit are for PDFs (--shop drivethru, or a home print)")
    if args.cut_files and args.shop:
        raise UsageError("--cut-files makes cut paths for the sheets of a home print; a --shop build has no "
                         "sheets to cut: drop one of them")
    as_json = args.format == "json"
    cache = getattr(args, "render_cache", None)
    outcomes: dict[str, _Outcome] = {}  # games that were not built, and reprints
    jobs: list[_Job] = []
    order = games_asked(args.games, specs_dir)
    for g in order:
        if args.only or args.changed:  # a reprint reads the last build's files: one game after another, here
            _check_reprint(args)
            loaded = load_for_build(g, specs_dir, layouts_dir)
            outcome = _unbuildable(loaded, args)
            if outcome is None:
                _check_edition(g, loaded.layout, args.edition)
                code, result = build_reprint(args, loaded, options_from(args, paper), loaded.report, cache)
                outcome = _Outcome(loaded.report, code=code, json=result)
            outcomes[g] = outcome
            continue
        if args.edition is not None:  # a usage error stops the command before any game is written
            _check_edition(g, game_layout(g, specs_dir, layouts_dir)[0], args.edition)
        jobs.append(_Job(g, options_from(args, paper), _size(spec_home(g, specs_dir) / f"{g}.yaml")))

    def work(job: _Job, progress) -> _Outcome:
        try:
            return _build_one(args, presets, specs_dir, layouts_dir, job, cache, progress)
        finally:
            if progress is not None:
                progress.done()

    results: dict[str, Any] = {}
    worst = EXIT_OK
    if len(jobs) > 1:  # once here, not in every process that builds a game
        _preload()
    line = Line(sys.stderr)  # the games built at once share one progress line
    built = parallel.run(jobs, work, progress=lambda job: Progress(sys.stderr, job.name, line=line).__enter__(),
                         workers=1 if cache is not None else None)
    for job, outcome in built:
        if isinstance(outcome, parallel.WorkerDied):  # killed, or a bug: the other games are still told
            outcome = _Outcome(Report(), why=str(outcome), code=EXIT_INPUT)
        outcomes[job.name] = outcome
    backs = {job.name: job.opts.backs for job in jobs}  # how each game printed its backs (its one-sided note)
    for g in order:
        outcome = outcomes[g]
        worst = max(worst, outcome.code)
        if outcome.json:  # a reprint: printed as it was made
            results[g] = outcome.json
        elif outcome.built is None:
            _failed(g, outcome, results, as_json)
        elif as_json:
            results[g] = _as_json(outcome)
        else:
            _print_built(g, outcome, backs[g])
    if as_json:
        print(json.dumps({"games": results}, indent=1, ensure_ascii=False))
    return worst


def _preload() -> None:
    """What every game's build imports, imported before the workers that build the games are forked
    from this process: they share it instead of each importing it again (a cold build imported the
    declared engine, the renderer and the PDF writer three times)."""
    from importlib import import_module

    from ..geometry import fonts
    from . import importing

    with importing():
        for module in ("pnp.imposition.fitting", "pnp.build", "pnp.writers.faces", "pnp.writers.pdf_sheets",
                       "pnp.writers.sheet_map", "pnp.writers.svg_cuts", "pnp.render.pdf", "pnp.render.rich",
                       "pnp.render.cards", "pnp.games.declared", "pnp.games.declared.extras",
                       "reportlab.pdfgen.canvas"):
            import_module(module)
        fonts.register()


def _build_one(args, presets, specs_dir: Path, layouts_dir, job: _Job, cache, progress) -> _Outcome:
    """One game read, checked and built (in this process or a child): its outcome, with its report."""
    from ..build import TextProblems, build
    from ..games.project import load_for_build
    from ..imposition import ImpositionError

    loaded = load_for_build(job.name, specs_dir, layouts_dir)
    unbuildable = _unbuildable(loaded, args)
    if unbuildable is not None:
        return unbuildable
    report = loaded.report
    too_many = _too_much_for_the_shop(job, loaded, args) if job.opts.shop else \
        _too_many_pages(job, loaded, args, presets[args.paper])
    if too_many is not None:
        return too_many
    try:
        built = build(loaded, job.opts, args.out, report, strict=args.strict, cache=cache, progress=progress)
    except TextProblems as exc:
        return _Outcome(report, why=f"--strict: {exc}; the previous output is kept", code=EXIT_RULES)
    except ImpositionError as exc:
        report.error(presets[args.paper].loc or Loc(display(specs_dir)), "SHEET-FIT", str(exc))  # at the paper preset
        return _Outcome(report, why="it does not fit the paper (see above)", code=EXIT_INPUT)
    except OSError as exc:
        return _Outcome(report, why=f"cannot write to {display(args.out)}: {out_problem(args.out, exc)}",
                        code=EXIT_INPUT)
    more = None if job.opts.shop else _more_per_sheet(loaded, job.opts, presets)
    return _Outcome(report, built=built, more=more)


def _check_reprint(args) -> None:
    """--only reprints the home-print sheets of one game; --changed those of each game given."""
    what = "--only" if args.only else "--changed"
    if args.shop:
        raise UsageError(f"{what} reprints home-print sheets; a --shop build has none: drop --shop")
    if args.only and not args.games:
        raise UsageError("--only reprints the sheets of one game, and no GAME was given: "
                         "pnp build GAME --only ID ...")
    if args.only and len(args.games) > 1:
        raise UsageError(f"--only reprints the sheets of one game, not of {len(args.games)} "
                         f"({', '.join(args.games)}): give one GAME")


def _too_many_pages(job: _Job, loaded, args, paper) -> _Outcome | None:
    """Say how many pages a build makes before the long work, when they are many (a 2 m board on
    small paper is tens of thousands); beyond PAGES_REFUSED refuse, unless --force."""
    from ..imposition.count import size
    from ..options import pieces_of

    opts = job.opts
    s = size(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.diamonds)
    what = f"{s.pages:,} pages ({s.sheets:,} sheets of {paper.name}, {paper.width:g} x {paper.height:g} mm)"
    if s.pages > PAGES_REFUSED and not args.force:
        most = f"the {s.template} template alone takes {s.template_sheets:,} sheets" + (", a tile each" if s.tiled else "")
        loaded.report.error(paper.loc or Loc(display(args.out)), "SHEET-PAGES",
                            f"{job.name} would print {what}, more than {PAGES_REFUSED:,}: {most}; print on larger "
                            f"paper (--paper), or build it anyway with --force")
        return _Outcome(loaded.report, why=f"it would print {s.pages:,} pages (see above)", code=EXIT_INPUT)
    if s.pages > PAGES_TOLD:
        print(f"{job.name}: {what} to write; Ctrl-C stops the build and keeps the previous output",
              file=sys.stderr, flush=True)
    return None


def _too_much_for_the_shop(job: _Job, loaded, args) -> _Outcome | None:
    """Say the size of a --shop build before the long work when it is large; beyond the budget
    (a PDF's pages, or The Game Crafter's pixels) refuse, unless --force: at the component with
    the most copies, for pages, and at the spec for images."""
    from ..options import edition_of

    if job.opts.shop == "gamecrafter":
        return _too_many_pixels(job, loaded, args, edition_of(loaded, job.opts))
    comps = loaded.spec.components  # counted, not made into pieces: 999 x 999 of them would be a million
    pieces = sum(c.count for c in comps)
    pages = sum(c.count * (1 + (c.back is not None)) for c in comps)
    up_to = "up to " if job.opts.shop == "drivethru" else ""  # a deck's shared back is one page
    what = f"{up_to}{pages:,} pages ({pieces:,} pieces, a page for each side)"
    if pages > SHOP_PAGES_REFUSED and not args.force:
        most = max(comps, key=lambda c: c.count)
        loaded.report.error(most.loc_of("count"), "SHOP-PAGES",
                            f"{job.name} would print {what} for the print shop, more than {SHOP_PAGES_REFUSED:,}: "
                            f"{most.id} alone is {most.count:,} copies; lower the counts, or build it anyway with "
                            f"--force")
        return _Outcome(loaded.report, why=f"it would print {up_to}{pages:,} pages (see above)", code=EXIT_INPUT)
    if pages > SHOP_PAGES_TOLD:
        print(f"{job.name}: {what} to write for the print shop; Ctrl-C stops the build and keeps the previous output",
              file=sys.stderr, flush=True)
    return None


def _too_many_pixels(job: _Job, loaded, args, edition) -> _Outcome | None:
    """--shop gamecrafter: a PNG per face and per back design at 300 dpi, bounded as `pnp export`'s
    images are (its PIXELS_TOLD and PIXELS_REFUSED)."""
    from ..writers.gamecrafter import pixels_of
    from .export import PIXELS_REFUSED, PIXELS_TOLD

    comps = loaded.spec.components
    sizes = [pixels_of(t.width, t.height) for t in (edition.template_for(c.kind) for c in comps)]
    backs = {(c.back, edition.template_for(c.kind).name): size for c, size in zip(comps, sizes) if c.back is not None}
    images = len(sizes) + len(backs)
    pixels = sum(w * h for w, h in sizes) + sum(w * h for w, h in backs.values())
    what = (f"{images:,} PNG images for The Game Crafter, {pixels / 1e6:,.1f} million pixels "
            f"({pixels * 4 / 1e6:,.0f} MB uncompressed)")
    if pixels > PIXELS_REFUSED and not args.force:
        loaded.report.error(loaded.spec.loc, "SHOP-PIXELS",
                            f"{job.name} would render {what}, more than {PIXELS_REFUSED // 1_000_000} million pixels: "
                            f"a face for each of its {len(comps):,} components; build it anyway with --force")
        return _Outcome(loaded.report, why=f"it would render {pixels / 1e6:,.1f} million pixels (see above)",
                        code=EXIT_INPUT)
    if pixels > PIXELS_TOLD:
        print(f"{job.name}: {what} to render; Ctrl-C stops the build and keeps the previous output",
              file=sys.stderr, flush=True)
    return None


def _unbuildable(loaded, args) -> _Outcome | None:
    """Why a game read from its files is not built, if it is not."""
    report = loaded.report
    if report.input_errors or loaded.spec is None or loaded.layout is None:
        return _Outcome(report, why="the files above cannot be read", code=EXIT_INPUT)
    if report.errors and not args.force:
        return _Outcome(report, why="the spec breaks the rules (use --force to build anyway)", code=EXIT_RULES)
    return None


def _check_edition(g: str, layout, edition: str | None) -> None:
    """--edition must name an edition of every game built (a layout that cannot be read is
    reported with the game)."""
    if edition is not None and layout is not None and edition not in layout.editions:
        raise UsageError(f"{g} has no edition '{edition}'; editions: {', '.join(layout.editions)}")


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _failed(g: str, outcome: _Outcome, results: dict, as_json: bool) -> None:
    if as_json:
        results[g] = {"built": False, "why": outcome.why,
                      "diagnostics": [d.as_json() for d in outcome.report.sorted()]}
    else:
        print_report(outcome.report)
        print(f"{g}: not built, {outcome.why}", file=sys.stderr)


def _as_json(outcome: _Outcome) -> dict:
    built, more = outcome.built, outcome.more
    result = {"built": True, "pdf": display(built.pdf), "sheet_map": display(built.sheet_map),
              "pages": built.pages, "cards": built.cards, "text": built.text.as_json(),
              "diagnostics": [d.as_json() for d in outcome.report.sorted()]}
    result["one_sided_pages"] = built.one_sided  # the pages to print single-sided
    if built.cut_files:
        result["cut_files"] = display(built.cut_files)
    if getattr(built, "files", None) is not None:  # a --shop build: a PDF per piece size ("pdf" only when one)
        result["shop_files"] = [{"pdf": display(path), "template": t, "pages": n, "page_mm": size}
                                for path, t, n, size in built.files]
        if len(built.files) != 1:
            del result["pdf"]
        if getattr(built, "images", False):  # --shop gamecrafter: a folder of PNGs, not a PDF
            result["images"] = result.pop("pdf")
            del result["shop_files"]
    if more:
        result["more_per_sheet"] = more.as_json()
    return result


def _print_built(g: str, outcome: _Outcome, backs: str) -> None:
    built, more = outcome.built, outcome.more
    print_report(outcome.report)
    if getattr(built, "files", None) is not None:
        return _print_shop(g, built)
    cuts = f", {display(built.cut_files)}/" if built.cut_files else ""
    print(f"{g}: {built.cards} cards on {built.pages} pages → {display(built.pdf)}, {display(built.sheet_map)}{cuts}")
    from ..writers.sheet_map import one_sided_note
    if note := one_sided_note(g, built.one_sided, backs):  # the pages a duplex print prints single-sided
        print(note)
    for line in _text_report(built.text):
        print("  " + line)
    if more and more.better:
        print(_more_line(g, more))


def _print_shop(g: str, built) -> None:
    """A --shop build: one line, then a line for each file when there is a file per piece size."""
    if getattr(built, "images", False):
        print(f"{g}: {built.cards} cards as {built.pages} PNG images → {display(built.pdf)}/, {display(built.sheet_map)}")
    elif len(built.files) == 1:
        print(f"{g}: {built.cards} cards on {built.pages} pages → {display(built.pdf)}, {display(built.sheet_map)}")
    else:
        print(f"{g}: {built.cards} cards on {built.pages} pages in {len(built.files)} files, one per piece size "
              f"→ {display(built.sheet_map)}")
        for path, template, pages, (w, h) in built.files:
            print(f"  {display(path)}: {template}, {pages} {'page' if pages == 1 else 'pages'} of {w:g} x {h:g} mm")
    for line in _text_report(built.text):
        print("  " + line)


def _more_per_sheet(loaded, opts, presets):
    """Whether a smaller bleed or another paper holds more of the game's most numerous piece."""
    from ..options import pieces_of
    from ..imposition.fitting import fit

    return fit(pieces_of(loaded, opts), opts.sheet, opts.bleed, opts.backs, opts.diamonds, presets)


def _more_line(g: str, f) -> str:
    """'the-jam: 6 cards per letter sheet at 3 mm bleed; 8 with --bleed 1, 8 on --paper a4'"""
    what = "cards" if f.shape == "rect" else f"{f.template} pieces"
    options = ([f"{f.bleed_fit[1]} with --bleed {f.bleed_fit[0]:g}"] if f.bleed_fit else []) + \
        [f"{n} on --paper {paper}" for paper, n in f.paper_fits]
    return f"{g}: {f.per_sheet} {what} per {f.paper} sheet at {f.bleed:g} mm bleed; {', '.join(options)}"


def _text_report(t) -> list[str]:
    """The build's short text report: faces drawn, text shrunk, overflow, missing glyphs."""
    def cards(items: list[dict]) -> int:
        return len({i["card"] for i in items})

    def examples(items: list[dict], show) -> str:
        firsts = ", ".join(show(i) for i in items[:3])
        more = len(items) - 3
        return firsts + (f" and {more} more (--format json lists all)" if more > 0 else "")

    backs = f"{t.backs} {'back' if t.backs == 1 else 'backs'}"  # a card printed twice is one face drawn
    lines = [f"text: {t.faces} different faces and {backs} drawn; shrunk below its box's size on {cards(t.shrunk)} "
             f"{'face' if cards(t.shrunk) == 1 else 'faces'}; "
             f"overflow: {cards(t.overflow) or 'none'}; missing glyphs: {len(t.glyphs) or 'none'}"]
    if t.shrunk:
        lines.append("shrunk: " + examples(t.shrunk, lambda i: f"{i['card']} {i['box'] or 'text'} "
                                                           f"{i['wanted']:g} → {i['size']:g} pt"))
    if t.overflow:
        lines.append("overflow: " + examples(t.overflow, lambda i: f"{i['card']} {i['box'] or 'text'} "
                                                               f"({i['left_mm']:g} mm left over at {i['min']:g} pt)"))
    if t.glyphs:
        lines.append("missing glyphs: " + examples(t.glyphs, lambda i: f"{i['card']} " + "".join(i["chars"])))
    if t.icons:
        lines.append("unknown icons, printed as written: " + examples(t.icons, lambda i: f"{i['card']} " + " ".join(i["icons"])))
    if t.fallback:
        lines.append("set in a shipped font (the font lacks them): "
                     + examples(t.fallback, lambda i: f"{i['card']} {i['font']}: " + "".join(i["chars"])))
    return lines
