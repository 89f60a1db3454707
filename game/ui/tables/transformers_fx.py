"""Transformers Skirmish animations: robots sliding, shots, hit flashes, flying cards.

Each effect waits ``delay`` seconds, then runs for ``duration`` seconds; the table is busy
while any runs. Times are game seconds (the scene already applies the speed setting).
Effects only describe what to show; the board and hand modules draw them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.view import UnitView

SLIDE_TIME = 0.4
SHOT_TIME = 0.35
FLASH_TIME = 0.5
CARD_TIME = 0.4


@dataclass
class Effect:
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


@dataclass
class Slide(Effect):
    unit: str = ""
    origin: Square = (0, 0)
    dest: Square = (0, 0)


@dataclass
class Shot(Effect):
    origin: Square = (0, 0)
    dest: Square = (0, 0)


@dataclass
class Flash(Effect):
    """A burst on a square: ``hit`` (damage), ``shield`` (attack cancelled), ``boom``
    (destroyed: the robot's ghost fades out) or ``repair``."""

    square: Square = (0, 0)
    style: str = "hit"
    ghost: UnitView | None = None


@dataclass
class FlyingCard(Effect):
    """A card moving between two screen rectangles (``card`` None: face down)."""

    card: str | None = None
    origin: pygame.Rect | None = None
    dest: pygame.Rect | None = None
    to_discard: bool = False

    def rect(self) -> pygame.Rect:
        assert self.origin is not None and self.dest is not None
        f = 1 - (1 - self.f) ** 2
        a, b = self.origin, self.dest
        return pygame.Rect(
            round(a.x + (b.x - a.x) * f),
            round(a.y + (b.y - a.y) * f),
            round(a.w + (b.w - a.w) * f),
            round(a.h + (b.h - a.h) * f),
        )


class Effects:
    """The running effects."""

    def __init__(self) -> None:
        self.items: list[Effect] = []

    def add(self, effect: Effect) -> None:
        self.items.append(effect)

    def update(self, dt: float) -> None:
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
        return bool(self.items)

    def clear(self) -> None:
        self.items.clear()

    def slide_of(self, unit: str) -> Slide | None:
        for e in self.items:
            if isinstance(e, Slide) and e.unit == unit:
                return e
        return None

    def of_type(self, kind: type[Effect]) -> list[Effect]:
        return [e for e in self.items if isinstance(e, kind)]

    def cards_to_discard(self) -> int:
        """Played cards still in the air (the discard pile shows what lay under them)."""
        return sum(1 for e in self.items if isinstance(e, FlyingCard) and e.to_discard)
