"""Straight moves on the open table, checked for many end points at once.

:class:`~game.maps.tabletop_geometry.TableGeometry` answers ``move`` (one move) and
``moves_from`` (many moves from one start) with :func:`check_moves`: the paths are
built as one array, meet the pieces in one STRtree query, and the pieces' tests
(crossing a line, entering an area, the share on a road) are vectorized shapely calls,
so listing a model's destinations pays shapely's call overhead once. The rule is stated
on :meth:`TableGeometry.move`; a batch answers exactly as the moves checked one by one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from game.maps.tabletop import MovementType, Point, TerrainPiece
from game.maps.tabletop_measure import RoundBase

if TYPE_CHECKING:
    from game.maps.tabletop_geometry import TableGeometry


@dataclass(frozen=True, slots=True)
class MoveCheck:
    """A straight move of a base's centre from ``start`` to ``end``.

    ``length`` in hundredths (exact float; compare with :func:`within` for limits).
    ``crossings``: linear pieces the centre line crosses and area pieces the base
    enters whose movement for this type is ``climb`` (in order along the move).
    ``impassable``: pieces the move may not cross or enter. ``on_table``: the base
    ends wholly on the table. ``road_share``: 0..1 of the move's length on road pieces.
    """

    start: Point
    end: Point
    length: float
    crossings: tuple[TerrainPiece, ...]
    impassable: tuple[TerrainPiece, ...]
    on_table: bool
    road_share: float

    @property
    def legal(self) -> bool:
        """On the table and through nothing impassable (climbs are the rules' call)."""
        return self.on_table and not self.impassable


def check_moves(
    geometry: TableGeometry,
    start: Point,
    ends: Sequence[Point],
    radius: int,
    movement: MovementType,
) -> list[MoveCheck]:
    """Check the straight move from ``start`` to each of ``ends`` (see
    :meth:`TableGeometry.move` for the rule), in order. A helper of ``TableGeometry``:
    it reads the table's prepared pieces and tree."""
    if not ends:
        return []
    pieces = geometry.pieces
    paths = np.array(
        [ShapelyPoint(start) if end == start else LineString((start, end)) for end in ends],
        dtype=object,
    )
    which, found = geometry._tree.query(paths, predicate="dwithin", distance=radius)
    keep = geometry._blocking(movement)[found]
    which, found = which[keep], found[keep]
    touched = np.zeros(len(which), dtype=bool)
    linear = geometry._linear_mask[found]
    if linear.any():
        touched[linear] = shapely.intersects(
            geometry._line_array[found[linear]], paths[which[linear]]
        )
    area = ~linear
    if area.any():
        touched[area] = shapely.distance(geometry._shapes[found[area]], paths[which[area]]) < (
            radius - 0.5
        )
    which, found = which[touched].tolist(), found[touched].tolist()
    hits: list[list[tuple[float, TerrainPiece]]] = [[] for _ in ends]
    if found:
        away = dict(
            zip(
                set(found),
                shapely.distance(geometry._shapes[list(set(found))], ShapelyPoint(start)).tolist(),
                strict=True,
            )
        )
        for k, i in zip(which, found, strict=True):
            hits[k].append((away[i], pieces[i]))
    roads = _road_shares(geometry, start, ends, paths)
    out: list[MoveCheck] = []
    for k, end in enumerate(ends):
        met = sorted(hits[k], key=lambda h: (h[0], h[1].id))
        out.append(
            MoveCheck(
                start=start,
                end=end,
                length=math.hypot(end[0] - start[0], end[1] - start[1]),
                crossings=tuple(p for _, p in met if p.move(movement) == "climb"),
                impassable=tuple(p for _, p in met if p.move(movement) == "impassable"),
                on_table=geometry.on_table(RoundBase(end, radius)),
                road_share=roads[k],
            )
        )
    return out


def _road_shares(
    geometry: TableGeometry, start: Point, ends: Sequence[Point], paths: np.ndarray
) -> list[float]:
    """The share of each move's length on roads (a standing "move": 1 on a road)."""
    roads = geometry._roads
    if roads is None:
        return [0.0] * len(ends)
    lengths = [math.hypot(end[0] - start[0], end[1] - start[1]) for end in ends]
    moving = [k for k, length in enumerate(lengths) if length != 0]
    shares = [0.0] * len(ends)
    if moving:
        # most moves miss the roads: the prepared test rules those out (their share is
        # 0, as an empty intersection's length) before measuring the others' overlap
        meets = shapely.intersects(roads, paths[moving]).tolist()
        moving = [k for k, met in zip(moving, meets, strict=True) if met]
    if moving:
        on_road = shapely.length(shapely.intersection(roads, paths[moving])).tolist()
        for k, part in zip(moving, on_road, strict=True):
            shares[k] = min(1.0, float(part) / lengths[k])
    for k, length in enumerate(lengths):
        if length == 0:
            shares[k] = 1.0 if roads.intersects(paths[k]) else 0.0
    return shares
