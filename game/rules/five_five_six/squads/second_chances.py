"""Second chances from special skills (10.0), as the skill data says (``squads/traits.py``).

Re-rolls: Nails (a Strength test against damage, once a game, the better result),
Sharpshooter (a failed Fire action, once a game, the new roll), Fearless (a Morale test
against fleeing, once a game, the better result) and a Leader's aura (any friend within
8" re-rolls a failed Morale test against fleeing, the new roll). A character uses a
re-roll only when the roll failed; uses per game are counted on the character.

Lucky Bastard (rules version 2): D3 +1s rolled at the start of the game
(:func:`roll_luck`), at most one a turn, added to one of his own rolls after he sees it
(:func:`lucky`): spent when the +1 turns a failed roll into a success, or turns a
killing wound into a Mortal one (Interpretation S29)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from game.core.api import Event, Tone
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import (
    Check,
    CheckResult,
    Contest,
    ContestResult,
    Modifier,
    better,
    roll_d3,
    roll_d6,
)
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.schema import Reroll, TestKind
from game.rules.five_five_six.squads.traits import aura_rerolls, rerolls

R = TypeVar("R", CheckResult, ContestResult)


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
    """A failed check re-rolled by the first re-roll the character has for ``test``,
    then Lucky Bastard's +1 if it still fails by 1."""
    if result.success:
        return result, []
    for skill, how in _options(board, character, test):
        character.rerolls_used.append(skill)
        new = result.check.roll(board.rng)
        chosen = better(result, new) if how.keep == "best" else new
        chosen, luck = lucky(board, character, chosen)
        return chosen, [_note(character, skill, chosen.margin), *luck]
    return lucky(board, character, result)


def contest_again(
    board: Board, character: Character, test: TestKind, result: ContestResult
) -> tuple[ContestResult, list[Event]]:
    """A failed roll against a rolled TN (damage) re-rolled, the same TN kept; then
    Lucky Bastard's +1 (on damage also to be wounded Mortally instead of killed)."""
    if result.success:
        return result, []
    damage = test == "damage_strength"
    for skill, how in _options(board, character, test):
        character.rerolls_used.append(skill)
        new = result.reroll(roll_d6(board.rng))
        chosen = better(result, new) if how.keep == "best" else new
        chosen, luck = lucky(board, character, chosen, damage=damage)
        return chosen, [_note(character, skill, chosen.margin), *luck]
    return lucky(board, character, result, damage=damage)


@dataclass(frozen=True, kw_only=True)
class LuckRolled(Event):
    tone: ClassVar[Tone] = Tone.ROLL
    character: str
    label: str
    luck: int

    def text(self) -> str:
        return f"{self.label} is a Lucky Bastard: {self.luck} lucky +1 to spend this battle."


@dataclass(frozen=True, kw_only=True)
class LuckUsed(Event):
    tone: ClassVar[Tone] = Tone.GOOD
    character: str
    label: str
    left: int

    def text(self) -> str:
        return f"{self.label} gets lucky (+1); {self.left} left."


LUCKY = "lucky_bastard"


def roll_luck(board: Board) -> list[Event]:
    """10.0 Lucky Bastard: at the start of the game each character with the skill rolls
    a D3 (the skill data's ``bonus_pool``): that many +1s (rules version 2)."""
    if board.setting.version < 2:
        return []
    pool = catalog().skills[LUCKY].bonus_pool
    assert pool is not None
    events: list[Event] = []
    for character in sorted(board.characters.values(), key=lambda c: c.id):
        if character.profile.has(LUCKY):
            character.luck = roll_d3(board.rng) if pool.dice == "d3" else roll_d6(board.rng)
            events.append(
                LuckRolled(character=character.id, label=character.name, luck=character.luck)
            )
    return events


def luck_left(board: Board, character: Character) -> int:
    """The +1 a Lucky Bastard may still add this turn (0: none left, or used this turn)."""
    pool = catalog().skills[LUCKY].bonus_pool
    if character.luck <= 0 or pool is None or character.luck_turn == board.turn:
        return 0
    return pool.value


def lucky(
    board: Board, character: Character, result: R, *, damage: bool = False
) -> tuple[R, list[Event]]:
    """10.0 Lucky Bastard: his +1 added to a roll of his that it saves: a failure that
    becomes a success, or (``damage``) a killing wound that becomes a Mortal one (5.01:
    -5 or worse is death, -4 a Mortal wound). One a turn; the roll shows it by name."""
    value = luck_left(board, character)
    if value == 0 or result.success:
        return result, []
    saves = result.margin + value >= 0 or (damage and result.margin == -5)
    if not saves:
        return result, []
    character.luck -= 1
    character.luck_turn = board.turn
    used = LuckUsed(character=character.id, label=character.name, left=character.luck)
    return with_bonus(result, Modifier("Lucky Bastard", value)), [used]


def with_bonus(result: R, bonus: Modifier) -> R:
    """The same dice read with one more bonus on the rolling side."""
    if isinstance(result, CheckResult):
        check: Check = result.check
        return Check(check.tn, (*check.bonuses, bonus)).resolve(result.roll)
    contest: Contest = result.contest
    return Contest(contest.tn_bonuses, (*contest.bonuses, bonus)).resolve(
        result.tn_roll, result.roll
    )
