"""The rules that refuse RatFight's actions: each ``*_problem`` names the rule a move,
a pivot, an assault, a shot, a retarget or a redraw breaks, or returns None.
``dispatch.why_not`` is the one authority that picks among them by action type.
Distances are hundredths of an inch; allowances come from ``data/rules.yaml``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon

from game.maps.tabletop import Point, TerrainPiece, hundredths
from game.maps.tabletop_measure import Hull, bearing, distance, gap, outline
from game.rules.ratfight.actions import (
    Fire,
)
from game.rules.ratfight.board import Board, is_armoured
from game.rules.ratfight.data import Ability, FireMode, WeaponSpec
from game.rules.ratfight.model import ON_TABLE, Figure, Status

RULE_CARDS = "RatFight, Action Cards"
RULE_MOVE = "RatFight, Movement"
RULE_FIRE = "RatFight, Firing"
RULE_CLOSE = "RatFight, Close Combat"
RULE_VEHICLES = "RatFight, Shooting at Vehicles"
RULE_HEROES = "RatFight, Leaders and Heroes"
#: How refusals name what moves a way: "impassable to tracked vehicles".
MOVERS = {
    "infantry": "infantry",
    "bicycle": "bicycles",
    "wheeled": "wheeled vehicles",
    "tracked": "tracked vehicles",
    "hovercraft": "hovercraft",
    "flying": "flying vehicles",
}
MOVE_MEMO_LIMIT = 2_000  # groups of remembered move answers (each up to ~50 end points)


@dataclass(frozen=True, slots=True)
class Path:
    """A checked move: its length and whether it went over an obstacle (hundredths)."""

    length: float
    climbed: bool
    facing: int | None


def _piece(piece: TerrainPiece) -> str:
    """A terrain piece as a player names it: "Bois Noir (wood)", "Farmyard wall"."""
    kind = piece.kind.replace("_", " ")
    if not piece.name:
        return f"the {kind}"
    return piece.name if kind in piece.name.lower() else f"{piece.name} ({kind})"


def _not_enemy(board: Board, target_id: str) -> str:
    target = board.figure(target_id)
    return f"{target.label} is not an enemy model" if target else "that is not an enemy model"


def can_move(figure: Figure, weapons: dict[str, WeaponSpec]) -> str | None:
    """Whether the model may move at all (Down, gone, tripod guns)."""
    if figure.status is Status.DOWN:
        return f"{figure.label} is Down and may not move or fire: {RULE_FIRE} 3"
    if figure.status not in (Status.UP, Status.ABOARD):
        return f"{figure.label} is out of the fight"
    if any(weapons[w].tripod for w in figure.unit.weapons):
        return f"{figure.label} has a tripod gun, which cannot be moved: RatFight, Weapons"
    return None


def allowance(board: Board, figure: Figure, road_share: float, length: float) -> float:
    """How much of a move's allowance a straight move uses (1.0 = all of it): road and
    off-road inches in proportion to their speeds."""
    rate = board.setting.rules.movement[figure.unit.movement]
    road = road_share * length
    return (length - road) / hundredths(rate.off_road) + road / hundredths(rate.road)


def check_path(
    board: Board,
    figure: Figure,
    start: Point,
    end: Point,
    *,
    scale: float = 1.0,
    slack: float = 0.0,
    goal: Figure | None = None,
    near: Sequence[Figure] | None = None,
) -> tuple[str | None, Path | None]:
    """Check a straight move for the model's movement type (``scale`` 0.5 when a
    vehicle reverses; ``slack`` hundredths measured from a transport's hull; ``goal``
    a vehicle the move ends touching, which is therefore not in its way; ``near``, if
    given, the models that might be in the way: every other is too far to matter)."""
    rules = board.setting.rules
    rate = rules.movement[figure.unit.movement]
    geometry = board.setting.geometry
    check = geometry.move(start, end, radius=figure.radius, movement=rate.ground)
    if not check.on_table:
        return f"the move would leave the table: {RULE_MOVE}", None
    if check.impassable:
        return (
            f"{_piece(check.impassable[0])} is impassable to {MOVERS[figure.unit.movement]}: "
            f"{RULE_MOVE}",
            None,
        )
    length = max(0.0, check.length - slack)
    used = allowance(board, figure, check.road_share, length) / scale
    climbs = check.crossings
    climbed = bool(climbs)
    if climbs:
        if figure.unit.movement in ("wheeled", "hovercraft"):
            return (
                f"{figure.unit.movement} vehicles cannot cross {_piece(climbs[0])}: {RULE_MOVE}",
                None,
            )
        tall = [p for p in climbs if not p.linear and p.height_in > rules.climb_height_in]
        if tall:
            return f"{_piece(tall[0])} is too high to climb: {RULE_MOVE}", None
        if len(climbs) > 1:
            return (
                f"crossing an obstacle takes a whole move ({len(climbs)} here): {RULE_MOVE}",
                None,
            )
        if length > hundredths(rules.obstacle_move_in) + 1e-6:
            return (
                f"getting over {_piece(climbs[0])} takes the whole move: at most "
                f'{rules.obstacle_move_in:g}": {RULE_MOVE}',
                None,
            )
    elif used > 1.0 + 1e-9:
        return (
            f'too far: {length / 100:.2f}" uses {used:.0%} of the move: {RULE_MOVE}',
            None,
        )
    blocked = _blocked_by_vehicles(board, figure, start, end, goal, near)
    if blocked is not None:
        return f"{blocked.label} is in the way: {RULE_MOVE}", None
    return None, Path(length, climbed, None)


def _blocked_by_vehicles(
    board: Board,
    figure: Figure,
    start: Point,
    end: Point,
    goal: Figure | None = None,
    near: Sequence[Figure] | None = None,
) -> Figure | None:
    """A vehicle (or wreck) the moving base would pass through (``goal``, the vehicle
    a charge ends against, excepted; ``near`` as in :func:`check_path`)."""
    if figure.unit.movement == "flying":
        return None
    if start == end:
        return None
    path: LineString | None = None
    clear = figure.radius - 1
    for other in board.on_table() if near is None else near:
        if other is figure or other is goal or not other.vehicle or other.id == figure.aboard:
            continue
        if segment_distance(start, end, other.pos) >= other.extent + clear:
            continue  # too far from the hull's centre to touch it
        path = path or LineString((start, end))
        if path.distance(Polygon(outline(other.shape()))) < clear:
            return other
    return None


def segment_distance(a: Point, b: Point, p: Point) -> float:
    """Distance from ``p`` to the segment ``a``-``b`` (hundredths)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if not length2 else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = min(1.0, max(0.0, t))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def move_problem(board: Board, figure: Figure, to: Point, *, reverse: bool) -> str | None:
    """Why ``figure`` may not move (or reverse) straight to ``to``."""
    return move_problems(board, figure, (to,), reverse=reverse)[0]


def move_problems(
    board: Board, figure: Figure, targets: Sequence[Point], *, reverse: bool
) -> list[str | None]:
    """:func:`move_problem` for each of ``targets``, remembered.

    No move is longer than the model's best allowance (road, off road or over an
    obstacle) plus, for a passenger, the reach of its transport's hull, and a longer
    one is refused before
    any other model is looked at. So the answer for a target within that ``bound`` of
    where the move starts reads only the models within ``bound`` plus both models'
    reaches: it is remembered (``Setting.move_memo``) by those models, the moving model
    and its transport. Targets farther away are answered afresh."""
    problem = _mover_problem(figure, board.setting.weapons, reverse)
    if problem or not targets:
        return [problem] * len(targets)
    start, transport = figure.pos, None
    if figure.status is Status.ABOARD:
        transport = board.figures[figure.aboard or ""]
        start = transport.pos
    rules = board.setting.rules
    rate = rules.movement[figure.unit.movement]
    longest = max(rate.off_road, rate.road, rules.obstacle_move_in)  # a climb's short move
    bound = hundredths(longest) + 1.0
    if transport is not None:
        bound += transport.extent
    clear = figure.radius - 1
    others: list[Figure] = []
    in_way: list[Figure] = []
    for other in board.figures.values():
        if other.status not in ON_TABLE or other is figure or other.id == figure.aboard:
            continue
        apart = distance(start, other.pos)
        if apart <= bound + figure.extent + other.extent + 1:
            others.append(other)
        if other.vehicle and apart <= bound + other.extent + clear + 1:
            in_way.append(other)
    key = (
        _sig(figure),
        None if transport is None else _sig(transport),
        reverse,
        tuple(_sig(o) for o in others),
        tuple(_sig(o) for o in in_way),
    )
    memo = board.setting.move_memo
    answers = memo.get(key)
    if answers is None:
        if len(memo) >= MOVE_MEMO_LIMIT:
            memo.clear()
        answers = memo[key] = {}
    out: list[str | None] = []
    for to in targets:
        if to in answers:
            out.append(answers[to])
        elif distance(start, to) <= bound:
            answer = answers[to] = _target_problem(board, figure, to, reverse, in_way, others)
            out.append(answer)
        else:
            out.append(_target_problem(board, figure, to, reverse, None, None))
    return out


def _sig(figure: Figure) -> tuple[object, ...]:
    """What a move check reads of a model: which it is, its profile, state and place."""
    return (figure.id, figure.unit_id, figure.status, figure.pos, figure.facing, figure.aboard)


def _mover_problem(figure: Figure, weapons: dict[str, WeaponSpec], reverse: bool) -> str | None:
    problem = can_move(figure, weapons)
    if not problem and reverse and (not figure.vehicle or not figure.unit.can_reverse):
        problem = f"{figure.label} cannot reverse: {RULE_MOVE}"
    return problem


def _target_problem(
    board: Board,
    figure: Figure,
    to: Point,
    reverse: bool,
    in_way: Sequence[Figure] | None,
    others: Sequence[Figure] | None,
) -> str | None:
    """The checks of :func:`move_problem` that depend on where the move ends
    (``in_way``, ``others``: the models that might block the path or touch the model
    there, None for all of them)."""
    if reverse:
        back = (figure.facing + 180) % 360
        if _angle_between(bearing(figure.pos, to), back) > 90:
            return f"reversing goes backwards: {RULE_MOVE}"
    if to == figure.pos:
        return "a move must go somewhere (vehicles pivot to turn on the spot)"
    start, slack = figure.pos, 0.0
    if figure.status is Status.ABOARD:
        transport = board.figures[figure.aboard or ""]
        start = transport.pos
        slack = _hull_reach(transport, to)  # a passenger's move starts at the hull's edge
    problem, _path = check_path(
        board, figure, start, to, scale=0.5 if reverse else 1.0, slack=slack, near=in_way
    )
    if problem:
        return problem
    facing = (
        figure.facing if not figure.vehicle or reverse else round(bearing(figure.pos, to)) % 360
    )
    return placement_problem(board, figure, to, facing, others)


def _hull_reach(vehicle: Figure, toward: Point) -> float:
    """From the hull's centre to its edge in the direction of ``toward`` (hundredths)."""
    hull = vehicle.shape()
    assert isinstance(hull, Hull)
    ahead, right = hull.local(toward)
    norm = math.hypot(ahead, right) or 1.0
    ux, uy = abs(ahead) / norm, abs(right) / norm
    half_l, half_w = hull.length / 2, hull.width / 2
    return min(half_l / ux if ux else math.inf, half_w / uy if uy else math.inf)


def placement_problem(
    board: Board,
    figure: Figure,
    to: Point,
    facing: int,
    near: Sequence[Figure] | None = None,
) -> str | None:
    """The model at ``to`` must be on the table, not on another model, and not touching
    an enemy (moving into contact is close combat: ``assault``). ``near``, if given:
    the models that might touch it there (every other is too far away)."""
    shape = figure.shape(at=to, facing=facing)
    if not board.setting.geometry.on_table(shape):
        return f"the model would not be wholly on the table: {RULE_MOVE}"
    x, y = to
    extent = figure.extent
    for other in board.figures.values() if near is None else near:
        if other.status not in ON_TABLE or other is figure or other.id == figure.aboard:
            continue
        reach = extent + other.extent
        dx, dy = other.pos[0] - x, other.pos[1] - y
        if dx * dx + dy * dy > reach * reach:
            continue  # too far apart to touch, whatever their facings
        if gap(shape, other.shape()) <= 0:
            if other.side != figure.side and other.status is not Status.ABANDONED:
                return f"touching {other.label} is close combat (assault): {RULE_CLOSE}"
            return f"{other.label} is in the way: {RULE_MOVE}"
    return None


def pivot_problem(board: Board, figure: Figure, facing: int) -> str | None:
    if not figure.vehicle:
        return f"only vehicles turn on the spot as a move: {RULE_MOVE}"
    if not 0 <= facing < 360:
        return "a facing is 0 to 359 degrees"
    problem = can_move(figure, board.setting.weapons)
    if problem:
        return problem
    if facing == figure.facing:
        return f"{figure.label} already faces {facing} deg"
    return placement_problem(board, figure, figure.pos, facing)


def contact_point(figure: Figure, target: Figure) -> Point:
    """Where ``figure``'s base ends in contact with ``target`` coming straight at it."""
    from shapely.geometry import Point as ShapelyPoint
    from shapely.ops import nearest_points

    if target.vehicle:
        hull = Polygon(outline(target.shape()))
        near = nearest_points(hull, ShapelyPoint(figure.pos))[0]
        aim: tuple[float, float] = (near.x, near.y)
        dist = math.hypot(aim[0] - figure.pos[0], aim[1] - figure.pos[1])
        length = max(0.0, dist - figure.radius)
    else:
        aim = target.pos
        dist = math.hypot(aim[0] - figure.pos[0], aim[1] - figure.pos[1])
        length = max(0.0, dist - figure.radius - target.radius)
    if dist == 0:
        return figure.pos
    # round outward so the bases touch (gap <= 0) rather than stop a hair short
    t = (length + 1.0) / dist
    return (
        round(figure.pos[0] + (aim[0] - figure.pos[0]) * t),
        round(figure.pos[1] + (aim[1] - figure.pos[1]) * t),
    )


def assault_problem(board: Board, figure: Figure, target_id: str) -> str | None:
    """Infantry move into contact with an enemy; the move follows the movement rules."""
    if not figure.infantry:
        return f"only infantry make close assaults: {RULE_CLOSE}"
    if figure.status is not Status.UP:
        return f"{figure.label} must be standing on the table to assault: {RULE_CLOSE}"
    problem = can_move(figure, board.setting.weapons)
    if problem:
        return problem
    target = board.figure(target_id)
    if target is None or target.side == figure.side:
        return _not_enemy(board, target_id)
    if target.status not in (Status.UP, Status.DOWN):
        return f"{target.label} is not a target for close combat: {RULE_CLOSE}"
    to = contact_point(figure, target)
    if to == figure.pos:
        return None
    # the charge ends touching the target: a vehicle target is not in its own way
    problem, _ = check_path(board, figure, figure.pos, to, goal=target)
    return problem


# -- firing ---------------------------------------------------------------------------------


def fire_mode(board: Board, weapon_id: str, mode: int) -> tuple[WeaponSpec, FireMode] | None:
    spec = board.setting.weapons.get(weapon_id)
    if spec is None or not 0 <= mode < len(spec.modes):
        return None
    return spec, spec.modes[mode]


def fire_problem(board: Board, figure: Figure, action: Fire) -> str | None:
    """Firing: the model is up, carries the weapon, sees the target within range, and
    an armoured target needs armour piercing."""
    if figure.status is not Status.UP:
        return f"{figure.label} may not fire while {figure.status.value}: {RULE_FIRE} 3"
    if action.weapon not in figure.unit.weapons:
        return f"{figure.label} does not carry that weapon"
    found = fire_mode(board, action.weapon, action.mode_index)
    if found is None:
        title = board.setting.weapons[action.weapon].title
        return f"{title} has no way of firing number {action.mode}"
    _spec, mode = found
    target = board.figure(action.target)
    if target is None or target.side == figure.side:
        return _not_enemy(board, action.target)
    return target_problem(board, figure, target, mode, need_sight=True)


def target_problem(
    board: Board, figure: Figure, target: Figure, mode: FireMode, *, need_sight: bool
) -> str | None:
    if target.status is not Status.UP:
        what = "Down: shooting it again does nothing" if target.status is Status.DOWN else "gone"
        return f"{target.label} is {what}: {RULE_FIRE} 3"
    if target.vehicle and is_armoured(target) and mode.ap == 0:
        return f"{target.label} is armoured and this weapon has no armour piercing: {RULE_VEHICLES}"
    distance = board.gap(figure, target)
    if need_sight:
        if distance > hundredths(mode.range_in):
            away = f'{distance / 100:.2f}" away, beyond {mode.range_in:g}"'
            return f"{target.label} is {away}: {RULE_FIRE} 1"
        if not board.sight(figure, target).clear:
            return f"{figure.label} has no line of sight to {target.label}: {RULE_FIRE} 1"
    return None


def retarget_problem(board: Board, target_id: str) -> str | None:
    """Leftover shots go onto an enemy within 3" of the downed target, seen or not."""
    pending = board.pending
    assert pending is not None
    shooter = board.figures[pending.shooter]
    target = board.figure(target_id)
    if target is None or target.side == shooter.side:
        return _not_enemy(board, target_id)
    around = board.figures[pending.around]
    if target is around:
        return f"{target.label} is already Down: {RULE_FIRE} 5"
    if board.gap(around, target) > hundredths(board.setting.rules.retarget_in):
        near = f'{board.setting.rules.retarget_in:g}" of {around.label}'
        return f"{target.label} is not within {near}: {RULE_FIRE} 5"
    mode = board.setting.weapons[pending.weapon].modes[pending.mode]
    return target_problem(board, shooter, target, mode, need_sight=False)


def redraw_problem(board: Board) -> str | None:
    """Inspiring: once a turn, a player whose Inspiring leader is up may discard the
    action card just turned over (before acting on it) and turn over another."""
    seat = board.seat
    assert seat is not None
    if board.inspired[seat]:
        return f"the Inspiring leader has already redrawn this turn: {RULE_HEROES}"
    if board.used:
        return f"the card has been acted on: {RULE_HEROES}"
    if not inspiring_leader(board, seat):
        return f"no Inspiring leader of yours is standing: {RULE_HEROES}"
    return None


def inspiring_leader(board: Board, seat: int) -> Figure | None:
    for figure in board.figures.values():
        if figure.side == seat and figure.status is Status.UP and figure.has(Ability.INSPIRING):
            return figure
    return None


def _angle_between(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)
