"""Option values the commands share, checked as argparse reads them (a bad value is exit 2 with
the option named): lengths in millimetres and a DX,DY offset."""
from __future__ import annotations

import argparse
import math


def mm(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of millimetres") from None
    if not 0 <= v <= 10:
        raise argparse.ArgumentTypeError(f"{text} mm is out of range, expected 0 to 10")
    return v


def offset(text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        dx, dy = (float(x) for x in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not DX,DY in millimetres, e.g. 0.5,-1") from None
    if not (math.isfinite(dx) and math.isfinite(dy)):
        raise argparse.ArgumentTypeError(f"'{text}' is not DX,DY in millimetres, e.g. 0.5,-1 (numbers, not nan or inf)")
    if abs(dx) > 20 or abs(dy) > 20:
        raise argparse.ArgumentTypeError(f"offset {text} mm is out of range, expected at most 20 mm each way")
    return dx, dy
