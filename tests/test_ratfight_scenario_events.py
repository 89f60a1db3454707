"""RatFight scenario events: a side wins by reaching an objective (the text's "a scenario
event that also wins"); at Saint-Aubin, from rules version 2, the column must still hold
the fountain when the turn ends."""

from __future__ import annotations

from game.rules.ratfight.actions import Move
from game.rules.ratfight.dispatch import why_not
from game.rules.ratfight.events import GameEnded
from game.rules.ratfight.flow import end_turn, reached
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import hand, new_game, only, stack


def _at_the_fountain(edition: int) -> tuple[RatFightState, str]:
    """Saint-Aubin with one column trooper standing touching the fountain and one
    militiaman far off."""
    state = new_game("town_square")
    b = state.board
    b.edition = edition
    only(b, "c1", "mi1")
    fountain = b.setting.objective("fountain")
    trooper = b.figures["c1"]
    xs = [p[0] for p in fountain.outline]
    ys = [p[1] for p in fountain.outline]
    trooper.pos = (round(sum(xs) / len(xs)), round(max(ys) + trooper.radius - 5))
    assert b.touching(trooper, fountain)
    return state, "c1"


def test_ratfight_scenario_saint_aubin_v2_touching_the_fountain_is_not_yet_a_win() -> None:
    state, trooper = _at_the_fountain(edition=2)
    b = state.board
    assert reached(b, b.figures[trooper]) == []
    assert b.winners is None


def test_ratfight_scenario_saint_aubin_v2_holding_the_fountain_at_turn_end_wins() -> None:
    state, _trooper = _at_the_fountain(edition=2)
    b = state.board
    events = end_turn(b, "test")
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert b.winners == (1,) and ended and "holds it" in b.reason


def test_ratfight_scenario_saint_aubin_v2_a_downed_holder_holds_only_if_he_recovers() -> None:
    """Recovery comes before the check: a red card makes the Downed trooper a casualty
    (no win), a black one stands him up at the fountain (the column wins)."""
    for card, wins in (("2H", False), ("2S", True)):
        state, trooper = _at_the_fountain(edition=2)
        b = state.board
        b.figures[trooper].status = Status.DOWN
        stack(b, 1, "KS", card)  # morale (13 beats no casualties), then recovery
        end_turn(b, "test")
        assert (b.winners == (1,)) is wins


def test_ratfight_scenario_version_1_touching_the_objective_wins_at_once() -> None:
    state, trooper = _at_the_fountain(edition=1)
    b = state.board
    events = reached(b, b.figures[trooper])
    assert b.winners == (1,) and isinstance(events[0], GameEnded)


def test_ratfight_scenario_a_move_onto_the_fountain_keeps_the_game_going_in_v2() -> None:
    state, trooper = _at_the_fountain(edition=2)
    b = state.board
    figure = b.figures[trooper]
    start = figure.pos
    figure.pos = (start[0], start[1] + 150)  # 1.5" south of where it touches
    hand(b, 1, "move_one")
    action = Move(trooper, start)
    assert why_not(b, action) is None
    state.apply(action)
    assert b.figures[trooper].pos == start
    assert b.winners is None
