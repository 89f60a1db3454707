"""A Black Hawk on the convoy map for the 5.56mm helicopter tests (rules version 3)."""

from __future__ import annotations

from game.maps.tabletop import to_point
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.state import FiveFiveSixState
from game.rules.five_five_six.vehicles.shared import Motion
from game.rules.five_five_six.vehicles.state import Vehicle
from tests.five_five_six_support import new_game, only, place

FLYING = Motion(10.0, altitude="flying")


def hawk_game(
    motion: Motion = FLYING, *, x: float = 6, y: float = 12, facing: int = 0
) -> tuple[FiveFiveSixState, Board, Vehicle]:
    """The convoy map with a Black Hawk at (x, y): Reyes (Morale +1, no Pilot skill) at
    the controls, Cole co-pilot, Ortiz (Movement +0) in the back; the HMMVs out of the
    way, the ambusher Chief watching from the east."""
    state = new_game("convoy_ambush")
    board = state.board
    only(board, "reyes", "cole", "ortiz", "chief")
    for hmmv, at in (("hmmv_1", (4, 33)), ("hmmv_2", (12, 33))):
        board.vehicles[hmmv].pos = to_point(*at)
    hawk = Vehicle("hawk", "black_hawk", 0, "Super Six", to_point(x, y), facing, "m2", motion)
    board.vehicles["hawk"] = hawk
    for who, seat in (("reyes", "pilot"), ("cole", "co_pilot"), ("ortiz", "passenger")):
        c = board.characters[who]
        c.aboard, c.seat, c.pos = "hawk", seat, hawk.pos
    place(board, "chief", 33, 30, 180)
    return state, board, hawk
