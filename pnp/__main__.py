"""`python -m pnp` and the installed `pnp` command (its console script calls `run`): Ctrl-C while
pnp's command line is still being imported is told as `main` tells it, not as a traceback.
This module imports nothing of pnp's at its top, so the interrupt cannot land before the try.

When the command is done the process ends: everything it made goes with it. So the interpreter's
last cycle collection need not trace it all (`gc.freeze`; 15-20 ms of a four-game build's exit),
and the interpreter need not take down each module and free each object one by one (another
5-15 ms): `run` ends the process as Python's exit would — the `atexit` functions run, standard
output and error flushed (a failed flush is exit 120, as Python's) — without that teardown. A
command that leaves a thread running (none does) gets Python's own exit, which waits for it.
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
        code = main()
    finally:
        gc.freeze()
    _end(code)
    return code  # a thread still runs: Python's exit waits for it


def _end(code: int) -> None:
    """End the process with `code` as Python's exit would, less the teardown (see above); return
    (and leave it to Python) when a thread other than this one is still running."""
    import os

    threading = sys.modules.get("threading")
    if threading is not None and any(t.is_alive() and not t.daemon for t in threading.enumerate()
                                     if t is not threading.main_thread()):
        return
    import atexit

    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            code = 120
    os._exit(code)


if __name__ == "__main__":
    sys.exit(run())
