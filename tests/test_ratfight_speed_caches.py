"""RatFight's remembered and batched answers equal fresh ones, over random positions.

Random play and bots lean on memos (line of sight by the models' places, the table's
move checks and destinations) and on batched line-of-sight traces; each must answer
exactly as a fresh computation would, wherever the models stand.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from ratfight_support import new_game

from game.maps.tabletop_geometry import TableGeometry
from game.rules.ratfight.board import Board
from game.rules.ratfight.model import ON_TABLE

SCENARIOS = ("farm_raid", "convoy", "town_square")


def scatter(board: Board, data: st.DataObject) -> None:
    """Every model on the table somewhere at random (vehicles at a random facing)."""
    width, height = board.setting.table.width, board.setting.table.height
    for figure in board.figures.values():
        if figure.status not in ON_TABLE:
            continue
        figure.pos = (
            data.draw(st.integers(60, width - 60), label=f"{figure.id} x"),
            data.draw(st.integers(60, height - 60), label=f"{figure.id} y"),
        )
        if figure.vehicle:
            figure.facing = data.draw(st.integers(0, 359), label=f"{figure.id} facing")
        for rider in board.passengers(figure):
            rider.pos = figure.pos


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SCENARIOS), st.data())
def test_prop_prefetched_sight_equals_a_fresh_trace(scenario: str, data: st.DataObject) -> None:
    board = new_game(scenario).board
    scatter(board, data)
    standing = [f for f in board.figures.values() if f.status in ON_TABLE]
    pairs = [(a, b) for a in standing for b in standing if a.side != b.side]
    board.prefetch_sights(pairs)
    fresh = TableGeometry(board.setting.table)
    for viewer, target in pairs:
        expected = fresh.sight(
            viewer.shape(),
            target.shape(),
            viewer_height=viewer.unit.height_in,
            target_height=target.unit.height_in,
            obstacles=board.obstacles(viewer, target),
        )
        assert board.sight(viewer, target) == expected
