"""Tunnel Rats' leaf evaluation: the share of defenders killed against the share of
rats lost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.mcts import SearchConfig
from game.ai.search_hints import SearchHints, register_search_hints


@register_evaluation("tunnel_rats")
def tunnel_rats_losses(state: Any) -> Sequence[float]:
    """The rats' chance grows with (defenders killed - rats lost), both as shares."""
    killed = sum(1 for e in state.enemies.values() if not e.alive) / max(1, len(state.enemies))
    lost = sum(1 for r in state.rats.values() if not r.alive) / max(1, len(state.rats))
    return two_sided(logistic(3.0 * (killed - lost)))


register_search_hints(
    "tunnel_rats",
    SearchHints(config=SearchConfig(playouts=20, rollout_depth=8), evaluate=tunnel_rats_losses),
)
