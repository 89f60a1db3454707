"""Wounding a man (5.0/5.01): the damage roll against his Strength, the wound it leaves,
and death. Shared by shots, launcher bursts, grenades and hand to hand."""

from __future__ import annotations

from game.core.api import Event
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Contest, Modifier, roll_d6
from game.rules.five_five_six.combat.injury import (
    Wound,
    add_wound,
    mortal_rounds,
    wound_from_margin,
)
from game.rules.five_five_six.events import Died, Wounded
from game.rules.five_five_six.model import Character, Status
from game.rules.five_five_six.morale.play import after_death
from game.rules.five_five_six.rolls import check_rolled, contest_rolled
from game.rules.five_five_six.squads.second_chances import contest_again
from game.rules.five_five_six.vehicles.crash import damage_test
from game.rules.five_five_six.vehicles.data import Dice


def injure(board: Board, target: Character, contest: Contest) -> list[Event]:
    """5.0: the attacker rolls the damage TN, the target D6 + Strength against it; a
    wound from 5.01 is added to his others (a Mortal wound incapacitates him, dying in
    D6+1 turns; -5 or worse kills him)."""
    result = contest.roll(board.rng)
    events: list[Event] = list(
        contest_rolled("Damage", f"to {target.name}", target, "resists injury", result)
    )
    result, again = contest_again(board, target, "damage_strength", result)
    events += again
    return events + wound_by(board, target, result.margin)


def wound_by(board: Board, target: Character, margin: int) -> list[Event]:
    """5.01: the wound a damage test failed by ``margin`` leaves (none at 0 or more),
    added to his others; death and a Mortal wound's countdown follow."""
    events: list[Event] = []
    wound = wound_from_margin(margin)
    events.append(
        Wounded(character=target.id, label=target.name, wound="" if wound is None else wound.label)
    )
    if wound is None:
        return events
    target.wounds = list(add_wound(tuple(target.wounds), wound))
    if wound is Wound.DEAD:
        killed_before = sum(1 for c in board.side(target.side) if c.status is Status.DEAD)
        kill(target)
        events.append(Died(character=target.id, label=target.name, why="killed outright"))
        events += after_death(board, target, killed_before)
    elif target.effects.incapacitated and target.status is Status.ACTIVE:
        target.status = Status.INCAPACITATED
        target.dying_in = mortal_rounds(roll_d6(board.rng))
    return events


def kill(character: Character) -> None:
    character.status = Status.DEAD
    character.dying_in = None
    character.hidden = character.stealth = character.covering = False
    character.engaged = []


def suffer(
    board: Board,
    target: Character,
    tn: Dice,
    name: str,
    extra_roll: tuple[Modifier, ...] = (),
) -> list[Event]:
    """A Strength test against a damage TN as printed (12.11, 12.21, 12.51, 12.61): a
    rolled one (``D6+4``) is a contest, a fixed one a check, a fixed 0 or less never
    fails and is not rolled (Interpretation V16). The shortfall is a 5.01 wound."""
    if not tn.die and tn.plus <= 0:
        return []
    test = damage_test(tn, target.profile.strength, name=name, extra_roll=extra_roll)
    if isinstance(test, Contest):
        return injure(board, target, test)
    result = test.roll(board.rng)
    return [check_rolled(target, f"resists injury ({name})", result)] + wound_by(
        board, target, result.margin
    )
