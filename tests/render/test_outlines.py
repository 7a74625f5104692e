"""Piece outlines (pnp/geometry/shapes.py): the geometry that imposition, cut lines and bleed rely on.

Every shape's polygon spans its w x h bounding box and runs counter-clockwise; growing by the
bleed moves every straight edge out by exactly that distance and a rounded corner's radius by
it too; flattened curves keep every vertex on the curve and no gap wider than the tolerance; a
quarter turn swaps width and height; clipping to a tile's window keeps the right part.
"""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.geometry.shapes import (
    FLAT_TOL,
    Outline,
    bbox,
    clip_to_rect,
    counter_clockwise,
    regular_hexagon_other_side,
    transform,
)

POINTY_H = 40 * 2 / math.sqrt(3)  # a regular pointy-topped hexagon 40 mm wide
FLAT_H = 40 * math.sqrt(3) / 2  # a regular flat-topped hexagon 40 mm wide
OUTLINES = {
    "rect": Outline("rect", 63, 88),
    "rounded rect": Outline("rect", 63, 88, radius=3),
    "rhombus": Outline("rhombus", 40, 64),
    "circle": Outline("circle", 30, 30),
    "pointy hexagon": Outline("hexagon", 40, POINTY_H),
    "flat hexagon": Outline("hexagon", 40, FLAT_H, orient="flat"),
}
CURVED = ("rounded rect", "circle")


def area2(points):
    """Twice the signed area: positive for counter-clockwise."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))


def edges(points):
    return list(zip(points, points[1:] + points[:1]))


def outside_by(p, a, b):
    """How far p lies outside (right of) the line a -> b of a counter-clockwise polygon."""
    (ax, ay), (bx, by), (px, py) = a, b, p
    return -((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / math.hypot(bx - ax, by - ay)


def off_curve(o: Outline, grow: float, p) -> float:
    """Distance from p to the true outline grown by `grow` (circle or rounded rect)."""
    x, y = p
    if o.shape == "circle":
        return abs(math.hypot(x - o.w / 2, y - o.h / 2) - (o.w / 2 + grow))
    r = o.radius + grow
    qx = abs(x - o.w / 2) - (o.w / 2 + grow - r)
    qy = abs(y - o.h / 2) - (o.h / 2 + grow - r)
    return abs(math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r)


def drop_repeats(points):
    return [p for i, p in enumerate(points) if p != points[i - 1]]


def same_polygon(got, want):
    """The same vertices in the same cyclic order, to 1e-9 mm, whichever vertex comes first."""
    r = lambda pts: [(round(x, 9) + 0.0, round(y, 9) + 0.0) for x, y in pts]  # noqa: E731
    got, want = r(got), r(want)
    return len(got) == len(want) and any(got[i:] + got[:i] == want for i in range(len(got)))


@pytest.mark.parametrize("name", OUTLINES)
def test_every_shape_spans_its_bounding_box_counter_clockwise(name):
    o = OUTLINES[name]
    poly = o.polygon()
    slack = FLAT_TOL if name in CURVED else 1e-9  # a flattened curve may fall short by the tolerance
    assert bbox(poly) == pytest.approx((0, 0, o.w, o.h), abs=slack)
    assert area2(poly) > 0
    assert counter_clockwise(poly) == poly


def test_rhombus_corners_are_the_midpoints_of_its_bounding_box_sides():
    assert Outline("rhombus", 40, 64).polygon() == [(20, 0), (40, 32), (20, 64), (0, 32)]


@pytest.mark.parametrize("name", ["rhombus", "pointy hexagon", "flat hexagon"])
@pytest.mark.parametrize("grow", [0.5, 3.0])
def test_grown_polygon_moves_every_edge_out_by_exactly_the_bleed(name, grow):
    o = OUTLINES[name]
    trim, grown = edges(o.polygon()), edges(o.polygon(grow))
    assert len(trim) == len(grown)
    for (a, b), (p, q) in zip(trim, grown):
        ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], q[0] - p[0], q[1] - p[1]
        assert ux * vy - uy * vx == pytest.approx(0, abs=1e-9)  # parallel …
        assert ux * vx + uy * vy > 0  # … and running the same way
        assert outside_by(p, a, b) == pytest.approx(grow)
        assert outside_by(q, a, b) == pytest.approx(grow)


def test_grown_rounded_rect_has_corner_radius_radius_plus_bleed():
    o, grow = Outline("rect", 63, 88, radius=3), 2
    corner = [p for p in o.polygon(grow) if p[0] > o.w - o.radius and p[1] < o.radius]
    assert len(corner) >= 3
    assert all(math.dist(p, (o.w - o.radius, o.radius)) == pytest.approx(5) for p in corner)
    cur, curves = None, 0
    for cmd in o.path(grow).cmds:  # the drawing path's corners are true arcs of the same radius
        if cmd[0] == "C":
            assert (abs(cmd[5] - cur[0]), abs(cmd[6] - cur[1])) == pytest.approx((5, 5))
            curves += 1
        if cmd[0] != "Z":
            cur = cmd[-2:]
    assert curves == 4
    assert bbox(o.polygon(grow)) == pytest.approx((-2, -2, 67, 92))


@pytest.mark.parametrize("name", CURVED)
@pytest.mark.parametrize("grow", [0, 3.0])
@pytest.mark.parametrize("tol", [FLAT_TOL, 0.01])
def test_flattened_curves_stay_within_the_tolerance(name, grow, tol):
    o = OUTLINES[name]
    poly = o.polygon(grow, tol)
    assert all(off_curve(o, grow, p) < 1e-9 for p in poly)  # every vertex on the curve
    for a, b in edges(poly):
        assert off_curve(o, grow, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) <= tol + 1e-9
    assert len(o.polygon(grow, tol / 10)) > len(poly)  # a finer tolerance takes more points


@pytest.mark.parametrize("orient", ["pointy", "flat"])
def test_regular_hexagon_has_six_equal_edges(orient):
    h = regular_hexagon_other_side(orient, 40, None)
    lengths = [math.dist(a, b) for a, b in edges(Outline("hexagon", 40, h, orient=orient).polygon())]
    assert len(lengths) == 6
    assert lengths == pytest.approx([lengths[0]] * 6)


def test_regular_hexagon_other_side_from_width_or_height():
    assert regular_hexagon_other_side("pointy", 40, None) == pytest.approx(40 * 2 / math.sqrt(3))
    assert regular_hexagon_other_side("flat", 40, None) == pytest.approx(40 * math.sqrt(3) / 2)
    assert regular_hexagon_other_side("pointy", None, POINTY_H) == pytest.approx(40)
    assert regular_hexagon_other_side("flat", None, FLAT_H) == pytest.approx(40)


@pytest.mark.parametrize("name", OUTLINES)
def test_quarter_turn_swaps_width_and_height_and_lays_a_pointy_hexagon_flat(name):
    o = OUTLINES[name]
    t = o.turned()
    assert (t.shape, t.w, t.h, t.radius) == (o.shape, o.h, o.w, o.radius)
    flipped = {"pointy": "flat", "flat": "pointy"}[o.orient]
    assert t.orient == (flipped if o.shape == "hexagon" else o.orient)
    assert t.turned() == o
    if name not in CURVED:  # the same piece turned a quarter counter-clockwise about its box
        turned_corners = transform(o.polygon(), (0, 1, -1, 0, o.h, 0))
        assert same_polygon(t.polygon(), turned_corners)


RHOMBUS = [(20, 0), (40, 32), (20, 64), (0, 32)]


def test_clip_to_rect_keeps_the_part_inside_the_window():
    right_half = clip_to_rect(RHOMBUS, (20, 0, 20, 64))
    assert same_polygon(drop_repeats(right_half), [(20, 0), (40, 32), (20, 64)])
    top_right = clip_to_rect(RHOMBUS, (20, 32, 100, 100))
    assert same_polygon(drop_repeats(top_right), [(20, 32), (40, 32), (20, 64)])
    cut = clip_to_rect(RHOMBUS, (10, -5, 100, 100))  # the left tip cut off: a pentagon
    assert same_polygon(cut, [(20, 0), (40, 32), (20, 64), (10, 48), (10, 16)])


def test_clip_to_rect_gives_no_repeated_vertices_when_a_corner_lies_on_the_window_edge():
    assert clip_to_rect(RHOMBUS, (20, 0, 20, 64)) == [(20, 0), (40, 32), (20, 64)]


def test_clip_to_rect_of_a_polygon_inside_or_outside_the_window():
    assert clip_to_rect(RHOMBUS, (-1, -1, 50, 70)) == RHOMBUS
    assert clip_to_rect(RHOMBUS, (0, 0, 40, 64)) == RHOMBUS  # touching the window is inside
    assert clip_to_rect(RHOMBUS, (50, 0, 20, 64)) == []
    assert clip_to_rect(RHOMBUS, (0, 70, 40, 64)) == []


def test_counter_clockwise_reverses_a_clockwise_polygon_only():
    clockwise = list(reversed(RHOMBUS))
    assert counter_clockwise(clockwise) == RHOMBUS
    assert counter_clockwise(RHOMBUS) == RHOMBUS
    mirrored = transform(RHOMBUS, (-1, 0, 0, 1, 40, 0))  # a piece printed mirrored, for a back
    assert area2(mirrored) < 0 < area2(counter_clockwise(mirrored))


def contains(poly, p, eps=1e-9):
    return all(outside_by(p, a, b) <= eps for a, b in edges(poly) if a != b)


@st.composite
def outlines(draw):
    shape = draw(st.sampled_from(["rect", "rhombus", "circle", "hexagon"]))
    w = draw(st.floats(5, 300))
    if shape == "circle":
        return Outline("circle", w, w)
    if shape == "hexagon":
        orient = draw(st.sampled_from(["pointy", "flat"]))
        return Outline("hexagon", w, regular_hexagon_other_side(orient, w, None), orient=orient)
    h = draw(st.floats(5, 300))
    radius = draw(st.floats(0, 1)) * min(w, h) / 2 if shape == "rect" else 0.0
    return Outline(shape, w, h, radius)


@settings(max_examples=300, deadline=None)
@given(o=outlines(), grow=st.floats(0.05, 10))
def test_any_grown_outline_contains_the_trim_and_fits_its_grown_box(o, grow):
    tol = 0.01
    grown = o.polygon(grow, tol)
    assert area2(grown) > 0
    assert all(contains(grown, p) for p in o.polygon(0, tol))
    x, y, w, h = bbox(grown)
    gx, gy, gw, gh = o.grown_box(grow)
    assert (x, y, x + w, y + h) == pytest.approx((gx, gy, gx + gw, gy + gh), abs=tol + 1e-9)
    assert gx <= x + 1e-9 and gy <= y + 1e-9 and x + w <= gx + gw + 1e-9 and y + h <= gy + gh + 1e-9
