"""5.56mm falls, rams and crashes by a vehicle's speed: leaving a moving vehicle (12.11),
ramming (12.2/12.21), crashes (12.6/12.61, a helicopter's own Armour test one category
higher), and the damage tests they call for.

A vehicle's speed is the inches it moved in its last go (:class:`~.vehicles.Motion`).
The speed tables include their upper bound, like every "X" to Y"" table of 5.56mm
(Interpretation R2): 10" reads "1" to 10"", 16" reads "15" to 20"". A speed under a
table's first lower bound reads its first row. A damage TN is a :class:`Dice`: ``D6+4``
is rolled (a :class:`~.checks.Contest` against D6 + Strength), a plain number is fixed
(a :class:`~.checks.Check`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.five_five_six.checks import (
    FACES,
    Check,
    Contest,
    Modifier,
    TargetNumber,
    d3_from_d6,
    make_check,
    nonzero,
)
from game.rules.five_five_six.vehicles.data import (
    Dice,
    SpeedRow,
    VehicleKind,
    VehicleProfile,
    vehicle_catalog,
)
from game.rules.five_five_six.vehicles.shared import Motion

# -- dice and damage tests ------------------------------------------------------------


def dice_value(dice: Dice, face: int | None = None) -> int:
    """The value of a dice expression with the D6 ``face`` rolled (a D3 read off it);
    a fixed number needs no face."""
    if not dice.die:
        return dice.plus
    if face not in FACES:
        raise ValueError(f"{dice} needs a D6 face 1 to 6, got {face}")
    assert face is not None
    return (d3_from_d6(face) if dice.die == 3 else face) + dice.plus


def damage_test(
    tn: Dice,
    strength: int,
    *,
    name: str,
    ability: str = "Strength",
    extra_tn: tuple[Modifier, ...] = (),
    extra_roll: tuple[Modifier, ...] = (),
) -> Check | Contest:
    """A test against a damage TN (5.0 read with 5.01): D6 + Strength (or a vehicle's
    Armour) against ``tn``. A rolled TN (``D6+4``) is a contest, a fixed one (``4``) a
    check; the shortfall reads 5.01 for a character, 12.51 for a vehicle."""
    if tn.die == 3:
        raise ValueError("a damage TN is rolled on a D6 or fixed")
    if tn.die:
        return Contest(
            tn_bonuses=(Modifier(name, tn.plus), *nonzero(extra_tn)),
            bonuses=(Modifier(ability, strength), *nonzero(extra_roll)),
        )
    target = TargetNumber(tn.plus, name).plus(*extra_tn)
    return make_check(target, ability, strength, *extra_roll)


def _speed_rows(rows: tuple[SpeedRow, ...], speed_in: float) -> int:
    """The index of the row of a speed table for ``speed_in`` inches."""
    if speed_in < 0:
        raise ValueError(f"a speed is never negative, got {speed_in}")
    for i, row in enumerate(rows):
        if row.upto_in is None or speed_in <= row.upto_in:
            return i
    raise AssertionError("the last row of a speed table is open-ended")  # pragma: no cover


def speed_band(rows: tuple[SpeedRow, ...], from_in: float, index: int) -> str:
    """A row's printed label: '15" to 20"', '30"+'."""
    low = from_in if index == 0 else rows[index - 1].upto_in
    high = rows[index].upto_in
    return f'{low:g}"+' if high is None else f'{low:g}" to {high:g}"'


# -- 12.11 leaving a moving vehicle ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExitDamage:
    """What leaving a vehicle costs: ``tn`` (``None``: nothing to test) and why."""

    tn: Dice | None
    reason: str


def exit_damage(kind: VehicleKind, motion: Motion) -> ExitDamage:
    """12.1/12.11: leaving a stationary vehicle (or a landed helicopter) costs nothing;
    a moving one gives a damage TN by its speed; out of a helicopter in the air +4 for
    the fall, D6+6 if it was stationary in the air (hovering). Fast Roping from a
    hovering helicopter is 4.8 instead (:func:`~.pilot.fast_rope_check`)."""
    table = vehicle_catalog().tables.exit
    if kind == "helicopter" and not motion.airborne:
        return ExitDamage(None, "the helicopter has landed")
    if kind == "helicopter":
        if motion.altitude == "hovering" or motion.moved_in == 0:
            return ExitDamage(table.hovering, "jumped from a helicopter holding still in the air")
        i = _speed_rows(table.rows, motion.moved_in)
        fall = table.rows[i].damage.shifted(table.helicopter_fall)
        band = speed_band(table.rows, table.from_in, i)
        return ExitDamage(fall, f"jumped from a helicopter flying {band}, +{table.helicopter_fall}")
    if not motion.moving:
        return ExitDamage(None, "the vehicle is stationary")
    i = _speed_rows(table.rows, motion.moved_in)
    return ExitDamage(
        table.rows[i].damage,
        f"jumped from a vehicle moving {speed_band(table.rows, table.from_in, i)}",
    )


# -- 12.2 ramming ---------------------------------------------------------------------


def ram_contest(
    driver_morale: int,
    profile: VehicleProfile,
    movement: int,
    *,
    extra_tn: tuple[Modifier, ...] = (),
    extra_roll: tuple[Modifier, ...] = (),
) -> Contest:
    """12.2: the driver rolls D6 + Morale + the vehicle's Manoeuvre for the TN; the
    character in the way rolls D6 + Movement to jump clear (equal or beat it)."""
    return Contest(
        tn_bonuses=(
            Modifier("Driver's Morale", driver_morale),
            Modifier(f"{profile.name} Manoeuvre", profile.manoeuvre),
            *nonzero(extra_tn),
        ),
        bonuses=(Modifier("Movement", movement), *nonzero(extra_roll)),
    )


def ram_damage(speed_in: float) -> Dice:
    """12.21: the damage TN of a character run down, by the vehicle's speed."""
    table = vehicle_catalog().tables.ramming
    return table.rows[_speed_rows(table.rows, speed_in)].damage


@dataclass(frozen=True, slots=True)
class VehicleRam:
    """12.2, one vehicle ramming another: both vehicles test Armour against
    ``vehicles``; everyone aboard either tests Strength against ``aboard`` (the next
    slower row; ``None`` below the first row: Interpretation V10)."""

    vehicles: Dice
    aboard: Dice | None


def vehicle_ram(speed_in: float) -> VehicleRam:
    table = vehicle_catalog().tables.ramming
    i = _speed_rows(table.rows, speed_in)
    aboard = table.rows[i - 1].damage if i > 0 else None
    return VehicleRam(table.rows[i].damage, aboard)


# -- 12.6 crashes ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrashDamage:
    """12.61: the speed band of the crash, the damage TN for those inside and the one
    the vehicle tests its Armour against (next highest band; a helicopter's own test one
    band higher again, Interpretation V3)."""

    band: str
    inside: Dice
    vehicle: Dice


def crash_damage(speed_in: float, kind: VehicleKind) -> CrashDamage:
    """12.6/12.61 by the speed before the crash (the inches moved in the last go, even
    for a helicopter that then hovered: the 12.6 example)."""
    table = vehicle_catalog().tables.crash
    i = _speed_rows(table.rows, speed_in)
    up = 2 if kind == "helicopter" else 1
    top = len(table.rows) - 1
    return CrashDamage(
        speed_band(table.rows, table.from_in, i),
        table.rows[i].damage,
        table.rows[min(i + up, top)].damage,
    )
