"""The command line: one module per `pnp` command, and what the commands share (exit codes,
reports, argument types, running several builds at once, progress on a terminal). Only these
modules and pnp/cli.py print or exit."""
