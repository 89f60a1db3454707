"""RatFight: Morale Check (phase six), leaders' extra cards, and Testing for Casualties
(phase seven: black stands up, red is a casualty)."""

from __future__ import annotations

from game.rules.ratfight.flow import casualties, morale, recovery
from game.rules.ratfight.model import Status
from tests.ratfight_support import new_game, stack


def _ridge_with_three_casualties():  # type: ignore[no-untyped-def]
    state = new_game("convoy")
    b = state.board
    for fid in ("m1", "th", "sn"):
        b.figures[fid].status = Status.CASUALTY
    assert casualties(b, b.figures["chef"].force) == 3
    return state


def test_ratfight_morale_card_must_beat_the_casualties_leader_draws_two_keeps_best() -> None:
    state = _ridge_with_three_casualties()
    b = state.board
    stack(
        b, b.figures["chef"].side, "2C", "4D"
    )  # Chef Arnaud (leader 2) is up: keeps the 4, which beats 3
    morale(b)
    assert b.figures["chef"].force not in b.broken


def test_ratfight_morale_leader_down_one_card_equal_to_casualties_fails() -> None:
    state = _ridge_with_three_casualties()
    b = state.board
    b.figures["chef"].status = Status.DOWN  # a Downed leader does not help
    stack(b, b.figures["chef"].side, "3S")  # 3 does not beat 3 casualties
    morale(b)
    assert b.figures["chef"].force in b.broken


def test_ratfight_morale_abandoned_vehicle_crew_count_as_casualties() -> None:
    state = new_game("convoy")
    b = state.board
    b.figures["ac"].status = Status.ABANDONED
    assert casualties(b, b.figures["ac"].force) == 2  # an armoured car has two crew


def test_ratfight_recovery_black_card_stands_red_card_is_a_casualty() -> None:
    state = new_game()
    b = state.board
    b.figures["r1"].status = Status.DOWN
    b.figures["r2"].status = Status.DOWN
    side = b.figures["r1"].side
    stack(b, side, "5S", "5H")  # r1 first, then r2
    recovery(b)
    assert b.figures["r1"].status is Status.UP
    assert b.figures["r2"].status is Status.CASUALTY
