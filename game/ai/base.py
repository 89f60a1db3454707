"""The bot interface and the uniform-random bot.

A bot is made for one seat with its own ``Rng`` and chooses from a *view* of the game
(never the live state), like OpenSpiel's bots.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from game.core.api import Action, View
from game.core.rng import Rng

V_contra = TypeVar("V_contra", contravariant=True)


class Bot(Protocol[V_contra]):
    """``Bot(seat, rng).choose(view) -> Action``; ``view.candidate_actions`` is non-empty.
    ``V_contra`` is the view type of the ruleset the bot plays."""

    seat: int

    def choose(self, view: V_contra) -> Action: ...


class RandomBot:
    """Picks uniformly among the candidate actions."""

    name = "random"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: View[Any]) -> Action:
        actions: tuple[Action, ...] = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action")
        return self.rng.choice(actions)
