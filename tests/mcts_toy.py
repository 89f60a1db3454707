"""Card Nim: a tiny hidden-information game implementing the second-edition contract,
for the search bot's tests (no ruleset code is involved).

A public pile of stones; two seats take turns. On a turn a seat takes one or two
stones, or plays a card from its hidden hand to take that many stones (only if the
pile has that many) and then draws a replacement from the hidden stock. Whoever takes
the last stone wins. Hands and the stock are hidden; played cards are public.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.api import Action, Event, Note, Outcome
from game.core.errors import IllegalAction
from game.core.rng import Rng


@dataclass(frozen=True)
class Take(Action):
    stones: int

    def to_str(self) -> str:
        return f"take {self.stones}"


@dataclass(frozen=True)
class PlayCard(Action):
    value: int

    def to_str(self) -> str:
        return f"play {self.value}"


@dataclass
class NimState:
    pile: int
    hands: list[list[int]]
    stock: list[int]
    played: list[int] = field(default_factory=list)
    to_move: int = 0
    winner: int | None = None
    rng: Rng = field(default_factory=lambda: Rng(0))

    # -- the contract -----------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.to_move

    def candidate_actions(self) -> Sequence[Action]:
        if self.winner is not None:
            return ()
        takes: list[Action] = [Take(n) for n in (1, 2) if n <= self.pile]
        cards = sorted({v for v in self.hands[self.to_move] if v <= self.pile})
        return (*takes, *(PlayCard(v) for v in cards))

    def legal_actions(self) -> Sequence[Action]:
        return self.candidate_actions()

    def why_not(self, action: Action) -> str | None:
        if action in self.candidate_actions():
            return None
        return f"{action} is not allowed with {self.pile} stones left"

    def apply(self, action: Action) -> list[Event]:
        reason = self.why_not(action)
        if reason is not None:
            raise IllegalAction(reason)
        hand = self.hands[self.to_move]
        if isinstance(action, PlayCard):
            hand.remove(action.value)
            self.played.append(action.value)
            if self.stock:
                hand.append(self.stock.pop())
            self.pile -= action.value
        elif isinstance(action, Take):
            self.pile -= action.stones
        if self.pile == 0:
            self.winner = self.to_move
        self.to_move = 1 - self.to_move
        return [Note(message=str(action))]

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(winners=(self.winner,), reason="took the last stone")

    def clone(self) -> NimState:
        return NimState(
            pile=self.pile,
            hands=[list(h) for h in self.hands],
            stock=list(self.stock),
            played=list(self.played),
            to_move=self.to_move,
            winner=self.winner,
            rng=self.rng.clone(),
        )

    def snapshot(self) -> dict[str, object]:
        return {"pile": self.pile, "hands": self.hands, "stock": self.stock, "to": self.to_move}

    def view(self, seat: int | None) -> NimView:
        return NimView(self, seat)

    def determinize(self, seat: int, rng: Rng) -> NimState:
        """Deal the cards ``seat`` cannot see again, from a canonical (sorted) pool, so
        the result depends only on what the seat knows and on ``rng``."""
        copy = self.clone()
        other = 1 - seat
        unseen = rng.shuffled(sorted([*copy.hands[other], *copy.stock]))
        k = len(copy.hands[other])
        copy.hands[other] = unseen[:k]
        copy.stock = unseen[k:]
        copy.rng = Rng(rng.next_u64())
        return copy


class NimView:
    """What one seat knows; it keeps the state privately only to determinize it."""

    def __init__(self, state: NimState, seat: int | None) -> None:
        self._state = state.clone()
        self.seat = seat
        self.current_player = state.current_player()
        self.outcome = state.outcome()
        self.pile = state.pile
        self.hand = tuple(sorted(state.hands[seat])) if seat is not None else ()
        mine = seat == self.current_player
        self.candidate_actions = tuple(state.candidate_actions()) if mine else ()
        self.legal_actions = self.candidate_actions

    def why_not(self, action: Action) -> str | None:
        return None if action in self.candidate_actions else "not open to this seat now"

    def determinize(self, rng: Rng) -> NimState:
        if self.seat is None:
            raise ValueError("a spectator has no information set to determinize")
        return self._state.determinize(self.seat, rng)


def new_nim(pile: int, hands: Sequence[Sequence[int]], stock: Sequence[int] = ()) -> NimState:
    return NimState(pile=pile, hands=[list(h) for h in hands], stock=list(stock))
