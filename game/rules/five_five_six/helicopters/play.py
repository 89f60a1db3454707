"""Carrying out the helicopter actions on the board (rules version 3): Pilot with its
Pilot Task (4.7, 4.71-4.75; a Landing that goes wrong crashes by 4.72's own row) and
Fast Rope (4.8, 4.81). Legality is ``heli_legal``'s; the numbers are ``pilot``'s."""

from __future__ import annotations

import math
from dataclasses import replace

from game.core.api import Event
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import bearing, step_toward
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check, CheckResult, Modifier, roll_d6
from game.rules.five_five_six.combat.wounding import suffer
from game.rules.five_five_six.helicopters.events import FastRoped, Flew
from game.rules.five_five_six.helicopters.legal import (
    flier,
    flight_cost,
    flown,
    rope_end,
    step_back_to,
)
from game.rules.five_five_six.helicopters.pilot import PilotTask as RulesTask
from game.rules.five_five_six.helicopters.pilot import (
    bank,
    fast_rope,
    fast_rope_check,
    full_speed,
    hover_row,
    hovering,
    land_row,
    landing,
    pilot_check,
)
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.rolls import check_rolled
from game.rules.five_five_six.vehicles.damage import add_damage
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.events import CrashPath, VehicleDamaged, VehicleExploded
from game.rules.five_five_six.vehicles.fire import crash
from game.rules.five_five_six.vehicles.routes import allowance_in, bent_run, route_of, run_point
from game.rules.five_five_six.vehicles.shared import STATIONARY, Motion, trained
from game.rules.five_five_six.vehicles.state import Vehicle

_TASK_NAMES = {
    PilotTask.LAND: "Land",
    PilotTask.HOVER: "Hover",
    PilotTask.FULL_SPEED: "Full Speed",
    PilotTask.BANK: "Bank",
}
_PURE_TASKS: dict[PilotTask, RulesTask] = {
    PilotTask.LAND: "land",
    PilotTask.HOVER: "hover",
    PilotTask.FULL_SPEED: "full_speed",
    PilotTask.BANK: "bank",
}


def pilot_task_check(board: Board, character: Character, task: PilotTask) -> Check | None:
    """4.71: the roll of the Pilot Task (None for none): D6 + Morale + Speed (Land TN 7,
    Full Speed TN 3) or Manoeuvre (Hover TN 5, Bank TN 4), +2 TN without the Pilot
    skill, +1 for the co-pilot at the controls (12.9), + the helicopter's damage
    (12.51) and the flier's wounds."""
    vehicle = board.vehicle_of(character)
    assert vehicle is not None
    if task is PilotTask.NONE:
        return None
    return pilot_check(
        _PURE_TASKS[task],
        vehicle.profile,
        character.profile.morale,
        trained=trained(character.profile.skills, vehicle.profile.kind),
        co_pilot=character.seat == "co_pilot",
        damage_penalty=vehicle.effects.tn_penalty,
        extra=(Modifier("Wounds", character.effects.tn_penalty),),
    )


def pilot_row(task: PilotTask, result: CheckResult) -> str:
    """The 4.72-4.75 row a task's roll landed on, in words."""
    margin = result.margin
    sign = f"+{margin}" if margin >= 0 else str(margin)
    if task is PilotTask.FULL_SPEED:
        inches = full_speed(result).inches
        return (
            f'Full Speed {sign}: {inches}" more' if margin >= 0 else f"Full Speed {sign}: no more"
        )
    if task is PilotTask.BANK:
        turns = bank(result).turns
        return f"Bank {sign}: {turns} 90-degree turn{'s' if turns != 1 else ''}"
    if task is PilotTask.HOVER:
        return f"Hover {sign}: +{hover_row(margin).tn_penalty} TN to fire or rope down"
    return f"Land {sign}: {land_row(margin).outcome.replace('_', ' ')}"


def fly(board: Board, character: Character, action: Pilot) -> list[Event]:
    """4.7: the Pilot Task's roll first, then the allowance leg (a Bank that gave fewer
    turns than the route needs goes as far as the allowance then reaches), then what the
    task does at the end: a Full Speed run straight on, a Hover (drifting on by the
    4.73 row), a Landing (on the spot, overshooting straight on, or crashing D6+1" away
    in a 3.27 direction, by 4.72)."""
    vehicle = board.vehicle_of(character)
    assert vehicle is not None
    events: list[Event] = []
    check = pilot_task_check(board, character, action.task)
    result = None
    row = ""
    if check is not None:
        result = check.roll(board.rng)
        events.append(check_rolled(character, f"Pilot: {_TASK_NAMES[action.task]}", result))
        row = pilot_row(action.task, result)
    start = vehicle.pos
    turns = bank(result).turns if action.task is PilotTask.BANK and result else 0
    end = _leg_end(vehicle, action, turns)
    if end != start:
        vehicle.facing = route_of(vehicle, end, action.reverse).facing
        vehicle.pos = end
    moved = math.dist(start, end) / 100
    tail: list[Event] = []
    if action.task is PilotTask.FULL_SPEED and result is not None:
        speed = full_speed(result)
        gain = speed.inches
        run = bent_run(
            vehicle.pos,
            vehicle.facing,
            gain,
            action.bends,
            flown(board, vehicle),
            speed.turn_cost_in,
        )
        moved += run.inches
        vehicle.pos, vehicle.facing = run.end, run.facing
        vehicle.motion = Motion(round(moved, 2), full_speed=gain > 0, altitude="flying")
    elif action.task is PilotTask.HOVER and result is not None:
        drifts = hover_row(result.margin).overshoot is not None
        hold = hovering(result, roll_d6(board.rng) if drifts else None)
        far = run_point(vehicle.pos, vehicle.facing, hundredths(hold.overshoot_in))
        to = step_back_to(board, vehicle, vehicle.pos, far, vehicle.facing, landed=False)
        drift = math.dist(vehicle.pos, to) / 100
        vehicle.pos = to
        vehicle.motion = replace(hold.motion(round(moved, 2)), moved_in=round(moved + drift, 2))
    elif action.task is PilotTask.LAND and result is not None:
        tail = _land(board, vehicle, result, moved)
    else:
        vehicle.motion = Motion(round(moved, 2), altitude="flying")
    for inside in board.aboard(vehicle):
        inside.pos = vehicle.pos
        inside.moved_since_fired = True
    events.append(
        Flew(
            vehicle=vehicle.id,
            label=vehicle.name,
            pilot=character.name,
            start=start,
            end=vehicle.pos,
            facing=vehicle.facing,
            inches=vehicle.motion.moved_in,
            altitude=vehicle.motion.altitude,
            row=row,
        )
    )
    return events + tail


def _leg_end(vehicle: Vehicle, action: Pilot, turns: int) -> Point:
    """Where the allowance leg ends: the point asked for, or short of it when the Bank
    gave fewer turns than the route needs (over whatever is below, V33)."""
    if action.to == vehicle.pos:
        return vehicle.pos
    route = route_of(vehicle, action.to, action.reverse)
    limit = allowance_in(vehicle)
    if flight_cost(route, turns) <= limit + 0.01:
        return action.to
    turning = flight_cost(replace(route, distance_in=0.0), turns)
    left_in = (limit - turning) / (4 if action.reverse else 1)
    if left_in <= 0:
        return vehicle.pos
    return step_toward(vehicle.pos, action.to, hundredths(left_in))


def _land(board: Board, vehicle: Vehicle, result: CheckResult, moved: float) -> list[Event]:
    """4.72 on the board: the helicopter comes down on its zone or past it (straight on
    for an overshoot, in a 3.27 direction from the line of flight for a crash), stopping
    short of anything in the way (V33); a crash landing or crash takes the row's damage
    and tests those inside against the row's own TN (Interpretation V4); a Destroyed
    crash blasts everyone within 4"."""
    row = land_row(result.margin)
    distance = roll_d6(board.rng) if row.distance is not None and row.distance.die else None
    direction = roll_d6(board.rng) if row.outcome == "crash" else None
    down = landing(result, distance, direction)
    heading = vehicle.facing + down.offset_deg
    far = run_point(vehicle.pos, heading, hundredths(down.distance_in))
    to = step_back_to(board, vehicle, vehicle.pos, far, vehicle.facing, landed=True)
    over = math.dist(vehicle.pos, to) / 100
    zone = vehicle.pos
    vehicle.pos = to
    vehicle.motion = replace(down.motion(round(moved, 2)), moved_in=round(moved + over, 2))
    events: list[Event] = []
    if to != zone:  # the overshoot or the crash, drawn as an arrow from the zone
        events.append(
            CrashPath(
                vehicle=vehicle.id,
                label=vehicle.name,
                start=zone,
                end=to,
                overshoot=down.becomes is None,
            )
        )
    level = down.becomes
    if level is None:
        return events
    vehicle.damage = list(add_damage(tuple(vehicle.damage), level))
    events.append(VehicleDamaged(vehicle=vehicle.id, label=vehicle.name, result=level.label))
    if level is VehicleDamage.DESTROYED:
        vehicle.weapons_work = False
        radius = row.nearby_radius_in or 0.0
        events.append(VehicleExploded(vehicle=vehicle.id, label=vehicle.name, radius_in=radius))
    for inside in board.aboard(vehicle):
        if inside.on_table and row.inside is not None:
            events += suffer(board, inside, row.inside, "Crash")
    radius_in = row.nearby_radius_in or 0.0
    if level is VehicleDamage.DESTROYED and row.nearby is not None:
        for near in sorted(board.on_table(), key=lambda c: c.id):
            if near.aboard is None and board.vehicle_gap(near, vehicle) <= radius_in * 100:
                events += suffer(board, near, row.nearby, "Explosion")
    return events


def crash_unflown(board: Board) -> list[Event]:
    """Interpretation V33: a helicopter in the air with nobody left able to fly it
    crashes at the start of the turn (12.6, by the inches of its last go, one band
    higher for its own test); a landed one stands still."""
    events: list[Event] = []
    for vehicle in board.vehicles.values():
        if vehicle.profile.kind != "helicopter" or not vehicle.motion.airborne:
            continue
        if vehicle.destroyed or flier(board, vehicle) is None:
            events += crash(board, vehicle)
            vehicle.motion = STATIONARY
    return events


def rope_down(board: Board, character: Character, action: FastRope) -> list[Event]:
    """4.8/4.81: D6 + Movement against TN 4 + the Hover penalty; on a success he ends
    toward his point as far as the row lets him (1"-3" from the helicopter); on a
    failure he ends at the foot of the rope and tests Strength against the fall."""
    vehicle = board.vehicle_of(character)
    assert vehicle is not None
    check = fast_rope_check(
        character.profile.movement,
        vehicle.motion,
        (Modifier("Wounds", character.effects.tn_penalty),),
    )
    result = check.roll(board.rng)
    rope = fast_rope(result)
    end = rope_end(vehicle, action.to, rope.move_in)
    character.aboard, character.seat = None, ""
    character.pos = end
    character.facing = round(bearing(vehicle.pos, end)) % 360 if end != vehicle.pos else 0
    character.hidden = character.stealth = False
    character.moved_since_fired = True
    events: list[Event] = [
        check_rolled(character, "Fast Rope", result),
        FastRoped(
            character=character.id,
            label=character.name,
            vehicle=vehicle.id,
            vehicle_label=vehicle.name,
            fell=rope.fall is not None,
        ),
    ]
    if rope.fall is not None:
        events += suffer(board, character, rope.fall, "Fall")
    return events
