"""Setting up a player's 52-card deck for an ``explain`` position: the next cards in
order, or the whole draw pile (the rest lying in the discards)."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.core.playing_cards import PlayingCard, PlayingDeck, full_deck
from game.core.position_setup import SetupProblem, stacked
from game.core.rng import Rng


class PlayingDeckSetup(BaseModel):
    """``top``: the next cards drawn, first drawn first, the rest shuffled under them
    (the discards empty); or ``pile``: every card left to draw, in order, the other
    cards of the 52 in the discard pile. Cards as ``AS``, ``10H``, ``QD``."""

    model_config = ConfigDict(extra="forbid")
    top: list[str] = Field(default_factory=list)
    pile: list[str] | None = None

    @model_validator(mode="after")
    def _one_of(self) -> PlayingDeckSetup:
        if self.top and self.pile is not None:
            raise ValueError("either top or pile, not both")
        return self


def _cards(where: Sequence[str | int], names: list[str]) -> list[PlayingCard]:
    out: list[PlayingCard] = []
    for i, name in enumerate(names):
        try:
            card = PlayingCard.parse(name)
        except ValueError:
            raise SetupProblem([*where, i], f"a card like AS, 10H or QD, found {name!r}") from None
        if card in out:
            raise SetupProblem([*where, i], f"each card once ({name} is named twice)")
        out.append(card)
    return out


def set_playing_deck(
    deck: PlayingDeck, setup: PlayingDeckSetup, where: Sequence[str | int], rng: Rng
) -> None:
    """Arrange ``deck`` (nothing held on the table) as ``setup`` says."""
    deck.held = []
    if setup.pile is not None:
        pile = _cards([*where, "pile"], setup.pile)
        if not pile:
            raise SetupProblem([*where, "pile"], "at least one card left to draw")
        deck.deck.draw_pile = list(reversed(pile))
        deck.deck.discard_pile = [c for c in full_deck() if c not in pile]
        return
    top = _cards([*where, "top"], setup.top)
    deck.deck.draw_pile = stacked([c for c in full_deck() if c not in top], top, rng)
    deck.deck.discard_pile = []
