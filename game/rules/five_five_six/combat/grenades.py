"""5.56mm grenades: the throw (3.2: D6 + Strength against the range TN of the point aimed
at), the scatter of a miss (3.26 how far by the margin, 3.27 which way), throwing a live
grenade back (Morale TN 4, then a throw at Medium range or less; holding on costs the
thrower +1 TN and prevents it), and what a blast does by distance (7.81-7.87).

The blast tables are grenade data (f556-data): each is a :data:`BlastTable`, the data's
``DistanceBand`` rows (up to inches, TN bonus or ``None`` for no effect), nearest first,
e.g. the frag grenade's 7.81 ``(1, 6), (2, 4), (3, 2)`` for D6+6 / D6+4 / D6+2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.rng import Rng
from game.maps.tabletop_measure import bearing
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import (
    FACES,
    Check,
    CheckResult,
    Contest,
    Modifier,
    TargetNumber,
    by_margin,
    d3_from_d6,
    make_check,
    roll_d6,
)
from game.rules.five_five_six.combat.fire import range_tn
from game.rules.five_five_six.combat.injury import damage_contest
from game.rules.five_five_six.schema import DistanceBand, Gas, band_at

BlastTable = Sequence[DistanceBand]

#: 3.26: (lowest margin, (die sides, plus)) for a throw that missed its TN.
SCATTER_DICE: tuple[tuple[int, tuple[int, int]], ...] = ((-1, (3, 0)), (-2, (6, 0)))
SCATTER_WORST = (6, 1)

#: 3.27: the D6 for direction: degrees from the line thrower -> target (clockwise, as
#: table facings are), and a description. Left of the line is counter-clockwise.
SCATTER_DIRECTION: dict[int, tuple[float, str]] = {
    1: (-90.0, "90 degrees to the left"),
    2: (-45.0, "45 degrees to the left"),
    3: (180.0, "short of the target"),
    4: (0.0, "long of the target"),
    5: (45.0, "45 degrees to the right"),
    6: (90.0, "90 degrees to the right"),
}

#: 3.2: a grenade landing this close may be picked up and thrown away.
THROW_BACK_INCHES = 1.0
#: 3.2: the Morale TN to pick a live grenade up in time.
PICK_UP_TN = 4
#: 3.2: a grenade thrown back may go no farther than these range categories.
THROW_BACK_CATEGORIES = ("close", "short", "medium")
#: 7.84: a gassed character's TN penalty on everything, as if wounded (the CS gas
#: grenade's ``gas.tn_penalty`` in the data; a test keeps the two equal).
GAS_TN_PENALTY = 2


def throw_check(
    category: str, strength: int, *, holding_on: bool = False, extra: tuple[Modifier, ...] = ()
) -> Check:
    """3.2: D6 + Strength against the range TN of the point aimed at (3.23), +1 when
    holding on to the grenade."""
    tn = range_tn(category).plus(
        Modifier("Holding on to the grenade", 1 if holding_on else 0), *extra
    )
    return make_check(tn, "Strength", strength)


@dataclass(frozen=True, slots=True)
class Scatter:
    """Where a missed grenade goes: inches from the target point and the direction
    (degrees added to the thrower -> target bearing)."""

    distance_in: int
    direction_roll: int
    offset_deg: float
    description: str


def scatter_dice(margin: int) -> tuple[int, int] | None:
    """3.26: (die sides, plus) for a missed throw: -1 D3, -2 D6, -3 or worse D6+1;
    ``None`` for a throw that reached its TN (it lands where aimed)."""
    if margin >= 0:
        return None
    return by_margin(margin, SCATTER_DICE) or SCATTER_WORST


def scatter(margin: int, distance_roll: int, direction_roll: int) -> Scatter | None:
    """3.26/3.27 with the D6 faces rolled (a D3 is read off the D6); ``None`` on target."""
    dice = scatter_dice(margin)
    for face in (distance_roll, direction_roll):
        if face not in FACES:
            raise ValueError(f"a D6 shows 1 to 6, got {face}")
    if dice is None:
        return None
    sides, plus = dice
    distance = (d3_from_d6(distance_roll) if sides == 3 else distance_roll) + plus
    offset, text = SCATTER_DIRECTION[direction_roll]
    return Scatter(distance, direction_roll, offset, f'{distance}" {text}')


def roll_scatter(margin: int, rng: Rng) -> Scatter | None:
    """3.26/3.27 rolled from the game's generator (no dice for a throw on target)."""
    if margin >= 0:
        return None
    distance_roll = roll_d6(rng)
    return scatter(margin, distance_roll, roll_d6(rng))


def throw_scatter(result: CheckResult, distance_roll: int, direction_roll: int) -> Scatter | None:
    """The scatter of a resolved :func:`throw_check` (``None``: on target)."""
    return scatter(result.margin, distance_roll, direction_roll)


def landing_point(
    thrower: tuple[int, int], target: tuple[int, int], where: Scatter | None, per_inch: int = 100
) -> tuple[int, int]:
    """The point a grenade lands on, in the units of the points (hundredths of an inch by
    default): the target, or the target moved by the scatter."""
    if where is None:
        return target
    base = bearing(thrower, target) if thrower != target else 0.0
    angle = math.radians(base + where.offset_deg)
    length = where.distance_in * per_inch
    return (
        round(target[0] + length * math.cos(angle)),
        round(target[1] + length * math.sin(angle)),
    )


def why_not_throw_back(
    distance_in: float, *, had_go: bool, thrown_back_before: bool, held_on: bool
) -> str | None:
    """3.2: only a character within 1" of the grenade who has not had his go this turn may
    try; a grenade is thrown back once at most; one held on to cannot be."""
    if distance_in > THROW_BACK_INCHES:
        return 'the grenade is more than 1" away'
    if had_go:
        return "he has already had his go this turn"
    if thrown_back_before:
        return "a grenade is thrown back only once"
    if held_on:
        return "the thrower held on to it: no time to throw it back"
    return None


def pick_up_check(morale: int, extra: tuple[Modifier, ...] = ()) -> Check:
    """3.2: D6 + Morale against TN 4 to grab the grenade in time; failing, it explodes in
    his hand (distance 0). Success: a throw (:func:`throw_check`) at Medium range or
    less, and his go is then a single action."""
    return make_check(
        TargetNumber(PICK_UP_TN, "Grab a live grenade").plus(*extra), "Morale", morale
    )


def explodes_in_hand(pick_up_margin: int, throw_margin: int | None = None) -> bool:
    """3.2: throwing a live grenade back fails, and it explodes in his hand (0" from
    him), if he misses the Morale roll to grab it or then misses the throw's TN (a thrown
    -back grenade does not scatter). ``throw_margin`` is ``None`` before the throw."""
    if pick_up_margin < 0:
        return True
    return throw_margin is not None and throw_margin < 0


def why_not_throw_back_at(category: str) -> str | None:
    """3.2: a grenade thrown back goes to a point at Medium range or less."""
    if category not in THROW_BACK_CATEGORIES:
        return "a grenade thrown back must land at Medium range or less"
    return None


def blast_bonus(table: BlastTable, distance_in: float) -> int | None:
    """The TN bonus (the "+x" of D6+x) at ``distance_in`` from the blast, ``None`` beyond
    the table or in a row marked "na". A distance on a boundary belongs to the nearer row
    ("0" to 1"" includes 1": Interpretation R2); the last row's edge is still inside
    (R3)."""
    row = band_at(table, distance_in)
    return None if row is None else row.bonus


def blast_damage(
    table: BlastTable,
    distance_in: float,
    strength: int,
    *,
    name: str,
    armour: int = 0,
    wound_penalty: int = 0,
) -> Contest | None:
    """7.81 frag (and 7.86/7.87 white phosphorous, whose damage ignores body armour: pass
    ``armour=0``), 7.91/7.92 blasts: a Strength test against D6 + the row's bonus, the
    result read on 5.01. ``None``: out of reach."""
    bonus = blast_bonus(table, distance_in)
    if bonus is None:
        return None
    return damage_contest(
        bonus, strength, damage_name=name, armour=armour, wound_penalty=wound_penalty
    )


def stun_contest(table: BlastTable, distance_in: float, morale: int) -> Contest | None:
    """7.82: a Morale test against D6 + the row's bonus; read with :func:`stun_actions_lost`."""
    bonus = blast_bonus(table, distance_in)
    if bonus is None:
        return None
    return Contest((Modifier("Stun grenade", bonus),), (Modifier("Morale", morale),))


def stun_actions_lost(margin: int) -> int:
    """7.83 (from the stun grenade's data): +0 or better unaffected, -1 loses one
    action, -2 (or worse, R16) both."""
    return catalog().grenades["stun"].actions_lost_for(margin)


def gas_contest(
    table: BlastTable, distance_in: float, strength: int, *, respirator: bool = False
) -> Contest | None:
    """7.84: a Strength test against D6 + the row's bonus; failing, +2 TN on everything
    (:data:`GAS_TN_PENALTY`). A respirator passes automatically (``None``, as out of
    reach: 8.0)."""
    bonus = blast_bonus(table, distance_in)
    if bonus is None or respirator:
        return None
    return Contest((Modifier("CS gas", bonus),), (Modifier("Strength", strength),))


def gas_recovery_check(gas_tn: int, strength: int, turns_out: int) -> Check:
    """7.84: out of the cloud, a gassed character tests again against the same TN with +1
    (the data's ``recovery_bonus_per_turn``) per turn spent out of the gas."""
    if turns_out < 0:
        raise ValueError(f"turns out of the gas are never negative, got {turns_out}")
    return make_check(
        TargetNumber(gas_tn, "CS gas"),
        "Strength",
        strength,
        Modifier("Turns out of the gas", turns_out * _gas().recovery_bonus_per_turn),
    )


def gas_radius_in() -> float:
    """7.84: the cloud stays for the battle; coming within this many inches (4") of it
    means a new test."""
    return float(_gas().radius_in)


def _gas() -> Gas:
    gas = catalog().grenades["cs_gas"].gas
    if gas is None:
        raise ValueError("the CS gas grenade's data has no gas entry")
    return gas


def white_phosphorus_burns_again(table: BlastTable, distance_in: float, treated: bool) -> bool:
    """7.86/7.87: unless First Aid or Treat Injury succeeded the turn he was burnt, a
    character tests again next turn on 7.87 by his distance at the explosion ("na": no)."""
    return not treated and blast_bonus(table, distance_in) is not None


def m203_armed(distance_in: float, launcher: str = "m203") -> bool:
    """7.5: an M203 grenade fired at less than its ``arming_in`` (8") does not explode."""
    arming = catalog().firearm(launcher).arming_in
    return arming is not None and distance_in >= arming
