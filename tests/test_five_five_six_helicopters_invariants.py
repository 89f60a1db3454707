"""5.56mm helicopters under random play (rules version 3), as invariants: whatever is
drawn, the Black Hawk stays whole on the table; once landed (and still usable) it
stands on ground a man can stand on, clear of the other vehicles and of every man on
foot (V33); a helicopter that can no longer fly is on the ground; and the men aboard
stand at its centre."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.random_play import random_action
from game.core.rng import Rng
from game.maps.tabletop_measure import gap
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.vehicles.shared import STATIONARY, Motion
from tests.five_five_six_heli_support import hawk_game

START = {"flying": Motion(10.0, altitude="flying"), "ground": STATIONARY}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), start=st.sampled_from(sorted(START)))
def test_random_helicopter_games_keep_it_where_it_may_be(seed: int, start: str) -> None:
    state, board, hawk = hawk_game(START[start], x=8, y=20)
    for who in ("mason", "price", "kowalski"):  # three more in the back to rope down
        man = board.characters[who]
        man.status = Status.ACTIVE
        man.aboard, man.seat, man.pos = "hawk", "passenger", hawk.pos
    geometry = board.setting.geometry
    rng = Rng(seed)
    for _ in range(200):
        if state.outcome() is not None:
            break
        action = random_action(state, rng)
        assert state.why_not(action) is None, action
        state.apply(action)
        assert geometry.on_table(hawk.hull)
        if not hawk.usable:
            assert not hawk.motion.airborne
        if not hawk.motion.airborne and hawk.usable:
            for piece in geometry.pieces_at(hawk.hull):
                assert piece.move("infantry") != "impassable", piece.label
            for other in board.vehicles.values():
                assert other is hawk or gap(hawk.hull, other.hull) > 0, other.id
            for man in board.on_table():
                assert man.aboard is not None or gap(man.base, hawk.hull) > 0, man.id
        for man in board.aboard(hawk):
            assert man.pos == hawk.pos, man.id
