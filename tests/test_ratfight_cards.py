"""RatFight: the cards (resolution decks, the action deck) and the turn sequence."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from game.core.playing_cards import PlayingCard, PlayingDeck, Suit, full_deck
from game.core.rng import Rng
from game.rules.ratfight.actions import End, Fire, Redraw
from game.rules.ratfight.data import CardKind, core_rules
from game.rules.ratfight.events import CardTurned, Contest, InitiativeDrawn, TurnBegan, TurnEnded
from tests.ratfight_support import hand, new_game, only, place, stack, stack_actions


def test_ratfight_cards_aces_low_and_court_cards_11_12_13() -> None:
    assert PlayingCard.parse("AS").value == 1
    assert [PlayingCard.parse(c).value for c in ("JH", "QD", "KC")] == [11, 12, 13]
    assert PlayingCard.parse("2C").beats(PlayingCard.parse("AS"))


def test_ratfight_cards_worked_example_seven_of_spades_beats_seven_of_diamonds() -> None:
    assert PlayingCard.parse("7S").beats(PlayingCard.parse("7D"))
    assert not PlayingCard.parse("7D").beats(PlayingCard.parse("7S"))


def test_ratfight_cards_suit_order_spades_hearts_diamonds_clubs() -> None:
    sevens = [PlayingCard(7, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    for higher, lower in zip(sevens, sevens[1:], strict=False):
        assert higher.beats(lower)


def test_ratfight_cards_a_deck_is_52_different_cards_and_colours() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert sum(c.red for c in deck) == 26
    assert PlayingCard.parse("QH").red and not PlayingCard.parse("QC").red


@given(st.integers(min_value=0, max_value=2**32))
def test_ratfight_cards_deck_reshuffles_when_spent(seed: int) -> None:
    rng = Rng(seed)
    deck = PlayingDeck.shuffled(rng)
    first = deck.draw_many(52, rng)
    assert len(set(first)) == 52 and len(deck) == 0
    again = deck.draw_many(52, rng)  # the spent deck was shuffled and drawn again
    assert set(again) == set(first)


def test_ratfight_action_cards_seventeen_with_exact_counts_and_one_turn_end() -> None:
    counts = Counter(core_rules().action_deck())
    assert sum(counts.values()) == 17
    assert counts == {
        "move_one": 3,
        "move_two": 2,
        "move_five": 1,
        "move_all": 1,
        "move_vehicle": 2,
        "fire_one": 3,
        "fire_two": 2,
        "fire_three": 1,
        "fire_all": 1,
        "turn_end": 1,
    }
    assert core_rules().card("fire_three").allows == 3
    assert core_rules().card("move_all").allows is None
    assert core_rules().card("turn_end").kind is CardKind.TURN_END


def test_ratfight_turn_sequence_initiative_highest_card_goes_first() -> None:
    rules = core_rules()
    titles = {c.title: c.initiative for c in rules.action_cards}
    for seed in range(30):
        state = new_game(seed=seed)
        begun = max(i for i, e in enumerate(state.opening) if isinstance(e, TurnBegan))
        this_turn = state.opening[begun:]  # (a Turn End turned over first starts turn 2)
        drawn = [e for e in this_turn if isinstance(e, InitiativeDrawn)]
        last = drawn[-1]
        first, second = (titles[t] for t in last.cards)
        assert last.winner == (0 if first > second else 1)
        for tie in drawn[:-1]:
            assert titles[tie.cards[0]] == titles[tie.cards[1]] and tie.winner is None
        turned = next(e for e in this_turn if isinstance(e, CardTurned))
        assert turned.seat == last.winner
        if state.board.card is not None:
            assert len(state.board.action_deck) == 16  # all 17 shuffled back, one turned


def test_ratfight_turn_sequence_players_alternate_turning_over_cards() -> None:
    state = new_game()
    b = state.board
    seat = b.seat
    assert seat is not None
    stack_actions(b, "move_two", "fire_one")
    hand(b, seat, "move_one")
    state.apply(End())
    assert b.seat == 1 - seat and b.card == "move_two"
    state.apply(End())
    assert b.seat == seat and b.card == "fire_one"


def test_ratfight_turn_sequence_turn_end_card_ends_the_turn() -> None:
    state = new_game()
    b = state.board
    stack_actions(b, "turn_end")
    hand(b, 0, "move_one")
    b.inspired = [True, True]  # no Inspiring redraw to spend on it
    events = state.apply(End())
    kinds = [type(e) for e in events]
    assert TurnEnded in kinds and TurnBegan in kinds
    assert b.turn == 2


def test_ratfight_cards_identical_cards_end_the_turn_at_once() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 30, 20)
    place(b, "g1", 30, 26)
    hand(b, 0, "fire_two")
    stack(b, 1, "7S")  # the defender's card
    stack(b, 0, "7S")  # the firer turns over the very same card
    events = state.apply(Fire("r1", "semi_auto_rifle", "g1", 1))
    contest = next(e for e in events if isinstance(e, Contest))
    assert contest.identical and not contest.attacker_wins
    assert any(isinstance(e, TurnEnded) for e in events)
    assert b.turn == 2 and b.figures["g1"].status.value == "up"


def test_ratfight_inspiring_leader_redraws_once_per_turn() -> None:
    state = new_game()
    b = state.board
    stack_actions(b, "fire_all", "move_two")
    hand(b, 0, "move_one")
    assert state.why_not(Redraw()) is None  # Lt Marchal is Inspiring and standing
    events = state.apply(Redraw())
    assert b.card == "fire_all" and b.seat == 0
    assert any(isinstance(e, CardTurned) and e.redraw for e in events)
    assert "already redrawn" in (state.why_not(Redraw()) or "")
    hand(b, 1, "move_one")
    assert "no Inspiring leader" in (state.why_not(Redraw()) or "")


def test_ratfight_inspiring_leader_may_redraw_the_turn_end_card() -> None:
    state = new_game()
    b = state.board
    stack_actions(b, "turn_end", "fire_two")
    hand(b, 1, "move_one")
    state.apply(End())  # the Raiders (seat 0) turn over Turn End and may redraw it
    assert b.card == "turn_end" and b.seat == 0
    state.apply(Redraw())
    assert b.card == "fire_two" and b.turn == 1
