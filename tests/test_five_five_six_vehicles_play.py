"""5.56mm vehicles on the table (rules version 3): the vehicle records, Drive (4.6,
4.61-4.63), getting in and out (12.1, 12.11), ramming (12.2), passengers and gunners
(12.3, 12.4), shots at vehicles and their damage (12.5, 12.51, 12.7), vehicles
blocking sight and movement, and the convoy ambush scenario."""

from __future__ import annotations

import pytest

from game.core.rng import Rng
from game.core.session import Session
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Drive, DriveTask, Fire, GetIn, GetOut, Move, SeatChoice
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.state import FiveFiveSixState
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.events import (
    Drove,
    GotOut,
    Rammed,
    RammedVehicle,
    VehicleExploded,
)
from game.rules.five_five_six.vehicles.fire import damage_vehicle, vehicle_shot_check
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_support import give_go, load_dice, new_game, only, place


def convoy(*keep: str) -> tuple[FiveFiveSixState, Board]:
    """The convoy ambush with only ``keep`` on the table; HMMV One moved to open ground
    in the north (10", 5") facing the right edge, HMMV Two to (10", 30.5")."""
    state = new_game("convoy_ambush")
    board = state.board
    only(board, *keep)
    move_vehicle(board, "hmmv_1", 10, 5, 0)
    move_vehicle(board, "hmmv_2", 4, 33, 0)
    return state, board


def move_vehicle(board: Board, vehicle_id: str, x: float, y: float, facing: int) -> None:
    vehicle = board.vehicles[vehicle_id]
    vehicle.pos, vehicle.facing = to_point(x, y), facing
    for c in board.aboard(vehicle):
        c.pos = vehicle.pos


# -- the state --------------------------------------------------------------------------


def test_12_0_the_convoy_starts_with_its_crews_aboard_their_hmmvs() -> None:
    board = new_game("convoy_ambush").board
    one = board.vehicles["hmmv_1"]
    assert (one.profile.length_in, one.profile.width_in) == (3.25, 1.5)  # V20
    assert one.weapon == "m2" and one.motion == Motion() and one.damage == []
    seats = {c.id: c.seat for c in board.aboard(one)}
    assert seats == {
        "reyes": "driver",
        "cole": "gunner",
        "mason": "passenger",
        "ortiz": "passenger",
    }
    assert all(c.pos == one.pos for c in board.aboard(one))
    assert board.setting.version == 5


def test_a_game_without_vehicles_snapshots_as_before_and_a_convoy_game_replays() -> None:
    assert "vehicles" not in new_game("crash_site").snapshot()
    session = Session.new("five_five_six", 7, {"scenario": "convoy_ambush"}, undo=False)
    rng = Rng(3)
    from game.core.random_play import random_action

    for _ in range(80):
        if session.state.outcome() is not None:
            break
        session.apply(random_action(session.state, rng))
    record = session.to_record()
    assert record.rules_version == "5"
    assert "vehicles" in session.state.snapshot()
    replayed = Session.from_record(record, "<convoy>")  # raises if the digest differs
    assert replayed.state.snapshot() == session.state.snapshot()


def test_vehicles_came_in_with_rules_version_3() -> None:
    from game.core.errors import InvalidAction
    from game.rules.five_five_six.ruleset import FiveFiveSix

    with pytest.raises(InvalidAction, match="rules version 3"):
        FiveFiveSix().new_game(1, {"scenario": "convoy_ambush"}, rules_version="2")


# -- 4.6 Drive --------------------------------------------------------------------------


def test_4_6_drive_straight_within_the_allowance_and_no_further() -> None:
    state, board = convoy("reyes")
    give_go(board, "reyes")
    assert state.why_not(Drive("reyes", to_point(22, 5))) is None
    reason = state.why_not(Drive("reyes", to_point(22.5, 5)))
    assert reason is not None and "4.6" in reason and 'of a 12" allowance' in reason
    events = state.apply(Drive("reyes", to_point(22, 5)))
    one = board.vehicles["hmmv_1"]
    assert one.pos == to_point(22, 5) and board.characters["reyes"].pos == one.pos
    assert one.motion == Motion(moved_in=12.0)
    assert any(isinstance(e, Drove) for e in events)


def test_4_6_each_change_of_direction_up_to_45_degrees_costs_1_inch() -> None:
    state, board = convoy("reyes")
    move_vehicle(board, "hmmv_1", 10, 14, 0)
    give_go(board, "reyes")
    # 45 degrees up-right: 11" + 1" = 12" fits, 11.5" + 1" does not
    d11 = 11 / 2**0.5
    assert state.why_not(Drive("reyes", to_point(10 + d11, 14 - d11))) is None
    d = 11.5 / 2**0.5
    assert "allowance" in (state.why_not(Drive("reyes", to_point(10 + d, 14 - d))) or "")
    # 90 degrees is two changes: 10" + 2"
    assert state.why_not(Drive("reyes", to_point(10, 4))) is None
    assert state.why_not(Drive("reyes", to_point(10, 3.5))) is not None


def test_4_6_reverse_costs_2_inches_an_inch() -> None:
    state, board = convoy("reyes")
    move_vehicle(board, "hmmv_1", 20, 5, 0)
    give_go(board, "reyes")
    assert state.why_not(Drive("reyes", to_point(14, 5), reverse=True)) is None
    assert state.why_not(Drive("reyes", to_point(13.5, 5), reverse=True)) is not None
    state.apply(Drive("reyes", to_point(14, 5), reverse=True))
    assert board.vehicles["hmmv_1"].facing == 0  # backed up, still facing the right edge


def test_4_6_drive_is_a_special_action_for_the_driver_only() -> None:
    state, board = convoy("reyes", "cole")
    give_go(board, "cole")
    assert "only the driver" in (state.why_not(Drive("cole", to_point(15, 5))) or "")
    give_go(board, "reyes")
    state.apply(GetOut("reyes", to_point(10, 6.9)))
    give_go(board, "reyes")
    assert "driver's seat" in (state.why_not(Drive("reyes", to_point(15, 5))) or "")


def test_4_62_full_speed_carries_the_vehicle_on_by_the_result() -> None:
    """Reyes: Morale +1, HMMV Speed +4, Driver skill: a D6 of 1 makes 6 against TN 3,
    +3: 10" more straight on, 12" + 10" = 22" in all."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    load_dice(board, 1)
    events = state.apply(Drive("reyes", to_point(22, 5), DriveTask.FULL_SPEED))
    one = board.vehicles["hmmv_1"]
    assert one.pos == to_point(32, 5)
    assert one.motion == Motion(moved_in=22.0, full_speed=True)
    drove = next(e for e in events if isinstance(e, Drove))
    assert drove.row == 'Full Speed +3: 10" more' and drove.full_speed


def test_4_62_a_full_speed_run_blocked_ahead_stops_short() -> None:
    """A D6 of 6: +6, 14" more from 22" would put the HMMV's nose off the table at 36"."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    load_dice(board, 6)
    state.apply(Drive("reyes", to_point(22, 5), DriveTask.FULL_SPEED))
    one = board.vehicles["hmmv_1"]
    assert 33 <= one.pos[0] / 100 <= 34.375 and one.motion.full_speed


def test_4_62_a_failed_full_speed_adds_nothing_and_untrained_drivers_pay_2() -> None:
    """Mason has no Driver skill: D6 1 + Morale 2 + Speed 4 = 7 against TN 3 + 2 = 5."""
    state, board = convoy("mason")
    board.characters["mason"].seat = "driver"
    give_go(board, "mason")
    load_dice(board, 1)
    events = state.apply(Drive("mason", to_point(16, 5), DriveTask.FULL_SPEED))
    roll = next(e for e in events if getattr(e, "purpose", "") == "Drive: Full Speed")
    assert roll.target == 5  # type: ignore[attr-defined]
    assert board.vehicles["hmmv_1"].pos == to_point(24, 5)  # +2: 8" more


def test_4_63_turn_makes_a_90_degree_turn_cost_1_inch() -> None:
    """A 90-degree swing costs 2" as two 45-degree changes, 1" with one Turn."""
    state, board = convoy("reyes")
    give_go(board, "reyes")
    assert state.why_not(Drive("reyes", to_point(10, 16))) is not None  # 11" + 2"
    assert state.why_not(Drive("reyes", to_point(10, 16), DriveTask.TURN)) is None
    load_dice(board, 1)  # 1 + 1 + 4 = 6 against TN 4: +2, two turns
    state.apply(Drive("reyes", to_point(10, 16), DriveTask.TURN))
    one = board.vehicles["hmmv_1"]
    assert one.pos == to_point(10, 16) and one.facing == 90


def test_4_6_a_vehicle_cannot_drive_through_buildings_or_other_vehicles() -> None:
    state, board = convoy("reyes")
    move_vehicle(board, "hmmv_1", 12, 12.5, 0)  # the Market hall is 19"-25" across
    give_go(board, "reyes")
    assert "Market hall" in (state.why_not(Drive("reyes", to_point(23, 12.5))) or "")
    move_vehicle(board, "hmmv_2", 12, 5, 0)
    move_vehicle(board, "hmmv_1", 18, 5, 0)
    reason = state.why_not(Drive("reyes", to_point(13, 5), reverse=True))
    assert "HMMV Two is in the way" in (reason or "")  # backing into it is no ram (V31)


# -- 12.1 getting in and out ------------------------------------------------------------


def test_12_1_getting_in_within_a_move_to_a_free_seat() -> None:
    state, board = convoy("reyes", "cole", "price")
    board.characters["price"].aboard = None  # he starts in HMMV Two
    place(board, "price", 10, 9.5)  # 3.75" from the HMMV's side
    give_go(board, "price")
    assert "no free gunner seat" in (
        state.why_not(GetIn("price", "hmmv_1", SeatChoice.GUNNER)) or ""
    )
    assert state.why_not(GetIn("price", "hmmv_1", SeatChoice.PASSENGER)) is None
    place(board, "price", 10, 11)
    assert "more than" in (state.why_not(GetIn("price", "hmmv_1")) or "")
    place(board, "price", 10, 9.5)
    state.apply(GetIn("price", "hmmv_1"))
    price = board.characters["price"]
    assert price.aboard == "hmmv_1" and price.seat == "passenger"
    assert price.pos == board.vehicles["hmmv_1"].pos


def test_12_3_no_more_passengers_than_the_profile_allows() -> None:
    """An HMMV with its turret M2 carries 3 passengers (12.8: 5 (3))."""
    state, board = convoy("mason", "ortiz", "price", "kowalski")
    for name in ("price", "kowalski"):
        board.characters[name].aboard, board.characters[name].seat = "hmmv_1", "passenger"
    place(board, "baker", 10, 8)
    board.characters["baker"].aboard = None
    give_go(board, "baker")
    assert "no free passenger places" in (state.why_not(GetIn("baker", "hmmv_1")) or "")


def test_12_1_leaving_a_stationary_vehicle_costs_nothing() -> None:
    state, board = convoy("mason")
    give_go(board, "mason")
    events = state.apply(GetOut("mason", to_point(10, 6.9)))
    assert [type(e) for e in events if isinstance(e, GotOut)] == [GotOut]
    assert not any(getattr(e, "purpose", "").startswith("resists") for e in events)
    mason = board.characters["mason"]
    assert mason.aboard is None and mason.pos == to_point(10, 6.9)
    give_go(board, "reyes")
    assert "Lt Mason stands there" in (state.why_not(GetOut("reyes", to_point(10.5, 7))) or "")


def test_12_11_jumping_from_a_moving_vehicle_tests_against_its_speed() -> None:
    """12" moved: the 10"-15" row, D6."""
    state, board = convoy("mason")
    board.vehicles["hmmv_1"].motion = Motion(moved_in=12.0)
    give_go(board, "mason")
    load_dice(board, 6, 1)  # TN 6; Strength 1 + 1 = 2: -4, Mortal
    events = state.apply(GetOut("mason", to_point(10, 6.9)))
    tn = [e for e in events if getattr(e, "purpose", "") == "to Lt Mason (the TN)"]
    assert [(e.faces, e.modifiers) for e in tn] == [((6,), (("Jumped from a moving vehicle", 0),))]  # type: ignore[attr-defined]
    assert board.characters["mason"].wounds


def test_12_1_a_man_aboard_does_not_walk_or_fight() -> None:
    state, board = convoy("mason")
    give_go(board, "mason")
    reason = state.why_not(Move("mason", to_point(12, 5)))
    assert reason is not None and "12.1" in reason


# -- 12.2 ramming -----------------------------------------------------------------------


def test_12_2_a_man_in_the_path_jumps_clear_or_is_run_down() -> None:
    """Reyes: D6 6 + Morale 1 + Manoeuvre 4 = 11; Omar: D6 1 + Movement 0 = 1, hit at
    12": the 10"-15" row, D6+1."""
    state, board = convoy("reyes", "amb_3")
    place(board, "amb_3", 16, 5)
    give_go(board, "reyes")
    assert state.why_not(Drive("reyes", to_point(22, 5))) is None
    load_dice(board, 6, 1, 6, 1)
    events = state.apply(Drive("reyes", to_point(22, 5)))
    rammed = next(e for e in events if isinstance(e, Rammed))
    assert not rammed.clear
    assert board.characters["amb_3"].wounds


def test_12_2_the_vehicle_cannot_stop_on_a_man() -> None:
    state, board = convoy("reyes", "amb_3")
    place(board, "amb_3", 22, 5)
    give_go(board, "reyes")
    assert "stands where" in (state.why_not(Drive("reyes", to_point(22, 5))) or "")


# -- 12.4 gunners, 12.7 attacking vehicles ---------------------------------------------


def test_12_4_the_gunner_fires_the_mounted_m2_not_the_driver() -> None:
    state, board = convoy("reyes", "cole", "amb_1")
    place(board, "amb_1", 20, 5, facing=180)
    give_go(board, "cole")
    assert state.why_not(Fire("cole", "m2", "amb_1")) is None
    give_go(board, "reyes")
    assert state.why_not(Fire("reyes", "m2", "amb_1")) is not None
    assert "only the gunner" in (state.why_not(Fire("reyes", "m16", "amb_1")) or "")


def test_3_24_firing_from_a_moving_vehicle_and_at_full_speed() -> None:
    state, board = convoy("cole", "amb_1")
    place(board, "amb_1", 20, 5, facing=180)
    give_go(board, "cole")
    base = state.explain(Fire("cole", "m2", "amb_1"))
    board.vehicles["hmmv_1"].motion = Motion(moved_in=12.0)
    moving = state.explain(Fire("cole", "m2", "amb_1"))
    board.vehicles["hmmv_1"].motion = Motion(moved_in=20.0, full_speed=True)
    fast = state.explain(Fire("cole", "m2", "amb_1"))
    assert "Firer on moving vehicle +1" in moving.numbers["modifiers"]
    assert not any("Firer" in m for m in base.numbers["modifiers"])
    assert "Firer on vehicle at Full Speed +2" in fast.numbers["modifiers"]
    assert fast.numbers["target_number"] == base.numbers["target_number"] + 2


def test_12_7_shooting_at_a_vehicle_is_plus_2_and_at_full_speed_plus_1_tn() -> None:
    state, board = convoy("reyes", "amb_1")
    place(board, "amb_1", 10, 11, facing=270)
    one = board.vehicles["hmmv_1"]
    firer = board.characters["amb_1"]
    give_go(board, "amb_1")
    assert state.why_not(Fire("amb_1", "ak47", "hmmv_1")) is None
    check = vehicle_shot_check(board, firer, one, "ak47")
    assert check is not None
    assert ("Target is a vehicle", 2) in [(m.name, m.value) for m in check.bonuses]
    one.motion = Motion(moved_in=20.0, full_speed=True)
    fast = vehicle_shot_check(board, firer, one, "ak47")
    assert fast is not None and fast.tn.value == check.tn.value + 1


def test_12_7_someone_inside_counts_as_at_least_partly_concealed() -> None:
    state, board = convoy("reyes", "amb_1")
    place(board, "amb_1", 10, 11, facing=270)
    give_go(board, "amb_1")
    numbers = state.explain(Fire("amb_1", "ak47", "reyes")).numbers
    assert "Partial concealment +1" in numbers["modifiers"]


def test_12_5_a_hit_vehicle_tests_armour_and_suffers_the_12_51_result() -> None:
    """AK-47 at short range: D6 6 + Weapons 0 + 2 hits; damage D6 6 + 4 = 10 against the
    HMMV's D6 1 + Armour 8 = 9: -1, Minor Damage."""
    state, board = convoy("reyes", "amb_1")
    place(board, "amb_1", 10, 11, facing=270)
    give_go(board, "amb_1")
    load_dice(board, 6, 6, 1)
    state.apply(Fire("amb_1", "ak47", "hmmv_1"))
    assert board.vehicles["hmmv_1"].damage == [VehicleDamage.MINOR]


def test_12_51_destroyed_kills_everyone_inside_and_the_blast_reaches_4_inches() -> None:
    state, board = convoy("reyes", "cole", "amb_1", "amb_2")
    place(board, "amb_1", 10, 7.5)  # 1" from the hull
    place(board, "amb_2", 10, 15)  # 9" away
    give_go(board, "amb_2")
    one = board.vehicles["hmmv_1"]
    events = damage_vehicle(board, one, VehicleDamage.DESTROYED)
    assert any(isinstance(e, VehicleExploded) for e in events)
    assert board.characters["reyes"].status.value == "dead"
    assert board.characters["cole"].status.value == "dead"
    tested = {getattr(e, "who", "") for e in events if "resists" in getattr(e, "purpose", "")}
    assert board.characters["amb_1"].name in tested
    assert board.characters["amb_2"].name not in tested
    board.characters["amb_2"].morale = "steady"  # Abdi's death may have shaken him
    assert "destroyed" in (state.why_not(Fire("amb_2", "ak47", "hmmv_1")) or "")


def test_12_51_immobilised_stops_the_vehicle_for_good() -> None:
    state, board = convoy("reyes")
    one = board.vehicles["hmmv_1"]
    load_dice(board, 4)
    damage_vehicle(board, one, VehicleDamage.IMMOBILISED)
    assert one.weapons_work  # D6 4: the M2 still works
    give_go(board, "reyes")
    assert "cannot be driven" in (state.why_not(Drive("reyes", to_point(15, 5))) or "")


# -- vehicles in the way ----------------------------------------------------------------


def test_a_vehicle_blocks_sight_and_the_way_on_foot() -> None:
    state, board = convoy("amb_1", "amb_2")
    place(board, "amb_1", 10, 2, facing=90)
    place(board, "amb_2", 10, 8, facing=270)
    a, b = board.characters["amb_1"], board.characters["amb_2"]
    assert board.sight(a, b).visible_share == 0  # the HMMV stands between them
    give_go(board, "amb_1")
    assert "HMMV One is in the way" in (state.why_not(Move("amb_1", to_point(10, 5.9))) or "")
    move_vehicle(board, "hmmv_1", 20, 5, 0)
    assert board.sight(a, b).visible_share > 0


# -- the scenario under random play -----------------------------------------------------


def test_random_play_of_the_convoy_draws_every_vehicle_action() -> None:
    from game.core.random_play import random_action

    drawn: set[str] = set()
    for game_no in range(3):
        session = Session.new("five_five_six", 900 + game_no, {"scenario": "convoy_ambush"})
        rng = Rng(game_no)
        for _ in range(300):
            state = session.state
            if state.outcome() is not None:
                break
            action = random_action(state, rng)
            assert state.why_not(action) is None, action.to_str()
            drawn.add(type(action).__name__)
            session.apply(action)
    assert {"Drive", "GetIn", "GetOut", "Fire"} <= drawn


def test_12_2_a_full_speed_run_into_another_vehicle_rams_it() -> None:
    """V31: HMMV One's run (6" then 10" more at Full Speed, D6 1: +3) stops against HMMV
    Two: both test Armour against the 10"-15" row (D6+1), the men aboard the row below
    (5"-10": D6)."""
    state, board = convoy("reyes", "baker")
    move_vehicle(board, "hmmv_2", 26, 5, 0)
    give_go(board, "reyes")
    load_dice(board, 1)
    events = state.apply(Drive("reyes", to_point(16, 5), DriveTask.FULL_SPEED))
    one = board.vehicles["hmmv_1"]
    assert one.pos[0] < 2600 - 325  # stopped against HMMV Two's rear
    assert any(isinstance(e, RammedVehicle) for e in events)
    armour = [e for e in events if getattr(e, "purpose", "") == "tests its Armour"]
    assert [e.who for e in armour] == ["HMMV One", "HMMV Two"]  # type: ignore[attr-defined]
    tns = [e for e in events if getattr(e, "who", "") == "Damage" and "HMMV" in e.purpose]  # type: ignore[attr-defined]
    assert all(e.modifiers == (("Ram", 1),) for e in tns)  # type: ignore[attr-defined]
    resisted = {e.who for e in events if getattr(e, "purpose", "") == "resists injury"}  # type: ignore[attr-defined]
    assert resisted == {"Spc Reyes", "Pfc Baker"}


# -- interpretations --------------------------------------------------------------------


def test_v13_v21_the_motion_lasts_until_the_drivers_next_go_and_a_driverless_vehicle_stops() -> (
    None
):
    from game.rules.five_five_six.combat.wounding import kill
    from game.rules.five_five_six.turn.deck import Drawn
    from game.rules.five_five_six.turn.flow import begin_go, begin_turn

    state, board = convoy("reyes", "baker")
    board.vehicles["hmmv_1"].motion = Motion(moved_in=12.0)
    board.vehicles["hmmv_2"].motion = Motion(moved_in=8.0)
    begin_go(board, board.characters["reyes"], Drawn(card="2S", character="reyes", drawer=0))
    assert board.vehicles["hmmv_1"].motion == Motion()  # his go: it has not moved yet
    kill(board.characters["baker"])
    begin_turn(board)
    assert board.vehicles["hmmv_2"].motion == Motion()


def test_v22_a_man_aboard_looks_out_on_every_side() -> None:
    state, board = convoy("cole", "amb_1")
    place(board, "amb_1", 4, 5, facing=0)  # behind the HMMV, which faces the right edge
    give_go(board, "cole")
    assert state.why_not(Fire("cole", "m2", "amb_1")) is None


def test_v27_auto_fire_is_at_men_and_a_vehicle_is_shot_with_fire() -> None:
    from game.rules.five_five_six.actions import AutoFire

    state, board = convoy("reyes", "amb_1")
    place(board, "amb_1", 10, 11, facing=270)
    give_go(board, "amb_1")
    reason = state.why_not(AutoFire("amb_1", "ak47", ("hmmv_1", "hmmv_1")))
    assert reason is not None and "V27" in reason


def test_v28_a_second_immobilised_result_adds_nothing() -> None:
    state, board = convoy("reyes")
    one = board.vehicles["hmmv_1"]
    load_dice(board, 4)
    damage_vehicle(board, one, VehicleDamage.IMMOBILISED)
    damage_vehicle(board, one, VehicleDamage.IMMOBILISED)
    assert one.damage == [VehicleDamage.IMMOBILISED]


def test_v29_a_shaken_driver_may_drive_away_but_try_no_task() -> None:
    state, board = convoy("reyes", "amb_1")
    move_vehicle(board, "hmmv_1", 14, 5, 0)
    place(board, "amb_1", 26, 5, facing=180)
    board.characters["reyes"].morale = "shaken"
    give_go(board, "reyes", single=True)
    assert state.why_not(Drive("reyes", to_point(10, 5), reverse=True)) is None
    assert "away" in (state.why_not(Drive("reyes", to_point(20, 5))) or "")
    assert "plain drive" in (
        state.why_not(Drive("reyes", to_point(14, 14), DriveTask.FULL_SPEED)) or ""
    )


def test_v32_a_rocket_at_a_man_inside_spares_the_others_aboard() -> None:
    """7.9 with 12.7: the RPG at Reyes (aboard HMMV One) hits him; the blast does not
    reach Cole beside him inside the hull, but does reach Omar standing by it."""
    from game.rules.five_five_six.combat.arms import firearm
    from game.rules.five_five_six.combat.fire_play import rocket

    state, board = convoy("reyes", "cole", "amb_3")
    place(board, "amb_3", 10, 7.5)
    events = rocket(board, firearm("rpg"), board.characters["reyes"])
    tested = {
        getattr(e, "who", "") for e in events if getattr(e, "purpose", "") == "resists injury"
    }
    assert "Spc Reyes" in tested and "Gunman Omar" in tested
    assert "Sgt Cole" not in tested


def test_12_2_a_drive_into_another_vehicle_stops_against_it_and_rams_it() -> None:
    """V31: HMMV One drives at HMMV Two standing 6" ahead: it ends against its rear
    (3.25" long each) and both test Armour; a 2.6" ram reads the first row (V10)."""
    state, board = convoy("reyes", "baker")
    move_vehicle(board, "hmmv_2", 16, 5, 0)
    give_go(board, "reyes")
    assert state.why_not(Drive("reyes", to_point(22, 5))) is None
    events = state.apply(Drive("reyes", to_point(22, 5)))
    one, two = board.vehicles["hmmv_1"], board.vehicles["hmmv_2"]
    assert 1600 - 325 - 60 <= one.pos[0] < 1600 - 325 and two.pos == to_point(16, 5)
    assert any(isinstance(e, RammedVehicle) for e in events)
    armour = [e.who for e in events if getattr(e, "purpose", "") == "tests its Armour"]  # type: ignore[attr-defined]
    assert armour == ["HMMV One", "HMMV Two"]


def test_v23_nobody_aboard_helps_carry_and_nobody_is_carried_out_of_a_vehicle() -> None:
    from game.rules.five_five_six.actions import Carry
    from game.rules.five_five_six.combat.injury import Wound

    state, board = convoy("mason", "ortiz", "reyes")
    mason, ortiz = board.characters["mason"], board.characters["ortiz"]
    ortiz.wounds = [Wound.CRITICAL]
    mason.aboard, mason.seat = None, ""
    place(board, "mason", 10, 7.4)  # beside the HMMV, 1.9" from Ortiz inside
    give_go(board, "mason")
    reason = state.why_not(Carry("mason", "ortiz", to_point(10, 11)))
    assert reason is not None and "inside a vehicle" in reason
    ortiz.aboard, ortiz.seat = None, ""
    place(board, "ortiz", 11, 7.4)
    assert state.why_not(Carry("mason", "ortiz", to_point(10, 11))) is None
    reason = state.why_not(Carry("mason", "ortiz", to_point(10, 11), "reyes"))
    assert reason is not None and "cannot help carry" in reason
