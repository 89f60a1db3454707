"""Transformers Skirmish animations: robots sliding, shots, hit flashes, flying cards.

The effect kinds on the toolkit's timeline (:mod:`game.ui.toolkit.effects`: delay, then
duration, in game seconds; the table is busy while any runs). Effects only describe what
to show; the board and hand modules draw them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.view import UnitView
from game.ui.toolkit.effects import Effect, Effects

SLIDE_TIME = 0.4
SHOT_TIME = 0.35
FLASH_TIME = 0.5
CARD_TIME = 0.4


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
        f = self.eased
        a, b = self.origin, self.dest
        return pygame.Rect(
            round(a.x + (b.x - a.x) * f),
            round(a.y + (b.y - a.y) * f),
            round(a.w + (b.w - a.w) * f),
            round(a.h + (b.h - a.h) * f),
        )


def slide_of(fx: Effects, unit: str) -> Slide | None:
    """The running slide of robot ``unit``, if any."""
    return fx.first(Slide, lambda e: e.unit == unit)


def cards_to_discard(fx: Effects) -> int:
    """Played cards still in the air (the discard pile shows what lay under them)."""
    return sum(1 for e in fx.of_type(FlyingCard) if e.to_discard)
