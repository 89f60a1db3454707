"""5.56mm 4.6/4.62 and 4.7/4.74: a Full Speed run may change direction twice, up to 45
degrees each, 1" each for a land vehicle and 4" for a helicopter (rules version 4,
Interpretations V5 and V41)."""

from __future__ import annotations

import math

import pytest

from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Drive, DriveTask, Pilot, PilotTask, parse_action
from game.rules.five_five_six.vehicles.candidates import vehicle_actions
from game.rules.five_five_six.vehicles.events import Drove
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_support import give_go, load_dice
from tests.test_five_five_six_vehicles_play import convoy

FULL = DriveTask.FULL_SPEED


def test_4_6_full_speed_swerves_out_and_back_paying_1_inch_a_change() -> None:
    """Reyes (Morale +1, Driver) in HMMV One (Speed +4) at 10",5" facing the right
    edge drives 12" to 22",5" at Full Speed: a D6 of 1 makes 6 against TN 3, +3, 10"
    more (4.62). He veers 45 degrees right as the run starts (1"), goes 3", swings 45
    degrees back left (1") and runs the 5" left straight on: 12 + 3 + 5 = 20" moved,
    facing the right edge again."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    load_dice(board, 1)
    events = state.apply(Drive("reyes", to_point(22, 5), FULL, bend=45, then=-45, after=3))
    one = board.vehicles["hmmv_1"]
    corner = (22 + 3 * math.cos(math.radians(45)), 5 + 3 * math.sin(math.radians(45)))
    assert one.pos == to_point(round(corner[0] + 5, 2), round(corner[1], 2))
    assert one.facing == 0
    assert one.motion == Motion(moved_in=20.0, full_speed=True)
    drove = next(e for e in events if isinstance(e, Drove))
    assert drove.row == 'Full Speed +3: 10" more' and drove.inches == 20.0


def test_4_6_one_change_of_direction_at_full_speed_veers_the_whole_run() -> None:
    """Full Speed from where it stands, veering 45 degrees right at once: 1" of the 10"
    run, 9" on at 45 degrees (16.36", 11.36")."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    load_dice(board, 1)
    state.apply(Drive("reyes", to_point(10, 5), FULL, bend=45))
    one = board.vehicles["hmmv_1"]
    step = 9 * math.cos(math.radians(45))
    assert one.pos == to_point(round(10 + step, 2), round(5 + step, 2))
    assert one.facing == 45 and one.motion.moved_in == pytest.approx(9.0, abs=0.01)


def test_4_62_a_veering_run_blocked_ahead_stops_short_of_the_building() -> None:
    """From 16",5" the 9" at 45 degrees would run into the building (19"-25", 9"-14"):
    the HMMV stops short, facing the way it veered."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    load_dice(board, 1)
    state.apply(Drive("reyes", to_point(16, 5), FULL, bend=45))
    one = board.vehicles["hmmv_1"]
    assert one.facing == 45 and one.pos[0] < to_point(19, 0)[0]
    assert 6.0 < one.motion.moved_in < 15.0 and one.motion.full_speed


def test_4_6_a_run_too_short_for_the_second_change_goes_straight_on() -> None:
    """A D6 of 1 with the untrained Mason (TN 5, 1 + 2 + 4 = 7): +2, 8" more. A change
    asked for 10" into the run is never reached: it goes the 8" straight on."""
    state, board = convoy("mason")
    board.characters["mason"].seat = "driver"
    give_go(board, "mason")
    load_dice(board, 1)
    state.apply(Drive("mason", to_point(16, 5), FULL, then=45, after=10))
    one = board.vehicles["hmmv_1"]
    assert one.pos == to_point(24, 5) and one.facing == 0


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (Drive("reyes", to_point(16, 5), FULL, bend=60), "1 to 45 degrees"),
        (Drive("reyes", to_point(16, 5), FULL, bend=0), "1 to 45 degrees"),
        (Drive("reyes", to_point(16, 5), DriveTask.TURN, bend=45), "only a Full Speed"),
        (Drive("reyes", to_point(16, 5), DriveTask.NONE, bend=45), "only a Full Speed"),
        (Drive("reyes", to_point(16, 5), FULL, then=45, after=15), '1" to 14"'),
        (Drive("reyes", to_point(16, 5), FULL, then=45), "how far into the run"),
    ],
)
def test_4_6_full_speed_changes_of_direction_are_up_to_45_degrees_and_only_two(
    action: Drive, why: str
) -> None:
    state, board = convoy("reyes")
    give_go(board, "reyes")
    reason = state.why_not(action)
    assert reason is not None and why in reason


def test_4_6_the_text_form_names_both_changes() -> None:
    text = "drive reyes 22,5 full forward bend 45 then -45 after 3"
    action = parse_action(text)
    assert action == Drive("reyes", to_point(22, 5), FULL, bend=45, then=-45, after=3)
    assert action.to_str() == text
    assert parse_action("drive reyes 22,5 full forward").to_str() == "drive reyes 22,5 full forward"


def test_v41_rules_version_3_games_run_straight_on() -> None:
    """A version 3 game refuses the changes of direction and does not offer them."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    object.__setattr__(board.setting, "version", 3)
    reason = state.why_not(Drive("reyes", to_point(16, 5), FULL, bend=45))
    assert reason is not None and "rules version 4" in reason
    offered = vehicle_actions(board, board.characters["reyes"], [])
    assert not any(isinstance(a, Drive) and a.bends for a in offered)


def test_v41_the_candidates_offer_veering_and_swerving_runs() -> None:
    state, board = convoy("reyes")
    give_go(board, "reyes")
    offered = [a for a in state.candidate_actions() if isinstance(a, Drive) and a.bends]
    assert {a.bends for a in offered} >= {((45, 0),), ((-45, 0),), ((45, 0), (-45, 4))}


def test_4_7_4_74_a_helicopter_at_full_speed_changes_direction_twice_at_4_inches_each() -> None:
    """Reyes (Morale +1, no Pilot skill) flies the Black Hawk (Speed +10) at Full Speed
    from where it is: TN 3 + 2, a D6 of 1 makes 12, +7: 24" (4.74's top row). Veering
    45 degrees right costs 4" of it, 8" on, 45 degrees back left 4", then the 8" left
    straight on: 16" flown, facing as it began."""
    from tests.five_five_six_heli_support import hawk_game

    state, board, hawk = hawk_game(x=6, y=12)
    give_go(board, "reyes")
    load_dice(board, 1)
    state.apply(Pilot("reyes", to_point(6, 12), PilotTask.FULL_SPEED, bend=45, then=-45, after=8))
    step = 8 * math.cos(math.radians(45))
    assert hawk.pos == to_point(round(6 + step + 8, 2), round(12 + step, 2))
    assert hawk.facing == 0
    assert hawk.motion.moved_in == pytest.approx(16.0, abs=0.01) and hawk.motion.full_speed


def test_4_74_a_helicopter_turns_1_to_45_degrees_and_the_second_within_24_inches() -> None:
    from tests.five_five_six_heli_support import hawk_game

    state, board, _ = hawk_game(x=6, y=12)
    give_go(board, "reyes")
    at = to_point(6, 12)
    for action, why in (
        (Pilot("reyes", at, PilotTask.FULL_SPEED, bend=50), "1 to 45 degrees"),
        (Pilot("reyes", at, PilotTask.HOVER, bend=45), "only a Full Speed"),
        (Pilot("reyes", at, PilotTask.FULL_SPEED, then=30, after=25), '1" to 24"'),
    ):
        reason = state.why_not(action)
        assert reason is not None and why in reason
    assert state.why_not(Pilot("reyes", at, PilotTask.FULL_SPEED, then=30, after=20)) is None
