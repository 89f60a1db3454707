"""New game: choose Human or Computer for every seat, then start."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.registry import get_ruleset
from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App

KIND_LABEL = {"human": "Human", "ai": "Computer"}


class SetupScene(Scene):
    """Keys: 1, 2, ... toggle a seat; Enter starts; Esc goes back."""

    def __init__(self, app: App, ruleset_id: str) -> None:
        super().__init__(app)
        self.ruleset = get_ruleset(ruleset_id)
        self.ruleset_id = ruleset_id
        seats = self.ruleset.seats
        self.kinds = ["human"] + ["ai"] * (len(seats) - 1)
        self.seat_buttons: list[pygame_gui.elements.UIButton] = []

    def build(self) -> None:
        w, h = self.app.size
        left = max(30, w // 14)
        top = 170
        self.seat_buttons = []
        for i in range(len(self.ruleset.seats)):
            rect = pygame.Rect(left + 220, top + i * 70, 240, 50)
            button = pygame_gui.elements.UIButton(rect, self._label(i), self.manager)
            self.seat_buttons.append(button)
        y = top + len(self.ruleset.seats) * 70 + 30
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(left, y, 220, 54), "Start   [Enter]", self.manager
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left + 240, y, 220, 54), "Back   [Esc]", self.manager
        )

    def _label(self, i: int) -> str:
        return f"{KIND_LABEL[self.kinds[i]]}   [{i + 1}]"

    def toggle(self, i: int) -> None:
        self.kinds[i] = "ai" if self.kinds[i] == "human" else "human"
        self.seat_buttons[i].set_text(self._label(i))
        self.app.assets.play("click")

    def start_game(self) -> None:
        from game.ui.scenes.game import GameScene, new_session

        session = new_session(self.ruleset.id, secrets.randbelow(2**31), self.kinds)
        self.app.replace(GameScene(self.app, session))

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element in self.seat_buttons:
            self.toggle(self.seat_buttons.index(element))
        elif element is self.start:
            self.start_game()
        elif element is self.back:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.kinds):
            self.toggle(event.key - pygame.K_1)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _h = surface.get_size()
        a = self.app.assets
        left = max(30, w // 14)
        blit_text(surface, a, f"New game: {self.ruleset.title}", 56, (left, 40), theme.ACCENT)
        blit_text(
            surface,
            a,
            "Who plays each side? Two humans share this screen (hotseat).",
            24,
            (left, 100),
            theme.MUTED,
        )
        for i, seat in enumerate(self.ruleset.seats):
            blit_text(
                surface, a, seat_title(seat), 32, (left, 170 + i * 70 + 25), theme.TEXT, "midleft"
            )


def seat_title(seat: str) -> str:
    """A seat id as a player reads it: ``vc`` -> ``VC``, ``rats`` -> ``Rats``."""
    return seat.upper() if len(seat) <= 2 else seat.replace("_", " ").title()
