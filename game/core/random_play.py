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

A sampler draws level by level with :func:`first_fit` (uniform among the items that give
something, each looked at only when drawn) and :func:`weighted_fit` (by weight, an option
that gives nothing dropped and another drawn).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from game.core.api import Action
from game.core.rng import Rng

T = TypeVar("T")
A = TypeVar("A", bound=Action)
Make = Callable[[], Action | None]  # one choice of a draw: what it gives, or None


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


# -- lazy draws: a sampler checks only what it drew ----------------------------------
def random_order(rng: Rng, items: Sequence[T]) -> Iterator[T]:
    """``items`` in a random order, drawn one at a time (a lazy Fisher-Yates shuffle):
    stopping at the first that fits costs only the draws made."""
    pool = list(items)
    n = len(pool)
    while n:
        i = rng.below(n)
        n -= 1
        pool[i], pool[n] = pool[n], pool[i]
        yield pool[n]


def first_fit(rng: Rng, items: Sequence[T], take: Callable[[T], A | None]) -> A | None:
    """What ``take`` makes of the first item, in a random order, that gives something:
    uniform among the items that give something."""
    for item in random_order(rng, items):
        got = take(item)
        if got is not None:
            return got
    return None


def weighted_fit(rng: Rng, options: list[tuple[int, Make]]) -> Action | None:
    """Draw an option by weight; one that gives nothing is dropped and another drawn."""
    left = [o for o in options if o[0] > 0]
    while left:
        r = rng.below(sum(w for w, _ in left))
        i = 0
        while r >= left[i][0]:
            r -= left[i][0]
            i += 1
        got = left[i][1]()
        if got is not None:
            return got
        left.pop(i)
    return None
