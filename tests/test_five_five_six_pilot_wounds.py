"""5.56mm 12.9 with 5.01 (fidelity issue, item 10; rules version 5): a Minor wound has no
effect, so a pilot with one keeps the controls; and a hurt pilot who can still act flies
when the co-pilot cannot, in the legality check and in the crash rule alike."""

from __future__ import annotations

import dataclasses

from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.helicopters.legal import flier
from game.rules.five_five_six.helicopters.play import crash_unflown
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.vehicles.events import VehicleCrashed
from tests.five_five_six_heli_support import hawk_game
from tests.five_five_six_support import give_go


def _version(board: Board, version: int) -> None:
    board.setting = dataclasses.replace(board.setting, version=version)


def test_12_9_5_01_a_pilot_with_a_minor_wound_keeps_the_controls() -> None:
    state, board, hawk = hawk_game()
    assert board.setting.version == 5
    board.characters["reyes"].wounds = [Wound.MINOR]
    assert flier(board, hawk) is board.characters["reyes"]
    give_go(board, "cole")
    reason = state.why_not(Pilot("cole", to_point(20, 12)))
    assert reason is not None and "co-pilot takes over only" in reason
    give_go(board, "reyes")
    assert state.why_not(Pilot("reyes", to_point(20, 12), PilotTask.HOVER)) is None


def test_12_9_a_serious_wound_hands_the_controls_to_the_co_pilot() -> None:
    state, board, hawk = hawk_game()
    board.characters["reyes"].wounds = [Wound.SERIOUS]
    assert flier(board, hawk) is board.characters["cole"]
    give_go(board, "cole")
    assert state.why_not(Pilot("cole", to_point(20, 12), PilotTask.HOVER)) is None


def test_12_9_with_the_co_pilot_out_a_hurt_pilot_flies_and_does_not_crash() -> None:
    """The pilot checks in legality and in the crash rule agree: the wounded pilot may
    fly (legality), so the helicopter in the air is flown and does not crash."""
    state, board, hawk = hawk_game()
    board.characters["cole"].status = Status.DEAD
    for wound in (Wound.MINOR, Wound.SERIOUS):
        board.characters["reyes"].wounds = [wound]
        give_go(board, "reyes")
        assert state.why_not(Pilot("reyes", to_point(20, 12), PilotTask.HOVER)) is None
        assert flier(board, hawk) is board.characters["reyes"]
        assert not any(isinstance(e, VehicleCrashed) for e in crash_unflown(board))
        assert hawk.motion.airborne


def test_12_9_nobody_able_to_fly_still_crashes() -> None:
    _, board, hawk = hawk_game()
    board.characters["cole"].status = Status.DEAD
    board.characters["reyes"].status = Status.DEAD
    assert flier(board, hawk) is None
    assert any(isinstance(e, VehicleCrashed) for e in crash_unflown(board))


def test_rules_version_4_games_keep_their_pilot_rule() -> None:
    """Old saves replay by their own rules: under version 4 any wound made the pilot
    unfit, and with the co-pilot out the helicopter crashed."""
    _, board, hawk = hawk_game()
    _version(board, 4)
    board.characters["reyes"].wounds = [Wound.MINOR]
    assert flier(board, hawk) is board.characters["cole"]
    board.characters["cole"].status = Status.DEAD
    assert flier(board, hawk) is None
