"""Transformers Skirmish legality (rules contract, second edition): ``why_not`` names
the rule, and the checks ``apply`` makes agree exactly with the list of legal actions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.core.session import Session

GAME = "Transformers Skirmish"


def _states(seed: int, steps: int, manual: bool) -> list[Session]:
    """Snapshots of one random game (setup included when ``manual``)."""
    options = {"setup": "manual"} if manual else {}
    session = Session.new("transformers_skirmish", seed, options, undo=False)
    pick = Rng(seed)
    out = []
    for _ in range(steps):
        if session.state.current_player() is None:
            break
        out.append(session.state.clone())
        session.apply(pick.choice(tuple(session.state.candidate_actions())))
    return out


@settings(max_examples=6, deadline=None)  # each example: ~1,000 actions x 15 positions
@given(seed=st.integers(0, 5_000), manual=st.booleans())
def test_ts_why_not_agrees_with_the_legal_list_and_apply(seed: int, manual: bool) -> None:
    """Every action of the game, tried in other positions: it is refused exactly when it
    is not listed, the refusal names the rule, and ``apply`` refuses it too."""
    states = _states(seed, 90, manual)
    pool = list(dict.fromkeys(a for s in states for a in s.legal_actions()))
    for state in states[::6]:
        legal = set(state.legal_actions())
        for action in pool:
            reason = state.why_not(action)
            if action in legal:
                assert reason is None
                state.clone().apply(action)
            else:
                assert reason is not None and GAME in reason, (action.to_str(), reason)
                try:
                    state.clone().apply(action)
                except IllegalAction:
                    continue
                raise AssertionError(f"apply accepted {action.to_str()!r}, which is not legal")


def test_ts_refusals_name_the_rule() -> None:
    """Worked refusals: a card not held, a move out of phase."""
    session = Session.new("transformers_skirmish", 3)
    state = session.state
    assert state.why_not(session.parse("defend force_field")) is not None
    reason = state.why_not(session.parse("attack plasma_bolts optimus_prime>megatron"))
    assert reason is not None and "Fire Phase" in reason


def test_ts_taking_the_hit_cannot_be_undone_once_the_next_cards_are_drawn() -> None:
    """Issue 16 (Undo): "take" ends the turn and the next side draws its cards; those
    cards were seen, so the take can no longer be taken back."""
    session = Session.new("transformers_skirmish", 11, seats=("human", "human"))
    pick = Rng(11)
    for _ in range(2_000):
        state = session.state
        if state.current_player() is None:
            break
        if session.parse("take") in state.legal_actions():
            events = session.apply("take")
            drawn = [e for e in events if type(e).__name__ == "CardsDrawn" and e.reveals]
            if drawn:
                assert not session.can_undo()
                return
            continue
        session.apply(pick.choice(tuple(state.candidate_actions())))
    raise AssertionError("no attack was ever answered by taking the hit")
