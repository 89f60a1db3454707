"""RatFight, Cards: a spent resolution deck is reshuffled at once, but the cards of a draw
still on the table are not in it (rules version 3). Before, every card went to the
discards as soon as it was turned over, so a reshuffle in the middle of a multi-card
draw could turn the same card up twice in one contest."""

from __future__ import annotations

from game.core.deck import Deck
from game.core.playing_cards import PlayingCard, PlayingDeck, full_deck
from game.core.rng import Rng
from game.rules.ratfight import RatFight
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.events import Contest
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import hand, only, place

X, Y = PlayingCard.parse("7S"), PlayingCard.parse("QD")


def test_ratfight_cards_a_reshuffle_mid_draw_leaves_the_cards_on_the_table_out() -> None:
    """One card left to draw, one in the discards: turning over two gives both, in
    that order, whatever the shuffle; then both are discarded."""
    for seed in range(20):
        deck = PlayingDeck(Deck(draw_pile=[X], discard_pile=[Y]))
        assert deck.turn_over(2, Rng(seed)) == (X, Y)
        assert deck.held == [X, Y] and len(deck) == 0 and deck.deck.discard_pile == []
        deck.settle()
        assert deck.held == [] and deck.deck.discard_pile == [X, Y]


def test_ratfight_cards_version_2_draw_could_bring_the_same_card_back() -> None:
    """The old draw (kept for rules version 2 saves) sent the first card to the discards
    before the reshuffle: with one card left and one discarded, some shuffles turn the
    same card up twice."""
    pairs = set()
    for seed in range(20):
        deck = PlayingDeck(Deck(draw_pile=[X], discard_pile=[Y]))
        pairs.add(deck.draw_many(2, Rng(seed)))
    assert (X, X) in pairs and (X, Y) in pairs


def _sniper_with_one_card_left(version: str, seed: int) -> RatFightState:
    state = RatFight().new_game(seed, {"scenario": "farm_raid"}, version)
    assert isinstance(state, RatFightState)
    b = state.board
    only(b, "snp", "g1")
    place(b, "snp", 30, 20)
    place(b, "g1", 30, 14)
    hand(b, 0, "fire_one")
    deck = b.resolution[0].deck
    cards = full_deck()
    deck.draw_pile, deck.discard_pile = [cards[5]], [c for c in cards if c != cards[5]]
    return state


def test_ratfight_cards_a_dead_shot_sniper_never_turns_up_one_card_twice() -> None:
    """Sniper Roux (Dead Shot, sniper rifle) turns over three cards with one left in his
    deck: the one left, then two from the reshuffled discards, never the first again.
    After the shot all 52 cards are back in the deck's two piles."""
    for seed in range(12):
        state = _sniper_with_one_card_left("3", seed)
        events = state.apply(Fire("snp", "sniper_rifle", "g1"))
        shot = next(e for e in events if isinstance(e, Contest))
        assert len(shot.attacker_cards) == 3
        assert len(set(shot.attacker_cards)) == 3, shot.attacker_cards
        deck = state.board.resolution[0]
        assert deck.held == []
        assert sorted(deck.deck.draw_pile + deck.deck.discard_pile) == full_deck_sorted()


def full_deck_sorted() -> list[PlayingCard]:
    return sorted(full_deck())


def test_ratfight_cards_version_2_games_keep_their_draw() -> None:
    """A rules version 2 game draws as it did (the first card goes back in the
    reshuffle), so its saves replay: some seed turns it up twice."""
    repeats = 0
    for seed in range(60):
        state = _sniper_with_one_card_left("2", seed)
        shot = next(
            e for e in state.apply(Fire("snp", "sniper_rifle", "g1")) if isinstance(e, Contest)
        )
        repeats += len(set(shot.attacker_cards)) < 3
    assert repeats > 0
