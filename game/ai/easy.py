"""The ``easy`` level: the heuristic player, with a beginner's slips.

Most decisions it plays what ``normal`` (the ruleset's heuristic bot) plays. With chance
``slip`` it looks, like a hurried player, at the heuristic's move and a few other legal
moves (drawn through the ruleset's fast sampler, ``game.core.random_play``), judges each
by one glance ahead (the move played in one world drawn from what the seat knows, then
the ruleset's leaf evaluation, ``game.ai.evaluation``), and picks by a softmax over those
judgements at ``temperature``: an obviously bad move is rare, a plausible lesser one
common, and the best is still the likeliest.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.base import Bot
from game.ai.evaluation import Evaluation, glance
from game.core.api import Action, View
from game.core.random_play import random_action
from game.core.rng import Rng

SLIP = 0.4  # share of decisions where it considers other moves
OTHERS = 3  # other moves looked at in a slip
TEMPERATURE = 0.25  # softmax temperature over chances in [0, 1]


class EasyBot:
    """``EasyBot(seat, rng, heuristic, evaluate).choose(view)``."""

    name = "easy"

    def __init__(
        self,
        seat: int,
        rng: Rng,
        heuristic: Bot[Any] | None,
        evaluate: Evaluation | None,
        *,
        slip: float = SLIP,
        temperature: float = TEMPERATURE,
    ) -> None:
        if not 0.0 <= slip <= 1.0 or temperature <= 0:
            raise ValueError(
                f"slip is a share in [0, 1], temperature positive: {slip}, {temperature}"
            )
        self.seat = seat
        self.rng = rng
        self.heuristic = heuristic
        self.evaluate = evaluate
        self.slip = slip
        self.temperature = temperature

    def choose(self, view: View[Any]) -> Action:
        best = self.heuristic.choose(view) if self.heuristic is not None else None
        if best is not None and self.rng.random() >= self.slip:
            return best
        moves: list[Action] = [best] if best is not None else []
        for _ in range(3 * OTHERS):
            a = random_action(view, self.rng)
            if a not in moves:
                moves.append(a)
                if len(moves) > OTHERS:
                    break
        if len(moves) == 1:
            return moves[0]
        world = self.rng.next_u64()
        values = [glance(view, self.seat, a, world, self.evaluate) for a in moves]
        top = max(values)
        weights = [math.exp((v - top) / self.temperature) for v in values]
        r = self.rng.random() * sum(weights)
        for a, w in zip(moves, weights, strict=True):
            r -= w
            if r <= 0:
                return a
        return moves[-1]
