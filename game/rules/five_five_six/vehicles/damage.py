"""5.56mm 12.5 Vehicle Damage: the Armour test (D6 + Armour against the damage TN), the
12.51 results and what they do together, and what follows an Immobilised or Destroyed
result (the crash, the weapons, the explosion).

A vehicle's damage is a tuple of :class:`VehicleDamage` results (the state keeps it);
:func:`damage_effects` says what they do, as :func:`~.injury.wound_effects` does for
wounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import FACES, Contest, Modifier
from game.rules.five_five_six.vehicles.crash import CrashDamage, damage_test
from game.rules.five_five_six.vehicles.data import (
    DamageRow,
    Dice,
    VehicleDamage,
    VehicleKind,
    VehicleProfile,
    row_for,
    vehicle_catalog,
)
from game.rules.five_five_six.vehicles.shared import Motion


def armour_contest(
    damage: int | Dice,
    profile: VehicleProfile,
    *,
    immobilised: bool = False,
    damage_name: str = "Damage",
    extra_tn: tuple[Modifier, ...] = (),
) -> Contest:
    """12.5: the attacker rolls D6 + the weapon's Damage (or a crash's D6+N) for the TN;
    the vehicle rolls D6 + Armour to equal or beat it. After an Immobilised result every
    later Armour roll is +6 TN (12.51)."""
    table = vehicle_catalog().tables.damage
    dice = damage if isinstance(damage, Dice) else Dice(6, damage)
    later = Modifier("Immobilised", table.later_armour_penalty if immobilised else 0)
    test = damage_test(
        dice, profile.armour, name=damage_name, ability="Armour", extra_tn=(later, *extra_tn)
    )
    assert isinstance(test, Contest)
    return test


def crash_armour_contest(
    crash: CrashDamage, profile: VehicleProfile, *, immobilised: bool = False
) -> Contest:
    """12.6: the vehicle's own Armour test in a crash, against the crash's vehicle TN."""
    return armour_contest(crash.vehicle, profile, immobilised=immobilised, damage_name="Crash")


def damage_row(margin: int) -> DamageRow | None:
    """12.51: the row of an Armour result (``None``: equal or better, not damaged)."""
    if margin >= 0:
        return None
    return row_for(vehicle_catalog().tables.damage.rows, margin)


def damage_from_margin(margin: int) -> VehicleDamage | None:
    """12.51: -1 Minor, -2 Major, -3 Crippling, -4 Immobilised, -5 or worse Destroyed."""
    row = damage_row(margin)
    return None if row is None else VehicleDamage(row.level)


def add_damage(
    damage: tuple[VehicleDamage, ...], new: VehicleDamage | None
) -> tuple[VehicleDamage, ...]:
    """12.51: the damage after a new result; a Minor result on a vehicle that already
    has one counts as Major (Interpretation V6, as a second Minor wound, R6)."""
    if new is None:
        return damage
    if new is VehicleDamage.MINOR and VehicleDamage.MINOR in damage:
        new = VehicleDamage.MAJOR
    return (*damage, new)


@dataclass(frozen=True, slots=True)
class DamageEffects:
    """What a vehicle's damage does together (12.51): the TN penalty of every task with
    it, the inches lost from its movement allowance, whether it is out of use."""

    tn_penalty: int
    movement_loss_in: float
    immobilised: bool
    destroyed: bool

    def modifiers(self) -> tuple[Modifier, ...]:
        return (Modifier("Vehicle damage", self.tn_penalty),) if self.tn_penalty else ()

    @property
    def usable(self) -> bool:
        """An Immobilised vehicle "cannot be used again"; a Destroyed one is gone."""
        return not (self.immobilised or self.destroyed)


def damage_effects(damage: tuple[VehicleDamage, ...], kind: VehicleKind) -> DamageEffects:
    """12.51 stacked (Interpretation V6): penalties and lost inches add up."""
    rows = {r.level: r for r in vehicle_catalog().tables.damage.rows}
    return DamageEffects(
        tn_penalty=sum(rows[d.value].tn_penalty for d in damage),
        movement_loss_in=sum(rows[d.value].movement_loss_in.get(kind, 0.0) for d in damage),
        immobilised=VehicleDamage.IMMOBILISED in damage,
        destroyed=VehicleDamage.DESTROYED in damage,
    )


def damage_odds(contest: Contest) -> dict[str, Fraction]:
    """Exact chance of each 12.51 result of an Armour test ("no damage", "Minor
    Damage", ..., "Destroyed"), for the calculator."""
    out: dict[str, Fraction] = {}
    for margin, p in sorted(contest.margins().items()):
        level = damage_from_margin(margin)
        key = "no damage" if level is None else level.label
        out[key] = out.get(key, Fraction(0)) + p
    return out


Crash = Literal["none", "drive_test", "automatic"]


@dataclass(frozen=True, slots=True)
class Aftermath:
    """What follows a 12.51 result: whether the vehicle crashes (``drive_test``: unless
    the driver passes :func:`~.drive.crash_avoid_check`), whether everyone inside dies,
    and the explosion's reach and damage TN for everyone within it."""

    level: VehicleDamage
    crash: Crash
    everyone_inside_killed: bool
    explosion_radius_in: float | None
    explosion: Dice | None


def aftermath(level: VehicleDamage, kind: VehicleKind, motion: Motion) -> Aftermath:
    """12.51: Immobilised: a moving land vehicle crashes unless its driver passes a
    Drive test TN 6; a helicopter in the air crashes. Destroyed: it explodes, killing
    everyone inside, everyone within 4" tests against D6+4, and a moving vehicle
    crashes. A stationary vehicle or a landed helicopter does not crash
    (Interpretation V7)."""
    table = vehicle_catalog().tables.damage
    in_motion = motion.airborne if kind == "helicopter" else motion.moving
    crash: Crash = "none"
    if level is VehicleDamage.IMMOBILISED and in_motion:
        crash = "automatic" if kind == "helicopter" else "drive_test"
    destroyed = level is VehicleDamage.DESTROYED
    if destroyed and in_motion:
        crash = "automatic"
    return Aftermath(
        level,
        crash,
        everyone_inside_killed=destroyed,
        explosion_radius_in=table.explosion_radius_in if destroyed else None,
        explosion=table.explosion if destroyed else None,
    )


def weapons_survive(face: int) -> bool:
    """12.51 Immobilised: on a D6 of 4 or more its mounted weapons still work."""
    if face not in FACES:
        raise ValueError(f"a D6 shows 1 to 6, got {face}")
    return face >= vehicle_catalog().tables.damage.weapons_survive_on


def interior_damage(weapon_id: str, round_id: str | None, armour_margin: int) -> Dice | None:
    """7.6 (the M82's HEAP round): a round with ``interior_damage`` that beats the
    vehicle's Armour roll pierces the hull and bursts inside: everyone aboard tests
    Strength against D6 + that number. ``None``: nothing bursts inside."""
    if round_id is None or armour_margin >= 0:
        return None
    extra = catalog().firearm(weapon_id).rounds[round_id].interior_damage
    return None if extra is None else Dice(6, extra)
