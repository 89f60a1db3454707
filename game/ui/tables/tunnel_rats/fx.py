"""Tunnel Rats animations: a figure walking its path, a shot's tracer, a burst on a cell.

The effect kinds on the toolkit's timeline (:mod:`game.ui.toolkit.effects`): each runs
from the moment its event arrives, on one level of the map, and only the shown level's
effects are drawn. Times are game seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.tunnel_rats.figures import Cell
from game.ui.render.view import MapView
from game.ui.toolkit.effects import Effect, Effects

STEP_TIME = 0.09  # seconds per cell walked (a walk takes at most WALK_MAX)
WALK_MAX = 0.9
SHOT_TIME = 0.3
FLASH_TIME = 0.45
TRAP_FLASH = (255, 160, 40)
WOUND_FLASH = (255, 60, 40)


@dataclass
class Walk(Effect):
    """Figure ``figure`` walking ``path`` (cells of ``level``); its token is drawn ``f``
    of the way along."""

    figure: str = ""
    path: tuple[Cell, ...] = ()
    level: int = 0


@dataclass
class Tracer(Effect):
    """A shot's tracer from ``origin`` towards ``target``; the head reaches the target
    at two thirds of the time."""

    origin: Cell = (0, 0)
    target: Cell = (0, 0)
    level: int = 0


@dataclass
class Burst(Effect):
    """A ring growing and fading on ``cell``: a trap going off, a wound."""

    cell: Cell = (0, 0)
    level: int = 0
    colour: tuple[int, int, int] = WOUND_FLASH


def start_walk(fx: Effects, figure: str, path: tuple[Cell, ...], level: int) -> None:
    """Walk ``figure`` along ``path``: STEP_TIME a cell and a tenth of a second, at most
    WALK_MAX seconds; a walk of his still running is replaced."""
    fx.discard(Walk, lambda w: w.figure == figure)
    duration = min(WALK_MAX, STEP_TIME * (len(path) - 1) + 0.1)
    fx.add(Walk(0.0, duration, figure=figure, path=path, level=level))


def walk_of(fx: Effects, figure: str, level: int) -> Walk | None:
    """The running walk of ``figure`` on ``level``, if any."""
    return fx.first(Walk, lambda w: w.figure == figure and w.level == level)


def draw_effects(surface: pygame.Surface, mv: MapView, fx: Effects, level: int, px: int) -> None:
    """The tracers and bursts of ``level`` over the map (``px``: a cell's size on
    screen)."""
    for shot in fx.of_type(Tracer):
        if shot.level != level:
            continue
        pa, pb = mv.cell_centre(shot.origin), mv.cell_centre(shot.target)
        f = min(1.0, shot.f * 1.5)
        head = (pa[0] + (pb[0] - pa[0]) * f, pa[1] + (pb[1] - pa[1]) * f)
        pygame.draw.line(surface, (255, 140, 40), pa, head, 5)
        pygame.draw.line(surface, (255, 246, 200), pa, head, 2)
    for burst in fx.of_type(Burst):
        if burst.level != level:
            continue
        f = burst.f
        radius = int(px * (0.3 + 0.5 * f))
        layer = pygame.Surface((2 * radius + 6, 2 * radius + 6), pygame.SRCALPHA)
        pygame.draw.circle(
            layer, (*burst.colour, int(200 * (1 - f))), (radius + 3, radius + 3), radius, 5
        )
        centre = mv.cell_centre(burst.cell)
        surface.blit(layer, layer.get_rect(center=(round(centre[0]), round(centre[1]))))
