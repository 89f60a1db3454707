"""Tunnel Rat's cards and the numbers of the game, read from ``data/rules.yaml``."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.core.data import load_model
from game.resources import rules_data_dir

DATA_DIR = rules_data_dir("tunnel_rat_bluff")


class Card(StrEnum):
    """The three kinds of card in the 40-card deck."""

    VC = "vc"
    TRAP = "trap"
    TUNNEL = "tunnel"

    @property
    def label(self) -> str:
        return {"vc": "VC", "trap": "Trap", "tunnel": "Tunnel"}[self.value]


class Tell(StrEnum):
    """What the computer VC gives away when first questioned (the tells variant)."""

    HESITATES = "hesitates"
    GLANCES = "glances"
    FIDGETS = "fidgets"

    @property
    def words(self) -> str:
        return {
            "hesitates": "hesitates before answering",
            "glances": "glances at the ground",
            "fidgets": "fidgets with his sleeve",
        }[self.value]


class TellMap(BaseModel):
    """Which tell goes with which card (one tell per kind of card)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    vc: Tell
    trap: Tell
    tunnel: Tell


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
    tells: TellMap
    tell_reliabilities: tuple[int, ...]

    @model_validator(mode="after")
    def _tells_distinct(self) -> BluffRules:
        if len({self.tells.vc, self.tells.trap, self.tells.tunnel}) != 3:
            raise ValueError("tells: each kind of card needs its own tell")
        if any(not 34 <= r <= 100 for r in self.tell_reliabilities):
            raise ValueError("tell_reliabilities: percentages from 34 to 100 (33 tells nothing)")
        return self

    def tell_of(self, card: Card) -> Tell:
        """The tell that goes with ``card``."""
        return Tell(getattr(self.tells, card.value))

    def tell_chance(self, tell: Tell, card: Card, reliability: int) -> float:
        """P(the VC shows ``tell`` | the card is ``card``) at ``reliability`` percent."""
        r = reliability / 100
        return r if self.tell_of(card) is tell else (1 - r) / 2

    @model_validator(mode="after")
    def _winnable(self) -> BluffRules:
        """Each threshold must be reachable with the deck: tunnels come only from Tunnel
        cards, casualties only from VC and Trap cards."""
        if self.rat_wins_with_tunnels > self.deck.tunnel:
            raise ValueError(
                f"rat_wins_with_tunnels: {self.rat_wins_with_tunnels} is more than the "
                f"{self.deck.tunnel} tunnel cards of deck.tunnel (the Rat could never win)"
            )
        dangers = self.deck.vc + self.deck.trap
        if self.vc_wins_with_casualties > dangers:
            raise ValueError(
                f"vc_wins_with_casualties: {self.vc_wins_with_casualties} is more than the "
                f"{dangers} VC and trap cards of the deck (the VC could never win)"
            )
        return self

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
