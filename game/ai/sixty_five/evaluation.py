"""'65's leaf evaluation: how far the Americans are past (or short of) their victory
condition, in victory points (``SixtyFiveState.margin``, rule 24)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.hard import HardConfig
from game.ai.mcts import SearchConfig
from game.ai.search_hints import SearchHints, register_search_hints


@register_evaluation("sixty_five")
def sixty_five_victory_points(state: Any) -> Sequence[float]:
    """The Americans' chance grows with their VP margin (half a VP: about 0.56)."""
    return two_sided(logistic(0.5 * state.margin()))


# '65 candidate lists are long (every path and target) and slow to build; a small budget
# keeps the search usable until the candidates are made cheaper. The heuristic bot
# (game/ai/sixty_five/bot.py) is its root prior and plays ``ai``.
# '65: a slipped pass or a wasted impulse costs the side that must attack dearly (an easy
# US lost scenario 4 to a random VC at the default slip), and one action moves the VP
# margin little, so the easy level slips less and judges its glances more sharply.
# hard: the heuristic draws the unseen cards, so fresh bots name other plausible moves in
# about one decision in four; those are its challengers, held to a looser test.
register_search_hints(
    "sixty_five",
    SearchHints(
        config=SearchConfig(playouts=12, rollout_depth=6),
        evaluate=sixty_five_victory_points,
        easy_slip=0.15,
        easy_temperature=0.03,
        hard=HardConfig(ranked=2, confidence=1.0),
    ),
)
