"""An image element turned, mirrored, cut and see-through (`rotate`, `flip`, `crop`, `opacity`),
looked at as a person would: the Lantern Walk example built with a two-colour picture (left half
red, right half blue; a PNG, and the same as SVG) in boxes of the lantern face, the printed sheet
rendered by pypdfium2 and the colours read at the box's left, right, top and bottom. Every bad
value is a located error at its value, never a traceback."""
from __future__ import annotations

import json

import pypdfium2 as pdfium
import pytest

from declared_kit import LAYOUT, SPEC, codes, has, no_traceback
from declared_fixtures import game  # noqa: F401  (fixture)

RED, BLUE, WHITE = (255, 0, 0), (0, 0, 255), (255, 255, 255)
PINK, PALE_BLUE = (255, 128, 128), (128, 128, 255)  # red, blue at half opacity over white
DPI = 150
BOX = 18.0  # mm: the square boxes p1..p9 the pictures are drawn in
BOXES = {f"p{3 * row + col + 1}": (3.0 + 19.5 * col, 3.0 + 27.0 * row) for row in range(3) for col in range(3)}
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
       '<rect x="0" y="0" width="20" height="20" fill="#ff0000"{own}/>'
       '<rect x="20" y="0" width="20" height="20" fill="#0000ff"/></svg>')
# where a person looks in a box, in mm from its bottom-left corner
SPOTS = {"left": (4.5, 9.0), "right": (13.5, 9.0), "top": (9.0, 13.5), "bottom": (9.0, 4.5), "centre": (9.0, 9.0)}


def halves(game) -> None:
    """card_specs/art/halves.png (40 x 20 px) and halves.svg: left half red, right half blue;
    half-red.svg: the same, its red drawn at the SVG's own fill-opacity 0.5; tops.png (20 x 20 px)
    and tops.svg: top half red, bottom half blue."""
    from PIL import Image

    art = game.root / "card_specs" / "art"
    art.mkdir(exist_ok=True)
    im = Image.new("RGB", (40, 20), RED)
    im.paste(BLUE, (20, 0, 40, 20))
    im.save(art / "halves.png")
    (art / "halves.svg").write_text(SVG.format(own=""))
    (art / "half-red.svg").write_text(SVG.format(own=' fill-opacity="0.5"'))
    im = Image.new("RGB", (20, 20), RED)  # tops.png and tops.svg: top half red, bottom half blue
    im.paste(BLUE, (0, 10, 20, 20))
    im.save(art / "tops.png")
    # overlap.svg: looks like halves.svg, but its red half is drawn over a blue rectangle as wide as it
    (art / "overlap.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" '
                                     'viewBox="0 0 40 20"><rect width="40" height="20" fill="#0000ff"/>'
                                     '<rect width="20" height="20" fill="#ff0000"/></svg>')
    (art / "tops.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">'
                                  '<rect width="20" height="10" fill="#ff0000"/>'
                                  '<rect y="10" width="20" height="10" fill="#0000ff"/></svg>')


def with_elements(game, lines: list[str]) -> dict[str, int]:
    """Boxes p1..p9 added to the template; `lines` (elements, each `{ ... }`) drawn last on the
    lantern face, each over a white square of its box. Returns each line's layout line number."""
    boxes = "".join(f"      {n}: {{ x: {x}mm, y: {y}mm, width: {BOX}mm, height: {BOX}mm }}\n"
                    for n, (x, y) in BOXES.items())
    game.edit(LAYOUT, "    boxes:\n", "    boxes:\n" + boxes)
    added = ""
    for el in lines:
        box = el.split("box: ")[1].split(",")[0].split(" ")[0].rstrip("}")
        added += f'    - {{ rect: {box}, fill: "#ffffff" }}\n    - {el}\n'
    game.edit(LAYOUT, "\n  wish:\n", "\n" + added + "  wish:\n")  # the end of the lantern face
    return {el: game.line_of(LAYOUT, el) for el in lines}


def built(cli, game, *extra) -> None:
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out", *extra)
    no_traceback(r)
    assert r.code == 0, r.out + r.err


class Card:
    """A card of the built sheets, rendered: colours at points given in the card's own mm."""

    def __init__(self, game, piece_id: str = "red-1"):
        smap = json.loads((game.root / "out" / "lanterns.json").read_text())
        page, piece = next((p["page"], c) for p in smap["pages"] if p["side"] == "front"
                           for c in p["pieces"] if c["id"] == piece_id)
        doc = pdfium.PdfDocument(str(game.root / "out" / "lanterns.pdf"))
        try:
            self.img = doc[page - 1].render(scale=DPI / 72).to_pil().convert("RGB")
        finally:
            doc.close()
        self.trim, self.turn = piece["trim_mm"], piece["rotation"]
        # the sheet map read right: the card's band (its top 18 mm, beside the title) is its red,
        # #c0392b (a little duller through --cmyk)
        r, g, b = self.at(61.0, 86.0)
        assert r > 150 and g < 110 and b < 110, (r, g, b)

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        tx, ty, tw, th = self.trim
        px, py = {0: (tx + x, ty + y), 90: (tx + tw - y, ty + x), 180: (tx + tw - x, ty + th - y),
                  270: (tx + y, ty + th - x)}[self.turn]
        return self.img.getpixel((int(px / 25.4 * DPI), int(self.img.height - py / 25.4 * DPI)))

    def seen(self, box: str) -> dict[str, tuple[int, int, int]]:
        bx, by = BOXES[box]
        return {name: self.at(bx + dx, by + dy) for name, (dx, dy) in SPOTS.items()}


def close(got, want, tol: int = 12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(got, want))


def looks(seen: dict, **want) -> None:
    for spot, colour in want.items():
        assert close(seen[spot], colour), f"{spot}: {seen[spot]}, expected {colour}; all: {seen}"


# what each key does, the same for a PNG and an SVG: the element (without its picture) and what shows
COMMON = [
    ("p1", "", dict(left=RED, right=BLUE)),
    ("p2", "flip: horizontal", dict(left=BLUE, right=RED)),
    ("p3", "rotate: 90", dict(top=BLUE, bottom=RED)),  # anticlockwise: the right half goes up
    ("p4", "rotate: 270", dict(top=RED, bottom=BLUE)),
    ("p5", "crop: { x: 0%, y: 0%, width: 50%, height: 100% }", dict(left=RED, right=RED, top=RED, bottom=RED)),
    ("p6", "opacity: 0.5", dict(left=PINK, right=PALE_BLUE)),  # over the white square under it
]


@pytest.mark.parametrize("picture", ["halves.png", "halves.svg"])
def test_each_key_as_a_person_sees_it(cli, game, picture):
    halves(game)
    extra = {
        # crop, then turn, then fit: the kept 30 x 20 px (red third, blue two thirds) turned upright
        # is 20 x 30, all of it in the square box: blue above, red below, card either side
        "halves.png": [("p7", "crop: { x: 10, y: 0, width: 30px, height: 20 }, rotate: 90, fit: contain", None),
                       # pixels: the right quarter, all blue
                       ("p8", "crop: { x: 30, y: 5, width: 10, height: 10 }", dict(left=BLUE, right=BLUE, top=BLUE))],
        "halves.svg": [("p7", "crop: { x: 25%, width: 75% }, rotate: 90, fit: contain", None),
                       ("p8", "crop: { x: 50% }", dict(left=BLUE, right=BLUE, top=BLUE, bottom=BLUE))],
    }[picture]
    # turned, then mirrored as seen: blue above red, then top and bottom swapped
    cases = COMMON + extra + [("p9", "rotate: 90, flip: vertical", dict(top=RED, bottom=BLUE))]
    with_elements(game, [f"{{ image: art/{picture}, box: {box}{', ' + keys if keys else ''} }}"
                         for box, keys, _ in cases])
    built(cli, game)
    card = Card(game)
    looked_at = 0
    for box, keys, want in cases:
        looked_at += 1
        seen = card.seen(box)
        if want is None:  # p7: the picture 12 mm wide in the middle of the box
            bx, by = BOXES[box]
            assert close(card.at(bx + 9, by + 15), BLUE) and close(card.at(bx + 9, by + 3), RED), (keys, seen)
            assert close(card.at(bx + 1.5, by + 9), WHITE), (keys, card.at(bx + 1.5, by + 9))  # the square beside it
            continue
        looks(seen, **want)
    assert looked_at == len(cases) > 1


def test_crop_measures_from_the_top_and_flip_vertical_swaps_top_and_bottom(cli, game):
    """A crop's y counts down from the picture's top edge, as in an image editor."""
    halves(game)
    cases = [("p1", "tops.png", "crop: { y: 0%, height: 50% }", dict(top=RED, bottom=RED, left=RED, right=RED)),
             ("p2", "tops.png", "crop: { y: 10, height: 10 }", dict(top=BLUE, bottom=BLUE, left=BLUE, right=BLUE)),
             ("p3", "tops.svg", "crop: { y: 0%, height: 50% }", dict(top=RED, bottom=RED, left=RED, right=RED)),
             ("p4", "tops.svg", "crop: { y: 50% }", dict(top=BLUE, bottom=BLUE, left=BLUE, right=BLUE)),
             ("p5", "tops.png", "flip: vertical", dict(top=BLUE, bottom=RED)),
             ("p6", "tops.svg", "flip: vertical", dict(top=BLUE, bottom=RED)),
             ("p7", "tops.png", "rotate: 90", dict(left=RED, right=BLUE)),  # the top goes left
             ("p8", "tops.svg", "rotate: 180", dict(top=BLUE, bottom=RED)),
             ("p9", "halves.png", "rotate: 180", dict(left=BLUE, right=RED))]
    with_elements(game, [f"{{ image: art/{pic}, box: {box}, {keys} }}" for box, pic, keys, _ in cases])
    built(cli, game)
    card = Card(game)
    for box, pic, keys, want in cases:
        looks(card.seen(box), **want)


def test_svg_opacity_is_the_whole_picture_and_its_own_alpha_counts(cli, game):
    """`opacity` composites the SVG as one picture (a transparency group: its shapes do not show
    through one another), turned too; an SVG's own fill-opacity prints half-transparent as well
    (its graphics state is in its form's resources), and multiplies with the element's."""
    halves(game)
    with_elements(game, ["{ image: art/halves.svg, box: p1, opacity: 50%, rotate: 90 }",
                         "{ image: art/half-red.svg, box: p2 }",
                         "{ image: art/half-red.svg, box: p3, opacity: 0.5 }",
                         "{ image: art/overlap.svg, box: p4 }",
                         "{ image: art/overlap.svg, box: p5, opacity: 0.5 }"])
    built(cli, game)
    card = Card(game)
    looks(card.seen("p4"), left=RED, right=BLUE)
    # the red over the blue at half opacity, as one picture: pink, not the blue showing through the red
    looks(card.seen("p5"), left=PINK, right=PALE_BLUE)
    looks(card.seen("p1"), top=PALE_BLUE, bottom=PINK)
    looks(card.seen("p2"), left=PINK, right=BLUE)
    looks(card.seen("p3"), left=(255, 191, 191), right=PALE_BLUE)  # a quarter of the red


def test_opacity_in_cmyk(cli, game):
    """--cmyk converts the picture's pixels to CMYK; the opacity still shows the white under it."""
    halves(game)
    with_elements(game, ["{ image: art/halves.png, box: p1, opacity: 0.5 }",
                         "{ image: art/halves.png, box: p2 }"])
    built(cli, game, "--cmyk")
    card = Card(game)
    solid, seen = card.seen("p2")["left"], card.seen("p1")["left"]
    # halfway between the printed red and white, channel by channel
    assert all(abs(s - (c + 255) / 2) <= 12 for s, c in zip(seen, solid)), (seen, solid)


def test_two_builds_are_the_same_bytes(cli, game):
    halves(game)
    with_elements(game, ["{ image: art/halves.png, box: p1, opacity: 0.5, crop: { width: 50% } }",
                         "{ image: art/halves.svg, box: p2, opacity: 0.3, flip: vertical }"])
    built(cli, game)
    first = (game.root / "out" / "lanterns.pdf").read_bytes()
    built(cli, game)
    assert (game.root / "out" / "lanterns.pdf").read_bytes() == first


def test_an_image_field_crops_by_percentages_not_pixels(cli, game):
    """A `{field}` picture differs from card to card: its size is not known when the layout is
    read, so a crop in pixels is an error there; in percentages it applies to each card's."""
    halves(game)
    game.edit(SPEC, "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n",
              "    icons:  { list: { choice: [star, moon] }, max: 2, required: false }\n"
              "    art:    { image: true, required: false }\n")
    rows = game.rows()
    game.write_rows([rows[0] + ["art"]] + [r + ["art/halves.png" if r[0] == "red-1" else ""] for r in rows[1:]])
    el = '{ image: "{art}", box: p1, when: art, crop: { x: 20, width: 20 } }'
    with_elements(game, [el])
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 2 and codes(r) == ["FACE-CROP"], r.out + r.err
    has(r, "FACE-CROP", game.at(LAYOUT, "20, width", after=el), "'x' of 'crop' of element",
        "is '20', a number of pixels",
        "the picture is the 'art' field's, a different one on each card", "give the crop in percentages")
    game.edit(LAYOUT, "crop: { x: 20, width: 20 }", "crop: { x: 50% }, flip: horizontal")
    built(cli, game)
    card = Card(game)
    looks(card.seen("p1"), left=BLUE, right=BLUE)
    assert close(Card(game, "red-2").seen("p1")["left"], WHITE)  # no art: only the white square


BAD = [
    ("flip: sideways", "sideways", "FACE-VALUE", ["'flip' of element", "is 'sideways'", "horizontal or vertical"]),
    ("rotate: 45", "45", "FACE-VALUE", ["'rotate' of element", "is '45'", "expected 90, 180 or 270",
                                        "degrees anticlockwise"]),
    ("rotate: -90", "-90", "FACE-VALUE", ["is '-90'", "270 is a quarter turn clockwise"]),
    ("opacity: 1.5", "1.5", "FACE-VALUE", ["'opacity' of element", "is '1.5'", "from 0 (not seen) to 1 (opaque)"]),
    ("opacity: 50", "50", "FACE-VALUE", ["is '50'", "for 50 percent write 50%"]),
    ("opacity: 150%", "150%", "FACE-VALUE", ["is '150%'", "a percentage from 0% to 100%"]),
    ("opacity: -0.2", "-0.2", "FACE-VALUE", ["is '-0.2'"]),
    ("opacity: half", "half", "FACE-VALUE", ["is 'half'"]),
    ("crop: { x: 60%, width: 50% }", "50%", "FACE-CROP",
     ["runs past the picture's right edge", "x 60% + width 50% is 110% of its width", "must lie within the picture"]),
    ("crop: { y: 10, height: 15 }", "15", "FACE-CROP",
     ["runs past the picture's bottom edge", "y 10 + height 15 is 125% of its height, 20 px"]),
    ("crop: { x: 10%, width: 0% }", "0% }", "FACE-CROP", ["'width' of 'crop' of element", "the crop is empty"]),
    ("crop: { x: 100% }", "100%", "FACE-CROP", ["'x' of 'crop'", "at or past the picture's right edge"]),
    ("crop: { y: -5% }", "-5%", "FACE-CROP", ["'y' of 'crop'", "below 0: outside the picture"]),
    ("crop: { w: 5% }", "w:", "FACE-CROP", ["unknown key 'w' in 'crop' of element", "x, y, width and height"]),
    ("crop: { x: ten }", "ten", "FACE-CROP", ["is 'ten', expected a percentage of the picture such as 25%"]),
    ("crop: 50%", "50%", "FACE-CROP", ["'crop' of element", "expected a region of the picture such as { x: 10%"]),
]


def test_every_bad_value_is_located(cli, game):
    halves(game)
    lines = [f"{{ image: art/halves.png, box: p{i % 9 + 1}, {keys} }}" for i, (keys, *_) in enumerate(BAD)]
    lines.append("{ image: art/halves.svg, box: p1, crop: { x: 10, width: 10 } }")  # an SVG has no pixels
    lines.append("{ image: art/nope.png, box: p2, rotate: 45, crop: { x: 5 } }")  # told with the missing file
    with_elements(game, lines)
    r = cli("validate", "lanterns", "--specs", "card_specs")
    no_traceback(r)
    assert r.code == 2
    for line, (keys, needle, code, words) in zip(lines, BAD):
        has(r, code, game.at(LAYOUT, needle, after=line), *words)
    has(r, "FACE-CROP", game.at(LAYOUT, "10, width", after=lines[-2]), "'x' of 'crop'", "is '10', a number of pixels",
        "the picture is SVG art, which has no pixels")
    has(r, "IMAGE-MISSING", game.at(LAYOUT, "art/nope.png"), "image 'art/nope.png' does not exist")
    has(r, "FACE-VALUE", game.at(LAYOUT, "45", after=lines[-1]), "is '45'")
    assert len(codes(r)) == len(BAD) + 3, r.out + r.err  # no crop error: the picture's size is not known
    r = cli("build", "lanterns", "--specs", "card_specs", "--out", "out")
    no_traceback(r)
    assert r.code == 2 and not (game.root / "out" / "lanterns.pdf").exists()
