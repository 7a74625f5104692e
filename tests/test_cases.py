"""Golden diagnostics: every spec in tests/cases/ is a test (the rst2pdf way).

A case `<game>--<name>.yaml` is copied to card_specs/<game>.yaml and checked with
`pnp validate <game>`; its side files hold what a user must see: `.expected` (the output, word
for word) and `.retcode` (the exit status). Regenerate them after an intended change with
`PNP_REGEN=1 python3 -m pytest tests/test_cases.py`, then read the diff before committing.
"""
import os
import shutil
from pathlib import Path

import pytest

CASES = Path(__file__).parent / "cases"
REGEN = os.environ.get("PNP_REGEN") == "1"


@pytest.mark.parametrize("case", sorted(CASES.glob("*.yaml")), ids=lambda p: p.stem)
def test_case(case, cli, tmp_path):
    game = case.stem.split("--")[0]
    specs = tmp_path / "card_specs"
    specs.mkdir()
    shutil.copyfile(case, specs / f"{game}.yaml")
    r = cli("validate", game, "--specs", specs)
    expected, retcode = case.with_suffix(".expected"), case.with_suffix(".retcode")
    if REGEN:
        expected.write_text(r.out, encoding="utf-8")
        retcode.write_text(f"{r.code}\n", encoding="utf-8")
    assert r.err == ""
    assert r.out == expected.read_text(encoding="utf-8")
    assert r.code == int(retcode.read_text())
