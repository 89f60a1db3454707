"""The 5.56mm table's last action drawn over the kept board: tracers of the shots,
grenade scatter and the vehicle effects (blasts, crash paths)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.assets import Assets
from game.ui.render.tabletop_board import TabletopBoard
from game.ui.tables.five_five_six import vehicle_fx
from game.ui.tables.five_five_six.art import Scatter, Tracer, draw_scatter, draw_tracer
from game.ui.toolkit.effects import Effects


def draw_shots(
    surface: pygame.Surface,
    assets: Assets,
    fx: Effects,
    board_rect: pygame.Rect,
    to_screen: Callable[[Sequence[float]], tuple[float, float]],
    ground: TabletopBoard,
) -> None:
    """The shots and grenades of the last action and any vehicle effect still running,
    clipped to the board; nothing when none is running."""
    tracers, scatters = fx.of_type(Tracer), fx.of_type(Scatter)
    if not tracers and not scatters and not vehicle_fx.running(fx):
        return
    clip = surface.get_clip()
    surface.set_clip(board_rect)
    px = ground.px_per_hundredth()
    for tracer in tracers:
        draw_tracer(surface, tracer, to_screen)
    for scatter in scatters:
        draw_scatter(surface, assets, scatter, to_screen, px)
    vehicle_fx.draw_vehicle_fx(surface, assets, fx, to_screen, px)
    surface.set_clip(clip)
