"""One random-simulation test over every registered ruleset (OpenSpiel style)."""

from __future__ import annotations

import pytest

from game.core.canonical import digest
from game.core.errors import IllegalAction
from game.core.record import parse_record
from game.core.registry import get_ruleset, ruleset_ids
from game.core.rng import Rng
from game.core.session import Session

GAMES_PER_RULESET = 12
ACTION_CAP = 5_000


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_random_games_follow_the_contract(ruleset_id: str) -> None:
    """Random legal play: legal actions are deterministic, text forms round-trip,
    views and clones behave, and every game ends or hits the cap without error."""
    ruleset = get_ruleset(ruleset_id)
    for game_no in range(GAMES_PER_RULESET):
        session = Session.new(ruleset_id, 1000 + game_no)
        pick = Rng(game_no)
        for _ in range(ACTION_CAP):
            state = session.state
            seat = state.current_player()
            if state.outcome() is not None:
                assert seat is None and not state.legal_actions()
                break
            assert seat is not None and 0 <= seat < len(ruleset.seats)
            legal = tuple(state.legal_actions())
            assert legal, "a seat to act must have a legal action"
            assert legal == tuple(state.clone().legal_actions())  # deterministic order
            view = state.view(seat)
            assert tuple(view.legal_actions) == legal
            assert tuple(state.view(None).legal_actions) == ()
            action = pick.choice(legal)
            assert ruleset.parse_action(action.to_str()) == action
            session.apply(action)
        record = parse_record(session.to_record().to_json())
        assert digest(Session.from_record(record).state) == digest(session.state)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_illegal_actions_are_refused_with_a_message(ruleset_id: str) -> None:
    session = Session.new(ruleset_id, 3)
    legal = {a.to_str() for a in session.state.legal_actions()}
    later = Session.new(ruleset_id, 3)
    pick = Rng(3)
    # find an action text that is legal at some point but not now
    for _ in range(200):
        if later.state.outcome() is not None:
            break
        later.apply(pick.choice(tuple(later.state.legal_actions())))
        for a in later.state.legal_actions():
            if a.to_str() not in legal:
                with pytest.raises(IllegalAction):
                    session.apply(a.to_str())
                return
    pytest.fail("no action was ever illegal at the start: legal_actions is too permissive")
