"""What the enemy can really reach next turn, from what one seat knows (issue 17c).

The enemy's hand is hidden, but the seat knows the whole deck list, its own hand and the
face-up discard pile: every other card is equally likely to be in the enemy's hand. By
its next fire phase the enemy holds its present cards plus the orders-phase draw (it
chooses what to keep at the hand limit, so all of them count). The chance that it holds
at least one Attack card of range ``d`` or more that its robot may use is
hypergeometric: ``1 - C(N - K, h) / C(N, h)`` for ``N`` unseen cards of which ``K``
qualify and ``h`` cards in its hand.
"""

from __future__ import annotations

from fractions import Fraction

from game.rules.transformers_skirmish.cards import CardKind, Only
from game.rules.transformers_skirmish.odds import chance_of_any, unseen_cards
from game.rules.transformers_skirmish.view import SkirmishView


class EnemyReach:
    """The enemy's chance of an attack at each distance, for robots with and without a
    Minicon (only they may play Minicon Attack)."""

    def __init__(self, view: SkirmishView, seat: int) -> None:
        catalog = view.catalog
        self.unseen = unseen_cards(view)
        enemy = 1 - seat
        total = sum(self.unseen.values())
        self.hand = min(total, view.hand_sizes[enemy] + catalog.numbers.draw_per_turn)
        longest = max((c.range or 0) for c in catalog.cards if c.kind is CardKind.ATTACK)
        self.longest = longest
        self._chance: dict[tuple[int, bool], Fraction] = {}
        for minicon in (False, True):
            for d in range(1, longest + 1):
                qualifying = sum(
                    n
                    for card, n in self.unseen.items()
                    if (spec := catalog.card(card)).kind is CardKind.ATTACK
                    and (spec.range or 0) >= d
                    and (spec.only is None or (spec.only is Only.MINICON and minicon))
                )
                self._chance[(d, minicon)] = chance_of_any(total, qualifying, self.hand)
        self._odds = {key: float(value) for key, value in self._chance.items()}

    def chance(self, distance: int, minicon: bool) -> Fraction:
        """Exact chance that the enemy can attack at ``distance`` squares with a robot
        (``minicon``: whether that robot carries one)."""
        if distance < 1 or distance > self.longest:
            return Fraction(0)
        return self._chance[(distance, minicon)]

    def odds(self, distance: int, minicon: bool) -> float:
        """``chance`` as a float (the bot asks it for every line of fire it scores)."""
        if distance < 1 or distance > self.longest:
            return 0.0
        return self._odds[(distance, minicon)]
