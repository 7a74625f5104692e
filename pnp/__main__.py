"""`python -m pnp` and the installed `pnp` command (its console script calls `run`): Ctrl-C while
pnp's command line is still being imported is told as `main` tells it, not as a traceback.
This module imports nothing of pnp's at its top, so the interrupt cannot land before the try."""
import sys


def run() -> int:
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("pnp: interrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
