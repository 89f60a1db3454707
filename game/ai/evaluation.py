"""Leaf evaluations: each seat's chance of winning from a position a search stopped in.

A search that cuts a rollout short asks the ruleset's evaluation instead of scoring the
cut as a coin flip. Each ruleset registers one in ``game/ai/eval_<ruleset>.py`` with
:func:`register_evaluation`; it reads a determinized state (a full state consistent
with what the deciding seat knows, see ``game.ai.mcts``) and answers one chance in
[0, 1] per seat. A finished game scores by its outcome (:func:`outcome_chances`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.core.api import Outcome

#: Each seat's chance of winning from a (determinized) state, indexed by seat.
Evaluation = Callable[[Any], Sequence[float]]
_EVALUATIONS: dict[str, Evaluation] = {}


def register_evaluation(ruleset_id: str) -> Callable[[Evaluation], Evaluation]:
    """Decorator naming a ruleset's leaf evaluation."""

    def wrap(fn: Evaluation) -> Evaluation:
        _EVALUATIONS[ruleset_id] = fn
        return fn

    return wrap


def evaluation_for(ruleset_id: str) -> Evaluation | None:
    """The ruleset's registered evaluation, if it has one (its AI modules loaded first)."""
    from game.ai.registry import load_ai

    load_ai()
    return _EVALUATIONS.get(ruleset_id)


def logistic(x: float) -> float:
    """1 / (1 + e^-x), safe for large ``|x|``."""
    if x < -60:
        return 0.0
    if x > 60:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def two_sided(p0: float) -> tuple[float, float]:
    """A two-seat chance: seat 0 wins with ``p0``, seat 1 otherwise."""
    return (p0, 1.0 - p0)


def outcome_chances(outcome: Outcome, seats: int) -> tuple[float, ...]:
    """A finished game: 1 for a winner, 0 for a loser, 0.5 each in a draw."""
    if not outcome.winners:
        return tuple(0.5 for _ in range(seats))
    return tuple(1.0 if s in outcome.winners else 0.0 for s in range(seats))


def seat_value(state: Any, seat: int, evaluate: Evaluation | None) -> float:
    """``seat``'s chance from ``state``: its outcome when finished, else the evaluation
    (0.5 without one)."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome_chances(outcome, max(2, seat + 1))[seat]
    if evaluate is None:
        return 0.5
    return float(evaluate(state)[seat])


def glance(view: Any, seat: int, action: Any, world: int, evaluate: Evaluation | None) -> float:
    """``seat``'s chance right after ``action``, played in the world drawn from ``view``
    with seed ``world`` (one determinization); 0 where the action is not open there."""
    from game.core.rng import Rng

    state = view.determinize(Rng(world))
    if state.why_not(action) is not None:
        return 0.0
    state.apply(action)
    return seat_value(state, seat, evaluate)
