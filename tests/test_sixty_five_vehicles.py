"""'65 vehicle facing and movement (7b, 9, 14, 15d): corners, front and flank hexes,
pivots, reversing, Fixed Weapon arcs, flank armour, wrecks and LOS past vehicles."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from sixty_five_support import field

from game.rules.sixty_five.data import MoveClass
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.facing import (
    Arc,
    Enter,
    Pivot,
    VehicleRoute,
    arc_of,
    armour,
    bearing_pivot,
    flank_hexes,
    front_hexes,
    in_fire_arc,
    los_past_vehicles,
    neighbour,
    pivot_cost,
    plan_vehicle_route,
    vehicle_stacking_refusal,
    wreck_placed,
)

V = load_vehicle_data()
T = MoveClass.TRACKED


def test_65_15d_a_vehicle_facing_a_corner_has_two_front_hexes_and_four_flank_hexes() -> None:
    """'65 7b, 15d: facing the east corner of 1E3, the front hexes are the two touching
    it (1F2, 1F3); the other four neighbours are flank hexes."""
    f = field()
    assert front_hexes(f, "1E3", 0) == ("1F2", "1F3")
    assert set(flank_hexes(f, "1E3", 0)) == {"1E4", "1D3", "1D2", "1E2"}
    assert front_hexes(f, "1E3", 3) == ("1D3", "1D2")  # the west corner


@given(st.integers(0, 5))
def test_65_15d_front_and_flank_hexes_split_the_six_neighbours(facing: int) -> None:
    f = field()
    front, flank = front_hexes(f, "1E3", facing), flank_hexes(f, "1E3", facing)
    assert len(front) == 2 and len(flank) == 4
    assert set(front) | set(flank) == set(f.neighbours("1E3"))


def test_65_7b_pivoting_costs_1_mp_a_corner_the_short_way() -> None:
    """'65 7b: pivoting in place costs 1 MP for each corner pivoted."""
    assert [pivot_cost(0, k) for k in range(6)] == [0, 1, 2, 3, 2, 1]
    assert pivot_cost(5, 1) == 2


def test_65_15d_moving_forward_into_a_front_hex_pays_the_terrain() -> None:
    """'65 7b: vehicles move into their front hexes at the terrain's cost."""
    f = field({"1G3": "jungle"})
    route = plan_vehicle_route(f, "1E3", 0, [Enter("1F3"), Enter("1G3")], 6, T)
    assert isinstance(route, VehicleRoute)
    assert [s.kind for s in route.steps] == ["forward", "forward"]
    assert (route.mp, route.hex, route.facing) == (1 + 2, "1G3", 0)


def test_65_15d_reversing_into_a_flank_hex_costs_1_more_and_keeps_the_facing() -> None:
    """'65 15d: a vehicle may reverse directly into a flank hex without pivoting for +1
    MP per hex entered; it retains its initial facing."""
    route = plan_vehicle_route(field(), "1E3", 0, [Enter("1D3")], 6, T)
    assert isinstance(route, VehicleRoute)
    assert (route.steps[0].kind, route.mp, route.facing) == ("reverse", 2, 0)


def test_65_15d_to_go_elsewhere_a_vehicle_pivots_first() -> None:
    """'65 15d: a hex outside the front arc is entered after pivoting (1 MP a corner),
    then forward at the terrain's cost: 2 corners + 1."""
    route = plan_vehicle_route(field(), "1E3", 0, [Pivot(2), Enter("1E4")], 6, T)
    assert isinstance(route, VehicleRoute)
    assert [s.kind for s in route.steps] == ["pivot", "forward"]
    assert (route.mp, route.facing) == (3, 2)


def test_65_7_vehicle_moves_are_refused_with_the_rule() -> None:
    f = field({"1F3": "pond"})
    assert "not next to" in str(plan_vehicle_route(f, "1E3", 0, [Enter("1G3")], 6, T))
    assert "prohibited" in str(plan_vehicle_route(f, "1E3", 0, [Enter("1F3")], 6, T))
    assert "0-5" in str(plan_vehicle_route(f, "1E3", 0, [Pivot(6)], 6, T))
    over = plan_vehicle_route(f, "1E3", 0, [Enter("1F2"), Enter("1G2")], 1, T)
    assert "more than the 1 MP" in str(over)


def test_65_7c_a_single_hex_is_always_allowed_even_in_reverse() -> None:
    """'65 7c: an Eligible unit may always move at least 1 hex (Interpretation: one step
    with no pivot, forward or in reverse)."""
    f = field({"1D3": "jungle"})
    route = plan_vehicle_route(f, "1E3", 0, [Enter("1D3")], 1, T)
    assert isinstance(route, VehicleRoute) and route.mp == 3
    assert isinstance(plan_vehicle_route(f, "1E3", 0, [Pivot(3), Enter("1D3")], 1, T), str)


def test_65_23c_wire_costs_a_tracked_unit_3_mp() -> None:
    """'65 23c: tracked units must pay 3 MP to enter wire (+1 in reverse)."""
    f = field()
    route = plan_vehicle_route(f, "1E3", 0, [Enter("1F3")], 6, T, wire={"1F3"})
    assert isinstance(route, VehicleRoute) and route.mp == 3
    back = plan_vehicle_route(f, "1E3", 0, [Enter("1D3")], 6, T, wire={"1D3"})
    assert isinstance(back, VehicleRoute) and back.mp == 4


def test_65_15d_shots_from_the_front_arc_strike_front_armour() -> None:
    """'65 15d: the front is the corner with the TM; a shot entering through a front hex
    strikes the front armour, any other the flank armour (AF - 1)."""
    f = field()
    assert arc_of(f, "1E3", 0, "1H3") is Arc.FRONT
    assert arc_of(f, "1E3", 0, "1F2") is Arc.FRONT  # adjacent front hex
    assert arc_of(f, "1E3", 0, "1A3") is Arc.FLANK
    assert arc_of(f, "1E3", 0, "1E6") is Arc.FLANK
    assert arc_of(f, "1E3", 3, "1A3") is Arc.FRONT


def test_interpretation_a_shot_along_the_front_arcs_edge_strikes_the_front() -> None:
    """Interpretation: a line along the edge between a front hex and a flank hex enters
    through both (18g: a corner counts as both sides); it strikes the front armour."""
    f = field()
    spine = neighbour(f, neighbour(f, "1E3", 0) or "", 5)  # two hexes out along the corner
    assert spine is not None
    assert f.entry_sides(spine, "1E3") == {"1F2", "1E2"}
    assert arc_of(f, "1E3", 0, spine) is Arc.FRONT


def test_65_15d_m48_flank_armour_is_3_and_a_turret_hit_adds_1() -> None:
    """'65 15d: "an M-48's flank armor value is 3"; 3c: a Turret hit adds 1 to the AF."""
    m48 = V.units["us_m48"]
    assert m48.af is not None
    assert armour(m48.af, Arc.FRONT) == 4
    assert armour(m48.af, Arc.FLANK) == 3
    assert armour(m48.af, Arc.FLANK, turret=1) == 4


def test_65_15d_fixed_weapons_fire_through_the_front_arc_only() -> None:
    """'65 15d: without the Fixed Weapon attribute a vehicle fires all round; with it,
    only through its front arc."""
    f = field()
    assert in_fire_arc(f, "1E3", 0, "1A3", fixed_weapon=False)
    assert not in_fire_arc(f, "1E3", 0, "1A3", fixed_weapon=True)
    assert in_fire_arc(f, "1E3", 0, "1I3", fixed_weapon=True)


def test_65_15d_move_and_fire_lets_a_fixed_weapon_pivot_to_bear() -> None:
    """'65 15d: Move & Fire lets a Fixed Weapon pivot in its hex: the least turn that
    brings the target into the front arc. 1A3 lies along the edge of 1D3 and 1D2, so
    facing 2 (front 1E4, 1D3) or 4 (1D2, 1E2) bears: 2 corners, clockwise first."""
    f = field()
    facing, corners = bearing_pivot(f, "1E3", 0, "1A3")
    assert arc_of(f, "1E3", facing, "1A3") is Arc.FRONT
    assert (facing, corners) == (2, 2)
    assert bearing_pivot(f, "1E3", 0, "1H3") == (0, 0)


def test_65_9_one_vehicle_and_one_wreck_per_hex() -> None:
    """'65 9: only one wreck may stack in a hex, but one ground vehicle and one wreck
    may share it; a vehicle destroyed where a wreck lies leaves no second one."""
    assert vehicle_stacking_refusal(1, 1) is None
    assert "one wreck" in str(vehicle_stacking_refusal(0, 2))
    assert "one ground vehicle" in str(vehicle_stacking_refusal(2, 0))
    assert wreck_placed(wreck_already=False)
    assert not wreck_placed(wreck_already=True)


def test_65_14_hexes_with_vehicles_or_wrecks_degrade_los() -> None:
    """'65 14: hexes containing vehicles or wrecks are degrading terrain: two between the
    firer and the target block the line, one does not; with one brush hex, one wreck
    is enough."""
    clear, brushy = field(), field({"1E4": "brush"})
    assert los_past_vehicles(clear, "1E1", "1E6", {"1E2"})  # one wreck: seen
    assert not los_past_vehicles(clear, "1E1", "1E6", {"1E2", "1E3"})  # two: blocked
    assert los_past_vehicles(brushy, "1E1", "1E6", set())
    assert not los_past_vehicles(brushy, "1E1", "1E6", {"1E5"})  # a wreck and the brush
    assert los_past_vehicles(clear, "1E1", "1E2", {"1E1", "1E2"})  # adjacent: always


OTHERS = [f"1{c}{r}" for c in "ABCDEFGHIJK" for r in range(1, 7) if f"1{c}{r}" != "1E3"]


@given(st.sampled_from(OTHERS))
def test_every_other_hex_lies_in_the_front_arc_of_two_or_three_facings(target: str) -> None:
    """15d geometry: each front arc spans 120 degrees, so a line through hex centres lies
    in two facings' arcs, a line along a corner (Interpretation 2) in three."""
    f = field()
    facings = [k for k in range(6) if arc_of(f, "1E3", k, target) is Arc.FRONT]
    assert len(facings) in (2, 3)
    assert len(f.entry_sides(target, "1E3")) + 1 == len(facings)


@given(st.lists(st.integers(0, 5), max_size=6))
def test_a_route_costs_the_sum_of_its_steps(pivots: list[int]) -> None:
    moves: list[Pivot | Enter] = [Pivot(k) for k in pivots]
    route = plan_vehicle_route(field(), "1E3", 0, moves, 99, T)
    assert isinstance(route, VehicleRoute)
    assert route.mp == sum(s.mp for s in route.steps) <= 3 * len(pivots)
    assert route.facing == (pivots[-1] if pivots else 0)
