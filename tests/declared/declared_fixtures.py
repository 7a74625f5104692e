"""Fixtures for the declared-game tests (imported by each test module: a conftest.py here would
shadow the suite's own `conftest` module): a fresh copy of the Lantern Walk example to break, and
the example built once per session (in English and in Chinese) for the PDF tests to read."""
from __future__ import annotations

import contextlib
import io
import json
import shutil

import pytest

from declared_kit import EXAMPLE, Game
from pnp.cli import main


@pytest.fixture
def game(tmp_path) -> Game:
    """examples/lanterns copied into tmp_path (card_specs/, layouts/) — the folder the `cli`
    fixture runs in, so diagnostics read card_specs/lanterns.csv:ROW:COL."""
    for part in ("card_specs", "layouts"):
        shutil.copytree(EXAMPLE / part, tmp_path / part)
    return Game(tmp_path)


@pytest.fixture(scope="session")
def lanterns_built(tmp_path_factory):
    """The example built once per language; returns lang -> (pdf path, sheet map)."""
    out = tmp_path_factory.mktemp("lanterns")
    cache: dict[str, tuple] = {}

    def get(lang: str = "en"):
        if lang not in cache:
            target = out / lang
            said = io.StringIO()  # not into the output of the test that first asks for it
            with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
                code = main(["build", "lanterns", "--specs", str(EXAMPLE / "card_specs"), "--out", str(target),
                             "--lang", lang])
            assert code == 0, f"pnp build lanterns --lang {lang} exited {code}: {said.getvalue()}"
            cache[lang] = (target / "lanterns.pdf", json.loads((target / "lanterns.json").read_text()))
        return cache[lang]

    return get


@pytest.fixture(scope="session")
def lanterns_pdf(lanterns_built):
    """lang -> the opened pdfplumber document of the session's build (closed at the end)."""
    import pdfplumber

    opened: dict[str, object] = {}

    def get(lang: str = "en"):
        if lang not in opened:
            opened[lang] = pdfplumber.open(lanterns_built(lang)[0])
        return opened[lang]

    yield get
    for doc in opened.values():
        doc.close()
