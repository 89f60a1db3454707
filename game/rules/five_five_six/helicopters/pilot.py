"""5.56mm 4.7 Pilot and 4.8 Fast Rope: a helicopter's movement allowance (no roll; each
change of direction up to 45 degrees 2", each inch in reverse 4"), the Pilot Tasks of
4.71 (Land TN 7 with Speed, 4.72; Hover TN 5 with Manoeuvre, 4.73; Full Speed TN 3 with
Speed, 4.74; Bank TN 4 with Manoeuvre, 4.75), and roping down from a hovering
helicopter (TN 4 with Movement, 4.81).

Every Pilot roll is D6 + Morale + one vehicle ability, +2 TN without the Pilot skill,
+1 with the co-pilot at the controls (12.9), plus the helicopter's damage and the
pilot's own penalties (``extra``). Inches throughout; where a result moves the
helicopter, the die faces come in as arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from game.core.rng import Rng
from game.rules.five_five_six.checks import (
    Check,
    CheckResult,
    Contest,
    Modifier,
    TargetNumber,
    make_check,
    roll_d6,
)
from game.rules.five_five_six.combat.grenades import SCATTER_DIRECTION
from game.rules.five_five_six.vehicles.crash import damage_test, dice_value
from game.rules.five_five_six.vehicles.data import (
    Dice,
    FastRopeRow,
    HoverRow,
    HoverTask,
    LandRow,
    LandTask,
    PilotTables,
    SpeedTask,
    TurnTask,
    VehicleDamage,
    VehicleProfile,
    row_for,
    vehicle_catalog,
)
from game.rules.five_five_six.vehicles.shared import (
    Motion,
    Seating,
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

PilotTask = Literal["land", "hover", "full_speed", "bank"]
_NAMES: dict[PilotTask, str] = {
    "land": "Land",
    "hover": "Hover",
    "full_speed": "Full Speed",
    "bank": "Bank",
}


def pilot_tables() -> PilotTables:
    return vehicle_catalog().tables.pilot


def basic_cost(
    forward_in: float, *, turns: int = 0, reverse_in: float = 0.0, turns_90: int = 0
) -> float:
    """4.7: inches of a helicopter's allowance used: forward, 2" a change of direction
    up to 45 degrees, 4" an inch in reverse, 2" a 90-degree turn from a Bank."""
    t = pilot_tables()
    return allowance_cost(
        t.basic,
        forward_in,
        turns=turns,
        reverse_in=reverse_in,
        turns_90=turns_90,
        turn_90_cost_in=t.bank.turn_cost_in,
    )


def pilot_check(
    task: PilotTask,
    profile: VehicleProfile,
    morale: int,
    *,
    trained: bool,
    co_pilot: bool = False,
    damage_penalty: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """4.71: D6 + Morale + the task's vehicle ability (Land and Full Speed: Speed; Hover
    and Bank: Manoeuvre) against Land 7, Hover 5, Full Speed 3, Bank 4 (Interpretation
    V1: the table's Hover 5, not the example's 4)."""
    if profile.kind != "helicopter":
        raise ValueError(f"the {profile.name} is driven (4.6 Drive), not flown")
    t = pilot_tables()
    tasks: dict[PilotTask, LandTask | HoverTask | SpeedTask | TurnTask] = {
        "land": t.land,
        "hover": t.hover,
        "full_speed": t.full_speed,
        "bank": t.bank,
    }
    spec = tasks[task]
    return task_check(
        _NAMES[task],
        spec.tn,
        morale,
        ability_of(profile, spec.ability),
        untrained_penalty=0 if trained else t.untrained_penalty,
        co_pilot_penalty=t.co_pilot_penalty if co_pilot else 0,
        damage_penalty=damage_penalty,
        extra=extra,
    )


def why_not_fly(seat: Seating, *, pilot_fit: bool) -> str | None:
    """4.7/12.9: the pilot flies; the co-pilot takes the controls (at +1 TN) only once
    the pilot is injured, dead or gone (``pilot_fit``: an unwounded pilot in his seat)."""
    if seat == "pilot":
        return None
    if seat != "co_pilot":
        return "only the pilot, or the co-pilot in his place, flies the helicopter"
    if pilot_fit:
        return "the co-pilot takes over only if the pilot is injured or dead"
    return None


# -- Full Speed and Bank ----------------------------------------------------------------


def full_speed(result: CheckResult) -> SpeedResult:
    """4.74: +0 4", +1 8", +2 12", +3 16", +5 20", +6 or more 24" beyond the allowance
    (+4 reads the +3 row: Interpretation V2), with two changes of direction up to 45
    degrees at 4" each; a failure adds nothing."""
    return speed_result(pilot_tables().full_speed, result)


def full_speed_odds(check: Check) -> dict[int, Fraction]:
    task = pilot_tables().full_speed
    return margin_odds(check, lambda m: speed_inches(task, m))


def bank(result: CheckResult) -> TurnResult:
    """4.75: +0/+1 one 90-degree turn, +2/+3 two, +4/+5 three, +6 or more four, each
    counting as 2" of the allowance; a failure allows none."""
    return turn_result(pilot_tables().bank, result)


def bank_odds(check: Check) -> dict[int, Fraction]:
    task = pilot_tables().bank
    return margin_odds(check, lambda m: turns_for(task, m))


# -- Land ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Landing:
    """A resolved Land task (4.72): where it ends (``distance_in`` from the landing
    zone, ``offset_deg`` from the line of flight: 0 is straight on), the damage it took,
    and the damage TNs for those inside and those within ``nearby_radius_in``."""

    result: CheckResult
    row: LandRow
    distance_in: int
    offset_deg: float
    description: str

    @property
    def becomes(self) -> VehicleDamage | None:
        return None if self.row.becomes is None else VehicleDamage(self.row.becomes)

    @property
    def crashed(self) -> bool:
        return self.row.outcome in ("crash", "crash_landing")

    def inside_test(self, strength: int, extra_tn: tuple[Modifier, ...] = ()) -> Check | Contest:
        """The Strength test of everyone aboard a crash or crash landing (4.72's own
        TN, which replaces 12.51's "everyone inside is killed" for a Landing that
        destroys the helicopter: Interpretation V4)."""
        if self.row.inside is None:
            raise ValueError("nobody aboard is hurt by this landing")
        return damage_test(self.row.inside, strength, name="Crash", extra_tn=extra_tn)

    def motion(self, moved_in: float) -> Motion:
        """The helicopter's motion after a go of ``moved_in`` inches ending in this
        Landing: on the ground and halted (it no longer counts as in flight or moving,
        4.7), the overshoot counted as moved."""
        return Motion(moved_in + self.distance_in, altitude="ground", halted=True)


def land_row(margin: int) -> LandRow:
    return row_for(pilot_tables().land.rows, margin)


def landing(
    result: CheckResult, distance_face: int | None = None, direction_face: int | None = None
) -> Landing:
    """4.72 with the D6 faces rolled: on +0 it lands on its zone; -1 overshoots D3", -2
    D3+1", -3 D6+1", -4 overshoots D6+1" and crash-lands (Major Damage, those inside
    D6+2: Interpretation V4); -5 crashes D6+1" away, Immobilised (inside D6+4); -6 or
    worse crashes D6+1" away, Destroyed (inside D6+8, everyone within 4" D6+4). An
    overshoot goes straight on; a crash lands in a 3.27 direction from the line of
    flight (``direction_face``; Interpretation V4)."""
    row = land_row(result.margin)
    if row.distance is None:
        return Landing(result, row, 0, 0.0, "lands on its landing zone")
    distance = dice_value(row.distance, distance_face)
    if row.outcome != "crash":
        what = "crash-lands" if row.outcome == "crash_landing" else "overshoots"
        return Landing(result, row, distance, 0.0, f'{what} {distance}" past its landing zone')
    if direction_face not in SCATTER_DIRECTION:
        raise ValueError(f"a crash needs a D6 face 1 to 6 for its direction, got {direction_face}")
    assert direction_face is not None
    offset, where = SCATTER_DIRECTION[direction_face]
    where = where.replace(" of the target", "")
    return Landing(
        result, row, distance, offset, f'crashes {distance}" from its landing zone ({where})'
    )


def roll_landing(check: Check, rng: Rng) -> Landing:
    """A Land task rolled from the game's generator: the task's D6, then a D6 for the
    distance and one for a crash's direction, only when the row needs them."""
    result = check.roll(rng)
    row = land_row(result.margin)
    distance = roll_d6(rng) if row.distance is not None and row.distance.die else None
    direction = roll_d6(rng) if row.outcome == "crash" else None
    return landing(result, distance, direction)


def landing_odds(check: Check) -> dict[int, Fraction]:
    """Exact chance of each 4.72 row, keyed by the row's margin (-6 ... 0)."""
    return margin_odds(check, lambda m: land_row(m).margin)


# -- Hover ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hovering:
    """A resolved Hover task (4.73): how far it drifted past where it meant to hold,
    and the TN penalty for everyone firing from it or Fast Roping."""

    result: CheckResult
    row: HoverRow
    overshoot_in: int

    @property
    def tn_penalty(self) -> int:
        return self.row.tn_penalty

    def motion(self, moved_in: float) -> Motion:
        """The helicopter's motion after hovering at the end of a go of ``moved_in``
        inches (the overshoot counts as moved)."""
        return Motion(moved_in + self.overshoot_in, False, "hovering", self.tn_penalty)


def hover_row(margin: int) -> HoverRow:
    return row_for(pilot_tables().hover.rows, margin)


def hovering(result: CheckResult, overshoot_face: int | None = None) -> Hovering:
    """4.73 with the D6 face rolled: +0 steady; -1 unsteady (+1 TN to fire from it or
    rope down); -2 drifts D3" (+1); -3 D6" (+2); -4 or worse D6+1" (+3)."""
    row = hover_row(result.margin)
    drift = 0 if row.overshoot is None else dice_value(row.overshoot, overshoot_face)
    return Hovering(result, row, drift)


def roll_hovering(check: Check, rng: Rng) -> Hovering:
    """A Hover task rolled from the game's generator (a D6 for the drift only when the
    row has one)."""
    result = check.roll(rng)
    row = hover_row(result.margin)
    return hovering(result, roll_d6(rng) if row.overshoot is not None else None)


def hover_odds(check: Check) -> dict[int, Fraction]:
    """Exact chance of each 4.73 TN penalty (0 ... 3)."""
    return margin_odds(check, lambda m: hover_row(m).tn_penalty)


# -- Fast Rope (4.8) --------------------------------------------------------------------


def why_not_fast_rope(motion: Motion, seat: Seating) -> str | None:
    """4.8: those carried in the back rope down while the helicopter Hovers."""
    if motion.altitude != "hovering":
        return "Fast Rope needs the helicopter to Hover"
    if seat != "passenger":
        return "only those carried in the back Fast Rope"
    return None


def fast_rope_check(movement: int, motion: Motion, extra: tuple[Modifier, ...] = ()) -> Check:
    """4.8: D6 + Movement against TN 4, + the Hover result's penalty (4.73)."""
    problem = why_not_fast_rope(motion, "passenger")
    if problem:
        raise ValueError(problem)
    tn = TargetNumber(vehicle_catalog().tables.fast_rope.tn, "Fast Rope").plus(
        Modifier("Unsteady hover", motion.hover_tn_penalty), *extra
    )
    return make_check(tn, "Movement", movement)


@dataclass(frozen=True, slots=True)
class FastRope:
    """A resolved Fast Rope (4.81): down safely and free to move ``move_in`` from the
    helicopter, or fallen with a Strength test against ``fall``."""

    result: CheckResult
    row: FastRopeRow

    @property
    def move_in(self) -> float:
        return self.row.move_in or 0.0

    @property
    def fall(self) -> Dice | None:
        return self.row.fall

    def fall_test(self, strength: int, extra_tn: tuple[Modifier, ...] = ()) -> Check | Contest:
        """The Strength test of a fall (a wound by 5.01 on a failure)."""
        if self.row.fall is None:
            raise ValueError("a successful Fast Rope has no fall")
        return damage_test(self.row.fall, strength, name="Fall", extra_tn=extra_tn)


def fast_rope_row(margin: int) -> FastRopeRow:
    return row_for(vehicle_catalog().tables.fast_rope.rows, margin)


def fast_rope(result: CheckResult) -> FastRope:
    """4.81: -3 or worse falls (D6+3), -2 falls part way (D6+1), -1 comes down too fast
    (D6-1); +0 lands and may move 1", +1 2", +2 or better 3" (Interpretation V11)."""
    return FastRope(result, fast_rope_row(result.margin))
