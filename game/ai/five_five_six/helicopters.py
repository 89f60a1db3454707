"""The 5.56mm bot with a helicopter (rules version 3), in "men" like the rest of the bot:

- **Pilot.** Besides the listed flights the pilot is offered a Hover over each of a
  few points on and around the objective his side must reach (within the allowance).
  A flight is worth the inches it closes between the objective and the ground a man
  roping down from where it ends could reach (the fuselage's half width plus 4.81's
  3"). A Hover is worth ``HOVER_OVER`` times the chance, over the 4.73 rows, that the
  team can still rope onto the objective from where the hover leaves it (a bad row
  drifts it on along its line of flight; each TN point it leaves costs a little), less
  ``EXPOSED`` for every enemy who could see a man standing on the ground beneath it
  and ``HOVER_SEEN`` (``ROCKET_SEEN`` with a rocket) for every enemy who would see the
  helicopter hold still there (V40: traced at its altitude). A Hover from which
  nobody can rope onto the objective, or with nobody left in the back, is
  ``NEEDLESS_HOVER`` worse than flying on: the pilot hovers only where he must. A
  Land is worth its flight less ``LAND_SHORT`` (the team still has to walk in);
  Full Speed and Bank as the plain flight.
- **Fast Rope.** Besides the two listed points a man in the back is offered points
  toward the objective and around the fuselage within 4.81's reach. A rope is worth
  ``ROPE`` plus the objective progress (``Places.objective_term``) of the point he
  ropes toward over where he is, less ``ROPE_SEEN`` for each enemy who would see him
  land there: he ropes down out of the enemy's sight where he can. A man aboard a
  hovering helicopter over the objective has not reached it (V38), so he ropes down.
"""

from __future__ import annotations

from collections.abc import Callable

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.ai.five_five_six.places import OBJECTIVE_PER_INCH, Places
from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import RoundBase, bearing
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.helicopters.legal import ROPE_REACH_IN
from game.rules.five_five_six.helicopters.pilot import hover_row
from game.rules.five_five_six.helicopters.play import pilot_task_check
from game.rules.five_five_six.legal import why_not
from game.rules.five_five_six.model import HEIGHT_IN, RADIUS, Character
from game.rules.five_five_six.vehicles.routes import run_point
from game.rules.five_five_six.vehicles.shared import ALTITUDE_IN, margin_odds
from game.rules.five_five_six.vehicles.state import Vehicle

HOVER_OVER = 1.0  # a Hover the team can rope onto the objective from
EXPOSED = 0.15  # less, for each enemy who sees the ground beneath it
HOVER_SEEN = 0.05  # less, for each enemy who sees the helicopter holding still there
ROCKET_SEEN = 0.2  # ... and who has a rocket for it (12.5: an RPG can bring it down)
NEEDLESS_HOVER = 0.3  # a Hover nobody can rope onto the objective from
TN_POINT = 0.1  # a Hover's TN penalty, per point (the ropes and the door gun)
LAND_SHORT = 0.2  # a Land: the team gets out short of the objective and walks
ROPE = 0.3  # roping down at all (he can do nothing else aboard)
ROPE_SEEN = 0.08  # less, for each enemy who would see him land
HOVER_OFFSETS_IN = (0.0, -3.0, 3.0)  # around the objective's centre, each way
ROPE_BEARINGS = tuple(range(0, 360, 45))  # rope points around the fuselage
ROCKETS = frozenset({"rpg", "law"})

GapIn = Callable[[Point], float]


def hover_flights(board: Board, pilot: Character) -> list[Action]:
    """Legal Hovers over points on and around the objective (not all listed by the
    rules' candidates)."""
    vehicle = board.vehicle_of(pilot)
    aim = _reach_shape(board, pilot.side)
    if vehicle is None or aim is None or pilot.seat not in ("pilot", "co_pilot"):
        return []
    centre = aim.centroid
    out: list[Action] = []
    for dx in HOVER_OFFSETS_IN:
        for dy in HOVER_OFFSETS_IN:
            to = (round(centre.x + hundredths(dx)), round(centre.y + hundredths(dy)))
            action = Pilot(pilot.id, to, PilotTask.HOVER)
            if why_not(board, action) is None:
                out.append(action)
    return out


def pilot_value(board: Board, pilot: Character, action: Pilot) -> float:
    """A flight's worth over staying where it is (see the module docstring)."""
    vehicle = board.vehicle_of(pilot)
    aim = _reach_shape(board, pilot.side)
    if vehicle is None or aim is None:
        return 0.0
    reach = hundredths(vehicle.profile.width_in / 2 + ROPE_REACH_IN)

    def gap_in(at: Point) -> float:
        return max(0.0, float(aim.distance(ShapelyPoint(at))) - reach) / 100

    value = OBJECTIVE_PER_INCH * (gap_in(vehicle.pos) - gap_in(action.to))
    if action.task is PilotTask.HOVER:
        value += _hover_worth(board, pilot, vehicle, action, gap_in)
    if action.task is PilotTask.LAND:
        value -= LAND_SHORT
    return value


def _hover_worth(
    board: Board, pilot: Character, vehicle: Vehicle, action: Pilot, gap_in: GapIn
) -> float:
    """A Hover's own worth: the chance-weighted roping onto the objective over the 4.73
    rows (drifting on along the line of flight), less its exposure."""
    check = pilot_task_check(board, pilot, PilotTask.HOVER)
    carrying = any(c.seat == "passenger" and c.can_act for c in board.aboard(vehicle))
    if check is None or not carrying:
        return -NEEDLESS_HOVER
    heading = bearing(vehicle.pos, action.to) if action.to != vehicle.pos else vehicle.facing
    worth = 0.0
    for (penalty, drift_in), p in margin_odds(check, _hover_outcome).items():
        at = run_point(action.to, heading, hundredths(drift_in)) if drift_in else action.to
        if gap_in(at) <= 0.0:
            worth += float(p) * (HOVER_OVER - TN_POINT * penalty)
    if worth <= 0.0:
        return -NEEDLESS_HOVER
    facing = round(heading) % 360
    return (
        worth
        - EXPOSED * seen_by(board, pilot.side, action.to)
        - _seen_hovering(board, pilot.side, vehicle, action.to, facing)
    )


def _hover_outcome(margin: int) -> tuple[int, float]:
    """4.73: a row's TN penalty and its mean drift in inches (D3 2, D6 3.5)."""
    row = hover_row(margin)
    drift = row.overshoot
    if drift is None:
        return row.tn_penalty, 0.0
    return row.tn_penalty, (drift.die + 1) / 2 + drift.plus if drift.die else float(drift.plus)


def _seen_hovering(board: Board, side: int, vehicle: Vehicle, at: Point, facing: int) -> float:
    """The helicopter's own exposure holding still at ``at`` (traced at its altitude,
    V40): ``HOVER_SEEN`` per enemy who would see it, ``ROCKET_SEEN`` with a rocket."""
    geometry = board.setting.geometry
    hull = vehicle.hull_at(at, facing)
    lift = ALTITUDE_IN["hovering"] if board.setting.version >= 4 else 0.0
    total = 0.0
    for enemy in board.enemies_of(side):
        if not enemy.can_act or enemy.aboard is not None:
            continue
        sight = geometry.sight(
            enemy.base,
            hull,
            viewer_height=HEIGHT_IN,
            target_height=vehicle.profile.height_in,
            target_altitude=lift,
        )
        if sight.clear:
            total += ROCKET_SEEN if ROCKETS.intersection(enemy.profile.gear) else HOVER_SEEN
    return total


def seen_by(board: Board, side: int, at: Point) -> int:
    """How many enemies of ``side`` able to act would see a man standing at ``at``."""
    geometry = board.setting.geometry
    target = RoundBase(at, RADIUS)
    return sum(
        1
        for enemy in board.enemies_of(side)
        if enemy.can_act
        and enemy.aboard is None
        and geometry.sight(
            enemy.base, target, viewer_height=HEIGHT_IN, target_height=HEIGHT_IN
        ).clear
    )


def rope_downs(board: Board, man: Character) -> list[Action]:
    """Legal Fast Ropes toward the objective and around the fuselage (the rules'
    candidates list only two points), for a man in the back of a hovering helicopter."""
    vehicle = board.vehicle_of(man)
    if vehicle is None or vehicle.motion.altitude != "hovering" or man.seat != "passenger":
        return []
    out: list[Action] = []
    aim = _reach_shape(board, man.side)
    out_in = vehicle.profile.width_in / 2 + ROPE_REACH_IN - 0.5
    points: list[Point] = []
    if aim is not None:
        centre = aim.centroid
        goal = (round(centre.x), round(centre.y))
        if goal != vehicle.pos:
            points.append(goal)
            points.append(run_point(vehicle.pos, bearing(vehicle.pos, goal), hundredths(out_in)))
    for turn in ROPE_BEARINGS:
        points.append(run_point(vehicle.pos, vehicle.facing + turn, hundredths(out_in)))
    for to in dict.fromkeys(points):
        action = FastRope(man.id, to)
        if why_not(board, action) is None:
            out.append(action)
    return out


def rope_value(board: Board, places: Places, character: Character, action: FastRope) -> float:
    """Roping down toward ``action.to``, over staying aboard: less for each enemy who
    would see him land there."""
    seen = seen_by(board, character.side, action.to)
    return (
        ROPE
        + places.objective_term(action.to)
        - places.objective_term(character.pos)
        - ROPE_SEEN * seen
    )


def _reach_shape(board: Board, side: int) -> BaseGeometry | None:
    """The objective ``side`` must reach (a shapely shape), if any."""
    for victory in board.setting.scenario.victory:
        if victory.kind == "reach" and victory.side == side and victory.objective:
            outline = board.setting.objective(victory.objective).outline
            return Polygon(outline) if len(outline) >= 3 else ShapelyPoint(outline[0])
    return None
