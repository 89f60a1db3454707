"""5.56mm 4.3 Auto-Fire with the weapon kinds of 7.4/7.5/7.7 and the 7.71 table; the
12.4 M2 example's Auto-Fire and damage with exactly its numbers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.autofire import (
    AutoFireProfile,
    extra_shot_modifiers,
    first_shot_modifiers,
    profile_of,
    why_not_auto_fire,
    why_not_extra_shot,
)
from game.rules.five_five_six.combat.fire import FireSituation, fire_check
from game.rules.five_five_six.combat.injury import Wound, damage_contest, wound_from_margin


def test_4_3_who_can_auto_fire() -> None:
    """5.56mm 4.3: not handguns, shotguns, sniper rifles (nor heavy weapons, 7.9); it is
    a special action (not on a single action)."""
    for kind in ("handgun", "shotgun", "sniper_rifle", "heavy"):
        assert why_not_auto_fire(kind) is not None
    for kind in ("smg", "assault_rifle", "machinegun"):
        assert why_not_auto_fire(kind) is None
    assert why_not_auto_fire("grenade_launcher") is not None
    assert why_not_auto_fire("assault_rifle", single_action=True) is not None


def profile(weapon_id: str) -> AutoFireProfile:
    """The weapon's Auto-Fire profile from its data (the one source, 4.3)."""
    data = catalog().firearm(weapon_id).auto_fire
    assert data is not None
    return profile_of(data)


def test_4_3_smg_and_rifle_extra_shot_plus_1_only_at_a_second_target() -> None:
    """5.56mm 4.3/3.24: one more to-hit roll at the same target or another within 2";
    +1 only at a second target (3.24 "at a second target"; Interpretation R18); the
    same target again is +0."""
    rifle = profile("m16")
    assert extra_shot_modifiers(rifle, 1, other_target=False) == ()
    assert extra_shot_modifiers(rifle, 1, other_target=True, from_first_in=1.5) == (
        Modifier("Auto-Fire at a second target", 1),
    )
    assert first_shot_modifiers(rifle) == ()
    assert why_not_extra_shot(rifle, 1, 2.5) is not None
    assert why_not_extra_shot(rifle, 2, 0.0) is not None
    with pytest.raises(ValueError):
        extra_shot_modifiers(rifle, 1, other_target=True, from_first_in=3.0)
    for smg in ("uzi", "p90"):
        assert profile(smg) == rifle


def test_4_3_rules_version_1_put_the_plus_1_on_every_extra_shot() -> None:
    """5.56mm 4.3 as rules version 1 read it (saves of that version replay by it): +1 on
    every SMG or rifle extra shot, the FN-FAL's +1 too (not +2), the MP5 none."""
    assert extra_shot_modifiers(profile("ak47"), 1, other_target=False, every_shot=True) == (
        Modifier("Auto-Fire shot 2", 1),
    )
    fal = extra_shot_modifiers(
        profile("fn_fal"), 1, other_target=True, from_first_in=1.0, every_shot=True
    )
    assert fal == (Modifier("Auto-Fire shot 2", 1),)
    assert extra_shot_modifiers(profile("mp5"), 1, other_target=True, every_shot=True) == ()


def test_7_4_mp5_has_no_auto_fire_penalty_and_7_5_fal_recoils_on_both_shots() -> None:
    """5.56mm 7.4: the MP5 (and MP5SD) Auto-Fires without the +1; 7.5: the FN-FAL has +1
    recoil on both shots, and the second-target +1 on top at another target."""
    for smg in ("mp5", "mp5sd"):
        assert extra_shot_modifiers(profile(smg), 1, other_target=True, from_first_in=1.0) == ()
    fal = profile("fn_fal")
    assert first_shot_modifiers(fal) == (Modifier("Auto-Fire recoil", 1),)
    assert extra_shot_modifiers(fal, 1, other_target=False) == (Modifier("Auto-Fire shot 2", 1),)
    assert extra_shot_modifiers(fal, 1, other_target=True, from_first_in=1.0) == (
        Modifier("Auto-Fire shot 2", 1),
        Modifier("Auto-Fire at a second target", 1),
    )


def test_4_3_profiles_built_straight_from_weapon_data() -> None:
    """5.56mm 4.3: a profile is the weapon data's auto_fire fields, nothing else."""
    assert profile("saw") == AutoFireProfile(penalties=(0, 1, 1), reach_in=4.0, far_penalty=1)
    assert profile("m4") == AutoFireProfile(penalties=(0,), other_target_penalty=1)


def test_4_3_machinegun_two_extra_shots_the_last_at_plus_1_targets_to_4_inches() -> None:
    """5.56mm 4.3/7.7/3.24: two Auto-Fires, the last at +1; no penalty for another
    target; up to 4" from the first, +1 beyond 2"."""
    mg = profile("m60")
    assert extra_shot_modifiers(mg, 1, other_target=True, from_first_in=2.0) == ()
    assert extra_shot_modifiers(mg, 2, other_target=False) == (Modifier("Auto-Fire shot 3", 1),)
    assert extra_shot_modifiers(mg, 1, other_target=True, from_first_in=3.0) == (
        Modifier('Auto-Fire more than 2" from the first target', 1),
    )
    assert why_not_extra_shot(mg, 1, 4.5) is not None
    assert why_not_extra_shot(mg, 3, 0.0) is not None


def test_7_7_saw_three_auto_fires_and_m2_one_without_penalty() -> None:
    """5.56mm 4.3/7.7: the SAW Auto-Fires three times, the 2nd and 3rd at +1; the M2 once
    without penalty even beyond 2"."""
    saw = profile("saw")
    assert [extra_shot_modifiers(saw, n, other_target=False) for n in (1, 2, 3)] == [
        (),
        (Modifier("Auto-Fire shot 3", 1),),
        (Modifier("Auto-Fire shot 4", 1),),
    ]
    m2 = profile("m2")
    assert extra_shot_modifiers(m2, 1, other_target=True, from_first_in=3.5) == ()


def minigun() -> AutoFireProfile:
    """The minigun's profile from the weapon data (7.71)."""
    return profile("minigun")


def test_7_71_minigun_table() -> None:
    """5.56mm 7.71: Auto-Fire 1 and 2 +0, 3 and 4 +1, 5 and 6 +2 (the minigun's data)."""
    minigun_profile = minigun()
    values = [
        sum(m.value for m in extra_shot_modifiers(minigun_profile, n, other_target=False))
        for n in range(1, 7)
    ]
    assert values == [0, 0, 1, 1, 2, 2]


def test_12_4_worked_example_m2_auto_fire_kills_two() -> None:
    """5.56mm 12.4 (with the example's Short range; see f556-data's D19 for the M2's
    profile): Short range TN 3 + 2 for the HMMV at Full Speed = 5 on both targets
    (M2 Auto-Fire, no penalty); a 3 and a 4 with Weapons +3 hit (6, 7); damage 4 and 5 +
    the M2's 7 = 11 and 12; the Somalis' 5 and 6 fail by 6: both killed."""
    data = catalog().firearm("m2").auto_fire
    assert data is not None and tuple(data.penalties) == (0,) and data.far_penalty == 0
    m2 = profile_of(data)
    first = fire_check("short", 3, FireSituation(firer_vehicle="full_speed"))
    second = fire_check(
        "short",
        3,
        FireSituation(
            firer_vehicle="full_speed",
            extra=extra_shot_modifiers(m2, 1, other_target=True, from_first_in=1.0),
        ),
    )
    assert first.tn.value == second.tn.value == 5
    hits = [first.resolve(3), second.resolve(4)]
    assert [h.total for h in hits] == [6, 7] and all(h.success for h in hits)
    damage = damage_contest(7, 0)
    results = [damage.resolve(4, 5), damage.resolve(5, 6)]
    assert [r.tn for r in results] == [11, 12]
    assert all(r.margin <= -5 and wound_from_margin(r.margin) is Wound.DEAD for r in results)


@settings(deadline=None)  # the first example loads the data tables
@given(st.integers(1, 6), st.floats(0.0, 4.0), st.booleans())
def test_extra_shot_penalties_never_negative(shot: int, gap: float, other: bool) -> None:
    """Invariant: Auto-Fire only ever makes a shot harder, never easier."""
    mods = extra_shot_modifiers(minigun(), shot, other_target=other, from_first_in=gap)
    assert all(m.value > 0 for m in mods)
