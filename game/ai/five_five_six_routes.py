"""How far a 5.56mm character has to go to reach an objective, around what is in the way.

A straight line to the objective leads a bot into the back of a building it cannot walk
through; :func:`route_field` lays a 1.5" grid over the table, joins each square to its eight
neighbours by the table's own move check (``TableGeometry`` via ``check_moves``: no
edge through an impassable piece or off the table; a crossing of a piece to climb
counts an extra :data:`CLIMB_IN` inches, for the roll and the time it may take; a step
on difficult ground (6.01: rubble, ruins, water) counts double) and
measures, from every square the objective covers, the shortest way back (Dijkstra). The
field is built once per map and objective (about 0.1 s) and kept.

:meth:`RouteField.inches_from` reads it for any point: the best of the four nearest
squares' distance plus the straight step to that square.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from pathlib import Path

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from game.maps.tabletop import Point
from game.maps.tabletop_geometry import TableGeometry
from game.maps.tabletop_moves import check_moves
from game.rules.five_five_six.ground import ground_of
from game.rules.five_five_six.model import RADIUS

STEP = 150  # hundredths of an inch between grid squares (1.5")
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


_FIELDS: dict[tuple[Path, str], RouteField] = {}


def route_field(
    geometry: TableGeometry, path: Path, name: str, objective: BaseGeometry
) -> RouteField:
    """The field for the objective ``name`` of the map at ``path`` (built once)."""
    key = (path, name)
    found = _FIELDS.get(key)
    if found is None:
        found = _FIELDS[key] = _build(geometry, objective)
    return found


def _centre(column: int, row: int) -> Point:
    return (column * STEP + STEP // 2, row * STEP + STEP // 2)


def _build(geometry: TableGeometry, objective: BaseGeometry) -> RouteField:
    columns = max(1, geometry.table.width // STEP)
    rows = max(1, geometry.table.height // STEP)
    edges: list[list[tuple[int, float]]] = [[] for _ in range(columns * rows)]
    rough = [
        any(
            ground_of(piece) not in SMOOTH
            for piece in geometry.pieces_at_point(_centre(i % columns, i // columns))
        )
        for i in range(columns * rows)
    ]
    for row in range(rows):
        for column in range(columns):
            start = _centre(column, row)
            ends = [
                (column + dx, row + dy)
                for dx, dy in STEPS
                if 0 <= column + dx < columns and 0 <= row + dy < rows
            ]
            checks = check_moves(geometry, start, [_centre(*e) for e in ends], RADIUS, "infantry")
            for (c, r), check in zip(ends, checks, strict=True):
                if not check.legal:
                    continue
                a, b = row * columns + column, r * columns + c
                pace = 1.0 + ROUGH_EXTRA * (rough[a] + rough[b]) / 2
                cost = pace * check.length / 100 + CLIMB_IN * len(check.crossings)
                edges[a].append((b, cost))
                edges[b].append((a, cost))
    inches = [math.inf] * (columns * rows)
    queue: list[tuple[float, int]] = []
    for row in range(rows):
        for column in range(columns):
            if objective.distance(ShapelyPoint(_centre(column, row))) <= RADIUS:
                inches[row * columns + column] = 0.0
                queue.append((0.0, row * columns + column))
    heapq.heapify(queue)
    while queue:
        far, cell = heapq.heappop(queue)
        if far > inches[cell]:
            continue
        for other, cost in edges[cell]:
            if far + cost < inches[other]:
                inches[other] = far + cost
                heapq.heappush(queue, (far + cost, other))
    return RouteField(columns, rows, tuple(inches))
