"""RatFight: Movement of hovercraft (12" over any flat terrain, water of any depth
included; blocked by everything that stands up from the ground) and flying vehicles
(ignore terrain). What each terrain class means to each movement type is set on the map
(maps/skirmish.tiled-project, the move_* properties; docs/rules/ratfight.md,
Interpretation 3)."""

from __future__ import annotations

import math

from game.maps.tabletop import to_point
from game.rules.ratfight.actions import Move
from game.rules.ratfight.data import UnitSpec
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import become, hand, new_game, only, place

AUTOGYRO = UnitSpec(
    title="Autogyro",
    kind="vehicle",
    movement="flying",
    armour="unarmoured",
    crew=1,
    length_in=3,
    width_in=2,
    height_in=1.5,
)


def _vehicle(
    unit: str, x: float, y: float, facing: int, scenario: str = "farm_raid"
) -> RatFightState:
    """Pellier Farm: raider r1 turned into a vehicle of ``unit`` (``autogyro``: the
    flying profile above) alone on the table, with a Move vehicle card."""
    state = new_game()
    b = state.board
    only(b, "r1")
    if unit == "autogyro":
        b.figures["r1"].retype("autogyro", AUTOGYRO)
    else:
        become(b, "r1", unit)
    place(b, "r1", x, y, facing=facing)
    hand(b, 0, "move_vehicle")
    return state


def _why(state: RatFightState, x: float, y: float) -> str | None:
    return state.why_not(Move("r1", to_point(x, y)))


def test_ratfight_movement_hovercraft_crosses_a_pond_that_stops_wheels_and_feet() -> None:
    # the Duck pond (41..45, 9..12), impassable to infantry and every ground vehicle
    assert _why(_vehicle("hovercraft", 43, 14, 270), 43, 7) is None
    wheels = _why(_vehicle("lorry", 43, 14, 270), 43, 7)
    assert wheels is not None and "Duck pond" in wheels and "impassable" in wheels
    state = _vehicle("hovercraft", 43, 14, 270)
    state.apply(Move("r1", to_point(43, 7)))
    assert state.board.figures["r1"].pos == (4300, 700)


def test_ratfight_movement_hovercraft_over_flat_fields() -> None:
    # the Wheat (crops, 30..38 by 35..40) is flat ground
    assert _why(_vehicle("hovercraft", 34, 31, 90), 34, 38) is None


def test_ratfight_movement_hovercraft_blocked_by_anything_standing_up() -> None:
    hedge = _why(_vehicle("hovercraft", 16, 22, 90), 16, 28)
    assert hedge is not None and "Lane hedge" in hedge and "impassable to hovercraft" in hedge
    fence = _why(_vehicle("hovercraft", 8, 31.5, 90), 8, 36.5)
    assert fence is not None and "Paddock fence" in fence
    wall = _why(_vehicle("hovercraft", 36, 20, 270), 36, 8.5)
    assert wall is not None and "Farmyard wall" in wall
    # brush (the Gorse, 0.75" high) can be pushed through by tracks, not by a hovercraft
    brush = _why(_vehicle("hovercraft", 42.5, 24, 270), 42.5, 19.5)
    assert brush is not None and "hovercraft vehicles cannot cross" in brush and "Gorse" in brush
    assert _why(_vehicle("light_tank", 42.5, 24, 270), 42.5, 19.5) is None


def test_ratfight_movement_hovercraft_blocked_by_rubble() -> None:
    # Saint-Aubin's Rubble (26..31, 19..24): 0.5" of broken masonry; the column's tank
    # turned into a hovercraft
    state = new_game("town_square")
    b = state.board
    only(b, "tank")
    become(b, "tank", "hovercraft")
    place(b, "tank", 28.5, 28.5, facing=270)
    hand(b, 1, "move_vehicle")
    rubble = state.why_not(Move("tank", to_point(28.5, 21.5)))
    assert rubble is not None and "Rubble" in rubble
    become(b, "tank", "light_tank")
    assert state.why_not(Move("tank", to_point(28.5, 21.5))) is None  # tracks: open


def _along_track(inches: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Start and end of a move of ``inches`` along the Farm track's last leg
    (30, 31) -> (48, 30), starting 1" along it."""
    dx, dy = 18.0, -1.0
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    start = (30 + ux, 31 + uy)
    return start, (start[0] + ux * inches, start[1] + uy * inches)


def test_ratfight_movement_hovercraft_12_inches_on_a_road_too() -> None:
    start, end = _along_track(11.9)
    facing = round(math.degrees(math.atan2(-1, 18))) % 360
    assert _why(_vehicle("hovercraft", *start, facing), *end) is None
    start, end = _along_track(12.5)
    too_far = _why(_vehicle("hovercraft", *start, facing), *end)
    assert too_far is not None and "too far" in too_far
    assert _why(_vehicle("lorry", *start, facing), *end) is None  # wheels: 24" on a road


def test_ratfight_movement_flying_ignores_walls_buildings_and_water() -> None:
    # over the Farmyard wall onto the Farmhouse roof: a hovercraft and a tank are stopped
    assert _why(_vehicle("autogyro", 36, 20, 270), 36, 8.5) is None
    tank = _why(_vehicle("light_tank", 36, 20, 270), 36, 8.5)
    assert tank is not None and "impassable" in tank
    assert _why(_vehicle("autogyro", 43, 14, 270), 43, 7) is None  # the Duck pond
    assert _why(_vehicle("autogyro", 16, 22, 90), 16, 28) is None  # the Lane hedge


def test_ratfight_movement_flying_passes_over_vehicles_in_the_way() -> None:
    state = _vehicle("autogyro", 30, 40, 0)
    b = state.board
    become(b, "g1", "lorry")
    place(b, "g1", 35, 40, facing=90)  # across the line of flight
    assert _why(state, 41, 40) is None
    hover = _vehicle("hovercraft", 30, 40, 0)
    become(hover.board, "g1", "lorry")
    place(hover.board, "g1", 35, 40, facing=90)
    blocked = _why(hover, 41, 40)
    assert blocked is not None and "in the way" in blocked


def test_ratfight_movement_flying_still_12_inches_and_not_onto_another_model() -> None:
    state = _vehicle("autogyro", 10, 40, 0)
    assert _why(state, 22, 40) is None
    too_far = _why(state, 22.5, 40)
    assert too_far is not None and "too far" in too_far
    place(state.board, "r2", 20, 40)  # a friend where it would come down
    on_top = _why(state, 20, 40)
    assert on_top is not None and "in the way" in on_top
