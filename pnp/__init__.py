"""pnp: YAML card specs → print-ready PDF sheets, checked against each game's rules."""
__version__ = "0.1.0"
