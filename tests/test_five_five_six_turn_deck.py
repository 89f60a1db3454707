"""5.56mm 2.3: the turn deck of playing cards, one (Elite: two) per character."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import Rng
from game.rules.five_five_six.turn.deck import JOKERS, TurnDeck, card_is_red, card_title

CARDS = {"havers": ("KC",), "johnson": ("2C",), "ali": ("KH",), "omar": ("2H", "3H")}


def alive(_: str) -> bool:
    return False


def test_2_3_every_card_is_drawn_once_per_turn_and_the_deck_is_spent() -> None:
    """5.56mm 2.3: the assigned cards are shuffled together; drawing goes on until every
    card has been used, ending the turn."""
    deck = TurnDeck.build(CARDS)
    deck.shuffle(Rng(1), alive)
    drawn = []
    while draws := deck.draw(Rng(2), alive):
        drawn += [d.card for d in draws]
    assert sorted(drawn) == sorted(c for cards in CARDS.values() for c in cards)
    assert deck.left() == 0 and deck.draw(Rng(3), alive) == []


def test_2_3_the_players_alternate_in_drawing() -> None:
    """5.56mm 2.3: each player alternates in drawing a card, whoever's card it is."""
    deck = TurnDeck.build(CARDS)
    deck.shuffle(Rng(4), alive)
    drawers = [d.drawer for _ in range(5) for d in deck.draw(Rng(0), alive)]
    assert drawers == [0, 1, 0, 1, 0]


def test_2_3_a_killed_characters_card_is_removed_and_another_drawn() -> None:
    """5.56mm 2.3: a card drawn for a killed character is removed from the deck and
    another card drawn; it is not reshuffled for the next turn."""
    deck = TurnDeck.build(CARDS)
    deck.shuffle(Rng(1), alive)
    deck.deck.draw_pile = ["2C", "KH", "KC"]  # KC on top
    dead = {"havers"}
    draws = deck.draw(Rng(0), lambda who: who in dead)
    assert [(d.card, d.removed) for d in draws] == [("KC", True), ("KH", False)]
    assert draws[-1].character == "ali"
    assert deck.removed == ["KC"]
    while deck.draw(Rng(0), lambda who: who in dead):
        pass
    deck.shuffle(Rng(5), lambda who: who in dead)
    assert "KC" not in deck.deck.draw_pile and len(deck.deck.draw_pile) == 4


def test_2_3_cards_of_characters_killed_after_their_go_are_not_reshuffled() -> None:
    """5.56mm 2.3: cards for characters who have been killed are not reshuffled into
    the deck, even if the card was drawn before the character died."""
    deck = TurnDeck.build(CARDS)
    deck.shuffle(Rng(1), alive)
    while deck.draw(Rng(0), alive):
        pass
    deck.shuffle(Rng(2), lambda who: who == "omar")
    assert sorted(deck.deck.draw_pile) == ["2C", "KC", "KH"]
    assert sorted(deck.removed) == ["2H", "3H"]


def test_2_3_elite_second_card_is_marked_second() -> None:
    """5.56mm 2.3: when an Elite character's second card is drawn he goes again (with a
    single action, no special action): the draw says it is his second go."""
    deck = TurnDeck.build(CARDS)
    deck.shuffle(Rng(1), alive)
    deck.deck.draw_pile = ["KC", "3H", "2H"]
    first = deck.draw(Rng(0), alive)[-1]
    second = deck.draw(Rng(0), alive)[-1]
    assert (first.character, first.second) == ("omar", False)
    assert (second.character, second.second) == ("omar", True)
    assert not deck.draw(Rng(0), alive)[-1].second


def test_2_3_jokers_are_scenario_events() -> None:
    """5.56mm 2.3: Jokers shuffled in by a scenario are drawn like any card and belong
    to no character."""
    deck = TurnDeck.build(CARDS, jokers=1)
    deck.shuffle(Rng(1), alive)
    cards = [d for _ in range(6) for d in deck.draw(Rng(0), alive)]
    jokers = [d for d in cards if d.joker]
    assert [d.card for d in jokers] == [JOKERS[0]] and jokers[0].character == ""


def test_2_3_a_card_is_given_to_one_character_only() -> None:
    with pytest.raises(ValueError, match="KC"):
        TurnDeck.build({"a": ("KC",), "b": ("KC",)})
    with pytest.raises(ValueError, match="playing card"):
        TurnDeck.build({"a": ("JOKER1",)})


def test_cards_show_their_colour_and_title() -> None:
    assert card_is_red("10H") and card_is_red("AD") and not card_is_red("KC")
    assert card_title("10H") == "10 of hearts" and card_title("JOKER2") == "Joker"
    assert card_title("KC") == "king of clubs" and card_title("AH") == "ace of hearts"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), dead=st.sets(st.sampled_from(sorted(CARDS))))
def test_2_3_redeal_keeps_the_cards_and_hides_the_order(seed: int, dead: set[str]) -> None:
    """Determinizing the deck keeps which cards are face down; the new order depends
    only on the cards and the generator, never on the true order."""
    deck = TurnDeck.build(CARDS, jokers=2)
    deck.shuffle(Rng(seed), lambda who: who in dead)
    deck.draw(Rng(seed), lambda who: who in dead)
    other = deck.copy()
    other.deck.draw_pile.reverse()
    deck.redeal(Rng(7))
    other.redeal(Rng(7))
    assert deck.deck.draw_pile == other.deck.draw_pile
    assert sorted(deck.deck.draw_pile) == sorted(other.deck.draw_pile)
