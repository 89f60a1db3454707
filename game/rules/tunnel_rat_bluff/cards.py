"""Tunnel Rat's cards and the numbers of the game, read from ``data/rules.yaml``."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from game.core.data import load_model

DATA_DIR = Path(__file__).parent / "data"


class Card(StrEnum):
    """The three kinds of card in the 40-card deck."""

    VC = "vc"
    TRAP = "trap"
    TUNNEL = "tunnel"

    @property
    def label(self) -> str:
        return {"vc": "VC", "trap": "Trap", "tunnel": "Tunnel"}[self.value]


class DeckCounts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    vc: int = Field(ge=1)
    trap: int = Field(ge=1)
    tunnel: int = Field(ge=1)


class BluffRules(BaseModel):
    """Deck composition and the two victory thresholds."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    deck: DeckCounts
    rat_wins_with_tunnels: int = Field(ge=1)
    vc_wins_with_casualties: int = Field(ge=1)

    def full_deck(self) -> list[Card]:
        """All cards in a fixed order (VC, Trap, Tunnel) before shuffling."""
        return (
            [Card.VC] * self.deck.vc
            + [Card.TRAP] * self.deck.trap
            + [Card.TUNNEL] * self.deck.tunnel
        )

    def count(self, card: Card) -> int:
        return int(getattr(self.deck, card.value))

    @property
    def deck_size(self) -> int:
        return self.deck.vc + self.deck.trap + self.deck.tunnel


@cache
def load_rules(path: Path = DATA_DIR / "rules.yaml") -> BluffRules:
    """The game's numbers (cached; a bad file raises ``DataError`` naming the key)."""
    return load_model(path, BluffRules)
