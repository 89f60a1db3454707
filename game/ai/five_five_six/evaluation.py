"""5.56mm's leaf evaluation: men fit to fight, their wounds, and the scenario's goal.

A scenario is won by eliminating the other side, by reaching an objective or by holding
out to a turn (``check_victory``). Each character counts 1 while active, less for each
wound level he carries (5.01: wounds stack), 0.2 while incapacitated and nothing dead
or still in reserve; a side that must reach an objective gains as its nearest fighting
man closes on it; a side that holds gains as the deadline nears.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai.evaluation import logistic, register_evaluation, two_sided
from game.ai.hard import HardConfig
from game.ai.mcts import SearchConfig
from game.ai.search_hints import SearchHints, register_search_hints
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.state import FiveFiveSixState

WOUND_WEIGHT = 0.08  # a wound level's cost to a man's worth
REACH_SCALE_IN = 18.0
HUNDREDTHS = 100.0


def _strength(state: FiveFiveSixState, seat: int) -> float:
    total = 0.0
    for c in state.board.characters.values():
        if c.side != seat:
            continue
        if c.status is Status.ACTIVE:
            total += max(0.3, 1.0 - WOUND_WEIGHT * sum(int(w) for w in c.wounds))
        elif c.status is Status.INCAPACITATED:
            total += 0.2
    return total


def _goal(state: FiveFiveSixState, seat: int) -> float:
    board = state.board
    best = 0.0
    for victory in board.setting.scenario.victory:
        if victory.side != seat:
            continue
        if victory.kind == "reach" and victory.objective is not None:
            outline = board.setting.objective(victory.objective).outline
            cx = sum(p[0] for p in outline) / len(outline)
            cy = sum(p[1] for p in outline) / len(outline)
            for c in board.fighting(seat):
                d = math.hypot(c.pos[0] - cx, c.pos[1] - cy) / HUNDREDTHS
                best = max(best, math.exp(-d / REACH_SCALE_IN))
        elif victory.kind == "hold" and victory.turns:
            best = max(best, min(1.0, board.turn / victory.turns))
    return best


@register_evaluation("five_five_six")
def five_five_six_evaluation(state: FiveFiveSixState) -> Sequence[float]:
    """Seat 0's chance from the strength share and the goal terms."""
    s0, s1 = _strength(state, 0), _strength(state, 1)
    share = (s0 - s1) / max(1.0, s0 + s1)
    goal = _goal(state, 0) - _goal(state, 1)
    return two_sided(logistic(4.0 * share + 1.5 * goal))


# 5.56mm plays a few hundred random actions a second too (line of sight and free moves
# in every go): the same small budget. Its heuristic bot (game/ai/five_five_six/bot.py)
# plays ``ai`` and is this search's root prior.
# hard: the bot's next three actions of the go (``FiveFiveSixBot.ranked``) are the
# challengers, at one standard error (as RatFight's).
register_search_hints(
    "five_five_six",
    SearchHints(
        config=SearchConfig(playouts=12, rollout_depth=6),
        evaluate=five_five_six_evaluation,
        hard=HardConfig(ranked=3, confidence=1.0),
    ),
)
