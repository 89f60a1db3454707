"""'65's leaf evaluation: how far the Americans are past (or short of) their victory
condition, in victory points (``SixtyFiveState.margin``, rule 24)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.evaluation import logistic, register_evaluation, two_sided


@register_evaluation("sixty_five")
def sixty_five_victory_points(state: Any) -> Sequence[float]:
    """The Americans' chance grows with their VP margin (half a VP: about 0.56)."""
    return two_sided(logistic(0.5 * state.margin()))
