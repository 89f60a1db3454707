"""A few vehicle actions worth listing for bots, ``simulate`` and the random sampler
(rules version 3): for a driver, drives straight on, 45 degrees either way and toward
the side's objective (each plain, at Full Speed and with a Turn) and a short reverse;
for anyone aboard, getting out on either side; for a man on foot, getting into each
friendly vehicle within reach; for a firer, a shot at each enemy vehicle. ``why_not``
keeps only the legal ones (the callers filter)."""

from __future__ import annotations

import math

from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.rules.five_five_six.actions import (
    SEATS_BY_KIND,
    Drive,
    DriveTask,
    FastRope,
    Fire,
    GetIn,
    GetOut,
    Pilot,
    PilotTask,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.vehicles.legal import weapons_of
from game.rules.five_five_six.vehicles.routes import allowance_in, half_width
from game.rules.five_five_six.vehicles.state import Vehicle

REVERSE_IN = 3
STEP_OUT = 60  # hundredths beyond the vehicle's side where a man gets out
ROPE_OUT = 200  # a man ropes down toward a point 2" out from the helicopter's side


def vehicle_actions(board: Board, character: Character, goals: list[Point]) -> list[Action]:
    """Drives, getting in and out for the acting character (``goals``: points the side
    heads for, the objective first)."""
    if not board.vehicles:
        return []
    vehicle = board.vehicle_of(character)
    if vehicle is None:
        return _get_ins(board, character)
    out: list[Action] = []
    if character.seat == "driver" and vehicle.usable:
        out += drives(vehicle, character, goals, bends=board.setting.version >= 4)
    if vehicle.profile.kind == "helicopter":
        return out + heli_actions(vehicle, character, goals, bends=board.setting.version >= 4)
    out += [GetOut(character.id, p) for p in _sides(vehicle)]
    return out


def heli_actions(
    vehicle: Vehicle, character: Character, goals: list[Point], *, bends: bool = False
) -> list[Action]:
    """In a helicopter: for the pilot (or co-pilot), flights straight on, 45 degrees
    either way and toward the goals, each plain, ending in a Hover and Landing, a Full
    Speed run (with ``bends``, also veering, V41) and a Hover or Landing where it is
    (4.7); for those in the back, roping
    down 2" out on either side of a hovering one (4.8); getting out of a landed one."""
    out: list[Action] = []
    if character.seat in ("pilot", "co_pilot") and vehicle.usable:
        reach = allowance_in(vehicle)
        tasks = (PilotTask.NONE, PilotTask.HOVER, PilotTask.LAND)
        for to, _n in _destinations(vehicle, reach / 2, goals):  # half: room for 2" turns
            out += [Pilot(character.id, to, task) for task in tasks]
        out += [Pilot(character.id, vehicle.pos, t) for t in (PilotTask.FULL_SPEED, *tasks[1:])]
        if bends:  # rules version 4 (V41): Full Speed veering 45 degrees either way
            full = PilotTask.FULL_SPEED
            out += [Pilot(character.id, vehicle.pos, full, bend=a) for a in (-45, 45)]
    if vehicle.motion.altitude == "hovering" and character.seat == "passenger":
        out += [FastRope(character.id, p) for p in _sides(vehicle, ROPE_OUT)]
    if not vehicle.motion.airborne:
        out += [GetOut(character.id, p) for p in _sides(vehicle)]
    return out


def drives(
    vehicle: Vehicle, driver: Character, goals: list[Point], *, bends: bool = False
) -> list[Action]:
    """Drives to the destinations, each plain, at Full Speed and with a Turn; a Full
    Speed run from where it stands (with ``bends``, rules version 4: also veering 45
    degrees either way, and swerving out and back 4" on, V41); a short reverse."""
    reach = allowance_in(vehicle)
    out: list[Action] = []
    for to, cost in _destinations(vehicle, reach, goals):
        for task in DriveTask:
            if task is DriveTask.TURN and cost < 1:
                continue
            out.append(Drive(driver.id, to, task))
    out.append(Drive(driver.id, vehicle.pos, DriveTask.FULL_SPEED))
    if bends:
        full = DriveTask.FULL_SPEED
        for angle in (-45, 45):
            out.append(Drive(driver.id, vehicle.pos, full, bend=angle))
            out.append(Drive(driver.id, vehicle.pos, full, bend=angle, then=-angle, after=4))
    back = _point(vehicle.pos, vehicle.facing + 180, REVERSE_IN)
    out.append(Drive(driver.id, back, DriveTask.NONE, reverse=True))
    return out


def _destinations(vehicle: Vehicle, reach: float, goals: list[Point]) -> list[tuple[Point, int]]:
    """(point, changes of direction it costs): straight on, 45 degrees either way, and
    toward each goal, as far as the allowance goes and half as far."""
    out: list[tuple[Point, int]] = []
    for turn in (0, -45, 45):
        n = 1 if turn else 0
        for share in (1.0, 0.5):
            out.append((_point(vehicle.pos, vehicle.facing + turn, (reach - n) * share), n))
    for goal in goals[:2]:
        heading = math.degrees(math.atan2(goal[1] - vehicle.pos[1], goal[0] - vehicle.pos[0]))
        angle = abs((heading - vehicle.facing + 180) % 360 - 180)
        n = math.ceil(angle / 45 - 1e-9)
        length = min(reach - n, math.dist(vehicle.pos, goal) / 100)
        for share in (1.0, 0.5):
            if length * share > 0:
                out.append((_point(vehicle.pos, heading, length * share), n))
    return out


def _point(start: Point, heading: float, inches: float) -> Point:
    rad = math.radians(heading)
    length = hundredths(max(0.0, inches))
    return (round(start[0] + math.cos(rad) * length), round(start[1] + math.sin(rad) * length))


def _sides(vehicle: Vehicle, out: int = STEP_OUT) -> list[Point]:
    """A point beside the vehicle on its left and on its right (``out`` hundredths
    beyond its side)."""
    off = (half_width(vehicle) + RADIUS + out) / 100
    return [_point(vehicle.pos, vehicle.facing + turn, off) for turn in (-90, 90)]


def _get_ins(board: Board, character: Character) -> list[Action]:
    out: list[Action] = []
    for vehicle in board.vehicles.values():
        if vehicle.side != character.side or vehicle.destroyed:
            continue
        if board.vehicle_gap(character, vehicle) > 400:
            continue
        seats = SEATS_BY_KIND[vehicle.profile.kind]
        out += [GetIn(character.id, vehicle.id, seat) for seat in seats]
    return out


def vehicle_shots(board: Board, character: Character) -> list[Action]:
    """A shot with each weapon at each enemy vehicle still in one piece."""
    out: list[Action] = []
    for vehicle in board.vehicles.values():
        if vehicle.side == character.side or vehicle.destroyed:
            continue
        out += [Fire(character.id, w, vehicle.id) for w in weapons_of(board, character)]
    return out
