"""RatFight vehicles: reversing at half speed, turning on the spot, and the armour of
the face a shot comes from (the armour table: front / side / rear)."""

from __future__ import annotations

from game.rules.ratfight.actions import Move, Pivot, Reverse
from game.rules.ratfight.board import armour_against
from tests.ratfight_support import become, hand, new_game, only, place


def _tank_alone(facing: int = 0):  # type: ignore[no-untyped-def]
    """A light tank facing ``facing`` deg in the open field north of the farm track."""
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    become(b, "r1", "light_tank")
    place(b, "r1", 24, 22, facing=facing)
    place(b, "g1", 45, 3)
    hand(b, 0, "move_vehicle")
    return state


def test_ratfight_movement_reversing_is_half_speed_and_backwards() -> None:
    """Tracked: 9" off road, so a reverse goes at most 4.5"; it keeps the facing."""
    state = _tank_alone(facing=0)  # facing the right table edge: backwards is west
    b = state.board
    assert state.why_not(Reverse("r1", (2400 - 440, 2200))) is None
    too_far = state.why_not(Reverse("r1", (2400 - 470, 2200)))
    assert too_far is not None and "too far" in too_far
    ahead = state.why_not(Reverse("r1", (2400 + 300, 2200)))
    assert ahead is not None and "backwards" in ahead
    state.apply(Reverse("r1", (2400 - 440, 2200)))
    assert b.figures["r1"].pos == (1960, 2200) and b.figures["r1"].facing == 0


def test_ratfight_movement_a_forward_move_turns_the_vehicle_the_way_it_drove() -> None:
    state = _tank_alone(facing=0)
    b = state.board
    assert state.why_not(Move("r1", (2400, 2200 - 500))) is None  # 5" north, within 9"
    state.apply(Move("r1", (2400, 2200 - 500)))
    assert b.figures["r1"].facing == 270  # degrees clockwise from the right edge: north


def test_ratfight_movement_turning_on_the_spot_is_the_vehicle_s_move() -> None:
    state = _tank_alone(facing=0)
    b = state.board
    same = state.why_not(Pivot("r1", 0))
    assert same is not None and "already faces" in same
    state.apply(Pivot("r1", 90))
    assert b.figures["r1"].facing == 90 and b.figures["r1"].pos == (2400, 2200)


def test_ratfight_movement_infantry_do_not_pivot() -> None:
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", 24, 32)
    hand(b, 0, "move_one")
    reason = state.why_not(Pivot("r1", 90))
    assert reason is not None


def test_ratfight_armour_table_front_side_rear_of_a_light_tank() -> None:
    """Light tank armour 2 / 1 / 1 (armour.yaml): a shot from ahead meets the front,
    from the flank the side, from behind the rear."""
    state = _tank_alone(facing=0)
    tank = state.board.figures["r1"]
    assert armour_against(tank, (2400 + 1000, 2200)) == 2  # ahead (east)
    assert armour_against(tank, (2400, 2200 - 1000)) == 1  # the flank (north)
    assert armour_against(tank, (2400 - 1000, 2200)) == 1  # behind (west)
