"""RatFight: Shooting at Vehicles — damage totals with armour piercing against armour,
accumulated damage, and the crew's morale test after every damage."""

from __future__ import annotations

from game.rules.ratfight.combat import damage
from game.rules.ratfight.model import Status
from tests.ratfight_support import new_game, only, place, stack


def test_ratfight_vehicles_damage_accumulates_and_the_crew_bails_on_a_card_not_above_it() -> None:
    state = new_game("convoy")
    b = state.board
    only(b, "ac", "rk1")
    place(b, "ac", 20, 30, 0)
    place(b, "rk1", 20, 20)
    car, rocket = b.figures["ac"], b.figures["rk1"]
    # armoured car: armour 1 all round; a bazooka has armour piercing 4
    stack(b, rocket.side, "6H")
    stack(b, car.side, "3S", "7C")
    damage(b, rocket, rocket.pos, 4, car)
    assert car.damage == 6  # (6 + 4) - (3 + 1)
    assert car.status is Status.UP  # crew card 7 beats 6 damage: they stay
    stack(b, rocket.side, "5H")
    stack(b, car.side, "7S", "7D")
    damage(b, rocket, rocket.pos, 4, car)
    assert car.damage == 7  # (5 + 4) - (7 + 1) = 1 more
    assert car.status is Status.ABANDONED  # crew card 7 is not above 7 damage


def test_ratfight_vehicles_no_damage_when_the_armour_total_is_not_beaten() -> None:
    state = new_game("convoy")
    b = state.board
    only(b, "ac", "rk1")
    place(b, "ac", 20, 30, 0)
    place(b, "rk1", 20, 20)
    car, rocket = b.figures["ac"], b.figures["rk1"]
    stack(b, rocket.side, "4H")
    stack(b, car.side, "7S")
    damage(b, rocket, rocket.pos, 4, car)
    assert car.damage == 0  # 8 against 8: no damage, no crew test
    assert car.status is Status.UP
