"""Line of sight on the open table, traced for many pairs of models at once.

:class:`~game.maps.tabletop_geometry.TableGeometry` answers ``sight`` (one pair) and
``sight_many`` (a batch) with :func:`trace_sights`: the sight lines of every pair are
built as one array, meet the pieces' bounding boxes in one STRtree query and are tested
against the prepared pieces in one vectorized ``shapely.intersects`` call, so a bot
asking about every enemy pays shapely's call overhead once, not once per pair. The
rule is stated on :meth:`TableGeometry.sight`; a batch answers exactly as the pairs
asked one at a time would.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from game.maps.tabletop import COVER_RANK, DEFAULT_MODEL_HEIGHT_IN, Cover, TerrainPiece
from game.maps.tabletop_measure import Model, RoundBase, outline
from game.maps.tabletop_segments import Segments

if TYPE_CHECKING:
    from game.maps.tabletop_geometry import TableGeometry

#: Parallel sight lines traced between two models' bases (see TableGeometry.sight).
SIGHT_LINES = 5
#: Batches of up to this many pairs are set up in plain Python rather than numpy
#: (measured: cheaper for a few pairs, dearer for dozens).
FEW = 4


@dataclass(frozen=True, slots=True)
class Sight:
    """What one model sees of another (see :meth:`TableGeometry.sight`).

    ``clear``: at least one sight line is unblocked (RatFight: may be targeted).
    ``visible_share``: 0..1, the share of the target visible (5.56mm: >= 0.5 may fire,
    < 0.5 needs the spotting roll, < 0.25 adds +1). ``in_terrain``: the target stands in
    a piece giving cover or is only partly in view. ``cover``: the best cover among the
    target's pieces and the pieces hiding part of it. ``blockers``: pieces that block
    at least one sight line. ``lines_blocked`` of ``lines`` sight lines are blocked.
    """

    clear: bool
    visible_share: float
    in_terrain: bool
    cover: Cover
    blockers: tuple[TerrainPiece, ...]
    viewer_in: tuple[TerrainPiece, ...]
    target_in: tuple[TerrainPiece, ...]
    lines_blocked: int
    lines: int

    @property
    def partly_in_view(self) -> bool:
        """Some but not all sight lines are blocked."""
        return 0 < self.lines_blocked < self.lines


@dataclass(frozen=True, slots=True)
class Obstacle:
    """Something on the table that is not a terrain piece but blocks sight (an
    abandoned vehicle, a model): its footprint and height in inches."""

    model: Model
    height_in: float


@dataclass(frozen=True, slots=True)
class SightQuery:
    """One line-of-sight question for :meth:`TableGeometry.sight_many` (heights in
    inches; ``obstacles`` block this pair's sight lines as in ``sight``).

    ``viewer_altitude`` and ``target_altitude``: inches above the table of a model in
    the air (a helicopter and the men aboard it). With either above 0 the pair is
    traced in height (:func:`lifted_share`) instead of by the flat rule."""

    viewer: Model
    target: Model
    viewer_height: float = DEFAULT_MODEL_HEIGHT_IN
    target_height: float = DEFAULT_MODEL_HEIGHT_IN
    obstacles: tuple[Obstacle, ...] = ()
    viewer_altitude: float = 0.0
    target_altitude: float = 0.0

    @property
    def lifted(self) -> bool:
        """Is either model in the air (traced in height)?"""
        return self.viewer_altitude > 0 or self.target_altitude > 0


def lifted_share(query: SightQuery, height: float, near: float, far: float) -> float:
    """The share of the target (0..1) hidden by something ``height`` inches tall that
    a sight line crosses from ``near`` to ``far`` (fractions of the way from viewer to
    target), when the line runs in height: from the viewer's eyes (his altitude plus
    his height) to the target, which spans its altitude up to altitude + height.

    Whatever part of the target the straight line from the eyes over the piece's top
    edge cannot reach is hidden; the line is straight, so the piece hides most at one
    end of the stretch it covers. A piece lower than the line all along hides nothing
    (a building under a helicopter's flight path), one close under an elevated viewer
    little, one right beside the target much."""
    eye = query.viewer_altitude + query.viewer_height
    base, span = query.target_altitude, query.target_height
    if span <= 0:
        return 1.0
    worst = 0.0
    for t in (near, far):
        if t <= 1e-9:
            lowest_seen = math.inf if height >= eye else -math.inf
        else:
            lowest_seen = eye + (height - eye) / t
        worst = max(worst, min(1.0, max(0.0, (lowest_seen - base) / span)))
    return worst


def _crossing(ray: shapely.Geometry, shape: shapely.Geometry) -> tuple[float, float]:
    """Where a sight line (viewer to target) runs through a shape: the fractions of its
    length at which it enters and leaves."""
    met = shapely.intersection(ray, shape)
    length = float(shapely.length(ray)) or 1.0
    start, end = shapely.get_point(ray, 0), shapely.get_point(ray, -1)
    near = float(shapely.distance(start, met)) / length
    far = 1.0 - float(shapely.distance(end, met)) / length
    return near, max(near, far)


def trace_sights(
    geometry: TableGeometry, queries: Sequence[SightQuery], lines: int = SIGHT_LINES
) -> list[Sight]:
    """Answer every query (see :meth:`TableGeometry.sight` for the rule), in order.
    A helper of ``TableGeometry``: it reads the table's prepared pieces and tree."""
    if not queries:
        return []
    count = len(queries)
    rays, ends = _sight_rays(queries, lines)
    at = geometry.indices_at_many([m for q in queries for m in (q.viewer, q.target)])
    own = list(zip(at[::2], at[1::2], strict=True))
    blocked = [[False] * lines for _ in range(count)]
    hidden = [[0.0] * lines for _ in range(count)]
    blockers: list[set[int]] = [set() for _ in range(count)]
    # bounding boxes of the pieces that can hide first, then exact tests of the prepared
    # pieces (less those either model of the query stands in)
    heights = geometry._heights
    ray_hits, hiding_hits = geometry._sight_tree.query(rays)
    piece_hits = geometry._hiding[hiding_hits]
    if len(ray_hits) and any(v or t for v, t in own):
        if count <= FEW:  # a mask over every piece costs more than asking each hit
            skip = [{*v, *t} for v, t in own]
            keep = np.array(
                [
                    i not in skip[r // lines]
                    for r, i in zip(ray_hits.tolist(), piece_hits.tolist(), strict=True)
                ],
                dtype=bool,
            )
        else:
            stands_in = np.zeros((count, len(geometry.pieces)), dtype=bool)
            for q, (v, t) in enumerate(own):
                if v or t:
                    stands_in[q, [*v, *t]] = True
            keep = ~stands_in[ray_hits // lines, piece_hits]
        ray_hits, piece_hits = ray_hits[keep], piece_hits[keep]
    if len(ray_hits):
        met = shapely.intersects(geometry._shapes[piece_hits], rays[ray_hits])
        for r, i in zip(ray_hits[met].tolist(), piece_hits[met].tolist(), strict=True):
            q, j = divmod(r, lines)
            height = heights[i]
            query = queries[q]
            target_height = query.target_height
            if query.lifted:
                share = lifted_share(query, height, *_crossing(rays[r], geometry._shapes[i]))
                blocks = share >= 0.5
            else:
                share = min(1.0, height / target_height) if target_height else 1.0
                blocks = 2 * height >= target_height
            hidden[q][j] = max(hidden[q][j], share)
            if blocks:
                blocked[q][j] = True
                blockers[q].add(i)
    _obstacle_hits(geometry, queries, ends, lines, blocked, hidden)
    pieces = geometry.pieces
    out: list[Sight] = []
    for q in range(count):
        n_blocked = sum(blocked[q])
        viewer_idx, target_idx = own[q]
        target_in = tuple(pieces[i] for i in target_idx)
        viewer_in = tuple(pieces[i] for i in viewer_idx)
        hiding = tuple(pieces[i] for i in sorted(blockers[q]))
        clear = n_blocked < lines
        partly = clear and n_blocked > 0
        own_cover = best_cover(target_in)
        cover = best_cover((*target_in, *hiding)) if partly else own_cover
        out.append(
            Sight(
                clear=clear,
                visible_share=sum(1.0 - h for h in hidden[q]) / lines,
                in_terrain=own_cover != "none" or partly,
                cover=cover,
                blockers=hiding,
                viewer_in=viewer_in,
                target_in=target_in,
                lines_blocked=n_blocked,
                lines=lines,
            )
        )
    return out


def _obstacle_hits(
    geometry: TableGeometry,
    queries: Sequence[SightQuery],
    ends: list[list[float]],
    lines: int,
    blocked: list[list[bool]],
    hidden: list[list[float]],
) -> None:
    """Mark the sight lines each query's obstacles hide (``ends``: each line's start
    and end x, y). Obstacles are a few hulls with four edges: plain Python
    (:mod:`game.maps.tabletop_segments`, exact as shapely) beats building shapely
    polygons for them."""
    for q, query in enumerate(queries):
        if not query.obstacles:
            continue
        rays = Segments([(x0, y0, x1, y1) for x0, y0, x1, y1 in ends[q * lines : (q + 1) * lines]])
        target_height = query.target_height
        if query.lifted:
            _lifted_obstacle_hits(query, ends[q * lines : (q + 1) * lines], blocked[q], hidden[q])
            continue
        for obstacle in query.obstacles:
            met = rays.meeting(geometry.model_outline(obstacle.model))
            h = obstacle.height_in
            share = min(1.0, h / target_height) if target_height else 1.0
            for j in range(lines):
                if met[j]:
                    hidden[q][j] = max(hidden[q][j], share)
                    if 2 * h >= target_height:
                        blocked[q][j] = True


def _lifted_obstacle_hits(
    query: SightQuery, ends: list[list[float]], blocked: list[bool], hidden: list[float]
) -> None:
    """:func:`_obstacle_hits` for a query traced in height (a few, rare: shapely)."""
    rays = [shapely.LineString([(x0, y0), (x1, y1)]) for x0, y0, x1, y1 in ends]
    for obstacle in query.obstacles:
        hull = shapely.Polygon(outline(obstacle.model))
        for j, ray in enumerate(rays):
            if shapely.intersects(ray, hull):
                share = lifted_share(query, obstacle.height_in, *_crossing(ray, hull))
                hidden[j] = max(hidden[j], share)
                if share >= 0.5:
                    blocked[j] = True


def best_cover(pieces: Sequence[TerrainPiece]) -> Cover:
    """The best cover among ``pieces`` ("none" for none)."""
    best: Cover = "none"
    for piece in pieces:
        if COVER_RANK[piece.cover] > COVER_RANK[best]:
            best = piece.cover
    return best


def _half_extent(model: Model, px: float, py: float) -> float:
    """Half the model's width across the direction with unit normal (px, py)."""
    if isinstance(model, RoundBase):
        return float(model.radius)
    cx, cy = model.centre
    return max(abs((x - cx) * px + (y - cy) * py) for x, y in model.corners())


_FRACTIONS: dict[int, np.ndarray] = {}


def _few_sight_rays(
    queries: Sequence[SightQuery], fractions: list[float]
) -> tuple[np.ndarray, list[list[float]]]:
    """:func:`_sight_rays` in plain arithmetic: the same floats (each end is centre +
    fraction * offset, the two operations numpy's broadcast makes)."""
    ends: list[list[float]] = []
    for query in queries:
        viewer, target = query.viewer, query.target
        (ax, ay), (bx, by) = viewer.centre, target.centre
        dx, dy = bx - ax, by - ay
        dist = math.hypot(dx, dy) or 1.0
        px, py = -dy / dist, dx / dist
        ra, rb = 0.9 * _half_extent(viewer, px, py), 0.9 * _half_extent(target, px, py)
        sax, say, sbx, sby = ra * px, ra * py, rb * px, rb * py
        ends += [[ax + f * sax, ay + f * say, bx + f * sbx, by + f * sby] for f in fractions]
    rays: np.ndarray = shapely.linestrings(np.array(ends, dtype=float).reshape(-1, 2, 2))
    return rays, ends


def _sight_rays(queries: Sequence[SightQuery], count: int) -> tuple[np.ndarray, list[list[float]]]:
    """``count`` parallel segments per query, from across the viewer to across the
    target (the outermost at 90% of each half-width), query after query: as shapely
    lines, and as [start x, start y, end x, end y] when any query has obstacles
    (else empty)."""
    fractions = _FRACTIONS.get(count)
    if fractions is None:
        fractions = np.linspace(-1.0, 1.0, count) if count > 1 else np.zeros(1)
        _FRACTIONS[count] = fractions
    if len(queries) <= FEW:  # numpy's set-up costs more than a few lines' arithmetic
        return _few_sight_rays(queries, fractions.tolist())
    bases: list[tuple[float, float, float, float]] = []
    steps: list[tuple[float, float, float, float]] = []
    for query in queries:
        viewer, target = query.viewer, query.target
        (ax, ay), (bx, by) = viewer.centre, target.centre
        dx, dy = bx - ax, by - ay
        dist = math.hypot(dx, dy) or 1.0
        px, py = -dy / dist, dx / dist
        ra, rb = 0.9 * _half_extent(viewer, px, py), 0.9 * _half_extent(target, px, py)
        bases.append((ax, ay, bx, by))
        steps.append((ra * px, ra * py, rb * px, rb * py))
    # (query, line, [start x, start y, end x, end y])
    coords = np.array(bases, dtype=float)[:, None, :] + (
        fractions[None, :, None] * np.array(steps, dtype=float)[:, None, :]
    )
    rays: np.ndarray = shapely.linestrings(coords.reshape(-1, 2, 2))
    ends: list[list[float]] = []
    if any(q.obstacles for q in queries):
        ends = coords.reshape(-1, 4).tolist()
    return rays, ends
