"""``TableBase``: what every table shares, so a table writes only its board and input.

A table subclasses ``TableBase[ItsView]`` and writes ``draw``, ``handle_event`` and
``on_events``; layout, the animation timeline (``self.fx``), ``busy``/``skip_animations``,
seat labels and the action area come from here (see the protocol in ``__init__``)::

    @register_table("my_ruleset")
    class MyTable(TableBase[MyView]):
        def draw(self, surface, view): ...
        def handle_event(self, event, view): ...
        def on_events(self, events, view): ...
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

import pygame

from game.core.api import Action, Event
from game.ui.assets import Assets
from game.ui.toolkit.effects import Effects

V = TypeVar("V")

DEFAULT_RECT = pygame.Rect(0, 0, 960, 640)


class TableBase(ABC, Generic[V]):
    """The common skeleton of a table (see the module docstring)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.fx = Effects()
        self.seat_labels: list[str] = []
        self.rect = pygame.Rect(DEFAULT_RECT)
        self.action_rect = pygame.Rect(DEFAULT_RECT.left, DEFAULT_RECT.bottom - 60, 400, 60)
        self.layout(self.rect)

    def layout(self, rect: pygame.Rect) -> None:
        """Take the area the scene gives the table; subclasses place their parts here."""
        self.rect = pygame.Rect(rect)

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` game seconds."""
        self.fx.update(dt)

    def busy(self) -> bool:
        """True while an animation should finish before anybody acts next."""
        return self.fx.busy()

    def skip_animations(self) -> None:
        """Finish every animation at once (a key during an animation, undo, hand-over)."""
        self.fx.clear()

    def status(self, view: V) -> str:
        """One line for the top bar; tables say whose turn and what phase."""
        return ""

    @abstractmethod
    def draw(self, surface: pygame.Surface, view: V) -> None:
        """Draw ``view``; never changes game state."""

    @abstractmethod
    def handle_event(self, event: pygame.event.Event, view: V) -> Action | None:
        """Turn a mouse or key event into an action the viewer may take, or ``None``."""

    @abstractmethod
    def on_events(self, events: Sequence[Event], view: V) -> None:
        """Start animations and sounds for the events the viewer may see."""
