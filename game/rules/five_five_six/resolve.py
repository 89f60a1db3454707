"""Resolving a legal action: one handler per action type, then the go's bookkeeping
(2.2: after two actions, or a special action, the go is over and the next card is
drawn)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.api import Action, Event
from game.maps.tabletop_measure import bearing
from game.rules.five_five_six.actions import Aim, End, Fire, Move, Stealth
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.events import Aimed, Moved, TookCover
from game.rules.five_five_six.firing import fire
from game.rules.five_five_six.flow import end_go

#: Which actions are special actions (4.0): each is the whole go.
SPECIAL: frozenset[type[Action]] = frozenset()


def _move(board: Board, action: Move) -> list[Event]:
    character = board.characters[action.character]
    start = character.pos
    length = round(math.hypot(action.to[0] - start[0], action.to[1] - start[1]))
    if action.facing is not None:
        character.facing = action.facing
    elif length:
        character.facing = round(bearing(start, action.to)) % 360
    character.pos = action.to
    if length:
        character.moved_since_fired = True
    return [
        Moved(
            character=character.id,
            label=character.name,
            start=start,
            end=action.to,
            length=length,
            facing=character.facing,
        )
    ]


def _stealth(board: Board, action: Stealth) -> list[Event]:
    character = board.characters[action.character]
    character.stealth = True
    return [
        TookCover(
            character=character.id,
            label=character.name,
            how="keeps low (Stealth)",
            visible_to=frozenset({character.side}),
        )
    ]


def _aim(board: Board, action: Aim) -> list[Event]:
    character = board.characters[action.character]
    assert board.go is not None
    board.go.aimed = True
    return [Aimed(character=character.id, label=character.name, bonus=1)]


def _fire(board: Board, action: Fire) -> list[Event]:
    return fire(board, board.characters[action.character], action.weapon, action.target)


HANDLERS: dict[type[Action], Callable[[Board, Any], list[Event]]] = {
    Move: _move,
    Stealth: _stealth,
    Aim: _aim,
    Fire: _fire,
}


def resolve(board: Board, action: Action) -> list[Event]:
    """Carry out a legal action; end the go when its actions are used up."""
    go = board.go
    assert go is not None
    if isinstance(action, End):
        return end_go(board)
    character = board.characters[go.character]
    character.hidden = False  # 4.2: Hiding lasts while he does nothing else
    if type(action) in SPECIAL:
        go.special = True
    go.taken.append(type(action).__name__.lower())
    events = HANDLERS[type(action)](board, action)
    if board.winners is not None:
        board.go = None
        return events
    if board.go is go and (go.left <= 0 or not board.characters[go.character].can_act):
        events += end_go(board)
    return events
