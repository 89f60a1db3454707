"""The rules calculator for helicopters (rules version 3): a Pilot go with its task (the
allowance, what the route costs, the roll's numbers and the chance of each 4.72-4.75
row) and a Fast Rope (the roll and the chance of each 4.81 row). Chances are exact
until turned into plain floats."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from game.core.api import Explanation
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.helicopters.legal import flight_cost
from game.rules.five_five_six.helicopters.pilot import (
    bank_odds,
    fast_rope_check,
    fast_rope_row,
    full_speed_odds,
    hover_odds,
    land_row,
    landing_odds,
)
from game.rules.five_five_six.helicopters.play import pilot_task_check
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.routes import allowance_in, route_of
from game.rules.five_five_six.vehicles.shared import margin_odds


def _land_label(margin: int) -> str:
    row = land_row(margin)
    if row.outcome == "landed":
        return "lands on the zone"
    what = {"overshoot": "overshoots", "crash_landing": "crash-lands", "crash": "crashes"}
    return f"{what[row.outcome]} {row.distance}" + (
        f" ({VehicleDamage(row.becomes).label})" if row.becomes is not None else ""
    )


def explain_pilot(board: Board, action: Pilot) -> Explanation:
    """4.7: the allowance and what the route costs of it; with a task, its roll and the
    chance of each row (Land: where it comes down; Hover: the TN penalty it leaves;
    Full Speed: extra inches; Bank: 90-degree turns)."""
    pilot = board.characters[action.character]
    vehicle = board.vehicle_of(pilot)
    assert vehicle is not None
    route = route_of(vehicle, action.to, action.reverse)
    numbers: dict[str, Any] = {
        "allowance_in": allowance_in(vehicle),
        "route_in": round(route.distance_in, 2),
        "route_cost_in": round(flight_cost(route), 2),
        "altitude": vehicle.motion.altitude,
    }
    check = pilot_task_check(board, pilot, action.task)
    if check is None:
        return Explanation(numbers=numbers, outcomes={"done": 1.0})
    numbers.update(check.numbers())
    outcomes: dict[str, Fraction]
    if action.task is PilotTask.LAND:
        outcomes = {_land_label(m): p for m, p in landing_odds(check).items()}
    elif action.task is PilotTask.HOVER:
        outcomes = {
            ("steady" if k == 0 else f"+{k} TN to fire or rope down"): p
            for k, p in hover_odds(check).items()
        }
    elif action.task is PilotTask.FULL_SPEED:
        outcomes = {
            ("no extra distance" if k == 0 else f'{k}" more'): p
            for k, p in full_speed_odds(check).items()
        }
    else:
        outcomes = {
            ("no 90-degree turn" if k == 0 else f"{k} 90-degree turn(s)"): p
            for k, p in bank_odds(check).items()
        }
    return Explanation(
        numbers={k: float(v) if isinstance(v, Fraction) else v for k, v in numbers.items()},
        outcomes={k: float(p) for k, p in outcomes.items()},
    )


def explain_rope(board: Board, action: FastRope) -> Explanation:
    """4.8/4.81: D6 + Movement against TN 4 + the Hover penalty, and the chance of each
    row (down and free to move 1"-3", or a fall with its damage TN)."""
    man = board.characters[action.character]
    vehicle = board.vehicle_of(man)
    assert vehicle is not None
    check = fast_rope_check(
        man.profile.movement, vehicle.motion, (Modifier("Wounds", man.effects.tn_penalty),)
    )

    def label(margin: int) -> str:
        row = fast_rope_row(margin)
        return f"falls (TN {row.fall})" if row.fall is not None else f'down, {row.move_in:g}" away'

    odds = margin_odds(check, label)
    numbers = {k: float(v) if isinstance(v, Fraction) else v for k, v in check.numbers().items()}
    return Explanation(numbers=numbers, outcomes={k: float(p) for k, p in odds.items()})
