"""Legality of the vehicle actions (rules version 3): Drive (4.6), getting in and out
(12.1, 12.3), what a character aboard may do (12.4), shots at a vehicle (12.7), and
vehicles in the way of a man on foot. Each answer names the rule, or is None.
Distances are hundredths of an inch.
"""

from __future__ import annotations

from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import RoundBase, gap, path_gap
from game.rules.five_five_six.actions import (
    Aim,
    AutoFire,
    CoveringFire,
    Drive,
    DriveTask,
    FastRope,
    Fire,
    GetIn,
    GetOut,
    Pilot,
    UseRadio,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.arms import firearm, firearms_of, round_of, shot_range
from game.rules.five_five_six.combat.fire import can_be_seen_at_all
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.movement.rules import move_allowance
from game.rules.five_five_six.vehicles.routes import (
    BEND_LIMIT,
    LONGEST_RUN_IN,
    RULE_DRIVE,
    allowance_in,
    ground_problem,
    passage_problem,
    ram_stop,
    route_cost,
    route_of,
)
from game.rules.five_five_six.vehicles.shared import Seating, why_not_board
from game.rules.five_five_six.vehicles.state import Vehicle

RULE_BOARD = "5.56mm 12.1, Getting in and out"
ROUNDING_IN = 0.01  # points are whole hundredths: a route may measure a hair long
BEST_TURN_RESULT = 4  # 4.63's last row: the most 90-degree turns a Turn can give


def weapons_of(board: Board, character: Character) -> tuple[str, ...]:
    """The firearms he can fire now: his own, and the mounted weapon from the gunner's
    seat while it works (12.4, 12.51)."""
    own = firearms_of(character)
    vehicle = board.vehicle_of(character)
    if vehicle is None or character.seat != "gunner":
        return own
    if vehicle.weapon is None or not vehicle.weapons_work or vehicle.destroyed:
        return own
    return (vehicle.weapon, *own)


def aboard_problem(board: Board, character: Character, action: Action) -> str | None:
    """12.1-12.4 (Interpretation V23): aboard, the driver may Drive, the gunner Fire,
    Aim, Auto-Fire or give Covering Fire, anyone use the radio or get out; nothing else
    (no moving on foot, and passengers do not fire from inside)."""
    vehicle = board.vehicle_of(character)
    assert vehicle is not None
    if isinstance(action, (GetOut, UseRadio)):
        return None
    if isinstance(action, Drive):
        return None if character.seat == "driver" else f"only the driver drives: {RULE_DRIVE}"
    if isinstance(action, Pilot):
        if character.seat in ("pilot", "co_pilot"):
            return None
        return "only the pilot, or the co-pilot in his place, flies (5.56mm 4.7)"
    if isinstance(action, FastRope):
        if character.seat == "passenger":
            return None
        return "only those carried in the back Fast Rope (5.56mm 4.8)"
    if isinstance(action, (Fire, AutoFire, Aim, CoveringFire)):
        if character.seat == "gunner":
            return None
        return f"only the gunner fires from the {vehicle.name} (5.56mm 12.4)"
    return (
        f"{character.name} is aboard the {vehicle.name}: he may drive, fire from the gunner's "
        f"seat, use the radio or get out ({RULE_BOARD})"
    )


def drive_problem(board: Board, character: Character, action: Drive) -> str | None:
    """4.6: the driver of a usable vehicle; the route within the movement allowance
    (with a Turn, as if it gave the most 90-degree turns: fewer rolled, the vehicle goes
    less far); a move to where it stands only for a Full Speed run straight on."""
    vehicle = board.vehicle_of(character)
    if vehicle is None or character.seat != "driver":
        return f"{character.name} is not in a driver's seat: {RULE_DRIVE}"
    if not vehicle.usable:
        return f"the {vehicle.name} cannot be driven any more (5.56mm 12.51)"
    if action.reverse and action.task is DriveTask.FULL_SPEED:
        return f"Full Speed is driven forward (Interpretation V25): {RULE_DRIVE}"
    reason = bends_problem(board, action, full_speed=action.task is DriveTask.FULL_SPEED)
    if reason is not None:
        return reason
    route = route_of(vehicle, action.to, action.reverse)
    if action.to == vehicle.pos:
        if action.task is not DriveTask.FULL_SPEED:
            return f"a drive needs somewhere to go (or Full Speed straight on): {RULE_DRIVE}"
        return None
    turns = BEST_TURN_RESULT if action.task is DriveTask.TURN else 0
    cost = route_cost(route, turns)
    limit = allowance_in(vehicle)
    if cost > limit + ROUNDING_IN:
        return f'the drive costs {cost:.2f}" of a {limit:g}" allowance: {RULE_DRIVE}'
    reason = passage_problem(board, vehicle, vehicle.pos, action.to)
    if reason is not None and not action.reverse:  # 12.2: into a vehicle is a ram (V31)
        return None if ram_stop(board, vehicle, vehicle.pos, action.to) is not None else reason
    return reason


def bends_problem(
    board: Board,
    action: Drive | Pilot,
    *,
    full_speed: bool,
    longest_in: int = LONGEST_RUN_IN,
    rule: str = RULE_DRIVE,
) -> str | None:
    """4.6/4.7: "two changes of direction up to 45 degrees during the distance travelled
    at Full Speed" (rules version 4, Interpretation V41): only with Full Speed
    (``full_speed``), each turns 1 to 45 degrees, the second one 1" into the run up to
    ``longest_in`` (4.62's 14", 4.74's 24")."""
    if action.bend is None and action.then is None and action.after is None:
        return None
    if board.setting.version < 4:
        return f"changes of direction at Full Speed came with rules version 4: {rule}"
    if not full_speed:
        return f"only a Full Speed run changes direction as it goes: {rule}"
    if (action.then is None) != (action.after is None):
        return f"a second change of direction says how far into the run: {rule}"
    for angle in (action.bend, action.then):
        if angle is not None and not 0 < abs(angle) <= BEND_LIMIT:
            return f"a change of direction at Full Speed turns 1 to 45 degrees: {rule}"
    if action.after is not None and not 1 <= action.after <= longest_in:
        return f'the second change of direction comes 1" to {longest_in}" into the run: {rule}'
    return None


def occupied(board: Board, vehicle: Vehicle) -> dict[Seating, int]:
    out: dict[Seating, int] = {}
    for c in board.aboard(vehicle):
        if c.on_table and c.seat in ("driver", "pilot", "co_pilot", "gunner", "passenger"):
            seat: Seating = c.seat  # type: ignore[assignment]
            out[seat] = out.get(seat, 0) + 1
    return out


def get_in_problem(board: Board, character: Character, action: GetIn) -> str | None:
    """12.1/12.3: one of his own side's vehicles, not a wreck, whose nearest edge he can
    reach with a Move (Interpretation V26: any point of its edge is an entrance), and a
    free seat of the kind chosen."""
    if character.aboard is not None:
        return f"{character.name} is already aboard: get out first ({RULE_BOARD})"
    vehicle = board.vehicle(action.vehicle)
    if vehicle is None:
        return f"there is no vehicle {action.vehicle!r}"
    if vehicle.side != character.side:
        return f"the {vehicle.name} is the other side's"
    if vehicle.destroyed:
        return f"the {vehicle.name} is a burning wreck (5.56mm 12.51)"
    if vehicle.profile.kind == "helicopter" and vehicle.motion.airborne:
        return f"the {vehicle.name} is in the air: it must Land first ({RULE_BOARD})"
    reach = move_allowance(character.effects.move_loss)
    reason = why_not_board(
        vehicle.profile,
        vehicle.weapon,
        occupied(board, vehicle),
        action.seat.value,
        distance_to_entrance_in=board.vehicle_gap(character, vehicle) / 100,
        reach_in=reach,
    )
    return None if reason is None else f"{reason} ({RULE_BOARD})"


def get_out_problem(board: Board, character: Character, action: GetOut) -> str | None:
    """12.1: out to a point on the table within a Move of the vehicle's edge, off the
    vehicle and any other, on ground a man can stand on, where nobody stands."""
    vehicle = board.vehicle_of(character)
    if vehicle is None:
        return f"{character.name} is not aboard a vehicle ({RULE_BOARD})"
    base = RoundBase(action.to, RADIUS)
    if gap(base, vehicle.hull) > hundredths(move_allowance(character.effects.move_loss)):
        return f"that point is more than a Move from the {vehicle.name} ({RULE_BOARD})"
    return ground_problem(board, action.to, vehicle)


def vehicle_in_way(board: Board, character: Character, to: Point) -> str | None:
    """A vehicle (or wreck) blocks a man on foot as a piece of terrain would: his base
    may not pass through its footprint (Interpretation V24)."""
    for vehicle in board.vehicles.values():
        if character.aboard == vehicle.id or vehicle.motion.airborne:  # V33: men pass under
            continue
        if path_gap(character.pos, to, vehicle.hull) < RADIUS:
            return f"the {vehicle.name} is in the way (5.56mm 3.1)"
    return None


def vehicle_target_problem(
    board: Board,
    character: Character,
    weapon_id: str,
    vehicle: Vehicle,
    round_id: str | None = None,
) -> str | None:
    """12.7: an enemy vehicle still in one piece, in the weapon's range (to its nearest
    edge), in his field of sight and with some of it in sight."""
    if vehicle.side == character.side:
        return f"the {vehicle.name} is on your side"
    if vehicle.destroyed:
        return f"the {vehicle.name} is already destroyed (5.56mm 12.51)"
    gap_in = board.vehicle_gap(character, vehicle) / 100
    reason = out_of_range(character, weapon_id, round_id, gap_in, f"the {vehicle.name}")
    if reason is not None:
        return reason
    if not board.vehicle_in_field(character, vehicle):
        return f"the {vehicle.name} is outside {character.name}'s field of sight (5.56mm 2.0)"
    if not can_be_seen_at_all(board.vehicle_sight(character, vehicle).visible_share):
        return f"{character.name} has no line of sight to the {vehicle.name} (5.56mm 3.2)"
    return None


def out_of_range(
    character: Character, weapon_id: str, round_id: str | None, gap_in: float, what: str
) -> str | None:
    """7.0: a target ``gap_in`` inches away (edge to edge) must lie in the weapon's range
    bands (the round's own for the HEAP, 7.6)."""
    weapon = firearm(weapon_id)
    if shot_range(weapon, round_of(character, weapon_id, round_id), gap_in) is None:
        return (
            f"{what} is {gap_in:.1f}\" away, outside the {weapon.name}'s range bands (5.56mm 7.0)"
        )
    return None
