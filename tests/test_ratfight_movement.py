"""RatFight: Movement, in inches on the tabletop map."""

from __future__ import annotations

from game.maps.tabletop import to_point
from game.rules.ratfight.actions import Assault, Move, Pivot, Reverse
from game.rules.ratfight.model import Status
from tests.ratfight_support import become, hand, new_game, only, place


def _infantry(x: float = 30, y: float = 20):  # type: ignore[no-untyped-def]
    state = new_game()
    b = state.board
    only(b, "r1", "g1")
    place(b, "r1", x, y)
    place(b, "g1", 5, 5)
    hand(b, 0, "move_one")
    return state


def test_ratfight_movement_infantry_6_inches() -> None:
    state = _infantry()
    assert state.why_not(Move("r1", to_point(36, 20))) is None
    reason = state.why_not(Move("r1", to_point(36.02, 20)))
    assert reason is not None and "too far" in reason
    state.apply(Move("r1", to_point(36, 20)))
    assert state.board.figures["r1"].pos == (3600, 2000)


def test_ratfight_movement_a_card_moves_different_models_once_each() -> None:
    state = _infantry()
    b = state.board
    hand(b, 0, "move_two")
    place(b, "r2", 30, 22)
    state.apply(Move("r1", to_point(33, 20)))
    assert "already acted" in (state.why_not(Move("r1", to_point(34, 20))) or "")
    state.apply(Move("r2", to_point(33, 22)))
    assert b.card != "move_two" or b.seat != 0  # both used: the card is finished


def test_ratfight_movement_linear_obstacle_takes_a_full_move() -> None:
    # the Lane hedge runs from (4,25) to (13,24) to (21,25); r1 stands just north of it
    state = _infantry(16, 23.6)
    over = to_point(16, 25.6)  # 2" straight over the hedge
    assert state.why_not(Move("r1", over)) is None
    far = state.why_not(Move("r1", to_point(16, 27)))
    assert far is not None and "whole move" in far


def test_ratfight_movement_impassable_pieces_and_climbing_height() -> None:
    state = _infantry(43, 13.5)
    b = state.board
    # the duck pond (41..45, 9..12) is impassable to infantry
    assert "impassable" in (state.why_not(Move("r1", to_point(43, 10.5))) or "")
    place(b, "r1", 16, 28.5)
    # the Grey stones (rocks, 2" high, climbable): getting onto them is the whole move,
    # at most 2" (Interpretation: obstacle_move_in)
    assert state.why_not(Move("r1", to_point(17.9, 28.7))) is None
    assert "whole move" in (state.why_not(Move("r1", to_point(18.2, 28.9))) or "")
    assert "whole move" in (state.why_not(Move("r1", to_point(21, 29.5))) or "")


def test_ratfight_movement_bicycles_6_off_road_9_on_road() -> None:
    state = _infantry(2, 35.8)  # on the Farm track
    become(state.board, "r1", "cyclist")
    # along the road: (0,36) -> (16,34)
    along = to_point(2 + 9 * 16 / 16.12, 35.8 - 9 * 2 / 16.12)
    assert state.why_not(Move("r1", along)) is None
    off = state.why_not(Move("r1", to_point(2, 35.8 - 7)))
    assert off is not None and "too far" in off
    assert state.why_not(Move("r1", to_point(2, 35.8 - 5.5))) is None


def test_ratfight_movement_tripod_gun_cannot_move() -> None:
    state = new_game()
    b = state.board
    hand(b, 1, "move_one")
    reason = state.why_not(Move("hmg", to_point(36, 12)))
    assert reason is not None and "tripod" in reason


def test_ratfight_movement_downed_model_may_not_move() -> None:
    state = _infantry()
    state.board.figures["r1"].status = Status.DOWN
    assert "Down" in (state.why_not(Move("r1", to_point(31, 20))) or "")


def test_ratfight_movement_contact_with_an_enemy_is_close_combat() -> None:
    state = _infantry()
    place(state.board, "g1", 33, 20)
    reason = state.why_not(Move("r1", to_point(32, 20)))
    assert reason is not None and "close combat" in reason
    assert state.why_not(Assault("r1", "g1")) is None


def _vehicle(unit: str, x: float, y: float, facing: int):  # type: ignore[no-untyped-def]
    state = new_game("convoy")
    b = state.board
    only(b, "lorry", "chef")
    become(b, "lorry", unit)
    place(b, "lorry", x, y, facing)
    hand(b, 0, "move_vehicle")
    return state


def test_ratfight_movement_wheeled_24_on_road_12_off_road() -> None:
    # the mountain road runs (10,38) -> (20,30): 12.8" long
    state = _vehicle("lorry", 10, 38, 321)
    assert state.why_not(Move("lorry", to_point(20, 30))) is None
    state = _vehicle("lorry", 20, 42, 0)
    assert state.why_not(Move("lorry", to_point(32, 42))) is not None  # stream in the way
    state = _vehicle("lorry", 16, 42, 0)
    assert state.why_not(Move("lorry", to_point(27.9, 42))) is None
    assert "too far" in (state.why_not(Move("lorry", to_point(28.5, 42))) or "")


def test_ratfight_movement_wheeled_may_not_cross_any_obstacle() -> None:
    # the dry-stone wall: (12,28) -> (13.6,32.9), a gap for the road, (13.6,36.9) -> (13,42)
    state = _vehicle("lorry", 10, 39, 0)
    reason = state.why_not(Move("lorry", to_point(17, 39)))
    assert reason is not None and "impassable" in reason


def test_ratfight_movement_tracked_9_off_road_and_full_move_over_a_stream() -> None:
    state = _vehicle("carrier", 16, 42, 0)
    assert state.why_not(Move("lorry", to_point(25, 42))) is None
    assert "too far" in (state.why_not(Move("lorry", to_point(25.5, 42))) or "")
    state = _vehicle("carrier", 28, 42, 0)  # the Brume torrent is climbed: a whole move
    assert "whole move" in (state.why_not(Move("lorry", to_point(33, 42))) or "")
    # the dry-stone wall bars tracks (rules version 3: tests/test_ratfight_tracked_terrain.py)
    state = _vehicle("carrier", 11.6, 39, 0)
    wall = state.why_not(Move("lorry", to_point(18, 39))) or ""
    assert "impassable to tracked vehicles" in wall


def test_ratfight_movement_hovercraft_cross_a_stream() -> None:
    """Flying and the rest of hovercraft movement: tests/test_ratfight_hover_flying.py."""
    state = _vehicle("hovercraft", 20, 42, 0)
    # the torrent (a stream) is open water to a hovercraft
    assert state.why_not(Move("lorry", to_point(31.5, 42))) is None


def test_ratfight_movement_vehicle_ends_facing_the_way_it_moved() -> None:
    state = _vehicle("lorry", 16, 42, 0)
    state.apply(Move("lorry", to_point(16, 32)))
    assert state.board.figures["lorry"].facing == 270


def test_ratfight_movement_reversing_at_half_speed() -> None:
    state = _vehicle("lorry", 22, 42, 0)
    assert state.why_not(Reverse("lorry", to_point(16, 42))) is None  # 6" = half of 12"
    assert "too far" in (state.why_not(Reverse("lorry", to_point(15.5, 42))) or "")
    assert "backwards" in (state.why_not(Reverse("lorry", to_point(26, 42))) or "")
    state.apply(Reverse("lorry", to_point(16, 42)))
    assert state.board.figures["lorry"].facing == 0


def test_ratfight_movement_vehicle_turns_on_the_spot_as_a_move() -> None:
    state = _vehicle("lorry", 20, 42, 0)
    assert state.why_not(Pivot("lorry", 135)) is None
    state.apply(Pivot("lorry", 135))
    assert state.board.figures["lorry"].facing == 135
    assert state.board.card != "move_vehicle" or state.board.seat != 0


def test_ratfight_movement_passengers_get_out_within_6_of_the_hull() -> None:
    state = new_game("convoy")
    b = state.board
    hand(b, 0, "move_one")
    lorry = b.figures["lorry"]
    assert b.figures["p1"].status is Status.ABOARD and b.figures["p1"].pos == lorry.pos
    # the lorry (4" x 2") faces 349 deg at (5, 40.5); 6" beyond its rear edge
    assert state.why_not(Move("p1", to_point(5, 44.4))) is None
    state.apply(Move("p1", to_point(5, 44.4)))
    assert b.figures["p1"].status is Status.UP and b.figures["p1"].aboard is None
