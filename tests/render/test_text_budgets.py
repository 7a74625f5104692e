"""Setting a long text costs work in proportion to its length, not its square: the sizes tried
are halved between one that fits and one that does not (not tried one 0.25 pt step at a time),
and a line's width is kept as units are added (not measured again for each one). A 2,000-character
text asked at 200 pt on the 40 lantern cards took 34 s to build; a 32,767-character cell set on
one line took minutes. Work is counted in calls (tests/work.py), never timed."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from pnp.load.boxes import Box
from pnp.render import text as setter
from pnp.render.lines import STEP, first_fitting
from work import counted

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "declared"))
from declared_kit import LAYOUT, codes, no_traceback  # noqa: E402
from declared_fixtures import game  # noqa: E402,F401  (fixture)

RULE = Box(6, 6, 51, 14, text=9, min_text=7)  # the lantern wish's rule box


def words(n: int) -> str:
    """n characters of words of 2 to 8 letters."""
    rng = random.Random(1)
    out = " ".join("".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 8))) for _ in range(n // 3))
    return out[:n]


def cost(fn) -> tuple[int, object]:
    fn()  # caches warm, as on every card after the first
    with counted() as calls:
        got = fn()
    return calls.n, got


def test_the_sizes_tried_are_halved_and_the_result_is_the_first_step_that_fits():
    tried = []

    def attempt(size):
        tried.append(size)
        return size <= 31.3, size

    assert first_fitting(200.0, 6.0, attempt) == 31.25  # the largest size of the steps (200 - k * 0.25) that fits
    assert len(tried) <= 12, tried  # not 676 steps
    tried.clear()
    assert first_fitting(200.0, 6.0, lambda s: (tried.append(s) or False, s)) == 6.0  # none fits: the smallest
    assert len(tried) == 2
    assert first_fitting(9.0, 7.0, lambda s: (True, s)) == 9.0
    assert (200.0 - 6.0) / STEP > 700


def test_a_long_text_asked_at_200_pt_is_set_in_work_in_proportion_to_its_length():
    n, f = cost(lambda: setter.fit_lines(RULE, words(2000), 200.0))
    assert f.size == 7.0 and f.overflows  # it does not fit: set at the smallest size, the rest cut and told
    assert n < 200_000, n  # was 10,300,000 calls: every 0.25 pt step from 200 to 7 tried


def test_marked_up_text_is_set_in_work_in_proportion_to_its_length():
    n, f = cost(lambda: setter.fit_lines(RULE, "**" + words(1996) + "**", 200.0))
    assert f.size == 7.0 and f.rich is not None
    assert n < 600_000, n  # was 41,900,000 calls


def test_one_long_line_of_marked_up_text_is_measured_once_per_unit():
    n, f = cost(lambda: setter.fit_line(RULE, "**" + words(8000) + "**", 200.0))
    assert len(f.lines) == 1 and f.overflows
    assert n < 400_000, n  # was 11,000,000 calls: the whole line measured again for each word


@pytest.mark.parametrize("text", ["x" * 5000, "燈籠夜遊紅色夜晚" * 600, words(5000)])
def test_breaking_a_long_line_keeps_the_lines_and_widths_the_setter_promised(text):
    for rich in (False, True):
        written = f"**{text}**" if rich else text
        f = setter.fit_lines(Box(0, 0, 300, 300, text=6, min_text=6), written, 6.0)
        room = 300 * setter.WIDTH_USE
        assert len(f.lines) > 1
        widest = max(setter.fonts.width(line, 6.0, rich) for line in f.lines)
        assert widest <= room + 1e-6
        assert "".join(f.lines).replace(" ", "") == text.replace(" ", "")


def test_a_build_with_a_long_text_at_200_pt_on_every_card_is_bounded_and_reports_the_overflow(cli, game):
    text = words(2000)
    game.edit(LAYOUT, '    - { rect: all, fill: "{colour.light}" }\n',
              f'    - {{ rect: all, fill: "{{colour.light}}" }}\n    - {{ text: "{text}", box: rule, size: 200pt }}\n')
    with counted() as calls:
        r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    no_traceback(r)
    assert r.code == 0, r.out + r.err
    assert codes(r).count("TEXT-OVERFLOW") == 40, r.out + r.err
    assert calls.n < 15_000_000, calls  # was ~420,000,000: 40 cards of 10 million


def test_the_characters_no_font_has_are_found_looking_at_each_character_once():
    """A cell of 32,767 characters, thousands of them different and in no font: each is named
    once, in the order of its first appearance, and each different character is looked up once
    (it was every character, against every one found so far: quadratic in what is missing)."""
    from pnp.geometry import fonts

    lacking = [chr(0xE000 + i) for i in range(3000)]  # private-use characters: no font has them
    text = ("ab燈\t" + "".join(lacking)) * 8 + "a" * 8000
    fonts.missing("燈\ue000\ue001")  # the fallback faces read (once a process), before counting
    with counted() as calls:
        found = fonts.missing(text)
    assert found == ["\t", *lacking]
    assert calls.n < 6 * len(set(text)), calls  # a few calls per different character
