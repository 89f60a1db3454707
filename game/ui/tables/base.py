"""``TableBase``: what every table shares, so a table writes only its board and input.

A table subclasses ``TableBase[ItsView]`` and writes ``draw``, ``handle_event`` and
``on_events``; layout, the animation timeline (``self.fx``), ``busy``/``skip_animations``,
seat labels, the action area, a short notice (``say``: why a click did nothing) and the
``watching`` switch (a replay: the table offers nothing) come from here (see the protocol
in ``__init__``)::

    @register_table
    class MyTable(TableBase[MyView]):
        def draw(self, surface, view): ...
        def handle_event(self, event, view): ...
        def on_events(self, events, view): ...
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar, cast

import pygame

from game.core.api import Action, Event
from game.ui.assets import Assets
from game.ui.toolkit.effects import Effects

V = TypeVar("V")

DEFAULT_RECT = pygame.Rect(0, 0, 960, 640)
NOTICE_TIME = 4.0  # seconds a notice stays


def _plain_field(view: object, name: str) -> bool:
    """Whether ``name`` is a dataclass field of ``view`` that no property of its class
    replaces (a property computes the list and may not take an empty one)."""
    names = {f.name for f in dataclasses.fields(view)}  # type: ignore[arg-type]
    return name in names and not isinstance(getattr(type(view), name, None), property)


class TableBase(ABC, Generic[V]):
    """The common skeleton of a table (see the module docstring)."""

    #: True when ``draw`` paints every pixel of ``rect`` (its board and panels fill
    #: their areas), so the scene need not clear under it first: at 1920x1080 that
    #: clear is a third of a millisecond a frame.
    covers_rect = False

    #: True when the table only shows a game (the replay viewer sets it): it draws the
    #: board and the viewer's own secrets but offers no choice to anybody, whosever turn
    #: it is - no action buttons or list, no "End" button, no key or click hints - and
    #: where a live table prompts the seat to act it shows only ``to_act_line``. A table
    #: that asks "may this seat act?" answers no while watching; one that offers what
    #: ``view.legal_actions`` lists draws ``unlisted(view)`` instead of ``view``.
    watching = False

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

    def unlisted(self, view: V) -> V:
        """``view`` as a table that offers what ``view.legal_actions`` lists draws it: the
        view itself in a live game; while :attr:`watching`, a copy that lists no actions
        (``candidate_actions`` emptied), so such a table draws what it draws for a seat
        that waits. Only for views whose ``candidate_actions`` is a plain dataclass field
        (``SeatView``); a view that lists its actions itself is returned unchanged."""
        if not self.watching or not dataclasses.is_dataclass(view) or isinstance(view, type):
            return view
        kept = self.__dict__.get("_unlisted")
        if kept is not None and kept[0] is view:  # the same view as the last frame's
            return cast("V", kept[1])
        copy = view
        if getattr(view, "candidate_actions", None) and _plain_field(view, "candidate_actions"):
            copy = dataclasses.replace(view, candidate_actions=())
        self.__dict__["_unlisted"] = (view, copy)
        return cast("V", copy)

    @staticmethod
    def to_act_line(side: str) -> str:
        """The neutral line a watched table shows where a live one prompts the seat to
        act (the same on every table): ``"US Rangers to act"``."""
        return f"{side} to act"

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
