"""RatFight: Shooting at Vehicles: infantry inside a lorry or armoured carrier abandoned
by its crew are placed Down around it and tested in phase seven as normal."""

from __future__ import annotations

from game.maps.tabletop_measure import gap
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.events import Fate, FigureFate
from game.rules.ratfight.flow import casualties, recovery
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import hand, new_game, only, place, stack


def _loaded_lorry() -> RatFightState:
    """The supply lorry (unarmoured, 2 crew) with four riflemen aboard at (34, 24) facing
    east; a maquis rifleman 10" north of it."""
    state = new_game("convoy")
    b = state.board
    only(b, "lorry", "p1", "p2", "p3", "p4", "m1")
    place(b, "lorry", 34, 24, facing=0)
    place(b, "m1", 34, 14)
    hand(b, 1, "fire_one")
    return state


def test_ratfight_vehicles_passengers_are_placed_down_around_an_abandoned_transport() -> None:
    state = _loaded_lorry()
    b = state.board
    riders = ["p1", "p2", "p3", "p4"]
    assert all(b.figures[p].status is Status.ABOARD for p in riders)
    stack(b, 1, "KS", "QS")  # hit; damage card
    stack(b, 0, "2C", "3C", "4C")  # the lorry's card; damage card; crew morale
    events = state.apply(Fire("m1", "semi_auto_rifle", "lorry", 1))
    lorry = b.figures["lorry"]
    assert lorry.damage == 12 - 3 and lorry.status is Status.ABANDONED
    thrown = [e.figure for e in events if isinstance(e, FigureFate) and e.fate is Fate.THROWN_DOWN]
    assert thrown == riders
    hull = lorry.shape()
    spots = set()
    for p in riders:
        rider = b.figures[p]
        assert rider.status is Status.DOWN and rider.aboard is None
        assert 0 < gap(rider.shape(), hull) < 150  # around the lorry, clear of its hull
        assert b.setting.geometry.on_table(rider.shape())
        spots.add(rider.pos)
    assert len(spots) == 4
    for i, a in enumerate(riders):  # no two bases on top of each other
        for c in riders[i + 1 :]:
            assert gap(b.figures[a].shape(), b.figures[c].shape()) > 0
    # the crew count as casualties; the passengers are Down, not casualties yet
    assert casualties(b, "convoy") == 2


def test_ratfight_vehicles_thrown_down_passengers_are_tested_in_phase_seven() -> None:
    state = _loaded_lorry()
    b = state.board
    stack(b, 1, "KS", "QS")
    stack(b, 0, "2C", "3C", "4C")
    state.apply(Fire("m1", "semi_auto_rifle", "lorry", 1))
    stack(b, 0, "AS", "AH", "2C", "2D")  # black, red, black, red: p1..p4 in order
    recovery(b)
    assert [b.figures[p].status for p in ("p1", "p2", "p3", "p4")] == [
        Status.UP,
        Status.CASUALTY,
        Status.UP,
        Status.CASUALTY,
    ]
    assert casualties(b, "convoy") == 2 + 2


def test_ratfight_vehicles_passengers_ride_on_while_the_crew_stays() -> None:
    state = _loaded_lorry()
    b = state.board
    stack(b, 1, "KS", "4S")
    stack(b, 0, "2C", "3C", "10C")  # 1 damage point; crew card 10 is above it
    state.apply(Fire("m1", "semi_auto_rifle", "lorry", 1))
    assert b.figures["lorry"].damage == 1 and b.figures["lorry"].status is Status.UP
    assert all(b.figures[p].status is Status.ABOARD for p in ("p1", "p2", "p3", "p4"))
