"""'65 transport (8), stacking with carriers (9) and vehicles in assault (13e)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from sixty_five_support import DATA, unit

from game.core.api import Event
from game.rules.sixty_five.assault.combat import spread_hits
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.movement.rules import stacking_refusal
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.transport import (
    Allowance,
    Position,
    TransportCase,
    capacity_refusal,
    carrier_destroyed,
    half_mf,
    lets_get_em_transport_refusal,
    passenger_fire_refusal,
    passenger_position,
    rally_carrier,
    shake_carrier,
    shaken_unload,
    transport_allowance,
    transport_refusal,
    unload_refusal,
)

V = load_vehicle_data()
C = TransportCase


def vehicle(uid: str, type_id: str, seat: int, hex_id: str | None) -> Counter:
    return Counter(uid, V.units[type_id], seat, hex_id)


def test_65_8a_the_m113_expends_up_to_3_mf_to_pick_up_infantry() -> None:
    """'65 8a example: the M-113 (MF 6) could expend up to 3 MF to get into a hex with an
    infantry unit and load it, ending its move."""
    m113 = V.units["us_m113"]
    assert transport_allowance(C.MOVE_IN_AND_LOAD, m113.mf, 4) == Allowance(3, 0, True)


def test_65_8a_halving_rounds_up() -> None:
    """'65 8a: when halving MF, round up: a VC Rifle (MF 3) walks 2 to its carrier."""
    vc = DATA.units["vc_rifle"]
    move_in = transport_allowance(C.MOVE_IN_AND_LOAD, 6, vc.mf, mover="passenger")
    assert move_in == Allowance(0, 2, True)


@given(st.integers(0, 12), st.integers(0, 3))
def test_65_8a_half_mf_is_rounded_up_after_the_bonus(mf: int, bonus: int) -> None:
    assert half_mf(mf, bonus) == -(-(mf + bonus) // 2)


def test_65_8a_every_case_gives_its_movement() -> None:
    """'65 8a: same hex and unloaded: load, then the carrier moves half; loaded: move half
    and unload, move the whole MF, or unload and each move half."""
    assert transport_allowance(C.LOAD_AND_MOVE, 6, 4) == Allowance(3, 0, True)
    assert transport_allowance(C.MOVE_AND_UNLOAD, 6, 4) == Allowance(3, 0, False)
    assert transport_allowance(C.FULL_MOVE, 6, 4) == Allowance(6, 0, True)
    assert transport_allowance(C.UNLOAD_AND_MOVE, 6, 3) == Allowance(3, 2, False)


def test_65_8i_fast_move_points_are_added_before_halving() -> None:
    """'65 8i: with Fast Move the extra points join the MF before halving: a VC Rifle
    (MF 3) unloading on a Fast Move walks (3 + 1) / 2 = 2, a truck (MF 6) drives
    (6 + 1) / 2 = 4 (rounded up). Interpretation: the extra is the card's +1 (18e)."""
    bonus = DATA.blocks["fast_move"].mf_bonus
    assert bonus == 1
    assert transport_allowance(C.UNLOAD_AND_MOVE, 6, 3, bonus=bonus) == Allowance(4, 2, False)
    assert transport_allowance(C.FULL_MOVE, 6, 3, bonus=bonus).carrier_mp == 7


def test_65_8a_8h_which_cases_are_open() -> None:
    """'65 8a: loading needs an unloaded pair (apart, or in one hex for load-and-move),
    unloading a loaded one; 8h: a Shaken carrier cannot be loaded, a Shaken passenger
    cannot load; 8g: Shaken passengers only unload, nobody moves."""
    apart = {"loaded": False, "same_hex": False, "carrier_shaken": False, "passenger_shaken": False}
    assert transport_refusal(C.MOVE_IN_AND_LOAD, **apart) is None
    assert "same hex" in str(transport_refusal(C.LOAD_AND_MOVE, **apart))
    assert transport_refusal(C.LOAD_AND_MOVE, **{**apart, "same_hex": True}) is None
    assert "Shaken carrier" in str(
        transport_refusal(C.MOVE_IN_AND_LOAD, **{**apart, "carrier_shaken": True})
    )
    assert "Shaken passenger cannot load" in str(
        transport_refusal(C.MOVE_IN_AND_LOAD, **{**apart, "passenger_shaken": True})
    )
    assert "no passenger" in str(transport_refusal(C.FULL_MOVE, **apart))
    loaded = {**apart, "loaded": True, "same_hex": True}
    assert "loaded already" in str(transport_refusal(C.LOAD_AND_MOVE, **loaded))
    for case in (C.FULL_MOVE, C.MOVE_AND_UNLOAD, C.UNLOAD_AND_MOVE):
        assert transport_refusal(case, **loaded) is None
        assert "only unload" in str(transport_refusal(case, **{**loaded, "passenger_shaken": True}))
    assert shaken_unload() == Allowance(0, 0, False)


def test_65_8a_a_carrier_takes_one_leg_unit_plus_one_hero() -> None:
    """'65 8a: one Leg unit plus one Hero (scenario 6: Black rides beside another unit)."""
    m113, rifle, black = V.units["us_m113"], DATA.units["us_rifle"], DATA.units["black"]
    assert capacity_refusal(m113, [rifle, black]) is None
    assert "one Leg unit plus one Hero" in str(capacity_refusal(m113, [rifle, rifle]))
    assert "one Leg unit plus one Hero" in str(capacity_refusal(m113, [black, DATA.units["dixon"]]))
    assert "carries nobody" in str(capacity_refusal(V.units["us_m48"], [rifle]))
    assert "only Leg units" in str(capacity_refusal(m113, [V.units["us_truck"]]))


def test_65_9_two_rifles_and_a_loaded_m113_stack_but_cannot_unload() -> None:
    """'65 9 example: two Rifles and one M-113 with a passenger could stack, but the M-113
    could not unload its passenger; one Rifle, one M-48 and one Hero could stack."""
    rules = DATA.rules
    r1, r2, r3 = (unit(f"r{i}", "us_rifle", 0, "1E3") for i in (1, 2, 3))
    m113 = vehicle("apc", "us_m113", 0, "1E3")
    assert stacking_refusal(rules, [r1, r2, m113]) is None  # the passenger rides on top
    assert unload_refusal(rules, [r3], [r1, r2, m113]) is not None
    assert unload_refusal(rules, [r3], [r1, m113]) is None
    m48, black = vehicle("tank", "us_m48", 0, "1E3"), unit("b", "black", 0, "1E3")
    assert stacking_refusal(rules, [r1, m48, black]) is None
    assert stacking_refusal(rules, [m48, m113]) is not None  # one ground vehicle


def test_65_8d_a_loaded_passenger_does_not_fire() -> None:
    """'65 8d: a passenger may not fire or assault (scenarios 4 and 6 let Rifles in
    M-113s fire with HEF 1: the caller's ``scenario_allows``)."""
    assert "may not fire" in str(passenger_fire_refusal(True))
    assert passenger_fire_refusal(True, scenario_allows=True) is None
    assert passenger_fire_refusal(False) is None


def test_65_8e_a_destroyed_carrier_inflicts_two_hits_on_its_passengers() -> None:
    """'65 8e: two hits on the passenger (a full Rifle ends Shaken and reduced; a Shaken
    reduced one is eliminated by the first and takes no second)."""
    fresh = unit("r", "us_rifle", 0, "1E3")
    worn = unit("w", "us_rifle", 0, "1E3", shaken=True, reduced=True)
    fates = carrier_destroyed([fresh, worn])
    assert fates[0].hits == (HitResult.SHAKEN, HitResult.REDUCED) and not fates[0].eliminated
    assert fates[1].hits == (HitResult.ELIMINATED,) and fates[1].eliminated


def test_65_8e_in_assault_survivors_retreat_or_are_eliminated() -> None:
    """'65 8e: destroyed in Assault Combat, surviving passengers retreat to an adjacent
    hex away from the assault; if they cannot, they are eliminated."""
    away = unit("r", "us_rifle", 0, "1E3")
    fate = carrier_destroyed([away], assault=True, retreat_to="1E4")[0]
    assert fate.retreated_to == "1E4" and away.hex == "1E4" and not away.eliminated
    stuck = unit("s", "us_rifle", 0, "1E3")
    assert carrier_destroyed([stuck], assault=True, retreat_to=None)[0].eliminated


def test_65_8f_shaken_carriers_shake_their_passengers_and_rally_them() -> None:
    """'65 8f: if a carrier is Shaken, so is its passenger; rallying it rallies them."""
    apc, rifle = vehicle("apc", "us_m113", 0, "1E3"), unit("r", "us_rifle", 0, "1E3")
    shake_carrier(apc, [rifle])
    assert apc.shaken and rifle.shaken
    rally_carrier(apc, [rifle])
    assert not apc.shaken and not rifle.shaken


def test_65_8j_lets_get_em_moves_two_passengers() -> None:
    assert lets_get_em_transport_refusal(2) is None
    assert "two passengers" in str(lets_get_em_transport_refusal(3))


def test_65_13e_a_vehicle_takes_assault_hits_as_a_one_step_leg_unit() -> None:
    """'65 13e: the first hit Shakes a vehicle, the second eliminates it; 13b example: 4
    hits on a vehicle and a Rifle Shake both, reduce the Rifle, then eliminate the
    vehicle."""
    tank = vehicle("tank", "us_m48", 0, "1E3")
    assert [tank.take_hit(), tank.take_hit()] == [HitResult.SHAKEN, HitResult.ELIMINATED]
    apc, rifle = vehicle("apc", "us_m113", 0, "1E3"), unit("r", "us_rifle", 0, "1E3")
    events: list[Event] = []
    spread_hits([apc, rifle], 4, events)
    assert apc.eliminated and rifle.shaken and rifle.reduced and not rifle.eliminated


def test_65_8b_loaded_passengers_sit_on_top_unloaded_ones_below() -> None:
    assert passenger_position(True) is Position.ON_TOP
    assert passenger_position(False) is Position.BELOW


@given(
    st.sampled_from(list(TransportCase)), st.integers(0, 8), st.integers(0, 6), st.integers(0, 1)
)
def test_no_transport_case_gives_more_than_the_full_mf(
    case: TransportCase, carrier_mf: int, passenger_mf: int, bonus: int
) -> None:
    """8a: only the carrier's full move uses its whole MF (+ Fast Move); every loading or
    unloading case halves, rounded up."""
    got = transport_allowance(case, carrier_mf, passenger_mf, bonus=bonus)
    assert got.carrier_mp <= carrier_mf + bonus and got.passenger_mp <= passenger_mf + bonus
    if case is not TransportCase.FULL_MOVE:
        assert got.carrier_mp <= half_mf(carrier_mf, bonus)
