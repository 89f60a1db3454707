"""Ordinary playing cards: a 52-card deck as a randomiser (JTS RatFight, 5.56mm).

A card is a rank (1 = ace, 2..10, 11 = jack, 12 = queen, 13 = king) and a suit. Aces
are low. Between equal ranks the suits rank Spades > Hearts > Diamonds > Clubs, so no
two different cards are ever equal. The text form is rank then suit letter: ``AS``,
``7H``, ``10D``, ``QC``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from math import comb

from game.core.deck import Deck
from game.core.rng import Rng


class Suit(IntEnum):
    """Suits in rank order: a higher value beats a lower one between equal ranks."""

    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    SPADES = 4

    @property
    def letter(self) -> str:
        return "CDHS"[self.value - 1]

    @property
    def red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return "\u2663\u2666\u2665\u2660"[self.value - 1]


_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_VALUES = {v: k for k, v in _RANK_NAMES.items()}


@dataclass(frozen=True, order=True, slots=True)
class PlayingCard:
    """One card. Ordering (rank first, then suit) is the order of "beats"."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise ValueError(f"a card's rank is 1 (ace) to 13 (king), not {self.rank}")

    @property
    def value(self) -> int:
        """Numeric value: ace 1, pips 2-10, jack 11, queen 12, king 13."""
        return self.rank

    @property
    def red(self) -> bool:
        return self.suit.red

    @property
    def rank_label(self) -> str:
        return _RANK_NAMES.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        return f"{self.rank_label}{self.suit.letter}"

    def beats(self, other: PlayingCard) -> bool:
        """Higher rank wins; on equal ranks the higher suit (Spades high, Clubs low)."""
        return (self.rank, self.suit) > (other.rank, other.suit)

    @classmethod
    def parse(cls, text: str) -> PlayingCard:
        """``AS``, ``10h``, ``qd`` ...; ``ValueError`` naming the text otherwise."""
        clean = text.strip().upper()
        rank_text, suit_text = clean[:-1], clean[-1:]
        suits = {s.letter: s for s in Suit}
        if suit_text not in suits:
            raise ValueError(f"{text!r} is not a playing card (suit one of C, D, H, S)")
        if rank_text in _RANK_VALUES:
            rank = _RANK_VALUES[rank_text]
        elif rank_text.isdigit() and 2 <= int(rank_text) <= 10:
            rank = int(rank_text)
        else:
            raise ValueError(f"{text!r} is not a playing card (rank A, 2-10, J, Q or K)")
        return cls(rank, suits[suit_text])


_RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def card_words(text: str) -> str:
    """A card's text form as a player says it: ``AD`` -> "ace of diamonds", ``10H`` ->
    "10 of hearts" (the default font has no suit symbols); other text is returned as
    it is."""
    try:
        card = PlayingCard.parse(text)
    except ValueError:
        return text
    rank = _RANK_WORDS.get(card.rank, str(card.rank))
    return f"{rank} of {card.suit.name.lower()}"


def full_deck() -> list[PlayingCard]:
    """The 52 cards in a fixed order (clubs ace first, spades king last)."""
    return [PlayingCard(rank, suit) for suit in Suit for rank in range(1, 14)]


def best(cards: Sequence[PlayingCard]) -> PlayingCard:
    """The card that beats every other of ``cards`` (keep it, discard the rest)."""
    if not cards:
        raise ValueError("best() of no cards")
    return max(cards)


class PlayingDeck:
    """A player's own 52-card deck: draw off the top, discard after use, and shuffle the
    discards into a new deck the moment the last card has been drawn.

    ``deck`` is a :class:`~game.core.deck.Deck` (top of the draw pile = end of list).
    ``held`` are cards turned over with :meth:`turn_over` and still on the table (in
    use in a draw not yet settled): they are in neither pile, so a reshuffle in the
    middle of a draw cannot bring them back; :meth:`settle` discards them.
    """

    __slots__ = ("deck", "held")

    def __init__(self, deck: Deck[PlayingCard], held: list[PlayingCard] | None = None) -> None:
        self.deck = deck
        self.held: list[PlayingCard] = held if held is not None else []

    @classmethod
    def shuffled(cls, rng: Rng) -> PlayingDeck:
        return cls(Deck.shuffled(full_deck(), rng))

    def draw(self, rng: Rng) -> PlayingCard:
        """Turn over the top card; it goes on the discard pile straight away. When the
        draw pile is spent, the discards are shuffled into a new draw pile first."""
        card = self.deck.draw(rng, reshuffle=True)
        if card is None:  # every card is in the draw pile or the discards
            raise ValueError("a playing-card deck lost its cards")
        self.deck.discard(card)
        return card

    def draw_many(self, count: int, rng: Rng) -> tuple[PlayingCard, ...]:
        return tuple(self.draw(rng) for _ in range(count))

    def turn_over(self, count: int, rng: Rng) -> tuple[PlayingCard, ...]:
        """Turn over ``count`` cards and keep them on the table (``held``) until
        :meth:`settle`. When the draw pile runs out part-way, only the discard pile is
        shuffled into a new one: cards on the table stay there."""
        out: list[PlayingCard] = []
        for _ in range(count):
            card = self.deck.draw(rng, reshuffle=True)
            if card is None:
                raise ValueError(
                    f"a playing-card deck has no card left to turn over ({len(self.held)} "
                    "are on the table)"
                )
            self.held.append(card)
            out.append(card)
        return tuple(out)

    def settle(self) -> None:
        """The draw is over: the cards on the table go to the discard pile."""
        for card in self.held:
            self.deck.discard(card)
        self.held = []

    def copy(self) -> PlayingDeck:
        return PlayingDeck(self.deck.copy(), list(self.held))

    def redeal(self, rng: Rng) -> None:
        """Shuffle the draw pile again (the order is what nobody knows): determinize."""
        self.deck.draw_pile = rng.shuffled(sorted(self.deck.draw_pile))

    def __len__(self) -> int:
        return len(self.deck)


def best_card_odds(
    mine: Sequence[PlayingCard], k: int, theirs: Sequence[PlayingCard], d: int
) -> tuple[Fraction, Fraction, Fraction]:
    """Exact chances when I turn over ``k`` cards from the cards ``mine`` (the unseen
    rest of my deck, in any order) and the other side ``d`` from ``theirs``, and each
    keeps the best: (my card beats theirs, both keep the very same card, theirs beats
    mine). Two different decks, so "the same card" means same rank and suit.

    P(my best is c) = [C(#mine <= c, k) - C(#mine < c, k)] / C(#mine, k), and their best
    is below c with C(#theirs < c, d) / C(#theirs, d)."""
    pool_a, pool_d = sorted(mine), sorted(theirs)
    if not 1 <= k <= len(pool_a) or not 1 <= d <= len(pool_d):
        raise ValueError(f"cannot turn over {k} of {len(pool_a)} and {d} of {len(pool_d)} cards")
    all_a, all_d = comb(len(pool_a), k), comb(len(pool_d), d)
    below_d = {c: i for i, c in enumerate(pool_d)}  # cards of theirs below c, for c in theirs
    win = same = Fraction(0)
    j = 0  # cards of theirs strictly below the current card of mine
    for i, card in enumerate(pool_a):
        while j < len(pool_d) and pool_d[j] < card:
            j += 1
        p_best = Fraction(comb(i + 1, k) - comb(i, k), all_a)
        if not p_best:
            continue
        win += p_best * Fraction(comb(j, d), all_d)
        if card in below_d:  # they hold the very same card: it is their best exactly so often
            n = below_d[card]
            same += p_best * Fraction(comb(n + 1, d) - comb(n, d), all_d)
    return win, same, 1 - win - same
