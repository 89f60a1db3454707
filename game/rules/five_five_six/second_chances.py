"""Re-rolls from special skills (10.0), as the skill data says (``traits.py``): Nails
(a Strength test against damage, once a game, the better result), Sharpshooter (a failed
Fire action, once a game, the new roll), Fearless (a Morale test against fleeing, once a
game, the better result) and a Leader's aura (any friend within 8" re-rolls a failed
Morale test against fleeing, the new roll). A character uses a re-roll only when the
roll failed; uses per game are counted on the character."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import CheckResult, ContestResult, better, roll_d6
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.schema import Reroll, TestKind
from game.rules.five_five_six.traits import aura_rerolls, rerolls


@dataclass(frozen=True, kw_only=True)
class Rerolled(Event):
    tone: ClassVar[Tone] = Tone.ROLL
    character: str
    label: str
    skill: str
    margin: int

    def text(self) -> str:
        return f"{self.label} rolls again ({self.skill}): now {self.margin:+d} against the TN."


def _options(board: Board, character: Character, test: TestKind) -> list[tuple[str, Reroll]]:
    out = list(rerolls(test, character.profile.skills))
    for friend in board.fighting(character.side):
        if friend is character or not friend.profile.skills:
            continue
        out += aura_rerolls(test, friend.profile.skills, board.gap(friend, character) / 100)
    usable: list[tuple[str, Reroll]] = []
    for skill, how in out:
        if how.uses_per_game is not None:
            if character.rerolls_used.count(skill) >= how.uses_per_game:
                continue
        usable.append((skill, how))
    return usable


def _note(character: Character, skill: str, margin: int) -> Rerolled:
    name = catalog().skills[skill].name
    return Rerolled(character=character.id, label=character.name, skill=name, margin=margin)


def check_again(
    board: Board, character: Character, test: TestKind, result: CheckResult
) -> tuple[CheckResult, list[Event]]:
    """A failed check re-rolled by the first re-roll the character has for ``test``."""
    if result.success:
        return result, []
    for skill, how in _options(board, character, test):
        character.rerolls_used.append(skill)
        new = result.check.roll(board.rng)
        chosen = better(result, new) if how.keep == "best" else new
        return chosen, [_note(character, skill, chosen.margin)]
    return result, []


def contest_again(
    board: Board, character: Character, test: TestKind, result: ContestResult
) -> tuple[ContestResult, list[Event]]:
    """A failed roll against a rolled TN (damage) re-rolled, the same TN kept."""
    if result.success:
        return result, []
    for skill, how in _options(board, character, test):
        character.rerolls_used.append(skill)
        new = result.reroll(roll_d6(board.rng))
        chosen = better(result, new) if how.keep == "best" else new
        return chosen, [_note(character, skill, chosen.margin)]
    return result, []
