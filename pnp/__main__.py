"""`python -m pnp` and the installed `pnp` command (its console script calls `run`): Ctrl-C while
pnp's command line is still being imported is told as `main` tells it, not as a traceback.
This module imports nothing of pnp's at its top, so the interrupt cannot land before the try.

When the command is done the process ends: everything it made goes with it, so the interpreter's
last cycle collection need not trace it all (`gc.freeze`; 15-20 ms of a four-game build's exit).
Only here, in a process of its own: `main` is also called in a process that goes on (the tests)."""
import gc
import sys


def run() -> int:
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("pnp: interrupted", file=sys.stderr)
        return 130
    try:
        return main()
    finally:
        gc.freeze()


if __name__ == "__main__":
    sys.exit(run())
