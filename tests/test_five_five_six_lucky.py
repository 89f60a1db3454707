"""5.56mm 10.0 Lucky Bastard: D3 +1s rolled at the start of the game, at most one a
turn, added to his own rolls (rules version 2; Interpretation S29: spent when it turns a
failure into a success, or a killing wound into a Mortal one)."""

from __future__ import annotations

from dataclasses import replace

from five_five_six_support import load_dice, new_game

from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Check, Contest, Modifier, TargetNumber
from game.rules.five_five_six.combat.injury import Wound, wound_from_margin
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.ruleset import FiveFiveSix
from game.rules.five_five_six.squads.second_chances import (
    LuckRolled,
    LuckUsed,
    check_again,
    contest_again,
    lucky,
    roll_luck,
)


def _lucky_havers(version: str = "2") -> tuple[Board, Character]:
    state = FiveFiveSix().new_game(31, {"scenario": "crash_site"}, version)
    board = state.board
    havers = board.characters["havers"]
    havers.profile = replace(havers.profile, skills=("lucky_bastard",))
    return board, havers


def test_10_0_lucky_bastard_rolls_a_d3_of_plus_1s_at_the_start() -> None:
    """5.56mm 10.0: "roll a D3 at the start of the game": a D6 of 5 is a D3 of 3."""
    board, havers = _lucky_havers()
    load_dice(board, 5)
    events = roll_luck(board)
    assert havers.luck == 3
    assert events == [LuckRolled(character="havers", label=havers.name, luck=3)]
    assert "3 lucky +1" in events[0].text()


def test_10_0_a_lucky_plus_1_turns_a_miss_by_1_into_a_hit_once_a_turn() -> None:
    """5.56mm 10.0: "one +1 modifier per turn": a roll of 3 + 0 against TN 4 misses by 1;
    his +1 makes it 4, a success, and one +1 is gone; the same turn it is not used
    again; next turn it is."""
    board, havers = _lucky_havers()
    havers.luck = 2
    check = Check(TargetNumber(4, "Medium range"), (Modifier("Weapons", 0),))
    result, events = check_again(board, havers, "fire", check.resolve(3))
    assert result.success and result.total == 4
    assert Modifier("Lucky Bastard", 1) in result.check.bonuses
    assert events == [LuckUsed(character="havers", label=havers.name, left=1)]
    again, more = lucky(board, havers, check.resolve(3))
    assert not again.success and more == [] and havers.luck == 1
    board.turn += 1
    third, _ = lucky(board, havers, check.resolve(3))
    assert third.success and havers.luck == 0
    board.turn += 1
    last, _ = lucky(board, havers, check.resolve(3))
    assert not last.success  # none left


def test_10_0_luck_is_not_wasted_where_plus_1_cannot_save_the_roll() -> None:
    """A miss by 2 stays a miss and keeps his +1 for a better moment."""
    board, havers = _lucky_havers()
    havers.luck = 1
    check = Check(TargetNumber(5, "Long range"), (Modifier("Weapons", 0),))
    result, events = lucky(board, havers, check.resolve(3))
    assert not result.success and events == [] and havers.luck == 1


def test_10_0_luck_turns_a_killing_wound_into_a_mortal_one() -> None:
    """5.56mm 5.01 with 10.0: damage 6 + 4 = 10 against his 4 + Strength 1 = 5 is -5,
    dead; with his +1 it is -4, a Mortal wound."""
    board, havers = _lucky_havers()
    havers.luck = 1
    contest = Contest((Modifier("AK47 damage", 4),), (Modifier("Strength", 1),))
    result, events = contest_again(board, havers, "damage_strength", contest.resolve(6, 4))
    assert result.margin == -4 and wound_from_margin(result.margin) is Wound.MORTAL
    assert events and havers.luck == 0


def test_10_0_no_luck_in_rules_version_1_and_none_without_the_skill() -> None:
    board, havers = _lucky_havers("1")
    assert roll_luck(board) == [] and havers.luck == 0
    state = new_game()
    assert all(c.luck == 0 for c in state.board.characters.values())


def test_10_0_the_character_card_shows_the_luck_left() -> None:
    from game.ui.tables.five_five_six.paint import character_lines

    state = new_game()
    havers = state.board.characters["havers"]
    havers.luck = 2
    view = state.view(0)
    lines = [text for text, _ in character_lines(view, view.characters["havers"])]
    assert any("2 lucky +1 left" in text for text in lines)
