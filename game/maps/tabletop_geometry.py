"""Terrain questions on a tabletop map, answered with shapely.

:class:`TableGeometry` is built once per :class:`~game.maps.tabletop.Table` (prepared
geometries in an STRtree) and then answers, for positions in hundredths of an inch:

- :meth:`~TableGeometry.pieces_at`: which pieces a model's base overlaps ("in terrain");
- :meth:`~TableGeometry.move`: a straight move's length, the linear obstacles it
  crosses and what they cost a movement type, impassable pieces, the share on roads;
- :meth:`~TableGeometry.sight`: line of sight between two models (see its docstring
  for the rule), the share of the target that is visible, and "in terrain";
- :meth:`~TableGeometry.move_candidates`: a finite, deterministic set of destinations
  for free movement (toward cover, toward or away from points, on two rings).

Shapely only answers questions: nothing here holds rules state, and results are plain
values (pieces, integers in hundredths, floats in [0, 1]).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import nearest_points

from game.maps.tabletop import (
    DEFAULT_BASE_RADIUS,
    DEFAULT_MODEL_HEIGHT_IN,
    Cover,
    MovementType,
    Point,
    Table,
    TerrainPiece,
)
from game.maps.tabletop_measure import (
    Hull,
    Model,
    RoundBase,
    distance,
    outline,
    step_toward,
    within,
)
from game.maps.tabletop_moves import MoveCheck, check_moves
from game.maps.tabletop_segments import Outline
from game.maps.tabletop_sight import (
    SIGHT_LINES,
    Obstacle,
    Sight,
    SightQuery,
    trace_sights,
)
from game.maps.tabletop_sight import best_cover as _best_cover

MOVE_MEMO_LIMIT = 50_000
AROUND_MEMO_LIMIT = 10_000  # each a few dozen points
ROAD_STEP = 100  # road stops are sampled every inch along a road's line
ROAD_STOPS = 2  # road stops kept per point a model heads for


class TableGeometry:
    """Prepared shapely geometry of one table (build once, query often)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.pieces = table.pieces
        shapes: list[shapely.Geometry] = []
        lines: list[LineString | None] = []
        for piece in self.pieces:
            if piece.linear:
                line = LineString(piece.outline)
                lines.append(line)
                shapes.append(line.buffer(piece.thickness / 2, cap_style="flat"))
            else:
                lines.append(None)
                shapes.append(Polygon(piece.outline))
        self._shapes = np.array(shapes, dtype=object)
        self._lines = lines
        shapely.prepare(self._shapes)
        for line in lines:
            if line is not None:
                shapely.prepare(line)
        self._tree = shapely.STRtree(self._shapes)
        # sight lines meet only the pieces that can hide: a tree of those alone (roads
        # and open ground have large boxes that many lines cross), by piece index
        self._hiding = np.array([i for i, p in enumerate(self.pieces) if p.blocks_los], dtype=int)
        self._sight_tree = shapely.STRtree(self._shapes[self._hiding])
        self._heights = [p.height_in for p in self.pieces]
        roads = [s for s, p in zip(shapes, self.pieces, strict=True) if p.road]
        self._roads = shapely.union_all(roads) if roads else None
        if self._roads is not None:
            shapely.prepare(self._roads)
        # straight moves by (start, end, radius, movement): a pure function of the
        # table, asked again and again while bots list and check moves
        self._moves: dict[tuple[Point, Point, int, str], MoveCheck] = {}
        self._destinations: dict[tuple[object, ...], tuple[Point, ...]] = {}
        self._at: dict[Model, tuple[int, ...]] = {}
        self._not_open: dict[str, np.ndarray] = {}
        self._arounds: dict[tuple[object, ...], tuple[Point, ...]] = {}
        self._linear_mask = np.array([line is not None for line in lines], dtype=bool)
        self._model_outlines: dict[Model, Outline] = {}
        self._index = {id(piece): i for i, piece in enumerate(self.pieces)}
        self._bounds: list[tuple[float, float, float, float]] = [
            (x0, y0, x1, y1) for x0, y0, x1, y1 in shapely.bounds(self._shapes).tolist()
        ]
        self._line_array = np.array(lines, dtype=object)

    # -- where things are -------------------------------------------------------------
    def shape(self, piece: TerrainPiece) -> shapely.Geometry:
        """The piece's footprint (linear pieces: their strip of ``thickness``)."""
        return self._shapes[self._piece_index(piece)]

    def bounds(self, piece: TerrainPiece) -> tuple[float, float, float, float]:
        """The box of the piece's footprint: min x, min y, max x, max y (hundredths)."""
        return self._bounds[self._piece_index(piece)]

    def _piece_index(self, piece: TerrainPiece) -> int:
        found = self._index.get(id(piece))
        return found if found is not None else self.pieces.index(piece)

    def pieces_at(self, model: Model) -> tuple[TerrainPiece, ...]:
        """Pieces the model's base or hull overlaps or touches ("in terrain"), in
        table order."""
        return tuple(self.pieces[i] for i in self.indices_at(model))

    def pieces_at_point(self, point: Point) -> tuple[TerrainPiece, ...]:
        """Pieces whose footprint contains or touches the point."""
        found = self._tree.query(ShapelyPoint(point), predicate="intersects")
        return tuple(self.pieces[i] for i in sorted(int(i) for i in found))

    def cover_at(self, model: Model) -> Cover:
        """The best cover among the pieces the model is in ("none" outside terrain)."""
        return _best_cover(self.pieces_at(model))

    def on_road(self, point: Point) -> bool:
        """Is the point on a road piece?"""
        return self._roads is not None and bool(self._roads.intersects(ShapelyPoint(point)))

    def on_table(self, model: Model) -> bool:
        """Is the whole base or hull on the table?"""
        if isinstance(model, RoundBase):
            (x, y), r = model.centre, model.radius
            return r <= x <= self.table.width - r and r <= y <= self.table.height - r
        return all(
            0 <= cx <= self.table.width and 0 <= cy <= self.table.height
            for cx, cy in model.corners()
        )

    def indices_at(self, model: Model) -> tuple[int, ...]:
        """Indices into ``pieces`` of the pieces the model is in (see :meth:`pieces_at`),
        ascending; remembered by the model (a pure function of the table)."""
        found = self._at.get(model)
        if found is None:
            if len(self._at) >= MOVE_MEMO_LIMIT:
                self._at.clear()
            found = self._at[model] = tuple(self._indices_at(model))
        return found

    def indices_at_many(self, models: Sequence[Model]) -> list[tuple[int, ...]]:
        """:meth:`indices_at` of each model (one tree query for the round bases not yet
        remembered)."""
        memo = self._at
        missing = [m for m in models if m not in memo and isinstance(m, RoundBase)]
        if len(missing) > 1:
            if len(memo) + len(missing) >= MOVE_MEMO_LIMIT:
                memo.clear()
            centres = shapely.points(np.array([m.centre for m in missing], dtype=float))
            radii = np.array([m.radius for m in missing], dtype=float)
            which, pieces = self._tree.query(centres, predicate="dwithin", distance=radii)
            found: list[list[int]] = [[] for _ in missing]
            for k, i in zip(which.tolist(), pieces.tolist(), strict=True):
                found[k].append(i)
            for model, indices in zip(missing, found, strict=True):
                memo[model] = tuple(sorted(indices))
        return [self.indices_at(m) for m in models]

    def _indices_at(self, model: Model) -> list[int]:
        if isinstance(model, RoundBase):
            found = self._tree.query(
                ShapelyPoint(model.centre), predicate="dwithin", distance=model.radius
            )
        else:
            found = self._tree.query(Polygon(model.corners()), predicate="intersects")
        return sorted(int(i) for i in found)

    def model_outline(self, model: Model) -> Outline:
        """The :class:`Outline` of a model's footprint (``tabletop_measure.outline``),
        remembered by the model."""
        found = self._model_outlines.get(model)
        if found is None:
            if len(self._model_outlines) >= AROUND_MEMO_LIMIT:
                self._model_outlines.clear()
            found = self._model_outlines[model] = Outline([outline(model)])
        return found

    # -- moving -----------------------------------------------------------------------
    def move(
        self,
        start: Point,
        end: Point,
        *,
        radius: int = DEFAULT_BASE_RADIUS,
        movement: MovementType = "infantry",
    ) -> MoveCheck:
        """Check a straight move of a base of ``radius`` (hundredths; a vehicle uses
        half its width) for ``movement``.

        A linear piece is crossed when the centre line meets the piece's line; an area
        piece is entered when the moving base overlaps it anywhere along the way
        (touching its edge is not entering). A piece whose movement is ``impassable``
        for this type may not be crossed or entered; ``climb`` pieces are reported in
        ``crossings`` (RatFight: crossing a linear obstacle takes a full move; 5.56mm:
        a Movement roll against the obstacle's height).
        """
        key = (start, end, radius, movement)
        found = self._moves.get(key)
        if found is None:
            if len(self._moves) >= MOVE_MEMO_LIMIT:
                self._moves.clear()
            found = self._moves[key] = check_moves(self, start, (end,), radius, movement)[0]
        return found

    def moves_from(
        self,
        start: Point,
        ends: Sequence[Point],
        *,
        radius: int = DEFAULT_BASE_RADIUS,
        movement: MovementType = "infantry",
    ) -> list[MoveCheck]:
        """:meth:`move` from ``start`` to each of ``ends``, in order (the moves not yet
        remembered are checked together: much cheaper per move)."""
        memo = self._moves
        fresh: dict[Point, MoveCheck] = {}
        missing = [e for e in dict.fromkeys(ends) if (start, e, radius, movement) not in memo]
        if missing:
            if len(memo) + len(missing) >= MOVE_MEMO_LIMIT:
                # Clearing forgets the moves found above too: check every end afresh.
                memo.clear()
                missing = list(dict.fromkeys(ends))
            checks = check_moves(self, start, missing, radius, movement)
            for end, check in zip(missing, checks, strict=True):
                fresh[end] = memo[start, end, radius, movement] = check
        return [fresh[e] if e in fresh else memo[start, e, radius, movement] for e in ends]

    def _blocking(self, movement: MovementType) -> np.ndarray:
        """Which pieces are not ``open`` to ``movement`` (a mask over ``pieces``)."""
        mask = self._not_open.get(movement)
        if mask is None:
            mask = self._not_open[movement] = np.array(
                [p.move(movement) != "open" for p in self.pieces], dtype=bool
            )
        return mask

    def move_path(
        self,
        waypoints: Sequence[Point],
        *,
        radius: int = DEFAULT_BASE_RADIUS,
        movement: MovementType = "infantry",
    ) -> tuple[MoveCheck, ...]:
        """:meth:`move` for each leg of a path through ``waypoints`` (the total length
        is the sum of the legs' lengths)."""
        return tuple(
            self.move(a, b, radius=radius, movement=movement)
            for a, b in zip(waypoints, waypoints[1:], strict=False)
        )

    def reach_outline(
        self,
        start: Point,
        reach: int,
        *,
        radius: int = DEFAULT_BASE_RADIUS,
        movement: MovementType = "infantry",
        directions: int = 72,
    ) -> tuple[Point, ...]:
        """How far a base can move straight from ``start`` in each of ``directions``
        directions (clockwise from +x) before it meets a piece that is not ``open`` to
        ``movement`` or the table edge: a ring of points (hundredths) for drawing the
        move radius clipped by obstacles. Pieces the base already touches do not clip."""
        here = ShapelyPoint(start)
        touching = set(self._indices_at(RoundBase(start, radius)))
        barriers: list[shapely.Geometry] = []
        for i in sorted(int(i) for i in self._tree.query(here.buffer(reach + radius))):
            piece = self.pieces[i]
            if i in touching or piece.move(movement) == "open":
                continue
            line = self._lines[i]
            barriers.append(line if line is not None else self._shapes[i].buffer(radius))
        lo, hi_x, hi_y = radius, self.table.width - radius, self.table.height - radius
        ring: list[Point] = []
        for k in range(directions):
            angle = 2 * math.pi * k / directions
            dx, dy = math.cos(angle), math.sin(angle)
            limit = float(reach)
            for bound, d in ((lo - start[0], dx), (hi_x - start[0], dx)):
                if d and bound / d > 0:
                    limit = min(limit, bound / d)
            for bound, d in ((lo - start[1], dy), (hi_y - start[1], dy)):
                if d and bound / d > 0:
                    limit = min(limit, bound / d)
            ray = LineString((start, (start[0] + dx * limit, start[1] + dy * limit)))
            for barrier in barriers:
                met = ray.intersection(barrier)
                if not met.is_empty:
                    limit = min(limit, float(here.distance(met)))
            limit = max(0.0, limit)
            ring.append((round(start[0] + dx * limit), round(start[1] + dy * limit)))
        return tuple(ring)

    # -- seeing -----------------------------------------------------------------------
    def sight(
        self,
        viewer: Model,
        target: Model,
        *,
        viewer_height: float = DEFAULT_MODEL_HEIGHT_IN,
        target_height: float = DEFAULT_MODEL_HEIGHT_IN,
        obstacles: Sequence[Obstacle] = (),
        lines: int = SIGHT_LINES,
        viewer_altitude: float = 0.0,
        target_altitude: float = 0.0,
    ) -> Sight:
        """Line of sight from ``viewer`` to ``target`` (heights in inches).

        ``lines`` parallel sight lines run from one side of the viewer's base to the
        other side of the target's (the outermost at 90% of each radius, so a line
        grazing a base's edge does not count). A line is blocked by a piece with
        ``blocks_los`` at least half as tall as the target (RatFight: "terrain half the
        height of a model blocks line of sight"; a tank shows above a hedge that hides a
        man), or by an ``obstacle`` as tall. Pieces
        either model stands in never block (models in terrain see out and are seen).
        The target is visible (``clear``) if any line is clear; when some lines are
        blocked it is partly in view and counts as in terrain.

        ``visible_share`` is the mean, over the lines, of the part of the target's
        height that shows above the tallest hiding piece on that line (a 0.5" wall
        hides half a 1" figure; a piece as tall as the target hides it all).

        For equal heights and radii the answer for ``clear`` is symmetric.

        A model in the air (``viewer_altitude`` or ``target_altitude`` inches above the
        table: a helicopter, 5.56mm) is traced in height instead: a piece or obstacle
        hides what the straight line from the viewer's eyes over its top cannot reach
        (``tabletop_sight.lifted_share``), and it blocks a line when that is half the
        target or more.
        """
        query = SightQuery(
            viewer,
            target,
            viewer_height,
            target_height,
            tuple(obstacles),
            viewer_altitude=viewer_altitude,
            target_altitude=target_altitude,
        )
        return trace_sights(self, (query,), lines)[0]

    def sight_many(self, queries: Sequence[SightQuery], lines: int = SIGHT_LINES) -> list[Sight]:
        """:meth:`sight` for each query, in order, traced together (one tree query and
        one vectorized intersection test for all of them: much cheaper per pair)."""
        return trace_sights(self, queries, lines)

    # -- choosing where to go ---------------------------------------------------------
    def move_candidates(
        self,
        start: Point,
        reach: int,
        *,
        radius: int = DEFAULT_BASE_RADIUS,
        movement: MovementType = "infantry",
        toward: Sequence[Point] = (),
        away: Sequence[Point] = (),
        occupied: Sequence[Model] = (),
        directions: int = 8,
        road_reach: int = 0,
    ) -> tuple[Point, ...]:
        """A finite set of destinations within ``reach`` hundredths of ``start`` for
        free movement, in a fixed order without duplicates:

        1. toward each point of ``toward`` (stopping in base contact if it is nearer
           than ``reach``), 2. straight away from each point of ``away``, 3. into each
           piece giving cover within reach (the nearest point of its footprint, so the
           base overlaps it), 4. ``directions`` points on the full-reach ring and on the
           half-reach ring (starting at 0 deg, clockwise), 5. when ``road_reach`` (the
           allowance on a road) is longer than ``reach``: for each point of ``toward``,
           the two points along a road nearest it that a straight move reaches within
           the allowance, off-road inches counting at the ``reach`` rate and road
           inches at the ``road_reach`` rate.

        Every point keeps the base on the table, is reached by a :meth:`move` that is
        legal for ``movement`` and does not overlap a model of ``occupied``. Moves that
        cross ``climb`` obstacles are kept (the rules decide what a climb costs).
        """
        key = (start, reach, radius, movement, tuple(toward), tuple(away), directions, road_reach)
        reachable = self._destinations.get(key)
        if reachable is None:
            if len(self._destinations) >= MOVE_MEMO_LIMIT:
                self._destinations.clear()
            reachable = self._destinations_from(
                start, reach, radius, movement, toward, away, directions
            )
            if road_reach > reach:
                extra = self._road_stops(start, reach, road_reach, radius, movement, toward)
                reachable += tuple(p for p in extra if p not in reachable)
            self._destinations[key] = reachable
        near = [m for m in occupied if _may_touch(start, reach + radius, m)]
        if not near:
            return reachable
        return tuple(
            p for p in reachable if not any(_overlaps(RoundBase(p, radius), m) for m in near)
        )

    def _road_stops(
        self,
        start: Point,
        reach: int,
        road_reach: int,
        radius: int,
        movement: MovementType,
        toward: Sequence[Point],
    ) -> tuple[Point, ...]:
        """Points along the roads within the road allowance, nearest each of
        ``toward`` (two each), reached by a legal straight move within the allowance."""
        if self._roads is None or not toward:
            return ()
        here = ShapelyPoint(start)
        stops: list[Point] = []
        for i in sorted(
            int(i) for i in self._tree.query(here, predicate="dwithin", distance=road_reach)
        ):
            line = self._lines[i]
            if self.pieces[i].road and line is not None:
                stops += [
                    p
                    for p in _along(line, ROAD_STEP)
                    if within(start, p, road_reach) and p != start
                ]
        out: list[Point] = []
        for target in toward:
            ranked = sorted(stops, key=lambda p: (distance(p, target), p))
            kept = 0
            for point in ranked:
                if kept == ROAD_STOPS or point in out:
                    continue
                check = self.move(start, point, radius=radius, movement=movement)
                if not check.legal or check.crossings:
                    continue
                road = check.road_share * check.length
                used = (check.length - road) / reach + road / road_reach
                if used <= 1.0 + 1e-9:
                    out.append(point)
                    kept += 1
        return tuple(out)

    def _destinations_from(
        self,
        start: Point,
        reach: int,
        radius: int,
        movement: MovementType,
        toward: Sequence[Point],
        away: Sequence[Point],
        directions: int,
    ) -> tuple[Point, ...]:
        """:meth:`move_candidates` before other models and roads are considered: the
        points toward and away from the given ones, then :meth:`_around`'s (each point
        once, in that order)."""
        raw: list[Point] = []
        for point in toward:
            dist = math.hypot(point[0] - start[0], point[1] - start[1])
            contact = max(0.0, dist - 2 * radius)
            raw.append(step_toward(start, point, min(reach, contact)))
        for point in away:
            mirror = (2 * start[0] - point[0], 2 * start[1] - point[1])
            raw.append(step_toward(start, mirror, reach))
        seen: set[Point] = {start, *raw}
        aimed = self._reachable(start, reach, radius, movement, raw)
        around = self._around(start, reach, radius, movement, directions)
        return aimed + tuple(p for p in around if p not in seen)

    def _around(
        self, start: Point, reach: int, radius: int, movement: MovementType, directions: int
    ) -> tuple[Point, ...]:
        """Into each piece giving cover within reach, then on the full and half rings:
        the points a legal move reaches (a pure function of the table, remembered)."""
        key = (start, reach, radius, movement, directions)
        found = self._arounds.get(key)
        if found is not None:
            return found
        raw: list[Point] = []
        here = ShapelyPoint(start)
        for i in sorted(
            int(i) for i in self._tree.query(here, predicate="dwithin", distance=reach)
        ):
            piece = self.pieces[i]
            if piece.cover == "none" or piece.move(movement) == "impassable":
                continue
            near = nearest_points(self._shapes[i], here)[0]
            raw.append(step_toward(start, (near.x, near.y), min(reach, here.distance(near))))
        for ring in (reach, reach // 2):
            for k in range(directions):
                angle = 2 * math.pi * k / directions
                raw.append(
                    (
                        round(start[0] + ring * math.cos(angle)),
                        round(start[1] + ring * math.sin(angle)),
                    )
                )
        found = self._reachable(start, reach, radius, movement, raw)
        if len(self._arounds) >= AROUND_MEMO_LIMIT:
            self._arounds.clear()
        self._arounds[key] = found
        return found

    def _reachable(
        self, start: Point, reach: int, radius: int, movement: MovementType, raw: list[Point]
    ) -> tuple[Point, ...]:
        """The points of ``raw`` (each once, ``start`` left out) within ``reach`` of
        ``start`` that a legal straight move reaches, in order (checked together)."""
        seen: set[Point] = {start}
        wanted: list[Point] = []
        for point in raw:
            if point in seen:
                continue
            seen.add(point)
            dx, dy = point[0] - start[0], point[1] - start[1]
            if dx * dx + dy * dy <= reach * reach:
                wanted.append(point)
        checks = self.moves_from(start, wanted, radius=radius, movement=movement)
        return tuple(p for p, check in zip(wanted, checks, strict=True) if check.legal)


def _along(line: LineString, step: float) -> list[Point]:
    """Points every ``step`` hundredths along ``line`` (both ends included)."""
    count = max(1, int(line.length // step))
    out: list[Point] = []
    for k in range(count + 1):
        p = line.interpolate(min(line.length, k * step))
        out.append((round(p.x), round(p.y)))
    return out


def _may_touch(point: Point, reach: float, model: Model) -> bool:
    """Could ``model`` come within ``reach`` of ``point``? (a cheap bound: its centre
    within ``reach`` plus its half-diagonal)"""
    if isinstance(model, RoundBase):
        extent = float(model.radius)
    else:
        extent = math.hypot(model.length, model.width) / 2
    dx, dy = model.centre[0] - point[0], model.centre[1] - point[1]
    return dx * dx + dy * dy <= (reach + extent) ** 2


def _overlaps(base: RoundBase, other: Model) -> bool:
    if isinstance(other, RoundBase):
        dx, dy = base.centre[0] - other.centre[0], base.centre[1] - other.centre[1]
        reach = base.radius + other.radius
        return dx * dx + dy * dy < reach * reach
    return bool(ShapelyPoint(base.centre).distance(Polygon(other.corners())) < base.radius)


__all__ = [
    "SIGHT_LINES",
    "Hull",
    "MoveCheck",
    "Obstacle",
    "Sight",
    "SightQuery",
    "TableGeometry",
]
