"""RatFight's remembered and batched answers equal fresh ones, over random positions.

Random play and bots lean on memos (line of sight by the models' places, the table's
move checks and destinations) and on batched line-of-sight traces; each must answer
exactly as a fresh computation would, wherever the models stand.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from ratfight_support import hand, new_game, only, place

from game.core.api import Action
from game.core.rng import Rng
from game.maps.tabletop import Point
from game.maps.tabletop_geometry import TableGeometry
from game.maps.tabletop_measure import distance
from game.rules.ratfight.actions import Move, Reverse
from game.rules.ratfight.board import Board
from game.rules.ratfight.candidates import keep_legal, listed_actions
from game.rules.ratfight.dispatch import why_not
from game.rules.ratfight.legal import _mover_problem, _target_problem, move_problems
from game.rules.ratfight.model import ON_TABLE, Figure, Status

SCENARIOS = ("farm_raid", "convoy", "town_square")


def scatter(board: Board, data: st.DataObject) -> None:
    """Every model on the table somewhere at random (vehicles at a random facing),
    over the whole table or crowded into a corner 15" across."""
    width, height = board.setting.table.width, board.setting.table.height
    if data.draw(st.booleans(), label="crowded"):
        width, height = 1500, 1500
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


def fresh_legal(board: Board, actions: list[Action]) -> list[Action]:
    """The actions ``why_not`` accepts one by one, asked of a copy of the board that
    remembers nothing yet."""
    copy = board.copy()
    copy.setting = dataclasses.replace(board.setting, sight_memo={}, move_memo={})
    return [a for a in actions if why_not(copy, a) is None]


def unremembered_move_problem(board: Board, figure: Figure, to: Point, reverse: bool) -> str | None:
    """``move_problem`` without its memo and looking at every model on the table (the
    checks it is made of, from legal's internals)."""
    problem = _mover_problem(figure, board.setting.weapons, reverse)
    return problem or _target_problem(board, figure, to, reverse, None, None)


CARDS = ("move_one", "move_all", "move_vehicle", "fire_two", "fire_all")


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(SCENARIOS), st.sampled_from(CARDS), st.integers(0, 1), st.data())
def test_prop_moves_checked_together_answer_as_why_not_one_by_one(
    scenario: str, card: str, seat: int, data: st.DataObject
) -> None:
    """``keep_legal`` (each model's moves checked at once, far models skipped) keeps
    exactly the actions ``why_not`` accepts one at a time: the listed candidates and
    moves to random points, some touching or crossing other models."""
    board = new_game(scenario).board
    scatter(board, data)
    for figure in board.figures.values():
        if figure.status is Status.UP and data.draw(st.integers(0, 5), label="down") == 0:
            figure.status = Status.DOWN
    hand(board, seat, card)
    actions = listed_actions(board)
    ids = sorted(board.figures)
    width, height = board.setting.table.width, board.setting.table.height
    for _ in range(data.draw(st.integers(0, 12), label="extra moves")):
        figure = board.figures[data.draw(st.sampled_from(ids), label="mover")]
        near = [o for o in board.figures.values() if distance(o.pos, figure.pos) < 900]
        if data.draw(st.booleans(), label="near") and near:
            other = data.draw(st.sampled_from(near), label="toward")
            dx, dy = data.draw(st.tuples(st.integers(-150, 150), st.integers(-150, 150)))
            to = (other.pos[0] + dx, other.pos[1] + dy)
        else:
            to = (data.draw(st.integers(0, width)), data.draw(st.integers(0, height)))
        kind = Reverse if data.draw(st.booleans(), label="reverse") else Move
        actions.append(kind(figure.id, to))
    assert keep_legal(board, actions) == fresh_legal(board, actions)
    for figure_id in {a.figure for a in actions if isinstance(a, Move | Reverse)}:
        figure = board.figures[figure_id]
        for reverse in (False, True):
            targets = [a.to for a in actions if isinstance(a, Move | Reverse)]
            assert move_problems(board, figure, targets, reverse=reverse) == [
                unremembered_move_problem(board, figure, to, reverse) for to in targets
            ]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 2**32 - 1))
def test_prop_remembered_move_checks_answer_as_why_not_through_a_game(
    scenario: str, seed: int
) -> None:
    """Along a random game (the memos filling and the models moving on), the
    candidates are exactly the listed actions ``why_not`` accepts one at a time."""
    state = new_game(scenario, seed=seed % 1000)
    rng = Rng(seed)
    for _ in range(40):
        if state.outcome() is not None:
            break
        board = state.board
        expected = fresh_legal(board, listed_actions(board))
        candidates = state.candidate_actions()
        assert candidates == expected
        state.apply(rng.choice(tuple(candidates)))


def test_remembered_sight_follows_a_vehicle_turning_on_the_spot() -> None:
    """Vehicles block line of sight (RatFight, Firing 1): a lorry that pivots where it
    stands hides other lines than before, and the remembered answer must follow it
    (the memo once keyed vehicles by their centre only and kept the stale answer)."""
    board = new_game("convoy").board
    only(board, "lorry", "t1", "sn")
    place(board, "t1", 10, 10)
    place(board, "sn", 18, 10)
    place(board, "lorry", 14, 8.4, facing=0)  # lengthwise along the line, just above it
    viewer, target = board.figures["t1"], board.figures["sn"]
    assert board.sight(viewer, target).lines_blocked == 0
    board.figures["lorry"].facing = 90  # now across the line
    fresh = TableGeometry(board.setting.table).sight(
        viewer.shape(),
        target.shape(),
        viewer_height=viewer.unit.height_in,
        target_height=target.unit.height_in,
        obstacles=board.obstacles(viewer, target),
    )
    assert fresh.lines_blocked > 0
    assert board.sight(viewer, target) == fresh
