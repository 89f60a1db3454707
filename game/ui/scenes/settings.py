"""Settings: volume, sound on/off, full screen, seconds of idle menu before the demo, and
whether a reaction window stops the game even when no card in hand can answer it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App


class SettingsScene(Scene):
    """Every change is saved at once (settings.json in the data folder)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)

    def build(self) -> None:
        w, _h = self.app.size
        left = max(30, w // 14) + 330
        m = self.manager
        s = self.app.settings
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(left, 150, 320, 40), s.volume * 100, (0, 100), m
        )
        self.mute = pygame_gui.elements.UIButton(pygame.Rect(left, 220, 320, 46), "", m)
        self.full = pygame_gui.elements.UIButton(pygame.Rect(left, 290, 320, 46), "", m)
        self.idle = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(left, 370, 320, 40),
            self.app.idle_seconds,
            (10, 600),
            m,
            click_increment=10,
        )
        self.ask = pygame_gui.elements.UIButton(pygame.Rect(left, 440, 420, 46), "", m)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left - 330, 530, 220, 52), "Back   [Esc]", m
        )
        self._labels()

    def _labels(self) -> None:
        self.mute.set_text("Sound: off [M]" if self.app.assets.muted else "Sound: on [M]")
        self.full.set_text(
            "Full screen: on [F11]" if self.app.fullscreen else "Full screen: off [F11]"
        )
        self.ask.set_text(
            "Always ask me [A]"
            if self.app.settings.always_ask
            else "Ask only when a card can answer [A]"
        )

    def toggle_ask(self) -> None:
        """Reactions: stop at every window ("always ask me"), or only when a card in hand
        can answer it (the rest are declined for the player); saved at once."""
        self.app.settings.always_ask = not self.app.settings.always_ask
        self.app.save_settings()
        self.app.assets.play("click")
        self._labels()

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.mute:
            self.app.set_muted(not self.app.assets.muted)
            self._labels()
        elif element is self.full:
            self.app.set_fullscreen(not self.app.fullscreen)
        elif element is self.ask:
            self.toggle_ask()
        elif element is self.back:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is self.volume:
                self.app.set_volume(round(self.volume.get_current_value() / 100, 2))
                self.app.assets.play("click")
            elif event.ui_element is self.idle:
                self.app.idle_seconds = float(self.idle.get_current_value())
                self.app.settings.idle_seconds = self.app.idle_seconds
                self.app.save_settings()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.mute.text.startswith("Sound: off") != self.app.assets.muted:
            self._labels()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key == pygame.K_a:
            self.toggle_ask()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 0.1 if event.key == pygame.K_RIGHT else -0.1
            volume = round(min(1.0, max(0.0, self.app.settings.volume + step)), 2)
            self.app.set_volume(volume)
            self.volume.set_current_value(volume * 100)
            self.app.assets.play("click")
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 10 if event.key == pygame.K_UP else -10
            self.app.idle_seconds = float(min(600, max(10, self.app.idle_seconds + step)))
            self.app.settings.idle_seconds = self.app.idle_seconds
            self.idle.set_current_value(self.app.idle_seconds)
            self.app.save_settings()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _h = surface.get_size()
        a = self.app.assets
        left = max(30, w // 14)
        blit_text(surface, a, "Settings", 56, (left, 40), theme.ACCENT)
        blit_text(
            surface,
            a,
            f"Volume: {round(self.app.settings.volume * 100)}%  [<- ->]",
            30,
            (left, 170),
            theme.TEXT,
            "midleft",
        )
        blit_text(surface, a, "Sound", 30, (left, 243), theme.TEXT, "midleft")
        blit_text(surface, a, "Window", 30, (left, 313), theme.TEXT, "midleft")
        blit_text(
            surface,
            a,
            f"Demo after {self.app.idle_seconds:.0f} s  [Up Down]",
            30,
            (left, 390),
            theme.TEXT,
            "midleft",
        )
        blit_text(surface, a, "'65 reactions", 30, (left, 463), theme.TEXT, "midleft")
