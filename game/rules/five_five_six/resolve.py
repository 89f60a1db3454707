"""Resolving a legal action: one handler per action type, then the go's bookkeeping
(2.2: after two actions, or a special action, the go is over; watchers on Covering
Fire are asked after every action, 3.6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.api import Action, Event
from game.rules.five_five_six.actions import (
    SPECIAL_ACTIONS,
    Aim,
    AutoFire,
    Carry,
    CoveringFire,
    Drive,
    End,
    Engage,
    FastRope,
    Fire,
    FirstAid,
    GetIn,
    GetOut,
    Hide,
    HoldFire,
    LetLie,
    Move,
    Pilot,
    SnapFire,
    Sprint,
    Stealth,
    Throw,
    ThrowBack,
    TreatInjury,
    UseRadio,
)
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.fire_play import auto_fire, fire
from game.rules.five_five_six.combat.grenade_play import let_lie, throw, throw_back
from game.rules.five_five_six.combat.melee_play import attack, close_in, engage_pair
from game.rules.five_five_six.events import Aimed, TookCover
from game.rules.five_five_six.helicopters.play import fly, rope_down
from game.rules.five_five_six.legal import _engage_kind
from game.rules.five_five_six.movement.play import (
    carry,
    cover,
    hide,
    move,
    sprint_in,
    sprint_to,
    treat,
    use_radio,
)
from game.rules.five_five_six.turn.flow import after_action, end_go, watcher_done
from game.rules.five_five_six.vehicles.fire import fire_at_vehicle
from game.rules.five_five_six.vehicles.play import drive, get_in, get_out


def _move(board: Board, action: Move) -> list[Event]:
    return move(board, board.characters[action.character], action.to, action.facing)


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
    vehicle = board.vehicle(action.target)
    if vehicle is not None:
        firer = board.characters[action.character]
        return fire_at_vehicle(board, firer, action.weapon, vehicle, action.round)
    return fire(
        board,
        board.characters[action.character],
        action.weapon,
        action.target,
        round_id=action.round,
    )


def _throw(board: Board, action: Throw) -> list[Event]:
    return throw(
        board, board.characters[action.character], action.grenade, action.at, action.holding
    )


def _engage(board: Board, action: Engage) -> list[Event]:
    """3.7: attack within 1"; charge in and attack within a Move; else close in."""
    attacker = board.characters[action.character]
    defender = board.characters[action.target]
    kind = _engage_kind(board, attacker, action.target)
    if kind == "attack":
        return attack(board, attacker, defender, charged=False)
    if kind == "sprint":
        return sprint_in(board, attacker, defender)
    events = close_in(board, attacker, defender)
    if kind == "charge":
        return events + attack(board, attacker, defender, charged=True)
    engage_pair(attacker, defender)
    return events


def _aid(board: Board, action: FirstAid) -> list[Event]:
    return treat(
        board, board.characters[action.character], board.characters[action.patient], first_aid=True
    )


def _treat(board: Board, action: TreatInjury) -> list[Event]:
    return treat(
        board, board.characters[action.character], board.characters[action.patient], first_aid=False
    )


def _cover(board: Board, action: CoveringFire) -> list[Event]:
    events = cover(board, board.characters[action.character])
    assert board.go is not None
    board.go.special = True  # 3.6: he does nothing else this go
    return events


def _sprint(board: Board, action: Sprint) -> list[Event]:
    return sprint_to(board, board.characters[action.character], action.to)


def _hide(board: Board, action: Hide) -> list[Event]:
    return hide(board, board.characters[action.character], action.to)


def _auto_fire(board: Board, action: AutoFire) -> list[Event]:
    return auto_fire(board, board.characters[action.character], action.weapon, action.targets)


def _carry(board: Board, action: Carry) -> list[Event]:
    helper = None if action.helper is None else board.characters[action.helper]
    return carry(
        board,
        board.characters[action.character],
        board.characters[action.patient],
        action.to,
        helper,
    )


def _radio(board: Board, action: UseRadio) -> list[Event]:
    return use_radio(board, board.characters[action.character])


def _drive(board: Board, action: Drive) -> list[Event]:
    return drive(board, board.characters[action.character], action)


def _pilot(board: Board, action: Pilot) -> list[Event]:
    return fly(board, board.characters[action.character], action)


def _rope(board: Board, action: FastRope) -> list[Event]:
    return rope_down(board, board.characters[action.character], action)


def _get_in(board: Board, action: GetIn) -> list[Event]:
    return get_in(board, board.characters[action.character], action)


def _get_out(board: Board, action: GetOut) -> list[Event]:
    return get_out(board, board.characters[action.character], action)


HANDLERS: dict[type[Action], Callable[[Board, Any], list[Event]]] = {
    Move: _move,
    Stealth: _stealth,
    Aim: _aim,
    Fire: _fire,
    Throw: _throw,
    Engage: _engage,
    FirstAid: _aid,
    CoveringFire: _cover,
    Sprint: _sprint,
    Hide: _hide,
    AutoFire: _auto_fire,
    TreatInjury: _treat,
    Carry: _carry,
    UseRadio: _radio,
    Drive: _drive,
    GetIn: _get_in,
    GetOut: _get_out,
    Pilot: _pilot,
    FastRope: _rope,
}


def _watcher(board: Board, action: SnapFire | HoldFire) -> list[Event]:
    """3.6: the watcher fires once, at his target or the acting enemy (his watch is then
    over), or lets the moment pass."""
    events: list[Event] = []
    if isinstance(action, SnapFire):
        watcher = board.characters[action.character]
        assert board.go is not None
        target = action.target if action.target is not None else board.go.character
        events += fire(board, watcher, action.weapon, target, covering=True)
        watcher.covering = False
    return events + watcher_done(board)


def _live(board: Board, action: ThrowBack | LetLie) -> list[Event]:
    """3.2: a live grenade is thrown back or left; once it has gone off the go goes on."""
    if isinstance(action, ThrowBack):
        events = throw_back(board, board.characters[action.character], action.to)
    else:
        events = let_lie(board)
    if board.live is None:
        events += after_action(board)
    return events


def resolve(board: Board, action: Action) -> list[Event]:
    """Carry out a legal action, then the go goes on or ends."""
    go = board.go
    assert go is not None
    if isinstance(action, (ThrowBack, LetLie)):
        return _live(board, action)
    if isinstance(action, (SnapFire, HoldFire)):
        return _watcher(board, action)
    if isinstance(action, End):
        board.asking = []
        return end_go(board)
    character = board.characters[go.character]
    if not isinstance(action, Hide):
        character.hidden = False  # 4.2: Hiding lasts while he does nothing else
    special = isinstance(action, SPECIAL_ACTIONS) or (
        isinstance(action, Engage)
        and _engage_kind(board, character, action.target) in ("close", "sprint")
    )
    if special:
        go.special = True
    go.taken.append(type(action).__name__.lower())
    events = HANDLERS[type(action)](board, action)
    if board.winners is not None:
        board.go = None
        return events
    return events + after_action(board)
