"""5.56mm 3.7 Engage: the Delta Force knife fight with exactly its numbers, 3.71/3.72
modifiers, later rounds, withdrawing (3.73)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.injury import Wound, wound_from_margin
from game.rules.five_five_six.combat.melee import (
    MeleeSide,
    engage_kind,
    melee_contest,
    melee_damage,
    withdraw_contest,
    withdrawal,
)


def test_5_0_worked_example_delta_force_knife_kills_the_militiaman() -> None:
    """5.56mm 5.0: the Militiaman's TN is 3 (a 2 + rifle butt +1); the Delta soldier's 4
    + Strength 1 + knife 2 = 7 beats it by 4; damage 5 + Strength 1 + 4 = 10 against the
    Militiaman's 4: -6, killed."""
    assert engage_kind(0.5) == "attack"
    delta = MeleeSide(strength=1, weapon=2, weapon_name="Knife")
    militia = MeleeSide(strength=0, weapon=1, weapon_name="Rifle butt")
    hit = melee_contest(delta, militia).resolve(tn_roll=2, roll=4)
    assert (hit.tn, hit.total, hit.margin) == (3, 7, 4)
    damage = melee_damage(1, hit.margin, 0).resolve(tn_roll=5, roll=4)
    assert (damage.tn, damage.total, damage.margin) == (10, 4, -6)
    assert wound_from_margin(damage.margin) is Wound.DEAD


def test_3_7_engage_within_1_inch_charge_with_a_move_or_only_close_in() -> None:
    """5.56mm 3.7 (Interpretation R10): within 1" attack at once; within a Move plus 1"
    charge and attack; farther, two Moves or a Sprint only bring them into contact."""
    assert engage_kind(1.0) == "attack"
    assert engage_kind(3.0) == "charge"
    assert engage_kind(5.0) == "charge"
    assert engage_kind(5.01) == "close_in"
    assert engage_kind(4.5, move_loss=1) == "close_in"
    with pytest.raises(ValueError):
        engage_kind(-1.0)


def test_3_71_attacker_modifiers() -> None:
    """5.56mm 3.71: +1 Engaging, +2 defender cannot see him, +1 higher ground, +1 per
    additional attacker."""
    contest = melee_contest(
        MeleeSide(1),
        MeleeSide(0),
        charged=True,
        from_behind=True,
        attacker_higher=True,
        extra_attackers=2,
    )
    assert contest.bonuses == (
        Modifier("Strength", 1),
        Modifier("Engaging", 1),
        Modifier("Defender cannot see the attacker", 2),
        Modifier("Higher ground", 1),
        Modifier("Additional attackers", 2),
    )


def test_3_72_defender_modifiers() -> None:
    """5.56mm 3.72: +1 behind an obstacle, +1 higher ground, +1 per additional defender."""
    contest = melee_contest(
        MeleeSide(0),
        MeleeSide(2, black_belt=True),
        defender_behind_obstacle=True,
        defender_higher=True,
        extra_defenders=1,
    )
    assert contest.tn_bonuses == (
        Modifier("Strength", 2),
        Modifier("Black-Belt", 1),
        Modifier("Behind an obstacle", 1),
        Modifier("Higher ground", 1),
        Modifier("Additional defenders", 1),
    )


def test_3_7_later_rounds_keep_only_additional_attackers_and_all_defender_modifiers() -> None:
    """5.56mm 3.7: after the first round the attacker's 3.71 modifiers lapse except for
    additional attackers; the defender keeps his."""
    contest = melee_contest(
        MeleeSide(1),
        MeleeSide(0),
        charged=True,
        from_behind=True,
        attacker_higher=True,
        extra_attackers=1,
        defender_higher=True,
        first_round=False,
    )
    assert contest.bonuses == (Modifier("Strength", 1), Modifier("Additional attackers", 1))
    assert Modifier("Higher ground", 1) in contest.tn_bonuses


def test_10_0_black_belt_adds_one_in_hand_to_hand() -> None:
    """5.56mm 10.0 Black-Belt: +1 to Strength tests in hand-to-hand combat."""
    contest = melee_contest(MeleeSide(1, black_belt=True), MeleeSide(0))
    assert contest.bonuses == (Modifier("Strength", 1), Modifier("Black-Belt", 1))


def test_3_73_withdrawing() -> None:
    """5.56mm 3.7/3.73: D6 + Movement against D6 + the enemy's Strength, no weapons;
    -1 away at +1 TN; -2 away but hit, +2 TN; -3 or worse caught and hit."""
    contest = withdraw_contest(2, 1)
    assert contest.bonuses == (Modifier("Movement", 2),)
    assert contest.tn_bonuses == (Modifier("Enemy Strength", 1),)
    clean = withdrawal(0)
    assert clean.escaped and not clean.hit and clean.tn_penalty == 0
    one = withdrawal(-1)
    assert one.escaped and not one.hit and one.modifiers() == (Modifier("Withdrew from melee", 1),)
    two = withdrawal(-2)
    assert two.escaped and two.hit and two.tn_penalty == 2
    for m in (-3, -6):
        caught = withdrawal(m)
        assert not caught.escaped and caught.hit


def test_3_73_the_hit_while_escaping_is_d6_plus_strength() -> None:
    """5.56mm 3.73 (Interpretation R11): the free hit does D6 + the enemy's Strength."""
    contest = melee_damage(2, 0, 1)
    assert contest.tn_bonuses == (Modifier("Attacker Strength", 2),)
    with pytest.raises(ValueError):
        melee_damage(2, -1, 1)


@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
def test_more_help_never_hurts_the_attacker(a: int, d: int, extra: int) -> None:
    """Invariant: additional attackers never lower, additional defenders never raise the
    attacker's chance."""
    base = melee_contest(MeleeSide(a), MeleeSide(d)).chance
    assert melee_contest(MeleeSide(a), MeleeSide(d), extra_attackers=extra).chance >= base
    assert melee_contest(MeleeSide(a), MeleeSide(d), extra_defenders=extra).chance <= base


def test_5_01_wounds_in_hand_to_hand() -> None:
    """5.56mm 5.01 in 3.7 (Interpretation R15): a wounded attacker faces a higher TN, a
    wounded defender sets a lower one."""
    contest = melee_contest(MeleeSide(1), MeleeSide(1), attacker_wounds=2, defender_wounds=1)
    assert Modifier("Attacker's wounds", 2) in contest.tn_bonuses
    assert Modifier("Defender's wounds", -1) in contest.tn_bonuses
    assert contest.resolve(tn_roll=3, roll=4).tn == 3 + 1 + 2 - 1
