"""5.56mm 2.2 and 2.3 on the board: whose go it is, the action budget, Elite's second
card, dead characters' cards, Jokers, the end of the turn."""

from __future__ import annotations

from five_five_six_support import give_go, load_dice, new_game, only, place, stack

from game.rules.five_five_six.actions import Aim, End, Move, Sprint, Stealth
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.events import (
    Arrived,
    CannotAct,
    CardDrawn,
    GoEnded,
    TurnBegan,
    TurnEnded,
)
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.turn.deck import Drawn
from game.rules.five_five_six.turn.flow import begin_go, draw_next


def test_2_3_the_game_opens_with_a_card_drawn_for_a_character() -> None:
    """5.56mm 2.3: the turn deck is shuffled and the first card drawn; the seat to act
    is the owner of the character whose card it is."""
    state = new_game(seed=3)
    kinds = [type(e) for e in state.opening]
    assert TurnBegan in kinds and CardDrawn in kinds[kinds.index(TurnBegan) :]
    go = state.board.go
    assert go is not None
    assert state.current_player() == state.board.characters[go.character].side
    assert state.board.deck.owners[go.card] == go.character


def test_2_2_two_actions_then_the_go_ends_and_the_next_card_is_drawn() -> None:
    """5.56mm 2.2: two actions, one after the other; then another card is drawn."""
    state = new_game(seed=3)
    board = state.board
    go = board.go
    assert go is not None
    me = go.character
    first = state.apply(Stealth(me))
    assert not any(isinstance(e, GoEnded) for e in first)
    assert board.go is go and go.left == 1
    second = state.apply(Stealth(me))
    assert [e.character for e in second if isinstance(e, GoEnded)] == [me]
    assert any(isinstance(e, CardDrawn) for e in second)
    assert board.go is not go


def test_2_2_a_character_may_end_his_go_without_acting() -> None:
    """5.56mm 2.2: he may take one action or none."""
    state = new_game(seed=4)
    go = state.board.go
    assert go is not None
    events = state.apply(End())
    assert [e for e in events if isinstance(e, GoEnded)][0].actions == 0


def test_2_2_a_special_action_is_the_whole_go_and_never_a_second_action() -> None:
    """5.56mm 2.2: a special action takes the place of both actions."""
    state = new_game(seed=5)
    board = state.board
    only(board, "havers", "captain")
    place(board, "havers", 18, 30)
    give_go(board, "havers")
    state.apply(Stealth("havers"))
    reason = state.why_not(Sprint("havers", (1800, 2600)))
    assert reason is not None and "special action" in reason


def test_2_3_elite_second_card_gives_one_action_and_no_special_action() -> None:
    """5.56mm 2.3: when an Elite character's second card is drawn he takes a single
    action and may not take a special action."""
    state = new_game(seed=5)
    board = state.board
    only(board, "havers", "captain")
    place(board, "havers", 18, 30)
    begin_go(board, board.characters["havers"], Drawn("KC", 0, "havers", second=True))
    go = board.go
    assert go is not None and go.allowance == 1 and not go.special_allowed
    reason = state.why_not(Sprint("havers", (1800, 2600)))
    assert reason is not None and "single action" in reason
    assert state.why_not(Aim("havers")) is not None  # 3.4: nothing could follow it
    events = state.apply(Move("havers", (1800, 2700)))
    assert [e.character for e in events if isinstance(e, GoEnded)] == ["havers"]


def test_5_01_a_critical_wound_allows_a_single_action() -> None:
    """5.56mm 5.01: a Critical wound: one action per turn, no special actions."""
    state = new_game(seed=5)
    board = state.board
    board.characters["havers"].wounds = [Wound.CRITICAL]
    begin_go(board, board.characters["havers"], Drawn("KC", 0, "havers"))
    assert board.go is not None and board.go.allowance == 1 and not board.go.special_allowed


def test_2_3_a_dead_characters_card_is_removed_and_another_drawn() -> None:
    """5.56mm 2.3: a killed character's card is removed from the deck and another card
    drawn."""
    state = new_game(seed=6)
    board = state.board
    board.characters["harris"].status = Status.DEAD
    board.deck.deck.draw_pile = [c for c in board.deck.deck.draw_pile if c not in ("10C", "KH")]
    board.deck.deck.draw_pile += ["KH", "10C"]  # Harris's 10C on top, then the captain's
    events = draw_next(board)
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert (drawn[0].card, drawn[0].removed) == ("10C", True)
    assert (drawn[1].card, drawn[1].character) == ("KH", "captain")
    assert "10C" in board.deck.removed
    assert board.go is not None and board.go.character == "captain"


def test_2_3_a_joker_brings_on_the_scenarios_reinforcements() -> None:
    """5.56mm 2.3: drawing a Joker sets off the scenario's event (Crash Site: militia
    reinforcements come on; their cards join the deck at the next shuffle)."""
    state = new_game(seed=6)
    board = state.board
    assert board.characters["gunman_11"].status is Status.RESERVE
    assert "10H" not in board.deck.deck.draw_pile  # reserves sit the turn out
    board.deck.deck.draw_pile = [c for c in board.deck.deck.draw_pile if c != "JOKER1"]
    board.deck.deck.draw_pile.append("JOKER1")
    events = draw_next(board)
    arrived = {e.character for e in events if isinstance(e, Arrived)}
    assert arrived == {"gunman_11", "gunman_12"}
    assert board.characters["gunman_11"].status is Status.ACTIVE


def test_2_3_the_turn_ends_when_the_deck_is_spent_and_it_is_reshuffled() -> None:
    """5.56mm 2.3: when every card has been used the turn ends; all cards are reshuffled
    for the next turn."""
    state = new_game(seed=7)
    board = state.board
    board.deck.deck.draw_pile = []
    load_dice(board, 1)
    events = draw_next(board)
    assert any(isinstance(e, TurnEnded) for e in events)
    assert board.turn == 2
    assert board.deck.left() + len(board.deck.deck.discard_pile) == 21  # 20 on table + Joker


def test_5_01_an_incapacitated_characters_go_passes_but_his_card_stays() -> None:
    """5.56mm 5.01 -4: a mortally wounded character is unable to take any action: when
    his card comes up his go passes; the card stays in the deck (he may yet be saved)."""
    state = new_game(seed=6)
    board = state.board
    board.characters["harris"].status = Status.INCAPACITATED
    board.characters["harris"].wounds = [Wound.MORTAL]
    stack(board, "10C", "KH")
    events = draw_next(board)
    assert [e.character for e in events if isinstance(e, CannotAct)] == ["harris"]
    assert "10C" not in board.deck.removed
    assert board.go is not None and board.go.character == "captain"


def test_3_3_stealth_and_sprint_last_until_his_next_go() -> None:
    """5.56mm 3.3 (Interpretation S5): Stealth, like Sprint's +1, lasts until his next
    go begins."""
    state = new_game(seed=6)
    board = state.board
    havers = board.characters["havers"]
    havers.stealth = havers.sprinting = True
    begin_go(board, havers, Drawn("KC", 0, "havers"))
    assert not havers.stealth and not havers.sprinting


def test_5_1_the_mortally_wounded_are_treated_after_the_battle() -> None:
    """5.56mm 5.1: at the end a mortally wounded character gets a Treat Injury roll with
    Morale +3 (or a surviving Medic's, if higher) against TN 6: failing, he dies."""
    from game.rules.five_five_six.turn.flow import check_victory

    state = new_game(seed=9)
    board = state.board
    alberto, harris = board.characters["alberto"], board.characters["harris"]
    for man in (alberto, harris):
        man.status, man.wounds, man.dying_in = Status.INCAPACITATED, [Wound.MORTAL], 3
    for c in board.side(1):
        c.status = Status.DEAD
    load_dice(board, 3, 2)  # Alberto 3 + 3 = 6: lives; Harris 2 + 3 = 5: dies
    check_victory(board, at_turn_end=False)
    assert board.winners == (0,)
    assert alberto.status is Status.INCAPACITATED and harris.status is Status.DEAD
    assert state.outcome() is not None and state.outcome().scores[0] == 9.0 + 2  # 11 of 12
