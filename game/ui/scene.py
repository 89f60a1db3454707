"""The scene base class: one screen of the program (menu, setup, game, hand-over, ...).

The app keeps a stack of scenes; only the top one receives input and time. A scene that
is not ``opaque`` (a dialog, the rules) is drawn over the scenes below it. ``draw`` only
draws: it never changes game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.theme import make_manager

FULL_FPS = 60  # frames a second while something moves on screen
WAIT_FPS = 15  # while only a timer runs (a bot about to act, a slow pulse)

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base: a pygame_gui manager of its own, rebuilt on resize."""

    opaque = True
    ruleset_id: str | None = None  # the system whose rules F1 shows
    # A scene that loads much (a map, a ruleset's data) asks the app to settle the heap
    # after its first frame (``game.ui.heap``); ``heap_settled`` records that it was done.
    settles_heap = False
    heap_settled = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager = make_manager(app.size)
        self._built = False

    # -- lifecycle -----------------------------------------------------------------
    def build(self) -> None:
        """Create the widgets for the current window size (``self.app.size``)."""

    def ensure_built(self) -> None:
        if not self._built:
            self._built = True
            self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.manager.set_window_resolution(size)
        self.manager.clear_and_reset()
        self._built = True
        self.build()

    def on_top(self) -> None:
        """Called when the scene becomes the top of the stack again."""

    # -- loop ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif not consumed:
            self.on_event(event)

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        """A pygame_gui button of this scene was pressed."""

    def on_event(self, event: pygame.event.Event) -> None:
        """An event the widgets did not take."""

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    def animating(self) -> bool:
        """Whether something on this screen moves by itself now (an animation, a bot
        about to act). While it does, the app draws every frame; otherwise it sleeps
        until an event (quiet when idle)."""
        return False

    def frame_rate(self) -> int:
        """Frames a second this screen needs while it is :meth:`animating`: the full rate
        for motion; a screen that only waits on a timer (a bot about to act) or shows a
        slow pulse asks for fewer, so a demo left running all day spares the CPU."""
        return FULL_FPS

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_scene(surface)
        self.manager.draw_ui(surface)
        self.draw_overlay(surface)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Everything that is ours (not pygame_gui), under the widgets."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Anything of ours that goes over the widgets (icons on buttons)."""
