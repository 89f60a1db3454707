"""5.56mm 3.2 Fire: spotting (3.21/3.22), range TN (3.23), TN modifiers (3.24), roll
modifiers (3.25), Aim (3.4), Covering Fire (3.6), two Fire actions; the Mujahideen and
M16 examples with exactly their numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.five_five_six.catalog import RangeCategory, catalog
from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.fire import (
    FireSituation,
    can_be_seen_at_all,
    concealment_of,
    fire_check,
    fire_tn,
    must_spot,
    range_tn,
    spotting_check,
    spotting_tn,
    why_not_aim,
    why_not_fire,
    why_not_second_fire,
)
from game.rules.five_five_six.combat.weapons import aim_bonus
from game.rules.five_five_six.movement.hide import hide_spotting_tn

#: The M16's bands as printed in 7.5 (C 1" S 5" M 10" L 20" E 30"): weapon data belongs
#: to f556-data; here only to replay the 3.23 example.
M16_BANDS = ((1.0, "close"), (5.0, "short"), (10.0, "medium"), (20.0, "long"), (30.0, "extreme"))
MP5_BANDS = ((0.5, "close"), (8.0, "short"), (12.0, "medium"), (14.0, "long"), (18.0, "extreme"))


def weapon_category(distance_in: float, bands: tuple[tuple[float, str], ...]) -> str:
    """7.0's reading of a weapon's bands, each category starting at its number (in the
    game: f556-data's ``weapons.range_category``, with Maximum Range and too close)."""
    return [category for start, category in bands if distance_in >= start][-1]


def test_3_2_worked_example_mujahideen_fails_to_spot_the_sniper() -> None:
    """5.56mm 3.2: 30" is TN 5, +1 Stealth, +1 less than 25% in sight: 7; the sniper
    fired last turn and has not moved: +2; a 4 makes 6 and fails."""
    tn = spotting_tn(30.0, 0.2, target_stealth=True)
    assert tn.base == 5
    assert tn.modifiers == (
        Modifier("Target using Stealth", 1),
        Modifier("Less than 25% in sight", 1),
    )
    assert tn.value == 7
    check = spotting_check(tn, 0, target_fired_unmoved=True)
    assert check.bonuses == (Modifier("Morale", 0), Modifier("Target fired and has not moved", 2))
    result = check.resolve(4)
    assert (result.total, result.success) == (6, False)
    assert check.chance == Fraction(1, 3)  # a 5 or a 6
    assert check.resolve(5).success


def test_3_23_worked_example_m16_at_22_inches_is_long_tn_5() -> None:
    """5.56mm 3.23: 22" is past the M16's Long (20") and short of its Extreme (30"):
    Long range, TN 5."""
    category = weapon_category(22.0, M16_BANDS)
    assert category == "long"
    assert range_tn(category).value == 5


def test_7_0_worked_example_mp5_medium_from_12_inches() -> None:
    """5.56mm 7.0: the MP5's Medium range is 12": a target 12" or further is at Medium
    until Long (14") is reached (f556-data's D1; unlike the "X" to Y"" tables of R2)."""
    assert weapon_category(11.99, MP5_BANDS) == "short"
    assert weapon_category(12.0, MP5_BANDS) == "medium"
    assert weapon_category(13.99, MP5_BANDS) == "medium"
    assert range_tn(weapon_category(12.0, MP5_BANDS)).value == 4


def test_3_21_distance_table() -> None:
    """5.56mm 3.21: 1"-2" TN 1, 2"-4" 2, 4"-8" 3, 8"-16" 4, 16"-32" 5, 32"+ 6; a boundary
    belongs to the nearer row, under 1" is TN 1 (Interpretation R2)."""
    expected = {
        0.5: 1,
        1.0: 1,
        2.0: 1,
        2.01: 2,
        4.0: 2,
        4.01: 3,
        8.0: 3,
        16.0: 4,
        31.9: 5,
        32.0: 5,
        32.01: 6,
    }
    for d, tn in expected.items():
        assert spotting_tn(d, 0.4).value == tn, d


def test_3_22_stealth_and_less_than_a_quarter_in_sight_add_one_each() -> None:
    """5.56mm 3.22: +1 target using Stealth; +1 firer has less than 25% line of sight."""
    assert spotting_tn(10.0, 0.4).value == 4
    assert spotting_tn(10.0, 0.4, target_stealth=True).value == 5
    assert spotting_tn(10.0, 0.24).value == 5
    assert spotting_tn(10.0, 0.25).value == 4


def test_3_2_plus_two_to_spot_a_target_that_fired_and_stayed_put() -> None:
    """5.56mm 3.2: +2 to the Morale roll against a target who fired and has not moved,
    but not against a silenced MP5SD (7.4); Tracker +1 (10.0)."""
    tn = spotting_tn(10.0, 0.4)
    assert spotting_check(tn, 1, target_fired_unmoved=True).bonus == 3
    assert spotting_check(tn, 1, target_fired_unmoved=True, target_weapon_silenced=True).bonus == 1
    assert spotting_check(tn, 1, tracker=True).bonus == 2


def test_3_2_half_in_sight_may_fire_less_must_spot_none_cannot() -> None:
    """5.56mm 3.2: 50% or more of the target in sight: fire; less: spotting roll first;
    no line of sight at all: no hit possible."""
    assert not must_spot(0.5)
    assert must_spot(0.49)
    assert not can_be_seen_at_all(0.0)
    assert why_not_fire(0.0, "short") is not None
    assert why_not_fire(0.3, None) is not None
    assert why_not_fire(0.3, "short") is None


def test_3_24_concealment_from_the_share_obscured() -> None:
    """5.56mm 3.24 (Interpretation R1): partial concealment +1 from 25% obscured, full +2
    from 50% obscured, whatever 3.2's spotting thresholds say."""
    assert concealment_of(1.0) == "none"
    assert concealment_of(0.8) == "none"
    assert concealment_of(0.75) == "partial"
    assert concealment_of(0.51) == "partial"
    assert concealment_of(0.5) == "full"
    assert concealment_of(0.1) == "full"
    assert fire_tn("short", FireSituation(concealment="partial")).value == 4
    assert fire_tn("short", FireSituation(concealment="full")).value == 5
    with pytest.raises(ValueError):
        concealment_of(1.5)


def test_3_23_range_category_tn() -> None:
    """5.56mm 3.23: Close 2, Short 3, Medium 4, Long 5, Extreme 6."""
    assert [range_tn(c).value for c in ("close", "short", "medium", "long", "extreme")] == [
        2,
        3,
        4,
        5,
        6,
    ]
    with pytest.raises(ValueError):
        range_tn("point blank")


@pytest.mark.parametrize(
    ("flags", "name", "value"),
    [
        ({"target_sprinting": True}, "Target Sprinting", 1),
        ({"firer_vehicle": "moving"}, "Firer on moving vehicle", 1),
        ({"firer_vehicle": "full_speed"}, "Firer on vehicle at Full Speed", 2),
        ({"specialist_without_skill": True}, "Specialist weapon without the skill", 2),
        (
            {"specialist_without_skill": True, "mounted_weapon": True},
            "Specialist weapon without the skill",
            1,
        ),
        ({"target_stealth": True}, "Target using Stealth", 1),
        ({"not_closest_target": True}, "Not the closest enemy in best sight", 1),
        ({"target_vehicle_full_speed": True}, "Target vehicle at Full Speed", 1),
        ({"covering_fire": True}, "Covering Fire", 1),
        ({"holding_grenade": True}, "Holding on to the grenade", 1),
        ({"target_helicopter_in_flight": True}, "Target helicopter in flight", 1),
        ({"target_hiding": True}, "Target Hiding", 1),
        ({"second_shot_recoil": True}, "Second shot recoil", 1),
    ],
)
def test_3_24_each_tn_modifier(flags: dict[str, object], name: str, value: int) -> None:
    """5.56mm 3.24: every listed modifier to the target number, named."""
    tn = fire_tn("medium", FireSituation(**flags))  # type: ignore[arg-type]
    assert tn.modifiers == (Modifier(name, value),)
    assert tn.value == 4 + value


def test_3_24_sniper_ignores_the_not_closest_penalty() -> None:
    """5.56mm 3.24/10.0 Sniper: no +1 for a target that is not the closest."""
    tn = fire_tn("long", FireSituation(not_closest_target=True, sniper_skill=True))
    assert tn.value == 5


def test_3_3_stealth_stacks_with_concealment() -> None:
    """5.56mm 3.3: a character using Stealth in concealment gets both modifiers."""
    tn = fire_tn("short", FireSituation(concealment="partial", target_stealth=True))
    assert tn.value == 5


def test_8_0_thermal_sight_ignores_concealment_and_respirator_hampers_long_shots() -> None:
    """5.56mm 8.0: a thermal imaging sight negates concealment; a respirator gives +1 TN at
    Long and Extreme range only."""
    assert fire_tn("short", FireSituation(concealment="full", thermal_sight=True)).value == 3
    assert fire_tn("long", FireSituation(respirator=True)).value == 6
    assert fire_tn("extreme", FireSituation(respirator=True)).value == 7
    assert fire_tn("medium", FireSituation(respirator=True)).value == 4


@pytest.mark.parametrize(
    ("flags", "name", "value"),
    [
        ({"target_incapacitated": True}, "Target incapacitated", 1),
        ({"target_cannot_see_firer": True}, "Target cannot see the firer", 1),
        ({"aim_bonus": 1}, "Aim", 1),
        ({"target_carrying": True}, "Target Carrying", 1),
        ({"target_is_vehicle": True}, "Target is a vehicle", 2),
    ],
)
def test_3_25_each_roll_modifier(flags: dict[str, object], name: str, value: int) -> None:
    """5.56mm 3.25: every listed modifier to the Fire roll, named, after Weapons."""
    check = fire_check("medium", 1, FireSituation(**flags))  # type: ignore[arg-type]
    assert check.bonuses == (Modifier("Weapons", 1), Modifier(name, value))
    assert check.tn.value == 4


def test_3_4_aim_and_sights() -> None:
    """5.56mm 3.4/7.6/8.0: Aim +1; a sniper rifle or telescopic sight +2; a sniper rifle
    with a telescopic sight +3 at Extreme; no sight helps at Close or Short
    (Interpretation R4)."""
    m16, m21 = catalog().firearm("m16"), catalog().firearm("m21")
    c = RangeCategory
    assert aim_bonus(m16, c.MEDIUM) == 1
    assert aim_bonus(m16, c.MEDIUM, telescopic_sight=True) == 2
    assert aim_bonus(m21, c.LONG) == 2
    assert aim_bonus(m21, c.EXTREME) == 2
    assert aim_bonus(m21, c.EXTREME, telescopic_sight=True) == 3
    assert aim_bonus(m21, c.LONG, telescopic_sight=True) == 2
    assert aim_bonus(m21, c.SHORT, telescopic_sight=True) == 1
    assert aim_bonus(m16, c.CLOSE, telescopic_sight=True) == 1


def test_3_4_aim_only_first_and_3_6_never_with_covering_fire() -> None:
    """5.56mm 3.4: Aim counts only as the first action; 3.6: not with Covering Fire."""
    assert why_not_aim(first_action=True, covering_fire=False) is None
    assert why_not_aim(first_action=False, covering_fire=False) is not None
    assert why_not_aim(first_action=True, covering_fire=True) is not None


def test_3_2_two_fire_actions_only_at_the_same_target() -> None:
    """5.56mm 3.2: two Fire actions in a go must be at one target."""
    assert why_not_second_fire("m1", "m1") is None
    assert why_not_second_fire("m1", "m2") is not None


def test_12_4_worked_example_m2_from_a_speeding_hmmv() -> None:
    """5.56mm 12.4 (the TN part, with the example's own Short range; the M2's profile
    makes 12" Medium: f556-data's D19): Short TN 3, the HMMV at Full Speed takes it to 5;
    the Machine Gunner has no other penalty; a 3 and a 4 with Weapons +3 make 6 and 7."""
    check = fire_check("short", 3, FireSituation(firer_vehicle="full_speed"))
    assert check.tn.value == 5
    assert check.resolve(3).total == 6 and check.resolve(3).success
    assert check.resolve(4).total == 7


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_concealment_grows_as_less_is_seen(a: float, b: float) -> None:
    """Invariant: less of the target in sight never means less concealment."""
    rank = {"none": 0, "partial": 1, "full": 2}
    lo, hi = sorted((a, b))
    assert rank[concealment_of(lo)] >= rank[concealment_of(hi)]


@given(st.floats(0.0, 200.0), st.floats(0.0, 200.0))
def test_spotting_tn_grows_with_distance_and_hide_is_two_harder(a: float, b: float) -> None:
    """Invariant: 3.21 and 4.24 never fall with distance; 4.24 is 3.21 + 2 everywhere."""
    lo, hi = sorted((a, b))
    assert spotting_tn(lo, 0.4).value <= spotting_tn(hi, 0.4).value
    assert hide_spotting_tn(lo).value == spotting_tn(lo, 0.4).value + 2
