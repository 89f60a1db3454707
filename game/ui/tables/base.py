"""``TableBase``: what every table shares, so a table writes only its board and input.

A table subclasses ``TableBase[ItsView]`` and writes ``draw``, ``handle_event`` and
``on_events``; layout, the animation timeline (``self.fx``), ``busy``/``skip_animations``,
seat labels, the action area and a short notice (``say``: why a click did nothing) come
from here (see the protocol in ``__init__``)::

    @register_table
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
NOTICE_TIME = 4.0  # seconds a notice stays


class TableBase(ABC, Generic[V]):
    """The common skeleton of a table (see the module docstring)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.fx = Effects()
        self.seat_labels: list[str] = []
        self.notice = ""  # a short message for the player; "" when there is none
        self.notice_t = 0.0  # seconds it has been shown
        self.rect = pygame.Rect(DEFAULT_RECT)
        self.action_rect = pygame.Rect(DEFAULT_RECT.left, DEFAULT_RECT.bottom - 60, 400, 60)
        self.layout(self.rect)

    def layout(self, rect: pygame.Rect) -> None:
        """Take the area the scene gives the table; subclasses place their parts here."""
        self.rect = pygame.Rect(rect)

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` game seconds; a notice goes after ``NOTICE_TIME``."""
        self.fx.update(dt)
        self.notice_t += dt
        if self.notice and self.notice_t >= NOTICE_TIME:
            self.notice = ""

    def say(self, text: str, deny: bool = False) -> None:
        """Show ``text`` as the notice for ``NOTICE_TIME`` seconds (why a click did
        nothing); ``deny`` also plays the refusal sound."""
        self.notice, self.notice_t = text, 0.0
        if deny:
            self.assets.play("deny")

    def offer(self, action: Action, reason: str | None) -> Action | None:
        """``action`` when the rules allow it (``reason`` is ``None``: the view's
        ``why_not``); otherwise the reason is said (with the refusal sound) and ``None``
        comes back, so a refused click never reaches the game."""
        if reason is not None:
            self.say(reason, deny=True)
            return None
        return action

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
