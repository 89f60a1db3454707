"""'65 random play (``random_action``, sampling.py) with the Kickstarter cards on and
with reinforcements: every draw is legal and repeatable, and the sampler reaches the new
kinds of action the candidates list (the generic test plays the default options)."""

from __future__ import annotations

from test_sixty_five_reinforcements import _state, _us_impulse

from game.core.random_play import random_action
from game.core.rng import Rng
from game.core.session import Session
from game.rules.sixty_five.actions import Done, Enter, Play, React

KICK = {"scrape", "sneak", "tactics", "recon_patrol", "regroup", "punji_stakes", "claymore"}


def _block(action: object) -> str | None:
    return action.block if isinstance(action, (Play, React)) else None


def test_65_18_random_play_with_kickstarter_draws_each_listed_block_legally() -> None:
    """Every Kickstarter block the candidates list during three seeded games is drawn by
    the sampler at some point (probing the positions where it is listed), each draw legal
    and the same from a copy of the state."""
    listed: set[str] = set()
    drawn: set[str] = set()
    for game_no in range(3):
        options = {"scenario": str(1 + game_no), "kickstarter": "true"}
        session = Session.new("sixty_five", 40 + game_no, options)
        rng = Rng(game_no)
        for step in range(600):
            state = session.state
            if state.outcome() is not None:
                break
            kinds = {_block(a) for a in state.candidate_actions()} & KICK
            if kinds - drawn:
                listed |= kinds
                for k in range(40):
                    probe = random_action(state, Rng(7919 * step + k))
                    assert state.why_not(probe) is None, probe.to_str()
                    assert random_action(state.clone(), Rng(7919 * step + k)) == probe
                    if _block(probe) in KICK:
                        drawn.add(str(_block(probe)))
            action = random_action(state, rng)
            assert state.why_not(action) is None, action.to_str()
            session.apply(action)
    assert listed, "no Kickstarter block came up in three games"
    assert len(listed) >= 4 and listed <= drawn, f"listed {sorted(listed)}, drawn {sorted(drawn)}"


def test_65_24a_random_play_draws_reinforcements_entering() -> None:
    """24a: with reinforcements due, the sampler draws their entry with a move card in
    the impulse and without one in the Reserve phase."""
    state = _state()
    _us_impulse(state, 2)
    impulse = [random_action(state, Rng(k)) for k in range(300)]
    assert all(state.why_not(a) is None for a in impulse)
    assert any(isinstance(a, Enter) and a.card is not None for a in impulse)
    state._to_reserve([])
    while state.current_player() != 0:
        state.apply(Done())
    reserve = [random_action(state, Rng(k)) for k in range(60)]
    assert all(state.why_not(a) is None for a in reserve)
    assert any(isinstance(a, Enter) and a.card is None for a in reserve)
