"""Timed animations for tables: each effect waits ``delay`` seconds, then runs for
``duration`` seconds; a table is busy while any runs. Times are game seconds (the scene
already applies the speed setting). Effects only describe what to show; tables draw them. An effect
that is not ``blocking`` (a fading shot line) lingers without keeping the table busy:
play goes on under it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

E = TypeVar("E", bound="Effect")


@dataclass
class Effect:
    """One animation; subclasses add what it shows (a unit sliding, a card flying...)."""

    blocking: ClassVar[bool] = True  # the table is busy (nobody acts) while it runs
    delay: float
    duration: float
    elapsed: float = 0.0

    @property
    def started(self) -> bool:
        return self.delay <= 0

    @property
    def done(self) -> bool:
        return self.delay <= 0 and self.elapsed >= self.duration

    @property
    def f(self) -> float:
        """Progress 0..1 (0 before the start)."""
        if self.delay > 0:
            return 0.0
        return min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0

    @property
    def eased(self) -> float:
        """Progress with ease-out (fast start, gentle stop)."""
        return 1 - (1 - self.f) ** 2


class Effects:
    """The running effects of one table."""

    def __init__(self) -> None:
        self.items: list[Effect] = []

    def add(self, effect: Effect) -> None:
        self.items.append(effect)

    def update(self, dt: float) -> None:
        """Advance every effect by ``dt`` seconds and drop the finished ones."""
        for e in self.items:
            if e.delay > 0:
                e.delay -= dt
                if e.delay < 0:
                    e.elapsed = -e.delay
                    e.delay = 0.0
            else:
                e.elapsed += dt
        self.items = [e for e in self.items if not e.done]

    def busy(self) -> bool:
        """Whether a blocking effect runs."""
        return any(e.blocking for e in self.items)

    def clear(self) -> None:
        """Finish everything at once (a key pressed during an animation, undo, hand-over)."""
        self.items.clear()

    def of_type(self, kind: type[E]) -> list[E]:
        """The running effects of ``kind``, oldest first."""
        return [e for e in self.items if isinstance(e, kind)]

    def discard(self, kind: type[E], where: Callable[[E], bool] = lambda e: True) -> None:
        """Drop the running effects of ``kind`` that satisfy ``where`` (a new animation of
        the same thing replaces the old one: a figure that moves again mid-walk)."""
        self.items = [e for e in self.items if not (isinstance(e, kind) and where(e))]

    def first(self, kind: type[E], where: Callable[[E], bool] = lambda e: True) -> E | None:
        """The first running effect of ``kind`` that satisfies ``where``."""
        for e in self.items:
            if isinstance(e, kind) and where(e):
                return e
        return None
