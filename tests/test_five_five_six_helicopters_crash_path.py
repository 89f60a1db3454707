"""5.56mm: where a crash (12.6/12.61) or a Landing's overshoot (4.72) takes a vehicle
is an event the table draws as an arrow (``CrashPath``)."""

from __future__ import annotations

from dataclasses import replace

from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Pilot, PilotTask
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.turn.flow import begin_turn
from game.rules.five_five_six.vehicles.events import CrashPath, VehicleCrashed
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_heli_support import hawk_game
from tests.five_five_six_support import give_go, load_dice, place


def test_12_6_a_helicopter_falling_where_it_hovers_has_a_path_of_nothing() -> None:
    _, board, hawk = hawk_game(Motion(16.0, altitude="hovering"), x=14, y=20)
    at = hawk.pos
    for who in ("reyes", "cole"):
        board.characters[who].status = Status.DEAD
    events = begin_turn(board)
    path = next(e for e in events if isinstance(e, CrashPath))
    assert isinstance(events[events.index(path) - 1], VehicleCrashed)
    assert path.start == path.end == at == hawk.pos
    assert path.text() == "The Super Six comes down where it was."


def test_12_6_v37_a_crash_clear_of_a_man_beneath_is_a_path_along_its_line() -> None:
    _, board, hawk = hawk_game(Motion(12.0, altitude="hovering"), x=14, y=20)
    at = hawk.pos
    place(board, "chief", 14, 20)  # right under the fuselage
    for who in ("reyes", "cole"):
        board.characters[who].status = Status.DEAD
    events = begin_turn(board)
    path = next(e for e in events if isinstance(e, CrashPath))
    assert path.start == at and path.end == hawk.pos != at
    assert path.end[1] == at[1] and path.inches > 0  # along its line of flight
    assert f'{path.inches:.1f}" from where it was' in path.text()


def test_4_72_an_overshoot_is_a_path_from_the_landing_zone() -> None:
    """Reyes at Morale -7 (no Pilot skill): D6 4 - 7 + Speed 10 = 7 against Land 7 + 2
    untrained = 9, -2: overshoots D3+1; a D6 of 3 reads D3 2, 3" on."""
    state, board, hawk = hawk_game(x=10, y=20)
    reyes = board.characters["reyes"]
    reyes.profile = replace(reyes.profile, morale=-7)
    give_go(board, "reyes")
    load_dice(board, 4, 3)
    events = state.apply(Pilot("reyes", to_point(14, 20), PilotTask.LAND))
    path = next(e for e in events if isinstance(e, CrashPath))
    assert path.overshoot and path.start == to_point(14, 20)
    assert path.end == hawk.pos == to_point(17, 20)
    assert path.text() == 'The Super Six sets down 3.0" past its landing zone.'
