"""5.56mm 4.2 Hide and 3.3 Stealth.

Hide: D6 + Movement against the terrain's TN (4.22); the margin gives how far the
character may creep (4.23); failing he stays Hidden only if he stays put. An enemy with
a completely clear view of him, or within 1", sees through it: he only counts as using
Stealth. Otherwise the enemy must first spot him: D6 + Morale against 4.24 by distance
+ 4.25 for concealment; spotted, he is fired at with +1 for Hiding plus concealment.

Stealth (3.3): no roll; +1 to the TN of anyone firing at or spotting the character, on
top of any concealment (``fire.FireSituation.target_stealth``).
"""

from __future__ import annotations

from typing import Literal

from game.rules.five_five_six.checks import (
    Check,
    Modifier,
    TargetNumber,
    by_margin,
    make_check,
)
from game.rules.five_five_six.combat.fire import Concealment, tn_at_distance
from game.rules.five_five_six.schema import distance_table

#: 4.22: the Hide TN by the ground the character is in.
HIDE_TN: dict[str, int] = {
    "even": 3,
    "light_undergrowth": 4,
    "brush": 4,
    "light_rubble": 5,
    "dense_undergrowth": 5,
    "dense_rubble": 6,
    "obstacles": 6,
}

#: 4.23: inches a Hiding character may move by the margin of his roll.
HIDE_DISTANCE: tuple[tuple[int, int], ...] = ((3, 4), (2, 3), (1, 2), (0, 1))

#: 4.24: the TN to spot a Hiding character by distance (up to inches, TN).
HIDE_SPOTTING_TN = distance_table((2.0, 3), (4.0, 4), (8.0, 5), (16.0, 6), (32.0, 7), (None, 8))

#: 4.25: concealment added to the spotting TN.
CONCEALMENT_TN: dict[str, int] = {"none": 0, "partial": 1, "full": 2}

#: 4.2: an enemy this close sees through a Hide.
TOO_CLOSE_INCHES = 1.0

HideStatus = Literal["hidden", "stealth_only"]


def hide_check(ground: str, movement: int, extra: tuple[Modifier, ...] = ()) -> Check:
    """4.22: D6 + Movement against the ground's Hide TN (even 3 ... dense rubble 6)."""
    if ground not in HIDE_TN:
        raise ValueError(f"Hide ground is one of {sorted(HIDE_TN)}, got {ground!r}")
    tn = TargetNumber(HIDE_TN[ground], f"Hide in {ground.replace('_', ' ')}").plus(*extra)
    return make_check(tn, "Movement", movement)


def hide_distance(margin: int) -> int:
    """4.23: +0 1", +1 2", +2 3", +3 or better 4"; failing, he may not move and stay
    Hidden (0")."""
    return by_margin(margin, HIDE_DISTANCE) or 0


def hide_status(visible_share: float, gap_in: float) -> HideStatus:
    """4.2: against an enemy with a completely unobstructed view (all of him visible) or
    closer than 1", a Hiding character only has the benefit of Stealth."""
    if not 0.0 <= visible_share <= 1.0:
        raise ValueError(f"a visible share is between 0 and 1, got {visible_share}")
    if visible_share >= 1.0 - 1e-9 or gap_in < TOO_CLOSE_INCHES:
        return "stealth_only"
    return "hidden"


def hide_spotting_tn(
    distance_in: float, concealment: Concealment = "none", extra: tuple[Modifier, ...] = ()
) -> TargetNumber:
    """4.24 + 4.25: the TN to spot a Hiding character (3 within 2" ... 8 at 32"+), +1
    partial or +2 full concealment. Roll it with ``fire.spotting_check``."""
    base = tn_at_distance(HIDE_SPOTTING_TN, distance_in)
    name = "Full concealment" if concealment == "full" else "Partial concealment"
    return TargetNumber(base, f'Spot a Hiding enemy at {distance_in:g}"').plus(
        Modifier(name, CONCEALMENT_TN[concealment]), *extra
    )
