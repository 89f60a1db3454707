"""Goofspiel's computer player: bid the prize's own value, or the nearest card above it,
or the lowest card when nothing reaches it; the search's settings and leaf evaluation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.mcts import SearchConfig
from game.ai.registry import register_ai
from game.ai.search_hints import SearchHints, register_search_hints
from game.core.api import Action
from game.core.rng import Rng
from tests.goofspiel.rules import Bid, GoofView


class MatchBot:
    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat, self.rng = seat, rng

    def choose(self, view: GoofView) -> Action:
        cards = sorted(a.card for a in view.candidate_actions if isinstance(a, Bid))
        prize = view.prize or 0
        above = [c for c in cards if c >= prize]
        return Bid(above[0] if above else cards[0])


register_ai("goofspiel")(MatchBot)


@register_evaluation("goofspiel")
def score_margin(state: Any) -> Sequence[float]:
    """North's chance grows with North's lead in points."""
    return two_sided(logistic(0.3 * (state.scores[0] - state.scores[1])))


register_search_hints(
    "goofspiel",
    SearchHints(config=SearchConfig(playouts=40, rollout_depth=30), evaluate=score_margin),
)
