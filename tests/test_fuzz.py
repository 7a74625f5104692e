"""Property-based tests: mutated shipped specs and layouts (a key or item deleted, duplicated,
retyped, reordered; numbers and strings changed; unicode inserted; lines of the text cut, copied,
swapped; numbers of thousands of digits) always end in exit 0, 1 or 2 in bounded work (counted in function
calls, not timed: tests/work.py), never an exception; and a build that fails
leaves the previous build's files byte for byte as they were.

Bounded for the suite: a fixed number of examples per game, derandomized (the same examples each
run, no example database), so the file runs in well under a minute."""
from __future__ import annotations

import contextlib
import copy
import io
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.cli import main
from pnp.games import GAMES
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.games.project import load_for_build

GAMES_SHIPPED = list(GAMES)
FUZZ = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
CALLS = 10_000_000  # the most one command may make: 25 times the most a mutated file takes (~400,000)

UNICODE = ["é", "ß", "\u00a0", "\u200b", "\u202e", "李", "🂡", "\ufeff", "\U0010ffff", "\u0301", "ﬁ", "\t", "\\", "'", '"']
VALUES = [None, True, 0, -1, 1, 7, 10**6, 1.5, float("inf"), "", " ", "0", "0mm", "-5mm", "1e9mm", "nan",
          "ﬁve", "x" * 300, [], [1, "a"], {}, {"id": "x"}, "${id}", "63mm", "2000in"]


def paths(tree, prefix=()):
    """Every position in a YAML tree, as a tuple of keys and indexes."""
    yield prefix
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from paths(v, prefix + (i,))


def get(tree, path):
    for step in path:
        tree = tree[step]
    return tree


def mutate_value(draw, v):
    op = draw(st.sampled_from(["retype", "number", "string", "unicode", "reorder", "duplicate"]))
    if op == "number" and isinstance(v, (int, float)) and not isinstance(v, bool):
        return draw(st.sampled_from([v + 1, v - 1, -v, v * 1000, 0, v + 0.5, 10**30]))
    if op in ("string", "unicode") and isinstance(v, str) and v:
        i = draw(st.integers(0, len(v)))
        if op == "unicode":
            return v[:i] + draw(st.sampled_from(UNICODE)) + v[i:]
        return draw(st.sampled_from([v[:i], v + v, v.upper(), v.replace("mm", "in"), v.replace("mm", ""), v + " "]))
    if op == "reorder" and isinstance(v, (list, dict)) and len(v) > 1:
        items = list(v.items()) if isinstance(v, dict) else list(v)
        order = draw(st.permutations(range(len(items))))
        items = [items[i] for i in order]
        return dict(items) if isinstance(v, dict) else items
    if op == "duplicate" and isinstance(v, list) and v:
        i = draw(st.integers(0, len(v) - 1))
        return v[:i + 1] + [copy.deepcopy(v[i])] + v[i + 1:]
    return draw(st.sampled_from(VALUES))


@st.composite
def mutated_tree(draw, tree):
    """The tree with 1 to 4 values deleted, duplicated, retyped, reordered or changed."""
    tree = copy.deepcopy(tree)
    for _ in range(draw(st.integers(1, 4))):
        where = list(paths(tree))
        path = draw(st.sampled_from(where[1:] or where))
        if not path:
            continue
        parent, last = get(tree, path[:-1]), path[-1]
        if draw(st.integers(0, 4)) == 0:  # delete
            del parent[last]
            continue
        if isinstance(parent, dict) and draw(st.integers(0, 5)) == 0:  # a new key, a copy of a value
            parent[draw(st.sampled_from(["x", "id", "count", "é", "extends", "text", "kind"]))] = copy.deepcopy(parent[last])
            continue
        parent[last] = mutate_value(draw, parent[last])
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False)


@st.composite
def mutated_text(draw, text):
    """The YAML text with 1 to 3 lines deleted, copied, swapped, or unicode inserted in them."""
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 3))):
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "copy", "swap", "unicode", "indent", "digits"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "copy":
            lines.insert(j, lines[i])
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "digits":  # a number of thousands of digits: int() refuses it
            lines[i] = re.sub(r"\b\d+\b", "7" * 5000, lines[i], count=1) if re.search(r"\d", lines[i]) \
                else lines[i] + " 0x" + "f" * 5000
        elif op == "indent":
            lines[i] = "  " + lines[i]
        else:
            k = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:k] + draw(st.sampled_from(UNICODE)) + lines[i][k:]
    return "\n".join(lines)


def mutated(source: Path):
    text = source.read_text(encoding="utf-8")
    return st.one_of(mutated_tree(yaml.safe_load(text)), mutated_text(text))


def run(*args) -> tuple[int, str, str]:
    from work import counted

    out, err = io.StringIO(), io.StringIO()
    with counted() as calls, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    assert calls.n < CALLS, f"pnp {' '.join(map(str, args))} took too long: {calls}"
    assert code in (0, 1, 2), (code, out.getvalue(), err.getvalue())
    return code, out.getvalue(), err.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES_SHIPPED)
def test_validate_mutated_specs(game):
    @FUZZ
    @given(text=mutated(SPECS_DIR / f"{game}.yaml"))
    def check(text):
        with tempfile.TemporaryDirectory() as tmp:
            specs = Path(tmp) / "card_specs"
            specs.mkdir()
            (specs / f"{game}.yaml").write_text(text, encoding="utf-8")
            code, out, _ = run("validate", game, "--specs", specs)
            if code:
                assert ": error[" in out and f"{game}.yaml:" in out

    check()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES_SHIPPED)
def test_load_mutated_layouts(game):
    @FUZZ
    @given(text=mutated(LAYOUTS_DIR / f"{game}.yaml"))
    def check(text):
        with tempfile.TemporaryDirectory() as tmp:
            layouts = Path(tmp) / "layouts"
            layouts.mkdir()
            (layouts / f"{game}.yaml").write_text(text, encoding="utf-8")
            from work import counted

            with counted() as calls:
                loaded = load_for_build(game, SPECS_DIR, layouts)
            assert calls.n < CALLS, calls
            if loaded.layout is None:
                assert any(d.loc.file.endswith(f"{game}.yaml") for d in loaded.report.errors)

    check()


def test_load_mutated_sheet_presets():
    @FUZZ
    @given(text=mutated(LAYOUTS_DIR / "sheets.yaml"))
    def check(text):
        with tempfile.TemporaryDirectory() as tmp:
            layouts = Path(tmp) / "layouts"
            shutil.copytree(LAYOUTS_DIR, layouts)
            (layouts / "sheets.yaml").write_text(text, encoding="utf-8")
            run("calibrate", "--layouts", layouts, "--out", Path(tmp) / "out")

    check()


@pytest.fixture(scope="module")
def good_build(tmp_path_factory):
    """A good build of GEM and The Jam: the previous outputs a failed build must leave alone."""
    out = tmp_path_factory.mktemp("good")
    for game in ("gem", "the-jam"):
        assert main(["build", game, "--specs", str(SPECS_DIR), "--layouts", str(LAYOUTS_DIR), "--out", str(out)]) == 0
    return out


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@pytest.mark.parametrize("game, what", [("gem", "spec"), ("the-jam", "spec"), ("gem", "layout")])
def test_a_failed_build_of_a_mutated_file_keeps_the_previous_outputs(game, what, good_build):
    source = (SPECS_DIR if what == "spec" else LAYOUTS_DIR) / f"{game}.yaml"

    @settings(FUZZ, max_examples=8)
    @given(text=mutated(source))
    def check(text):
        with tempfile.TemporaryDirectory() as tmp:
            specs, layouts, out = Path(tmp) / "card_specs", Path(tmp) / "layouts", Path(tmp) / "out"
            shutil.copytree(SPECS_DIR, specs)
            shutil.copytree(LAYOUTS_DIR, layouts)
            shutil.copytree(good_build, out)
            ((specs if what == "spec" else layouts) / f"{game}.yaml").write_text(text, encoding="utf-8")
            before = snapshot(out)
            code, _, err = run("build", game, "--force", "--specs", specs, "--layouts", layouts, "--out", out)
            after = snapshot(out)
            if code:
                assert {k: after.get(k) for k in before} == before, err
                assert not [n for n in after if n.endswith(".tmp")]
            else:
                assert after[f"{game}.pdf"].startswith(b"%PDF")

    check()
