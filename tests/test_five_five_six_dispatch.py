"""5.56mm's dispatch table: each action of a go has its rule of legality
(``legal.PROBLEMS``) and its resolution (``resolve.HANDLERS``), by the same action types."""

from __future__ import annotations

from game.rules.five_five_six.actions import Move
from game.rules.five_five_six.legal import PROBLEMS
from game.rules.five_five_six.resolve import HANDLERS


def test_every_action_with_a_legality_rule_has_a_resolution_and_back() -> None:
    assert set(PROBLEMS) == set(HANDLERS)
    assert Move in PROBLEMS  # 3.1 Move: judged by move_problem, carried out by _move
