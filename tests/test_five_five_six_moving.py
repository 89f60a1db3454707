"""5.56mm 3.1 Move, 4.1 Sprint, 4.2 Hide and 6.1 difficult ground on the table."""

from __future__ import annotations

from pathlib import Path

from five_five_six_support import give_go, load_dice, new_game, only, place, stack
from tabletop_support import obj, write_map

from game.core.api import DieRolled
from game.maps.tabletop import load_table, to_point
from game.maps.tabletop_geometry import TableGeometry
from game.rules.five_five_six.actions import Hide, Move, Sprint
from game.rules.five_five_six.board import Setting
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.events import Moved, TookCover
from game.rules.five_five_six.terrain.ground import stretches, travel


def _ready(*keep: str):  # type: ignore[no-untyped-def]
    state = new_game(seed=11)
    only(state.board, *keep)
    return state, state.board


def test_3_1_a_move_goes_up_to_4_inches_and_faces_the_way_he_went() -> None:
    """5.56mm 3.1: a Move action is 4" across even ground."""
    state, board = _ready("havers", "captain")
    place(board, "havers", 30, 30)
    give_go(board, "havers")
    assert state.why_not(Move("havers", to_point(30, 26))) is None
    assert "at most 4" in (state.why_not(Move("havers", to_point(30, 25.99))) or "")
    state.apply(Move("havers", to_point(34, 30)))
    havers = board.characters["havers"]
    assert havers.pos == to_point(34, 30) and havers.facing == 0


def test_3_1_two_moves_run_8_inches() -> None:
    """5.56mm 3.1: two Move actions make 8"."""
    state, board = _ready("havers", "captain")
    place(board, "havers", 26, 30)
    give_go(board, "havers")
    state.apply(Move("havers", to_point(30, 30)))
    state.apply(Move("havers", to_point(34, 30)))
    assert board.characters["havers"].pos == to_point(34, 30)


def test_5_01_serious_wound_moves_1_inch_less_critical_2() -> None:
    """5.56mm 5.01: a Serious wound takes 1" off a Move, a Critical one 2" (stacking)."""
    state, board = _ready("havers", "captain")
    place(board, "havers", 30, 30)
    board.characters["havers"].wounds = [Wound.SERIOUS]
    give_go(board, "havers")
    assert state.why_not(Move("havers", to_point(30, 27))) is None
    assert state.why_not(Move("havers", to_point(30, 26.9))) is not None
    board.characters["havers"].wounds = [Wound.SERIOUS, Wound.CRITICAL]
    give_go(board, "havers", single=True)
    assert state.why_not(Move("havers", to_point(30, 29))) is None
    assert state.why_not(Move("havers", to_point(30, 28.9))) is not None


def test_3_1_a_move_onto_his_own_spot_turns_him() -> None:
    state, board = _ready("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    give_go(board, "havers")
    assert state.why_not(Move("havers", to_point(30, 30))) is not None
    state.apply(Move("havers", to_point(30, 30), 90))
    assert board.characters["havers"].facing == 90


def test_3_1_moves_stay_on_the_table_and_off_other_models() -> None:
    state, board = _ready("havers", "alberto", "captain")
    place(board, "havers", 30, 33)
    place(board, "alberto", 32, 33)
    give_go(board, "havers")
    assert "leave the table" in (state.why_not(Move("havers", to_point(30, 35.8))) or "")
    state.apply(Move("havers", to_point(32, 33)))  # he stops short of his friend
    havers, alberto = board.characters["havers"], board.characters["alberto"]
    assert board.gap(havers, alberto) >= 0


def _wall_move(*faces: int) -> tuple[int, int]:
    """Havers (Movement +0) moves 3" straight over the 1" Yard wall (TN 3)."""
    state, board = _ready("havers", "captain")
    place(board, "havers", 5, 16.3)
    give_go(board, "havers")
    load_dice(board, *faces)
    events = state.apply(Move("havers", to_point(5, 19.3)))
    assert any(isinstance(e, Moved) for e in events)
    return board.characters["havers"].pos


def test_6_1_an_obstacle_crossed_at_full_pace_costs_its_height() -> None:
    """5.56mm 6.01/6.02: a 1" wall is TN 3; beating it by 2 is full pace, so the wall
    costs 1" and he reaches the end of his 3" move within 4"."""
    assert _wall_move(5) == to_point(5, 19.3)


def test_6_1_an_obstacle_crossed_at_half_pace_costs_twice_its_height() -> None:
    """5.56mm 6.02: +1 is half pace: the 1" wall costs 2", leaving him short of 3"."""
    x, y = _wall_move(4)
    assert x == 500 and 1870 <= y <= 1890


def test_6_1_a_quarter_pace_wall_beyond_his_allowance_stops_him_before_it() -> None:
    """5.56mm 6.02: +0 is quarter pace: 4" for the 1" wall, more than he has left: he
    stays on his side of it."""
    x, y = _wall_move(3)
    assert x == 500 and y < 1725


def test_6_1_a_failed_crossing_roll_stops_him_before_the_wall() -> None:
    x, y = _wall_move(1)
    assert x == 500 and y < 1725


def test_4_1_sprint_moves_4_inches_plus_d6_plus_movement() -> None:
    """5.56mm 4.1: 4" basic plus D6 + Movement (Captain Farah, Movement +1, rolls 3:
    8")."""
    state, board = _ready("captain", "havers")
    place(board, "captain", 30, 35, facing=270)
    give_go(board, "captain")
    stack(board, "KC")
    load_dice(board, 3)
    state.apply(Sprint("captain", to_point(30, 25)))
    captain = board.characters["captain"]
    assert captain.pos == to_point(30, 27)
    assert captain.sprinting


def test_4_2_hide_creeps_by_the_margin_and_stays_hidden() -> None:
    """5.56mm 4.2/4.23: on even ground (TN 3) a roll beating it by 1 creeps 2"; the
    Hide is told only to his own side."""
    state, board = _ready("havers", "captain")
    place(board, "havers", 30, 30)
    give_go(board, "havers")
    load_dice(board, 4)
    events = state.apply(Hide("havers", to_point(30, 26)))
    havers = board.characters["havers"]
    assert havers.hidden and havers.pos == to_point(30, 28)
    told = [e for e in events if isinstance(e, TookCover)]
    assert told and told[0].visible_to == frozenset({0})
    seen_by_enemy = " ".join(e.text() for e in events if e.visible(1))
    assert "hide" not in seen_by_enemy.lower() and "creep" not in seen_by_enemy.lower()
    assert any(e.visible(1) for e in events)  # the move itself is seen


def test_4_2_a_failed_hide_roll_keeps_him_hidden_where_he_is() -> None:
    """5.56mm 4.2: failing the roll he still counts as Hidden if he does not move."""
    state, board = _ready("havers", "captain")
    place(board, "havers", 30, 30)
    give_go(board, "havers")
    load_dice(board, 1)
    state.apply(Hide("havers", to_point(30, 26)))
    havers = board.characters["havers"]
    assert havers.hidden and havers.pos == to_point(30, 30)


def test_4_2_hiding_ends_when_he_does_anything_else() -> None:
    state, board = _ready("havers", "captain")
    place(board, "havers", 30, 30)
    board.characters["havers"].hidden = True
    give_go(board, "havers")
    state.apply(Move("havers", to_point(30, 28)))
    assert not board.characters["havers"].hidden


def test_6_1_worked_example_the_wall_and_the_rubble(tmp_path: Path) -> None:
    """5.56mm 6.1, the Delta Force soldier's dash: Sprint 4" + (D6 4 + Movement 1) = 9";
    the 1.5" wall is TN 4 and his 4 (3 + 1) only just makes it: quarter pace, the wall
    counts as 6"; the dense rubble is TN 3 and his 6 (5 + 1) beats it by 3: full pace, 2"
    for 2" of rubble; he reaches his companion with 1" to spare."""
    path = write_map(
        tmp_path,
        [
            obj(1, "wall", "polyline", points=[(2.25, 5), (2.25, 15)], props={"height_in": 1.5}),
            obj(2, "rubble", "rect", box=(2.5, 5, 2, 10)),
            obj(3, "objective", "rect", box=(30, 0, 2, 2), props={"objective": "crash_site"}),
        ],
        size=(36, 36),
    )
    state, board = _ready("delta_1", "captain")  # MSgt Gordon: Movement +1
    table = load_table(path)
    board.setting = Setting(board.setting.scenario, table, TableGeometry(table))
    place(board, "delta_1", 2, 10, facing=0)
    place(board, "captain", 30, 30)
    gordon = board.characters["delta_1"]
    load_dice(board, 3, 5)  # the crossing rolls alone (the 9" budget given)
    end, events = travel(board, gordon, to_point(4.5, 10), 900)
    rolls = [e for e in events if isinstance(e, DieRolled)]
    assert [(r.faces[0] + 1, r.target) for r in rolls] == [(4, 4), (6, 3)]
    assert end == to_point(4.5, 10)
    assert [s.counts_in for s in stretches(board, gordon.pos, end)] == [1.5, 2.0]
    give_go(board, "delta_1")
    load_dice(board, 4, 3, 5)
    state.apply(Sprint("delta_1", to_point(5.5, 10)))  # 1" farther: the spare inch
    assert board.characters["delta_1"].pos == to_point(5.5, 10)


def test_4_1_worked_example_the_ranger_sprints_9_inches() -> None:
    """5.56mm 4.1: Movement +2, a D6 of 3: 4" + 5" = 9", short of the 10" street."""
    from dataclasses import replace

    state, board = _ready("havers", "captain")
    havers = board.characters["havers"]
    havers.profile = replace(havers.profile, movement=2)
    place(board, "havers", 30, 35, facing=270)
    give_go(board, "havers")
    load_dice(board, 3)
    state.apply(Sprint("havers", to_point(30, 25)))
    assert havers.pos == to_point(30, 26)


def test_6_01_a_pieces_ground_property_overrides_its_class(tmp_path: Path) -> None:
    """Interpretation S10: ``ground`` on a piece sets its 6.01 row; a ground we do not
    know is a map error naming the file and the object."""
    import pytest

    from game.core.errors import MapError
    from game.rules.five_five_six.board import check_grounds

    good = write_map(
        tmp_path,
        [obj(1, "brush", "rect", box=(3, 5, 2, 10), props={"ground": "deep_water"})],
        name="good.tmx",
    )
    state, board = _ready("havers", "captain")
    table = load_table(good)
    check_grounds(table)
    board.setting = Setting(board.setting.scenario, table, TableGeometry(table))
    found = stretches(board, to_point(2, 10), to_point(6, 10))
    assert [(s.tn, s.counts_in) for s in found] == [(4, 2.0)]
    bad = write_map(
        tmp_path,
        [obj(7, "brush", "rect", box=(3, 5, 2, 10), props={"ground": "lava"})],
        name="bad.tmx",
    )
    with pytest.raises(MapError, match=r"bad\.tmx.*object brush 7.*ground='lava'"):
        check_grounds(load_table(bad))
