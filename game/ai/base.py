"""The bot interface and the uniform-random bot.

A bot is made for one seat with its own ``Rng`` and chooses from a *view* of the game
(never the live state), like OpenSpiel's bots.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.core.api import Action
from game.core.rng import Rng


class Bot(Protocol):
    """``Bot(seat, rng).choose(view) -> Action``; ``view.candidate_actions`` is non-empty."""

    seat: int

    def choose(self, view: Any) -> Action: ...


class RandomBot:
    """Picks uniformly among the candidate actions."""

    name = "random"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: Any) -> Action:
        actions: tuple[Action, ...] = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action")
        return self.rng.choice(actions)
