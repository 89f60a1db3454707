"""5.56mm 4.6 Drive, 4.7 Pilot and 4.8 Fast Rope: the movement allowance and its costs,
every Driver and Pilot Task with its table, the skills, the co-pilot, Fast Rope; the
4.7 Black Hawk hover example with exactly its numbers (Interpretation V1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.rng import Rng
from game.rules.five_five_six.checks import Contest, Modifier
from game.rules.five_five_six.helicopters import pilot
from game.rules.five_five_six.vehicles import drive
from game.rules.five_five_six.vehicles.data import Dice, VehicleDamage, vehicle_catalog
from game.rules.five_five_six.vehicles.shared import (
    Motion,
    allowance,
    trained,
    why_not_full_speed_move,
    why_not_move,
)

HMMV = vehicle_catalog().vehicle("hmmv")
JEEP = vehicle_catalog().vehicle("jeep")
BLACK_HAWK = vehicle_catalog().vehicle("black_hawk")


def test_4_6_4_7_driver_and_pilot_skills() -> None:
    """5.56mm 4.6/4.7/10.0: the Driver skill drives land vehicles, the Pilot skill flies
    helicopters, without the +2 TN; either alone does not cover the other."""
    assert trained(["driver"], "land") and not trained(["driver"], "helicopter")
    assert trained(["pilot", "medic"], "helicopter") and not trained(["pilot"], "land")
    assert not trained([], "land")
    skilled = drive.full_speed_check(HMMV, 1, trained=True)
    unskilled = drive.full_speed_check(HMMV, 1, trained=False)
    assert unskilled.tn.value - skilled.tn.value == 2
    assert "No Driver/Pilot skill +2" in unskilled.tn.lines()
    flown = pilot.pilot_check("bank", BLACK_HAWK, 1, trained=False)
    assert flown.tn.value == 4 + 2


def test_4_6_basic_allowance_costs() -> None:
    """5.56mm 4.6: a land vehicle moves its allowance without a roll; each change of
    direction up to 45 degrees costs 1", each inch in reverse 2"."""
    assert allowance(HMMV) == 12
    cost = drive.basic_cost(8, turns=2, reverse_in=1)
    assert cost == 8 + 2 + 2
    assert why_not_move(allowance(HMMV), cost) is None
    assert why_not_move(allowance(HMMV), drive.basic_cost(11, turns=1, reverse_in=0.5))
    assert allowance(JEEP, loss_in=8) == 2 and allowance(JEEP, loss_in=16) == 0


def test_4_7_basic_allowance_costs_double_for_helicopters() -> None:
    """5.56mm 4.7: a helicopter's change of direction up to 45 degrees costs 2", each
    inch in reverse 4"; a Bank's 90-degree turn counts as 2"."""
    assert pilot.basic_cost(10, turns=3, reverse_in=2) == 10 + 6 + 8
    assert pilot.basic_cost(20, turns_90=2) == 24
    assert why_not_move(allowance(BLACK_HAWK), pilot.basic_cost(20, turns_90=2)) is None


def test_4_62_drive_full_speed_by_margin() -> None:
    """5.56mm 4.61/4.62: Full Speed is TN 3 with the vehicle's Speed; +0 4", +1 6", +2
    8", +3 10", +4 12", +5 or more 14"; two changes of direction; a failure adds none."""
    check = drive.full_speed_check(JEEP, 0, trained=True)  # bonus 0 + Speed 3 vs TN 3
    assert check.tn.value == 3 and check.bonus == 3
    got = [drive.full_speed(check.resolve(face)).inches for face in range(1, 7)]
    assert got == [6, 8, 10, 12, 14, 14]
    hard = drive.full_speed_check(JEEP, 0, trained=False, extra=(Modifier("Wounds", 3),))
    first = drive.full_speed(hard.resolve(1))  # 1 + 3 vs 8: -4
    assert (first.inches, first.turns_allowed) == (0, 0)
    fast = drive.full_speed(check.resolve(2))
    assert (fast.inches, fast.turns_allowed, fast.turn_cost_in) == (8, 2, 1)
    assert why_not_full_speed_move(fast, 6, turns=2) is None
    assert why_not_full_speed_move(fast, 6, turns=3) is not None
    assert why_not_full_speed_move(fast, 7, turns=2) is not None


def test_4_62_full_speed_exact_odds() -> None:
    """HMMV, Morale +1, Driver skill: 1 + 4 against 3, margins 3..8: 10" 1/6, 12" 1/6,
    14" 4/6."""
    check = drive.full_speed_check(HMMV, 1, trained=True)
    assert check.chance == 1
    assert drive.full_speed_odds(check) == {
        10: Fraction(1, 6),
        12: Fraction(1, 6),
        14: Fraction(4, 6),
    }


def test_4_63_drive_turn_by_margin() -> None:
    """5.56mm 4.61/4.63: Turn is TN 4 with the Manoeuvre; +0/+1 one 90-degree turn,
    +2/+3 two, +4/+5 three, +6 or more four; 1" each; a failure allows none."""
    check = drive.turn_check(JEEP, 0, trained=False)  # 5 against 4 + 2
    assert check.tn.value == 6 and check.bonus == 5
    assert [drive.turn(check.resolve(f)).turns for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    easy = drive.turn_check(JEEP, 2, trained=True)  # 7 against 4
    assert [drive.turn(easy.resolve(f)).turns for f in range(1, 7)] == [3, 3, 4, 4, 4, 4]
    assert drive.turn(easy.resolve(1)).turn_cost_in == 1
    assert drive.turn_odds(check) == {1: Fraction(2, 6), 2: Fraction(2, 6), 3: Fraction(2, 6)}
    hard = drive.turn_check(HMMV, 0, trained=False, damage_penalty=2)  # 4 against 8
    assert drive.turn_odds(hard) == {0: Fraction(3, 6), 1: Fraction(2, 6), 2: Fraction(1, 6)}
    assert "Vehicle damage +2" in hard.tn.lines()


def test_4_6_drive_is_for_land_vehicles_and_pilot_for_helicopters() -> None:
    with pytest.raises(ValueError, match="flown"):
        drive.turn_check(BLACK_HAWK, 0, trained=True)
    with pytest.raises(ValueError, match="driven"):
        pilot.pilot_check("hover", HMMV, 0, trained=True)


def test_4_7_worked_example_black_hawk_hovers_for_the_fast_rope() -> None:
    """5.56mm 4.7 (Interpretation V1): the Black Hawk flies its 24" allowance and Hovers;
    the player rolls a 1, + Morale 2 + Manoeuvre 2 = 5, which equals the TN: the
    table's Hover TN 5 (the example's "TN 4" is a misprint: only 5 is "equalled" by
    5). The Rangers rope down without any additional modifier."""
    assert pilot.basic_cost(24) == allowance(BLACK_HAWK) == 24
    check = pilot.pilot_check("hover", BLACK_HAWK, 2, trained=True)
    assert check.tn.value == 5 and check.tn.lines() == ("Hover 5",)
    assert [str(m) for m in check.bonuses] == ["Morale +2", "Black Hawk Manoeuvre +2"]
    result = check.resolve(1)
    assert (result.total, result.margin, result.success) == (5, 0, True)
    held = pilot.hovering(result)
    assert (held.tn_penalty, held.overshoot_in) == (0, 0)
    motion = held.motion(24)
    assert motion == Motion(24, False, "hovering", 0) and not motion.moving
    rope = pilot.fast_rope_check(1, motion)
    assert rope.tn.value == 4 and rope.tn.lines() == ("Fast Rope 4",)


def test_4_71_pilot_task_tns_and_abilities() -> None:
    """5.56mm 4.71: Land 7 (+Speed), Hover 5 (+Manoeuvre), Full Speed 3 (+Speed), Bank
    4 (+Manoeuvre); 12.9: the co-pilot flying +1."""
    for task, tn, bonus in (("land", 7, 10), ("hover", 5, 2), ("full_speed", 3, 10),
                            ("bank", 4, 2)):  # fmt: skip
        check = pilot.pilot_check(task, BLACK_HAWK, 0, trained=True)
        assert (check.tn.value, check.bonus) == (tn, bonus), task
        co = pilot.pilot_check(task, BLACK_HAWK, 0, trained=True, co_pilot=True)
        assert co.tn.value == tn + 1 and "Co-pilot flying +1" in co.tn.lines()
    both = pilot.pilot_check("land", BLACK_HAWK, 0, trained=False, co_pilot=True)
    assert both.tn.value == 7 + 2 + 1


def test_4_72_land_results() -> None:
    """5.56mm 4.72: +0 on the landing zone; -1 overshoots D3", -2 D3+1", -3 D6+1"; -4
    crash-lands D6+1" past (Major Damage, inside D6+2); -5 crashes D6+1" away,
    Immobilised (inside D6+4); -6 or worse Destroyed (inside D6+8, within 4" D6+4)."""
    check = pilot.pilot_check("land", BLACK_HAWK, 0, trained=False, extra=(Modifier("x", 9),))
    assert check.tn.value == 18 and check.bonus == 10  # margins -7..-2
    landed = pilot.landing(pilot.pilot_check("land", BLACK_HAWK, 0, trained=True).resolve(1))
    assert (landed.distance_in, landed.becomes, landed.crashed) == (0, None, False)
    easy = pilot.pilot_check("land", BLACK_HAWK, 0, trained=True, extra=(Modifier("x", 5),))
    short = pilot.landing(easy.resolve(1), distance_face=5)  # 11 vs 12: -1, D3 of 5 = 3
    assert (short.distance_in, short.offset_deg, short.row.outcome) == (3, 0.0, "overshoot")
    two = pilot.landing(easy.resolve(1).check.resolve(1), distance_face=1)
    assert two.distance_in == 1
    minus2 = pilot.landing(check.resolve(6), distance_face=6)  # 16 vs 18
    assert (minus2.distance_in, minus2.row.outcome) == (4, "overshoot")
    minus4 = pilot.landing(check.resolve(4), distance_face=2)
    assert (minus4.distance_in, minus4.becomes, minus4.crashed) == (3, VehicleDamage.MAJOR, True)
    assert minus4.row.inside == Dice(6, 2)
    minus5 = pilot.landing(check.resolve(3), distance_face=6, direction_face=1)
    assert (minus5.distance_in, minus5.becomes, minus5.offset_deg) == (
        7,
        VehicleDamage.IMMOBILISED,
        -90.0,
    )
    assert minus5.description == 'crashes 7" from its landing zone (90 degrees to the left)'
    minus7 = pilot.landing(check.resolve(1), distance_face=1, direction_face=4)
    assert minus7.becomes is VehicleDamage.DESTROYED and minus7.row.inside == Dice(6, 8)
    assert (minus7.row.nearby, minus7.row.nearby_radius_in) == (Dice(6, 4), 4)
    with pytest.raises(ValueError, match="direction"):
        pilot.landing(check.resolve(1), distance_face=1)
    assert sum(pilot.landing_odds(check).values()) == 1
    assert pilot.landing_odds(check)[-6] == Fraction(2, 6)  # faces 1, 2: -7, -6


def test_4_73_hover_results() -> None:
    """5.56mm 4.73: +0 steady; -1 +1 TN to fire from it or rope down; -2 drifts D3"
    (+1); -3 D6" (+2); -4 or worse D6+1" (+3)."""
    check = pilot.pilot_check("hover", BLACK_HAWK, 0, trained=False)  # 2 vs 7
    results = [pilot.hovering(check.resolve(f), overshoot_face=4) for f in range(1, 7)]
    assert [(h.result.margin, h.tn_penalty, h.overshoot_in) for h in results] == [
        (-4, 3, 5), (-3, 2, 4), (-2, 1, 2), (-1, 1, 0), (0, 0, 0), (1, 0, 0),
    ]  # fmt: skip
    assert pilot.hover_odds(check) == {
        3: Fraction(1, 6),
        2: Fraction(1, 6),
        1: Fraction(2, 6),
        0: Fraction(2, 6),
    }
    unsteady = results[0].motion(20)
    assert unsteady.moved_in == 25 and unsteady.hover_tn_penalty == 3
    rope = pilot.fast_rope_check(2, unsteady)
    assert rope.tn.value == 4 + 3 and "Unsteady hover +3" in rope.tn.lines()


def test_4_74_pilot_full_speed_and_the_missing_plus_4_row() -> None:
    """5.56mm 4.74 (Interpretation V2): +0 4", +1 8", +2 12", +3 16", +5 20", +6 or
    more 24"; +4 is printed nowhere and reads the +3 row (16"); two changes of
    direction at 4" each; a failure adds nothing."""
    check = pilot.pilot_check("full_speed", BLACK_HAWK, 0, trained=False, extra=(Modifier("x", 6),))
    assert check.tn.value == 11 and check.bonus == 10  # margins 0..5
    got = [pilot.full_speed(check.resolve(f)) for f in range(1, 7)]
    assert [g.inches for g in got] == [4, 8, 12, 16, 16, 20]
    assert (got[0].turns_allowed, got[0].turn_cost_in) == (2, 4)
    assert pilot.full_speed(pilot.pilot_check("full_speed", BLACK_HAWK, 3, trained=True)
                            .resolve(6)).inches == 24  # fmt: skip
    fail = pilot.pilot_check("full_speed", BLACK_HAWK, 0, trained=False, extra=(Modifier("x", 9),))
    assert pilot.full_speed(fail.resolve(1)).inches == 0
    assert why_not_full_speed_move(got[5], 12, turns=2) is None  # 12 + 2 x 4 = 20
    assert why_not_full_speed_move(got[5], 13, turns=2) is not None
    assert pilot.full_speed_odds(check)[16] == Fraction(2, 6)


def test_4_75_bank_results() -> None:
    """5.56mm 4.75: as 4.63, each 90-degree turn counting as 2"."""
    check = pilot.pilot_check("bank", BLACK_HAWK, 0, trained=True)  # 2 vs 4
    assert [pilot.bank(check.resolve(f)).turns for f in range(1, 7)] == [0, 1, 1, 2, 2, 3]
    assert pilot.bank(check.resolve(6)).turn_cost_in == 2
    assert pilot.bank_odds(check) == {0: Fraction(1, 6), 1: Fraction(2, 6), 2: Fraction(2, 6),
                                      3: Fraction(1, 6)}  # fmt: skip


def test_4_8_fast_rope_results() -> None:
    """5.56mm 4.8/4.81 (Interpretation V11): TN 4 with Movement while the helicopter
    Hovers, from the back only; -3 or worse falls (Strength vs D6+3), -2 (D6+1), -1
    (D6-1); +0 may move 1", +1 2", +2 or better 3"."""
    hover = Motion(24, False, "hovering", 0)
    check = pilot.fast_rope_check(0, hover)
    ropes = [pilot.fast_rope(check.resolve(f)) for f in range(1, 7)]
    assert [(r.result.margin, r.move_in, r.fall) for r in ropes] == [
        (-3, 0.0, Dice(6, 3)), (-2, 0.0, Dice(6, 1)), (-1, 0.0, Dice(6, -1)),
        (0, 1, None), (1, 2, None), (2, 3, None),
    ]  # fmt: skip
    assert pilot.fast_rope(pilot.fast_rope_check(3, hover).resolve(6)).move_in == 3
    fall = ropes[2].fall_test(1)
    assert isinstance(fall, Contest)
    outcome = fall.resolve(3, 2)
    assert (outcome.tn, outcome.total, outcome.margin) == (2, 3, 1)
    with pytest.raises(ValueError, match="no fall"):
        ropes[4].fall_test(1)
    assert pilot.why_not_fast_rope(Motion(10, altitude="flying"), "passenger") is not None
    assert pilot.why_not_fast_rope(hover, "gunner") is not None
    assert pilot.why_not_fast_rope(hover, "passenger") is None
    with pytest.raises(ValueError, match="Hover"):
        pilot.fast_rope_check(0, Motion(altitude="ground"))


@given(st.integers(-3, 3), st.booleans(), st.booleans(), st.integers(0, 2**32))
def test_pilot_tasks_rolled_are_repeatable_and_odds_add_up(
    morale: int, skill: bool, co_pilot: bool, seed: int
) -> None:
    """Every Pilot Task's odds add up to 1; rolling from the same seed gives the same
    result; a better margin never flies less far or turns less."""
    for task in ("land", "hover", "full_speed", "bank"):
        check = pilot.pilot_check(task, BLACK_HAWK, morale, trained=skill, co_pilot=co_pilot)
        assert sum(check.margins().values()) == 1
        assert check.roll(Rng(seed)) == check.roll(Rng(seed))
    check = pilot.pilot_check("full_speed", BLACK_HAWK, morale, trained=skill)
    inches = [pilot.full_speed(check.resolve(f)).inches for f in range(1, 7)]
    assert inches == sorted(inches)
    assert sum(pilot.full_speed_odds(check).values()) == 1


def test_4_6_4_7_one_task_a_go_and_12_9_the_co_pilot_takes_over() -> None:
    """5.56mm 4.6/4.7: one Driver or Pilot Task besides the allowance; 12.9: the co-pilot
    flies only once the pilot is injured or dead, and then at +1 TN."""
    from game.rules.five_five_six.vehicles.shared import why_not_task

    assert why_not_task(0) is None and why_not_task(1) is not None
    assert pilot.why_not_fly("pilot", pilot_fit=True) is None
    assert pilot.why_not_fly("co_pilot", pilot_fit=True) is not None
    assert pilot.why_not_fly("co_pilot", pilot_fit=False) is None
    assert pilot.why_not_fly("gunner", pilot_fit=False) is not None


def test_4_72_a_landing_that_destroys_the_helicopter_is_survivable() -> None:
    """5.56mm 4.72 against 12.51 (Interpretation V4): a Landing 6 or more short destroys
    the helicopter, but those inside test Strength against D6+8 (4.72) instead of all
    dying (12.51 Destroyed); a crash landing is Major Damage with D6+2 inside; the
    helicopter ends halted on the ground."""
    check = pilot.pilot_check("land", BLACK_HAWK, 0, trained=False, extra=(Modifier("x", 9),))
    wreck = pilot.landing(check.resolve(2), distance_face=3, direction_face=3)
    assert wreck.becomes is VehicleDamage.DESTROYED and wreck.offset_deg == 180.0
    test = wreck.inside_test(3)
    assert isinstance(test, Contest)
    survived = test.resolve(1, 6)  # 9 against 9
    assert (survived.tn, survived.total, survived.success) == (9, 9, True)
    bumpy = pilot.landing(check.resolve(4), distance_face=1)
    assert bumpy.becomes is VehicleDamage.MAJOR and bumpy.row.inside == Dice(6, 2)
    after = bumpy.motion(20)
    assert (after.moved_in, after.altitude) == (22, "ground")
    assert not after.moving and not after.airborne
    clean = pilot.landing(pilot.pilot_check("land", BLACK_HAWK, 0, trained=True).resolve(3))
    with pytest.raises(ValueError, match="nobody aboard"):
        clean.inside_test(0)


@given(st.integers(0, 2**32), st.integers(-4, 12))
def test_4_72_4_73_rolled_landings_and_hovers_follow_their_rows(seed: int, handicap: int) -> None:
    """Rolled from the game's generator, a Landing or Hover lands on the row of its
    margin, moves by that row's dice within their range, and repeats from the seed."""
    check = pilot.pilot_check("land", BLACK_HAWK, 0, trained=True, extra=(Modifier("x", handicap),))
    first = pilot.roll_landing(check, Rng(seed))
    assert first == pilot.roll_landing(check, Rng(seed))
    row = pilot.land_row(first.result.margin)
    assert first.row == row
    if row.distance is None:
        assert first.distance_in == 0
    else:
        sides = row.distance.die
        assert 1 + row.distance.plus <= first.distance_in <= sides + row.distance.plus
    hover = pilot.pilot_check(
        "hover", BLACK_HAWK, 0, trained=True, extra=(Modifier("x", handicap),)
    )
    held = pilot.roll_hovering(hover, Rng(seed))
    assert held == pilot.roll_hovering(hover, Rng(seed))
    assert held.row == pilot.hover_row(held.result.margin)
    assert (held.overshoot_in > 0) == (held.row.overshoot is not None)
