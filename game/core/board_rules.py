"""Games whose rules are plain functions of one mutable board (the tabletop games,
RatFight and 5.56mm): the record of those functions, and the parts of the rules
contract that a state and a seat's view build from it alone, written once here.

A ruleset names its functions in a :class:`BoardRules`; its state subclasses
:class:`BoardState` (legality, candidates, random play, apply, explain and the outcome
come from the record and the board), its view mixes in :class:`BoardSeatView` (the seat's
legality, random draw and determinized copies).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from game.core.api import Action, Event, Explanation, Outcome, Sealed, State
from game.core.errors import IllegalAction
from game.core.rng import Rng


class PlayBoard(Protocol):
    """What the shared contract reads of a board: its generator and, once the game is
    over, who won and why."""

    rng: Rng
    winners: tuple[int, ...] | None
    reason: str


B = TypeVar("B", bound=PlayBoard)


@dataclass(frozen=True)
class BoardRules(Generic[B]):
    """A ruleset's functions of its board: why an action is refused (None: legal), the
    candidate actions, one random legal action drawn without listing them, playing a
    legal action, and the rules calculator."""

    why_not: Callable[[B, Action], str | None]
    candidates: Callable[[B], list[Action]]
    sample: Callable[[B, Rng], Action]
    resolve: Callable[[B, Action], list[Event]]
    explain: Callable[[B, Action], Explanation]


class BoardState(ABC, Generic[B]):
    """The rules contract over ``board`` from the class's ``rules``; a subclass adds the
    parts that differ (whose turn, scores, view, determinize, snapshot)."""

    rules: ClassVar[BoardRules[Any]]
    board: B

    @property
    def rng(self) -> Rng:
        return self.board.rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        self.board.rng = value

    def why_not(self, action: Action) -> str | None:
        return self.rules.why_not(self.board, action)

    def candidate_actions(self) -> list[Action]:
        return self.rules.candidates(self.board)

    #: the action :meth:`random_action` last drew, checked legal as it was drawn (kept
    #: until the next :meth:`apply`, so applying that very object is not checked twice)
    _drawn: Action | None = None

    def random_action(self, rng: Rng) -> Action:
        """A random legal action, drawn without listing every candidate (the ruleset's
        sampler, whose draws are legal)."""
        self._drawn = self.rules.sample(self.board, rng)
        return self._drawn

    def apply(self, action: Action) -> list[Event]:
        """Play a legal action; an illegal one raises ``IllegalAction`` with the rule.
        The action just drawn by :meth:`random_action` (the same object, nothing played
        since) was checked by the draw and is not checked again."""
        drawn, self._drawn = self._drawn, None
        if action is not drawn:
            reason = self.rules.why_not(self.board, action)
            if reason is not None:
                raise IllegalAction(f"{action.to_str()!r} cannot be played: {reason}")
        return self.rules.resolve(self.board, action)

    def explain(self, action: Action) -> Explanation:
        """The rules calculator: numbers and exact outcome chances of a legal action."""
        return self.rules.explain(self.board, action)

    def outcome(self) -> Outcome | None:
        b = self.board
        if b.winners is None:
            return None
        return Outcome(winners=b.winners, reason=b.reason, scores=self.scores())

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each seat's score for the outcome (the ruleset says what counts)."""


class _SeatLike(Protocol):
    rules: ClassVar[BoardRules[Any]]

    @property
    def seat(self) -> int | None: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def acting(self) -> bool: ...
    @property
    def board(self) -> Any: ...
    @property
    def sealed(self) -> Sealed[Any] | None: ...


class BoardSeatView:
    """What a seat's view of a board game answers from the class's ``rules``: legality
    reads nothing hidden, so the seat's own copy of the board serves."""

    rules: ClassVar[BoardRules[Any]]

    def random_action(self: _SeatLike, rng: Rng) -> Action:
        """A random legal action of the seat to act (the ruleset's sampler)."""
        if not self.acting:
            raise ValueError("there is no legal action to choose from: not this seat's turn")
        return self.rules.sample(self.board, rng)

    def why_not(self: _SeatLike, action: Any) -> str | None:
        """The rules' own answer for the seat to act."""
        if self.seat is None or self.seat != self.current_player:
            return "it is not this seat's turn to act"
        return self.rules.why_not(self.board, action)

    def determinize(self: _SeatLike, rng: Rng) -> State[Any, Any]:
        if self.sealed is None:
            raise ValueError("this view was made without a sealed state")
        state: State[Any, Any] = self.sealed.determinize(rng)
        return state
