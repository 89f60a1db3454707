"""How far a 5.56mm character has to go to reach an objective, around what is in the way.

A straight line to the objective leads a bot into the back of a building it cannot walk
through; :func:`route_field` lays a 1" grid over the table and joins each square to its
eight neighbours the way ``TableGeometry.move`` judges a straight move: no step through
a piece impassable to infantry (a linear piece crossed by the centre line, an area piece
the base would overlap); each piece to climb crossed adds :data:`CLIMB_IN` inches (the
roll and the time it may take); a step on difficult ground (6.01: rubble, ruins, water)
counts double. From every square the objective covers it measures the shortest way back
(Dijkstra). All steps are tested against the pieces in one vectorized shapely query, so
a field costs a few tens of milliseconds, once per map and objective.

:meth:`RouteField.inches_from` reads it for any point: the best of the four nearest
squares' distance plus the straight step to that square.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from game.maps.tabletop import MovementType, Point, TerrainPiece
from game.maps.tabletop_geometry import TableGeometry
from game.rules.five_five_six.ground import ground_of
from game.rules.five_five_six.model import RADIUS

STEP = 100  # hundredths of an inch between grid squares
CLIMB_IN = 1.0  # what crossing a piece to climb adds to a route, in inches
ROUGH_EXTRA = 1.0  # difficult ground (6.01) counts double: about half pace on average
SMOOTH = ("even", "obstacle")  # obstacles are the crossings, counted by CLIMB_IN
STEPS = ((1, 0), (0, 1), (1, 1), (-1, 1))  # each edge once; the field is undirected


@dataclass(frozen=True)
class RouteField:
    """Inches to the objective from each square's centre (``inf``: no way there)."""

    columns: int
    rows: int
    inches: tuple[float, ...]

    def at(self, column: int, row: int) -> float:
        if 0 <= column < self.columns and 0 <= row < self.rows:
            return self.inches[row * self.columns + column]
        return math.inf

    def inches_from(self, point: Point) -> float:
        """The route's length from ``point`` (inches; ``inf`` if walled off)."""
        fx = point[0] / STEP - 0.5
        fy = point[1] / STEP - 0.5
        best = math.inf
        for column in (math.floor(fx), math.floor(fx) + 1):
            for row in (math.floor(fy), math.floor(fy) + 1):
                here = self.at(column, row)
                if here < math.inf:
                    step = math.hypot(fx - column, fy - row) * STEP / 100
                    best = min(best, here + step)
        return best


_FIELDS: dict[tuple[Path, str, int | None, int], RouteField] = {}


def route_field(
    geometry: TableGeometry,
    path: Path,
    name: str,
    objective: BaseGeometry,
    *,
    wheeled_radius: int | None = None,
) -> RouteField:
    """The field for the objective ``name`` of the map at ``path`` (built once); with
    ``wheeled_radius`` (hundredths: half a vehicle's width) the field of a land vehicle,
    which neither enters what is impassable to it nor climbs (rules version 3). Kept by
    the geometry too: a map saved again at the same path is a new geometry (board.py
    keeps every geometry, so its id is never reused)."""
    key = (path, name, wheeled_radius, id(geometry))
    found = _FIELDS.get(key)
    if found is None:
        found = _FIELDS[key] = _build(geometry, objective, wheeled_radius)
    return found


def _centre(column: int, row: int) -> Point:
    return (column * STEP + STEP // 2, row * STEP + STEP // 2)


def _build(
    geometry: TableGeometry, objective: BaseGeometry, wheeled_radius: int | None = None
) -> RouteField:
    columns = max(1, geometry.table.width // STEP)
    rows = max(1, geometry.table.height // STEP)
    cells = [(c, r) for r in range(rows) for c in range(columns)]
    starts: list[int] = []
    ends: list[int] = []
    for row in range(rows):
        for column in range(columns):
            for dx, dy in STEPS:
                c, r = column + dx, row + dy
                if 0 <= c < columns and 0 <= r < rows:
                    starts.append(row * columns + column)
                    ends.append(r * columns + c)
    lines = shapely.linestrings(
        [[_centre(*cells[a]), _centre(*cells[b])] for a, b in zip(starts, ends, strict=True)]
    )
    if wheeled_radius is None:
        blocked = _touching(geometry, lines, "impassable")
        climbs = _touching(geometry, lines, "climb")
    else:
        blocked = _touching(geometry, lines, "not open", "wheeled", wheeled_radius)
        climbs = [0] * len(blocked)
    rough = _rough(geometry, [_centre(*cell) for cell in cells])
    edges: list[list[tuple[int, float]]] = [[] for _ in cells]
    for i, (a, b) in enumerate(zip(starts, ends, strict=True)):
        if blocked[i]:
            continue
        length = math.dist(_centre(*cells[a]), _centre(*cells[b])) / 100
        pace = 1.0 + ROUGH_EXTRA * (rough[a] + rough[b]) / 2
        cost = pace * length + CLIMB_IN * climbs[i]
        edges[a].append((b, cost))
        edges[b].append((a, cost))
    inches = [math.inf] * len(cells)
    queue: list[tuple[float, int]] = []
    for i, cell in enumerate(cells):
        if objective.distance(ShapelyPoint(_centre(*cell))) <= RADIUS:
            inches[i] = 0.0
            queue.append((0.0, i))
    heapq.heapify(queue)
    while queue:
        far, cell_index = heapq.heappop(queue)
        if far > inches[cell_index]:
            continue
        for other, cost in edges[cell_index]:
            if far + cost < inches[other]:
                inches[other] = far + cost
                heapq.heappush(queue, (far + cost, other))
    return RouteField(columns, rows, tuple(inches))


def _footprint(piece: TerrainPiece, radius: int = RADIUS) -> shapely.Geometry:
    """What a moving base meets: a linear piece's line (crossed by the centre line, as
    ``TableGeometry.move`` counts it), an area piece grown by the base's radius
    (entered when the base overlaps it)."""
    if piece.linear:
        return LineString(piece.outline)
    return Polygon(piece.outline).buffer(radius)


def _touching(
    geometry: TableGeometry,
    lines: np.ndarray,
    movement: str,
    mover: MovementType = "infantry",
    radius: int = RADIUS,
) -> list[int]:
    """How many pieces of this ``movement`` for ``mover`` each grid step meets
    (``not open``: any but open ground)."""
    shapes = [
        _footprint(p, radius)
        for p in geometry.pieces
        if (p.move(mover) != "open" if movement == "not open" else p.move(mover) == movement)
    ]
    count = [0] * len(lines)
    if shapes:
        hits = shapely.STRtree(shapes).query(lines, predicate="intersects")
        for line_index in hits[0]:
            count[int(line_index)] += 1
    return count


def _rough(geometry: TableGeometry, points: list[Point]) -> list[bool]:
    """Is each point on difficult ground (6.01)?"""
    shapes = [
        Polygon(p.outline) for p in geometry.pieces if not p.linear and ground_of(p) not in SMOOTH
    ]
    out = [False] * len(points)
    if shapes:
        hits = shapely.STRtree(shapes).query(shapely.points(points), predicate="intersects")
        for point_index in hits[0]:
            out[int(point_index)] = True
    return out
