"""Transformers Skirmish's leaf evaluation: the hits each side has left on the board
(the turn-limit rule gives the game to the side with more hits)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.hard import HardConfig
from game.ai.mcts import SearchConfig
from game.ai.search_hints import SearchHints, register_search_hints


@register_evaluation("transformers_skirmish")
def skirmish_hits(state: Any) -> Sequence[float]:
    """A side's chance grows with its margin in hits left (0.6 a hit)."""
    hits = [sum(u.hits for u in state.living(s)) for s in (0, 1)]
    return two_sided(logistic(0.6 * (hits[0] - hits[1])))


register_search_hints(
    "transformers_skirmish",
    SearchHints(
        config=SearchConfig(playouts=60, rollout_depth=20),
        evaluate=skirmish_hits,
        hard=HardConfig(ranked=1),  # the bot's second-ranked move (SkirmishBot.ranked) challenges
    ),
)
