"""The preview tests' browser: one Chromium for the whole run of a test worker, shared by every
module that drives the page (each test opens pages of its own and closes them), not one launched
per module — a launch is a second or two of CPU, and the suite must stay under three minutes."""
from __future__ import annotations

import pytest

from serve_kit import CHROMIUM


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        pytest.skip("no chromium to drive (apt-get install chromium; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()
