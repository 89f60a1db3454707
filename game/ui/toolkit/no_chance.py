"""Shots with no chance, on every table that lists them (RatFight, 5.56mm).

A listed attack whose chance of doing anything is 0 is listed after every other choice,
its button greyed and its label ending in "0%"; choosing it asks first (the same choice
once more fires anyway), and says so when the weapon fires only once. ``chance`` is the
table's own function: the chance the action does what it is for (None for an action
that is not an attack), from the rules calculator the table already shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from game.core.api import Action

A = TypeVar("A", bound=Action)

#: what a no-chance choice's label ends with
NO_CHANCE = " - 0% (no chance)"
#: a greyed choice's fill, edge and text
GREY_FILL, GREY_EDGE, GREY_TEXT = (52, 54, 54), (96, 98, 98), (150, 152, 150)


def hopeless(chance: float | None) -> bool:
    """Whether an attack with this chance cannot succeed (None: not an attack)."""
    return chance is not None and chance <= 0.0


def no_chance_last(actions: Sequence[A], chance: Callable[[A], float | None]) -> list[A]:
    """``actions`` in their order, the hopeless ones moved after all the others."""
    keep = [not hopeless(chance(a)) for a in actions]
    return [a for a, k in zip(actions, keep, strict=True) if k] + [
        a for a, k in zip(actions, keep, strict=True) if not k
    ]


def labelled(label: str, chance: float | None) -> str:
    """The label as listed: a hopeless attack's ends in :data:`NO_CHANCE`."""
    return label + NO_CHANCE if hopeless(chance) else label


class NoChanceGuard:
    """Asks before a hopeless attack: the first time it is chosen the table says
    :meth:`question` and does nothing; the same choice again goes ahead."""

    def __init__(self) -> None:
        self.asked: Action | None = None

    def question(
        self, action: Action, chance: float | None, label: str, once: str | None = None
    ) -> str | None:
        """None when ``action`` may go now; else what to say (``once``: the name of a
        weapon that fires only once, which the question warns of)."""
        if not hopeless(chance) or self.asked == action:
            self.asked = None
            return None
        self.asked = action
        spent = f" The {once} fires only once: it would be wasted." if once else ""
        return f"{label}: no chance at all (0%).{spent} Choose it again to fire anyway."

    def forget(self) -> None:
        """Another choice, or another position: the next hopeless attack asks again."""
        self.asked = None
