"""5.56mm vehicles under random play (rules version 3), as invariants: whatever is
drawn, every vehicle stays whole on the table, off ground it cannot enter and clear of
the other vehicles, nobody on foot stands inside a vehicle, and the men aboard stand
at their vehicle's centre."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.random_play import random_action
from game.core.rng import Rng
from game.core.session import Session
from game.maps.tabletop_measure import gap


def _check(board) -> None:  # type: ignore[no-untyped-def]
    geometry = board.setting.geometry
    vehicles = list(board.vehicles.values())
    for i, vehicle in enumerate(vehicles):
        hull = vehicle.hull
        assert geometry.on_table(hull), vehicle.id
        for piece in geometry.pieces_at(hull):
            assert piece.linear or piece.move("wheeled") == "open", (vehicle.id, piece.label)
        for other in vehicles[i + 1 :]:
            assert gap(hull, other.hull) > 0, (vehicle.id, other.id)
    for c in board.on_table():
        if c.aboard is not None:
            assert c.pos == board.vehicles[c.aboard].pos, c.id
        else:
            for vehicle in vehicles:
                assert gap(c.base, vehicle.hull) > 0, (c.id, vehicle.id)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_convoy_games_keep_vehicles_and_men_where_they_may_be(seed: int) -> None:
    session = Session.new("five_five_six", seed, {"scenario": "convoy_ambush"}, undo=False)
    rng = Rng(seed)
    for _ in range(150):
        state = session.state
        if state.outcome() is not None:
            break
        session.apply(random_action(state, rng))
        _check(state.board)
