"""RatFight's actions in a player's words: "Rifleman Dubois: move 5.3" north-east",
"Gunner Faure: fire the light machine gun at Rifleman Vogt".

The text forms of actions (``to_str``, what saves hold) name models by id and points by
coordinates; these are the words the table shows on its choice buttons instead.
Distances are in inches; directions are compass points with the top edge of the table
north.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.api import Action
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
from game.rules.ratfight.events import compass
from game.rules.ratfight.model import inches_text
from game.rules.ratfight.progress import lower_first


def _name(board: Board, figure_id: str) -> str:
    figure = board.figure(figure_id)
    return figure.label if figure is not None else "a model"


def _heading(dx: float, dy: float) -> int:
    """Degrees clockwise from the right table edge (east) of a step ``dx, dy``."""
    return round(math.degrees(math.atan2(dy, dx))) % 360


def describe(board: Board, action: Action) -> str:
    """``action`` as a player reads it on a button (names, inches and compass points;
    never an id or a coordinate)."""
    words = WORDS.get(type(action))
    return words(board, action) if words is not None else "An action"


def _move(board: Board, action: Move | Reverse) -> str:
    figure = board.figure(action.figure)
    if figure is None:
        return "Move a model"
    dx, dy = action.to[0] - figure.pos[0], action.to[1] - figure.pos[1]
    verb = "reverse" if isinstance(action, Reverse) else "move"
    length = inches_text(math.hypot(dx, dy))
    return f"{figure.label}: {verb} {length} {compass(_heading(dx, dy))}"


def _fire(board: Board, action: Fire) -> str:
    """The firer, the weapon (with its range and shots when it has more than one way of
    firing) and the target."""
    spec = board.setting.weapons.get(action.weapon)
    weapon = lower_first(spec.title) if spec is not None else "weapon"
    how = ""
    if spec is not None and len(spec.modes) > 1 and 0 <= action.mode_index < len(spec.modes):
        mode = spec.modes[action.mode_index]
        shots = "1 shot" if mode.shots == 1 else f"{mode.shots} shots"
        extra = f", armour piercing {mode.ap}" if mode.ap else ""
        how = f' ({shots} up to {mode.range_in:g}"{extra})'
    firer, target = _name(board, action.figure), _name(board, action.target)
    return f"{firer}: fire the {weapon}{how} at {target}"


#: Each action type's words on a button, by the same action types as the rules'
#: dispatch table (``dispatch.PROBLEMS``).
WORDS: dict[type[Action], Callable[[Board, Any], str]] = {
    Move: _move,
    Reverse: _move,
    Pivot: lambda board, a: (
        f"{_name(board, a.figure)}: turn on the spot to face {compass(a.facing)}"
    ),
    Assault: lambda board, a: f"{_name(board, a.figure)}: assault {_name(board, a.target)}",
    Fire: _fire,
    Retarget: lambda board, a: f"Put the shots left over on {_name(board, a.target)}",
    Hold: lambda _board, _a: "Keep the shots left over (hold)",
    End: lambda board, _a: "End the card" if board.used else "Pass on the card",
    Redraw: lambda _board, _a: "Inspiring leader: send the card back, turn another",
}
