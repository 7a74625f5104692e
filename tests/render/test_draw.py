"""The drawing stage and its PDF backend, fed small drawings directly."""
import io

import pytest
from hypothesis import given, settings, strategies as st

import pdfplumber
from PIL import Image as PILImage

from pnp.geometry import fonts
from pnp.geometry.drawing import BLACK, Color, Drawing, Path, multiply, rotate, translate
from pnp.render.pdf import PdfBackend

MM = 72 / 25.4


def render(d: Drawing, matrix=(1, 0, 0, 1, 10, 10), page=(100, 100)):
    buf = io.BytesIO()
    pdf = PdfBackend(buf)
    pdf.begin_page(*page, trim=(10, 10, 10 + d.width, 10 + d.height))
    pdf.place(d, matrix)
    pdf.end_page()
    pdf.save()
    buf.seek(0)
    return pdfplumber.open(buf)


def test_text_transforms_and_fallback_fonts_reach_the_page(tmp_path):
    d = Drawing(40, 60)
    d.rect(0, 0, 40, 60, fill=Color.hex("#336699"), stroke=BLACK, width=0.3)
    d.text(20, 30, "Ruby 紅寶石", 10, anchor="middle")
    g = d.group(multiply(rotate(180), translate(40, 60)))
    g.text(20, 30, "LOAN", 10, bold=True)
    png = tmp_path / "dot.png"
    PILImage.new("RGB", (4, 4), (200, 30, 30)).save(png)
    d.image(2, 2, 5, 5, str(png))
    with render(d) as pdf:
        page = pdf.pages[0]
        text = "".join(c["text"] for c in page.chars)
        assert "Ruby" in text and "紅寶石" in text and "LOAN" in text
        fonts_used = {c["fontname"].split("+")[-1] for c in page.chars}
        assert fonts_used == {"DejaVuSans", "DroidSansFallback", "DejaVuSans-Bold"}
        loan = [c for c in page.chars if c["text"] in "LOAN"]
        assert all(round(c["matrix"][0]) < 0 for c in loan)  # turned 180 degrees
        ruby = [c for c in page.chars if c["text"] == "R"][0]
        # centred at x = 10 + 20 mm: the run starts half its measured width to the left
        width = fonts.width("Ruby 紅寶石", 10)
        assert ruby["x0"] / MM == pytest.approx(30 - width / 2, abs=0.05)
        assert len(page.images) == 1


def test_clip_limits_what_a_group_draws():
    d = Drawing(20, 20)
    g = d.group(clip=Path.rect(0, 0, 10, 10))
    g.rect(0, 0, 20, 20, fill=BLACK)
    with render(d) as pdf:
        im = pdf.pages[0].to_image(resolution=72 * 2).original.convert("L")
    scale = 2 * MM
    inside = im.getpixel((int((10 + 5) * scale), int((100 - 10 - 5) * scale)))
    outside = im.getpixel((int((10 + 15) * scale), int((100 - 10 - 15) * scale)))
    assert inside < 50 and outside > 200


def test_text_fit_shrinks_long_text_to_the_box():
    assert fonts.fit("GEM", 20, 100) == 20
    small = fonts.fit("A very long card name indeed", 20, 30)
    assert small < 20 and fonts.width("A very long card name indeed", small) <= 30.01


def test_italic_text_broken_by_a_line_is_measured_in_a_fresh_process():
    """The oblique face is registered when italic text first asks for it, whatever characters the
    text holds (a text of ASCII and a line break once reached the face before it was registered)."""
    import subprocess
    import sys

    code = "from pnp.geometry import fonts; print(fonts.width('a\\nb', 10, italic=True) > 0, fonts.runs('a\\nb', italic=True))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split(None, 1) == ["True", "[('DejaVuSans-Oblique', 'a\\nb')]\n"]


def test_missing_glyphs_are_found():
    assert fonts.missing("Ruby 紅寶石") == []
    assert fonts.missing("a\ue000b\ue000") == ["\ue000"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x2FF), max_size=12))
def test_the_quick_pdfdoc_encoding_gives_reportlabs_bytes(text):
    """pnp/render/pdf.py takes a short cut through reportlab's object encoder: same bytes, same errors."""
    from pnp.render import pdf

    def result(enc):
        try:
            return enc(text)
        except UnicodeError as exc:
            return type(exc)
    assert result(pdf._pdfdoc_enc) == result(pdf._rl_pdfdoc_enc)


def test_identical_paths_are_formatted_once_and_written_alike(tmp_path):
    backend = PdfBackend(str(tmp_path / "x.pdf"))
    backend.begin_page(100, 100)
    a, b = Drawing(50, 50), Drawing(50, 50)
    for d in (a, b):
        d.rect(1, 2, 30, 20, r=3, fill=Color(0.2, 0.4, 0.6), stroke=BLACK, width=0.3)
    backend.place(a, translate(0, 0))
    backend.place(b, translate(40, 40))
    backend.end_page()
    backend.save()
    assert len(backend.fill_codes) == 1
    with pdfplumber.open(tmp_path / "x.pdf") as pdf:
        rects = pdf.pages[0].curves + pdf.pages[0].rects
        assert len(rects) == 2



_coordinate = st.one_of(st.floats(-2000, 2000, allow_nan=False), st.integers(-2000, 2000),
                        st.sampled_from([0.0, -0.0, 1, 1.0, True, 1e-8, -1e-8, 0.5, 1 / 3, 1e6 + 0.25]))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("MLCZ"), st.lists(_coordinate, min_size=6, max_size=6)), min_size=1,
                max_size=12))
def test_a_path_is_written_with_the_numbers_reportlab_writes(cmds):
    """Each number of a path is written once per value and then looked up (pnp/render/pdf.py):
    the text is still what reportlab's number writer (fp_str) makes of it, whatever came before it
    (an int and a float of the same value, 0 and -0, numbers too small to show)."""
    from reportlab.lib.rl_accel import fp_str

    from pnp.render.pdf import path_code

    path = Path()
    path.cmds = [(op,) if op == "Z" else (op, *xs[:{"M": 2, "L": 2, "C": 6}[op]]) for op, xs in cmds]
    expected = " ".join("h" if cmd[0] == "Z" else f"{fp_str(cmd[1:])} {cmd[0].lower()}" for cmd in path.cmds)
    assert path_code(path) == expected
    assert expected.count(" ") + 1 == sum(len(c) for c in path.cmds)  # every number and every operator
