"""Tunnel Rat (bluffing card game): every rule of the seed, by name."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction, InvalidAction
from game.core.rng import Rng
from game.core.session import Session
from game.rules.tunnel_rat_bluff.actions import Ask, Call, Draw, Guess, Question, parse_action
from game.rules.tunnel_rat_bluff.cards import Card, load_rules
from game.rules.tunnel_rat_bluff.events import RAT, VC, CardDrawn, Phase, QuestionAsked
from game.rules.tunnel_rat_bluff.state import BluffState


def stacked(*top_first: Card, rest: Card = Card.TUNNEL, size: int | None = None) -> BluffState:
    """A game whose next draws are ``top_first`` (deck top is the list's end)."""
    state = BluffState.new(1)
    deck = list(reversed(top_first))
    if size is not None:
        deck = [rest] * (size - len(deck)) + deck
    else:
        deck = state.deck[: len(state.deck) - len(deck)] + deck
    state.deck = deck
    return state


def play_turn(state: BluffState, guess: Guess) -> list:
    state.apply(Draw())
    return state.apply(Call(guess))


def test_deck_has_40_cards_10_vc_10_trap_20_tunnel() -> None:
    """The Deck: 40 cards, 10 VC, 10 Trap, 20 Tunnel."""
    state = BluffState.new(5)
    assert len(state.deck) == 40
    assert state.deck.count(Card.VC) == 10
    assert state.deck.count(Card.TRAP) == 10
    assert state.deck.count(Card.TUNNEL) == 20


def test_deck_is_shuffled_by_the_seed() -> None:
    assert BluffState.new(1).deck != BluffState.new(2).deck
    assert BluffState.new(3).deck == BluffState.new(3).deck


def test_draw_phase_vc_draws_one_card_first() -> None:
    """Draw Phase: each turn opens with the VC drawing one card and looking at it."""
    state = BluffState.new(9)
    assert state.current_player() == VC
    assert state.legal_actions() == (Draw(),)
    top = state.deck[-1]
    events = state.apply(Draw())
    assert state.drawn is top and len(state.deck) == 39
    private = [e for e in events if isinstance(e, CardDrawn) and e.card is not None]
    assert private and private[0].visible_to == frozenset({VC})
    assert state.current_player() == RAT


def test_vc_must_always_answer_no() -> None:
    """VC, Trap and Advance phases: whatever is asked, the answer is "No"."""
    state = stacked(Card.VC)
    state.apply(Draw())
    for q in Question:
        (event,) = state.apply(Ask(q))
        assert isinstance(event, QuestionAsked)
        assert 'VC: "No."' in event.text()


def test_questions_follow_the_phase_order_and_may_be_skipped() -> None:
    """Phases 2-4 come in order; each question is optional, so asking a later one skips
    the earlier phases; a question whose phase has passed is cross-examination."""
    state = stacked(Card.TRAP)
    state.apply(Draw())
    assert state.phase is Phase.VC
    state.apply(Ask(Question.IS_TRAP))  # skips the VC phase
    assert state.asked == [(Phase.TRAP, Question.IS_TRAP)]
    assert state.phase is Phase.ADVANCE
    state.apply(Ask(Question.IS_VC))  # the VC phase is over: cross-examination
    assert state.asked[-1] == (Phase.CROSS, Question.IS_VC)
    assert state.phase is Phase.CROSS


def test_cross_examination_repeats_questions_as_often_as_the_rat_likes() -> None:
    """Cross Examination Phase: the three questions, any order, any number of times."""
    state = stacked(Card.TUNNEL)
    state.apply(Draw())
    for q in [Question.IS_VC, Question.IS_TRAP, Question.IS_SAFE] + [Question.IS_VC] * 30:
        state.apply(Ask(q))
    assert len(state.asked) == 33
    assert all(p is Phase.CROSS for p, _ in state.asked[3:])
    assert set(state.legal_actions()) >= {Ask(q) for q in Question}


def test_action_phase_advance_is_tunnel_shoot_is_vc_search_is_trap() -> None:
    """Action Phase with the errata: Advance = Tunnel, Shoot = VC, Search = Trap."""
    assert Guess.ADVANCE.card is Card.TUNNEL
    assert Guess.SHOOT.card is Card.VC
    assert Guess.SEARCH.card is Card.TRAP


@pytest.mark.parametrize(
    ("card", "guess", "tunnels", "casualties", "discard"),
    [
        (Card.VC, Guess.SHOOT, 0, 0, 1),
        (Card.VC, Guess.ADVANCE, 0, 1, 0),
        (Card.VC, Guess.SEARCH, 0, 1, 0),
        (Card.TRAP, Guess.SEARCH, 0, 0, 1),
        (Card.TRAP, Guess.SHOOT, 0, 1, 0),
        (Card.TRAP, Guess.ADVANCE, 0, 1, 0),
        (Card.TUNNEL, Guess.ADVANCE, 1, 0, 0),
        (Card.TUNNEL, Guess.SHOOT, 0, 0, 1),
        (Card.TUNNEL, Guess.SEARCH, 0, 0, 1),
    ],
)
def test_result_phase_table(
    card: Card, guess: Guess, tunnels: int, casualties: int, discard: int
) -> None:
    """Result Phase: VC/Trap right -> discarded; VC/Trap wrong -> casualty, the VC keeps
    the card; Tunnel right -> the Rat keeps it; Tunnel wrong -> discarded."""
    state = stacked(card)
    play_turn(state, guess)
    assert len(state.tunnels) == tunnels
    assert len(state.casualties) == casualties
    assert len(state.discard) == discard
    assert state.last_revealed is card
    assert state.current_player() == VC  # next turn begins with the draw


def test_revelation_reveals_the_card_to_both_players() -> None:
    """Revelation Phase: the card is shown; the event is public and ends undo."""
    state = stacked(Card.TRAP)
    events = play_turn(state, Guess.SHOOT)
    revealed = [e for e in events if e.reveals]
    assert len(revealed) == 1 and revealed[0].visible_to is None
    assert "Trap" in revealed[0].text()


def test_rat_wins_with_five_tunnel_cards() -> None:
    """Object: the US player wins on accumulating 5 tunnel cards."""
    state = stacked(*[Card.TUNNEL] * 5)
    for _ in range(4):
        play_turn(state, Guess.ADVANCE)
        assert state.outcome() is None
    play_turn(state, Guess.ADVANCE)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (RAT,)
    assert state.current_player() is None and state.legal_actions() == ()


def test_vc_wins_with_five_casualties() -> None:
    """Object: the VC player wins on inflicting 5 casualties."""
    state = stacked(Card.VC, Card.TRAP, Card.VC, Card.TRAP, Card.VC)
    for _ in range(5):
        play_turn(state, Guess.ADVANCE)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (VC,)
    assert "5 casualties" in outcome.reason


def test_interpretation_deck_out_more_tunnels_wins_for_the_rat() -> None:
    """Interpretation (deck runs out): with more tunnels than casualties the Rat wins."""
    state = stacked(Card.TUNNEL, Card.TUNNEL, Card.VC, size=3)
    play_turn(state, Guess.ADVANCE)
    play_turn(state, Guess.ADVANCE)
    play_turn(state, Guess.ADVANCE)  # VC wrongly called: casualty, deck empty, 2 > 1
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (RAT,)
    assert "deck ran out" in outcome.reason


def test_interpretation_deck_out_tie_goes_to_the_vc() -> None:
    """Interpretation (deck runs out): a tie, or fewer tunnels, is a VC win."""
    state = stacked(Card.TUNNEL, Card.VC, size=2)
    play_turn(state, Guess.ADVANCE)
    play_turn(state, Guess.ADVANCE)  # 1 tunnel, 1 casualty, deck empty
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (VC,)


def test_rat_cannot_call_before_the_draw() -> None:
    """Turn Sequence: the draw comes first; anything else names the rule."""
    session = Session.new("tunnel_rat_bluff", 4)
    with pytest.raises(IllegalAction, match="VC must draw first: Tunnel Rat, Draw Phase"):
        session.apply("shoot")
    with pytest.raises(IllegalAction, match="Action Phase"):
        BluffState.new(4).apply(Call(Guess.SHOOT))


def test_action_text_forms_round_trip() -> None:
    for action in (Draw(), *(Ask(q) for q in Question), *(Call(g) for g in Guess)):
        assert parse_action(action.to_str()) == action
    with pytest.raises(InvalidAction, match="not a Tunnel Rat action"):
        parse_action("ask why")


def test_undo_takes_back_a_question_but_not_a_draw_or_a_call() -> None:
    """Undo: allowed while nothing hidden was revealed and no randomness consumed."""
    session = Session.new("tunnel_rat_bluff", 11)
    session.apply("draw")
    assert not session.can_undo()  # the draw used the deck
    session.apply("ask vc")
    assert session.can_undo()
    session.undo()
    assert session.state.asked == [] and session.actions == ["draw"]
    session.apply("search")
    assert not session.can_undo()  # revelation showed the card
    with pytest.raises(IllegalAction):
        session.undo()


def test_determinize_for_the_rat_redeals_the_hidden_card() -> None:
    state = stacked(Card.VC)
    state.apply(Draw())
    seen = {state.determinize(RAT, Rng(i)).drawn for i in range(60)}
    assert seen == {Card.VC, Card.TRAP, Card.TUNNEL}
    # the VC knows the card; only the deck order changes
    assert {state.determinize(VC, Rng(i)).drawn for i in range(20)} == {Card.VC}


def test_rules_data_matches_the_document() -> None:
    rules = load_rules()
    assert (rules.deck.vc, rules.deck.trap, rules.deck.tunnel) == (10, 10, 20)
    assert rules.rat_wins_with_tunnels == 5 and rules.vc_wins_with_casualties == 5
