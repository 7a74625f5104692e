import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while `python -m pnp` starts: told as in `main`, not as a traceback
    print("pnp: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
