"""Pi mal Pflaumen card renderer, one stage on its own: drawings are data, so compare them."""

import pytest

from pnp.geometry.drawing import Color, Drawing, Fill
from pnp.games import GAMES
from pnp.games.base import RenderContext
from pnp.games.pi_mal_pflaumen import icons, render, rules
from pnp.load.layout import Box, load_layout
from pnp.load.paths import LAYOUTS_DIR, SPECS_DIR
from pnp.load.spec import load_spec
from pnp.records import replace

GAME = "pi-mal-pflaumen"


@pytest.fixture(scope="module")
def ctx():
    spec, report = load_spec(SPECS_DIR / f"{GAME}.yaml", GAMES[GAME])
    layout, lreport = load_layout(LAYOUTS_DIR / f"{GAME}.yaml", GAME, GAMES[GAME].boxes)
    assert report.ok and lreport.ok
    return RenderContext(spec, layout.editions[layout.default].main, "en", 3.0)


def card(ctx, cid):
    return next(c for c in ctx.spec.components if c.id == cid)


def fills(drawing) -> list:
    out = []
    for op in drawing.ops:
        if isinstance(op, Fill):
            out.append(op)
        elif hasattr(op, "drawing"):
            out.extend(fills(op.drawing))
    return out


def test_nine_distinct_fruit_drawings_in_shades_of_their_own_colours(ctx):
    base = card(ctx, "r1-09")  # a fruit card without action or mix
    seen = {}
    for fruit in rules.FRUITS:
        item = replace(base, fields={**base.fields, "fruit": fruit})
        colours = {op.fill for op in fills(render.render_face(item, ctx)) if op.fill is not None}
        own = Color.hex(rules.FRUITS[fruit].colour)
        near = [c for c in colours if sum((a - b) ** 2 for a, b in zip((c.r, c.g, c.b), (own.r, own.g, own.b))) < 0.03]
        assert near, f"no shade of {fruit}'s colour on its card"
        seen[fruit] = repr(render.render_face(item, ctx).ops)
    assert len(set(seen.values())) == len(rules.FRUITS)


def _underlines(drawing) -> int:
    return sum(1 for op in fills(drawing) if len(op.path.cmds) == 2 and op.width == 0.7)


def test_numbers_that_read_otherwise_upside_down_are_underlined_in_both_corners(ctx):
    assert _underlines(render.render_face(card(ctx, "r1-06"), ctx)) == 2
    assert _underlines(render.render_face(card(ctx, "r1-09"), ctx)) == 2
    assert _underlines(render.render_face(card(ctx, "r1-08"), ctx)) == 0
    underlined = [n for n in range(1, 26) if _underlines(render.render_face(card(ctx, f"r1-{n:02d}"), ctx))]
    assert underlined == [6, 9, 10, 16, 18, 19]  # 16 upside down reads 91, 10 reads 01; 11 and 8 read the same


def test_backs_differ_by_round_and_double_sided_cards_repeat_their_face(ctx):
    designs = ctx.spec.backs
    rounds = [repr(render.render_back(designs[r.back], ctx, None).ops) for r in rules.ROUNDS.values()]
    assert len(set(rounds)) == 3
    for cid in ("plum", "pi"):
        c = card(ctx, cid)
        assert render.render_back(designs[c.back], ctx, c).ops == render.render_face(c, ctx).ops
    dog = card(ctx, "watchdog")
    assert render.render_back(designs[dog.back], ctx, dog).ops != render.render_face(dog, ctx).ops


def test_names_follow_the_language(ctx):
    zh = RenderContext(ctx.spec, ctx.template, "zh-TW", ctx.bleed)
    texts = [t.text for t in render.render_face(card(ctx, "r1-08"), zh).text_ops()]
    assert rules.FRUITS["white-currant"].zh in texts
    texts = [t.text for t in render.render_back(ctx.spec.backs["emblem"], zh, card(ctx, "turn-1")).text_ops()]
    assert "梅子吃墩" in texts


def _extent(drawing) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of every shape drawn, strokes included (mm)."""
    xs, ys = [], []
    for op in fills(drawing):
        half = op.width / 2 if op.stroke is not None else 0.0
        for x, y in op.path.points():
            xs += [x - half, x + half]
            ys += [y - half, y + half]
    return min(xs), min(ys), max(xs), max(ys)


def test_every_box_keeps_clear_of_the_fine_frame_line(ctx):
    """Text and pictures are placed in boxes; the boxes, the turned number box too, stay inside
    the fine frame line with air to spare, so nothing printed in them can touch it."""
    ed = ctx.template
    f = ed.box("frame")
    k = render.FINE_RULE + 0.8
    n = ed.box("number")
    boxes = {**ed.boxes, "number~": Box(ed.width - n.x - n.w, ed.height - n.y - n.h, n.w, n.h)}
    checked = 0
    for name, b in boxes.items():
        if name != "frame":
            assert f.x + k <= b.x and b.x + b.w <= f.x + f.w - k, name
            assert f.y + k <= b.y and b.y + b.h <= f.y + f.h - k, name
            checked += 1
    assert checked == len(boxes) - 1 > 0


@pytest.mark.parametrize("kind", list(rules.ACTIONS))
def test_each_action_badge_stays_inside_its_box(ctx, kind):
    box = ctx.template.box("action")
    d = Drawing(ctx.template.width, ctx.template.height)
    icons.action(d, kind, box)
    x0, y0, x1, y1 = _extent(d)
    assert box.x - 0.01 <= x0 and x1 <= box.x + box.w + 0.01
    assert box.y - 0.01 <= y0 and y1 <= box.y + box.h + 0.01
