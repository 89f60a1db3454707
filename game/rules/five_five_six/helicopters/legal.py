"""Where a helicopter can fly and who may fly it or rope down from it (rules version 3):
4.7 Pilot, 4.8 Fast Rope, 12.1 getting into a helicopter, 12.9 the co-pilot.

A helicopter in the air flies over terrain, men and vehicles (Interpretation V33): its
route only has to keep its footprint on the table and, where it ends in the air, clear
of any other helicopter in the air. Landing, its footprint must come down on ground a
man can stand on, clear of every other vehicle and every man on foot. Points are
hundredths of an inch; costs inches.
"""

from __future__ import annotations

import math
from typing import cast

from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import RoundBase, gap, step_toward
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.helicopters.pilot import basic_cost, why_not_fast_rope, why_not_fly
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.vehicles.legal import bends_problem
from game.rules.five_five_six.vehicles.routes import (
    Advance,
    Route,
    allowance_in,
    direction_changes,
    ground_problem,
    route_of,
    run_point,
)
from game.rules.five_five_six.vehicles.shared import Seating
from game.rules.five_five_six.vehicles.state import Vehicle

RULE_PILOT = "5.56mm 4.7, Pilot"
RULE_ROPE = "5.56mm 4.8, Fast Rope"
ROUNDING_IN = 0.01
BEST_BANK_RESULT = 4  # 4.75's last row: the most 90-degree turns a Bank can give
LONGEST_FLIGHT_IN = 24  # 4.74's longest Full Speed run
ROPE_REACH_IN = 3.0  # 4.81's best row: up to 3" from the helicopter
ROPE_FOOT_IN = 0.05  # a man at the foot of the rope stands just clear of the fuselage


def flight_cost(route: Route, turns_90: int = 0) -> float:
    """4.7/4.75: inches of the allowance a straight flight uses: 4" an inch in reverse,
    2" for each change of direction up to 45 degrees, 2" for each 90-degree turn a
    Bank allowed."""
    n45, k = direction_changes(route.angle, turns_90)
    forward = 0.0 if route.reverse else route.distance_in
    back = route.distance_in if route.reverse else 0.0
    return basic_cost(forward, turns=n45, reverse_in=back, turns_90=k)


def flier(board: Board, vehicle: Vehicle) -> Character | None:
    """Who flies it (12.9): the pilot while he is fit, else the co-pilot; from rules
    version 5 a hurt pilot who can still act flies when the co-pilot cannot (Interpretation
    V19: legality lets him, so the crash rule must too)."""
    pilot = board.in_seat(vehicle, "pilot")
    if pilot is not None and _pilot_fit(board, vehicle):
        return pilot
    co_pilot = board.in_seat(vehicle, "co_pilot")
    if co_pilot is not None and co_pilot.can_act:
        return co_pilot
    if board.setting.version >= 5 and pilot is not None and pilot.can_act:
        return pilot
    return None


def _pilot_fit(board: Board, vehicle: Vehicle) -> bool:
    """12.9 with 5.01: the pilot is fit in his seat and able to act with no wound, or
    (rules version 5) with no wound worse than Minor, which has no effect."""
    pilot = board.in_seat(vehicle, "pilot")
    if pilot is None or not pilot.can_act:
        return False
    if board.setting.version >= 5:
        return all(w is Wound.MINOR for w in pilot.wounds)
    return not pilot.wounds


def spot_problem(
    board: Board, vehicle: Vehicle, at: Point, facing: float, *, landed: bool
) -> str | None:
    """Can the helicopter be at ``at`` facing ``facing``? On the table; in the air clear
    of other helicopters in the air; landed on ground a man can stand on, clear of every
    other vehicle and of men on foot (Interpretation V33)."""
    geometry = board.setting.geometry
    hull = vehicle.hull_at(at, facing)
    if not geometry.on_table(hull):
        return f"the {vehicle.name} would leave the table: {RULE_PILOT}"
    for other in board.vehicles.values():
        if other is vehicle or (not landed and not other.motion.airborne):
            continue
        if gap(hull, other.hull) <= 0:
            return f"the {other.name} is in the way: {RULE_PILOT}"
    if not landed:
        return None
    for piece in geometry.pieces_at(hull):
        if piece.move("infantry") == "impassable":
            return f"the {vehicle.name} cannot land on {piece.player_name}: {RULE_PILOT}"
    for man in board.on_table():
        if man.aboard is None and gap(hull, man.base) <= 0:
            return f"{man.name} stands where the {vehicle.name} would land"
    return None


def pilot_problem(board: Board, character: Character, action: Pilot) -> str | None:
    """4.7/12.9: the pilot (or the co-pilot once the pilot is hurt) of a usable
    helicopter; the route within the allowance (with a Bank, as if it gave the most
    90-degree turns); a flight to where it stands only for Full Speed straight on or a
    Hover or Land in place; the end a place the helicopter can be."""
    vehicle = board.vehicle_of(character)
    if vehicle is None or vehicle.profile.kind != "helicopter":
        return f"{character.name} is not aboard a helicopter: {RULE_PILOT}"
    seat = cast(Seating, character.seat)
    reason = why_not_fly(seat, pilot_fit=_pilot_fit(board, vehicle))
    if reason is not None:
        return f"{reason} (5.56mm 12.9)"
    if not vehicle.usable:
        return f"the {vehicle.name} cannot fly any more (5.56mm 12.51)"
    if action.reverse and action.task is PilotTask.FULL_SPEED:
        return f"Full Speed is flown forward (Interpretation V25): {RULE_PILOT}"
    full = action.task is PilotTask.FULL_SPEED
    reason = bends_problem(
        board, action, full_speed=full, longest_in=LONGEST_FLIGHT_IN, rule=RULE_PILOT
    )
    if reason is not None:
        return reason
    landed = not vehicle.motion.airborne
    if action.to == vehicle.pos:
        if landed and action.task is PilotTask.LAND:
            return f"the {vehicle.name} is already on the ground: {RULE_PILOT}"
        if action.task in (PilotTask.NONE, PilotTask.BANK):
            return f"a flight needs somewhere to go (or a task in place): {RULE_PILOT}"
        if landed and action.task is PilotTask.FULL_SPEED:
            return None
    route = route_of(vehicle, action.to, action.reverse)
    turns = BEST_BANK_RESULT if action.task is PilotTask.BANK else 0
    cost = flight_cost(route, turns)
    limit = allowance_in(vehicle)
    if cost > limit + ROUNDING_IN:
        return f'the flight costs {cost:.2f}" of a {limit:g}" allowance: {RULE_PILOT}'
    return spot_problem(
        board, vehicle, action.to, route.facing, landed=action.task is PilotTask.LAND
    )


def rope_end(vehicle: Vehicle, to: Point, reach_in: float) -> Point:
    """4.81: where a man roping down toward ``to`` ends when he may get ``reach_in``
    inches from the helicopter: ``to`` itself if it is that close, else the point that
    far from the fuselage on the line from its centre to ``to`` (at the foot of the rope,
    just clear of the fuselage, for a fall)."""
    want = max(reach_in, ROPE_FOOT_IN)
    if gap(RoundBase(to, RADIUS), vehicle.hull) <= hundredths(want):
        return to
    near, far = 0.0, math.dist(vehicle.pos, to)
    for _ in range(20):  # the gap grows along the line out of the (convex) fuselage
        mid = (near + far) / 2
        at = step_toward(vehicle.pos, to, round(mid))
        if gap(RoundBase(at, RADIUS), vehicle.hull) <= hundredths(want):
            near = mid
        else:
            far = mid
    return step_toward(vehicle.pos, to, math.floor(near))


def fast_rope_problem(board: Board, character: Character, action: FastRope) -> str | None:
    """4.8: a passenger of a hovering helicopter ropes down toward a point within 3" of
    its edge; every place the 4.81 result could leave him (at the foot of the rope, 1",
    2" or 3" out on the way to that point) must be ground he can stand on."""
    vehicle = board.vehicle_of(character)
    if vehicle is None:
        return f"{character.name} is not aboard a helicopter: {RULE_ROPE}"
    reason = why_not_fast_rope(vehicle.motion, cast(Seating, character.seat))
    if reason is not None:
        return f"{reason}: {RULE_ROPE}"
    if gap(RoundBase(action.to, RADIUS), vehicle.hull) > hundredths(ROPE_REACH_IN):
        return f'the point is more than {ROPE_REACH_IN:g}" from the {vehicle.name}: {RULE_ROPE}'
    for reach in (0.0, 1.0, 2.0, ROPE_REACH_IN):
        reason = ground_problem(board, rope_end(vehicle, action.to, reach), vehicle)
        if reason is not None:
            return f"{reason}: {RULE_ROPE}"
    return None


def board_helicopter_problem(vehicle: Vehicle) -> str | None:
    """12.1/4.7: a helicopter is boarded only once it has landed."""
    if vehicle.profile.kind == "helicopter" and vehicle.motion.airborne:
        return f"the {vehicle.name} is in the air: it must Land first (5.56mm 12.1)"
    return None


def step_back_to(
    board: Board, vehicle: Vehicle, start: Point, end: Point, facing: float, *, landed: bool
) -> Point:
    """The farthest place from ``start`` toward ``end`` (half an inch at a time back)
    where the helicopter can be: an overshoot, drift or crash stops short of the table
    edge, of another vehicle or of a man (Interpretation V33)."""
    length = math.dist(start, end)
    while length > 0:
        at = step_toward(start, end, round(length))
        if spot_problem(board, vehicle, at, facing, landed=landed) is None:
            return at
        length -= 50
    return start


def flown(board: Board, vehicle: Vehicle) -> Advance:
    """A helicopter's run straight on in the air (its Full Speed, 4.74): as far as it
    can be, half an inch at a time back (:func:`step_back_to`)."""

    def advance(at: Point, heading: int, inches: float) -> Point:
        far = run_point(at, heading, hundredths(inches))
        return step_back_to(board, vehicle, at, far, heading, landed=False)

    return advance


CRASH_SEARCH_IN = 12  # how far along its line a falling helicopter may come down


def come_down(board: Board, vehicle: Vehicle) -> None:
    """Interpretation V37: a helicopter that falls out of the air (12.6, 12.51) comes
    down where it is if it can stand there as landed, else at the nearest place along
    its line of flight (ahead first, then behind, half an inch at a time, up to 12")
    clear of men on foot, other vehicles and ground a man cannot stand on; the men
    aboard come down with it."""
    for step in range(0, CRASH_SEARCH_IN * 2 + 1):
        for way in (0, 180) if step else (0,):
            at = run_point(vehicle.pos, vehicle.facing + way, step * 50)
            if spot_problem(board, vehicle, at, vehicle.facing, landed=True) is None:
                vehicle.pos = at
                for man in board.aboard(vehicle):
                    man.pos = at
                return
