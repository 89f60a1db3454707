"""Plain-Python sight lines against polygons answer exactly as shapely's ``intersects``.

``segments_meeting`` decides whether sight lines meet a vehicle's hull (and any
polygon): for random segments and for segments through, along and ending on the
polygons' corners and edges (where only exact orientations agree with GEOS), over
hulls, round-base outlines and every shipped tabletop map's pieces.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from game.maps.tabletop import load_table
from game.maps.tabletop_geometry import TableGeometry
from game.maps.tabletop_measure import Hull, RoundBase, outline
from game.maps.tabletop_segments import Outline, orientation, segments_meeting

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted(
    p
    for folder in ("tabletop", "ratfight", "five_five_six")
    for p in (ROOT / "maps" / folder).glob("*.tmx")
)
PIECES: tuple[Polygon, ...] = tuple(
    shape for path in MAPS for shape in TableGeometry(load_table(path))._shapes
)
hulls = st.builds(
    Hull,
    st.tuples(st.integers(0, 800), st.integers(0, 800)),
    st.integers(100, 450),
    st.integers(80, 250),
    st.one_of(st.sampled_from((0.0, 45.0, 90.0, 180.0)), st.floats(0, 359.9)),
)
bases = st.builds(RoundBase, st.tuples(st.integers(0, 800), st.integers(0, 800)), st.just(50))


@st.composite
def polygons(draw: st.DrawFn) -> list[tuple[float, float]]:
    """A hull, a base's outline or a shipped map's piece (its exterior ring)."""
    kind = draw(st.sampled_from(("hull", "base", "piece")))
    if kind == "piece":
        piece = PIECES[draw(st.integers(0, len(PIECES) - 1))]
        return [(float(x), float(y)) for x, y in piece.exterior.coords]
    model = draw(hulls if kind == "hull" else bases)
    return [(float(x), float(y)) for x, y in outline(model)]


@st.composite
def points_near(draw: st.DrawFn, ring: list[tuple[float, float]]) -> tuple[float, float]:
    """Anywhere around the polygon, on a whole hundredth, at a corner or along an edge."""
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    kind = draw(st.sampled_from(("float", "int", "corner", "edge")))
    if kind == "float":
        return (
            draw(st.floats(min(xs) - 300, max(xs) + 300)),
            draw(st.floats(min(ys) - 300, max(ys) + 300)),
        )
    if kind == "int":
        return (
            float(draw(st.integers(int(min(xs)) - 300, int(max(xs)) + 300))),
            float(draw(st.integers(int(min(ys)) - 300, int(max(ys)) + 300))),
        )
    k = draw(st.integers(0, len(ring) - 2))
    (x0, y0), (x1, y1) = ring[k], ring[k + 1]
    if kind == "corner":
        return (x0, y0)
    t = draw(st.sampled_from((0.5, 0.25, 1 / 3, 0.1, -0.5, 1.5)))
    return (x0 + t * (x1 - x0), y0 + t * (y1 - y0))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_prop_segments_meet_polygons_as_shapely_intersects(data: st.DataObject) -> None:
    ring = data.draw(polygons())
    shape = Outline([ring])
    segments = []
    for _ in range(data.draw(st.integers(1, 5))):
        (x0, y0), (x1, y1) = data.draw(points_near(ring)), data.draw(points_near(ring))
        segments.append((x0, y0, x1, y1))
    lines = shapely.linestrings([[(x0, y0), (x1, y1)] for x0, y0, x1, y1 in segments])
    expected = shapely.intersects(Polygon(ring), lines).tolist()
    assert segments_meeting(shape, segments) == expected


def test_a_segment_touching_a_corner_or_lying_along_an_edge_meets_the_polygon() -> None:
    square = Outline([[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]])
    assert segments_meeting(square, [(-50.0, -50.0, 0.0, 0.0)]) == [True]  # ends on a corner
    assert segments_meeting(square, [(-50.0, 50.0, 50.0, -50.0)]) == [True]  # through a corner
    assert segments_meeting(square, [(-10.0, 100.0, 200.0, 100.0)]) == [True]  # along an edge
    assert segments_meeting(square, [(-10.0, 100.1, 200.0, 100.1)]) == [False]
    assert segments_meeting(square, [(20.0, 20.0, 30.0, 40.0)]) == [True]  # wholly inside


def exact_turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> int:
    ax, ay, bx, by, cx, cy = (Fraction(v) for v in (*a, *b, *c))
    det = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx)
    return (det > 0) - (det < 0)


@settings(max_examples=300, deadline=None)
@given(
    st.tuples(st.floats(0, 5000), st.floats(0, 5000)),
    st.tuples(st.floats(0, 5000), st.floats(0, 5000)),
    st.floats(-2, 3),
)
def test_prop_orientation_is_exact_for_nearly_collinear_points(
    a: tuple[float, float], b: tuple[float, float], t: float
) -> None:
    """A point computed on the line through a and b is on it only up to rounding: the
    sign must be the exact one, where the float formula alone may say otherwise."""
    c = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
    assert orientation(*a, *b, *c) == exact_turn(a, b, c)


def test_orientation_decides_exactly_where_the_float_formula_errs() -> None:
    # the float determinant of these nearly collinear points is 0 or of the wrong sign
    a = (39.003824454177824, 41.17852556166322)
    b = (13.471583453099834, 29.7374757821947)
    c = (-5.944916251238055, 21.036902273939532)
    left = (a[0] - c[0]) * (b[1] - c[1])
    right = (a[1] - c[1]) * (b[0] - c[0])
    assert exact_turn(a, b, c) != 0
    assert (left - right > 0) - (left - right < 0) != exact_turn(a, b, c)
    assert orientation(*a, *b, *c) == exact_turn(a, b, c)
