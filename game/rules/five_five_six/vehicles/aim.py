"""The fire modifiers vehicles bring to a shot on the board (3.24, 3.25, 12.4, 12.7;
rules version 3): the firer aboard a moving vehicle or one at Full Speed, the mounted
weapon's smaller penalty without its skill, a target aboard a vehicle (at least partial
concealment, the Full Speed penalty) and the armoured glass of a crew seat marked (A).
The numbers are ``vehicles.vehicle_fire_situation``'s; this module reads the board."""

from __future__ import annotations

from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.fire import FireSituation
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.vehicles.shared import (
    Motion,
    VehicleTarget,
    crew_armour,
    vehicle_fire_situation,
)
from game.rules.five_five_six.vehicles.state import Vehicle


def firer_motion(board: Board, firer: Character) -> Motion | None:
    """What the vehicle he fires from did in its last go (None: he is on foot)."""
    vehicle = board.vehicle_of(firer)
    return None if vehicle is None else vehicle.motion


def mounted(board: Board, firer: Character, weapon_id: str) -> bool:
    """Is this shot from the vehicle's mounted weapon (12.4)?"""
    vehicle = board.vehicle_of(firer)
    return vehicle is not None and firer.seat == "gunner" and vehicle.weapon == weapon_id


def with_vehicles(
    board: Board,
    firer: Character,
    weapon_id: str,
    base: FireSituation,
    *,
    target: Character | None = None,
    vehicle: Vehicle | None = None,
) -> FireSituation:
    """``base`` with the vehicle modifiers of a shot at a character (``target``, maybe
    aboard) or at a ``vehicle`` itself."""
    aimed_at: VehicleTarget | None = None
    if vehicle is not None:
        aimed_at = VehicleTarget(vehicle.profile.kind, vehicle.motion)
    elif target is not None and target.aboard is not None:
        inside = board.vehicles[target.aboard]
        share = board.sight(firer, target).visible_share
        aimed_at = VehicleTarget(
            inside.profile.kind, inside.motion, at_occupant=True, occupant_visible_share=share
        )
    situation = vehicle_fire_situation(
        base,
        firer=firer_motion(board, firer),
        target=aimed_at,
        mounted_weapon=weapon_id if mounted(board, firer, weapon_id) else None,
        skills=firer.profile.skills,
    )
    return situation


def glass(board: Board, target: Character) -> int:
    """12.7: a crew seat marked (A) sits behind armoured glass: +1 Strength against
    a shot's damage."""
    vehicle = board.vehicle_of(target)
    if vehicle is None:
        return 0
    for seat in ("driver", "pilot", "co_pilot", "gunner"):  # 12.8/12.9: the crew seats
        if target.seat == seat:
            return crew_armour(vehicle.profile, seat).value
    return 0
