"""The 5.56mm table's vehicle animations: the 12.51 explosion (``Blast``, drawn by
``five_five_six_vehicles``) and a crash's path (12.6/12.61, 4.72): an arrow from where
the vehicle was to where it came down, growing from the start, with how far it went
(a vehicle that came down where it was gets a cross)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.api import Event
from game.maps.tabletop import Point
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.vehicles.events import CrashPath, VehicleExploded
from game.ui.assets import Assets
from game.ui.tables.five_five_six import vehicles as vehicles_ui
from game.ui.toolkit.effects import Effect, Effects

ToScreen = Callable[[Sequence[float]], tuple[float, float]]
CRASH_TIME = 3.0
CRASH = (255, 90, 60)
OVERSHOOT = (255, 200, 90)
HEAD_PX = 14  # the arrow head's length


@dataclass
class CrashArrow(Effect):
    """A crash's (or a Landing's overshoot's) path: ``start`` to ``end`` (hundredths)."""

    start: Point = (0, 0)
    end: Point = (0, 0)
    overshoot: bool = False

    @property
    def inches(self) -> float:
        return math.dist(self.start, self.end) / 100


def add_vehicle_fx(fx: Effects, event: Event, board: Board) -> bool:
    """Start the animation an event calls for; False if it is not a vehicle's."""
    if isinstance(event, VehicleExploded):  # 12.51: the 4" blast around the wreck
        fx.add(vehicles_ui.blast_of(board, event.vehicle, event.radius_in))
        return True
    if isinstance(event, CrashPath):
        fx.discard(CrashArrow, lambda a: a.start == event.start)
        fx.add(
            CrashArrow(0.0, CRASH_TIME, start=event.start, end=event.end, overshoot=event.overshoot)
        )
        return True
    return False


def running(fx: Effects) -> bool:
    return bool(fx.of_type(vehicles_ui.Blast) or fx.of_type(CrashArrow))


def draw_vehicle_fx(
    surface: pygame.Surface, assets: Assets, fx: Effects, to_screen: ToScreen, px: float
) -> None:
    """The running crash arrows, then the blasts over them."""
    for arrow in fx.of_type(CrashArrow):
        draw_crash_arrow(surface, assets, arrow, to_screen)
    for blast in fx.of_type(vehicles_ui.Blast):
        vehicles_ui.draw_blast(surface, blast, to_screen, px)


def draw_crash_arrow(
    surface: pygame.Surface, assets: Assets, arrow: CrashArrow, to_screen: ToScreen
) -> None:
    """A cross where it was, the shaft growing toward where it ended (the first third
    of the effect), a head at the end and the distance beside it."""
    colour = OVERSHOOT if arrow.overshoot else CRASH
    a = to_screen(arrow.start)
    b = to_screen(arrow.end)
    for dx, dy in ((-7, -7), (-7, 7)):
        ends = ((a[0] + dx, a[1] + dy), (a[0] - dx, a[1] - dy))
        pygame.draw.line(surface, (0, 0, 0), *ends, 5)
        pygame.draw.line(surface, colour, *ends, 3)
    length = math.dist(a, b)
    if length < 2:
        _label(surface, assets, "crash", (round(a[0]), round(a[1]) - 12), colour, "midbottom")
        return
    grow = min(1.0, arrow.f * 3)
    tip = (a[0] + (b[0] - a[0]) * grow, a[1] + (b[1] - a[1]) * grow)
    pygame.draw.line(surface, (0, 0, 0), a, tip, 6)
    pygame.draw.line(surface, colour, a, tip, 3)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    head = min(HEAD_PX, length * grow)
    wing = head * 0.55
    points = [
        tip,
        (tip[0] - ux * head - uy * wing, tip[1] - uy * head + ux * wing),
        (tip[0] - ux * head + uy * wing, tip[1] - uy * head - ux * wing),
    ]
    pygame.draw.polygon(surface, (0, 0, 0), points)
    pygame.draw.polygon(surface, colour, points, 0)
    pygame.draw.polygon(surface, (0, 0, 0), points, 1)
    word = "overshoot" if arrow.overshoot else "crash"
    below = (round(a[0]), round(a[1]) + 12)  # where it was: the vehicle has left it
    _label(surface, assets, f'{word} {arrow.inches:.1f}"', below, colour, "midtop")


def _label(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    pos: tuple[int, int],
    colour: tuple[int, int, int],
    anchor: str,
) -> None:
    """A short word on a dark plate (legible on any ground)."""
    words = assets.text(text, 16, colour)
    rect = words.get_rect(**{anchor: pos})
    pygame.draw.rect(surface, (20, 20, 20), rect.inflate(8, 2), border_radius=4)
    surface.blit(words, rect)
