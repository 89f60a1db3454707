"""5.56mm 3.2 Fire: seeing the target (3.21 distance TN, 3.22 modifiers, the +2 against a
firer who has not moved), the range TN (3.23), the TN modifiers (3.24), the modifiers to
the roll (3.25), Aim (3.4), Covering Fire (3.6) and two Fire actions at one target.

Inputs are plain: distances in inches, the share of the target visible (0..1, from
``TableGeometry.sight``), a range category string from the weapon's bands (f556-data's
``combat/weapons.py``), ability scores as ints. Results are :class:`~.checks.Check` values that
list every modifier by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import (
    Check,
    Modifier,
    TargetNumber,
    make_check,
)
from game.rules.five_five_six.schema import DistanceBand, RangeCategory, band_at, distance_table
from game.rules.five_five_six.squads.traits import SPECIALIST_PENALTY, roll_bonuses

Concealment = Literal["none", "partial", "full"]
VehicleMotion = Literal["none", "moving", "full_speed"]

#: 3.21: the TN to see a target by distance (up to inches, TN); under 1" is TN 1 too.
SPOTTING_TN = distance_table((2.0, 1), (4.0, 2), (8.0, 3), (16.0, 4), (32.0, 5), (None, 6))

#: 3.2: a firer seeing at least this share of the target may fire without a spotting roll.
SEE_WITHOUT_ROLL = 0.5
#: 12.4: a mounted specialist weapon without its skill is +1 instead of +2 (3.24).
MOUNTED_SPECIALIST_PENALTY = 1

#: 3.6: a character on Covering Fire fires only at targets in this arc in front of him.
COVERING_FIRE_ARC = 90.0
#: 3.22: a firer seeing less than this share of the target adds +1 to the spotting TN.
BARELY_SEEN = 0.25


def range_tn(category: str) -> TargetNumber:
    """3.23: the base TN for a range category (close 2 ... extreme 6, from the weapon
    data's ``range_tn`` table)."""
    table = catalog().weapons.range_tn
    names = [c.value for c in table]
    if category not in names:
        raise ValueError(f"a range category is one of {names}, got {category!r}")
    return TargetNumber(table[RangeCategory(category)], f"{category.capitalize()} range")


def concealment_of(visible_share: float) -> Concealment:
    """3.24: partial concealment is a target at least 25% obscured, full concealment at
    least 50% obscured (Interpretation R1: obscured = 1 - visible share)."""
    _check_share(visible_share)
    obscured = 1.0 - visible_share
    if obscured >= 0.5 - 1e-9:
        return "full"
    if obscured >= 0.25 - 1e-9:
        return "partial"
    return "none"


def must_spot(visible_share: float) -> bool:
    """3.2: a target less than 50% visible must be spotted (a Morale roll) before firing."""
    _check_share(visible_share)
    return visible_share < SEE_WITHOUT_ROLL


def can_be_seen_at_all(visible_share: float) -> bool:
    """3.2: without any line of sight a shot cannot hit."""
    _check_share(visible_share)
    return visible_share > 0.0


def spotting_tn(
    distance_in: float,
    visible_share: float,
    *,
    target_stealth: bool = False,
    extra: tuple[Modifier, ...] = (),
) -> TargetNumber:
    """3.21/3.22: the TN to see a target less than 50% visible: by distance, +1 if the
    target uses Stealth, +1 if the firer sees less than 25% of him."""
    _check_share(visible_share)
    base = tn_at_distance(SPOTTING_TN, distance_in)
    return TargetNumber(base, f'Spotting at {distance_in:g}"').plus(
        Modifier("Target using Stealth", 1 if target_stealth else 0),
        Modifier("Less than 25% in sight", 1 if visible_share < BARELY_SEEN else 0),
        *extra,
    )


def spotting_check(
    tn: TargetNumber,
    morale: int,
    *,
    target_fired_unmoved: bool = False,
    target_weapon_silenced: bool = False,
    tracker: bool = False,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """3.2: D6 + Morale against a spotting TN. +2 if the target fired this turn, or fired
    last turn and has not moved since (not with a silenced MP5SD, 7.4); +1 with the
    Tracker skill (10.0). ``tn`` comes from :func:`spotting_tn` or ``hide.hide_spotting_tn``."""
    revealed = target_fired_unmoved and not target_weapon_silenced
    skilled = roll_bonuses("spotting", ("tracker",)) if tracker else ()
    return make_check(
        tn,
        "Morale",
        morale,
        Modifier("Target fired and has not moved", 2 if revealed else 0),
        *(Modifier(b.name, b.value) for b in skilled),
        *extra,
    )


@dataclass(frozen=True, slots=True)
class FireSituation:
    """Everything besides range that changes a Fire action's TN (3.24) or roll (3.25).

    ``concealment`` comes from :func:`concealment_of`; ``specialist_without_skill`` is a
    machinegun, sniper rifle or heavy weapon used without its special skill (+2, or +1 if
    the weapon is mounted on a vehicle, 12.4); ``not_closest_target`` is ignored with the
    Sniper skill; ``second_shot_recoil`` is the weapon's +1 on a second Fire action (Desert
    Eagle, Benelli M1, M40, M82: weapon data); ``extra`` carries modifiers from elsewhere
    (wounds, light, Auto-Fire, a failed withdrawal, CS gas), each named.
    """

    concealment: Concealment = "none"
    target_stealth: bool = False
    target_hiding: bool = False
    target_sprinting: bool = False
    firer_vehicle: VehicleMotion = "none"
    specialist_without_skill: bool = False
    mounted_weapon: bool = False
    not_closest_target: bool = False
    sniper_skill: bool = False
    target_vehicle_full_speed: bool = False
    covering_fire: bool = False
    holding_grenade: bool = False
    target_helicopter_in_flight: bool = False
    thermal_sight: bool = False
    respirator: bool = False
    second_shot_recoil: bool = False
    extra: tuple[Modifier, ...] = ()
    # 3.25: modifiers to the roll
    target_incapacitated: bool = False
    target_cannot_see_firer: bool = False
    aim_bonus: int = 0
    target_carrying: bool = False
    target_is_vehicle: bool = False


def fire_tn(category: str, situation: FireSituation = FireSituation()) -> TargetNumber:
    """3.23 + 3.24 (+ 4.25 for a Hiding target, 8.0 respirator, weapon recoil): the TN of
    a Fire action. A thermal imaging sight ignores concealment (8.0)."""
    s = situation
    cover = 0 if s.thermal_sight else {"none": 0, "partial": 1, "full": 2}[s.concealment]
    cover_name = "Full concealment" if s.concealment == "full" else "Partial concealment"
    vehicle = {"none": 0, "moving": 1, "full_speed": 2}[s.firer_vehicle]
    vehicle_name = (
        "Firer on vehicle at Full Speed"
        if s.firer_vehicle == "full_speed"
        else "Firer on moving vehicle"
    )
    specialist = (
        (MOUNTED_SPECIALIST_PENALTY if s.mounted_weapon else SPECIALIST_PENALTY)
        if s.specialist_without_skill
        else 0
    )
    respirator = catalog().equipment["respirator"]
    masked = s.respirator and category in respirator.fire_tn_penalty_at
    return range_tn(category).plus(
        Modifier(cover_name, cover),
        Modifier("Target using Stealth", 1 if s.target_stealth else 0),
        Modifier("Target Hiding", 1 if s.target_hiding else 0),
        Modifier("Target Sprinting", 1 if s.target_sprinting else 0),
        Modifier(vehicle_name, vehicle),
        Modifier("Specialist weapon without the skill", specialist),
        Modifier(
            "Not the closest enemy in best sight",
            1 if s.not_closest_target and not s.sniper_skill else 0,
        ),
        Modifier("Target vehicle at Full Speed", 1 if s.target_vehicle_full_speed else 0),
        Modifier("Covering Fire", 1 if s.covering_fire else 0),
        Modifier("Holding on to the grenade", 1 if s.holding_grenade else 0),
        Modifier("Target helicopter in flight", 1 if s.target_helicopter_in_flight else 0),
        Modifier("Respirator at long range", respirator.fire_tn_penalty if masked else 0),
        Modifier("Second shot recoil", 1 if s.second_shot_recoil else 0),
        *s.extra,
    )


def fire_check(category: str, weapons: int, situation: FireSituation = FireSituation()) -> Check:
    """3.2: D6 + Weapons + the 3.25 modifiers against :func:`fire_tn`."""
    s = situation
    return make_check(
        fire_tn(category, s),
        "Weapons",
        weapons,
        Modifier("Target incapacitated", 1 if s.target_incapacitated else 0),
        Modifier("Target cannot see the firer", 1 if s.target_cannot_see_firer else 0),
        Modifier("Aim", s.aim_bonus),
        Modifier("Target Carrying", 1 if s.target_carrying else 0),
        Modifier("Target is a vehicle", 2 if s.target_is_vehicle else 0),
    )


def why_not_aim(*, first_action: bool, covering_fire: bool) -> str | None:
    """3.4/3.6: Aim counts only as the first action and never with Covering Fire."""
    if covering_fire:
        return "Covering Fire cannot use Aim"
    if not first_action:
        return "Aim must be the first action of the go"
    return None


def why_not_second_fire(first_target: str, second_target: str) -> str | None:
    """3.2: two Fire actions in one go must be at the same target (else Auto-Fire, 4.3)."""
    if first_target != second_target:
        return "a second Fire action must be at the same target; use Auto-Fire for two targets"
    return None


def why_not_fire(visible_share: float, category: str | None) -> str | None:
    """3.2/7.0: no line of sight, a target closer than Close range or beyond the weapon's
    Maximum Range (``category`` None) cannot be fired at."""
    if not can_be_seen_at_all(visible_share):
        return "no line of sight to the target"
    if category is None:
        return "the target is outside the weapon's range bands"
    range_tn(category)
    return None


def _check_share(visible_share: float) -> None:
    if not 0.0 <= visible_share <= 1.0:
        raise ValueError(f"a visible share is between 0 and 1, got {visible_share}")


def tn_at_distance(table: tuple[DistanceBand, ...], distance_in: float) -> int:
    """A TN from an open-ended distance table (3.21, 4.24)."""
    row = band_at(table, distance_in)
    assert row is not None and row.bonus is not None
    return row.bonus
