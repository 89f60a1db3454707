"""Drive the real app from code: post mouse and key events and run frames.

Used by the UI tests, ``tools/screenshot.py`` and the bench. Events go through
``pygame.event.post`` and the app's own :meth:`App.step`, i.e. the same handlers the
main loop uses; pygame_gui buttons react to the posted clicks as to real ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.ui.app import App
from game.ui.scene import Scene

FRAME = 1 / 60


def make_app(
    data_dir: Path,
    speed: float = 50.0,
    size: tuple[int, int] = (1280, 720),
    idle_seconds: float | None = None,
    kiosk: bool = False,
) -> App:
    """An app with the menu on screen (``speed`` multiplies game time: AI delay, animations)."""
    from game.ui.app import start_scenes

    app = App(data_dir, speed=speed, size=size, idle_seconds=idle_seconds, kiosk=kiosk)
    app.wait_for_bots = True
    app.guard = False  # a failing screen fails the test (the guard's tests turn it on)
    app.spawn_programs = False  # no file manager windows: ``app.opened_folders`` records
    start_scenes(app, demo=False)
    return app


def frames(app: App, n: int = 1, dt: float = FRAME) -> None:
    for _ in range(n):
        app.step(dt)


def click(app: App, pos: tuple[int, int], settle: int = 2) -> None:
    """A left click at ``pos`` (move, press, release), then ``settle`` frames."""
    x, y = int(pos[0]), int(pos[1])
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    frames(app, settle)


def press(app: App, key: int, mod: int = 0, settle: int = 2) -> None:
    """A key press and release, then ``settle`` frames."""
    name = pygame.key.name(key)
    text = name if len(name) == 1 else ""
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
    )
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
    frames(app, settle)


def gui_buttons(scene: Scene) -> Iterable[pygame_gui.elements.UIButton]:
    root: Any = scene.manager.get_root_container()  # pygame_gui's container types are loose
    for element in root.get_container().elements:
        yield from _walk(element)


def _walk(element: pygame_gui.core.UIElement) -> Iterable[pygame_gui.elements.UIButton]:
    if isinstance(element, pygame_gui.elements.UIButton):
        yield element
    container = getattr(element, "get_container", None)
    if container is not None:
        for child in container().elements:
            yield from _walk(child)


def button_pos(scene: Scene, text: str) -> tuple[int, int]:
    """Centre of the visible, enabled pygame_gui button whose text starts with ``text``."""
    for button in gui_buttons(scene):
        if button.visible and button.is_enabled and button.text.startswith(text):
            x, y = button.rect.center
            return (int(x), int(y))
    names = [b.text for b in gui_buttons(scene)]
    raise LookupError(f"no active button {text!r} on {type(scene).__name__} (have {names})")


def click_button(app: App, text: str) -> None:
    assert app.top is not None
    click(app, button_pos(app.top, text))


def start_from_setup(app: App) -> Scene:
    """Start the game from the setup screen on top (Enter), then read and close its
    briefing as a player would (Enter again); the game scene comes back."""
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.rules import BriefingScene

    press(app, pygame.K_RETURN)
    if isinstance(app.top, BriefingScene):
        press(app, pygame.K_RETURN)
    game = app.find(GameScene)
    assert game is not None, "Enter on the setup screen started no game"
    return game
