"""Resolving a legal action: one handler per action type, then the flow of the turn
(identical cards end it; a card whose models have all acted is finished)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.api import Action, Event
from game.maps.tabletop_measure import bearing
from game.rules.ratfight.actions import (
    Assault,
    End,
    Fire,
    Hold,
    Move,
    Pivot,
    Redraw,
    Retarget,
    Reverse,
)
from game.rules.ratfight.board import Board
from game.rules.ratfight.combat import close_combat, fire, shots_at
from game.rules.ratfight.events import Moved
from game.rules.ratfight.flow import end_turn, finish_card, reached, turn_over
from game.rules.ratfight.model import Status


def _move(board: Board, action: Move | Reverse) -> list[Event]:
    figure = board.figures[action.figure]
    start = figure.pos
    if figure.status is Status.ABOARD:
        start = board.figures[figure.aboard or ""].pos
        figure.status, figure.aboard = Status.UP, None
        how = "gets out and moves"
    else:
        how = "reverses" if isinstance(action, Reverse) else "moves"
    length = round(math.hypot(action.to[0] - start[0], action.to[1] - start[1]))
    figure.pos = action.to
    facing: int | None = None
    if figure.vehicle:
        if isinstance(action, Move):
            figure.facing = round(bearing(start, action.to)) % 360
        facing = figure.facing
        for rider in board.passengers(figure):
            rider.pos = figure.pos
    board.used.append(figure.id)
    events: list[Event] = [
        Moved(
            figure=figure.id,
            label=figure.label,
            start=start,
            end=action.to,
            length=length,
            facing=facing,
            how=how,
        )
    ]
    return events + reached(board, figure)


def _pivot(board: Board, action: Pivot) -> list[Event]:
    figure = board.figures[action.figure]
    figure.facing = action.facing
    board.used.append(figure.id)
    return [
        Moved(
            figure=figure.id,
            label=figure.label,
            start=figure.pos,
            end=figure.pos,
            length=0,
            facing=action.facing,
            how="pivots",
        )
    ]


def _assault(board: Board, action: Assault) -> list[Event]:
    figure = board.figures[action.figure]
    board.used.append(figure.id)
    events = close_combat(board, figure, board.figures[action.target])
    return events + reached(board, figure)


def _fire(board: Board, action: Fire) -> list[Event]:
    board.used.append(action.figure)
    return fire(
        board,
        board.figures[action.figure],
        action.weapon,
        action.mode_index,
        board.figures[action.target],
    )


def _retarget(board: Board, action: Retarget) -> list[Event]:
    pending = board.pending
    assert pending is not None
    board.pending = None
    shooter = board.figures[pending.shooter]
    return shots_at(
        board, shooter, pending.weapon, pending.mode, board.figures[action.target], pending.shots
    )


def _hold(board: Board, action: Hold) -> list[Event]:
    board.pending = None
    return []


def _end(board: Board, action: End) -> list[Event]:
    return finish_card(board)


def _redraw(board: Board, action: Redraw) -> list[Event]:
    seat, card = board.seat, board.card
    assert seat is not None and card is not None
    board.inspired[seat] = True
    board.action_deck.discard(card)
    return turn_over(board, seat, redraw=True)


HANDLERS: dict[type[Action], Callable[[Board, Any], list[Event]]] = {
    Move: _move,
    Reverse: _move,
    Pivot: _pivot,
    Assault: _assault,
    Fire: _fire,
    Retarget: _retarget,
    Hold: _hold,
    End: _end,
    Redraw: _redraw,
}


def resolve(board: Board, action: Action) -> list[Event]:
    """Carry out a legal action and what follows from it in the turn's flow."""
    events = HANDLERS[type(action)](board, action)
    board.settle()  # the cards of this action's draws go to the discards
    if board.winners is not None:
        board.seat, board.card, board.pending = None, None, None
        return events
    if board.turn_cut:
        if board.card is not None:
            board.action_deck.discard(board.card)
        return events + end_turn(board, "both players turned over the same card")
    if board.card is not None and board.pending is None and isinstance(action, Action):
        spec = board.setting.rules.card(board.card)
        if spec.allows is not None and len(board.used) >= spec.allows and board.used:
            events += finish_card(board)
    return events
