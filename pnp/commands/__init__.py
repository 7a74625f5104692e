"""The command line: one module per `pnp` command, and what the commands share (exit codes,
reports, argument types, running several builds at once, progress on a terminal, and `importing`
below). Only these modules and pnp/cli.py print or exit."""
from __future__ import annotations

import contextlib
import gc


@contextlib.contextmanager
def importing():
    """No cycle collection while a command's modules are imported (the command line, the command,
    and what a build's workers share: commands/build.py): what an import makes (functions, classes,
    constants) lives as long as the process, so a collection would scan tens of thousands of
    objects and free none (5-9 ms of a cold build's start). They are then set apart
    (`gc.freeze`), so no later collection of the command, nor of a worker forked from it, scans them
    either; pnp/cli.py's `main` hands them back to the collector when the command is done, for a
    process that goes on (the tests call `main` thousands of times: garbage set apart with them
    would never be freed)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()
