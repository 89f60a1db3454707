"""5.56mm helicopters in random play (rules version 3): with a Black Hawk on the table
the sampler and the candidates offer Pilot and Fast Rope (4.7, 4.8), every action drawn
is legal, and the helicopter stays whole on the table; without one, neither is ever
offered."""

from __future__ import annotations

from game.core.random_play import random_action
from game.core.rng import Rng
from game.rules.five_five_six.actions import FastRope, Pilot
from game.rules.five_five_six.candidates import candidate_actions
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_heli_support import hawk_game
from tests.five_five_six_support import give_go, new_game


def test_4_7_the_pilot_is_offered_flights_and_those_in_the_back_fast_rope() -> None:
    state, board, hawk = hawk_game(Motion(10.0, altitude="hovering"))
    give_go(board, "reyes")
    flights = [a for a in candidate_actions(board) if isinstance(a, Pilot)]
    assert flights and all(state.why_not(a) is None for a in flights)
    assert {a.task.value for a in flights} >= {"steady", "hover", "land", "full"}
    give_go(board, "ortiz")
    ropes = [a for a in candidate_actions(board) if isinstance(a, FastRope)]
    assert len(ropes) == 2 and all(state.why_not(a) is None for a in ropes)


def test_random_play_with_a_helicopter_draws_only_legal_actions_and_flies_it() -> None:
    drawn: set[type] = set()
    for seed in range(3):
        state, board, hawk = hawk_game(Motion(10.0, altitude="flying"), x=8, y=20)
        rng = Rng(seed)
        for _ in range(60):
            if state.outcome() is not None:
                break
            action = random_action(state, rng)
            assert state.why_not(action) is None, action
            drawn.add(type(action))
            state.apply(action)
            assert board.setting.geometry.on_table(hawk.hull)
    assert Pilot in drawn


def test_without_a_helicopter_nobody_is_offered_pilot_or_fast_rope() -> None:
    state = new_game("convoy_ambush")
    rng = Rng(5)
    for _ in range(40):
        if state.outcome() is not None:
            break
        options = candidate_actions(state.board)
        assert not any(isinstance(a, (Pilot, FastRope)) for a in options)
        state.apply(random_action(state, rng))
