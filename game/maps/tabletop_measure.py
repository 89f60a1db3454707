"""Measuring on the open table: bases, vehicle hulls, distances, arcs, blast templates.

Pure arithmetic on :data:`~game.maps.tabletop.Point` values (hundredths of an inch);
terrain questions live in :mod:`game.maps.tabletop_geometry`. Round bases are
:class:`RoundBase` (centre and radius; a 25 mm base is 1" across, radius 50); vehicles
are :class:`Hull` rectangles with a facing (degrees clockwise from +x, so 0 faces the
right table edge and 90 the bottom edge).

Distances between models are measured **edge to edge** (base to base); ranges and
"within N inches" tests between round bases are exact integer comparisons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from game.core.memo import forget_on_new_game
from game.maps.tabletop import DEFAULT_BASE_RADIUS, HUNDREDTHS, Point

HullSide = Literal["front", "side", "rear"]
BLAST_RADIUS = 150  # the 3" blast template, radius in hundredths


@dataclass(frozen=True, slots=True)
class RoundBase:
    """A model on a round base: ``centre`` (hundredths) and ``radius`` (hundredths)."""

    centre: Point
    radius: int = DEFAULT_BASE_RADIUS


@dataclass(frozen=True, slots=True)
class Hull:
    """A vehicle: a ``length`` x ``width`` rectangle (hundredths) about ``centre``,
    its front pointing along ``facing`` (degrees clockwise from +x)."""

    centre: Point
    length: int
    width: int
    facing: float = 0.0

    @property
    def axes(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Unit vectors (forward, right) of the hull on the table."""
        return _axes(self.facing)

    def corners(self) -> tuple[tuple[float, float], ...]:
        """Front-right, front-left, rear-left, rear-right corners (hundredths)."""
        return _corners(self)

    def local(self, point: tuple[float, float]) -> tuple[float, float]:
        """A table point in hull coordinates: (ahead of the centre, right of it)."""
        (fx, fy), (rx, ry) = self.axes
        dx, dy = point[0] - self.centre[0], point[1] - self.centre[1]
        return (dx * fx + dy * fy, dx * rx + dy * ry)


@lru_cache(maxsize=1024)
def _axes(facing: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """:attr:`Hull.axes` of a facing (remembered: a few facings recur all game)."""
    rad = math.radians(facing)
    fx, fy = math.cos(rad), math.sin(rad)
    return (fx, fy), (-fy, fx)


@lru_cache(maxsize=4096)
def _corners(hull: Hull) -> tuple[tuple[float, float], ...]:
    """:meth:`Hull.corners` (remembered: the same hulls are measured again and again
    while a vehicle's drives are checked)."""
    (fx, fy), (rx, ry) = hull.axes
    cx, cy = hull.centre
    hl, hw = hull.length / 2, hull.width / 2
    return tuple(
        (cx + a * hl * fx + b * hw * rx, cy + a * hl * fy + b * hw * ry)
        for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))
    )


# A game's hulls stand where its vehicles drove: let go when the next game starts.
forget_on_new_game(_axes.cache_clear)
forget_on_new_game(_corners.cache_clear)


Model = RoundBase | Hull
"""Anything that stands on the table: a round base or a vehicle hull."""


def distance(a: Point, b: Point) -> float:
    """Straight distance between two points, hundredths of an inch."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def within(a: Point, b: Point, limit: int) -> bool:
    """Exactly: is ``b`` at most ``limit`` hundredths from ``a``? (integer arithmetic)"""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return dx * dx + dy * dy <= limit * limit


def gap(a: Model, b: Model) -> float:
    """Edge-to-edge distance between two models in hundredths (0 when they touch or
    overlap). Round bases: centre distance less both radii; hulls: nearest points."""
    if isinstance(a, RoundBase) and isinstance(b, RoundBase):
        return max(0.0, distance(a.centre, b.centre) - a.radius - b.radius)
    if isinstance(a, RoundBase) or isinstance(b, RoundBase):
        round_base, hull = (a, b) if isinstance(a, RoundBase) else (b, a)
        assert isinstance(round_base, RoundBase) and isinstance(hull, Hull)
        return max(0.0, _point_gap(round_base.centre, hull) - round_base.radius)
    return max(0.0, _outline_gap(outline(a), outline(b)))


def gap_within(a: Model, b: Model, limit: int) -> bool:
    """Is the edge-to-edge distance at most ``limit`` hundredths? Exact for round bases
    (integer arithmetic), so "within 6 inches" never depends on rounding."""
    if isinstance(a, RoundBase) and isinstance(b, RoundBase):
        return within(a.centre, b.centre, limit + a.radius + b.radius)
    return gap(a, b) <= limit


def gap_inches(a: Model, b: Model) -> float:
    """Edge-to-edge distance in inches, for display (two decimals)."""
    return round(gap(a, b) / HUNDREDTHS, 2)


def outline(model: Model, segments: int = 24) -> tuple[tuple[float, float], ...]:
    """The model's footprint as a polygon ring (hundredths): the hull's corners, or a
    ``segments``-gon circumscribing the base (it covers the whole circle)."""
    if isinstance(model, Hull):
        return model.corners()
    r = model.radius / math.cos(math.pi / segments)
    cx, cy = model.centre
    return tuple(
        (
            cx + r * math.cos(2 * math.pi * i / segments),
            cy + r * math.sin(2 * math.pi * i / segments),
        )
        for i in range(segments)
    )


def _outline_gap(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]]) -> float:
    from shapely.geometry import Polygon

    return float(Polygon(a).distance(Polygon(b)))


def _point_gap(point: Point, hull: Hull) -> float:
    """Distance from a point to a hull (0 inside), in hull coordinates."""
    ahead, right = hull.local(point)
    dx = max(0.0, abs(ahead) - hull.length / 2)
    dy = max(0.0, abs(right) - hull.width / 2)
    return math.hypot(dx, dy)


def bearing(a: Point, b: Point) -> float:
    """Direction from ``a`` to ``b`` in degrees clockwise from +x, in [0, 360)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


#: The eight compass points, clockwise from +x (the table's top edge is north).
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


def compass(degrees: float) -> str:
    """A direction (degrees clockwise from +x) as the nearest of eight compass points,
    the table's top edge being north: 0 east, 90 south, 270 north."""
    return COMPASS[round((degrees % 360.0) / 45.0) % 8]


def toward_words(a: Point, b: Point) -> str:
    """How a player says where ``b`` lies from ``a``: ``3.5" north-east`` (distance in
    inches, centre to centre, and the compass point); ``where he stands`` at ``a``."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 0.5:
        return "where he stands"
    return f'{round(length / 100, 1):g}" {compass(bearing(a, b))}'


def in_arc(viewer: Point, facing: float, target: Model, arc: float = 180.0) -> bool:
    """Is any part of ``target`` inside the ``arc`` (degrees, centred on ``facing``)
    seen from ``viewer``? 5.56mm: the field of sight is 180 deg from the model's front.
    A target whose base straddles the arc's edge counts as inside."""
    centre = target.centre
    dx, dy = centre[0] - viewer[0], centre[1] - viewer[1]
    dist = math.hypot(dx, dy)
    if dist == 0:
        return True
    reach = (
        target.radius
        if isinstance(target, RoundBase)
        else math.hypot(target.length, target.width) / 2
    )
    diff = abs((bearing(viewer, centre) - facing + 180.0) % 360.0 - 180.0)
    slack = 180.0 if reach >= dist else math.degrees(math.asin(reach / dist))
    return diff <= arc / 2 + slack + 1e-9


def hull_side(hull: Hull, source: Point) -> HullSide:
    """Which face of a vehicle ``source`` is in front of: the sectors are bounded by
    the lines through the hull's diagonals (on a diagonal, front/rear wins)."""
    ahead, right = hull.local(source)
    if abs(ahead) * hull.width >= abs(right) * hull.length:
        return "front" if ahead > 0 else "rear"
    return "side"


def under_template(
    centre: Point, models: Sequence[Model], radius: int = BLAST_RADIUS
) -> tuple[int, ...]:
    """Indices of ``models`` whose base is under or partly under a round blast template
    of ``radius`` hundredths at ``centre`` (RatFight grenades: a 3" template, radius
    150). A base touching the template's edge counts (integer test for round bases)."""
    hits: list[int] = []
    for i, model in enumerate(models):
        if isinstance(model, RoundBase):
            hit = within(centre, model.centre, radius + model.radius)
        else:
            hit = _point_gap(centre, model) <= radius
        if hit:
            hits.append(i)
    return tuple(hits)


def step_toward(start: Point, target: tuple[float, float], length: float) -> Point:
    """The point ``length`` hundredths from ``start`` toward ``target`` (rounded)."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    dist = math.hypot(dx, dy)
    if dist == 0:
        return start
    return (round(start[0] + dx * length / dist), round(start[1] + dy * length / dist))


def circumradius(model: Model) -> float:
    """Radius of the circle about the model's centre that holds its whole footprint
    (hundredths): a round base's radius, half a hull's diagonal."""
    if isinstance(model, RoundBase):
        return float(model.radius)
    return math.hypot(model.length, model.width) / 2


#: Slack of the quick tests below (hundredths): far more than any rounding of floats.
_SURE = 1.0


def touching(a: Model, b: Model) -> bool:
    """``gap(a, b) <= 0``: the footprints touch or overlap. Models whose circumscribed
    circles are clearly apart are answered without measuring the footprints."""
    if distance(a.centre, b.centre) > circumradius(a) + circumradius(b) + _SURE:
        return False
    return gap(a, b) <= 0


def path_gap_below(start: Point, end: Point, model: Model, limit: float) -> bool:
    """``path_gap(start, end, model) < limit``: a path passing clearly outside the
    model's circumscribed circle (by more than ``limit``) is answered at once."""
    if _segment_distance(model.centre, start, end) - circumradius(model) > limit + _SURE:
        return False
    if isinstance(model, RoundBase):
        return path_gap(start, end, model) < limit
    # path_gap's measures in its order, stopping at the first under the limit (its minimum
    # is under the limit exactly when one of them is).
    if _point_gap(start, model) == 0 or _point_gap(end, model) == 0:
        return 0.0 < limit
    ring = model.corners()
    edges = list(zip(ring, ring[1:] + ring[:1], strict=True))
    if any(_segments_cross(start, end, a, b) for a, b in edges):
        return 0.0 < limit
    return any(_segment_distance(corner, start, end) < limit for corner in ring) or any(
        _segment_distance(p, a, b) < limit for p in (start, end) for a, b in edges
    )


def path_gap(start: Point, end: Point, model: Model) -> float:
    """Edge distance in hundredths between the straight path ``start``-``end`` (a line,
    no width) and a model's footprint (0 when the path touches or crosses it). A base
    of radius r moving along the path passes through the model when this is under r;
    a vehicle sweeping its width, under half its width."""
    if isinstance(model, RoundBase):
        return max(0.0, _segment_distance(model.centre, start, end) - model.radius)
    if _point_gap(start, model) == 0 or _point_gap(end, model) == 0:
        return 0.0
    ring = model.corners()
    edges = list(zip(ring, ring[1:] + ring[:1], strict=True))
    if any(_segments_cross(start, end, a, b) for a, b in edges):
        return 0.0
    return min(
        min(_segment_distance(corner, start, end) for corner in ring),
        min(_segment_distance(p, a, b) for p in (start, end) for a, b in edges),
    )


def _segment_distance(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if not length2 else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = min(1.0, max(0.0, t))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def _segments_cross(
    p1: tuple[float, float],
    p2: tuple[float, float],
    q1: tuple[float, float],
    q2: tuple[float, float],
) -> bool:
    def side(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = side(q1, q2, p1), side(q1, q2, p2)
    d3, d4 = side(p1, p2, q1), side(p1, p2, q2)
    if d1 == d2 == d3 == d4 == 0:  # on one line: do their extents overlap?
        return all(
            min(p1[k], p2[k]) <= max(q1[k], q2[k]) and min(q1[k], q2[k]) <= max(p1[k], p2[k])
            for k in (0, 1)
        )
    return d1 * d2 <= 0 and d3 * d4 <= 0
