"""5.56mm 9.4 Morale: the test (TN 3), its 9.01 results, what calls for it, rallying,
Leader and Fearless re-rolls; 4.9 Use Radio."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.five_five_six.morale.rules import (
    MoraleResult,
    loss_tests,
    morale_check,
    morale_result,
    morale_triggers,
    radio_check,
)


def test_9_4_morale_test_is_tn_3() -> None:
    """5.56mm 9.4: D6 + Morale against TN 3."""
    check = morale_check(0)
    assert check.tn.value == 3
    assert check.chance == Fraction(2, 3)
    assert morale_check(2).chance == 1


def test_9_01_results() -> None:
    """5.56mm 9.01: -1 shaken (one Move away, next go only), -2 withdrawing, -3 or worse
    fleeing; equal or better no effect."""
    assert morale_result(0) is MoraleResult.STEADY
    assert morale_result(-1) is MoraleResult.SHAKEN
    assert morale_result(-2) is MoraleResult.WITHDRAWING
    assert morale_result(-3) is MoraleResult.FLEEING
    assert morale_result(-6) is MoraleResult.FLEEING
    assert not MoraleResult.SHAKEN.rallies_needed
    assert MoraleResult.FLEEING.rallies_needed
    assert "Sprint" in MoraleResult.FLEEING.description


def test_9_4_rally_tests_get_harder() -> None:
    """5.56mm 9.4: a failed rally at the end of a turn makes the next +1 TN, then +2."""
    assert [morale_check(1, failed_rallies=n).tn.value for n in (0, 1, 2)] == [3, 4, 5]
    with pytest.raises(ValueError):
        morale_check(0, failed_rallies=-1)


def test_9_4_what_calls_for_a_test() -> None:
    """5.56mm 9.4: the leader killed or fleeing; a friend killed within 2"; each 25% of
    the squad killed (Interpretation R14: 10 men test at the 3rd, 5th, 8th, 10th death)."""
    none = morale_triggers(
        leader_killed_or_fleeing=False,
        nearest_friend_killed_in=2.5,
        squad_size=10,
        killed_before=0,
        killed_now=1,
    )
    assert none.tests == 0
    many = morale_triggers(
        leader_killed_or_fleeing=True,
        nearest_friend_killed_in=1.5,
        squad_size=10,
        killed_before=2,
        killed_now=3,
    )
    assert (many.leader_lost, many.friend_killed_within_2, many.squad_loss_steps) == (True, True, 1)
    assert many.tests == 3
    deaths = [k for k in range(1, 11) if loss_tests(10, k - 1, k)]
    assert deaths == [3, 5, 8, 10]
    assert loss_tests(4, 0, 4) == 4
    with pytest.raises(ValueError):
        loss_tests(10, 3, 2)


def test_4_9_use_radio_with_the_leader_s_morale_within_2() -> None:
    """5.56mm 4.9: D6 + Morale against the scenario's TN; the leader within 2" may lend
    his Morale."""
    assert radio_check(5, 0).bonus == 0
    assert radio_check(5, 0, leader_morale=2, leader_within_in=2.0).bonus == 2
    assert radio_check(5, 0, leader_morale=2, leader_within_in=3.0).bonus == 0
    assert radio_check(5, 3, leader_morale=2, leader_within_in=1.0).bonus == 3


@given(st.integers(1, 20), st.data())
def test_loss_tests_count_every_quarter_once(size: int, data: st.DataObject) -> None:
    """Invariant: losing the whole squad one by one calls for exactly four tests."""
    kills = data.draw(st.lists(st.integers(1, 3), max_size=size))
    killed, total = 0, 0
    for k in kills:
        now = min(size, killed + k)
        total += loss_tests(size, killed, now)
        killed = now
    total += loss_tests(size, killed, size)
    assert total == 4


@settings(deadline=None)  # the first example loads the data tables
@given(st.integers(-10, 5))
def test_worse_morale_margins_never_give_milder_results(margin: int) -> None:
    """Invariant (9.01, 7.83, 3.73): falling shorter never gives a milder result."""
    from game.rules.five_five_six.combat.grenades import stun_actions_lost
    from game.rules.five_five_six.combat.melee import withdrawal

    order = list(MoraleResult)
    assert order.index(morale_result(margin - 1)) >= order.index(morale_result(margin))
    assert stun_actions_lost(margin - 1) >= stun_actions_lost(margin)
    worse, better_ = withdrawal(margin - 1), withdrawal(margin)
    assert (not worse.escaped, worse.hit) >= (not better_.escaped, better_.hit)
