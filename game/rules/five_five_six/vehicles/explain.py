"""The rules calculator for vehicles (rules version 3): a Drive with its Driver Task
(the roll's numbers and the chance of each 4.62/4.63 row) and a shot at a vehicle (the
roll to hit with its modifiers, the Armour test and the chance of each 12.51 result).
Chances are exact (``Fraction``) until turned into plain floats."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.core.api import Explanation
from game.rules.five_five_six.actions import Drive, DriveTask, Fire
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.arms import firearm, round_of, shot_range
from game.rules.five_five_six.combat.weapons import damage_at
from game.rules.five_five_six.vehicles.damage import armour_contest, damage_odds
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.drive import full_speed_odds, turn_odds
from game.rules.five_five_six.vehicles.fire import vehicle_shot_check
from game.rules.five_five_six.vehicles.play import driver_check
from game.rules.five_five_six.vehicles.routes import allowance_in, route_cost, route_of


def explain_drive(board: Board, action: Drive) -> Explanation:
    """4.6: the allowance and what the route costs of it; with a task, its roll and the
    chance of each row (``full``: extra inches; ``turn``: 90-degree turns; 0: failed)."""
    driver = board.characters[action.character]
    vehicle = board.vehicle_of(driver)
    assert vehicle is not None
    route = route_of(vehicle, action.to, action.reverse)
    numbers: dict[str, Any] = {
        "allowance_in": allowance_in(vehicle),
        "route_in": round(route.distance_in, 2),
        "route_cost_in": round(route_cost(route), 2),
    }
    check = driver_check(board, driver, action.task)
    if check is None:
        return Explanation(numbers=numbers, outcomes={"done": 1.0})
    numbers.update(check.numbers())
    if action.task is DriveTask.FULL_SPEED:
        rows = full_speed_odds(check)
        outcomes = {
            ("no extra distance" if k == 0 else f'{k}" more'): float(p) for k, p in rows.items()
        }
    else:
        turns = turn_odds(check)
        outcomes = {
            ("no 90-degree turn" if k == 0 else f"{k} 90-degree turn(s)"): float(p)
            for k, p in turns.items()
        }
    return Explanation(numbers=_plain(numbers), outcomes=outcomes)


def explain_vehicle_shot(board: Board, action: Fire) -> Explanation:
    """12.7/12.5: the roll to hit the vehicle and, for a hit, each 12.51 result."""
    firer = board.characters[action.character]
    vehicle = board.vehicles[action.target]
    weapon = firearm(action.weapon)
    round_id = round_of(firer, action.weapon, action.round)
    gap_in = board.vehicle_gap(firer, vehicle) / 100
    category = shot_range(weapon, round_id, gap_in)
    check = vehicle_shot_check(board, firer, vehicle, action.weapon, round_id=round_id)
    assert category is not None and check is not None
    damage = damage_at(weapon, category, round_id=round_id) or weapon.damage or 0
    contest = armour_contest(
        damage,
        vehicle.profile,
        immobilised=VehicleDamage.IMMOBILISED in vehicle.damage,
        damage_name=f"{weapon.name} damage",
    )
    numbers: dict[str, Any] = {
        "range_in": round(gap_in, 2),
        "range_category": category.value,
        "visible_share": round(board.vehicle_sight(firer, vehicle).visible_share, 3),
        **check.numbers(),
        "damage": damage,
        "armour": vehicle.profile.armour,
    }
    outcomes: dict[str, Fraction] = {"miss": 1 - check.chance}
    for name, p in damage_odds(contest).items():
        outcomes[name] = outcomes.get(name, Fraction(0)) + check.chance * p
    return Explanation(numbers=_plain(numbers), outcomes={k: float(v) for k, v in outcomes.items()})


def _plain(numbers: dict[str, Any]) -> dict[str, Any]:
    return {k: float(v) if isinstance(v, Fraction) else v for k, v in numbers.items()}
