"""5.56mm data (seed sections 7-10): every weapon profile as printed, range categories
(3.23), shotgun damage (7.31), blast tables (7.81-7.92), melee weapons (7.1), ammunition
(7.0), equipment (8), abilities (9.01), special skills (10), and bad data files."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import DataError
from game.rules.five_five_six.catalog import (
    DATA_DIR,
    RANGE_ORDER,
    RangeBands,
    RangeCategory,
    band_at,
    catalog,
    load_catalog,
)
from game.rules.five_five_six.combat.weapons import (
    AmmoStatus,
    after_shot,
    aim_bonus,
    ammo_value,
    armour_bonus,
    blast_bonus,
    carried_slots,
    chance_runs_dry,
    damage_at,
    melee_bonus,
    range_category,
    range_tn,
    ranges_of,
    read_range,
    starting_ammo,
)

C = RangeCategory

# The seed's profiles: C S M L E MR DMG AMMO (None = "na").
PRINTED = {
    "colt_1911": (0, 9, 11, 13, 15, 17, 4, 6),
    "m9": (0, 10, 12, 14, 16, 18, 3, 5),
    "desert_eagle": (0, 8, 12, 14, 18, 20, 5, 6),
    "benelli_m1": (0.5, 4, 12, 14, 18, 24, 4, 6),
    "mp5": (0.5, 8, 12, 14, 18, 24, 3, 4),
    "mp5sd": (0.5, 7, 11, 13, 16, 22, 3, 4),
    "p90": (0, 6, 10, 12, 18, 24, 4, 3),
    "uzi": (0, 6, 10, 14, 16, 22, 4, 4),
    "m16": (1, 5, 10, 20, 30, 40, 4, 4),
    "m4": (1, 6, 12, 18, 27, 36, 4, 4),
    "ak47": (1, 4, 7, 14, 21, 28, 4, 4),
    "fn_fal": (1, 4, 8, 16, 24, 32, 5, 5),
    "m203": (None, None, 8, 16, 24, 32, None, None),
    "m21": (1, 3, 6, 30, 45, 60, 5, 5),
    "psg1": (1, 3, 10, 35, 45, 55, 5, 5),
    "m40": (1, 2, 5, 36, 54, 72, 6, 6),
    "m82": (1, 2, 4, 30, 50, 80, 8, 6),
    "svd": (1, 3, 6, 26, 39, 52, 5, 5),
    "saw": (1, 4, 8, 24, 36, 48, 4, 4),
    "m2": (1, 4, 9, 28, 42, 56, 7, 5),
    "m60": (1, 4, 8, 26, 39, 52, 5, 4),
    "minigun": (1, 4, 7, 20, 30, 40, 5, 4),
    "law": (1, 6, 12, 16, 24, 32, 12, None),
    "rpg": (1, 5, 10, 15, 20, 30, 10, 6),
}
GRENADES_PRINTED = {
    "frag": (1, 3, 5, 7, 9, 11, 8, 6),
    "stun": (1, 3, 5, 7, 9, 11, None, 6),
    "cs_gas": (1, 3, 5, 7, 9, 11, None, 6),
    "white_phosphorus": (1, 3, 5, 7, 9, 11, None, 6),
}


def _profile(bands: RangeBands, damage: int | None, ammo: int | None) -> tuple[object, ...]:
    return (*(bands.start(c) for c in RANGE_ORDER), bands.max_in, damage, ammo)


def test_five_five_six_7_every_firearm_profile_as_printed() -> None:
    """5.56mm 7.2-7.9: every firearm's C/S/M/L/E/MR, DMG and AMMO as the seed prints them."""
    firearms = catalog().weapons.firearms
    assert set(firearms) == set(PRINTED)
    for wid, printed in PRINTED.items():
        w = firearms[wid]
        assert _profile(w.ranges, w.damage, w.ammo) == printed, wid


def test_five_five_six_7_8_every_grenade_profile_as_printed() -> None:
    """5.56mm 7.8: the four grenade types' ranges, DMG and AMMO."""
    grenades = catalog().grenades
    assert set(grenades) == set(GRENADES_PRINTED)
    for gid, printed in GRENADES_PRINTED.items():
        g = grenades[gid]
        assert _profile(g.ranges, g.damage, g.ammo) == printed, gid


def test_five_five_six_7_6_m82_heap_round() -> None:
    """5.56mm 7.6: the M82's HEAP round (C 1 S 2 M 4 L 24 E 48 MR 72, DMG 9) hits a
    vehicle for 9, a character like the .50 round (8); D6+3 inside a pierced vehicle."""
    m82 = catalog().firearm("m82")
    heap = m82.rounds["heap"]
    assert _profile(heap.ranges, heap.damage, heap.ammo) == (1, 2, 4, 24, 48, 72, 9, 6)
    assert damage_at(m82, C.LONG, round_id="heap", against_vehicle=True) == 9
    assert damage_at(m82, C.LONG, round_id="heap") == 8
    assert damage_at(m82, C.LONG) == 8
    assert heap.interior_damage == 3
    assert ranges_of("m82", "heap").long == 24


def test_five_five_six_3_23_ranger_m16_at_22_inches_is_long_tn_5() -> None:
    """5.56mm 3.23 worked example: M16 at 22" is beyond Long (20") and short of Extreme
    (30"), so Long range, TN 5."""
    m16 = catalog().firearm("m16").ranges
    assert range_category(m16, 22) is C.LONG
    assert range_tn(C.LONG) == 5


def test_five_five_six_3_23_range_tn_table() -> None:
    """5.56mm 3.23: Close 2, Short 3, Medium 4, Long 5, Extreme 6."""
    assert [range_tn(c) for c in RANGE_ORDER] == [2, 3, 4, 5, 6]


def test_five_five_six_3_23_a_category_starts_at_its_number() -> None:
    """5.56mm 7.0: "12 or further is Medium until Long": the start belongs to the new
    category; the Maximum Range is still Extreme; beyond it and below Close, no shot."""
    mp5 = catalog().firearm("mp5").ranges
    assert range_category(mp5, 12) is C.MEDIUM
    assert range_category(mp5, 11.99) is C.SHORT
    assert range_category(mp5, 24) is C.EXTREME
    assert range_category(mp5, 24.01) is None
    assert "beyond maximum range" in read_range(mp5, 25).reason
    assert range_category(mp5, 0.5) is C.CLOSE
    too_close = read_range(mp5, 0.25)
    assert not too_close.in_range and "too close" in too_close.reason


def test_five_five_six_7_0_close_range_zero_fires_at_adjacent_targets() -> None:
    """5.56mm 7.0: a weapon with Close 0" can fire at an adjacent (0") target."""
    assert range_category(catalog().firearm("colt_1911").ranges, 0) is C.CLOSE
    assert range_category(catalog().firearm("m16").ranges, 0) is None


def test_five_five_six_7_5_m203_does_not_arm_under_8_inches() -> None:
    """5.56mm 7.5: the M203 has no Close or Short range; its round arms at 8", which is
    where Medium starts; a nearer target cannot be engaged with it."""
    m203 = catalog().firearm("m203")
    assert m203.arming_in == 8
    assert range_category(m203.ranges, 7.9) is None
    assert range_category(m203.ranges, 8) is C.MEDIUM
    assert m203.attaches_to == ("m16", "m4")


ALL_BANDS = [
    *(w.ranges for w in catalog().weapons.firearms.values()),
    *(r.ranges for w in catalog().weapons.firearms.values() for r in w.rounds.values()),
    *(g.ranges for g in catalog().grenades.values()),
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(ALL_BANDS),
    st.floats(min_value=0, max_value=100, allow_nan=False),
    st.floats(min_value=0, max_value=100, allow_nan=False),
)
def test_five_five_six_3_23_range_category_is_monotone_in_distance(
    bands: RangeBands, a: float, b: float
) -> None:
    """5.56mm 3.23: for every weapon, a farther target is never in a nearer category,
    and the distances it can shoot form one interval [first start, MR]."""
    near, far = sorted((a, b))
    cn, cf = range_category(bands, near), range_category(bands, far)
    first = bands.bands()[0][1]
    assert (cn is not None) == (first <= near <= bands.max_in)
    if cn is not None and cf is not None:
        assert RANGE_ORDER.index(cn) <= RANGE_ORDER.index(cf)


def test_five_five_six_12_4_m2_at_12_inches_is_medium_not_short() -> None:
    """5.56mm 12.4 example vs the M2's profile (Interpretation D19): the example calls
    12" Short range for the M2 (TN 3), but its Medium range starts at 9", so 12" is
    Medium, TN 4; the profile wins, as in the 3.23 M16 example. The example's damage
    numbers hold: M2 DMG 7 turns D6 rolls of 4 and 5 into damage TNs 11 and 12."""
    m2 = catalog().firearm("m2")
    assert range_category(m2.ranges, 12) is C.MEDIUM
    assert range_tn(C.MEDIUM) == 4
    assert damage_at(m2, C.MEDIUM) == 7
    assert [die + 7 for die in (4, 5)] == [11, 12]


def test_five_five_six_5_0_examples_weapon_numbers() -> None:
    """5.56mm 5.0 examples: the Somali's rifle butt +1 and the Delta soldier's knife +2
    in hand to hand; an AK47 hit is D6+4; 12.6: an RPG hit is D6+10."""
    assert melee_bonus(["ak47"]) == ("rifle_butt", 1)
    assert melee_bonus(["m4", "knife"]) == ("knife", 2)
    assert damage_at(catalog().firearm("ak47"), C.MEDIUM) == 4
    assert damage_at(catalog().firearm("rpg"), C.SHORT) == 10


def test_five_five_six_7_31_shotgun_damage_falls_with_range() -> None:
    """5.56mm 7.31: Benelli M1 DMG 4 is 6 at Close, 5 Short, 4 Medium, 3 Long, 2 Extreme;
    other weapons' DMG does not change with range."""
    benelli, m16 = catalog().firearm("benelli_m1"), catalog().firearm("m16")
    assert [damage_at(benelli, c) for c in RANGE_ORDER] == [6, 5, 4, 3, 2]
    assert [damage_at(m16, c) for c in RANGE_ORDER] == [4] * 5


def test_five_five_six_7_81_frag_blast_by_distance() -> None:
    """5.56mm 7.81: D6+6 within 1" (1" itself included), D6+4 to 2", D6+2 to 3", then
    nothing."""
    got = [blast_bonus("frag", d) for d in (0, 0.5, 1.0, 1.01, 2.0, 2.5, 3.0, 3.01)]
    assert got == [6, 6, 6, 4, 4, 2, 2, None]


def test_five_five_six_7_82_7_83_stun_grenade_tn_and_lost_actions() -> None:
    """5.56mm 7.82/7.83: Morale against D6+6/+4/+2; short by 2 (or more) loses both
    actions, by 1 one action, made it none."""
    stun = catalog().grenades["stun"]
    assert stun.test == "morale"
    assert [blast_bonus("stun", d) for d in (1, 2, 3, 3.5)] == [6, 4, 2, None]
    assert [stun.actions_lost_for(m) for m in (-4, -2, -1, 0, 2)] == [2, 2, 1, 0, 0]


def test_five_five_six_7_84_cs_gas_tn_and_lingering_cloud() -> None:
    """5.56mm 7.84: Strength against D6+4/+2/+1/+0 out to 4"; failing it is +2 TN to all,
    the cloud stays, within 4" tests again, +1 a turn out of it; a respirator is immune."""
    cs = catalog().grenades["cs_gas"]
    assert [blast_bonus("cs_gas", d) for d in (1, 2, 3, 4, 4.1)] == [4, 2, 1, 0, None]
    assert cs.gas is not None
    assert (cs.gas.tn_penalty, cs.gas.lingers, cs.gas.radius_in) == (2, True, 4)
    assert cs.gas.recovery_bonus_per_turn == 1
    assert catalog().equipment["respirator"].immune_to == ("cs_gas",)


def test_five_five_six_7_86_7_87_white_phosphorus_burns_again_and_ignores_armour() -> None:
    """5.56mm 7.86/7.87: D6+4/+2/+1/+0 now; next turn D6+2/+1/+0 and nothing at 3-4";
    body armour gives no bonus against it."""
    wp = catalog().grenades["white_phosphorus"]
    assert [blast_bonus("white_phosphorus", d) for d in (1, 2, 3, 4)] == [4, 2, 1, 0]
    burn = [band_at(wp.burn, d) for d in (1, 2, 3, 4, 5)]
    assert [None if b is None else b.bonus for b in burn] == [2, 1, 0, None, None]
    assert burn[3] is not None  # 3" to 4" is a row of the table, printed "na"
    assert armour_bonus("white_phosphorus") == 0
    assert armour_bonus("frag") == 1


def test_five_five_six_7_91_7_92_law_and_rpg_blasts() -> None:
    """5.56mm 7.91/7.92: LAW D6+8/+6/+4/+2, RPG D6+7/+5/+3/+1 out to 4"."""
    assert [blast_bonus("law", d) for d in (1, 2, 3, 4, 4.5)] == [8, 6, 4, 2, None]
    assert [blast_bonus("rpg", d) for d in (1, 2, 3, 4, 4.5)] == [7, 5, 3, 1, None]


def test_five_five_six_7_1_melee_weapons() -> None:
    """5.56mm 7.1: unarmed +0, knife +2, rifle butt +1 with an assault or sniper rifle."""
    assert melee_bonus([]) == ("unarmed", 0)
    assert melee_bonus(["colt_1911"]) == ("unarmed", 0)
    assert melee_bonus(["m16"]) == ("rifle_butt", 1)
    assert melee_bonus(["m21"]) == ("rifle_butt", 1)
    assert melee_bonus(["m16", "knife"]) == ("knife", 2)
    assert melee_bonus(["saw"]) == ("unarmed", 0)


def test_five_five_six_7_0_machineguns_and_heavy_weapons_count_twice() -> None:
    """5.56mm 7.0: at most 4 weapons; machineguns and heavy weapons count as 2."""
    assert catalog().weapons.carry_limit == 4
    assert carried_slots(["saw", "colt_1911", "frag"]) == 4
    assert carried_slots(["law", "m16"]) == 3
    assert carried_slots(["m16", "m203", "knife", "frag"]) == 4


def test_five_five_six_4_3_auto_fire_profiles() -> None:
    """5.56mm 4.3/7.4-7.7: SMGs and assault rifles one extra shot, +1 at a second target
    (MP5/MP5SD without it; the FN-FAL's recoil +1 on both shots); machineguns two extra,
    the last +1, up to 4" away with +1 beyond 2"; SAW three (2nd and 3rd +1); M2 one
    without penalty; Minigun six by 7.71. Handguns, shotguns, sniper rifles and heavy
    weapons cannot."""
    f = catalog().weapons.firearms

    def auto(wid: str) -> tuple[object, ...] | None:
        a = f[wid].auto_fire
        if a is None:
            return None
        other = a.other_target_penalty
        return (a.penalties, other, a.reach_in, a.far_penalty, a.first_shot_penalty)

    assert auto("mp5") == auto("mp5sd") == ((0,), 0, 2, 0, 0)
    assert auto("uzi") == auto("p90") == auto("m16") == auto("ak47") == ((0,), 1, 2, 0, 0)
    assert auto("fn_fal") == ((1,), 1, 2, 0, 1)
    assert auto("m60") == ((0, 1), 0, 4, 1, 0)
    assert auto("saw") == ((0, 1, 1), 0, 4, 1, 0)
    assert auto("m2") == ((0,), 0, 4, 0, 0)
    assert auto("minigun") == ((0, 0, 1, 1, 2, 2), 0, 4, 1, 0)
    for wid in ("colt_1911", "desert_eagle", "benelli_m1", "m21", "m82", "law", "rpg", "m203"):
        assert f[wid].auto_fire is None, wid


def test_five_five_six_7_second_fire_penalties_and_specialist_skills() -> None:
    """5.56mm 7.2-7.9: a second Fire action is +1 TN with the Desert Eagle, Benelli, M40
    and M82; sniper rifles need Sniper, machineguns Machine Gunner, heavy weapons Heavy
    Weapons; the MP5SD gives no spotting bonus; the P90 halves body armour's +2;
    sniper rifles aim at +2; the M2 and Minigun are never carried."""
    f = catalog().weapons.firearms
    assert {k for k, w in f.items() if w.second_fire_penalty} == {
        "desert_eagle", "benelli_m1", "m40", "m82",
    }  # fmt: skip
    assert {k for k, w in f.items() if w.skill == "sniper"} == {"m21", "psg1", "m40", "m82", "svd"}
    assert {k for k, w in f.items() if w.skill == "machine_gunner"} == {
        "saw",
        "m2",
        "m60",
        "minigun",
    }
    assert {k for k, w in f.items() if w.skill == "heavy_weapons"} == {"law", "rpg"}
    assert {k for k, w in f.items() if w.suppressed} == {"mp5sd"}
    assert armour_bonus("p90") == 1 and armour_bonus("uzi") == 2
    assert {k for k, w in f.items() if not w.carried} == {"m2", "minigun"}
    assert all(w.aim_bonus == 2 for w in f.values() if w.skill == "sniper")


def test_five_five_six_7_0_ammo_low_roll_after_a_one() -> None:
    """5.56mm 7.0: Ammo-Low and a 1 to hit: a D6 below AMMO empties the weapon, equal
    means an Ammo roll after every shot from now on, above it back to normal."""
    low = starting_ammo("m16", ammo_low=True)
    assert low is AmmoStatus.LOW
    assert starting_ammo("m16", ammo_low=False) is AmmoStatus.SUPPLIED
    assert after_shot("m16", low, 2, None) is AmmoStatus.LOW  # no 1: no roll
    assert after_shot("m16", low, 1, 3) is AmmoStatus.EMPTY
    checking = after_shot("m16", low, 1, 4)
    assert checking is AmmoStatus.CHECKING
    assert after_shot("m16", checking, 6, 4) is AmmoStatus.CHECKING
    assert after_shot("m16", checking, 6, 5) is AmmoStatus.LOW
    assert after_shot("m16", AmmoStatus.SUPPLIED, 1, None) is AmmoStatus.SUPPLIED
    with pytest.raises(ValueError, match="out of ammunition"):
        after_shot("m16", AmmoStatus.EMPTY, 3, None)
    with pytest.raises(ValueError, match="needs an Ammo roll"):
        after_shot("m16", checking, 3, None)
    assert chance_runs_dry(4) == Fraction(1, 2)
    assert chance_runs_dry(6) == Fraction(5, 6)


def test_five_five_six_7_8_7_9_grenades_rpg_and_law_ammunition() -> None:
    """5.56mm 7.8/7.9: grenades are always Ammo-Low; the RPG rolls after every shot;
    the LAW fires once; the M203 rolls against its grenade round's AMMO."""
    assert starting_ammo("frag", ammo_low=False) is AmmoStatus.LOW
    rpg = starting_ammo("rpg", ammo_low=False)
    assert rpg is AmmoStatus.CHECKING
    assert after_shot("rpg", rpg, 5, 6) is AmmoStatus.CHECKING
    assert after_shot("rpg", rpg, 5, 5) is AmmoStatus.EMPTY
    assert after_shot("law", starting_ammo("law", ammo_low=False), 6, None) is AmmoStatus.EMPTY
    assert starting_ammo("m203", ammo_low=False) is AmmoStatus.LOW
    assert ammo_value("m203", "frag") == 6
    assert after_shot("m203", AmmoStatus.LOW, 1, 6, launcher_round="stun") is AmmoStatus.CHECKING


def test_five_five_six_8_body_armour_by_weapon_kind() -> None:
    """5.56mm 8.0: body armour +1 against melee, grenades, heavy weapons, assault and
    sniper rifles; +2 against handguns, shotguns and SMGs."""
    got = {w: armour_bonus(w) for w in ("knife", "frag", "law", "m16", "m21", "m9", "mp5")}
    assert got == {"knife": 1, "frag": 1, "law": 1, "m16": 1, "m21": 1, "m9": 2, "mp5": 2}
    assert armour_bonus("benelli_m1") == 2
    assert armour_bonus("saw") == 1  # Interpretation: machineguns like rifles


def test_five_five_six_8_telescopic_sight_and_sniper_aim() -> None:
    """5.56mm 3.4/7.6/8.0: Aim +1; a sniper rifle +2; a telescopic sight +2; on a sniper
    rifle at Extreme +3; no sight helps at Close or Short (Interpretation D8)."""
    m16, m21 = catalog().firearm("m16"), catalog().firearm("m21")
    assert aim_bonus(m16, C.LONG) == 1
    assert aim_bonus(m16, C.LONG, telescopic_sight=True) == 2
    assert aim_bonus(m16, C.SHORT, telescopic_sight=True) == 1
    assert aim_bonus(m21, C.SHORT) == 1
    assert aim_bonus(m21, C.MEDIUM) == 2
    assert aim_bonus(m21, C.LONG, telescopic_sight=True) == 2
    assert aim_bonus(m21, C.EXTREME, telescopic_sight=True) == 3


def test_five_five_six_8_01_8_02_night_vision_tables() -> None:
    """5.56mm 8.01: goggles +0 to 10", +1 to 25", +2 beyond, for all actions; Low Light
    penalty gone but spotting still rolled at +1. 8.02: the sight +0/+1/+2 at 20"/40",
    Fire only. Thermal sight: no No Light penalty, no spotting roll, fires through cover."""
    eq = catalog().equipment
    goggles, sight, thermal = (
        eq["night_vision_goggles"].night,
        eq["night_vision_sight"].night,
        eq["thermal_imaging_sight"],
    )
    assert goggles is not None and sight is not None and thermal.night is not None

    def pen(rows: object, d: float) -> int | None:
        row = band_at(rows, d)  # type: ignore[arg-type]
        return None if row is None else row.bonus

    assert [pen(goggles.no_light_penalty, d) for d in (5, 10, 10.5, 25, 26)] == [0, 0, 1, 1, 2]
    assert goggles.applies_to == "all_actions"
    assert (goggles.low_light_penalty, goggles.low_light_spotting) == (0, True)
    assert goggles.spotting_bonus == 1
    assert [pen(sight.no_light_penalty, d) for d in (20, 21, 40, 41)] == [0, 1, 1, 2]
    assert sight.applies_to == "fire"
    assert thermal.night.no_light_spotting is False
    assert pen(thermal.night.no_light_penalty, 60) == 0
    assert thermal.shoots_through_cover
    assert thermal.cover_strength == {"light": 2, "medium": 3, "heavy": None}


def test_five_five_six_8_other_equipment() -> None:
    """5.56mm 8.0: a first aid kit +1 to First Aid and Treat Injury; a respirator +1 TN
    at Long and Extreme; the patrol radio allows Use Radio."""
    eq = catalog().equipment
    assert {(b.test, b.value) for b in eq["first_aid_kit"].roll_bonuses} == {
        ("first_aid", 1), ("treat_injury", 1),
    }  # fmt: skip
    assert eq["respirator"].fire_tn_penalty == 1
    assert eq["respirator"].fire_tn_penalty_at == (C.LONG, C.EXTREME)
    assert eq["patrol_radio"].unlocks_actions == ("use_radio",)


def test_five_five_six_9_01_ability_equivalents() -> None:
    """5.56mm 9.0/9.01: four abilities scored +0 to +3, each score with its equivalent."""
    chars = catalog().characters
    assert [a.value for a in chars.abilities] == ["movement", "weapons", "strength", "morale"]
    assert (chars.ability_min, chars.ability_max) == (0, 3)
    assert sorted(chars.equivalents) == [0, 1, 2, 3]


def test_five_five_six_10_every_special_skill_and_what_it_changes() -> None:
    """5.56mm 10.0: the fourteen skills; Elite two cards (one a squad); Leader only the
    leader, re-rolls within 8"; Sniper ignores the not-closest +1; Nails and Fearless
    keep the better of two once a game; Lucky Bastard D3 +1s, one a turn."""
    s = catalog().skills
    assert len(s) == 14
    assert (s["elite"].turn_cards, s["elite"].max_per_squad) == (2, 1)
    assert s["leader"].leader_only and s["leader"].aura is not None
    assert s["leader"].aura.radius_in == 8
    assert s["sniper"].proficient_with == ("sniper_rifle",)
    assert s["sniper"].ignores_modifiers == ("not_closest_target",)
    assert s["machine_gunner"].proficient_with == ("machinegun",)
    assert s["heavy_weapons"].proficient_with == ("heavy",)
    assert s["driver"].proficient_with == ("land_vehicle",)
    assert s["pilot"].proficient_with == ("air_vehicle",)
    assert s["medic"].unlocks_actions == ("treat_injury",)
    nails, fearless, sharp = s["nails"].rerolls[0], s["fearless"].rerolls[0], s["sharpshooter"]
    assert (nails.test, nails.uses_per_game, nails.keep) == ("damage_strength", 1, "best")
    assert (fearless.test, fearless.uses_per_game, fearless.keep) == ("morale_flee", 1, "best")
    assert sharp.rerolls[0].only_failed and sharp.rerolls[0].test == "fire"
    assert s["black_belt"].roll_bonuses[0].test == "melee_strength"
    assert s["tracker"].roll_bonuses[0].test == "spotting"
    pool = s["lucky_bastard"].bonus_pool
    assert pool is not None and (pool.dice, pool.value, pool.per_turn) == ("d3", 1, 1)


# -- bad files: file, key path, what was expected -----------------------------------


def _broken_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    text = (data / name).read_text(encoding="utf-8")
    assert old in text
    (data / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return data


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "expected"),
    [
        (
            "weapons.yaml",
            "ranges: {close: 1, short: 5, medium: 10, long: 20",
            "ranges: {close: 1, short: 5, medium: 25, long: 20",
            "firearms.m16.ranges",
            "range starts must increase",
        ),
        (
            "weapons.yaml",
            "    damage: 4\n",
            "    damage: lots\n",
            "firearms.colt_1911.damage",
            "integer",
        ),
        (
            "weapons.yaml",
            "skill: sniper\n",
            "skill: marksman\n",
            "firearms.m21.skill",
            "unknown skill",
        ),
        (
            "grenades.yaml",
            "test: morale",
            "test: luck",
            "grenades.stun.test",
            "'strength' or 'morale'",
        ),
        (
            "grenades.yaml",
            "{upto_in: 2, bonus: 4}",
            "{upto_in: 0.5, bonus: 4}",
            "grenades.frag.blast",
            "outwards",
        ),
        (
            "equipment.yaml",
            "immune_to: [cs_gas]",
            "immune_to: [tear_gas]",
            "equipment.respirator.immune_to.0",
            "unknown grenade",
        ),
        (
            "equipment.yaml",
            "      low_light_penalty: 0",
            "      low_light_penalty: none",
            "night.low_light_penalty",
            "integer",
        ),
        (
            "skills.yaml",
            "turn_cards: 2",
            "turn_cards: 3",
            "skills.elite.turn_cards",
            "less than or equal to 2",
        ),
        (
            "skills.yaml",
            "keep: best",
            "keep: worst",
            "skills.nails.rerolls.0.keep",
            "'best' or 'new'",
        ),
        (
            "characters.yaml",
            "    handgun_melee: 1\n",
            "",
            "squad_building",
            "needs every purchase class",
        ),
        (
            "characters.yaml",
            "ability_max: 3",
            "ability_max: 4",
            "equivalents",
            "one entry for each score",
        ),
    ],
)
def test_five_five_six_data_bad_file_names_file_key_path_and_expectation(
    tmp_path: Path, name: str, old: str, new: str, where: str, expected: str
) -> None:
    """5.56mm data: a broken table file is a DataError naming the file, the key path and
    what was expected; the shipped file is untouched."""
    shipped = (DATA_DIR / name).read_bytes()
    data = _broken_copy(tmp_path, name, old, new)
    with pytest.raises(DataError) as err:
        load_catalog(data)
    text = str(err.value)
    assert str(data / name) in text and where in text and expected in text, text
    assert (DATA_DIR / name).read_bytes() == shipped


def test_five_five_six_data_not_yaml_names_file_and_line(tmp_path: Path) -> None:
    """5.56mm data: a file that is not YAML at all names the file and the line."""
    data = _broken_copy(tmp_path, "skills.yaml", "  nails:\n", "  nails: [\n")
    with pytest.raises(DataError, match=r"skills\.yaml:.*line \d+.*not valid YAML"):
        load_catalog(data)
