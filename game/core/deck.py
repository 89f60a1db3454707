"""A deck of cards: a face-down draw pile (top = end of the list) and a discard pile."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from game.core.rng import Rng

T = TypeVar("T")


@dataclass
class Deck(Generic[T]):
    """Draw pile and discard pile. Order of ``draw_pile`` is secret information."""

    draw_pile: list[T] = field(default_factory=list)
    discard_pile: list[T] = field(default_factory=list)

    @classmethod
    def shuffled(cls, cards: list[T], rng: Rng) -> Deck[T]:
        return cls(draw_pile=rng.shuffled(cards))

    def __len__(self) -> int:
        return len(self.draw_pile)

    def draw(self, rng: Rng, *, reshuffle: bool = False) -> T | None:
        """Take the top card. When the pile is empty and ``reshuffle`` is set, the discard
        pile is shuffled to form a new draw pile first; ``None`` when nothing is left."""
        if not self.draw_pile and reshuffle and self.discard_pile:
            self.draw_pile = rng.shuffled(self.discard_pile)
            self.discard_pile = []
        if not self.draw_pile:
            return None
        return self.draw_pile.pop()

    def discard(self, card: T) -> None:
        self.discard_pile.append(card)

    def copy(self) -> Deck[T]:
        return Deck(list(self.draw_pile), list(self.discard_pile))
