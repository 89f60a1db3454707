"""Where a land vehicle can go on the table (4.6 Drive, 12.2 Ramming): a straight route
from its centre, what it costs of the movement allowance, whether its footprint can
pass and stop there, and who stands in its path.

Points are hundredths of an inch; costs inches. The footprint is the profile's
rectangle (``Vehicle.hull``); terrain comes from the shared table geometry (a vehicle
moves as ``wheeled``, sweeping half its width either side of its path), other vehicles
block as footprints (``tabletop_measure.path_gap``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import (
    RoundBase,
    bearing,
    circumradius,
    gap,
    path_gap_below,
    touching,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.vehicles.drive import basic_cost
from game.rules.five_five_six.vehicles.state import Vehicle

RULE_DRIVE = "5.56mm 4.6, Drive"
STEP_BACK = 50  # a Full Speed run blocked ahead stops this much short at a time (0.5")


@dataclass(frozen=True, slots=True)
class Route:
    """A straight drive: from ``start`` to ``end`` (hundredths), ``distance_in`` inches,
    ``angle`` degrees between the way the vehicle pointed (its rear when reversing) and
    the way it goes, the ``facing`` it ends with."""

    start: Point
    end: Point
    distance_in: float
    angle: float
    facing: int
    reverse: bool


def route_of(vehicle: Vehicle, to: Point, reverse: bool = False) -> Route:
    """The straight route to ``to``; forward the vehicle ends facing the way it went,
    in reverse it keeps its front to where it came from."""
    heading = (vehicle.facing + (180 if reverse else 0)) % 360
    travel = bearing(vehicle.pos, to) if to != vehicle.pos else float(heading)
    angle = abs((travel - heading + 180) % 360 - 180)
    facing = round(travel + (180 if reverse else 0)) % 360 if to != vehicle.pos else vehicle.facing
    dist = math.dist(vehicle.pos, to) / 100
    return Route(vehicle.pos, to, dist, angle, facing, reverse)


def direction_changes(angle: float, turns_90: int = 0) -> tuple[int, int]:
    """4.6/4.63: the cheapest way through ``angle`` degrees: (changes of up to 45
    degrees, 90-degree turns of a Turn task), at most ``turns_90`` of the latter."""
    best: tuple[int, int] | None = None
    for k in range(turns_90 + 1):
        left = max(0.0, angle - 90 * k)
        n45 = math.ceil(left / 45 - 1e-9)
        if best is None or n45 + k < sum(best):
            best = (n45, k)
        if left == 0:
            break
    assert best is not None
    return best


def route_cost(route: Route, turns_90: int = 0) -> float:
    """4.6: inches of the allowance the route uses (2" an inch in reverse, 1" for each
    change of direction up to 45 degrees, 1" for each 90-degree turn a Turn allowed)."""
    n45, k = direction_changes(route.angle, turns_90)
    forward = 0.0 if route.reverse else route.distance_in
    back = route.distance_in if route.reverse else 0.0
    return basic_cost(forward, turns=n45, reverse_in=back, turns_90=k)


def allowance_in(vehicle: Vehicle) -> float:
    """4.6 less what Major and Crippling Damage took (12.51)."""
    return max(0.0, vehicle.profile.movement_in - vehicle.effects.movement_loss_in)


def half_width(vehicle: Vehicle) -> int:
    return hundredths(vehicle.profile.width_in) // 2


def passage_problem(board: Board, vehicle: Vehicle, start: Point, end: Point) -> str | None:
    """Can the vehicle drive straight from ``start`` to ``end`` and stop there (facing
    the way it went or, reversing, away from it)? The path and the footprint at the end
    must stay on the table, off impassable ground and obstacles a wheeled vehicle does
    not climb (Interpretation V24), clear of other vehicles, and the footprint may not
    stop on a character (one in the path is rammed instead, 12.2)."""
    geometry = board.setting.geometry
    reach = half_width(vehicle)
    if start != end:
        check = geometry.move(start, end, radius=reach, movement="wheeled")
        if not check.on_table:
            return f"the {vehicle.name} would leave the table: {RULE_DRIVE}"
        if check.impassable or check.crossings:
            piece = (check.impassable or check.crossings)[0]
            return f"the {vehicle.name} cannot drive through {piece.player_name}: {RULE_DRIVE}"
    facing = vehicle.facing if start == end else _end_facing(vehicle, start, end)
    hull = vehicle.hull_at(end, facing)
    if not geometry.on_table(hull):
        return f"the {vehicle.name} would leave the table: {RULE_DRIVE}"
    for piece in geometry.pieces_at(hull):
        if piece.move("wheeled") != "open" and not piece.linear:
            return f"the {vehicle.name} cannot stop on {piece.player_name}: {RULE_DRIVE}"
    for other in board.vehicles.values():
        if other is vehicle or other.motion.airborne:  # V33: it drives under a helicopter
            continue
        footprint = other.hull
        if path_gap_below(start, end, footprint, reach) or touching(hull, footprint):
            return f"the {other.name} is in the way: {RULE_DRIVE}"
    for character in board.on_table():
        if character.aboard is None and touching(hull, character.base):
            return f"{character.name} stands where the {vehicle.name} would stop"
    return None


def _passage_test(board: Board, vehicle: Vehicle, start: Point) -> Callable[[Point], bool]:
    """``passage_problem(board, vehicle, start, end) is None`` for ends of drives from
    one start, as a test: the same conditions, the cheapest asked first (other
    vehicles and men, then terrain, which only the ends clear of them get to)."""
    geometry = board.setting.geometry
    reach = half_width(vehicle)
    others = [o.hull for o in board.vehicles.values() if o is not vehicle and not o.motion.airborne]
    hull_reach = circumradius(vehicle.hull)
    # Each man's base, and the squared distance from his centre within which the hull's
    # centre must come for the hull to touch his base (with a hundredth to spare).
    men = [
        (c.base, (hull_reach + c.base.radius + 1) ** 2)
        for c in board.on_table()
        if c.aboard is None
    ]

    def passes(end: Point) -> bool:
        facing = vehicle.facing if start == end else _end_facing(vehicle, start, end)
        hull = vehicle.hull_at(end, facing)
        for footprint in others:
            if path_gap_below(start, end, footprint, reach) or touching(hull, footprint):
                return False
        ex, ey = end
        for base, near in men:
            dx, dy = base.centre[0] - ex, base.centre[1] - ey
            if dx * dx + dy * dy <= near and gap(hull, base) <= 0:
                return False
        if start != end:
            check = geometry.move(start, end, radius=reach, movement="wheeled")
            if not check.on_table or check.impassable or check.crossings:
                return False
        if not geometry.on_table(hull):
            return False
        return not any(
            piece.move("wheeled") != "open" and not piece.linear
            for piece in geometry.pieces_at(hull)
        )

    return passes


def _end_facing(vehicle: Vehicle, start: Point, end: Point) -> int:
    """Forward it turns to the way it goes; reversing (the end behind it) it keeps its
    front away from the end."""
    travel = bearing(start, end)
    behind = abs((travel - vehicle.facing + 180) % 360 - 180) > 90
    return round(travel + (180 if behind else 0)) % 360


def in_path(board: Board, vehicle: Vehicle, start: Point, end: Point) -> list[Character]:
    """12.2: the characters (not aboard a vehicle) the vehicle runs into on the way,
    nearest first."""
    reach = half_width(vehicle)
    hit = [
        c
        for c in board.on_table()
        if c.aboard is None and start != end and path_gap_below(start, end, c.base, reach)
    ]
    return sorted(hit, key=lambda c: (math.dist(start, c.pos), c.id))


def vehicle_in_front(board: Board, vehicle: Vehicle, at: Point, facing: float) -> Vehicle | None:
    """Another vehicle within an inch of the nose of this one standing at ``at``."""
    half = hundredths(vehicle.profile.length_in) / 2
    nose = run_point(at, facing, half)
    ahead = run_point(at, facing, half + 2 * STEP_BACK)
    for other in board.vehicles.values():
        if (
            other is not vehicle
            and not other.motion.airborne
            and path_gap_below(nose, ahead, other.hull, half_width(vehicle))
        ):
            return other
    return None


def ram_stop(
    board: Board, vehicle: Vehicle, start: Point, end: Point
) -> tuple[Point, Vehicle] | None:
    """12.2 (Interpretation V31): a forward drive whose way meets another vehicle ends
    against it, ramming it: the farthest place short of it the vehicle can reach, and
    the vehicle rammed. None when the way is clear or something else stops it first."""
    if start == end or passage_problem(board, vehicle, start, end) is None:
        return None
    heading = bearing(start, end)
    length = math.dist(start, end)
    steps: list[Point] = []
    while length > 0:  # the places short of the end, half a step back at a time
        length -= STEP_BACK / 2
        steps.append(run_point(start, heading, max(0.0, length)))
    passes = _passage_test(board, vehicle, start)
    for at in steps:
        if at == start or passes(at):
            other = vehicle_in_front(board, vehicle, at, heading)
            return None if other is None else (at, other)
    return None


def run_point(start: Point, facing: float, length: float) -> Point:
    """The point ``length`` hundredths straight on from ``start`` along ``facing``."""
    rad = math.radians(facing)
    return (round(start[0] + math.cos(rad) * length), round(start[1] + math.sin(rad) * length))


def run_on(board: Board, vehicle: Vehicle, start: Point, facing: int, inches: float) -> Point:
    """4.62: a Full Speed run straight on from ``start`` along ``facing`` (Interpretation
    V25: the extra inches go straight ahead); blocked ahead, it stops short at the last
    place it can stop (half an inch at a time)."""
    length = hundredths(inches)
    while length > 0:
        end = run_point(start, facing, length)
        if passage_problem(board, vehicle, start, end) is None:
            return end
        length -= STEP_BACK
    return start


@dataclass(frozen=True, slots=True)
class Run:
    """A Full Speed run as driven: the points it passed (its start, each corner, its
    end), the facing it ends with, and whether something ahead stopped it short."""

    points: tuple[Point, ...]
    facing: int
    blocked: bool

    @property
    def end(self) -> Point:
        return self.points[-1]

    @property
    def inches(self) -> float:
        return sum(math.dist(a, b) for a, b in self.legs) / 100

    @property
    def legs(self) -> list[tuple[Point, Point]]:
        return list(itertools.pairwise(self.points))


#: 4.62's longest run: a second change of direction farther on than this is never made.
LONGEST_RUN_IN = 14
#: 4.6: the most a change of direction at Full Speed may turn, and its cost (V5).
BEND_LIMIT = 45
BEND_COST_IN = 1.0


Advance = Callable[[Point, int, float], Point]
"""How a run goes straight on: from a point along a facing for so many inches, to
where it stops (short of what blocks it)."""


def bent_run(
    start: Point,
    facing: int,
    inches: float,
    bends: tuple[tuple[int, int], ...],
    advance: Advance,
    cost_in: float = BEND_COST_IN,
) -> Run:
    """4.62/4.74 with the two changes of direction of 4.6/4.7 (Interpretation V41): the
    run goes straight on from ``start`` along ``facing`` (by ``advance``); at each
    (degrees, inches into the run) of ``bends`` it turns by that much, paying
    ``cost_in`` of the run (a land vehicle 1", V5; a helicopter 4"), and goes on. A
    change the run does not reach, or cannot pay for, is not made. Blocked ahead, a
    leg stops short and the run ends there."""
    points = [start]
    heading, left, done = facing, float(inches), 0.0
    pointing = facing  # the way the last leg it really went went: it ends facing so
    for angle, at in sorted(bends, key=lambda b: b[1]):
        go = min(at - done, left)
        if go > 0:
            end = advance(points[-1], heading, go)
            went = math.dist(points[-1], end) / 100
            if end != points[-1]:
                points.append(end)
                pointing = heading
            left, done = left - went, done + went
            if went < go - 0.01:
                return Run(tuple(points), pointing, True)
        if at > done + 0.01 or left < cost_in:
            break
        heading, left = (heading + angle) % 360, left - cost_in
    if left > 0:
        end = advance(points[-1], heading, left)
        went = math.dist(points[-1], end) / 100
        if end != points[-1]:
            points.append(end)
            pointing = heading
        return Run(tuple(points), pointing, went < left - 0.01)
    return Run(tuple(points), pointing, False)


def driven(board: Board, vehicle: Vehicle) -> Advance:
    """A land vehicle's run straight on (:func:`run_on`)."""

    def advance(at: Point, heading: int, inches: float) -> Point:
        return run_on(board, vehicle, at, heading, inches)

    return advance


def ground_problem(board: Board, at: Point, vehicle: Vehicle) -> str | None:
    """A man may stand at ``at``: on the table, off every vehicle on the ground, off
    impassable ground, where nobody stands (12.1, 4.8)."""
    base = RoundBase(at, RADIUS)
    geometry = board.setting.geometry
    if not geometry.on_table(base):
        return "the point is off the table"
    for other in board.vehicles.values():
        if (other is vehicle or not other.motion.airborne) and touching(base, other.hull):
            return f"he cannot stand on the {other.name}"
    for piece in geometry.pieces_at(base):
        if piece.move("infantry") == "impassable":
            return f"he cannot stand in {piece.player_name}"
    for man in board.on_table():
        if man.aboard is None and touching(base, man.base):
            return f"{man.name} stands there"
    return None
