"""RatFight: Close Combat against vehicles: any infantryman, armoured vehicles included,
at armour piercing zero."""

from __future__ import annotations

from game.core.api import Event
from game.maps.tabletop_measure import gap
from game.rules.ratfight.actions import Assault, Fire
from game.rules.ratfight.events import Contest, Purpose
from game.rules.ratfight.flow import casualties
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import become, hand, new_game, only, place, stack


def _contests(events: list[Event]) -> list[Contest]:
    return [e for e in events if isinstance(e, Contest)]


def _car_and_maquisard(attacker: str = "m1", facing: int = 0) -> RatFightState:
    """The armoured car (armour 1 all round) at (34, 24) and a maquis rifleman 3" from
    its hull, ready to assault on a move card."""
    state = new_game("convoy")
    b = state.board
    only(b, "ac", attacker)
    place(b, "ac", 34, 24, facing=facing)
    place(b, attacker, 34, 28.4)
    hand(b, 1, "move_one")
    return state


def test_ratfight_close_combat_any_infantryman_may_assault_an_armoured_vehicle() -> None:
    state = _car_and_maquisard()
    assert state.why_not(Assault("m1", "ac")) is None
    hand(state.board, 1, "fire_one")  # ...whereas his rifle cannot hurt it
    reason = state.why_not(Fire("m1", "semi_auto_rifle", "ac", 1))
    assert reason is not None and "armour piercing" in reason


def test_ratfight_close_combat_vehicle_two_cards_to_hit_then_damage_at_ap_zero() -> None:
    state = _car_and_maquisard()
    b = state.board
    stack(b, 1, "3C", "9H", "8D")  # two cards to hit (keeps 9H); the damage card
    stack(b, 0, "8S", "2C", "KH")  # the car's card; its damage card; crew morale
    events = state.apply(Assault("m1", "ac"))
    hit, dmg = _contests(events)
    assert hit.purpose is Purpose.ASSAULT and hit.attacker_cards == ("3C", "9H")
    assert hit.defender_cards == ("8S",) and hit.attacker_wins
    assert dmg.purpose is Purpose.VEHICLE_DAMAGE
    assert (dmg.attacker_bonus, dmg.defender_bonus) == (0, 1)  # AP 0 against armour 1
    car = b.figures["ac"]
    assert car.damage == 8 - (2 + 1)
    assert car.status is Status.UP  # crew card K (13) is above 5 damage
    m1 = b.figures["m1"]
    assert m1.status is Status.UP and gap(m1.shape(), car.shape()) <= 0  # in contact


def test_ratfight_close_combat_vehicle_damage_can_make_the_crew_bail_out() -> None:
    state = _car_and_maquisard()
    b = state.board
    stack(b, 1, "3C", "9H", "QD")
    stack(b, 0, "8S", "2C", "9C")  # 12 - 3 = 9 damage; crew card 9 is not above it
    state.apply(Assault("m1", "ac"))
    assert b.figures["ac"].damage == 9 and b.figures["ac"].status is Status.ABANDONED
    assert casualties(b, "convoy") == 2  # the armoured car's two crew


def test_ratfight_close_combat_a_failed_assault_on_a_vehicle_does_nothing() -> None:
    """Losing the draw to hit: no damage. The attacker is not killed: the loser-dies
    rule is for a fight between two models, and a vehicle has no hand-to-hand to kill
    him with (the code's reading; the seed does not say)."""
    state = _car_and_maquisard()
    b = state.board
    stack(b, 1, "3C", "4H")
    stack(b, 0, "8S")
    before = len(b.resolution[0].deck.draw_pile)
    events = state.apply(Assault("m1", "ac"))
    assert [c.purpose for c in _contests(events)] == [Purpose.ASSAULT]
    assert b.figures["ac"].damage == 0 and b.figures["ac"].status is Status.UP
    assert b.figures["m1"].status is Status.UP
    assert before - len(b.resolution[0].deck.draw_pile) == 1


def test_ratfight_close_combat_vehicle_armour_of_the_face_the_attacker_comes_at() -> None:
    """A light tank (armour 2 front, 1 side and rear) facing east (0 deg): assaulted from
    the front the defender adds 2; from behind 1."""
    for attacker_x, armour in ((38.4, 2), (29.6, 1)):
        state = _car_and_maquisard()
        b = state.board
        become(b, "ac", "light_tank")
        place(b, "m1", attacker_x, 24)
        stack(b, 1, "3C", "9H", "KD")
        stack(b, 0, "8S", "2C", "KH")
        events = state.apply(Assault("m1", "ac"))
        dmg = _contests(events)[1]
        assert dmg.defender_bonus == armour
        assert b.figures["ac"].damage == 13 - (2 + armour)


def test_ratfight_close_combat_a_bruiser_draws_three_cards_against_a_vehicle() -> None:
    state = _car_and_maquisard(attacker="sgt")  # Sgt Duval, Bruiser
    b = state.board
    stack(b, 1, "2C", "3C", "9H", "5D")
    stack(b, 0, "8S", "5C", "KH")
    events = state.apply(Assault("sgt", "ac"))
    hit = _contests(events)[0]
    assert hit.attacker_cards == ("2C", "3C", "9H") and hit.attacker_wins


def test_ratfight_close_combat_another_vehicle_in_the_way_still_stops_the_charge() -> None:
    """Only the vehicle assaulted is let touch the charging base: the supply lorry
    standing between the two is in the way."""
    state = _car_and_maquisard()
    b = state.board
    place(b, "m1", 34, 31)
    place(b, "lorry", 34, 27.5, facing=0)  # across the line from m1 to the car
    reason = state.why_not(Assault("m1", "ac"))
    assert reason is not None and "Supply lorry is in the way" in reason


def test_ratfight_close_combat_no_assault_on_a_wreck_and_vehicles_do_not_assault() -> None:
    state = _car_and_maquisard()
    b = state.board
    b.figures["ac"].status = Status.ABANDONED
    reason = state.why_not(Assault("m1", "ac"))
    assert reason is not None and "not a target for close combat" in reason
    state = _car_and_maquisard()
    b = state.board
    place(b, "m1", 34, 20)
    hand(b, 0, "move_vehicle")
    reason = state.why_not(Assault("ac", "m1"))
    assert reason is not None and "only infantry" in reason
