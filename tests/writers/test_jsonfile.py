"""JSON files written for people and tools (pnp/writers/jsonfile.py): the same data as json.loads reads
back, one line per piece in a sheet map, and no NaN (which is not JSON)."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings, strategies as st

from pnp.writers import jsonfile

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=200, deadline=None)
@given(values, st.integers(0, 5))
def test_what_is_written_reads_back_the_same(data, depth):
    text = jsonfile.dumps(data, depth)
    assert json.loads(text) == data and text.endswith("\n")


def test_a_sheet_map_has_one_line_per_piece(shipped_build):
    built = shipped_build("gem")
    text = built.pdf.with_suffix(".json").read_text(encoding="utf-8")
    data = built.map
    lines = [ln for ln in text.splitlines() if '"id": "coin-1a"' in ln]
    assert len(lines) == sum(1 for p in data["pages"] for q in p["pieces"] if q["id"] == "coin-1a")
    one = json.loads(lines[0].strip().rstrip(","))
    assert one["id"] == "coin-1a" and len(one["outline_mm"]) == 4
    assert '"paper": {"name": "a4"' in text or '"paper": {"name": "letter"' in text


def test_nan_is_refused_not_written():
    with pytest.raises(ValueError):
        jsonfile.dumps({"x": [math.nan]})
