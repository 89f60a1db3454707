"""5.56mm 5.0 Injury: damage against Strength, the 5.01 wound levels, wound stacking
(the US Ranger's second hit with exactly its numbers), 5.1 mortally wounded characters,
3.5 First Aid (3.51), 4.4 Treat Injury (4.41), 8.0 body armour and thermal cover."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.injury import (
    Wound,
    add_wound,
    after_battle_check,
    body_armour_bonus,
    damage_contest,
    first_aid_rounds,
    improved,
    injury_odds,
    mortal_rounds,
    passes_automatically,
    shot_outcomes,
    treat_check,
    why_not_treat,
    wound_effects,
    wound_from_margin,
)
from game.rules.five_five_six.movement.rules import move_allowance


def test_5_01_wound_by_strength_result() -> None:
    """5.56mm 5.01: equal or better no wound; -1 Minor, -2 Serious, -3 Critical, -4
    Mortal, -5 or less Dead."""
    assert wound_from_margin(0) is None
    assert wound_from_margin(3) is None
    assert wound_from_margin(-1) is Wound.MINOR
    assert wound_from_margin(-2) is Wound.SERIOUS
    assert wound_from_margin(-3) is Wound.CRITICAL
    assert wound_from_margin(-4) is Wound.MORTAL
    assert wound_from_margin(-5) is Wound.DEAD
    assert wound_from_margin(-9) is Wound.DEAD


def test_5_0_damage_roll_is_d6_plus_damage_against_d6_plus_strength() -> None:
    """5.56mm 5.0: the attacker's D6 + the weapon's Damage is the TN; the target's D6 +
    Strength (+ body armour) must equal or beat it."""
    contest = damage_contest(4, 1, armour=1)
    assert contest.tn_bonuses == (Modifier("Damage", 4),)
    assert contest.bonuses == (Modifier("Strength", 1), Modifier("Body armour", 1))
    result = contest.resolve(3, 5)
    assert (result.tn, result.total, result.margin) == (7, 7, 0)
    assert contest.resolve(4, 5).margin == -1


def test_5_01_worked_example_ranger_second_wound_stacks_to_critical() -> None:
    """5.56mm 5.01: Serious wound (+1 TN); hit again by an AK47: TN 9 (a 4 + Damage 4 +
    1 for the wound); Strength 2 reaches 8 at most, he rolls a 4 for 6: -3, Critical;
    +3 TN in all, a single action, and a Move of 1"."""
    wounds = (Wound.SERIOUS,)
    before = wound_effects(wounds)
    assert before.tn_penalty == 1
    contest = damage_contest(4, 2, wound_penalty=before.tn_penalty)
    assert contest.resolve(4, 6).total == 8  # the best he can do
    assert contest.resolve(4, 6).tn == 9
    result = contest.resolve(4, 4)
    assert (result.tn, result.total, result.margin) == (9, 6, -3)
    new = wound_from_margin(result.margin)
    assert new is Wound.CRITICAL
    wounds = add_wound(wounds, new)
    after = wound_effects(wounds)
    assert after.tn_penalty == 3
    assert after.single_action and after.actions_per_go == 1
    assert not after.may_take_special_action
    assert move_allowance(after.move_loss) == 1
    assert after.modifiers() == (Modifier("Wounds", 3),)


def test_5_01_serious_wound_costs_one_inch_and_one_tn() -> None:
    """5.56mm 5.01: Serious: +1 TN on all actions, 1" less per Move."""
    effects = wound_effects((Wound.SERIOUS,))
    assert (effects.tn_penalty, effects.move_loss, effects.actions_per_go) == (1, 1, 2)


def test_5_01_a_second_minor_wound_is_serious() -> None:
    """5.56mm 5.01 (Interpretation R6): a Minor wound does nothing, but a second Minor
    wound is recorded as a Serious one."""
    wounds = add_wound((), Wound.MINOR)
    assert wound_effects(wounds).tn_penalty == 0
    wounds = add_wound(wounds, Wound.MINOR)
    assert wounds == (Wound.MINOR, Wound.SERIOUS)
    assert wound_effects(wounds).tn_penalty == 1
    assert add_wound(wounds, None) == wounds


def test_5_01_mortal_incapacitates_and_dies_in_d6_plus_1_rounds() -> None:
    """5.56mm 5.01: Mortal: incapacitated, dies in D6+1 rounds unless treated."""
    effects = wound_effects((Wound.MORTAL,))
    assert effects.incapacitated and effects.actions_per_go == 0 and not effects.dead
    assert mortal_rounds(1) == 2 and mortal_rounds(6) == 7
    assert wound_effects((Wound.DEAD,)).dead


def test_3_51_first_aid_tns_and_self_treatment() -> None:
    """5.56mm 3.5/3.51: D6 + Morale against Minor 2, Serious 4, Critical 5, Mortal 6;
    +1 on oneself; a first aid kit gives +1 (8.0); the wound improves one level for D3+1
    turns."""
    tns = {
        w: treat_check(w, 0).tn.value
        for w in (Wound.MINOR, Wound.SERIOUS, Wound.CRITICAL, Wound.MORTAL)
    }
    assert tns == {Wound.MINOR: 2, Wound.SERIOUS: 4, Wound.CRITICAL: 5, Wound.MORTAL: 6}
    assert treat_check(Wound.SERIOUS, 1, on_self=True).tn.value == 5
    assert treat_check(Wound.SERIOUS, 1, first_aid_kit=True).bonus == 2
    assert improved(Wound.SERIOUS) is Wound.MINOR
    assert improved(Wound.MORTAL) is Wound.CRITICAL
    assert first_aid_rounds(1) == 2 and first_aid_rounds(3) == 4


def test_3_5_and_4_4_who_may_treat() -> None:
    """5.56mm 3.5/4.4: no help for the dead; a Mortal wound cannot be self-treated;
    Treat Injury needs the Medic skill."""
    assert why_not_treat(Wound.DEAD, on_self=False, medic=True, treat_injury=True) is not None
    assert why_not_treat(Wound.MORTAL, on_self=True, medic=True, treat_injury=False) is not None
    assert why_not_treat(Wound.SERIOUS, on_self=True, medic=False, treat_injury=False) is None
    assert why_not_treat(Wound.SERIOUS, on_self=False, medic=False, treat_injury=True) is not None
    assert why_not_treat(Wound.CRITICAL, on_self=True, medic=True, treat_injury=True) is None
    with pytest.raises(ValueError):
        treat_check(Wound.DEAD, 2)


def test_4_41_treat_injury_heals_a_minor_wound_completely() -> None:
    """5.56mm 4.41: same TNs as 3.51; a treated Minor wound is gone."""
    check = treat_check(Wound.CRITICAL, 2, treat_injury=True)
    assert check.tn.value == 5 and check.tn.base_name.startswith("Treat Injury")
    assert improved(Wound.MINOR) is None


def test_5_1_after_the_battle_morale_3_or_the_medics_if_higher() -> None:
    """5.56mm 5.1: a Treat Injury attempt at TN 6 with Morale +3 or a living Medic's
    Morale if higher."""
    assert after_battle_check().bonus == 3
    assert after_battle_check(2).bonus == 3
    assert after_battle_check(4).bonus == 4
    assert after_battle_check().chance == Fraction(4, 6)


def test_8_0_body_armour_by_weapon_kind() -> None:
    """5.56mm 8.0: +1 against melee, grenades, heavy weapons, assault and sniper rifles
    (machineguns too: Interpretation R17); +2 against handguns, shotguns, SMGs (+1 against
    the P90); nothing else."""
    assert [body_armour_bonus(k) for k in ("melee", "grenade", "heavy", "assault_rifle")] == [1] * 4
    assert body_armour_bonus("sniper_rifle") == 1
    assert [body_armour_bonus(k) for k in ("handgun", "shotgun", "smg")] == [2, 2, 2]
    assert body_armour_bonus("smg", weak_against=True) == 1
    assert body_armour_bonus("machinegun") == 1  # rifle rounds: Interpretation R17
    assert body_armour_bonus("crash") == 0


def test_8_0_thermal_sight_cover_bonus_to_strength() -> None:
    """5.56mm 8.0: shot through cover with a thermal sight: light +2, medium +3, heavy
    passes automatically."""
    assert damage_contest(4, 0, cover="light").bonuses[-1] == Modifier("Cover", 2)
    assert damage_contest(4, 0, cover="medium").bonuses[-1] == Modifier("Cover", 3)
    assert passes_automatically("heavy") and not passes_automatically("medium")
    assert not passes_automatically(None)


def test_injury_odds_are_exact() -> None:
    """Calculator: D6+4 against D6+2: chance of each 5.01 result, adding up to 1."""
    odds = injury_odds(damage_contest(4, 2))
    assert sum(odds.values()) == 1
    assert odds["no wound"] == Fraction(10, 36)  # b - a >= 2: 4 + 3 + 2 + 1 pairs
    assert odds["Minor"] == Fraction(5, 36)


@given(st.integers(0, 12), st.integers(0, 3))
def test_more_damage_never_hurts_less(damage: int, strength: int) -> None:
    """Invariant: a higher Damage never raises the chance of no wound nor lowers the
    chance of death."""
    lo = injury_odds(damage_contest(damage, strength))
    hi = injury_odds(damage_contest(damage + 1, strength))
    assert hi.get("no wound", 0) <= lo.get("no wound", 0)
    assert hi.get("Dead", 0) >= lo.get("Dead", 0)


@given(st.lists(st.sampled_from(list(Wound)[:4]), max_size=5), st.sampled_from(list(Wound)[:4]))
def test_wounds_only_add_up(wounds: list[Wound], new: Wound) -> None:
    """Invariant (5.01 stacking): a new wound never lowers the TN penalty or Move loss."""
    before = wound_effects(tuple(wounds))
    after = wound_effects(add_wound(tuple(wounds), new))
    assert after.tn_penalty >= before.tn_penalty
    assert after.move_loss >= before.move_loss
    assert after.actions_per_go <= before.actions_per_go


def test_calculator_shot_outcomes_add_up() -> None:
    """Calculator: a shot's exact chances, miss or each 5.01 result, adding up to 1."""
    outcomes = shot_outcomes(Fraction(1, 2), damage_contest(4, 2))
    assert outcomes["miss"] == Fraction(1, 2)
    assert outcomes["no wound"] == Fraction(1, 2) * Fraction(10, 36)
    assert sum(outcomes.values()) == 1
