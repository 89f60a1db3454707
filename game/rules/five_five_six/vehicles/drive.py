"""5.56mm 4.6 Drive: the movement allowance of a land vehicle (no roll; each change of
direction up to 45 degrees 1", each inch in reverse 2"), the Driver Tasks of 4.61 (Full
Speed TN 3 with the vehicle's Speed, 4.62; Turn TN 4 with its Manoeuvre, 4.63), and the
Drive test that keeps an Immobilised vehicle from crashing (12.51).

Every roll is D6 + Morale + one vehicle ability, +2 TN without the Driver skill, plus
the vehicle's damage and the driver's own penalties (``extra``). Inches throughout.
"""

from __future__ import annotations

from fractions import Fraction

from game.rules.five_five_six.checks import Check, CheckResult, Modifier
from game.rules.five_five_six.vehicles.data import DriveTables, VehicleProfile, vehicle_catalog
from game.rules.five_five_six.vehicles.shared import (
    SpeedResult,
    TurnResult,
    ability_of,
    allowance_cost,
    margin_odds,
    speed_inches,
    speed_result,
    task_check,
    turn_result,
    turns_for,
)


def drive_tables() -> DriveTables:
    return vehicle_catalog().tables.drive


def _land(profile: VehicleProfile) -> None:
    if profile.kind != "land":
        raise ValueError(f"the {profile.name} is flown (4.7 Pilot), not driven")


def _check(
    task: str,
    tn: int,
    ability: Modifier,
    morale: int,
    trained: bool,
    damage_penalty: int,
    extra: tuple[Modifier, ...],
) -> Check:
    return task_check(
        task,
        tn,
        morale,
        ability,
        untrained_penalty=0 if trained else drive_tables().untrained_penalty,
        damage_penalty=damage_penalty,
        extra=extra,
    )


def basic_cost(
    forward_in: float,
    *,
    turns: int = 0,
    reverse_in: float = 0.0,
    turns_90: int = 0,
) -> float:
    """4.6: inches of a land vehicle's allowance used: forward, 1" a change of direction
    up to 45 degrees, 2" an inch in reverse, 1" a 90-degree turn from a Turn."""
    t = drive_tables()
    return allowance_cost(
        t.basic,
        forward_in,
        turns=turns,
        reverse_in=reverse_in,
        turns_90=turns_90,
        turn_90_cost_in=t.turn.turn_cost_in,
    )


def full_speed_check(
    profile: VehicleProfile,
    morale: int,
    *,
    trained: bool,
    damage_penalty: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """4.61 Full Speed: D6 + Morale + the vehicle's Speed against TN 3."""
    _land(profile)
    task = drive_tables().full_speed
    ability = ability_of(profile, task.ability)
    return _check("Full Speed", task.tn, ability, morale, trained, damage_penalty, extra)


def full_speed(result: CheckResult) -> SpeedResult:
    """4.62: +0 4", +1 6", +2 8", +3 10", +4 12", +5 or more 14" beyond the allowance,
    with two changes of direction up to 45 degrees in it; a failure adds nothing."""
    return speed_result(drive_tables().full_speed, result)


def full_speed_odds(check: Check) -> dict[int, Fraction]:
    """Exact chance of each extra distance (0: the task failed)."""
    task = drive_tables().full_speed
    return margin_odds(check, lambda m: speed_inches(task, m))


def turn_check(
    profile: VehicleProfile,
    morale: int,
    *,
    trained: bool,
    damage_penalty: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """4.61 Turn: D6 + Morale + the vehicle's Manoeuvre against TN 4."""
    _land(profile)
    task = drive_tables().turn
    ability = ability_of(profile, task.ability)
    return _check("Turn", task.tn, ability, morale, trained, damage_penalty, extra)


def turn(result: CheckResult) -> TurnResult:
    """4.63: +0/+1 one 90-degree turn, +2/+3 two, +4/+5 three, +6 or more four, each
    costing 1" of the allowance; a failure allows none."""
    return turn_result(drive_tables().turn, result)


def turn_odds(check: Check) -> dict[int, Fraction]:
    """Exact chance of each number of 90-degree turns (0: the task failed)."""
    task = drive_tables().turn
    return margin_odds(check, lambda m: turns_for(task, m))


def crash_avoid_check(
    profile: VehicleProfile,
    morale: int,
    *,
    trained: bool,
    damage_penalty: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """12.51 Immobilised: the driver of a moving land vehicle makes a Drive test TN 6 or
    it crashes (12.6); the vehicle's Manoeuvre is the ability added (Interpretation
    V7)."""
    _land(profile)
    t = drive_tables()
    ability = ability_of(profile, t.crash_test_ability)
    return _check("Keep control", t.crash_test_tn, ability, morale, trained, damage_penalty, extra)
