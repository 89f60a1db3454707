"""Do sight lines meet a small polygon? Exactly, in plain Python.

Vehicles (and wrecks) standing in the way of a sight line are hulls of four edges,
different for every query: building shapely polygons and arrays for them costs far
more than the test itself. :class:`Outline` keeps a polygon's bounding box and edges
(each with its own box) so that a sight line is rejected by box comparisons in most
cases and meets only the few edges near it otherwise.

The answers are those of shapely's ``intersects`` (closed sets: touching counts):
orientations are decided by the float formula when its error bound (Shewchuk's
``ccwerrboundA``) proves the sign, else exactly with fractions, so a sight line
through a piece's corner or along its edge is decided as GEOS decides it.
Coordinates are hundredths of an inch (any floats will do).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

#: Shewchuk's bound on the error of the float orientation formula, times |terms|.
_ERRBOUND = (3.0 + 16.0 * 2.0**-53) * 2.0**-53

Edge = tuple[float, float, float, float, float, float, float, float]
"""An edge: its ends (ax, ay, bx, by), then its box (min x, max x, min y, max y)."""


def orientation(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> int:
    """The sign of the turn a -> b -> c: 1 one way, -1 the other, 0 collinear (exact)."""
    left = (ax - cx) * (by - cy)
    right = (ay - cy) * (bx - cx)
    det = left - right
    bound = _ERRBOUND * (abs(left) + abs(right))
    if det > bound:
        return 1
    if -det > bound:
        return -1
    return _exact_orientation(ax, ay, bx, by, cx, cy)


def _exact_orientation(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> int:
    fcx, fcy = Fraction(cx), Fraction(cy)
    det = (Fraction(ax) - fcx) * (Fraction(by) - fcy) - (Fraction(ay) - fcy) * (Fraction(bx) - fcx)
    return (det > 0) - (det < 0)


class Outline:
    """A polygon prepared for :meth:`Segments.meeting`: its box and its edges (every
    ring, holes included)."""

    __slots__ = ("min_x", "min_y", "max_x", "max_y", "edges")

    def __init__(self, rings: Iterable[Sequence[tuple[float, float]]]) -> None:
        edges: list[Edge] = []
        xs: list[float] = []
        ys: list[float] = []
        for ring in rings:
            points = [(float(x), float(y)) for x, y in ring]
            if not points:
                continue
            if points[0] != points[-1]:
                points.append(points[0])
            for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
                edges.append((ax, ay, bx, by, min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)))
                xs.append(ax)
                ys.append(ay)
        self.edges: tuple[Edge, ...] = tuple(edges)
        self.min_x = min(xs, default=0.0)
        self.max_x = max(xs, default=-1.0)
        self.min_y = min(ys, default=0.0)
        self.max_y = max(ys, default=-1.0)


Segment = tuple[float, float, float, float]
"""A segment: start x, start y, end x, end y."""


class Segments:
    """Sight lines side by side, each with its box, and the box around them all,
    prepared once and asked about each polygon with :meth:`meeting`."""

    __slots__ = ("segments", "boxes", "lo_x", "hi_x", "lo_y", "hi_y")

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = segments
        self.boxes = [
            (min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)) for x0, y0, x1, y1 in segments
        ]
        self.lo_x = min(b[0] for b in self.boxes)
        self.hi_x = max(b[1] for b in self.boxes)
        self.lo_y = min(b[2] for b in self.boxes)
        self.hi_y = max(b[3] for b in self.boxes)

    def meeting(self, outline: Outline) -> list[bool]:
        """For each segment: does the closed segment meet the closed polygon, its
        boundary or inside? (shapely's ``intersects`` of the polygon and the two-point
        line). The polygon's edges are walked once for all: those whose box misses
        every segment's are skipped, an edge with both ends proven strictly on one
        side of a segment's line (the float turn beyond its error bound) cannot meet
        it, the rest are decided exactly. A segment meeting no edge is wholly inside
        or wholly outside, and its start tells which."""
        segments, boxes = self.segments, self.boxes
        count = len(segments)
        met = [False] * count
        lo_x, hi_x, lo_y, hi_y = self.lo_x, self.hi_x, self.lo_y, self.hi_y
        if (
            hi_x < outline.min_x
            or lo_x > outline.max_x
            or hi_y < outline.min_y
            or lo_y > outline.max_y
        ):
            return met
        left_count = count
        err = _ERRBOUND
        for ax, ay, bx, by, e_lo_x, e_hi_x, e_lo_y, e_hi_y in outline.edges:
            if e_hi_x < lo_x or e_lo_x > hi_x or e_hi_y < lo_y or e_lo_y > hi_y:
                continue
            for k in range(count):
                if met[k]:
                    continue
                s_lo_x, s_hi_x, s_lo_y, s_hi_y = boxes[k]
                if e_hi_x < s_lo_x or e_lo_x > s_hi_x or e_hi_y < s_lo_y or e_lo_y > s_hi_y:
                    continue
                x0, y0, x1, y1 = segments[k]
                dx, dy = x1 - x0, y1 - y0
                left, right = dx * (ay - y0), dy * (ax - x0)
                side_a, bound_a = left - right, err * (abs(left) + abs(right))
                left, right = dx * (by - y0), dy * (bx - x0)
                side_b, bound_b = left - right, err * (abs(left) + abs(right))
                if (side_a > bound_a and side_b > bound_b) or (
                    side_a < -bound_a and side_b < -bound_b
                ):
                    continue
                if _segments_meet(x0, y0, x1, y1, ax, ay, bx, by):
                    met[k] = True
                    left_count -= 1
                    if not left_count:
                        return met
        for k in range(count):
            if not met[k]:
                met[k] = _inside(outline, segments[k][0], segments[k][1])
        return met


def segments_meeting(outline: Outline, segments: Sequence[Segment]) -> list[bool]:
    """:meth:`Segments.meeting` of ``segments`` and one polygon."""
    return Segments(segments).meeting(outline)


def _inside(outline: Outline, x: float, y: float) -> bool:
    """Is the point, known to be on no edge, inside the polygon? (crossings of the
    ray from it toward +x; the point is strictly on one side of each edge)"""
    if not (outline.min_x <= x <= outline.max_x and outline.min_y <= y <= outline.max_y):
        return False
    inside = False
    for ax, ay, bx, by, _lx, _hx, _ly, _hy in outline.edges:
        if (ay > y) != (by > y) and (orientation(ax, ay, bx, by, x, y) > 0) == (by > ay):
            inside = not inside
    return inside


def _segments_meet(
    px: float, py: float, qx: float, qy: float, ax: float, ay: float, bx: float, by: float
) -> bool:
    """Do the closed segments p-q and a-b share a point? (exact orientations)"""
    o1 = orientation(px, py, qx, qy, ax, ay)
    o2 = orientation(px, py, qx, qy, bx, by)
    if o1 == o2 and o1 != 0:
        return False  # a and b strictly on one side of p-q
    o3 = orientation(ax, ay, bx, by, px, py)
    o4 = orientation(ax, ay, bx, by, qx, qy)
    if o3 == o4 and o3 != 0:
        return False
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True  # a proper crossing
    # an end on the other segment's line: it must lie within that segment
    return (
        (o1 == 0 and _between(ax, ay, px, py, qx, qy))
        or (o2 == 0 and _between(bx, by, px, py, qx, qy))
        or (o3 == 0 and _between(px, py, ax, ay, bx, by))
        or (o4 == 0 and _between(qx, qy, ax, ay, bx, by))
    )


def _between(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> bool:
    """Is (x, y), known to be on the line through a and b, on the segment a-b?"""
    return min(ax, bx) <= x <= max(ax, bx) and min(ay, by) <= y <= max(ay, by)
