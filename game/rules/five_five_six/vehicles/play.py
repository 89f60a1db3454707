"""Carrying out the vehicle actions on the board (rules version 3): Drive with its
Driver Task (4.6, 4.61-4.63), ramming whoever is in the way (12.2, 12.21), getting in
(12.1, 12.3) and out (12.1, 12.11). Legality is ``vehicle_legal``'s; the numbers are the
pure functions of ``drive``, ``crash`` and ``vehicles``."""

from __future__ import annotations

import math
from dataclasses import replace

from game.core.api import Event
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import bearing, step_toward
from game.rules.five_five_six.actions import Drive, DriveTask, GetIn, GetOut
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check, CheckResult, Modifier
from game.rules.five_five_six.combat.wounding import suffer
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.rolls import check_rolled, contest_rolled
from game.rules.five_five_six.vehicles.crash import (
    exit_damage,
    ram_contest,
    ram_damage,
    vehicle_ram,
)
from game.rules.five_five_six.vehicles.damage import armour_contest, damage_from_margin
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.drive import full_speed, full_speed_check, turn, turn_check
from game.rules.five_five_six.vehicles.events import Drove, GotIn, GotOut, Rammed, RammedVehicle
from game.rules.five_five_six.vehicles.fire import armour_rolled, damage_vehicle
from game.rules.five_five_six.vehicles.legal import ROUNDING_IN
from game.rules.five_five_six.vehicles.routes import (
    allowance_in,
    bent_run,
    driven,
    in_path,
    passage_problem,
    ram_stop,
    route_cost,
    route_of,
    vehicle_in_front,
)
from game.rules.five_five_six.vehicles.shared import STATIONARY, Motion, trained
from game.rules.five_five_six.vehicles.state import Vehicle


def driver_check(board: Board, driver: Character, task: DriveTask) -> Check | None:
    """4.61: the roll of the Driver Task (None for none): D6 + Morale + Speed (Full
    Speed, TN 3) or Manoeuvre (Turn, TN 4), +2 TN without the Driver skill, + the
    vehicle's damage (12.51) and the driver's wounds."""
    vehicle = board.vehicle_of(driver)
    assert vehicle is not None
    if task is DriveTask.NONE:
        return None
    make = full_speed_check if task is DriveTask.FULL_SPEED else turn_check
    return make(
        vehicle.profile,
        driver.profile.morale,
        trained=trained(driver.profile.skills, vehicle.profile.kind),
        damage_penalty=vehicle.effects.tn_penalty,
        extra=(Modifier("Wounds", driver.effects.tn_penalty),),
    )


def task_row(task: DriveTask, result: CheckResult) -> tuple[str, int]:
    """The 4.62/4.63 row a task's roll landed on, and what it gives (extra inches or
    90-degree turns; 0 on a failure, Interpretation V2)."""
    margin = result.margin
    if task is DriveTask.FULL_SPEED:
        inches = full_speed(result).inches
        if margin < 0:
            return f"Full Speed failed by {-margin}: no extra distance", 0
        return f'Full Speed +{margin}: {inches}" more', inches
    turns = turn(result).turns
    if margin < 0:
        return f"Turn failed by {-margin}: no 90-degree turns", 0
    return f"Turn +{margin}: {turns} 90-degree turn{'s' if turns != 1 else ''}", turns


def drive(board: Board, driver: Character, action: Drive) -> list[Event]:
    """4.6: the Driver Task's roll first, then the allowance leg (a failed Turn leaves
    only 45-degree changes: the vehicle turns and goes as far as the allowance then
    reaches, Interpretation V25), then a Full Speed run straight on; everyone in the
    path is rammed (12.2) at the speed of the whole go."""
    vehicle = board.vehicle_of(driver)
    assert vehicle is not None
    events: list[Event] = []
    row, gain = "", 0
    check = driver_check(board, driver, action.task)
    if check is not None:
        result = check.roll(board.rng)
        task = "Full Speed" if action.task is DriveTask.FULL_SPEED else "Turn"
        events.append(check_rolled(driver, f"Drive: {task}", result))
        row, gain = task_row(action.task, result)
    start = vehicle.pos
    turns = gain if action.task is DriveTask.TURN else 0
    end = _leg_end(board, vehicle, action, turns)
    rammed = None if action.reverse else ram_stop(board, vehicle, start, end)
    if rammed is not None:  # 12.2: it ends against the vehicle in its way
        end = rammed[0]
    victims = in_path(board, vehicle, start, end)
    if end != start:
        vehicle.facing = route_of(vehicle, end, action.reverse).facing
        vehicle.pos = end
    run_in, run_blocked = 0.0, False
    if action.task is DriveTask.FULL_SPEED and gain and rammed is None:
        run = bent_run(end, vehicle.facing, gain, action.bends, driven(board, vehicle))
        for a, b in run.legs:
            victims += [v for v in in_path(board, vehicle, a, b) if v not in victims]
        # without changes of direction, as rules version 3 judged a run cut short
        run_in = run.inches
        run_blocked = run.blocked if action.bends else run_in < gain
        vehicle.pos, vehicle.facing = run.end, run.facing
    moved = math.dist(start, end) / 100 + run_in
    vehicle.motion = Motion(moved_in=round(moved, 2), full_speed=run_in > 0)
    for character in board.aboard(vehicle):
        character.pos = vehicle.pos
        character.moved_since_fired = True
    events.append(
        Drove(
            vehicle=vehicle.id,
            label=vehicle.name,
            driver=driver.name,
            start=start,
            end=vehicle.pos,
            facing=vehicle.facing,
            inches=round(moved, 2),
            full_speed=run_in > 0,
            row=row,
        )
    )
    for victim in victims:
        events += ram(board, driver, vehicle, victim)
    if rammed is not None:
        events += ram_vehicle(board, vehicle, rammed[1])
    elif action.task is DriveTask.FULL_SPEED and gain and run_blocked:
        other = vehicle_in_front(board, vehicle, vehicle.pos, vehicle.facing)
        if other is not None:
            events += ram_vehicle(board, vehicle, other)
    return events


def ram_vehicle(board: Board, vehicle: Vehicle, other: Vehicle) -> list[Event]:
    """12.2 (Interpretation V31): a drive or a Full Speed run that ends against another
    vehicle rams it: both test Armour against 12.21's damage for the rammer's speed,
    everyone aboard either against the next slower row (none below the first, V10)."""
    hit = vehicle_ram(vehicle.motion.moved_in)
    events: list[Event] = [
        RammedVehicle(
            vehicle=vehicle.id, label=vehicle.name, other=other.id, other_label=other.name
        )
    ]
    for struck in (vehicle, other):
        contest = armour_contest(
            hit.vehicles,
            struck.profile,
            immobilised=VehicleDamage.IMMOBILISED in struck.damage,
            damage_name="Ram",
        )
        result = contest.roll(board.rng)
        events += armour_rolled(struck, result)
        events += damage_vehicle(board, struck, damage_from_margin(result.margin))
    if hit.aboard is not None:
        for struck in (vehicle, other):
            for inside in board.aboard(struck):
                if inside.on_table:
                    events += suffer(board, inside, hit.aboard, "Ram")
    return events


def _leg_end(board: Board, vehicle: Vehicle, action: Drive, turns: int) -> Point:
    """Where the allowance leg ends: the point asked for, or short of it when the Turn
    roll gave fewer turns than the route needed."""
    if action.to == vehicle.pos:
        return vehicle.pos
    route = route_of(vehicle, action.to, action.reverse)
    limit = allowance_in(vehicle)
    if route_cost(route, turns) <= limit + ROUNDING_IN:
        return action.to
    turning = route_cost(replace(route, distance_in=0.0), turns)
    left_in = (limit - turning) / (2 if action.reverse else 1)
    if left_in <= 0:
        return vehicle.pos
    end = step_toward(vehicle.pos, action.to, hundredths(left_in))
    return end if passage_problem(board, vehicle, vehicle.pos, end) is None else vehicle.pos


def ram(board: Board, driver: Character, vehicle: Vehicle, victim: Character) -> list[Event]:
    """12.2: the driver's D6 + Morale + Manoeuvre is the TN the man in the way must
    equal with D6 + Movement to jump clear; else he tests against 12.21's damage for
    the vehicle's speed (Interpretation V10 below 5")."""
    if not victim.on_table:
        return []
    contest = ram_contest(driver.profile.morale, vehicle.profile, victim.profile.movement)
    result = contest.roll(board.rng)
    events: list[Event] = list(
        contest_rolled(driver.name, f"drives at {victim.name}", victim, "jumps clear", result)
    )
    events.append(
        Rammed(
            vehicle=vehicle.id,
            label=vehicle.name,
            character=victim.id,
            character_label=victim.name,
            clear=result.success,
        )
    )
    if not result.success:
        events += suffer(board, victim, ram_damage(vehicle.motion.moved_in), "Rammed")
    return events


def get_in(board: Board, character: Character, action: GetIn) -> list[Event]:
    """12.1: he reaches the vehicle and takes the seat chosen."""
    vehicle = board.vehicles[action.vehicle]
    character.aboard, character.seat = vehicle.id, action.seat.value
    character.pos = vehicle.pos
    character.hidden = character.stealth = False
    character.moved_since_fired = True
    return [
        GotIn(
            character=character.id,
            label=character.name,
            vehicle=vehicle.id,
            vehicle_label=vehicle.name,
            seat=action.seat.value,
        )
    ]


def get_out(board: Board, character: Character, action: GetOut) -> list[Event]:
    """12.1/12.11: out of a stationary vehicle freely; out of a moving one he tests
    against the damage for its speed."""
    vehicle = board.vehicle_of(character)
    assert vehicle is not None
    damage = exit_damage(vehicle.profile.kind, vehicle.motion)
    character.aboard, character.seat = None, ""
    character.pos = action.to
    character.facing = round(bearing(vehicle.pos, action.to)) % 360
    character.moved_since_fired = True
    events: list[Event] = [
        GotOut(
            character=character.id,
            label=character.name,
            vehicle=vehicle.id,
            vehicle_label=vehicle.name,
            moving=vehicle.motion.moving,
        )
    ]
    if damage.tn is not None:
        events += suffer(board, character, damage.tn, "Jumped from a moving vehicle")
    return events


def halt_driverless(board: Board) -> None:
    """A vehicle with nobody able to drive it stands still (Interpretation V21); a
    helicopter is left to ``heli_play.crash_unflown``."""
    for vehicle in board.vehicles.values():
        if vehicle.profile.kind == "helicopter":
            continue
        driver = board.in_seat(vehicle, "driver")
        if driver is None or not driver.can_act:
            vehicle.motion = STATIONARY
