"""A finite, representative set of actions for bots, ``simulate`` and tests.

Free moves cannot be listed, so each model is offered a few destinations that matter:
toward the nearest enemy and the scenario's objectives, into nearby cover, on two rings
(full and half move) and, for models faster on a road, the road stops nearest those
targets, from :meth:`TableGeometry.move_candidates`; each is kept
only if ``why_not`` accepts it. Every firing choice (weapon, mode, target in sight and
range) is listed, and every close assault within reach.
"""

from __future__ import annotations

import math

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import nearest_points

from game.core.api import Action
from game.core.memo import forget_on_new_game
from game.maps.tabletop import Point, TableFeature, hundredths
from game.maps.tabletop_measure import bearing
from game.rules.ratfight.actions import (
    Assault,
    End,
    Fire,
    Hold,
    Move,
    Pivot,
    Redraw,
    Retarget,
    Reverse,
)
from game.rules.ratfight.board import Board
from game.rules.ratfight.data import CardKind
from game.rules.ratfight.dispatch import moves_problems, why_not
from game.rules.ratfight.model import Figure, Status

RING_DIRECTIONS = 6
OVERLAP = 10  # hundredths a base reaches into an objective it heads for


def candidate_actions(board: Board) -> list[Action]:
    """The legal actions among :func:`listed_actions`, in its order."""
    return keep_legal(board, listed_actions(board))


def listed_actions(board: Board) -> list[Action]:
    """The representative actions for the card turned over, before legality is
    checked: retargets and hold while shots are left over; otherwise every firing
    choice or the chosen moves and assaults, then redraw and end."""
    if board.winners is not None or board.seat is None or board.card is None:
        return []
    out: list[Action] = []
    if board.pending is not None:
        for enemy in board.enemies_of(board.seat):
            out.append(Retarget(enemy.id))
        out.append(Hold())
        return out
    spec = board.card_spec()
    assert spec is not None
    if spec.kind is CardKind.FIRE:
        out += _fire_choices(board)
    elif spec.kind is CardKind.MOVE_INFANTRY:
        out += _infantry_moves(board)
    elif spec.kind is CardKind.MOVE_VEHICLE:
        out += _vehicle_moves(board)
    out.append(Redraw())
    out.append(End())
    return out


def keep_legal(board: Board, actions: list[Action]) -> list[Action]:
    """``[a for a in actions if why_not(board, a) is None]``, with each model's moves
    (and reverses) checked together by :func:`moves_problems`: the same answers."""
    batches: dict[tuple[str, bool], list[Point]] = {}
    for action in actions:
        if isinstance(action, Move | Reverse):
            batches.setdefault((action.figure, isinstance(action, Reverse)), []).append(action.to)
    verdicts: dict[tuple[str, bool, Point], bool] = {}
    for (figure_id, reverse), points in batches.items():
        answers = moves_problems(board, figure_id, points, reverse=reverse)
        for point, answer in zip(points, answers, strict=True):
            verdicts[figure_id, reverse, point] = answer is None
    return [
        a
        for a in actions
        if (
            verdicts[a.figure, isinstance(a, Reverse), a.to]
            if isinstance(a, Move | Reverse)
            else why_not(board, a) is None
        )
    ]


def _mine(board: Board) -> list[Figure]:
    return [
        f
        for f in board.figures.values()
        if f.side == board.seat
        and f.status in (Status.UP, Status.ABOARD)
        and f.id not in board.used
    ]


def _fire_choices(board: Board) -> list[Action]:
    out: list[Action] = []
    for figure in _mine(board):
        out += fire_choices_of(board, figure)
    return out


def fire_choices_of(board: Board, figure: Figure) -> list[Action]:
    """Every firing choice of one model (weapon, mode, target within range), before
    sight is checked (traced for all of them in one batch, for the checks that follow)."""
    choices = fire_in_range(board, figure)
    board.prefetch_sights((figure, enemy) for _fire, enemy in choices)
    return [fire for fire, _enemy in choices]


def fire_in_range(board: Board, figure: Figure) -> list[tuple[Fire, Figure]]:
    """One model's firing choices at standing enemies within each mode's range, each
    with its target, in the candidates' order (weapon, mode, enemy); sight unchecked."""
    out: list[tuple[Fire, Figure]] = []
    seat = board.seat
    assert seat is not None
    if figure.status is not Status.UP:
        return out
    enemies = [e for e in board.enemies_of(seat) if e.status is Status.UP]
    gaps = [board.gap(figure, enemy) for enemy in enemies]
    for weapon_id in figure.unit.weapons:
        weapon = board.setting.weapons[weapon_id]
        for m, mode in enumerate(weapon.modes):
            reach = hundredths(mode.range_in)
            for enemy, gap in zip(enemies, gaps, strict=True):
                if gap > reach:
                    continue
                mode_no = None if len(weapon.modes) == 1 else m + 1
                out.append((Fire(figure.id, weapon_id, enemy.id, mode_no), enemy))
    return out


def move_targets(
    board: Board, figure: Figure, gaps: list[tuple[Figure, float]] | None = None
) -> list[Point]:
    """Points a model might head for: the nearest enemy, then the objectives
    (``gaps``: each enemy on the table with its gap to the model, if known)."""
    seat = figure.side
    if gaps is None:
        gaps = [(e, board.gap(figure, e)) for e in board.enemies_of(seat)]
    nearest = min(
        ((e, g) for e, g in gaps if e.status is not Status.ABANDONED),
        key=lambda pair: pair[1],
        default=None,
    )
    points: list[Point] = [nearest[0].pos] if nearest is not None else []
    for event in board.setting.scenario.events:
        if event.kind == "reach" and event.objective is not None and event.side == seat:
            feature = board.setting.objective(event.objective)
            points.append(aim_into(feature, figure.pos, figure.radius))
    return points


_AIMS: dict[tuple[object, ...], Point] = {}
forget_on_new_game(_AIMS.clear)
_AIMS_LIMIT = 20_000


def aim_into(feature: TableFeature, start: Point, radius: int) -> Point:
    """Where to head for a map feature so that a base of ``radius`` stopping in
    "contact" (a base's width short of the point, as with a model) overlaps it: its
    nearest point, pushed a base radius (and a little) further along the way.
    (A pure function of the feature's shape, the start and the radius: remembered.)"""
    key = (feature.area, feature.outline, start, radius)
    found = _AIMS.get(key)
    if found is None:
        if len(_AIMS) >= _AIMS_LIMIT:
            _AIMS.clear()
        found = _AIMS[key] = _aim_into(feature, start, radius)
    return found


def _aim_into(feature: TableFeature, start: Point, radius: int) -> Point:
    here = ShapelyPoint(start)
    if feature.area:
        near = nearest_points(Polygon(feature.outline), here)[0]
        x, y = near.x, near.y
    else:
        x, y = feature.outline[0]
    dist = math.hypot(x - start[0], y - start[1])
    if dist == 0:
        return start
    push = (radius + OVERLAP) / dist
    return (round(x + (x - start[0]) * push), round(y + (y - start[1]) * push))


def _infantry_moves(board: Board) -> list[Action]:
    out: list[Action] = []
    for figure in _mine(board):
        if figure.infantry:
            out += infantry_moves_of(board, figure)
    return out


def infantry_moves_of(board: Board, figure: Figure) -> list[Action]:
    """One infantry model's chosen moves, then its assaults on enemies within reach."""
    geometry = board.setting.geometry
    rules = board.setting.rules
    start = figure.pos if figure.status is Status.UP else board.figures[figure.aboard or ""].pos
    gaps = [(e, board.gap(figure, e)) for e in board.enemies_of(figure.side)]
    rate = rules.movement[figure.unit.movement]
    reach = hundredths(rate.off_road)
    points = geometry.move_candidates(
        start,
        reach,
        radius=figure.radius,
        movement=rate.ground,
        road_reach=hundredths(rate.road),
        toward=move_targets(board, figure, gaps),
        occupied=[f.shape() for f in board.on_table() if f is not figure and f.id != figure.aboard],
        directions=RING_DIRECTIONS,
    )
    out: list[Action] = [Move(figure.id, p) for p in points]
    if figure.status is Status.UP:
        for enemy, gap in gaps:
            if enemy.status in (Status.UP, Status.DOWN) and gap <= reach:
                out.append(Assault(figure.id, enemy.id))
    return out


def _vehicle_moves(board: Board) -> list[Action]:
    out: list[Action] = []
    for figure in _mine(board):
        if figure.vehicle:
            out += vehicle_moves_of(board, figure)
    return out


def vehicle_moves_of(board: Board, figure: Figure) -> list[Action]:
    """One vehicle's chosen moves, reverses (half speed) and pivots."""
    geometry = board.setting.geometry
    rules = board.setting.rules
    rate = rules.movement[figure.unit.movement]
    reach = hundredths(rate.off_road)
    targets = move_targets(board, figure)
    points = geometry.move_candidates(
        figure.pos,
        reach,
        radius=figure.radius,
        movement=rate.ground,
        road_reach=hundredths(rate.road),
        toward=targets,
        occupied=[f.shape() for f in board.on_table() if f is not figure and f.aboard != figure.id],
        directions=RING_DIRECTIONS,
    )
    out: list[Action] = [Move(figure.id, p) for p in points]
    back = (figure.facing + 180) % 360
    for p in geometry.move_candidates(
        figure.pos,
        reach // 2,
        radius=figure.radius,
        movement=rate.ground,
        directions=RING_DIRECTIONS,
    ):
        out.append(Reverse(figure.id, p))
    for point in targets[:1]:
        out.append(Pivot(figure.id, round(bearing(figure.pos, point)) % 360))
    out.append(Pivot(figure.id, back))
    return out
