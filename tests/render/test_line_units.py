"""The units a line breaks between (pnp/render/lines.py `units`): a Latin word with what sticks to
it, a hyphen, a newline, a run of spaces, or one other character (a Chinese character each). The
pattern says "what sticks to a word" in a form Python compiles quickly; here it is held to the
plain class it stands for, for every character there is and for mixed texts."""
import re

from hypothesis import given, settings, strategies as st

from pnp.render.lines import units

# the plain statement: anything but a space, a letter, a digit, a hyphen or a CJK character
PLAIN = re.compile(r"[A-Za-z0-9+./≥'’#&]+-?[^\sA-Za-z0-9\u2e80-\uffff-]*|-|\n|[^\S\n]+|.", re.DOTALL)


def test_every_character_sticks_to_a_word_or_stands_alone_as_the_plain_class_says():
    """Every character of the Basic Multilingual Plane, and those beyond it in steps (one class
    range covers them all), after a word and between word characters."""
    checked = 0
    for cp in [*range(0xD800), *range(0xE000, 0x10000), *range(0x10000, 0x110000, 61), 0x10FFFF]:
        c = chr(cp)
        for text in ("ab" + c, "9" + c + c + "x"):
            assert units(text) == PLAIN.findall(text), (hex(cp), text)
        checked += 1
    assert checked > 0x10000 - 0x800


def test_a_text_breaks_into_the_units_a_reader_expects():
    assert units("Take 2 plums, then pass.") == ["Take", " ", "2", " ", "plums,", " ", "then", " ", "pass."]
    assert units("two-way (GEM)") == ["two-", "way", " ", "(", "GEM)"]
    assert units("拿 2 顆梅子。Draw!") == ["拿", " ", "2", " ", "顆", "梅", "子", "。", "Draw!"]
    assert units("a\n\nb") == ["a", "\n", "\n", "b"]


ALPHABET = st.sampled_from(list("aZ09-.,;:!?'’()[]「」，。、 \t\n\u00a0\u2003\u3000") +
                           ["é", "ß", "Ω", "ж", "→", "★", "⺀", "梅", "ｶ", "\uffff", "😀", "𝔸", "\u2e7f", "\u1680"])


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_mixed_texts_break_as_the_plain_class_breaks_them(text):
    assert units(text) == PLAIN.findall(text)
