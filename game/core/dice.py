"""Dice as data: a die is its tuple of faces; odds are computed exactly."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core.rng import Rng


@dataclass(frozen=True)
class Die:
    """A die with named faces. ``D6`` is (1..6); the average die is (2, 3, 3, 4, 4, 5)."""

    name: str
    faces: tuple[int, ...]

    def roll(self, rng: Rng) -> int:
        return rng.roll_faces(self.faces)

    def chance_at_least(self, target: int) -> Fraction:
        """Exact probability that one roll shows ``target`` or more."""
        return Fraction(sum(1 for f in self.faces if f >= target), len(self.faces))

    def chance_below(self, target: int) -> Fraction:
        """Exact probability that one roll shows less than ``target``."""
        return 1 - self.chance_at_least(target)


D6 = Die("D6", (1, 2, 3, 4, 5, 6))
D20 = Die("D20", tuple(range(1, 21)))
AVERAGE_DIE = Die("average die", (2, 3, 3, 4, 4, 5))


def roll_sum(dice: tuple[Die, ...], rng: Rng) -> tuple[int, ...]:
    """Roll each die once, in order; returns the faces shown."""
    return tuple(d.roll(rng) for d in dice)


def percent(p: Fraction) -> str:
    """Odds for display: '60%' (rounded to the nearest whole percent)."""
    return f"{round(float(p) * 100)}%"
