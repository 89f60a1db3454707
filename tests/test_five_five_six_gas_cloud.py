"""5.56mm 7.84: the CS gas cloud lingers where the grenade went off for the rest of the
battle; anyone coming within 4" of it tests; out of it a gassed character shakes it off,
+1 for every turn out (rules version 2). Rules version 1 had no cloud."""

from __future__ import annotations

from dataclasses import replace

from five_five_six_support import give_go, load_dice, new_game, only, place

from game.core.api import DieRolled
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Move
from game.rules.five_five_six.board import Board, GasCloud
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import Modifier
from game.rules.five_five_six.combat.gas_play import after_moving
from game.rules.five_five_six.combat.grenade_play import blast
from game.rules.five_five_six.events import Gassed
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.ruleset import FiveFiveSix
from game.rules.five_five_six.state import FiveFiveSixState
from game.rules.five_five_six.turn.deck import Drawn
from game.rules.five_five_six.turn.flow import begin_go

CLOUD = to_point(30, 22)


def _board(version: str = "2") -> tuple[FiveFiveSixState, Board]:
    state = FiveFiveSix().new_game(31, {"scenario": "crash_site"}, version)
    assert isinstance(state, FiveFiveSixState)
    only(state.board, "havers", "captain")
    place(state.board, "havers", 30, 30)
    place(state.board, "captain", 5, 5, facing=90)
    return state, state.board


def _gas_rolls(events: list[object]) -> list[DieRolled]:
    return [e for e in events if isinstance(e, DieRolled) and "gas" in e.purpose]


def test_7_84_a_cs_gas_grenade_leaves_a_cloud_for_the_battle() -> None:
    """5.56mm 7.84: "for the rest of the battle the grenade remains in place": a 4"
    cloud where it went off, kept from turn to turn, in the snapshot and in each seat's
    view (for the table to draw)."""
    state, board = _board()
    blast(board, catalog().grenades["cs_gas"], CLOUD)
    assert board.clouds == [GasCloud("cs_gas", CLOUD, 4.0, board.turn)]
    board.turn += 3
    copy = state.clone()
    assert copy.board.clouds == board.clouds
    assert state.snapshot()["clouds"] == [["cs_gas", [3000, 2200], 4.0, board.turn - 3]]
    assert state.view(0).clouds == tuple(board.clouds) == state.view(None).clouds
    blast(board, catalog().grenades["frag"], to_point(10, 10))
    assert len(board.clouds) == 1  # only gas lingers


def test_7_84_coming_within_4_inches_of_the_cloud_calls_for_a_strength_test() -> None:
    """5.56mm 7.84: a Move that ends 4" from the cloud (3.5" to the edge of his base:
    the 3"-4" row, D6+0): the TN roll 6 against his 1 + Strength 1 = 2: gassed, +2 on
    every TN against TN 6."""
    state, board = _board()
    board.clouds.append(GasCloud("cs_gas", CLOUD, 4.0, board.turn))
    give_go(board, "havers")
    load_dice(board, 6, 1)
    events = state.apply(Move("havers", to_point(30, 26)))
    rolls = _gas_rolls(events)
    assert [r.modifiers for r in rolls] == [(("CS gas", 0),), (("Strength", 1),)]
    havers = board.characters["havers"]
    assert havers.gassed and havers.gas_tn == 6
    assert any(isinstance(e, Gassed) and e.affected for e in events)
    assert Modifier("CS gas", 2) in penalties(board, havers)


def test_7_84_passing_through_the_cloud_tests_by_the_nearest_he_came_then_leaving_it() -> None:
    """5.56mm 7.84: a move straight through the cloud's centre tests on the 0"-1" row
    (D6+4: 1 + 4 = 5 against 1 + 1 = 2, gassed); ending out of it he tests again at once
    against the same TN, +0 (6 + 1 = 7 against 5: shaken off)."""
    _, board = _board()
    board.clouds.append(GasCloud("cs_gas", CLOUD, 4.0, board.turn))
    havers = board.characters["havers"]
    start = to_point(34.6, 22)
    havers.pos = to_point(25.4, 22)
    load_dice(board, 1, 1, 6)
    events = after_moving(board, havers, start)
    rolls = _gas_rolls(events)
    assert rolls[0].modifiers == (("CS gas", 4),) and rolls[1].target == 5
    assert rolls[2].purpose == "shakes off the gas" and rolls[2].target == 5
    assert rolls[2].modifiers == (("Strength", 1),) and rolls[2].success
    assert not havers.gassed


def test_7_84_in_the_gas_he_does_not_recover_out_of_it_plus_1_a_turn() -> None:
    """5.56mm 7.84: at the start of his go a gassed character still in the cloud makes
    no test; out of it for two turns he tests against his TN 7 with +2 (3 + 1 + 2 = 6:
    still gassed)."""
    _, board = _board()
    board.clouds.append(GasCloud("cs_gas", CLOUD, 4.0, board.turn))
    havers = board.characters["havers"]
    havers.pos = to_point(30, 24)
    havers.gassed, havers.gas_tn, havers.gas_turn = True, 7, board.turn
    events = begin_go(board, havers, Drawn("KC", 0, "havers"))
    assert _gas_rolls(events) == [] and havers.gassed
    havers.pos = to_point(30, 30)
    board.turn += 2
    load_dice(board, 3)
    events = begin_go(board, havers, Drawn("KC", 0, "havers"))
    (roll,) = _gas_rolls(events)
    assert roll.modifiers == (("Strength", 1), ("Turns out of the gas", 2))
    assert roll.target == 7 and not roll.success and havers.gassed


def test_7_84_and_8_0_a_respirator_keeps_the_gas_out() -> None:
    """5.56mm 8.0: a respirator passes every CS gas test: no roll, not gassed."""
    _, board = _board()
    board.clouds.append(GasCloud("cs_gas", CLOUD, 4.0, board.turn))
    havers = board.characters["havers"]
    havers.profile = replace(havers.profile, gear=(*havers.profile.gear, "respirator"))
    start = havers.pos
    havers.pos = to_point(30, 23)
    assert after_moving(board, havers, start) == [] and not havers.gassed


def test_7_84_rules_version_1_had_no_cloud() -> None:
    """Rules version 1 (its saves replay by it): no cloud is left; a gassed character
    tests at the start of each go, +1 a turn since he was gassed, wherever he stands."""
    _, board = _board("1")
    blast(board, catalog().grenades["cs_gas"], CLOUD)
    assert board.clouds == []
    havers = board.characters["havers"]
    havers.pos = to_point(30, 23)
    havers.gassed, havers.gas_tn, havers.gas_turn = True, 9, board.turn - 1
    load_dice(board, 1)
    events = begin_go(board, havers, Drawn("KC", 0, "havers"))
    (roll,) = _gas_rolls(events)
    assert roll.modifiers == (("Strength", 1), ("Turns out of the gas", 1))


def test_new_games_play_rules_version_5() -> None:
    assert FiveFiveSix.rules_version == "5" and new_game().board.setting.version == 5
