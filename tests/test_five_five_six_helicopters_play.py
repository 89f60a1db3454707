"""5.56mm helicopters on the table (rules version 3): the Pilot special action with its
tasks (4.7, 4.71-4.75), Fast Rope (4.8, 4.81), the co-pilot (12.9), getting into a
helicopter (12.1), the "helicopter in flight" fire modifier (3.24) and a helicopter
nobody can fly (Interpretation V33). A Black Hawk is put on the convoy map over the
market, flown by Reyes with Ortiz in the back."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import (
    FastRope,
    Fire,
    GetIn,
    GetOut,
    Pilot,
    PilotTask,
    SeatChoice,
)
from game.rules.five_five_six.combat.arms import firearms_of
from game.rules.five_five_six.helicopters.events import FastRoped, Flew
from game.rules.five_five_six.helicopters.legal import flight_cost, rope_end
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.turn.flow import begin_turn
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.events import VehicleCrashed
from game.rules.five_five_six.vehicles.fire import vehicle_shot_check
from game.rules.five_five_six.vehicles.routes import route_of
from game.rules.five_five_six.vehicles.shared import STATIONARY, Motion
from tests.five_five_six_heli_support import hawk_game
from tests.five_five_six_support import give_go, load_dice, place


def test_4_7_a_helicopter_flies_over_buildings_within_its_24_inch_allowance() -> None:
    state, board, hawk = hawk_game()
    give_go(board, "reyes")
    # straight east across the market hall (19"-25", 9"-14"): 24" is the allowance
    assert state.why_not(Pilot("reyes", to_point(30, 12))) is None
    reason = state.why_not(Pilot("reyes", to_point(30.5, 12)))
    assert reason is not None and "4.7" in reason and 'of a 24" allowance' in reason
    events = state.apply(Pilot("reyes", to_point(30, 12)))
    flew = next(e for e in events if isinstance(e, Flew))
    assert flew.inches == 24.0 and flew.altitude == "flying"
    assert hawk.pos == to_point(30, 12) and hawk.motion == Motion(24.0, altitude="flying")
    assert all(c.pos == hawk.pos for c in board.aboard(hawk))
    assert board.obstacles() == tuple(  # V33: in the air it blocks no sight line
        board.obstacles("hawk")
    )


def test_4_7_a_change_of_direction_costs_2_inches_and_reverse_4_an_inch() -> None:
    _, board, hawk = hawk_game()
    diagonal = route_of(hawk, to_point(6 + 15, 12 + 15))
    assert diagonal.angle == 45 and flight_cost(diagonal) == pytest.approx(15 * 2**0.5 + 2)
    back = route_of(hawk, to_point(2, 12), reverse=True)
    assert flight_cost(back) == 16.0


def test_4_71_only_the_pilot_flies_and_the_co_pilot_once_he_is_hurt_at_plus_1() -> None:
    state, board, hawk = hawk_game()
    give_go(board, "cole")
    reason = state.why_not(Pilot("cole", to_point(20, 12)))
    assert reason is not None and "co-pilot takes over only" in reason
    give_go(board, "ortiz")
    assert state.why_not(Pilot("ortiz", to_point(20, 12))) is not None
    board.characters["reyes"].status = Status.DEAD
    give_go(board, "cole")
    assert state.why_not(Pilot("cole", to_point(20, 12), PilotTask.HOVER)) is None
    from game.rules.five_five_six.helicopters.play import pilot_task_check

    check = pilot_task_check(board, board.characters["cole"], PilotTask.HOVER)
    assert check is not None
    # Hover TN 5, +2 without the Pilot skill, +1 co-pilot (12.9)
    assert check.tn.value == 8


def test_4_73_a_poor_hover_drifts_on_and_gives_plus_2_to_rope_down() -> None:
    state, board, hawk = hawk_game()
    give_go(board, "reyes")
    # D6 1 + Morale 1 + Manoeuvre 2 = 4 against Hover 5 + 2 untrained = 7: -3, D6" drift
    load_dice(board, 1, 4)
    events = state.apply(Pilot("reyes", to_point(20, 12), PilotTask.HOVER))
    flew = next(e for e in events if isinstance(e, Flew))
    assert "Hover -3" in flew.row and "+2 TN" in flew.row
    assert hawk.pos == to_point(24, 12)  # 14" then 4" on
    assert hawk.motion == Motion(18.0, altitude="hovering", hover_tn_penalty=2)
    assert not hawk.motion.moving  # 4.7: it holds still in the air


def test_4_73_a_steady_hover_holds_where_it_meant_to() -> None:
    state, board, hawk = hawk_game()
    give_go(board, "reyes")
    load_dice(board, 6)  # 6 + 1 + 2 = 9 against 7
    state.apply(Pilot("reyes", to_point(20, 12), PilotTask.HOVER))
    assert hawk.pos == to_point(20, 12)
    assert hawk.motion == Motion(14.0, altitude="hovering")


def test_4_74_full_speed_carries_it_on_24_inches_at_plus_6() -> None:
    state, board, hawk = hawk_game()
    give_go(board, "reyes")
    load_dice(board, 6)  # 6 + 1 + Speed 10 = 17 against Full Speed 3 + 2 = 5: +12
    events = state.apply(Pilot("reyes", hawk.pos, PilotTask.FULL_SPEED))
    assert '24" more' in next(e for e in events if isinstance(e, Flew)).row
    assert hawk.pos == to_point(30, 12)
    assert hawk.motion == Motion(24.0, full_speed=True, altitude="flying")


def test_4_75_bank_makes_a_90_degree_turn_cost_2_inches() -> None:
    state, board, hawk = hawk_game(y=6)
    give_go(board, "reyes")
    to = to_point(6, 6 + 21)  # 90 degrees off its heading: two 45-degree changes, 4"
    reason = state.why_not(Pilot("reyes", to))
    assert reason is not None and 'costs 25.00"' in reason
    assert state.why_not(Pilot("reyes", to, PilotTask.BANK)) is None  # one 90: 2"
    load_dice(board, 3)  # 3 + 1 + Manoeuvre 2 = 6 against Bank 4 + 2 = 6: +0, one turn
    state.apply(Pilot("reyes", to, PilotTask.BANK))
    assert hawk.pos == to and hawk.facing == 90


def test_4_72_a_landing_on_the_zone_puts_it_down_and_lets_men_in_and_out() -> None:
    state, board, hawk = hawk_game(y=5)
    give_go(board, "reyes")
    lz = to_point(18, 5)
    load_dice(board, 1)  # 1 + 1 + Speed 10 = 12 against Land 7 + 2 = 9
    state.apply(Pilot("reyes", lz, PilotTask.LAND))
    assert hawk.pos == lz and hawk.motion.altitude == "ground" and hawk.motion.halted
    assert not hawk.motion.moving
    give_go(board, "ortiz")
    assert state.why_not(GetOut("ortiz", to_point(18, 7))) is None
    events = state.apply(GetOut("ortiz", to_point(18, 7)))
    assert not any(getattr(e, "purpose", "") == "Jumped from a moving vehicle" for e in events)


def test_4_72_minus_5_crashes_d6_plus_1_away_immobilised_inside_test_d6_plus_4() -> None:
    state, board, hawk = hawk_game(x=14, y=20)
    reyes = board.characters["reyes"]
    reyes.profile = replace(reyes.profile, morale=-7)
    give_go(board, "reyes")
    lz = to_point(14, 20)
    # 1 - 7 + 10 = 4 against 9: -5; D6 3 for 3+1 = 4"; D6 4: straight on (3.27)
    load_dice(board, 1, 3, 4)
    events = state.apply(Pilot("reyes", lz, PilotTask.LAND))
    assert "Land -5" in next(e for e in events if isinstance(e, Flew)).row
    assert hawk.damage == [VehicleDamage.IMMOBILISED]
    assert hawk.motion.altitude == "ground"
    assert hawk.pos == to_point(18, 20)
    crash_tests = [e for e in events if ("Crash", 4) in getattr(e, "modifiers", ())]
    assert len(crash_tests) == 3  # Reyes, Cole and Ortiz test against D6+4


def test_4_8_fast_rope_only_from_a_hovering_helicopter_and_from_the_back() -> None:
    state, board, hawk = hawk_game()
    give_go(board, "ortiz")
    spot = to_point(6, 12 + 0.875 + 0.5 + 2)  # 2" off the fuselage's side
    reason = state.why_not(FastRope("ortiz", spot))
    assert reason is not None and "Hover" in reason and "4.8" in reason
    hawk.motion = Motion(10.0, altitude="hovering", hover_tn_penalty=1)
    assert state.why_not(FastRope("ortiz", spot)) is None
    far = to_point(6, 12 + 0.875 + 0.5 + 3.5)
    assert 'more than 3"' in (state.why_not(FastRope("ortiz", far)) or "")
    give_go(board, "reyes")
    assert state.why_not(FastRope("reyes", spot)) is not None


def test_4_81_fast_rope_results_move_him_1_to_3_inches_or_drop_him() -> None:
    spot = to_point(6, 12 + 0.875 + 0.5 + 2.5)
    # D6 + Movement 0 against TN 4 + the Hover's +1: 6 is +1, 2" out; 5 is +0, 1" out
    for face, reach in ((6, 2.0), (5, 1.0)):
        state, board, hawk = hawk_game(Motion(10.0, altitude="hovering", hover_tn_penalty=1))
        give_go(board, "ortiz")
        load_dice(board, face)
        events = state.apply(FastRope("ortiz", spot))
        ortiz = board.characters["ortiz"]
        assert ortiz.aboard is None and ortiz.pos == rope_end(hawk, spot, reach)
        assert not next(e for e in events if isinstance(e, FastRoped)).fell
    state, board, hawk = hawk_game(Motion(10.0, altitude="hovering"))
    give_go(board, "ortiz")
    load_dice(board, 1, 1, 6)  # 1 against 4: -3, falls; D6+3 against his D6 + Strength
    events = state.apply(FastRope("ortiz", spot))
    assert next(e for e in events if isinstance(e, FastRoped)).fell
    assert board.characters["ortiz"].pos == rope_end(hawk, spot, 0.0)


def test_12_1_a_helicopter_is_boarded_only_once_it_has_landed() -> None:
    state, board, hawk = hawk_game(x=12, y=5)
    mason = board.characters["mason"]
    mason.aboard, mason.seat = None, ""
    place(board, "mason", 12, 7.5)
    give_go(board, "mason")
    reason = state.why_not(GetIn("mason", "hawk", SeatChoice.PASSENGER))
    assert reason is not None and "Land first" in reason
    hawk.motion = STATIONARY
    assert state.why_not(GetIn("mason", "hawk", SeatChoice.PASSENGER)) is None


def test_3_24_a_helicopter_in_flight_is_plus_1_to_hit_and_not_once_landed() -> None:
    state, board, hawk = hawk_game(x=26, y=24)
    chief = board.characters["chief"]
    flying = vehicle_shot_check(board, chief, hawk, firearms_of(chief)[0])
    hawk.motion = Motion(10.0, altitude="ground", halted=True)
    landed = vehicle_shot_check(board, chief, hawk, firearms_of(chief)[0])
    assert flying is not None and landed is not None
    assert flying.tn.value == landed.tn.value + 1
    assert state.why_not(Fire("chief", firearms_of(chief)[0], "hawk")) is not None  # not his go


def test_v33_a_helicopter_in_the_air_with_nobody_to_fly_it_crashes() -> None:
    _, board, hawk = hawk_game(Motion(16.0, altitude="hovering"))
    for who in ("reyes", "cole"):
        board.characters[who].status = Status.DEAD
    events = begin_turn(board)
    crashed = next(e for e in events if isinstance(e, VehicleCrashed))
    assert crashed.band == '15" to 20"'  # the 12.6 example's band for 16"
    assert hawk.motion == STATIONARY


def test_4_72_explain_gives_the_chance_of_each_landing_row() -> None:
    from game.rules.five_five_six.explain import explain

    _, board, hawk = hawk_game(x=14, y=20)
    reyes = board.characters["reyes"]
    reyes.profile = replace(reyes.profile, morale=-7)
    give_go(board, "reyes")
    # D6 - 7 + Speed 10 against Land 7 + 2 untrained: each face a row from -5 to +0
    found = explain(board, Pilot("reyes", to_point(14, 20), PilotTask.LAND))
    assert found.numbers["target_number"] == 9 and found.numbers["allowance_in"] == 24
    assert found.outcomes == {
        "crashes D6+1 (Immobilised)": pytest.approx(1 / 6),
        "crash-lands D6+1 (Major Damage)": pytest.approx(1 / 6),
        "overshoots D6+1": pytest.approx(1 / 6),
        "overshoots D3+1": pytest.approx(1 / 6),
        "overshoots D3": pytest.approx(1 / 6),
        "lands on the zone": pytest.approx(1 / 6),
    }


def test_4_81_explain_gives_the_chance_of_each_fast_rope_row() -> None:
    from game.rules.five_five_six.explain import explain

    _, board, hawk = hawk_game(Motion(10.0, altitude="hovering", hover_tn_penalty=1))
    give_go(board, "ortiz")
    spot = to_point(6, 12 + 0.875 + 0.5 + 2)
    # D6 + Movement 0 against TN 4 + 1 for the unsteady hover
    found = explain(board, FastRope("ortiz", spot))
    assert found.outcomes == {
        "falls (TN D6+3)": pytest.approx(2 / 6),
        "falls (TN D6+1)": pytest.approx(1 / 6),
        "falls (TN D6-1)": pytest.approx(1 / 6),
        'down, 1" away': pytest.approx(1 / 6),
        'down, 2" away': pytest.approx(1 / 6),
    }


def test_v35_a_shaken_pilot_may_fly_away_but_try_no_task() -> None:
    state, board, hawk = hawk_game(x=12)
    board.characters["reyes"].morale = "shaken"
    give_go(board, "reyes")
    reason = state.why_not(Pilot("reyes", to_point(8, 12), PilotTask.HOVER, reverse=True))
    assert reason is not None and "plain flight away" in reason
    toward = state.why_not(Pilot("reyes", to_point(20, 12)))  # the Chief is east
    assert toward is not None and "fly away from the enemy" in toward
    assert state.why_not(Pilot("reyes", to_point(8, 12), reverse=True)) is None


def test_v37_a_helicopter_falling_out_of_the_air_comes_down_clear_of_the_men_beneath() -> None:
    from game.maps.tabletop_measure import gap

    _, board, hawk = hawk_game(Motion(12.0, altitude="hovering"), x=14, y=20)
    place(board, "chief", 14, 20)  # right under the fuselage
    for who in ("reyes", "cole"):
        board.characters[who].status = Status.DEAD
    begin_turn(board)
    chief = board.characters["chief"]
    assert hawk.motion == STATIONARY and hawk.pos[1] == to_point(14, 20)[1]  # along its line
    assert gap(chief.base, hawk.hull) > 0
    assert board.characters["ortiz"].pos == hawk.pos


def test_12_9_a_man_takes_the_empty_pilot_seat_of_a_landed_helicopter_and_flies_it() -> None:
    state, board, hawk = hawk_game(STATIONARY, x=12, y=5)
    reyes = board.characters["reyes"]
    reyes.aboard, reyes.seat = None, ""
    place(board, "reyes", 30, 30)
    mason = board.characters["mason"]
    mason.aboard, mason.seat = None, ""
    place(board, "mason", 12, 7.5)
    give_go(board, "mason")
    assert "no free driver seat" in (state.why_not(GetIn("mason", "hawk", SeatChoice.DRIVER)) or "")
    state.apply(GetIn("mason", "hawk", SeatChoice.PILOT))
    assert (mason.aboard, mason.seat) == ("hawk", "pilot")
    give_go(board, "mason")
    assert state.why_not(Pilot("mason", to_point(20, 5))) is None
    give_go(board, "cole")  # the co-pilot stands down while the new pilot is fit
    assert state.why_not(Pilot("cole", to_point(20, 5))) is not None


def test_12_9_the_pilot_and_co_pilot_sit_behind_armoured_glass() -> None:
    from game.rules.five_five_six.vehicles.aim import glass

    _, board, _hawk = hawk_game()
    assert glass(board, board.characters["reyes"]) == 1  # Pilot (A)
    assert glass(board, board.characters["cole"]) == 1  # Co-Pilot (A)
    assert glass(board, board.characters["ortiz"]) == 0  # in the back


def test_4_73_firing_from_an_unsteady_hover_adds_the_rows_penalty() -> None:
    from game.rules.five_five_six.combat.fire_play import shot_check

    _, board, hawk = hawk_game(Motion(10.0, altitude="hovering", hover_tn_penalty=2), x=26, y=24)
    ortiz, chief = board.characters["ortiz"], board.characters["chief"]
    ortiz.seat = "gunner"
    shaky = shot_check(board, ortiz, chief, firearms_of(ortiz)[0])
    hawk.motion = Motion(10.0, altitude="hovering")
    steady = shot_check(board, ortiz, chief, firearms_of(ortiz)[0])
    assert shaky is not None and steady is not None
    assert shaky.tn.value == steady.tn.value + 2
    assert "Unsteady hover" in " ".join(shaky.tn.lines())
