"""Resolving a legal action: one handler per action type, then the go's bookkeeping
(2.2: after two actions, or a special action, the go is over; watchers on Covering
Fire are asked after every action, 3.6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.api import Action, Event
from game.rules.five_five_six import actions as act
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


def _move(board: Board, action: act.Move) -> list[Event]:
    return move(board, board.characters[action.character], action.to, action.facing)


def _stealth(board: Board, action: act.Stealth) -> list[Event]:
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


def _aim(board: Board, action: act.Aim) -> list[Event]:
    character = board.characters[action.character]
    assert board.go is not None
    board.go.aimed = True
    return [Aimed(character=character.id, label=character.name, bonus=1)]


def _fire(board: Board, action: act.Fire) -> list[Event]:
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


def _throw(board: Board, action: act.Throw) -> list[Event]:
    return throw(
        board, board.characters[action.character], action.grenade, action.at, action.holding
    )


def _engage(board: Board, action: act.Engage) -> list[Event]:
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


def _aid(board: Board, action: act.FirstAid) -> list[Event]:
    return treat(
        board, board.characters[action.character], board.characters[action.patient], first_aid=True
    )


def _treat(board: Board, action: act.TreatInjury) -> list[Event]:
    return treat(
        board, board.characters[action.character], board.characters[action.patient], first_aid=False
    )


def _cover(board: Board, action: act.CoveringFire) -> list[Event]:
    events = cover(board, board.characters[action.character])
    assert board.go is not None
    board.go.special = True  # 3.6: he does nothing else this go
    return events


def _sprint(board: Board, action: act.Sprint) -> list[Event]:
    return sprint_to(board, board.characters[action.character], action.to)


def _hide(board: Board, action: act.Hide) -> list[Event]:
    return hide(board, board.characters[action.character], action.to)


def _auto_fire(board: Board, action: act.AutoFire) -> list[Event]:
    return auto_fire(board, board.characters[action.character], action.weapon, action.targets)


def _carry(board: Board, action: act.Carry) -> list[Event]:
    helper = None if action.helper is None else board.characters[action.helper]
    return carry(
        board,
        board.characters[action.character],
        board.characters[action.patient],
        action.to,
        helper,
    )


def _radio(board: Board, action: act.UseRadio) -> list[Event]:
    return use_radio(board, board.characters[action.character])


def _drive(board: Board, action: act.Drive) -> list[Event]:
    return drive(board, board.characters[action.character], action)


def _pilot(board: Board, action: act.Pilot) -> list[Event]:
    return fly(board, board.characters[action.character], action)


def _rope(board: Board, action: act.FastRope) -> list[Event]:
    return rope_down(board, board.characters[action.character], action)


def _get_in(board: Board, action: act.GetIn) -> list[Event]:
    return get_in(board, board.characters[action.character], action)


def _get_out(board: Board, action: act.GetOut) -> list[Event]:
    return get_out(board, board.characters[action.character], action)


HANDLERS: dict[type[Action], Callable[[Board, Any], list[Event]]] = {
    act.Move: _move,
    act.Stealth: _stealth,
    act.Aim: _aim,
    act.Fire: _fire,
    act.Throw: _throw,
    act.Engage: _engage,
    act.FirstAid: _aid,
    act.CoveringFire: _cover,
    act.Sprint: _sprint,
    act.Hide: _hide,
    act.AutoFire: _auto_fire,
    act.TreatInjury: _treat,
    act.Carry: _carry,
    act.UseRadio: _radio,
    act.Drive: _drive,
    act.GetIn: _get_in,
    act.GetOut: _get_out,
    act.Pilot: _pilot,
    act.FastRope: _rope,
}


def _watcher(board: Board, action: act.SnapFire | act.HoldFire) -> list[Event]:
    """3.6: the watcher fires once, at his target or the acting enemy (his watch is then
    over), or lets the moment pass."""
    events: list[Event] = []
    if isinstance(action, act.SnapFire):
        watcher = board.characters[action.character]
        assert board.go is not None
        target = action.target if action.target is not None else board.go.character
        events += fire(board, watcher, action.weapon, target, covering=True)
        watcher.covering = False
    return events + watcher_done(board)


def _live(board: Board, action: act.ThrowBack | act.LetLie) -> list[Event]:
    """3.2: a live grenade is thrown back or left; once it has gone off the go goes on."""
    if isinstance(action, act.ThrowBack):
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
    if isinstance(action, (act.ThrowBack, act.LetLie)):
        return _live(board, action)
    if isinstance(action, (act.SnapFire, act.HoldFire)):
        return _watcher(board, action)
    if isinstance(action, act.End):
        board.asking = []
        return end_go(board)
    character = board.characters[go.character]
    if not isinstance(action, act.Hide):
        character.hidden = False  # 4.2: Hiding lasts while he does nothing else
    special = isinstance(action, act.SPECIAL_ACTIONS) or (
        isinstance(action, act.Engage)
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
