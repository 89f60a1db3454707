"""The line from shooter to target after every shot, on the tabletop tables (RatFight,
5.56mm): it shows who shot whom for :data:`LINGER` seconds, fading out, without holding
up play (the effect is not blocking). Red with a ring on the target for a hit (or a
win of the draw), pale for a miss."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pygame

from game.ui.toolkit.effects import Effect, Effects

LINGER = 2.0  # seconds
HIT_COLOUR = (255, 90, 60)
MISS_COLOUR = (235, 235, 225)

ToScreen = Callable[[Sequence[float]], tuple[float, float]]


@dataclass
class ShotLine(Effect):
    """One shot: ``start`` and ``end`` are table points (hundredths of an inch)."""

    blocking: ClassVar[bool] = False
    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    hit: bool = False


def shot_line(start: Sequence[float], end: Sequence[float], hit: bool) -> ShotLine:
    """A new line from ``start`` to ``end`` (table points)."""
    return ShotLine(0.0, LINGER, start=(start[0], start[1]), end=(end[0], end[1]), hit=hit)


def draw_shot_lines(
    surface: pygame.Surface, fx: Effects, to_screen: ToScreen, clip: pygame.Rect
) -> None:
    """Every shot line still showing, clipped to ``clip`` (the board), each fainter as
    its time runs out."""
    lines = fx.of_type(ShotLine)
    if not lines:
        return
    before = surface.get_clip()
    surface.set_clip(clip)
    for line in lines:
        a, b = to_screen(line.start), to_screen(line.end)
        alpha = round(255 * (1.0 - line.f) ** 0.7)
        if alpha <= 0:
            continue
        box = pygame.Rect(
            round(min(a[0], b[0])) - 12,
            round(min(a[1], b[1])) - 12,
            round(abs(a[0] - b[0])) + 24,
            round(abs(a[1] - b[1])) + 24,
        ).clip(clip)
        if box.width <= 0 or box.height <= 0:
            continue
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        la = (a[0] - box.left, a[1] - box.top)
        lb = (b[0] - box.left, b[1] - box.top)
        colour = HIT_COLOUR if line.hit else MISS_COLOUR
        pygame.draw.line(layer, (0, 0, 0, alpha), la, lb, 5)
        pygame.draw.line(layer, (*colour, alpha), la, lb, 3)
        pygame.draw.circle(layer, (0, 0, 0, alpha), la, 4)
        if line.hit:
            pygame.draw.circle(layer, (*colour, alpha), lb, 9, 3)
        surface.blit(layer, box.topleft)
    surface.set_clip(before)
