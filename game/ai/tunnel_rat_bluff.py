"""The card-counting Rat for Tunnel Rat.

Every card is shown at revelation, so the Rat knows exactly how many VC, Trap and
Tunnel cards are still unseen. The VC has no choices and always answers "No", so the
questions carry no information and the game is a Markov decision process over
(unseen VC, Trap, Tunnel, tunnels kept, casualties). The bot solves it exactly by
memoised recursion and calls the guess with the highest chance of winning the game
(not merely of guessing this card right).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from game.ai.registry import register_ai
from game.core.api import Action
from game.core.rng import Rng
from game.rules.tunnel_rat_bluff.actions import Call, Draw, Guess
from game.rules.tunnel_rat_bluff.cards import Card
from game.rules.tunnel_rat_bluff.events import RAT
from game.rules.tunnel_rat_bluff.view import BluffView

Goal = tuple[int, int]


@cache
def win_chance(vc: int, trap: int, tunnel: int, kept: int, lost: int, goal: Goal) -> float:
    """Chance that the Rat wins from here with perfect play, before the next card is
    drawn. ``goal`` is (tunnels the Rat needs, casualties the VC needs)."""
    if kept >= goal[0]:
        return 1.0
    if lost >= goal[1]:
        return 0.0
    if vc + trap + tunnel == 0:
        return 1.0 if kept > lost else 0.0  # the deck-out rule
    return max(_after_call(vc, trap, tunnel, kept, lost, goal, g) for g in Guess)


def _after_call(
    vc: int, trap: int, tunnel: int, kept: int, lost: int, goal: Goal, g: Guess
) -> float:
    total = vc + trap + tunnel
    value = 0.0
    for card, n in ((Card.VC, vc), (Card.TRAP, trap), (Card.TUNNEL, tunnel)):
        if n == 0:
            continue
        left = (
            vc - (card is Card.VC),
            trap - (card is Card.TRAP),
            tunnel - (card is Card.TUNNEL),
        )
        right = g.card is card
        if card is Card.TUNNEL:
            nxt = win_chance(*left, kept + right, lost, goal)
        else:
            nxt = win_chance(*left, kept, lost + (not right), goal)
        value += n / total * nxt
    return value


def guess_values(view: BluffView) -> dict[Guess, float]:
    """Winning chance of each call given the cards still unseen."""
    counts = view.unseen_counts()
    goal = (view.rules.rat_wins_with_tunnels, view.rules.vc_wins_with_casualties)
    state = (counts[Card.VC], counts[Card.TRAP], counts[Card.TUNNEL])
    kept, lost = len(view.tunnels), len(view.casualties)
    return {g: _after_call(*state, kept, lost, goal, g) for g in Guess}


class CountingRat:
    """Plays the Rat optimally; as the VC it simply draws (its only action)."""

    name = "card-counting rat"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: Any) -> Action:
        if not isinstance(view, BluffView):
            raise TypeError("CountingRat plays Tunnel Rat only")
        if view.seat != RAT:
            return Draw()
        values = guess_values(view)
        best = max(values.values())
        # Ties (e.g. VC vs Trap with equal counts) are broken by the bot's own rng.
        choices = [g for g in Guess if values[g] >= best - 1e-12]
        return Call(self.rng.choice(choices))


register_ai("tunnel_rat_bluff")(CountingRat)
