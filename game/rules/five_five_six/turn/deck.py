"""The 5.56mm turn deck (2.3, the first section of that number).

Every character is given a playing card (an Elite character two), black cards for one
side and red for the other. The given cards, and any Jokers the scenario adds, are
shuffled into the turn deck. The players take turns drawing from it: the card drawn
names the character who has his go next (or, for a Joker, the scenario event). A card
of a character who has been killed is taken out of the deck when drawn and another is
drawn; his cards are not shuffled back in for later turns. When the deck is spent the
turn ends and every remaining card is shuffled for the next turn.

Cards are their text forms: ``KC`` (king of clubs, see
:class:`game.core.playing_cards.PlayingCard`) and ``JOKER1``, ``JOKER2`` for Jokers.
The order of the draw pile is hidden information (:meth:`TurnDeck.redeal`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from game.core.deck import Deck
from game.core.playing_cards import PlayingCard, card_words
from game.core.rng import Rng

JOKERS: tuple[str, ...] = ("JOKER1", "JOKER2")
"""A standard pack has two Jokers; a scenario may shuffle in one or both."""


def is_joker(card: str) -> bool:
    return card in JOKERS


def card_is_red(card: str) -> bool:
    """Hearts and diamonds are red (``ValueError`` for a Joker or a bad card)."""
    return PlayingCard.parse(card).red


def card_title(card: str) -> str:
    """``king of clubs``, ``10 of hearts``, ``Joker``: how the table and the log show a
    card (in words: the default font has no suit signs)."""
    return "Joker" if is_joker(card) else card_words(card)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One card off the turn deck. ``character`` is whose card it is ("" for a Joker);
    ``removed``: the character is dead, so the card leaves the deck; ``second``: the
    character has already had a go this turn (Elite: one action, no special action)."""

    card: str
    drawer: int
    character: str
    removed: bool = False
    second: bool = False

    @property
    def joker(self) -> bool:
        return is_joker(self.card)


@dataclass
class TurnDeck:
    """The turn deck of one game.

    ``owners`` maps every card to its character id (Jokers to ""). ``deck.draw_pile``
    is face down (top = end of the list); ``deck.discard_pile`` holds the cards drawn
    this turn, in order; ``removed`` the cards of dead characters, out for good.
    ``drawer`` is the seat that draws next (the players alternate); ``gone`` the
    characters who have had a go this turn.
    """

    owners: Mapping[str, str]
    deck: Deck[str] = field(default_factory=Deck)
    removed: list[str] = field(default_factory=list)
    drawer: int = 0
    gone: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, cards: Mapping[str, Iterable[str]], jokers: int = 0) -> TurnDeck:
        """A deck from each character's cards (``{character: (card, ...)}``) plus the
        first ``jokers`` Jokers. ``ValueError`` if a card is given twice."""
        owners: dict[str, str] = {}
        for character, given in cards.items():
            for card in given:
                PlayingCard.parse(card)  # a Joker is never a character's card
                if card in owners:
                    raise ValueError(f"card {card} is given to {owners[card]} and {character}")
                owners[card] = character
        if not 0 <= jokers <= len(JOKERS):
            raise ValueError(f"a pack has {len(JOKERS)} Jokers, not {jokers}")
        for joker in JOKERS[:jokers]:
            owners[joker] = ""
        return cls(owners=owners)

    def cards_of(self, character: str) -> tuple[str, ...]:
        return tuple(sorted(c for c, who in self.owners.items() if who == character))

    def shuffle(
        self,
        rng: Rng,
        dead: Callable[[str], bool],
        absent: Callable[[str], bool] = lambda _: False,
    ) -> None:
        """Start a turn: every card not removed is shuffled into the draw pile; cards of
        characters killed since are removed first (2.3: not reshuffled into the deck);
        cards of characters ``absent`` from the table (reinforcements yet to come) sit
        this turn out. The drawing goes on alternating from where the last turn left
        it."""
        for card, who in sorted(self.owners.items()):
            if who and dead(who) and card not in self.removed:
                self.removed.append(card)
        live = sorted(
            c
            for c, who in self.owners.items()
            if c not in self.removed and not (who and absent(who))
        )
        self.deck = Deck(draw_pile=rng.shuffled(live))
        self.gone = []

    def draw(self, rng: Rng, dead: Callable[[str], bool]) -> list[Drawn]:
        """The next draws up to and including the first card of a living character or a
        Joker; cards of dead characters met on the way are removed (2.3: remove it and
        draw another). Empty when the deck is spent: the turn is over."""
        out: list[Drawn] = []
        while True:
            card = self.deck.draw(rng)
            if card is None:
                return out
            drawer = self.drawer
            self.drawer = 1 - drawer
            who = self.owners[card]
            if who and dead(who):
                self.removed.append(card)
                out.append(Drawn(card, drawer, who, removed=True))
                continue
            self.deck.discard(card)
            second = bool(who) and who in self.gone
            if who and not second:
                self.gone.append(who)
            out.append(Drawn(card, drawer, who, second=second))
            return out

    def left(self) -> int:
        """Cards still face down this turn."""
        return len(self.deck.draw_pile)

    def redeal(self, rng: Rng) -> None:
        """Determinize: the draw pile's order is what nobody knows."""
        self.deck.draw_pile = rng.shuffled(sorted(self.deck.draw_pile))

    def copy(self) -> TurnDeck:
        return TurnDeck(
            self.owners, self.deck.copy(), list(self.removed), self.drawer, list(self.gone)
        )

    def snapshot(self) -> list[object]:
        return [
            list(self.deck.draw_pile),
            list(self.deck.discard_pile),
            list(self.removed),
            self.drawer,
            list(self.gone),
        ]
