"""5.56mm movement: 3.1 Move (4", two Moves 8"), 4.1 Sprint (4" + D6 + Movement), 6.1
difficult terrain (6.01 TNs, obstacles by their height, 6.02 pace by the margin) and 4.5
Carry (4.51 TN by the injury, 4.52 distance by the margin).

Distances are inches (floats). Wounds shorten a Move by ``move_loss`` inches
(``injury.wound_effects``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rules.five_five_six.checks import (
    FACES,
    Check,
    Modifier,
    TargetNumber,
    by_margin,
    make_check,
)
from game.rules.five_five_six.combat.injury import Wound

#: 3.1: inches of one Move action over even ground.
MOVE_INCHES = 4

#: 6.01: the TN to cross each kind of difficult ground (obstacles: :func:`obstacle_tn`).
TERRAIN_TN: dict[str, int] = {
    "dense_undergrowth": 1,
    "sand_dunes": 1,
    "light_rubble": 1,
    "shallow_water": 2,
    "dense_rubble": 3,
    "bog": 3,
    "deep_water": 4,
}

#: 6.01: obstacles by height (up to inches, TN); taller than 3" cannot be climbed.
OBSTACLE_TN: tuple[tuple[float, int], ...] = ((1.0, 3), (2.0, 4), (3.0, 5))

#: 6.02: the share of movement kept by the margin of the Movement roll.
PACE: tuple[tuple[int, Fraction], ...] = (
    (2, Fraction(1)),
    (1, Fraction(1, 2)),
    (0, Fraction(1, 4)),
)

#: 4.51: the Carry TN by the carried character's wound.
CARRY_TN: dict[Wound, int] = {Wound.CRITICAL: 2, Wound.MORTAL: 3}
#: 4.52: inches moved by the margin of the Carry roll.
CARRY_DISTANCE: tuple[tuple[int, int], ...] = ((3, 6), (2, 5), (1, 4), (0, 3))
#: 4.5: two characters carrying one wounded companion move this far without a roll.
TWO_CARRIERS_INCHES = 6


def move_allowance(move_loss: int = 0) -> int:
    """3.1/5.01: inches of one Move action: 4" less the wounds' loss (never below 0)."""
    return max(0, MOVE_INCHES - move_loss)


def two_moves(move_loss: int = 0) -> int:
    """3.1: two Move actions run 8" (each shortened by wounds)."""
    return 2 * move_allowance(move_loss)


@dataclass(frozen=True, slots=True)
class Sprint:
    """4.1: a fixed 4" (as a Move) plus D6 + Movement inches."""

    basic: int
    roll: int
    movement: int

    @property
    def extra(self) -> int:
        return max(0, self.roll + self.movement)

    @property
    def total(self) -> int:
        return self.basic + self.extra

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return (Modifier("Basic move", self.basic), Modifier("Movement", self.movement))


def sprint(roll: int, movement: int, move_loss: int = 0) -> Sprint:
    """4.1 Sprint with the D6 ``roll``: 4" basic (less wounds, Interpretation R7) + roll +
    Movement (never less than nothing extra)."""
    if roll not in FACES:
        raise ValueError(f"a D6 shows 1 to 6, got {roll}")
    return Sprint(move_allowance(move_loss), roll, movement)


def sprint_odds(movement: int, move_loss: int = 0) -> dict[int, Fraction]:
    """Exact chance of each Sprint distance in inches."""
    out: dict[int, Fraction] = {}
    for face in FACES:
        d = sprint(face, movement, move_loss).total
        out[d] = out.get(d, Fraction(0)) + Fraction(1, len(FACES))
    return out


def obstacle_tn(height_in: float) -> int | None:
    """6.01: an obstacle up to 1" high is TN 3, over 1" to 2" TN 4, over 2" to 3" TN 5;
    taller is not climbable (``None``, Interpretation R8)."""
    if height_in <= 0:
        raise ValueError(f"an obstacle has a height, got {height_in}")
    for upto, tn in OBSTACLE_TN:
        if height_in <= upto:
            return tn
    return None


def terrain_tn(kind: str) -> int:
    """6.01: the TN to cross a kind of difficult ground (a key of :data:`TERRAIN_TN`)."""
    if kind not in TERRAIN_TN:
        raise ValueError(f"difficult ground is one of {sorted(TERRAIN_TN)}, got {kind!r}")
    return TERRAIN_TN[kind]


def crossing_check(
    tn: int, movement: int, *, ground: str = "Difficult ground", extra: tuple[Modifier, ...] = ()
) -> Check:
    """6.1: D6 + Movement against the ground's TN (wound and light penalties in ``extra``)."""
    return make_check(TargetNumber(tn, ground).plus(*extra), "Movement", movement)


def pace(margin: int) -> Fraction | None:
    """6.02: +0 quarter pace, +1 half pace, +2 or better full pace; a failed roll does
    not cross (``None``, Interpretation R9)."""
    return by_margin(margin, PACE)


def crossing_cost(length_in: float, margin: int) -> float | None:
    """6.1: inches of movement spent crossing ``length_in`` of difficult ground (for an
    obstacle, its height) at the pace the margin gives; ``None`` when it cannot cross."""
    p = pace(margin)
    if p is None:
        return None
    return float(Fraction(length_in) / p)


def carry_check(wound: Wound, strength: int, extra: tuple[Modifier, ...] = ()) -> Check:
    """4.51: D6 + Strength against TN 2 to carry a Critical, 3 a Mortal companion."""
    if wound not in CARRY_TN:
        raise ValueError(f"only a Critical or Mortal wound is carried, not {wound.label}")
    tn = TargetNumber(CARRY_TN[wound], f"Carry a {wound.label} companion").plus(*extra)
    return make_check(tn, "Strength", strength)


def carry_distance(margin: int) -> int:
    """4.52: +0 3", +1 4", +2 5", +3 or better 6"; a failed roll moves nobody (0")."""
    return by_margin(margin, CARRY_DISTANCE) or 0
