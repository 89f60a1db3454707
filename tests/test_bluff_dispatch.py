"""Tunnel Rat's dispatch tables (issue 37 item 3): each of its three action types is
carried out and answered by the rules calculator through a table keyed by its type."""

from __future__ import annotations

from game.rules.tunnel_rat_bluff import TunnelRatBluff
from game.rules.tunnel_rat_bluff.actions import ACTION_TYPES, Ask, Question
from game.rules.tunnel_rat_bluff.state import ODDS, RESOLVE


def test_every_action_type_is_resolved_and_explained() -> None:
    assert set(RESOLVE) == set(ACTION_TYPES)
    assert set(ODDS) == set(ACTION_TYPES)


def test_a_question_is_answered_no_without_the_tells_variant() -> None:
    """Question Phases: the VC always answers no (the tells variant off)."""
    state = TunnelRatBluff().new_game(1)
    state.apply(state.candidate_actions()[0])  # the VC draws
    assert state.explain(Ask(Question.IS_VC)).outcomes == {"no": 1.0}
