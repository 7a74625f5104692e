"""Rich text in the shared setter (pnp/render/rich.py): `**bold**`, `*italic*`, `***both***`,
`\\*`, and `:icon:` in a line, breaking and shrinking with the words; a `:word:` that names no
icon stays text; justified lines fill the box; line spacing spreads the lines. Read back from the
drawing the setter makes, as the PDF backend draws it."""
from __future__ import annotations

import pytest

from pnp.load.boxes import Box
from pnp.render import rich, text
from pnp.geometry.drawing import PT, Color, Drawing, Text, Use

INK = Color(0.1, 0.2, 0.3)


def set_in(box: Box, words: str, anchor: str = "start", **kw) -> tuple[text.Fit, Drawing]:
    d = Drawing(63, 88)
    f = text.fit_lines(box, words, box.text or 10, **kw)
    text.draw_lines(d, f, INK, False, anchor)
    return f, d


def runs(d: Drawing) -> list[tuple[str, bool, bool]]:
    return [(op.text, op.bold, op.italic) for op in d.ops if isinstance(op, Text)]


def test_bold_italic_and_both_are_runs_of_one_line():
    f, d = set_in(Box(5, 10, 120, 20, text=10), "Take **two** cards, *discard* one, ***now***.")
    assert f.lines == ["Take two cards, discard one, now."]
    assert runs(d) == [("Take ", False, False), ("two", True, False), (" cards, ", False, False),
                       ("discard", False, True), (" one, ", False, False), ("now", True, True), (".", False, False)]
    xs = [op.x for op in d.ops if isinstance(op, Text)]
    assert xs == sorted(xs)  # one after the other along the line


def test_an_escaped_or_unpaired_asterisk_is_an_asterisk():
    f, d = set_in(Box(5, 10, 53, 20, text=10), r"5 \* 3 and a lone * here")
    assert f.lines == ["5 * 3 and a lone * here"]
    assert all(not b and not i for _, b, i in runs(d))


def test_an_icon_is_drawn_in_the_line_in_the_texts_colour():
    f, d = set_in(Box(5, 10, 53, 20, text=10), "Pay 3 :coin: to draw")
    uses = [op for op in d.ops if isinstance(op, Use)]
    assert len(uses) == 1 and "coin" in uses[0].key and INK.as_hex() in uses[0].key
    before, after = [op for op in d.ops if isinstance(op, Text)]
    icon_x = uses[0].matrix[4]
    assert before.x < icon_x < after.x  # between the words, where it is written
    assert f.lines == ["Pay 3 :coin: to draw"] and f.unknown == []


def test_a_word_between_colons_that_names_no_icon_stays_text_and_is_reported():
    f, d = set_in(Box(5, 10, 120, 20, text=10), "At 10:30 note: :dragon: wakes")
    assert not [op for op in d.ops if isinstance(op, Use)]
    assert "".join(t for t, _, _ in runs(d)) == "At 10:30 note: :dragon: wakes"
    assert f.unknown == [":dragon:"]
    plain = text.fit_lines(Box(5, 10, 53, 20, text=10), "At 10:30 note: x", 10)
    assert plain.rich is None  # no markup at all: the plain setter, as before


def test_icons_shrink_and_break_with_the_words():
    words = "Spend :coin: :coin: :coin: to buy :star: then pass " * 3
    big = text.fit_lines(Box(5, 10, 53, 60, text=10), words, 10)
    small = text.fit_lines(Box(5, 10, 53, 14, text=10, min_text=5), words, 10)
    assert len(big.rich) > 1 and small.size < big.size
    d = Drawing(63, 88)
    text.draw_lines(d, small, INK, False, "start")
    sides = {round(op.matrix[0], 4) for op in d.ops if isinstance(op, Use)}
    side = sides.pop() * 10  # a symbol is drawn in a 10-unit square, scaled to its side in mm
    assert not sides and side == pytest.approx(small.size * PT * rich.ICON_EM, abs=1e-3)  # at the text's size
    assert all(op.size == small.size for op in d.ops if isinstance(op, Text))


def test_justified_lines_fill_the_box_but_a_paragraphs_last_line():
    box = Box(5, 10, 40, 60, text=9)
    words = "The harbour lights burn all night long while ships come in from the sea and go out again"
    f, d = set_in(box, words, "justify", marked=True)
    assert len(f.rich) >= 3
    ends = {}
    for op in d.ops:
        if isinstance(op, Text):
            from pnp.geometry import fonts
            ends[op.y] = max(ends.get(op.y, 0), op.x + fonts.width(op.text, op.size))
    lines = sorted(ends.items(), reverse=True)  # top line first
    room = box.x + box.w * text.WIDTH_USE
    assert all(abs(end - room) < 0.05 for _, end in lines[:-1])  # every full line reaches the right edge
    assert lines[-1][1] < room - 1  # the last line is set as it is


def test_line_spacing_spreads_the_lines():
    box = Box(5, 10, 30, 60, text=9)
    words = "one two three four five six seven eight nine ten"
    normal = text.fit_lines(box, words, 9, marked=True)
    wide = text.fit_lines(box, words, 9, lead=text.LEAD * 1.5, marked=True)
    assert wide.lead == pytest.approx(normal.lead * 1.5)


def test_italic_chinese_stays_upright_in_the_chinese_face():
    from pnp.geometry import fonts

    got = fonts.runs("Go 前進", italic=True)
    assert got == [("DejaVuSans-Oblique", "Go "), ("DroidSansFallback", "前進")]


def test_a_shipped_games_own_text_helpers_set_markup_too():
    """The shipped games set their text through the same setter: markup in a text they print
    (a label, a name from the spec) is set as runs and icons, not printed as written."""
    from pnp.games.the_jam import text as jam_text

    d = Drawing(63, 88)
    jam_text.wrap(d, Box(5, 10, 53, 20, text=9), "Score **3** :star: now", INK, anchor="start")
    assert [(t, b) for t, b, _ in runs(d)] == [("Score ", False), ("3", True), (" ", False), (" now", False)]
    assert len([op for op in d.ops if isinstance(op, Use)]) == 1
