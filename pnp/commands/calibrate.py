"""`pnp calibrate`: write a two-sided sheet to read the back offset from (pnp/writers/calibration.py draws it)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .common import EXIT_INPUT, EXIT_OK, UsageError, print_report
from ..load.paths import display, out_problem
from ..load.project import sheets


def cmd_calibrate(args, specs_dir: Path) -> int:
    import tempfile

    from ..writers.calibration import calibration_pdf, output_path
    from ..writers.outputs import normal_mode

    presets, sreport = sheets(specs_dir, args.layouts)
    if sreport.items:
        print_report(sreport)
        return EXIT_INPUT
    if args.paper not in presets:
        raise UsageError(f"paper '{args.paper}' is not a preset; presets: {', '.join(presets)}")
    target = output_path(args.out, args.paper, args.backs)  # inside --out: preset names are ids
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=args.out)
        os.close(fd)
        normal_mode(Path(tmp))
        try:
            calibration_pdf(Path(tmp), presets[args.paper], args.backs, args.back_offset)
            os.replace(tmp, target)
        finally:
            Path(tmp).unlink(missing_ok=True)
    except OSError as exc:
        print(f"pnp calibrate: cannot write to {display(args.out)}: {out_problem(args.out, exc)}", file=sys.stderr)
        return EXIT_INPUT
    print(f"{display(target)}: print both pages on one sheet ({args.backs}), hold it up to a light, front side "
          f"towards you, and read DX and DY where the red lines cross the scales; then "
          f"'pnp build --back-offset DX,DY'")
    return EXIT_OK
