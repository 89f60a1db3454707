"""The 5.56mm bot with a helicopter (rules version 3), in "men" like the rest of the bot:

- **Pilot.** Besides the listed flights the pilot is offered a Hover over each of a
  few points on and around the objective his side must reach (within the allowance).
  A flight is worth the inches it closes between the objective and the ground a man
  roping down from where it ends could reach (the fuselage's half width plus 4.81's
  3"); a Hover from where the team can rope onto the objective is worth a fixed
  ``HOVER_OVER`` less ``EXPOSED`` for every enemy who could see a man standing on the
  ground beneath it, so the pilot prefers to hold his hover where the zone is out of
  the enemy's sight. A Land is worth its flight less ``LAND_SHORT`` (the team still
  has to walk in); Full Speed and Bank as the plain flight.
- **Fast Rope.** Worth ``ROPE`` plus the objective progress (``Places.objective_term``)
  of the point he ropes toward over where he is; a man aboard a hovering helicopter
  over the objective has not reached it (V38), so he ropes down.
"""

from __future__ import annotations

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from game.ai.five_five_six_places import OBJECTIVE_PER_INCH, Places
from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import RoundBase
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.heli_legal import ROPE_REACH_IN
from game.rules.five_five_six.legal import why_not
from game.rules.five_five_six.model import HEIGHT_IN, RADIUS, Character

HOVER_OVER = 1.0  # a Hover the team can rope onto the objective from
EXPOSED = 0.15  # less, for each enemy who sees the ground beneath it
LAND_SHORT = 0.2  # a Land: the team gets out short of the objective and walks
ROPE = 0.3  # roping down at all (he can do nothing else aboard)
HOVER_OFFSETS_IN = (0.0, -3.0, 3.0)  # around the objective's centre, each way


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
    if action.task is PilotTask.HOVER and gap_in(action.to) <= 0.0:
        value += HOVER_OVER - EXPOSED * seen_by(board, pilot.side, action.to)
    if action.task is PilotTask.LAND:
        value -= LAND_SHORT
    return value


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


def rope_value(places: Places, character: Character, action: FastRope) -> float:
    """Roping down toward ``action.to``, over staying aboard."""
    return ROPE + places.objective_term(action.to) - places.objective_term(character.pos)


def _reach_shape(board: Board, side: int) -> BaseGeometry | None:
    """The objective ``side`` must reach (a shapely shape), if any."""
    for victory in board.setting.scenario.victory:
        if victory.kind == "reach" and victory.side == side and victory.objective:
            outline = board.setting.objective(victory.objective).outline
            return Polygon(outline) if len(outline) >= 3 else ShapelyPoint(outline[0])
    return None
