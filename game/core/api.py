"""The rules contract every ruleset implements (see DESIGN.md, "The rules contract").

Value types (``Action``, ``Event``, ``Outcome``) are small frozen dataclasses; a ruleset
subclasses ``Action`` and ``Event`` for its own moves and happenings.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

from game.core.rng import Rng


@dataclass(frozen=True)
class Action(ABC):
    """A move of one seat. Subclasses give it a text form for saves, logs and the CLI."""

    @abstractmethod
    def to_str(self) -> str:
        """The action's text form, parsed back by the ruleset's ``parse_action``."""

    def __str__(self) -> str:
        return self.to_str()


@dataclass(frozen=True, kw_only=True)
class Event(ABC):
    """Something that happened while applying an action.

    ``visible_to`` is the set of seats that may see it (``None``: everybody, spectators
    included). ``reveals`` marks events that show someone information that was hidden
    before (a card turned face up); such an event ends the chance to undo.
    """

    visible_to: frozenset[int] | None = None
    reveals: bool = False

    def visible(self, seat: int | None) -> bool:
        """Whether the viewer ``seat`` (``None`` = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    @abstractmethod
    def text(self) -> str:
        """One line for the log, in our own words."""


@dataclass(frozen=True, kw_only=True)
class Note(Event):
    """A plain log line."""

    message: str

    def text(self) -> str:
        return self.message


@dataclass(frozen=True, kw_only=True)
class DieRolled(Event):
    """A roll with every number shown: faces, named modifiers, total and target."""

    who: str
    purpose: str
    die: str
    faces: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...] = ()
    target: int | None = None
    success: bool | None = None

    @property
    def total(self) -> int:
        return sum(self.faces) + sum(v for _, v in self.modifiers)

    def text(self) -> str:
        rolled = "+".join(str(f) for f in self.faces)
        mods = "".join(f" {v:+d} {label}" for label, v in self.modifiers)
        line = f"{self.who} {self.purpose}: {self.die} {rolled}{mods} = {self.total}"
        if self.target is not None:
            line += f" vs {self.target}"
        if self.success is not None:
            line += " - success" if self.success else " - failure"
        return line


@dataclass(frozen=True)
class Outcome:
    """End of game as data: the winning seats (empty for a draw), why, and scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] = ()

    @property
    def is_draw(self) -> bool:
        return not self.winners


@runtime_checkable
class View(Protocol):
    """What one seat (or a spectator, ``seat is None``) may know of a state."""

    seat: int | None
    current_player: int | None
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None


class State(Protocol):
    """A game in progress. ``rng`` is its own seeded generator (saved with it)."""

    rng: Rng

    def current_player(self) -> int | None: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def apply(self, action: Action) -> list[Event]: ...
    def outcome(self) -> Outcome | None: ...
    def view(self, seat: int | None) -> Any: ...
    def clone(self) -> State: ...
    def determinize(self, seat: int, rng: Rng) -> State: ...


class Ruleset(Protocol):
    """A rule system, registered by ``id`` (see ``game.core.registry``)."""

    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[str, ...]]
    rules_version: ClassVar[str]

    def new_game(self, seed: int, options: Mapping[str, str] | None = None) -> State: ...
    def parse_action(self, text: str) -> Action: ...
