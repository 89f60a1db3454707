"""The bot interface and the uniform-random bot.

A bot is made for one seat with its own ``Rng`` and chooses from a *view* of the game
(never the live state), like OpenSpiel's bots.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from game.core.api import Action, View
from game.core.random_play import random_action
from game.core.rng import Rng

V_contra = TypeVar("V_contra", contravariant=True)


class Bot(Protocol[V_contra]):
    """``Bot(seat, rng).choose(view) -> Action``; ``view.candidate_actions`` is non-empty.
    ``V_contra`` is the view type of the ruleset the bot plays."""

    seat: int

    def choose(self, view: V_contra) -> Action: ...


class RandomBot:
    """Picks a random legal action: uniformly among the candidate actions, or through the
    view's own ``random_action`` where a ruleset samples (``game.core.random_play``)."""

    name = "random"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: View[Any]) -> Action:
        try:
            return random_action(view, self.rng)
        except ValueError:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action") from None
