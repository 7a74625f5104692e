"""`pnp calibrate`: write a two-sided sheet to read the back offset and turn from (pnp/writers/calibration.py
draws it); one printed with a correction goes to a file of its own, OUT/calibrate-PAPER-BACKS-corrected.pdf."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .arguments import paper_of
from .common import EXIT_INPUT, EXIT_OK, print_report
from ..load.paths import display, out_problem


def add_parser(sub, parents: list[argparse.ArgumentParser]) -> None:
    """`pnp calibrate`'s options."""
    from .arguments import folder, layouts_options, sheet_options

    sheet = sheet_options(backs=("duplex-long", "duplex-short"),
                          backs_help="how your printer turns the sheet: duplex-long (default) or duplex-short",
                          offset_help="print the backs corrected by this offset, to check a reading",
                          rotate_help="print the backs corrected by this turn (degrees, counter-clockwise positive "
                                      "seen from the front), to check a reading", diamonds=False)
    cal = sub.add_parser("calibrate", parents=[*parents, layouts_options("sheets.yaml"), sheet],
                         help="print a sheet that measures a duplex printer's back offset",
                         description="Write OUT/calibrate-PAPER-BACKS.pdf: two pages to print on both sides of one "
                                     "sheet. Held up to a light, the red index lines of one side cross the other "
                                     "side's scales at DX and DY, the offset to pass to 'pnp build --back-offset "
                                     "DX,DY' (mm; +DX: the backs print to the right of the fronts, +DY: higher, seen "
                                     "from the front); the difference between the corner scales' readings gives the "
                                     "turn for --back-rotate DEG (the sheet says how). Print it again with that "
                                     "--back-offset and --back-rotate (or --printer NAME) to check: every scale reads "
                                     "0; that sheet is written as OUT/calibrate-PAPER-BACKS-corrected.pdf, so it is "
                                     "not mistaken for the first.")
    cal.add_argument("--out", type=folder, default=Path("output"), metavar="DIR", help="output folder (default: output/)")


def cmd_calibrate(args, specs_dir: Path) -> int:
    from ..games.project import sheets

    import tempfile

    from ..writers.calibration import calibration_pdf, output_path
    from ..writers.outputs import normal_mode

    from .printer import resolve

    resolve(args, "pnp calibrate")  # --printer's profile and the defaults, for what the command line left unset
    presets, sreport = sheets(specs_dir, args.layouts)
    if sreport.items:
        print_report(sreport)
        return EXIT_INPUT
    paper = paper_of(args, presets)
    corrected = bool(any(args.back_offset) or args.back_rotate)  # a file of its own: not mistaken for the first
    target = output_path(args.out, args.paper, args.backs, corrected)  # inside --out: preset names are ids
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=args.out)
        os.close(fd)
        normal_mode(Path(tmp))
        try:
            calibration_pdf(Path(tmp), paper, args.backs, args.back_offset, args.back_rotate,
                            getattr(args, "printer", None))
            os.replace(tmp, target)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError as exc:
        print(f"pnp calibrate: cannot write to {display(args.out)}: {out_problem(args.out, exc)}", file=sys.stderr)
        return EXIT_INPUT
    if corrected:
        print(f"{display(target)}: print both pages on one sheet ({args.backs}) and hold it up to a light, front "
              f"side towards you: printed with --back-offset {args.back_offset[0]:g},{args.back_offset[1]:g} "
              f"--back-rotate {args.back_rotate:g}, every scale should read 0")
    else:
        print(f"{display(target)}: print both pages on one sheet ({args.backs}), hold it up to a light, front side "
              f"towards you, and read DX and DY where the red lines cross the centre scales and the turn DEG from "
              f"the corner scales (the sheet says how); then 'pnp build --back-offset DX,DY --back-rotate DEG', or "
              f"'pnp printer add NAME --back-offset DX,DY --back-rotate DEG'")
    return EXIT_OK
