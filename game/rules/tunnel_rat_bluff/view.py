"""What one seat of Tunnel Rat may know."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.api import SeatView
from game.rules.tunnel_rat_bluff.actions import Guess, Question
from game.rules.tunnel_rat_bluff.cards import BluffRules, Card, Tell
from game.rules.tunnel_rat_bluff.events import Phase


@dataclass(frozen=True, kw_only=True)
class BluffView(SeatView):
    """The table as seen by ``seat`` (0 Rat, 1 VC, ``None`` spectator).

    ``drawn_card`` is set only for the VC while a card is in hand; the deck's order is
    never part of a view.
    """

    phase: Phase
    turn: int
    deck_size: int
    card_drawn: bool
    drawn_card: Card | None
    tunnels: tuple[Card, ...]
    casualties: tuple[Card, ...]
    discard: tuple[Card, ...]
    asked: tuple[tuple[Phase, Question], ...]
    last_call: Guess | None
    last_revealed: Card | None
    rules: BluffRules
    tell: Tell | None = None
    tell_reliability: int = 0

    def progress(self) -> tuple[str, ...]:
        """The score against each side's winning number, then the cards left in the
        deck (the deck-out rule decides a game that runs through all of them)."""
        left = self.deck_size
        return (
            f"Tunnels kept by the Rat: {len(self.tunnels)} of {self.rules.rat_wins_with_tunnels}",
            f"Casualties for the VC: {len(self.casualties)} of "
            f"{self.rules.vc_wins_with_casualties}",
            f"Deck: {left} card{'s' * (left != 1)} left",
        )

    def unseen_counts(self) -> dict[Card, int]:
        """Cards of each kind not yet revealed (the deck plus any card in the VC's hand)."""
        counts = {card: self.rules.count(card) for card in Card}
        for pile in (self.tunnels, self.casualties, self.discard):
            for card in pile:
                counts[card] -= 1
        return counts

    def card_chances(self) -> dict[Card, float]:
        """Chance of each kind for the card in play, from the unseen counts and, in the
        tells variant, the tell the VC showed (Bayes' rule)."""
        counts = self.unseen_counts()
        weights = {
            card: n
            * (self.rules.tell_chance(self.tell, card, self.tell_reliability) if self.tell else 1.0)
            for card, n in counts.items()
        }
        total = sum(weights.values())
        return {card: (w / total if total else 0.0) for card, w in weights.items()}
