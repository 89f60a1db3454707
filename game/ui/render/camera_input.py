"""Mouse and keys for a board seen through a :class:`~game.ui.render.camera.Camera`, for
tables whose left button is already taken by their own clicks and drags (the '65 table).

- the wheel zooms one level per notch around the pointer (over the board only);
- dragging with one of ``buttons`` (middle and right by default) pans; pressing and
  letting go without moving is handed back as a :class:`Release` (a right click);
- arrow keys pan a quarter of the board area per press; + and - zoom around the middle
  of the area; Home or 0 calls ``fit`` (the whole board).

Only what the events ask is done: nothing moves between events, so a table that uses
these controls stays quiet while nobody touches it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.render.camera import Camera

DRAG_PX = 6  # a press that moves this far (screen pixels) is a drag, not a click
KEY_PAN = 0.25  # of the area's width or height per arrow key press
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
FIT_KEYS = (pygame.K_HOME, pygame.K_0, pygame.K_KP_0)
KEYS = (*ARROWS, *ZOOM_IN_KEYS, *ZOOM_OUT_KEYS, *FIT_KEYS)


@dataclass(frozen=True)
class Release:
    """A drag button pressed and let go without a drag: a click of that button."""

    pos: tuple[int, int]
    button: int


class CameraControls:
    """Turns events into camera moves (see the module docstring)."""

    def __init__(
        self, fit: Callable[[], None] | None = None, buttons: tuple[int, ...] = (2, 3)
    ) -> None:
        self.fit = fit
        self.buttons = buttons
        self.pointer: tuple[int, int] = (-1, -1)
        self._press: tuple[tuple[int, int], int] | None = None  # where, which button
        self._last: tuple[int, int] = (0, 0)  # where the drag has panned to
        self.dragging = False

    def handle(self, event: pygame.event.Event, camera: Camera) -> bool | Release:
        """Apply ``event`` to ``camera``: True if it was the controls' (the table should
        do nothing more with it), a :class:`Release` for a click of a drag button, False
        for an event that is not theirs."""
        area = camera.viewport
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            return self._motion(event.pos, camera)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pointer = event.pos
            if event.button in self.buttons and area.collidepoint(event.pos):
                self._press, self.dragging = (event.pos, event.button), False
                return True
            return event.button in (4, 5) and area.collidepoint(event.pos)  # the wheel's
        if event.type == pygame.MOUSEBUTTONUP and self._press is not None:
            (start, button), dragged = self._press, self.dragging
            if event.button != button:
                return False
            self._press, self.dragging = None, False
            return True if dragged else Release(start, button)
        if event.type == pygame.MOUSEWHEEL and area.collidepoint(self.pointer):
            if event.y:  # one level a notch, a fast flick at most three
                camera.zoom_step(max(-3, min(3, event.y)), self.pointer)
            return True
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self._key(event.key, camera)
            return True
        return False

    def _motion(self, pos: tuple[int, int], camera: Camera) -> bool:
        if self._press is None:
            return False
        start = self._press[0]
        if not self.dragging:
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_PX:
                return True
            self.dragging, self._last = True, start
        camera.pan(pos[0] - self._last[0], pos[1] - self._last[1])
        self._last = pos
        return True

    def _key(self, key: int, camera: Camera) -> None:
        area = camera.viewport
        if key in ARROWS:  # the view moves that way: the board the other way
            dx, dy = ARROWS[key]
            camera.pan(-dx * area.width * KEY_PAN, -dy * area.height * KEY_PAN)
        elif key in ZOOM_IN_KEYS or key in ZOOM_OUT_KEYS:
            camera.zoom_step(1 if key in ZOOM_IN_KEYS else -1, area.center)
        elif self.fit is not None:
            self.fit()
