"""Lantern Walk (examples/lanterns) grown to a big deck from its CSV, for the benchmarks.

`write(folder, lanterns)` writes `folder/card_specs/lanterns.{yaml,csv}` and
`folder/layouts/lanterns.yaml`: the spec's 8 wishes and `lanterns` lantern cards from the CSV,
every title with a bold run and an icon in it (issue 27's rich text), and deck rules that hold
for that many lanterns. Returns the specs folder. bench/benchmark.py grows it to 500 cards,
bench/preview_latency.py to 1000.
"""
from __future__ import annotations

import csv
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "lanterns"
COLOURS = ("red", "gold", "jade", "violet")


def write(folder: Path, lanterns: int = 492) -> Path:
    specs = folder / "card_specs"
    (folder / "layouts").mkdir(parents=True, exist_ok=True)
    specs.mkdir(parents=True, exist_ok=True)
    (folder / "layouts" / "lanterns.yaml").write_text((EXAMPLE / "layouts" / "lanterns.yaml").read_text())
    spec = (EXAMPLE / "card_specs" / "lanterns.yaml").read_text()
    each = lanterns // 40  # copies of every (colour, value), give or take one
    rules = (f"rules:\n  - {{ code: LANTERNS, count: {{ kind: lantern }}, exactly: {lanterns} }}\n"
             f"  - {{ code: LANTERN-EACH, every: {{ kind: lantern, fields: [colour, value] }}, between: [{each}, {each + 1}] }}\n"
             "  - { code: WISHES, every: { kind: wish, fields: [colour] }, exactly: 2 }\n"
             "  - { code: TITLES, unique: { kind: lantern, field: title } }\n\n")
    spec = spec[:spec.index("rules:")] + rules + spec[spec.index("setup:"):]
    (specs / "lanterns.yaml").write_text(spec)
    with open(specs / "lanterns.csv", "w", newline="", encoding="utf-8") as f:
        rows = csv.writer(f)
        rows.writerow(["id", "colour", "value", "title", "title.zh-TW", "icons"])
        for i in range(lanterns):
            rows.writerow([f"l-{i}", COLOURS[i % 4], i // 4 % 10 + 1,
                           f"**Lantern** {i} :star:", f"**燈**{i} :moon:", "star" if i % 3 == 0 else ""])
    return specs
