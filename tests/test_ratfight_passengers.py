"""RatFight: Shooting at Vehicles: infantry inside a lorry or armoured carrier abandoned
by its crew are placed Down around it and tested in phase seven as normal."""

from __future__ import annotations

from game.core.session import Session
from game.maps.tabletop_measure import gap
from game.rules.ratfight import RatFight
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.combat import abandon, fixed_spots_around
from game.rules.ratfight.events import Fate, FigureFate
from game.rules.ratfight.flow import casualties, recovery
from game.rules.ratfight.model import Status
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import become, hand, new_game, only, place, stack


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


def _abandoned_by_the_pond(edition: int) -> RatFightState:
    """Farm raid (the duck pond, impassable to infantry, spans 41-45" by 9-12"): a model
    made a lorry parked just west of the pond facing north, four riflemen aboard, and a
    fifth rifleman standing against its west side; then the crew leave it."""
    state = new_game("farm_raid")
    b = state.board
    b.edition = edition
    ids = [f.id for f in b.figures.values() if f.infantry][:6]
    lorry, riders, bystander = ids[0], ids[1:5], ids[5]
    only(b, *ids)
    become(b, lorry, "lorry")
    place(b, lorry, 39.5, 10.5, facing=270)
    place(b, bystander, 37.6, 10.5)
    for rid in riders:
        rider = b.figures[rid]
        rider.status, rider.aboard, rider.pos = Status.ABOARD, lorry, b.figures[lorry].pos
    abandon(b, b.figures[lorry])
    return state


def test_ratfight_vehicles_thrown_down_passengers_land_on_passable_ground_clear_of_models() -> None:
    """Rules version 2: no passenger lands in terrain impassable to infantry, on the
    wreck, on another model or on another passenger, and each stays on the table."""
    state = _abandoned_by_the_pond(edition=2)
    b = state.board
    geometry = b.setting.geometry
    down = [f for f in b.figures.values() if f.status is Status.DOWN]
    assert len(down) == 4
    others = [f for f in b.on_table() if f.status is not Status.DOWN]
    for rider in down:
        assert geometry.on_table(rider.shape())
        assert all(p.move("infantry") != "impassable" for p in geometry.pieces_at(rider.shape()))
        assert all(gap(rider.shape(), o.shape()) > 0 for o in others)
        assert all(gap(rider.shape(), o.shape()) > 0 for o in down if o is not rider)


def test_ratfight_vehicles_rules_version_1_throws_passengers_at_fixed_spots() -> None:
    """Saves of rules version 1 replay as they were played: the fixed spots, even the one
    in the pond."""
    state = _abandoned_by_the_pond(edition=1)
    b = state.board
    geometry = b.setting.geometry
    down = [f for f in b.figures.values() if f.status is Status.DOWN]
    wreck = next(f for f in b.figures.values() if f.status is Status.ABANDONED)
    assert [f.pos for f in down] == fixed_spots_around(b, wreck, 4)
    assert any(
        p.move("infantry") == "impassable" for f in down for p in geometry.pieces_at(f.shape())
    )


def test_ratfight_new_games_are_rules_version_3_and_version_1_games_stay_so() -> None:
    """A game recorded under rules version 1 (before passengers were placed clear of
    terrain and models) replays and saves again by version 1; new games are version 3."""
    fresh = Session.new("ratfight", 3, {"scenario": "convoy"})
    assert fresh.to_record().rules_version == "3"
    assert isinstance(fresh.state, RatFightState) and fresh.state.board.edition == 3
    old = Session(RatFight(), 3, {"scenario": "convoy"}, rules_version="1")
    for _ in range(6):
        old.apply(old.state.candidate_actions()[-1])
    record = old.to_record()
    assert record.rules_version == "1"
    again = Session.from_record(record)
    assert isinstance(again.state, RatFightState) and again.state.board.edition == 1
    assert again.state.snapshot() == old.state.snapshot()
