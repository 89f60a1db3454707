"""The '65 bot's convoy play in scenario 6, Horror on Highway 1 (game/ai/sixty_five/convoy.py):
constructed positions on the scenario's board, the Americans to act."""

from __future__ import annotations

from sixty_five_support import DATA
from test_ai_sixty_five import _hand
from test_sixty_five_scenario_6 import _clear_board, _in_impulse

from game.ai.sixty_five.bot import SixtyFiveBot
from game.ai.sixty_five.convoy import (
    convoy_move_value,
    convoy_seat,
    danger,
    keeps_hand,
    kill_chance,
    riders_out,
)
from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.values import Outlook
from game.core.rng import Rng
from game.rules.sixty_five.actions import Discard, EndImpulse, Exit, Play
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.vehicles.moves import refresh_clutter

MOVE = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)
FIRE = "c09"  # Fire, with a Retreat: no artillery on it


def _board(seat: int = 0, **where: str) -> SixtyFiveState:
    """Scenario 6 in ``seat``'s impulse of turn 3 with only the named units on the map
    (unit id -> hex, facing 0)."""
    state = _in_impulse(7, seat, turn=3)
    _clear_board(state)
    w = state.world
    for unit, hex_id in where.items():
        w.units[unit].hex = hex_id
        w.units[unit].facing = 0
    refresh_clutter(w)
    return state


def _judge(state: SixtyFiveState, seat: int = 0) -> Judge:
    return Judge(Outlook.read(state, seat, "6"))


def _choose(state: SixtyFiveState, seat: int = 0):  # type: ignore[no-untyped-def]
    return SixtyFiveBot(seat, Rng(1)).choose(state.view(seat))


def test_only_the_americans_of_scenario_6_play_the_convoy() -> None:
    """Scenario 6 victory (2 VP for each American vehicle off by C1): the convoy's values
    are the Americans'; the Viet Cong and other scenarios score as before."""
    state = _board(us_m113_1="1E4", vc_rpg_1="1E1")
    assert convoy_seat(Outlook.read(state, 0, "6"))
    assert not convoy_seat(Outlook.read(state, 1, "6"))


def test_an_rpg_in_range_and_sight_can_kill_a_truck_outright_but_not_when_shaken() -> None:
    """'65 15a-c and the scenario 6 rule (an RPG hit destroys a truck): the chance one RPG
    shot destroys a truck is the chance to hit; an M-113 (AF 2) also needs the armour
    draw, so it is less; a Shaken RPG does not fire (10c); out of AP range, none."""
    state = _board(us_truck_1="1E4", us_m113_1="1F4", vc_rpg_1="1E2")
    look = Outlook.read(state, 0, "6")
    w = state.world
    rpg, truck, m113 = w.units["vc_rpg_1"], w.units["us_truck_1"], w.units["us_m113_1"]
    on_truck = kill_chance(look, rpg, truck, "1E4")
    on_m113 = kill_chance(look, rpg, m113, "1E4")
    assert 0.0 < on_m113 < on_truck <= 1.0
    rpg.shaken = True
    assert kill_chance(look, rpg, truck, "1E4") == 0.0
    rpg.shaken = False
    assert kill_chance(look, rpg, truck, "3K6") == 0.0  # far beyond the AP range table


def test_a_vehicle_pays_for_stopping_in_an_rpgs_sights() -> None:
    """The convoy's AP danger: an M-113 moving up to an RPG is worth less than one
    moving away from it by as many hexes, by the VP at stake (3 to the enemy, 2 of ours
    for the exit, 2 for each rider)."""
    state = _board(us_m113_1="1E4", vc_rpg_1="1H4")
    judge = _judge(state)
    m113 = state.world.units["us_m113_1"]
    assert danger(judge.look, m113, "1G4") > danger(judge.look, m113, "1C4")
    toward = convoy_move_value(judge, m113, ("1F4", "1G4"))
    away = convoy_move_value(judge, m113, ("1D4", "1C4"))
    assert toward < 0.0 < away


def test_truck_riders_get_off_near_the_enemy_m113_riders_stay_aboard() -> None:
    """8e with scenario 6's truck rules: a truck dies of one RPG hit or two HE hits and
    its riders with it, so riders get off a truck with enemies about; an M-113 keeps
    its riders (armour, and they leave the map with it)."""
    state = _board(us_truck_1="1E4", us_m113_1="1F4", vc_rifle_1="1E1")
    w = state.world
    judge = _judge(state)
    assert riders_out(judge, w.units["us_truck_1"]) > 0.0
    assert riders_out(judge, w.units["us_m113_1"]) < 0.0
    w.units["vc_rifle_1"].hex = "3K6"  # the enemy far off: no haste
    assert riders_out(_judge(state), w.units["us_truck_1"]) == 0.0


def test_the_bot_keeps_the_m113s_rifle_aboard_beside_the_enemy() -> None:
    """Scenario 6: with a Move card and a Viet Cong Rifle two hexes off, the bot does not
    set the Rifle down out of its M-113 (its riders are safe inside and leave with it)."""
    state = _board(us_m113_1="1E4", vc_rifle_1="1E2")
    w = state.world
    w.units["us_rifle_1"].hex, w.units["us_rifle_1"].carrier = "1E4", "us_m113_1"
    _hand(state, 0, (MOVE,))
    unloads = [a for a in state.candidate_actions() if isinstance(a, Play) and a.unload is not None]
    assert unloads
    assert _choose(state) not in unloads


def test_a_vehicle_on_c1_drives_off_the_map() -> None:
    """Scenario 6 victory: an American vehicle on C1 of Map 3 with a Move card leaves the
    map (2 VP, its riders along) rather than staying to fight a Rifle in sight."""
    state = _board(us_m113_acav_1="3C1", vc_rifle_1="3C4")
    _hand(state, 0, (MOVE,))
    assert Exit(("us_m113_acav_1",), MOVE, "move") in state.candidate_actions()
    assert _choose(state) == Exit(("us_m113_acav_1",), MOVE, "move")


def test_the_bot_shoots_the_rpg_in_reach_of_a_truck_before_a_rifle() -> None:
    """Scenario 6: an ACAV with a Fire card, an RPG that has a truck in its sights and a
    Rifle in the same kind of hex as far away: it fires at the RPG."""
    state = _board(us_m113_acav_1="1E4", us_truck_1="1G4", vc_rpg_1="1D2", vc_rifle_1="1C3")
    w = state.world
    look = Outlook.read(state, 0, "6")
    acav = w.units["us_m113_acav_1"]
    assert kill_chance(look, w.units["vc_rpg_1"], w.units["us_truck_1"], "1G4") > 0.0
    same = w.field.terrain("1D2").id == w.field.terrain("1C3").id
    assert same and w.field.distance("1E4", "1D2") == w.field.distance("1E4", "1C3")
    assert look.draws_at(acav, w.units["vc_rpg_1"], "1D2", False) == look.draws_at(
        acav, w.units["vc_rifle_1"], "1C3", False
    )
    _hand(state, 0, (FIRE,))
    choice = _choose(state)
    puff = isinstance(choice, Play) and choice.block == "puff" and choice.path == ("1D2",)
    assert puff or (isinstance(choice, Play) and choice.target == "vc_rpg_1")


def test_the_convoy_keeps_its_cards_to_keep_the_turn_long() -> None:
    """6d with scenario 6: each discard is one more card drawn toward the turn's third End
    Turn; the Americans, who must drive the length of the road, discard nothing, where
    the Viet Cong throw a useless card away."""
    state = _board(us_m113_1="1E4", vc_rifle_1="3K6")
    assert keeps_hand(Outlook.read(state, 0, "6"))
    assert not keeps_hand(Outlook.read(state, 1, "6"))
    rally = next(c.id for c in DATA.cards if c.upper == "rally" and not c.power)
    _hand(state, 0, (rally,))
    state.acted = True
    actions = state.candidate_actions()
    assert Discard(rally) in actions
    assert _choose(state) == EndImpulse()


def test_stopping_on_c1_is_worth_more_as_the_turns_run_out() -> None:
    """Scenario 6 victory (vehicles off by C1 of Map 3): a vehicle that stops on C1 can
    leave by its next action, so the convoy counts the stop there, more on the last
    turn than on the third; a stop short of it, or a Leg unit on it, counts nothing."""
    state = _board(us_m113_1="3C3", us_rifle_1="3B3", vc_rifle_1="2A1")
    w = state.world
    m113, rifle = w.units["us_m113_1"], w.units["us_rifle_1"]
    on = convoy_move_value(_judge(state), m113, ("3C2", "3C1"))
    short = convoy_move_value(_judge(state), m113, ("3C2",))
    assert short == 0.0 < on
    assert convoy_move_value(_judge(state), rifle, ("3C2", "3C1")) == 0.0
    state.turn = state.turns
    assert convoy_move_value(_judge(state), m113, ("3C2", "3C1")) > on
