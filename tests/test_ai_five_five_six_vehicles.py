"""The 5.56mm bot with vehicles (rules version 3): the convoy's driver heads for the
road out, at Full Speed when the way ahead is open, and never through his own men; the
ambushers' rocket goes at the HMMV itself."""

from __future__ import annotations

from game.ai.five_five_six.bot import FiveFiveSixBot, Go
from game.ai.five_five_six.vehicles import progress_term
from game.core.api import Action
from game.core.rng import Rng
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Drive, DriveTask, Fire
from game.rules.five_five_six.state import FiveFiveSixState
from game.rules.five_five_six.vehicles.routes import in_path
from tests.five_five_six_support import give_go, new_game, only, place


def _choose(state: FiveFiveSixState, seat: int) -> Action:
    return FiveFiveSixBot(seat, Rng(1)).choose(state.view(seat))


def test_the_driver_heads_for_the_road_out_at_full_speed() -> None:
    state = new_game("convoy_ambush", seed=12)  # Reyes has the first go
    board = state.board
    assert board.go is not None and board.go.character == "reyes"
    chosen = _choose(state, 0)
    assert isinstance(chosen, Drive) and chosen.task is DriveTask.FULL_SPEED
    view = state.view(0)
    go = Go(view.board.copy(), 0, view)
    term = progress_term(go.board, go.places, go.board.vehicles["hmmv_1"])
    assert term(chosen.to) > term(board.vehicles["hmmv_1"].pos)


def test_the_driver_does_not_run_down_his_own_men() -> None:
    state = new_game("convoy_ambush", seed=12)
    board = state.board
    mason = board.characters["mason"]
    mason.aboard, mason.seat = None, ""
    place(board, "mason", 13, 22.5)  # on the road ahead, where the HMMV would go
    vehicle = board.vehicles["hmmv_1"]
    ahead = Drive("reyes", to_point(15.5, 21.5))
    assert state.why_not(ahead) is None and mason in in_path(board, vehicle, vehicle.pos, ahead.to)
    chosen = _choose(state, 0)
    assert isinstance(chosen, Drive)
    assert mason not in in_path(board, vehicle, vehicle.pos, chosen.to)


def test_the_rocket_goes_at_the_hmmv_not_at_a_man_inside() -> None:
    state = new_game("convoy_ambush", seed=10)  # Farah (RPG) has the first go
    board = state.board
    only(board, "rpg_1", "reyes", "cole", "mason", "ortiz")
    place(board, "rpg_1", 7.5, 21, facing=90)
    give_go(board, "rpg_1")
    chosen = _choose(state, 1)
    assert Fire("rpg_1", "rpg", "reyes") in state.candidate_actions()
    assert chosen == Fire("rpg_1", "rpg", "hmmv_1")
