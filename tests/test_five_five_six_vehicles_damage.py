"""5.56mm section 12: getting in and out (12.1, 12.11), ramming (12.2, 12.21),
passengers (12.3), gunners (12.4), vehicle damage (12.5, 12.51), crashes (12.6, 12.61),
attacking vehicles (12.7) and the fire modifiers that involve vehicles (3.24, 3.25);
the 12.4 M2 and 12.6 Black Hawk examples with exactly their numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import Check, Contest
from game.rules.five_five_six.combat.fire import FireSituation, fire_check
from game.rules.five_five_six.combat.injury import Wound, damage_contest, wound_from_margin
from game.rules.five_five_six.vehicles.crash import (
    crash_damage,
    damage_test,
    dice_value,
    exit_damage,
    ram_contest,
    ram_damage,
    vehicle_ram,
)
from game.rules.five_five_six.vehicles.damage import (
    add_damage,
    aftermath,
    armour_contest,
    crash_armour_contest,
    damage_effects,
    damage_from_margin,
    damage_odds,
    interior_damage,
    weapons_survive,
)
from game.rules.five_five_six.vehicles.data import Dice, VehicleDamage, vehicle_catalog
from game.rules.five_five_six.vehicles.drive import crash_avoid_check
from game.rules.five_five_six.vehicles.shared import (
    STATIONARY,
    Motion,
    VehicleTarget,
    allowance,
    crew_armour,
    firer_motion,
    vehicle_fire_situation,
    why_not_attack_occupant,
    why_not_board,
    why_not_use_armament,
)

HMMV = vehicle_catalog().vehicle("hmmv")
JEEP = vehicle_catalog().vehicle("jeep")
BLACK_HAWK = vehicle_catalog().vehicle("black_hawk")
D = VehicleDamage

# -- 12.1, 12.11 getting in and out ---------------------------------------------------


def test_12_1_boarding_needs_the_entrance_in_reach_and_a_free_seat() -> None:
    """5.56mm 12.1/12.3: a character boards if one action brings him to the entrance and
    picks his place; no more passengers than the profile allows (the HMMV with its
    turret weapon: 3)."""
    full = {"passenger": 3}
    assert why_not_board(HMMV, "m2", {}, "gunner", distance_to_entrance_in=4, reach_in=4) is None
    assert why_not_board(HMMV, "m2", {}, "driver", distance_to_entrance_in=5, reach_in=4)
    assert "no free passenger" in str(
        why_not_board(HMMV, "m2", full, "passenger", distance_to_entrance_in=1, reach_in=4)
    )
    assert (
        why_not_board(HMMV, None, full, "passenger", distance_to_entrance_in=1, reach_in=4) is None
    )
    assert why_not_board(HMMV, None, {}, "gunner", distance_to_entrance_in=1, reach_in=4)
    assert why_not_board(BLACK_HAWK, "m2", {"pilot": 1}, "pilot", distance_to_entrance_in=0,
                         reach_in=4)  # fmt: skip


def test_12_11_leaving_a_vehicle_by_its_speed() -> None:
    """5.56mm 12.1/12.11: a stationary vehicle is left freely; a moving one gives 1" to
    10" TN 0, 10"-15" D6, 15"-20" D6+1, 20"-25" D6+2, 25"-30" D6+4, 30"+ D6+6 (a
    boundary reads the slower row)."""
    assert exit_damage("land", STATIONARY).tn is None
    speeds = [5, 10, 10.5, 15, 16, 20, 24, 25, 30, 31]
    got = [str(exit_damage("land", Motion(s)).tn) for s in speeds]
    assert got == ["0", "0", "D6", "D6", "D6+1", "D6+1", "D6+2", "D6+2", "D6+4", "D6+6"]
    assert 'moving 10" to 15"' in exit_damage("land", Motion(12)).reason


def test_12_11_leaving_a_helicopter() -> None:
    """5.56mm 12.1/12.11 (Interpretation V15): out of a landed helicopter freely; out of
    one in flight the 12.11 row +4 for the fall; out of one holding still in the air
    (hovering) D6+6."""
    assert exit_damage("helicopter", Motion(20, altitude="ground", halted=True)).tn is None
    assert exit_damage("land", Motion(20, halted=True)).tn is None
    assert exit_damage("helicopter", Motion(8, altitude="flying")).tn == Dice(0, 4)
    assert exit_damage("helicopter", Motion(24, altitude="flying")).tn == Dice(6, 6)
    assert exit_damage("helicopter", Motion(40, altitude="flying")).tn == Dice(6, 10)
    assert exit_damage("helicopter", Motion(24, altitude="hovering")).tn == Dice(6, 6)
    assert exit_damage("helicopter", Motion(0, altitude="flying")).tn == Dice(6, 6)


def test_12_11_damage_tests_fixed_and_rolled() -> None:
    """5.56mm 12.11 (Interpretation V16): a fixed damage TN is a Strength check (TN 0
    cannot be failed); a rolled one a contest read by 5.01."""
    zero = damage_test(Dice(0, 0), 0, name="Jump")
    assert isinstance(zero, Check) and zero.chance == 1
    four = damage_test(Dice(0, 4), 1, name="Fall")
    assert isinstance(four, Check) and four.chance == Fraction(4, 6)
    rolled = damage_test(Dice(6, 6), 2, name="Fall")
    assert isinstance(rolled, Contest)
    hit = rolled.resolve(5, 2)
    assert (hit.tn, hit.total, wound_from_margin(hit.margin)) == (11, 4, Wound.DEAD)
    with pytest.raises(ValueError):
        damage_test(Dice(3, 0), 0, name="x")
    assert dice_value(Dice(6, 1), 3) == 4 and dice_value(Dice(3, 1), 6) == 4
    assert dice_value(Dice(0, 4)) == 4
    with pytest.raises(ValueError):
        dice_value(Dice(6, 0))


# -- 12.2 ramming ---------------------------------------------------------------------


def test_12_2_ramming_a_character() -> None:
    """5.56mm 12.2/12.21: the driver's D6 + Morale + Manoeuvre is the TN; the character
    jumps clear on D6 + Movement equal or more, else takes damage by the speed: 5"-10"
    D6 ... 30"+ D6+12 (slower than 5" reads the first row)."""
    ram = ram_contest(2, JEEP, 1)
    assert [str(m) for m in ram.tn_bonuses] == ["Driver's Morale +2", "Jeep Manoeuvre +5"]
    clear = ram.resolve(1, 6)
    assert (clear.tn, clear.total, clear.success) == (8, 7, False)
    assert ram.chance == 0  # 8 to 13 against 2 to 7: never clear
    assert ram_contest(0, JEEP, 2).chance == Fraction(6, 36)  # his die 3+ above the driver's
    speeds = [3, 10, 12, 20, 22, 30, 35]
    assert [str(ram_damage(s)) for s in speeds] == [
        "D6", "D6", "D6+1", "D6+2", "D6+4", "D6+8", "D6+12"
    ]  # fmt: skip


def test_12_2_ramming_another_vehicle() -> None:
    """5.56mm 12.2 (Interpretation V10): both vehicles test Armour against the 12.21 row;
    those aboard against the next slower row, nothing below the first."""
    r = vehicle_ram(18)
    assert (r.vehicles, r.aboard) == (Dice(6, 2), Dice(6, 1))
    assert vehicle_ram(8) == type(r)(Dice(6, 0), None)
    assert armour_contest(r.vehicles, JEEP).tn_bonuses[0].value == 2


# -- 12.4 armaments and gunners -------------------------------------------------------


def test_12_4_the_gunner_fires_the_mounted_weapon_not_the_driver() -> None:
    """5.56mm 12.4 (Interpretation V8): anyone aboard but the driver or pilot may use the
    mounted weapon, from the gunner's seat."""
    assert why_not_use_armament("gunner", "m2") is None
    assert why_not_use_armament("driver", "m2") is not None
    assert why_not_use_armament("pilot", "minigun") is not None
    assert "gunner's seat" in str(why_not_use_armament("passenger", "m60"))
    assert why_not_use_armament("gunner", None) is not None


def test_12_4_mounted_weapon_without_the_skill_is_plus_1_not_plus_2() -> None:
    """5.56mm 12.4: a mounted machinegun without Machine Gunner is +1 TN (carried +2)."""
    untrained = vehicle_fire_situation(mounted_weapon="m60", skills=())
    assert fire_check("medium", 1, untrained).tn.value == 4 + 1
    skilled = vehicle_fire_situation(mounted_weapon="m60", skills=("machine_gunner",))
    assert fire_check("medium", 1, skilled).tn.value == 4


def test_12_4_worked_example_m2_from_the_hmmv_at_full_speed() -> None:
    """5.56mm 12.4 (with the example's Short range; the M2's profile makes 12" Medium,
    the data's D19): the HMMV at Full Speed takes TN 3 to 5; the Delta operator has
    Machine Gunner; 3 and 4 with Weapons +3 make 6 and 7; damage 4 and 5 + the M2's 7 is
    11 and 12; the Somalis' 5 and 6 fail by 6: both dead."""
    hmmv_full = Motion(moved_in=20, full_speed=True)
    situation = vehicle_fire_situation(
        firer=hmmv_full, mounted_weapon="m2", skills=("machine_gunner",)
    )
    check = fire_check("short", 3, situation)
    assert check.tn.value == 5 and check.tn.lines() == (
        "Short range 3",
        "Firer on vehicle at Full Speed +2",
    )
    assert [check.resolve(3).total, check.resolve(4).total] == [6, 7]
    assert all(check.resolve(f).success for f in (3, 4))
    damage = damage_contest(catalog().firearm("m2").damage or 0, 0)
    results = [damage.resolve(4, 5), damage.resolve(5, 6)]
    assert [r.tn for r in results] == [11, 12]
    assert [wound_from_margin(r.margin) for r in results] == [Wound.DEAD, Wound.DEAD]


# -- 3.24, 3.25, 12.7 fire modifiers that involve vehicles --------------------------------


def test_3_24_firer_aboard_a_moving_vehicle() -> None:
    """5.56mm 3.24 (Interpretation V13): aboard a vehicle that moved in its last go +1,
    at Full Speed +2; a still vehicle or a hovering helicopter none, but an unsteady
    hover adds its 4.73 penalty."""
    assert firer_motion(None) == firer_motion(STATIONARY) == "none"
    assert firer_motion(Motion(6)) == "moving"
    assert firer_motion(Motion(20, full_speed=True)) == "full_speed"
    hover = Motion(24, altitude="hovering", hover_tn_penalty=2)
    assert firer_motion(hover) == "none"
    tn = fire_check("long", 2, vehicle_fire_situation(firer=hover)).tn
    assert tn.value == 5 + 2 and "Unsteady hover +2" in tn.lines()
    assert fire_check("long", 2, vehicle_fire_situation(firer=Motion(6))).tn.value == 6
    with pytest.raises(ValueError):
        Motion(5, hover_tn_penalty=1)


def test_3_24_3_25_shooting_at_a_vehicle() -> None:
    """5.56mm 3.24/3.25 (Interpretations V9, V14): at the vehicle itself +2 to the roll;
    at Full Speed +1 TN; a helicopter in flight (hovering too) +1 TN; a landed one
    neither."""
    speeding = VehicleTarget("land", Motion(22, full_speed=True))
    check = fire_check("medium", 1, vehicle_fire_situation(target=speeding))
    assert check.tn.value == 5 and check.bonus == 1 + 2
    flying = VehicleTarget("helicopter", Motion(30, full_speed=True, altitude="flying"))
    assert fire_check("medium", 1, vehicle_fire_situation(target=flying)).tn.value == 6
    hovering = VehicleTarget("helicopter", Motion(24, altitude="hovering"))
    assert fire_check("medium", 1, vehicle_fire_situation(target=hovering)).tn.value == 5
    landed = VehicleTarget("helicopter", Motion(24, altitude="ground"))
    landed_check = fire_check("medium", 1, vehicle_fire_situation(target=landed))
    assert landed_check.tn.value == 4 and landed_check.bonus == 3


def test_12_7_shooting_at_crew_and_passengers() -> None:
    """5.56mm 12.7 (Interpretation V17): someone inside can be shot only if seen, without
    the bonus for a vehicle target but with the Full Speed penalty, at least in partial
    concealment; an (A) seat is behind armoured glass, +1 to his Strength test."""
    assert why_not_attack_occupant(0.0) is not None and why_not_attack_occupant(0.3) is None
    driver = VehicleTarget("land", Motion(20, full_speed=True), at_occupant=True,
                           occupant_visible_share=0.9)  # fmt: skip
    s = vehicle_fire_situation(target=driver)
    assert (s.concealment, s.target_is_vehicle, s.target_vehicle_full_speed) == (
        "partial",
        False,
        True,
    )
    check = fire_check("short", 2, s)
    assert (check.tn.value, check.bonus) == (3 + 1 + 1, 2)
    hidden = VehicleTarget("land", STATIONARY, at_occupant=True, occupant_visible_share=0.4)
    assert vehicle_fire_situation(target=hidden).concealment == "full"
    behind = FireSituation(concealment="full", target_stealth=True)
    kept = vehicle_fire_situation(behind, target=driver)
    assert (kept.concealment, kept.target_stealth) == ("full", True)
    assert crew_armour(HMMV, "driver").value == 1 and crew_armour(JEEP, "driver").value == 0
    assert crew_armour(BLACK_HAWK, "co_pilot").value == 1
    assert crew_armour(BLACK_HAWK, "gunner").value == 0
    assert crew_armour(HMMV, "passenger").value == 0


# -- 12.5, 12.51 vehicle damage -----------------------------------------------------------


def test_12_5_armour_test_and_12_51_results() -> None:
    """5.56mm 12.5/12.51: D6 + Damage against D6 + Armour; -1 Minor, -2 Major, -3
    Crippling, -4 Immobilised, -5 or worse Destroyed."""
    contest = armour_contest(7, JEEP)  # the M2 against a Jeep
    assert [str(m) for m in contest.tn_bonuses] == ["Damage +7"]
    assert [str(m) for m in contest.bonuses] == ["Armour +6"]
    assert [damage_from_margin(m) for m in (0, -1, -2, -3, -4, -5, -9)] == [
        None, D.MINOR, D.MAJOR, D.CRIPPLING, D.IMMOBILISED, D.DESTROYED, D.DESTROYED
    ]  # fmt: skip
    odds = damage_odds(contest)
    assert sum(odds.values()) == 1 and odds["no damage"] == contest.chance
    assert odds["Destroyed"] == Fraction(3, 36)  # damage die 2+ above the Armour die


def test_12_51_damage_adds_up_and_a_second_minor_is_major() -> None:
    """5.56mm 12.51 (Interpretation V6): Minor has no effect but the next Minor counts as
    Major; Major +1 TN and -4" (helicopter -8"); Crippling +2 and -8" (-16"); they add
    up."""
    once = add_damage((), D.MINOR)
    assert damage_effects(once, "land").tn_penalty == 0
    twice = add_damage(once, D.MINOR)
    assert twice == (D.MINOR, D.MAJOR)
    e = damage_effects(add_damage(twice, D.CRIPPLING), "land")
    assert (e.tn_penalty, e.movement_loss_in, e.usable) == (3, 12, True)
    assert allowance(HMMV, e.movement_loss_in) == 0
    h = damage_effects((D.MAJOR, D.CRIPPLING), "helicopter")
    assert (h.movement_loss_in, allowance(BLACK_HAWK, h.movement_loss_in)) == (24, 0)
    assert [str(m) for m in h.modifiers()] == ["Vehicle damage +3"]
    assert not damage_effects((D.IMMOBILISED,), "land").usable
    assert add_damage(once, None) == once


def test_12_51_immobilised() -> None:
    """5.56mm 12.51 (Interpretation V7): the vehicle stops for good; a moving land
    vehicle's driver makes a Drive test TN 6 or it crashes; a helicopter in the air
    crashes; a D6 of 4+ keeps its weapons; every later Armour roll is +6 TN."""
    moving = aftermath(D.IMMOBILISED, "land", Motion(8))
    assert (moving.crash, moving.everyone_inside_killed, moving.explosion) == (
        "drive_test",
        False,
        None,
    )
    assert aftermath(D.IMMOBILISED, "land", STATIONARY).crash == "none"
    assert aftermath(D.IMMOBILISED, "helicopter", Motion(16, altitude="hovering")).crash == (
        "automatic"
    )
    assert aftermath(D.IMMOBILISED, "helicopter", Motion(0, altitude="ground")).crash == "none"
    test = crash_avoid_check(HMMV, 1, trained=True)
    assert (test.tn.value, [str(m) for m in test.bonuses]) == (
        6,
        ["Morale +1", "HMMV Manoeuvre +4"],
    )
    assert crash_avoid_check(HMMV, 1, trained=False).tn.value == 8
    assert [weapons_survive(f) for f in range(1, 7)] == [False] * 3 + [True] * 3
    later = armour_contest(5, HMMV, immobilised=True)
    assert later.resolve(1, 1).tn == 1 + 5 + 6


def test_12_51_destroyed() -> None:
    """5.56mm 12.51: the vehicle explodes, killing everyone inside; everyone within 4"
    tests Strength against D6+4; a moving vehicle crashes."""
    boom = aftermath(D.DESTROYED, "land", Motion(12))
    assert (boom.crash, boom.everyone_inside_killed) == ("automatic", True)
    assert (boom.explosion_radius_in, boom.explosion) == (4, Dice(6, 4))
    assert aftermath(D.DESTROYED, "land", STATIONARY).crash == "none"


def test_7_6_heap_round_bursts_inside_a_pierced_vehicle() -> None:
    """5.56mm 7.6: a HEAP round that beats the Armour roll does D6+3 to everyone inside."""
    assert interior_damage("m82", "heap", -1) == Dice(6, 3)
    assert interior_damage("m82", "heap", 0) is None
    assert interior_damage("m82", None, -3) is None


# -- 12.6, 12.61 crashes --------------------------------------------------------------------


def test_12_61_crash_damage_by_speed() -> None:
    """5.56mm 12.6/12.61 (Interpretation V3): those inside test against the band of the
    speed before the crash, the vehicle against the next band up; a helicopter's own test
    one band higher again; the top band stays the top."""
    land = crash_damage(12, "land")
    assert (land.band, land.inside, land.vehicle) == ('10" to 15"', Dice(6, 2), Dice(6, 4))
    assert crash_damage(3, "land").inside == Dice(6, 1)
    top = crash_damage(40, "land")
    assert (top.band, top.inside, top.vehicle) == ('30"+', Dice(6, 12), Dice(6, 12))
    heli = crash_damage(22, "helicopter")
    assert (heli.inside, heli.vehicle) == (Dice(6, 6), Dice(6, 12))


def test_12_6_worked_example_black_hawk_shot_down_while_hovering() -> None:
    """5.56mm 12.6 with exactly its numbers. The RPG's damage TN is 16 (6 + Damage 10);
    the Black Hawk's Armour roll is 3 + 10 = 13, a difference of -3. By 12.51 that is
    Crippling Damage; the example calls it Immobilised (Interpretation V12: the table
    wins). From the Immobilised result the example goes on: it had moved 16" before
    hovering, so it crashes in the 15" to 20" band, D6+4 to those inside and D6+8 to
    itself; the crash TN is 12 (a 4 + 8) + 6 for Immobilised = 18; its Armour roll of 3
    makes 13, -5: Destroyed, and the gunner inside dies."""
    hovering = Motion(moved_in=16, altitude="hovering")
    rpg = catalog().firearm("rpg").damage
    assert rpg == 10
    hit = armour_contest(rpg, BLACK_HAWK).resolve(6, 3)
    assert (hit.tn, hit.total, hit.margin) == (16, 13, -3)
    assert damage_from_margin(hit.margin) is D.CRIPPLING
    after = aftermath(D.IMMOBILISED, "helicopter", hovering)
    assert after.crash == "automatic"
    crash = crash_damage(hovering.moved_in, "helicopter")
    assert (crash.band, crash.inside, crash.vehicle) == ('15" to 20"', Dice(6, 4), Dice(6, 8))
    wreck = crash_armour_contest(crash, BLACK_HAWK, immobilised=True).resolve(4, 3)
    assert wreck.tn_roll + 8 == 12
    assert (wreck.tn, wreck.total, wreck.margin) == (18, 13, -5)
    final = damage_from_margin(wreck.margin)
    assert final is D.DESTROYED
    assert aftermath(final, "helicopter", hovering).everyone_inside_killed


@given(st.integers(-12, 12), st.integers(0, 60), st.sampled_from(["land", "helicopter"]))
def test_worse_armour_results_and_faster_crashes_are_never_milder(
    margin: int, speed: int, kind: str
) -> None:
    """Invariants: a worse Armour margin never gives a milder 12.51 result; a faster
    crash never does less damage; the vehicle's own test is never milder than the one
    for those inside."""
    order = [None, D.MINOR, D.MAJOR, D.CRIPPLING, D.IMMOBILISED, D.DESTROYED]
    assert order.index(damage_from_margin(margin - 1)) >= order.index(damage_from_margin(margin))
    a, b = crash_damage(speed, kind), crash_damage(speed + 1, kind)  # type: ignore[arg-type]
    assert b.inside.plus >= a.inside.plus and a.vehicle.plus >= a.inside.plus
    assert ram_damage(speed + 1).plus >= ram_damage(speed).plus
