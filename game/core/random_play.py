"""Random play: one legal action drawn at random, cheaply when the state can.

A state or a view may define ``random_action(rng) -> Action``: a legal action drawn with
``rng`` without listing every candidate first. Tabletop rulesets, where each candidate
costs a geometry check, draw a unit, then a kind of action, then its target, and check
only what they drew. The draw need not be uniform over ``candidate_actions`` but it must
be legal (``why_not`` is ``None``), deterministic for a given generator state, and able to
reach every kind of action the candidates list (``tests/test_random_play.py`` checks all
three for every ruleset that samples).

Without the method, the draw is uniform over the candidate actions. The random bot,
``bench`` and the random-play tests all draw through :func:`random_action`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from game.core.api import Action
from game.core.rng import Rng


@runtime_checkable
class SamplesActions(Protocol):
    """A state or view that draws a random legal action without listing them all."""

    def random_action(self, rng: Rng) -> Action: ...


def random_action(source: Any, rng: Rng) -> Action:
    """A random legal action of ``source`` (a state, or a view whose seat is to act).

    Uses ``source.random_action(rng)`` when it has one, else a uniform choice among the
    candidate actions (a method on states, a property on views). Raises ``ValueError``
    when there is nothing to choose.
    """
    sampler = getattr(source, "random_action", None)  # isinstance on the protocol: ~14 us
    if callable(sampler):
        drawn: Action = sampler(rng)
        return drawn
    listed = source.candidate_actions
    candidates: Sequence[Action] = listed() if callable(listed) else listed
    actions = tuple(candidates)
    if not actions:
        raise ValueError("there is no legal action to choose from")
    return rng.choice(actions)
