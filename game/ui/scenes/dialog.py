"""A message dialog over the current screen (e.g. a save that cannot be loaded)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


def printable(text: str) -> str:
    """``text`` with control characters other than line breaks shown as "?" (a damaged
    file's bytes quoted in a message must not stop the font renderer)."""
    return "".join(ch if ch == "\n" or ch.isprintable() else "?" for ch in text)


class DialogScene(Scene):
    """Title, message, OK. Enter, Esc or the button closes it."""

    opaque = False

    def __init__(self, app: App, title: str, message: str) -> None:
        super().__init__(app)
        self.title = title
        self.message = message

    def build(self) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(680, w - 80), min(340, h - 80))
        rect.center = (w // 2, h // 2)
        self.window = pygame_gui.elements.UIPanel(rect, manager=self.manager)
        pygame_gui.elements.UILabel(
            pygame.Rect(16, 10, rect.width - 32, 40),
            printable(self.title),
            self.manager,
            container=self.window,
            object_id="#heading",
        )
        text = html.escape(printable(self.message)).replace("\n", "<br>")
        self.text_box = pygame_gui.elements.UITextBox(
            text,
            pygame.Rect(16, 56, rect.width - 36, rect.height - 130),
            self.manager,
            container=self.window,
        )
        self.ok = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - 176, rect.height - 66, 156, 48),
            "OK  [Enter]",
            self.manager,
            container=self.window,
        )

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.ok:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_ESCAPE,
        ):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))


class ConfirmScene(DialogScene):
    """A question with two answers: ``yes_label`` runs ``on_yes``; Keep (N, Esc) does
    nothing. Used before anything is deleted or overwritten."""

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        yes_label: str,
        on_yes: Callable[[], None],
        no_label: str = "Keep   [N]",
    ) -> None:
        super().__init__(app, title, message)
        self.yes_label = yes_label
        self.no_label = no_label
        self.on_yes = on_yes

    def build(self) -> None:
        super().build()
        rect = self.window.get_relative_rect()
        self.ok.set_text(self.no_label)
        self.ok.set_relative_position((rect.width - 196, rect.height - 66))
        self.ok.set_dimensions((176, 48))
        self.yes = pygame_gui.elements.UIButton(
            pygame.Rect(rect.width - 392, rect.height - 66, 176, 48),
            self.yes_label,
            self.manager,
            container=self.window,
        )

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.yes:
            self.confirm()
        elif element is self.ok:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_y:
            self.confirm()
        elif event.key in (pygame.K_n, pygame.K_ESCAPE):
            self.app.pop()
