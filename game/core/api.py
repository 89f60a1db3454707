"""The rules contract every ruleset implements, second edition (docs/architecture.md).

Value types (``Action``, ``Event``, ``Outcome``) are small frozen dataclasses; a ruleset
subclasses ``Action`` and ``Event`` for its own moves and happenings.

Second edition: legality is one function per ruleset, ``State.why_not(action)`` (the rule
that forbids it, or ``None``); ``candidate_actions()`` is a finite, deterministic,
representative set for bots, ``simulate`` and tests (for a discrete ruleset: every legal
action). Actions declare their text form (``game.core.textform``); events carry typed
fields and a ``tone`` for the log; a state defines the ``snapshot()`` its digest hashes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from game.core.rng import Rng


@dataclass(frozen=True)
class Action:
    """A move of one seat. Subclasses declare ``form`` (see ``game.core.textform``): the
    text form that saves, logs and the command line use. A plain base class, not an ABC
    (it has no abstract methods): rules test ``isinstance(action, Move)`` many times per
    action, and ABCMeta's instance check costs several times a plain class's.

    ``public``: set on a secret action (a card laid face down): what every seat but the
    actor reads of it, after the actor's side name ("a card laid face down");
    they never read its text form. ``None``: a public action. Secrecy that depends on
    the position (an unseen figure's move) is the state's optional
    ``public_text(action)`` (see :func:`public_text`)."""

    form: ClassVar[str]
    public: ClassVar[str | None] = None

    def to_str(self) -> str:
        """The action's text form, parsed back by the ruleset's ``parse_action``."""
        from game.core.textform import format_action

        return format_action(self)

    def __str__(self) -> str:
        return self.to_str()


class Tone(StrEnum):
    """How the log shows an event; the UI reads this, never the English text."""

    PLAIN = "plain"
    TURN = "turn"  # a new turn, round, phase or impulse begins
    ROLL = "roll"  # a die roll or card draw that decides something
    GOOD = "good"  # good news for the side that acted
    BAD = "bad"  # a hit, a wound, a casualty, a loss
    END = "end"  # the game is over


@dataclass(frozen=True, kw_only=True)
class Event(ABC):
    """Something that happened while applying an action.

    ``visible_to`` is the set of seats that may see it (``None``: everybody, spectators
    included). ``reveals`` marks events that show someone information that was hidden
    before (a card turned face up, a card drawn); such an event ends the chance to undo.
    Subclasses carry ids and typed fields (``ShotFired(shooter, target)``) and set
    ``tone`` for the log.
    """

    tone: ClassVar[Tone] = Tone.PLAIN
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

    tone: ClassVar[Tone] = Tone.ROLL
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


A = TypeVar("A", bound=Action)
A_co = TypeVar("A_co", bound=Action, covariant=True)
V_co = TypeVar("V_co", covariant=True)
S = TypeVar("S", bound="State[Any, Any]")


@dataclass(frozen=True)
class Explanation:
    """The rules calculator's answer for one action (``State.explain``, optional): named
    numbers (plain data) and the exact chance of each outcome (they add up to 1)."""

    numbers: dict[str, Any] = field(default_factory=dict)
    outcomes: dict[str, float] = field(default_factory=dict)


@runtime_checkable
class View(Protocol[A_co]):
    """What one seat (or a spectator, ``seat is None``) may know of a state.

    ``candidate_actions`` is empty unless ``seat`` is to act. ``why_not`` answers for any
    action the seat might build (a free move to a point), from what the seat knows.
    ``determinize(rng)`` is a full state consistent with the view, everything the seat
    cannot know dealt again from ``rng``: what search bots play out.
    """

    seat: int | None
    current_player: int | None
    outcome: Outcome | None

    @property
    def candidate_actions(self) -> Sequence[A_co]: ...
    def why_not(self, action: Any) -> str | None: ...
    def determinize(self, rng: Rng) -> State[Any, Any]: ...


class State(Protocol[A, V_co]):
    """A game in progress. ``rng`` is its own seeded generator (saved with it)."""

    rng: Rng

    def current_player(self) -> int | None: ...
    def why_not(self, action: A) -> str | None: ...
    def candidate_actions(self) -> Sequence[A]: ...
    def apply(self, action: A) -> list[Event]: ...
    def outcome(self) -> Outcome | None: ...
    def view(self, seat: int | None) -> V_co: ...
    def clone(self) -> State[A, V_co]: ...
    def determinize(self, seat: int, rng: Rng) -> State[A, V_co]: ...
    def snapshot(self) -> Any: ...


def opening_events(state: Any) -> list[Event]:
    """The events of a game's set-up (initiative drawn, forces placed, a night lit by a
    flare), logged before the first action: what the state's optional
    ``opening_events()`` returns, else none. A state keeps them out of its snapshot."""
    opening = getattr(state, "opening_events", None)
    return list(opening()) if callable(opening) else []


def public_text(state: Any, action: Action) -> str | None:
    """What the seats other than the actor may read of ``action``, played now in
    ``state``: the state's optional ``public_text(action)``, else the action's
    ``public``; ``None`` when the action is public (its text form may be shown to all)."""
    hook = getattr(state, "public_text", None)
    if callable(hook):
        found: str | None = hook(action)
        return found
    return action.public


@dataclass(frozen=True, kw_only=True)
class SecretAction(Event):
    """The public face of a secret action (``Action.public``), for every seat but the
    actor's and for spectators: "VC: a card laid face down". ``Session.apply`` puts it
    first among the action's events; the actor reads its own private events instead."""

    actor: int
    who: str
    what: str

    def visible(self, seat: int | None) -> bool:
        return seat != self.actor

    def text(self) -> str:
        return f"{self.who}: {self.what}"


def progress_lines(view: Any) -> tuple[str, ...]:
    """Short lines on how near each side is to winning (turns left, victory points,
    casualties against the morale threshold): the view's optional ``progress()``."""
    progress = getattr(view, "progress", None)
    return tuple(progress()) if callable(progress) else ()


class Ruleset(Protocol):
    """A rule system, registered by ``id`` through its manifest (``game.core.manifest``).

    ``new_game(seed, options)`` gets the manifest's validated options model
    (``Manifest.validate_options``: the session validates the text values once, so a
    ruleset never parses them itself); called directly (tests), it also takes the text
    values and validates them through its manifest. The events of its set-up are the
    state's optional ``opening_events()`` (:func:`opening_events`), logged before the
    first action.

    A ruleset may also set ``snapshot_since: ClassVar[int]``, the first record format
    version whose digests hash its present ``snapshot()`` (default 2): saves older than
    that are checked by replay alone (see ``game.core.record``).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[str, ...]]
    rules_version: ClassVar[str]

    def new_game(self, seed: int, options: Any = None) -> State[Any, Any]: ...
    def parse_action(self, text: str) -> Action: ...


class ListedActions(ABC):
    """For states of discrete rulesets, where every legal action can be listed.

    ``legal_actions()`` is the authority's list; ``candidate_actions`` is the same list and
    ``why_not`` refuses what is not in it, with the rule named by ``refusal``.
    """

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every action the seat to act may take now, in a deterministic order."""

    def candidate_actions(self) -> Sequence[Action]:
        return self.legal_actions()

    def why_not(self, action: Action) -> str | None:
        if action in self.legal_actions():
            return None
        return self.refusal(action)

    def refusal(self, action: Action) -> str:
        """Why a well-formed ``action`` is not open now; rulesets name the rule."""
        legal = ", ".join(a.to_str() for a in self.legal_actions()) or "none"
        return f"not open now (open: {legal})"


@dataclass(frozen=True, eq=False)
class Sealed(Generic[S]):
    """A copy of a state kept inside a seat's view: only determinized copies come out.

    ``State.determinize`` deals again everything ``seat`` cannot know and reseeds the
    state's own generator, so a search bot that plays out these copies learns nothing the
    seat could not know.
    """

    state: S = field(repr=False)
    seat: int | None

    def determinize(self, rng: Rng) -> S:
        if self.seat is None:
            raise ValueError("a spectator's view has no seat to determinize for")
        return self.state.determinize(self.seat, rng)  # type: ignore[return-value]


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """Base of the views of discrete rulesets: the listed actions and the sealed state."""

    seat: int | None
    current_player: int | None
    outcome: Outcome | None
    candidate_actions: tuple[Action, ...]
    sealed: Sealed[Any] | None = field(default=None, repr=False, compare=False)

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat may take now (discrete rulesets list them all)."""
        return self.candidate_actions

    def why_not(self, action: Any) -> str | None:
        if action in self.candidate_actions:
            return None
        if self.seat is None or self.seat != self.current_player:
            return "it is not this seat's turn to act"
        return "not one of the actions open now"

    def determinize(self, rng: Rng) -> State[Any, Any]:
        if self.sealed is None:
            raise ValueError("this view was made without a sealed state")
        state: State[Any, Any] = self.sealed.determinize(rng)
        return state
