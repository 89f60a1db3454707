"""Hotseat hand-over: hides the table until the next player clicks or presses Enter."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.game import GameScene


class HandOverScene(Scene):
    """Opaque: nothing of the game is drawn while it is up."""

    def __init__(self, app: App, game: GameScene, seat: int) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.ruleset_id = game.ruleset_id
        self.armed = 0.0  # ignore clicks for a moment so a double click does not skip it

    def confirm(self) -> None:
        self.app.assets.play("click")
        self.app.pop()
        self.game.handover_done(self.seat)

    def on_event(self, event: pygame.event.Event) -> None:
        if self.armed < 0.25:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.confirm()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.confirm()
            elif event.key == pygame.K_ESCAPE:
                self.app.pop()
                self.game.leave()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.armed += dt / max(self.app.speed, 1e-9)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        a = self.app.assets
        name = self.game.seat_names[self.seat]
        others = [n for i, n in enumerate(self.game.seat_names) if i != self.seat]
        blit_text(
            surface,
            a,
            f"Hand over to the {name}",
            84,
            (w // 2, h // 2 - 90),
            theme.ACCENT,
            "center",
        )
        blit_text(
            surface,
            a,
            f"{' and '.join(others)}: please look away now.",
            34,
            (w // 2, h // 2),
            theme.TEXT,
            "center",
        )
        blit_text(
            surface,
            a,
            f"{name}: click anywhere or press Enter when you are ready.",
            30,
            (w // 2, h // 2 + 50),
            theme.MUTED,
            "center",
        )
        blit_text(
            surface,
            a,
            "Esc: back to the menu (the game is saved)",
            22,
            (w // 2, h - 40),
            theme.MUTED,
            "center",
        )
