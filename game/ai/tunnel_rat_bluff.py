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
from game.rules.tunnel_rat_bluff.cards import Card, load_rules
from game.rules.tunnel_rat_bluff.events import RAT
from game.rules.tunnel_rat_bluff.view import BluffView

Goal = tuple[int, int]


@cache
def win_chance(vc: int, trap: int, tunnel: int, kept: int, lost: int, goal: Goal) -> float:
    """Chance that the Rat wins from here with perfect play, before the next card is
    drawn. ``goal`` is (tunnels the Rat needs, casualties the VC needs).

    VC and Trap cards act alike (right call: discarded; wrong: a casualty), so the
    position depends only on the pair {vc, trap}; it is stored sorted, which halves the
    table the first decision has to fill."""
    if vc > trap:
        vc, trap = trap, vc
    return _solve(vc, trap, tunnel, kept, lost, goal)


@cache
def _solve(lo: int, hi: int, tunnel: int, kept: int, lost: int, goal: Goal) -> float:
    if kept >= goal[0]:
        return 1.0
    if lost >= goal[1]:
        return 0.0
    if lo + hi + tunnel == 0:
        return 1.0 if kept > lost else 0.0  # the deck-out rule
    return max(_values(lo, hi, tunnel, kept, lost, goal))


def _values(
    lo: int, hi: int, tunnel: int, kept: int, lost: int, goal: Goal
) -> tuple[float, float, float]:
    """Winning chances of calling (the ``lo`` kind, the ``hi`` kind, Tunnel)."""
    total = lo + hi + tunnel
    # What follows each card, called right or wrong.
    lo_right = win_chance(lo - 1, hi, tunnel, kept, lost, goal) if lo else 0.0
    lo_wrong = win_chance(lo - 1, hi, tunnel, kept, lost + 1, goal) if lo else 0.0
    hi_right = win_chance(lo, hi - 1, tunnel, kept, lost, goal) if hi else 0.0
    hi_wrong = win_chance(lo, hi - 1, tunnel, kept, lost + 1, goal) if hi else 0.0
    t_right = win_chance(lo, hi, tunnel - 1, kept + 1, lost, goal) if tunnel else 0.0
    t_wrong = win_chance(lo, hi, tunnel - 1, kept, lost, goal) if tunnel else 0.0
    call_lo = (lo * lo_right + hi * hi_wrong + tunnel * t_wrong) / total
    call_hi = (lo * lo_wrong + hi * hi_right + tunnel * t_wrong) / total
    call_tunnel = (lo * lo_wrong + hi * hi_wrong + tunnel * t_right) / total
    return call_lo, call_hi, call_tunnel


def guess_values(view: BluffView) -> dict[Guess, float]:
    """Winning chance of each call given the cards still unseen."""
    counts = view.unseen_counts()
    goal = (view.rules.rat_wins_with_tunnels, view.rules.vc_wins_with_casualties)
    vc, trap, tunnel = counts[Card.VC], counts[Card.TRAP], counts[Card.TUNNEL]
    kept, lost = len(view.tunnels), len(view.casualties)
    if vc + trap + tunnel == 0:
        raise ValueError("no card is unseen: nothing to call")
    call_vc, call_trap, call_tunnel = _values(vc, trap, tunnel, kept, lost, goal)
    return {Guess.SHOOT: call_vc, Guess.SEARCH: call_trap, Guess.ADVANCE: call_tunnel}


class CountingRat:
    """Plays the Rat optimally; as the VC it simply draws (its only action)."""

    name = "card-counting rat"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        if seat == RAT:
            # Solve the whole game once per process (about half a second) now, so that
            # no decision during play waits for it.
            rules = load_rules()
            goal = (rules.rat_wins_with_tunnels, rules.vc_wins_with_casualties)
            win_chance(rules.deck.vc, rules.deck.trap, rules.deck.tunnel, 0, 0, goal)

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
