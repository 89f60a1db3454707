"""Morale in play (9.4): who must test when a character is killed, the 9.01 results
as the state of the character, what they let him do on his goes, and rallying at the
end of each of his goes.

Tests are called for (``morale.morale_triggers``) when the squad leader is killed or
starts to flee (every friend tests), when a friend is killed within 2", and for each
quarter of the squad killed (every friend tests, once per quarter crossed). A character
tests once per reason; the worst result counts. A failed test may be re-rolled by a
Fearless character (once) or within 8" of a Leader (``second_chances``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.maps.tabletop import Point
from game.maps.tabletop_measure import distance
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.model import Character, Status
from game.rules.five_five_six.morale.rules import (
    MoraleResult,
    morale_check,
    morale_result,
    morale_triggers,
)
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.rolls import check_rolled
from game.rules.five_five_six.squads.second_chances import check_again

ORDER = (
    MoraleResult.STEADY,
    MoraleResult.SHAKEN,
    MoraleResult.WITHDRAWING,
    MoraleResult.FLEEING,
)


@dataclass(frozen=True, kw_only=True)
class MoraleChanged(Event):
    tone: ClassVar[Tone] = Tone.BAD
    character: str
    label: str
    state: str

    def text(self) -> str:
        words = {
            "steady": "steadies himself and fights on",
            "shaken": "is shaken: he backs away on his next go",
            "withdrawing": "loses heart and withdraws",
            "fleeing": "breaks and flees",
        }
        return f"{self.label} {words[self.state]}."


def squad_size(board: Board, seat: int) -> int:
    """The squad the scenario fields (reserves who came on count from then on)."""
    return sum(1 for c in board.side(seat) if c.status is not Status.RESERVE)


def after_death(board: Board, dead: Character, killed_before: int) -> list[Event]:
    """9.4: the dead man's friends test (``killed_before``: his side's dead before)."""
    seat = dead.side
    killed_now = sum(1 for c in board.side(seat) if c.status is Status.DEAD)
    events: list[Event] = []
    leader_lost = dead.profile.leader
    for friend in sorted(board.fighting(seat), key=lambda c: c.id):
        triggers = morale_triggers(
            leader_killed_or_fleeing=leader_lost,
            nearest_friend_killed_in=board.gap(friend, dead) / 100,
            squad_size=max(squad_size(board, seat), killed_now),
            killed_before=killed_before,
            killed_now=killed_now,
        )
        events += take_tests(board, friend, triggers.tests)
    return events


def take_tests(board: Board, character: Character, tests: int) -> list[Event]:
    """``tests`` Morale tests (9.4): the worst result stands; a leader who breaks makes
    every friend test in turn."""
    worst = MoraleResult.STEADY
    events: list[Event] = []
    for _ in range(tests):
        check = morale_check(character.profile.morale, extra=penalties(board, character))
        result = check.roll(board.rng)
        events.append(check_rolled(character, "tests his morale", result))
        result, again = check_again(board, character, "morale_flee", result)
        events += again
        found = morale_result(result.margin)
        if ORDER.index(found) > ORDER.index(worst):
            worst = found
    if worst is MoraleResult.STEADY:
        return events
    before = MoraleResult(character.morale)
    if ORDER.index(worst) <= ORDER.index(before):
        return events
    character.morale = worst.value
    events.append(MoraleChanged(character=character.id, label=character.name, state=worst.value))
    if character.profile.leader and worst is MoraleResult.FLEEING:
        for friend in sorted(board.fighting(character.side), key=lambda c: c.id):
            if friend is not character:
                events += take_tests(board, friend, 1)
    return events


def rally(board: Board, character: Character) -> list[Event]:
    """9.4: at the end of his go a withdrawing or fleeing character tests again (+1 TN
    for each rally failed before): passing, he fights on. A shaken one is steady again
    after the go he backed away in."""
    state = MoraleResult(character.morale)
    if state is MoraleResult.SHAKEN:
        character.morale = MoraleResult.STEADY.value
        return [MoraleChanged(character=character.id, label=character.name, state="steady")]
    if not state.rallies_needed or not character.can_act:
        return []
    check = morale_check(
        character.profile.morale,
        failed_rallies=character.failed_rallies,
        extra=penalties(board, character),
    )
    result = check.roll(board.rng)
    events: list[Event] = [check_rolled(character, "tries to rally", result)]
    result, again = check_again(board, character, "morale_flee", result)
    events += again
    if result.success:
        character.morale = MoraleResult.STEADY.value
        character.failed_rallies = 0
        events.append(MoraleChanged(character=character.id, label=character.name, state="steady"))
    else:
        character.failed_rallies += 1
    return events


def nearest_enemy(board: Board, character: Character, at: Point | None = None) -> float | None:
    """Centre to centre, hundredths, to the nearest enemy on the table."""
    here = character.pos if at is None else at
    found = [distance(here, e.pos) for e in board.enemies_of(character.side)]
    return min(found) if found else None


def away(board: Board, character: Character, to: Point) -> bool:
    """9.01: a move "away from the enemy" ends farther from the nearest enemy."""
    now = nearest_enemy(board, character)
    then = nearest_enemy(board, character, to)
    return now is None or then is None or then > now
