"""Tunnel Rats' leaf evaluations: the share of defenders killed against the share of
rats lost (every level but ``hard``), and for the ``hard`` level's short rollouts the
wounds as well, with the scenario's goal in hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.hard import HardConfig
from game.ai.mcts import SearchConfig
from game.ai.search_hints import SearchHints, register_search_hints

GOAL_IN_HAND = 1.0  # logit: the documents carried, or the wounded rat reached


@register_evaluation("tunnel_rats")
def tunnel_rats_losses(state: Any) -> Sequence[float]:
    """The rats' chance grows with (defenders killed - rats lost), both as shares."""
    killed = sum(1 for e in state.enemies.values() if not e.alive) / max(1, len(state.enemies))
    lost = sum(1 for r in state.rats.values() if not r.alive) / max(1, len(state.rats))
    return two_sided(logistic(3.0 * (killed - lost)))


def _hurt(figures: Iterable[Any]) -> float:
    """The share of a side put out of the fight: each wound a third of a figure (a
    yellow wound 1/3, a red one 2/3, dead 1)."""
    figs = list(figures)
    return sum(min(int(f.wounds), 3) for f in figs) / (3 * max(1, len(figs)))


def tunnel_rats_wounds(state: Any) -> Sequence[float]:
    """The rats' chance grows with (defenders hurt - rats hurt), as shares counting each
    wound a third of a figure, and with the goal in hand (documents carried, or the
    wounded rat of a rescue reached and able to move)."""
    x = 3.0 * (_hurt(state.enemies.values()) - _hurt(state.rats.values()))
    victory = state.scenario.victory
    if victory.kind == "retrieve" and state.carrier is not None:
        x += GOAL_IN_HAND
    elif victory.kind == "rescue" and not state.rats[f"r{len(state.rats)}"].pinned:
        x += GOAL_IN_HAND
    return two_sided(logistic(x))


register_search_hints(
    "tunnel_rats",
    SearchHints(
        config=SearchConfig(playouts=20, rollout_depth=8),
        evaluate=tunnel_rats_losses,
        # hard: rollouts played by the heuristic for both sides to about the end of the
        # round, scored with the wounds (docs/rules/tunnel_rats.md, "Computer levels")
        hard=HardConfig(playouts=24, rollout_depth=13, guide=1.0, confidence=1.0, min_rounds=3),
        hard_evaluate=tunnel_rats_wounds,
    ),
)
