"""RatFight: Leaders and Heroes, with stacked decks. Bruiser: an extra card in close
combat (attacking or defending). Dead Shot: an extra card whenever it shoots. Inspiring:
once a turn, discard the action card just turned over and turn another."""

from __future__ import annotations

from game.core.api import Event
from game.rules.ratfight.actions import Assault, End, Fire, Move, Redraw
from game.rules.ratfight.combat import shooting_cards
from game.rules.ratfight.data import weapons
from game.rules.ratfight.events import Contest
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import hand, new_game, only, place, stack, stack_actions


def _contest(events: list[Event]) -> Contest:
    (event,) = [e for e in events if isinstance(e, Contest)]
    return event


def _brawl(attacker: str, defender: str, card: str = "move_one") -> RatFightState:
    """Pellier Farm: ``attacker`` (a Raider) 3" from ``defender`` (the guard) in the open."""
    state = new_game()
    b = state.board
    only(b, attacker, defender)
    place(b, attacker, 30, 20)
    place(b, defender, 33, 20)
    hand(b, 0, card)
    return state


def test_ratfight_heroes_bruiser_attacking_draws_three_cards() -> None:
    state = _brawl("bz", "g1")  # Big Henri, Bruiser
    b = state.board
    stack(b, 0, "2C", "3C", "9H")  # without the third card he would lose to the 8S
    stack(b, 1, "8S")
    contest = _contest(state.apply(Assault("bz", "g1")))
    assert contest.attacker_cards == ("2C", "3C", "9H") and contest.attacker_kept == "9H"
    assert b.figures["g1"].status is Status.CASUALTY and b.figures["bz"].status is Status.UP


def test_ratfight_heroes_a_plain_model_draws_two_with_the_same_cards_and_dies() -> None:
    state = _brawl("r1", "g1")
    b = state.board
    stack(b, 0, "2C", "3C", "9H")
    stack(b, 1, "8S")
    contest = _contest(state.apply(Assault("r1", "g1")))
    assert contest.attacker_cards == ("2C", "3C")
    assert b.figures["r1"].status is Status.CASUALTY and b.figures["g1"].status is Status.UP


def test_ratfight_heroes_bruiser_defending_draws_two_cards() -> None:
    state = _brawl("r1", "cpt")  # Sgt Kessler, Bruiser
    b = state.board
    stack(b, 0, "QH", "JH")
    stack(b, 1, "2C", "KS")  # his second card saves him
    contest = _contest(state.apply(Assault("r1", "cpt")))
    assert contest.defender_cards == ("2C", "KS") and not contest.attacker_wins
    assert b.figures["r1"].status is Status.CASUALTY and b.figures["cpt"].status is Status.UP


def test_ratfight_heroes_bruiser_against_bruiser_three_cards_against_two() -> None:
    state = _brawl("bz", "cpt")
    b = state.board
    stack(b, 0, "2C", "3C", "4C")
    stack(b, 1, "5C", "6C")
    contest = _contest(state.apply(Assault("bz", "cpt")))
    assert (len(contest.attacker_cards), len(contest.defender_cards)) == (3, 2)
    assert b.figures["bz"].status is Status.CASUALTY


def test_ratfight_heroes_bruiser_adds_nothing_when_shooting() -> None:
    b = new_game().board
    assert shooting_cards(b, b.figures["bz"], weapons()["smg"]) == 1


def test_ratfight_heroes_dead_shot_fires_with_an_extra_card() -> None:
    """Sniper Roux (Dead Shot) with his pistol: 2 cards, keeps the best; with the sniper
    rifle 3 (the rifle's own extra card too)."""
    state = _brawl("snp", "g1", card="fire_one")
    b = state.board
    place(b, "g1", 34, 20)  # 3" base to base: within the pistol's 6"
    stack(b, 0, "2C", "10D")
    stack(b, 1, "9S")
    contest = _contest(state.apply(Fire("snp", "pistol", "g1")))
    assert contest.attacker_cards == ("2C", "10D") and contest.attacker_wins
    assert b.figures["g1"].status is Status.DOWN
    state = _brawl("snp", "g1", card="fire_one")
    b = state.board
    stack(b, 0, "2C", "3C", "4C")
    stack(b, 1, "AC")
    contest = _contest(state.apply(Fire("snp", "sniper_rifle", "g1")))
    assert len(contest.attacker_cards) == 3


def test_ratfight_heroes_dead_shot_adds_nothing_in_close_combat() -> None:
    state = _brawl("snp", "g1")
    b = state.board
    stack(b, 0, "2C", "3C", "KH")
    stack(b, 1, "8S")
    contest = _contest(state.apply(Assault("snp", "g1")))
    assert contest.attacker_cards == ("2C", "3C")


def test_ratfight_heroes_inspiring_redraw_only_before_acting_on_the_card() -> None:
    state = new_game()
    b = state.board
    hand(b, 0, "move_two")
    state.apply(Move("r1", (600, 4300)))  # 2" north
    reason = state.why_not(Redraw())
    assert reason is not None and "acted on" in reason


def test_ratfight_heroes_inspiring_needs_the_leader_standing() -> None:
    state = new_game()
    b = state.board
    stack_actions(b, "fire_all")
    hand(b, 0, "move_one")
    b.figures["lt"].status = Status.DOWN  # Lt Marchal, Inspiring
    reason = state.why_not(Redraw())
    assert reason is not None and "no Inspiring leader" in reason
    b.figures["lt"].status = Status.UP
    assert state.why_not(Redraw()) is None
    state.apply(Redraw())
    assert b.card == "fire_all" and b.inspired[0]


def test_ratfight_heroes_inspiring_redraw_is_per_turn() -> None:
    """The once-a-turn redraw comes back with the next turn."""
    state = new_game()
    b = state.board
    b.inspired = [True, False]
    hand(b, 0, "move_one")
    assert "already redrawn" in (state.why_not(Redraw()) or "")
    stack_actions(b, "turn_end")
    b.inspired = [True, True]  # nobody can turn the Turn End away
    state.apply(End())  # the guard turns over Turn End: a new turn begins
    assert b.turn == 2 and b.inspired == [False, False]
