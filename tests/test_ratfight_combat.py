"""RatFight: Firing (soft and hard terrain cards) and Close Combat, with stacked decks."""

from __future__ import annotations

from game.rules.ratfight.actions import Assault, Fire
from game.rules.ratfight.combat import defence_cards, shooting_cards
from game.rules.ratfight.data import weapons
from game.rules.ratfight.model import Status
from tests.ratfight_support import hand, new_game, only, place, stack


def _duel(card: str, r1: tuple[float, float], g1: tuple[float, float]):  # type: ignore[no-untyped-def]
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", *r1)
    place(b, "g1", *g1)
    hand(b, 0, card)
    return state


def test_ratfight_close_combat_attacker_two_cards_defender_one_loser_is_a_casualty() -> None:
    state = _duel("move_one", (30, 20), (33, 20))
    b = state.board
    stack(b, 0, "3C", "9H")
    stack(b, 1, "8S")
    state.apply(Assault("r1", "g1"))
    assert b.figures["g1"].status is Status.CASUALTY  # kept 9H beats 8S
    assert b.figures["r1"].status is Status.UP


def test_ratfight_close_combat_the_attacker_can_lose_and_die() -> None:
    state = _duel("move_one", (30, 20), (33, 20))
    b = state.board
    stack(b, 0, "3C", "5H")
    stack(b, 1, "8S")
    state.apply(Assault("r1", "g1"))
    assert b.figures["r1"].status is Status.CASUALTY  # not Downed: an instant casualty
    assert b.figures["g1"].status is Status.UP


def test_ratfight_close_combat_a_downed_model_dies_without_cards() -> None:
    state = _duel("move_one", (30, 20), (33, 20))
    b = state.board
    b.figures["g1"].status = Status.DOWN
    before = [len(b.resolution[s].deck.draw_pile) for s in (0, 1)]
    state.apply(Assault("r1", "g1"))
    assert b.figures["g1"].status is Status.CASUALTY
    assert [len(b.resolution[s].deck.draw_pile) for s in (0, 1)] == before


def test_ratfight_firing_one_card_each_shooter_wins_target_down() -> None:
    state = _duel("fire_one", (30, 20), (30, 14))
    b = state.board
    assert defence_cards(b, b.figures["r1"], b.figures["g1"])[0] == 1  # in the open
    stack(b, 0, "9H")
    stack(b, 1, "8S")
    state.apply(Fire("r1", "semi_auto_rifle", "g1", 1))
    assert b.figures["g1"].status is Status.DOWN


def test_ratfight_firing_shooter_loses_target_unhurt() -> None:
    state = _duel("fire_one", (30, 20), (30, 14))
    b = state.board
    stack(b, 0, "8S")
    stack(b, 1, "9H")
    state.apply(Fire("r1", "semi_auto_rifle", "g1", 1))
    assert b.figures["g1"].status is Status.UP


def test_ratfight_firing_soft_terrain_two_defence_cards_hard_terrain_three() -> None:
    # the Wheat (crops, soft) covers (30..38, 35..40); the Grey stones (rocks, hard)
    # cover roughly (18..22, 27.5..31)
    state = _duel("fire_one", (34, 30), (34, 37.5))
    b = state.board
    assert defence_cards(b, b.figures["r1"], b.figures["g1"])[0] == 2
    place(b, "g1", 20, 29.3)
    place(b, "r1", 20, 22)
    assert defence_cards(b, b.figures["r1"], b.figures["g1"])[0] == 3


def test_ratfight_grenade_three_inch_blast_attacks_every_model_under_it_once() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1", "g2", "g3")
    place(b, "r1", 30, 20)
    place(b, "g1", 30, 12)  # 8": within the grenade's 9"
    place(b, "g2", 31.2, 12)  # base partly under the 3" template
    place(b, "g3", 34, 12)  # clear of it
    hand(b, 0, "fire_one")
    stack(b, 0, "KS", "QS", "JS")
    stack(b, 1, "AC", "2C", "3C")
    state.apply(Fire("r1", "grenade", "g1"))
    assert [b.figures[g].status for g in ("g1", "g2", "g3")] == [
        Status.DOWN,
        Status.DOWN,
        Status.UP,
    ]


def test_ratfight_heroes_dead_shot_and_sniper_rifle_each_add_a_shooting_card() -> None:
    b = new_game("convoy").board
    sniper, rifleman = b.figures["sn"], b.figures["m1"]
    assert shooting_cards(b, rifleman, weapons()["semi_auto_rifle"]) == 1
    assert shooting_cards(b, sniper, weapons()["sniper_rifle"]) == 3  # 1 + sniper + Dead Shot
