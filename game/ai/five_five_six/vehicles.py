"""The 5.56mm bot with vehicles (rules version 3), in "men" like the rest of the bot:

- **Drive.** The driver is offered a fan of straight drives (every 15 degrees to 90
  either way, at the full allowance and shorter; none through his own men on foot or
  into a friendly vehicle)
  besides the listed ones; each is worth
  the objective progress of where it ends (``Places.objective_term``: the way around
  what is in the way, touching the objective wins). The best few are also tried at Full
  Speed: the run straight on is cut where something blocks it and weighed by the exact
  chance of each 4.62 row, with a bonus for being harder to hit (3.24: +1 TN).
- **Shots at a vehicle** are worth each 12.51 result's exact chance (the calculator)
  times what it takes from the enemy: the men inside when it is Destroyed, the convoy's
  way out when it is Immobilised (for a side that must stop it, the whole game), less
  for Crippling, Major and Minor Damage.
- **Getting in and out.** A man stays in a vehicle that can still be driven; out of a
  wreck or an Immobilised one he gets out; on foot he gets back into a friendly one
  that can still go (first into an empty driver's seat).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import replace

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.ai.five_five_six.places import OBJECTIVE_PER_INCH, WIN, Places
from game.ai.five_five_six.routes import RouteField, route_field
from game.ai.five_five_six.values import worth
from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.rules.five_five_six.actions import Drive, DriveTask, Fire, GetIn, GetOut
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.legal import why_not
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.vehicles.drive import full_speed_odds
from game.rules.five_five_six.vehicles.play import driver_check
from game.rules.five_five_six.vehicles.routes import (
    allowance_in,
    bent_run,
    driven,
    half_width,
    in_path,
    ram_stop,
)
from game.rules.five_five_six.vehicles.state import Vehicle

FAN_ANGLES = (0, -15, 15, -30, 30, -45, 45, -60, 60, -90, 90)
FAN_SHARES = (1.0, 0.75, 0.5, 0.25)
SLACK_IN = 0.05  # drives a hair short of the allowance, clear of rounding
REVERSE_IN = (2.0, 4.0)
FULL_SPEED_TRIES = 4  # the best plain drives also tried at Full Speed
BEND_TRIES = 2  # ... and the best of those also veering and swerving (V41)
SPEED_BONUS = 0.15  # 3.24: a vehicle at Full Speed is +1 TN to hit
LEAVE_WRECK = 0.3
STAY_ABOARD = -0.5
DRIVER_SEAT = 0.5
PASSENGER_SEAT = 0.2
DAMAGE_WORTH = {"Minor Damage": 0.03, "Major Damage": 0.15, "Crippling": 0.3}
IMMOBILISED = 0.6
STOPS_THE_CONVOY = 1.5  # for a side whose win is keeping the enemy from its objective
WRECK = 0.5


def fan_drives(board: Board, driver: Character) -> list[Action]:
    """Legal plain drives in a fan ahead of the vehicle (not listed by the rules'
    candidates, which offer only a few)."""
    vehicle = board.vehicle_of(driver)
    if vehicle is None or driver.seat != "driver" or not vehicle.usable:
        return []
    reach = allowance_in(vehicle)
    out: list[Action] = []
    for angle in FAN_ANGLES:
        changes = math.ceil(abs(angle) / 45)
        for share in FAN_SHARES:
            length = (reach - changes) * share - SLACK_IN
            if length <= 0:
                continue
            to = _ahead(vehicle.pos, vehicle.facing + angle, length)
            action = Drive(driver.id, to)
            if why_not(board, action) is None and not _runs_down_friends(board, driver, to):
                out.append(action)
    for inches in REVERSE_IN:  # backing out of a dead end
        back = Drive(driver.id, _ahead(vehicle.pos, vehicle.facing + 180, inches), reverse=True)
        if why_not(board, back) is None:
            out.append(back)
    return out


def _runs_down_friends(board: Board, driver: Character, to: Point) -> bool:
    """Would the drive ram one of his own side on foot, or a friendly vehicle (12.2
    spares nobody)?"""
    vehicle = board.vehicle_of(driver)
    assert vehicle is not None
    if any(c.side == driver.side for c in in_path(board, vehicle, vehicle.pos, to)):
        return True
    rammed = ram_stop(board, vehicle, vehicle.pos, to)
    return rammed is not None and rammed[1].side == driver.side


def _ahead(start: Point, heading: float, inches: float) -> Point:
    rad = math.radians(heading)
    return (
        round(start[0] + math.cos(rad) * hundredths(inches)),
        round(start[1] + math.sin(rad) * hundredths(inches)),
    )


def drive_scores(
    board: Board, driver: Character, places: Places, drives: list[Drive]
) -> dict[Action, float]:
    """Each drive's worth: the objective progress of where it ends (Full Speed: the
    expected place after the run, plus the bonus for speed)."""
    vehicle = board.vehicle_of(driver)
    assert vehicle is not None
    term = progress_term(board, places, vehicle)
    start = term(vehicle.pos)
    scores: dict[Action, float] = {}
    drives = [d for d in drives if not _runs_down_friends(board, driver, d.to)]
    plain = [d for d in drives if d.task is DriveTask.NONE and not d.reverse]
    for drive in drives:
        if drive.task is DriveTask.NONE:
            scores[drive] = term(drive.to) - start
    best = sorted(plain, key=lambda d: -scores[d])[:FULL_SPEED_TRIES]
    check = driver_check(board, driver, DriveTask.FULL_SPEED)
    assert check is not None
    odds = full_speed_odds(check)
    for rank, drive in enumerate(best):
        fast = Drive(driver.id, drive.to, DriveTask.FULL_SPEED)
        if why_not(board, fast) is not None:
            continue
        heading = math.degrees(
            math.atan2(drive.to[1] - vehicle.pos[1], drive.to[0] - vehicle.pos[0])
        )
        facing = round(heading) % 360
        variants: list[tuple[Drive, tuple[tuple[int, int], ...]]] = [(fast, ())]
        if board.setting.version >= 4 and rank < BEND_TRIES:  # V41: veer or swerve
            for angle in (-45, 45):
                variants.append((replace(fast, bend=angle), ((angle, 0),)))
                variants.append(
                    (replace(fast, bend=angle, then=-angle, after=4), ((angle, 0), (-angle, 4)))
                )
        for action, bends in variants:
            run = bent_run(drive.to, facing, max(odds), bends, driven(board, vehicle))
            value = sum(float(p) * term(_along(run.points, float(n))) for n, p in odds.items())
            bonus = SPEED_BONUS if run.inches > 0 else 0.0
            scores[action] = value - start + bonus
    return scores


def _along(points: tuple[Point, ...], inches: float) -> Point:
    """The point ``inches`` along a run's polyline (its end if shorter)."""
    left = float(hundredths(inches))
    for a, b in itertools.pairwise(points):
        leg = math.dist(a, b)
        if leg >= left:
            t = left / leg if leg else 0.0
            return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))
        left -= leg
    return points[-1]


def progress_term(board: Board, places: Places, vehicle: Vehicle) -> Callable[[Point], float]:
    """How good a place is for the vehicle: as ``Places.objective_term`` for the side
    that must reach an objective, but measured along the way a vehicle can drive (the
    wheeled route field: around what a vehicle cannot enter or climb)."""
    aims = places.aims
    field = _wheeled_field(board, vehicle)
    if aims.reach is None or field is None:
        return places.objective_term
    reach = aims.reach
    push = 1.0 + 2.0 * min(1.0, board.turn / max(1, aims.turns))

    def term(at: Point) -> float:
        inches = max(0.0, float(reach.distance(ShapelyPoint(at))) - RADIUS) / 100
        if inches <= 0.0:
            return WIN
        around = field.inches_from(at)
        return -OBJECTIVE_PER_INCH * push * (around if around < math.inf else inches)

    return term


def _wheeled_field(board: Board, vehicle: Vehicle) -> RouteField | None:
    scenario = board.setting.scenario
    for victory in scenario.victory:
        if victory.kind == "reach" and victory.side == vehicle.side and victory.objective:
            outline = board.setting.objective(victory.objective).outline
            if len(outline) < 3:
                return None
            return route_field(
                board.setting.geometry,
                scenario.map_path,
                victory.objective,
                Polygon(outline),
                wheeled_radius=half_width(vehicle),
            )
    return None


def vehicle_shot_value(board: Board, action: Fire, hold_side: bool) -> float:
    """The worth of a shot at an enemy vehicle: each 12.51 result's chance times what
    it takes (``hold_side``: the firer's side wins by stopping the enemy)."""
    vehicle = board.vehicles[action.target]
    inside = sum(worth(c) for c in board.aboard(vehicle) if c.on_table)
    stop = IMMOBILISED + (STOPS_THE_CONVOY if hold_side else 0.0)
    values = {
        **DAMAGE_WORTH,
        "Immobilised": stop + 0.2 * inside,
        "Destroyed": stop + WRECK + inside,
    }
    outcomes = explain(board, action).outcomes
    return sum(p * values.get(label, 0.0) for label, p in outcomes.items())


def seat_score(board: Board, action: GetIn | GetOut) -> float:
    """Getting in or out, relative to staying as he is."""
    if isinstance(action, GetOut):
        character = board.characters[action.character]
        vehicle = board.vehicle_of(character)
        assert vehicle is not None
        return LEAVE_WRECK if not vehicle.usable else STAY_ABOARD
    vehicle = board.vehicles[action.vehicle]
    if not vehicle.usable:
        return STAY_ABOARD
    if action.seat.value == "driver":
        return DRIVER_SEAT if board.in_seat(vehicle, "driver") is None else STAY_ABOARD
    return PASSENGER_SEAT
