"""5.56mm vehicles in play, the parts Drive and Pilot share (4.6, 4.7) and section 12's
seats: what a vehicle did in its last go (:class:`Motion`), who may drive or fly it
without penalty, the roll of a Driver or Pilot Task, the movement allowance with its
change-of-direction and reverse costs, getting in (12.1), passengers (12.3), gunners
and mounted weapons (12.4), and the fire modifiers that involve vehicles (3.24, 3.25,
4.73, 12.7) as a :class:`~.fire.FireSituation` the fire module reads.

Pure functions over :mod:`.vehicle_data`; distances in inches; dice come in as faces
or from a passed-in ``Rng`` through :mod:`.checks`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal, TypeVar

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import (
    Check,
    CheckResult,
    Modifier,
    TargetNumber,
    make_check,
)
from game.rules.five_five_six.combat.fire import (
    Concealment,
    FireSituation,
    VehicleMotion,
    concealment_of,
)
from game.rules.five_five_six.squads.traits import missing_skill
from game.rules.five_five_six.vehicles.data import (
    Armament,
    BasicMove,
    SeatRole,
    SpeedTask,
    TurnTask,
    VehicleAbility,
    VehicleKind,
    VehicleProfile,
    row_for,
)

Altitude = Literal["ground", "flying", "hovering"]
"""Where a vehicle is: on the ground (every land vehicle, a landed helicopter), flying,
or hovering (the Hover Pilot Task, 4.73)."""

K = TypeVar("K")

Seating = Literal["driver", "pilot", "co_pilot", "gunner", "passenger"]


@dataclass(frozen=True, slots=True)
class Motion:
    """What a vehicle did in its last go, kept until its driver's or pilot's next go:
    ``moved_in`` inches in all (allowance, Full Speed and any overshoot: its "speed"
    for 12.11, 12.21 and 12.61), whether it went at Full Speed, its altitude, the Hover
    result's TN penalty for those firing from it or Fast Roping (4.73), and whether it
    was brought to a halt at the end (a Land task, 4.72)."""

    moved_in: float = 0.0
    full_speed: bool = False
    altitude: Altitude = "ground"
    hover_tn_penalty: int = 0
    halted: bool = False

    def __post_init__(self) -> None:
        if self.moved_in < 0:
            raise ValueError(f"a vehicle cannot move a negative distance ({self.moved_in})")
        if self.hover_tn_penalty and self.altitude != "hovering":
            raise ValueError("only a hovering helicopter gives a Hover TN penalty")

    @property
    def moving(self) -> bool:
        """Moving for 3.24 and 12.1: it moved in its last go, did not Land at its end
        and is not holding still in the air (a Hover keeps it "in a stationary
        position", 4.7)."""
        return self.moved_in > 0 and not self.halted and self.altitude != "hovering"

    @property
    def airborne(self) -> bool:
        return self.altitude != "ground"


STATIONARY = Motion()

#: Interpretation V40: how high above the table a helicopter is, in inches, by its
#: altitude (rules version 4; version 3 traced it on the ground). Hovering it holds
#: above the rooftops (twice a 3" building) for the ropes; flying, twice as high again.
ALTITUDE_IN: dict[Altitude, float] = {"ground": 0.0, "hovering": 6.0, "flying": 12.0}


# -- skills and the task roll -------------------------------------------------------


def trained(skills: Iterable[str], kind: VehicleKind) -> bool:
    """4.6/4.7/10.0: the Driver skill covers land vehicles, the Pilot skill helicopters
    (the skills' ``proficient_with`` in the data)."""
    wanted = "land_vehicle" if kind == "land" else "air_vehicle"
    table = catalog().skills
    return any(wanted in table[s].proficient_with for s in skills if s in table)


def ability_of(profile: VehicleProfile, ability: VehicleAbility) -> Modifier:
    """The vehicle ability a task adds to the roll, named ("Black Hawk Manoeuvre")."""
    value = profile.speed if ability == "speed" else profile.manoeuvre
    return Modifier(f"{profile.name} {ability.capitalize()}", value)


def task_check(
    task: str,
    tn: int,
    morale: int,
    vehicle_ability: Modifier,
    *,
    untrained_penalty: int = 0,
    co_pilot_penalty: int = 0,
    damage_penalty: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> Check:
    """4.6/4.7: D6 + Morale + one vehicle ability against the task's TN, +2 without the
    Driver or Pilot skill, +1 with the co-pilot flying (12.9), + the vehicle's damage
    (12.51: Major +1, Crippling +2) and anything else (wounds, light) in ``extra``."""
    target = TargetNumber(tn, task).plus(
        Modifier("No Driver/Pilot skill", untrained_penalty),
        Modifier("Co-pilot flying", co_pilot_penalty),
        Modifier("Vehicle damage", damage_penalty),
        *extra,
    )
    return make_check(target, "Morale", morale, vehicle_ability)


@dataclass(frozen=True, slots=True)
class SpeedResult:
    """A Full Speed task (4.62/4.74): the roll, the extra inches (0 on a failure), the
    changes of direction allowed in them and each one's cost in inches."""

    result: CheckResult
    inches: int
    turns_allowed: int
    turn_cost_in: float


def speed_inches(task: SpeedTask, margin: int) -> int:
    """The extra inches of a Full Speed result; a failure gives none."""
    return 0 if margin < 0 else row_for(task.rows, margin).inches


def speed_result(task: SpeedTask, result: CheckResult) -> SpeedResult:
    inches = speed_inches(task, result.margin)
    return SpeedResult(result, inches, task.turns if inches else 0, task.turn_cost_in)


@dataclass(frozen=True, slots=True)
class TurnResult:
    """A Turn (4.63) or Bank (4.75): the roll, the 90-degree turns allowed in this go's
    movement allowance (0 on a failure) and each one's cost in inches."""

    result: CheckResult
    turns: int
    turn_cost_in: float


def turns_for(task: TurnTask, margin: int) -> int:
    return 0 if margin < 0 else row_for(task.rows, margin).turns


def turn_result(task: TurnTask, result: CheckResult) -> TurnResult:
    return TurnResult(result, turns_for(task, result.margin), task.turn_cost_in)


def margin_odds(check: Check, read: Callable[[int], K]) -> dict[K, Fraction]:
    """Exact chance of each result of a task, ``read`` turning a margin into the result
    (inches, turns, a table row)."""
    out: dict[K, Fraction] = {}
    for margin, p in sorted(check.margins().items()):
        key = read(margin)
        out[key] = out.get(key, Fraction(0)) + p
    return out


# -- the movement allowance -----------------------------------------------------------


def why_not_task(tasks_this_go: int) -> str | None:
    """4.6/4.7: besides the movement allowance, one Driver or Pilot Task a go."""
    if tasks_this_go >= 1:
        return "only one Driver or Pilot Task a go"
    return None


def allowance(profile: VehicleProfile, loss_in: float = 0.0) -> float:
    """4.6/4.7: the inches a vehicle may move in a go without a roll, less what Major
    and Crippling Damage took (12.51); never below 0."""
    return max(0.0, profile.movement_in - loss_in)


def allowance_cost(
    basic: BasicMove,
    forward_in: float,
    *,
    turns: int = 0,
    reverse_in: float = 0.0,
    turns_90: int = 0,
    turn_90_cost_in: float = 0.0,
) -> float:
    """4.6/4.7: inches of movement allowance used: the distance forward, each change of
    direction up to 45 degrees (land 1", helicopter 2"), each inch in reverse (land 2",
    helicopter 4") and each 90-degree turn a Turn or Bank allowed."""
    if min(forward_in, reverse_in) < 0 or min(turns, turns_90) < 0:
        raise ValueError("distances and turns are never negative")
    return (
        forward_in
        + turns * basic.turn_cost_in
        + reverse_in * basic.reverse_cost_per_in
        + turns_90 * turn_90_cost_in
    )


def why_not_move(allowance_in: float, cost_in: float) -> str | None:
    """4.6/4.7: a move may not use more than the allowance."""
    if cost_in > allowance_in + 1e-9:
        return f'the move costs {cost_in:g}" of a {allowance_in:g}" allowance'
    return None


def full_speed_cost(result: SpeedResult, forward_in: float, turns: int = 0) -> float:
    """4.6/4.7: inches of a Full Speed distance used: forward plus each change of
    direction (land 1", Interpretation V5; helicopter 4")."""
    return forward_in + turns * result.turn_cost_in


def why_not_full_speed_move(result: SpeedResult, forward_in: float, turns: int = 0) -> str | None:
    """4.6/4.7: at Full Speed only two changes of direction up to 45 degrees."""
    if turns > result.turns_allowed:
        return f"only {result.turns_allowed} changes of direction at Full Speed"
    return why_not_move(result.inches, full_speed_cost(result, forward_in, turns))


# -- seats, passengers and gunners (12.1, 12.3, 12.4) ---------------------------------


def why_not_fit(profile: VehicleProfile, weapon: str | None) -> str | None:
    """12.8/12.9: a mounted weapon is one of the profile's; an optional turret may be
    left off (it then carries the passengers instead), a fixed one may not."""
    arm = profile.armament
    if weapon is None:
        if arm is not None and not arm.optional:
            return f"the {profile.name} always carries one of {list(arm.weapons)}"
        return None
    if arm is None or weapon not in arm.weapons:
        allowed = list(arm.weapons) if arm else []
        return f"the {profile.name} cannot mount {weapon!r} (allowed: {allowed})"
    return None


def seats(profile: VehicleProfile, weapon: str | None) -> dict[Seating, int]:
    """12.3/12.8: how many of each seat: the crew seats (the "(Gunner)" only with the
    turret weapon) and the passengers (two fewer with it: "5 (3)")."""
    problem = why_not_fit(profile, weapon)
    if problem:
        raise ValueError(problem)
    out: dict[Seating, int] = {}
    for seat in profile.crew:
        if seat.with_armament_only and weapon is None:
            continue
        out[seat.role] = out.get(seat.role, 0) + 1
    arm: Armament | None = profile.armament
    lost = arm.passengers_lost if arm is not None and arm.optional and weapon else 0
    out["passenger"] = profile.passengers - lost
    return out


def why_not_board(
    profile: VehicleProfile,
    weapon: str | None,
    occupied: Mapping[Seating, int],
    seat: Seating,
    *,
    distance_to_entrance_in: float,
    reach_in: float,
) -> str | None:
    """12.1/12.3: a character boards by reaching the vehicle's entrance with one of his
    actions (``reach_in``: the inches that action moves him) and picks a free seat;
    nobody boards past the passengers the profile allows."""
    if distance_to_entrance_in > reach_in + 1e-9:
        return f'the entrance is {distance_to_entrance_in:g}" away, more than {reach_in:g}"'
    free = seats(profile, weapon).get(seat, 0) - occupied.get(seat, 0)
    if free <= 0:
        what = "passenger places" if seat == "passenger" else f"{seat} seat"
        return f"the {profile.name} has no free {what}"
    return None


def why_not_use_armament(seat: Seating, weapon: str | None) -> str | None:
    """12.4: the mounted weapon is fired from the gunner's seat, never by the driver or
    pilot (Interpretation V8: another character aboard takes the gunner's seat)."""
    if weapon is None:
        return "the vehicle has no mounted weapon"
    if seat in ("driver", "pilot"):
        return "the driver or pilot cannot fire the mounted weapon"
    if seat != "gunner":
        return "only the character in the gunner's seat fires the mounted weapon"
    return None


def crew_armour(profile: VehicleProfile, seat: SeatRole | Literal["passenger"]) -> Modifier:
    """12.7: a crew seat marked (A) sits behind armoured glass: +1 to Strength tests
    against damage when shot at. Passengers have none."""
    glass = any(s.role == seat and s.armoured_glass for s in profile.crew)
    return Modifier("Armoured glass", 1 if glass else 0)


# -- fire modifiers that involve vehicles (3.24, 3.25, 4.73, 12.4, 12.7) --------------


def firer_motion(motion: Motion | None) -> VehicleMotion:
    """3.24: a firer aboard a vehicle that moved in its last go is on a moving vehicle
    (+1), at Full Speed +2; aboard a hovering or still one he is not."""
    if motion is None or not motion.moving:
        return "none"
    return "full_speed" if motion.full_speed else "moving"


def why_not_attack_occupant(visible_share: float) -> str | None:
    """12.7: crew and passengers can be shot only if seen as in a Fire action; else the
    vehicle itself must be attacked."""
    if visible_share <= 0:
        return "nobody inside can be seen: attack the vehicle itself"
    return None


@dataclass(frozen=True, slots=True)
class VehicleTarget:
    """A vehicle fired at: its kind and motion, and whether the shot is at the vehicle
    or at someone inside (with the share of him in view, 12.7)."""

    kind: VehicleKind
    motion: Motion = STATIONARY
    at_occupant: bool = False
    occupant_visible_share: float = 1.0


def vehicle_fire_situation(
    base: FireSituation | None = None,
    *,
    firer: Motion | None = None,
    target: VehicleTarget | None = None,
    mounted_weapon: str | None = None,
    skills: Iterable[str] = (),
) -> FireSituation:
    """The 3.24/3.25 vehicle modifiers set on ``base`` for :func:`~.fire.fire_check`:

    - firer on a moving vehicle +1 TN, at Full Speed +2 (3.24); firing from a hovering
      helicopter adds the Hover result's penalty (4.73);
    - a mounted weapon without its special skill +1 instead of +2 (12.4);
    - target a vehicle at Full Speed +1 TN, a helicopter in flight (hovering too; not
      once landed, 4.7) +1 TN (3.24); firing at the vehicle itself +2 to the roll
      (3.25, Interpretation V9); at someone inside no such bonus, the Full Speed
      penalty still, and at least partial concealment (12.7).
    """
    base = base if base is not None else FireSituation()
    out = replace(base, firer_vehicle=firer_motion(firer))
    if firer is not None and firer.hover_tn_penalty:
        hover = Modifier("Unsteady hover", firer.hover_tn_penalty)
        out = replace(out, extra=(*out.extra, hover))
    if mounted_weapon is not None:
        out = replace(
            out,
            mounted_weapon=True,
            specialist_without_skill=missing_skill(mounted_weapon, skills) is not None,
        )
    if target is not None:
        m = target.motion
        out = replace(
            out,
            target_vehicle_full_speed=m.full_speed and m.moving,
            target_helicopter_in_flight=target.kind == "helicopter" and m.airborne,
            target_is_vehicle=not target.at_occupant,
        )
        if target.at_occupant:
            seen = concealment_of(target.occupant_visible_share)
            worst: Concealment = "full" if "full" in (seen, base.concealment) else "partial"
            out = replace(out, concealment=worst)
    return out
