"""`pnp calibrate`: write a two-sided sheet to read the back offset and turn from (pnp/writers/calibration.py
draws it); one printed with a correction goes to a file of its own, OUT/calibrate-PAPER-BACKS-corrected.pdf."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, UsageError, print_report
from ..load.paths import display, out_problem
from ..games.project import sheets


def cmd_calibrate(args, specs_dir: Path) -> int:
    import tempfile

    from ..writers.calibration import calibration_pdf, output_path
    from ..writers.outputs import normal_mode

    from .printer import resolve

    resolve(args, "pnp calibrate")  # --printer's profile and the defaults, for what the command line left unset
    presets, sreport = sheets(specs_dir, args.layouts)
    if sreport.items:
        print_report(sreport)
        return EXIT_INPUT
    if args.paper not in presets:
        raise UsageError(f"paper '{args.paper}' is not a preset; presets: {', '.join(presets)}")
    corrected = bool(any(args.back_offset) or args.back_rotate)  # a file of its own: not mistaken for the first
    target = output_path(args.out, args.paper, args.backs, corrected)  # inside --out: preset names are ids
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=args.out)
        os.close(fd)
        normal_mode(Path(tmp))
        try:
            calibration_pdf(Path(tmp), presets[args.paper], args.backs, args.back_offset, args.back_rotate,
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
