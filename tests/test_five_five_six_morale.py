"""5.56mm 9.4 in play: who tests when a character is killed, the 9.01 results on later
goes, rallying; and the special skills' re-rolls (10.0: Nails, Sharpshooter, Fearless,
Leader)."""

from __future__ import annotations

from five_five_six_support import give_go, load_dice, new_game, only, place, see

from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Fire, Move, Stealth
from game.rules.five_five_six.checks import Contest, Modifier
from game.rules.five_five_six.combat.wounding import injure
from game.rules.five_five_six.morale.play import MoraleChanged, after_death, rally
from game.rules.five_five_six.squads.second_chances import Rerolled
from game.rules.five_five_six.turn.flow import end_go


def test_9_4_a_friend_killed_within_2_inches_calls_for_a_test() -> None:
    """5.56mm 9.4/9.01: D6 + Morale against 3; short by 3 or more he flees."""
    state = new_game(seed=41)
    board = state.board
    only(board, "alberto", "harris", "captain")
    place(board, "alberto", 10, 30)
    place(board, "harris", 11.5, 30)
    place(board, "captain", 10, 10, facing=90)
    harris = board.characters["harris"]
    from game.rules.five_five_six.combat.wounding import kill

    kill(harris)
    load_dice(board, 1)  # Alberto: 1 + 0 against 3: -2, withdrawing... (one test)
    events = after_death(board, harris, 0)
    changed = [e for e in events if isinstance(e, MoraleChanged)]
    assert [(e.character, e.state) for e in changed] == [("alberto", "withdrawing")]
    assert board.characters["alberto"].morale == "withdrawing"


def test_9_4_no_test_for_a_death_far_away() -> None:
    """One of ten dead is less than a quarter, and nobody is within 2" of him."""
    state = new_game(seed=41)
    board = state.board
    place(board, "harris", 2, 20)
    from game.rules.five_five_six.combat.wounding import kill

    kill(board.characters["harris"])
    assert after_death(board, board.characters["harris"], 0) == []


def test_9_01_a_withdrawing_character_only_moves_away_or_keeps_low() -> None:
    state = new_game(seed=42)
    board = state.board
    only(board, "alberto", "captain")
    place(board, "alberto", 30, 30)
    place(board, "captain", 30, 20, facing=90)
    board.characters["alberto"].morale = "withdrawing"
    give_go(board, "alberto", single=True)
    see(board, "alberto", "captain", 1.0)
    assert "9.01" in (state.why_not(Fire("alberto", "m16", "captain")) or "")
    assert "away from the enemy" in (state.why_not(Move("alberto", to_point(30, 27))) or "")
    assert state.why_not(Move("alberto", to_point(30, 33))) is None
    assert state.why_not(Stealth("alberto")) is None


def test_9_4_rallying_at_the_end_of_his_go() -> None:
    """5.56mm 9.4: after his go a fleeing character tests again; failing, the next
    rally is at +1 TN."""
    state = new_game(seed=42)
    board = state.board
    only(board, "alberto", "captain")
    alberto = board.characters["alberto"]
    alberto.morale = "fleeing"
    load_dice(board, 2)  # 2 + 0 < 3
    rally(board, alberto)
    assert alberto.morale == "fleeing" and alberto.failed_rallies == 1
    load_dice(board, 3)  # 3 + 0 < 3 + 1
    rally(board, alberto)
    assert alberto.failed_rallies == 2
    load_dice(board, 6)
    rally(board, alberto)
    assert alberto.morale == "steady" and alberto.failed_rallies == 0


def test_9_01_a_shaken_character_is_steady_after_one_go() -> None:
    state = new_game(seed=42)
    board = state.board
    only(board, "alberto", "captain")
    alberto = board.characters["alberto"]
    alberto.morale = "shaken"
    give_go(board, "alberto", single=True)
    end_go(board)
    assert alberto.morale == "steady"


def test_10_0_leader_within_8_inches_gives_a_re_roll_against_fleeing() -> None:
    """5.56mm 10.0 Leader: a friend within 8" re-rolls a failed Morale test."""
    state = new_game(seed=43)
    board = state.board
    only(board, "gunman_1", "captain", "havers")
    place(board, "gunman_1", 10, 10)
    place(board, "captain", 14, 10)  # Captain Farah has the Leader skill
    from game.rules.five_five_six.morale.play import take_tests

    load_dice(board, 1, 6)
    events = take_tests(board, board.characters["gunman_1"], 1)
    assert any(isinstance(e, Rerolled) for e in events)
    assert board.characters["gunman_1"].morale == "steady"


def test_10_0_nails_re_rolls_the_strength_test_once_a_game() -> None:
    """5.56mm 10.0 Nails: re-roll a Strength test against damage once a game, best."""
    state = new_game(seed=44)
    board = state.board
    delta = board.characters["delta_2"]  # SFC Shughart: Nails
    contest = Contest((Modifier("Damage", 4),), (Modifier("Strength", 1),))
    load_dice(board, 3, 1, 6)  # TN 7: 2 (-5, dead) then 7: unhurt
    events = injure(board, delta, contest)
    assert any(isinstance(e, Rerolled) for e in events)
    assert delta.wounds == [] and delta.rerolls_used == ["nails"]
    load_dice(board, 3, 1, 6)
    injure(board, delta, contest)
    assert delta.status.value == "dead"


def test_10_0_sharpshooter_takes_a_missed_shot_again() -> None:
    state = new_game(seed=45)
    board = state.board
    only(board, "delta_1", "captain")
    place(board, "delta_1", 30, 30)
    place(board, "captain", 30, 19, facing=90)
    give_go(board, "delta_1")
    see(board, "delta_1", "captain", 0.5)
    load_dice(board, 1, 1)  # 1 + Weapons 3 against Short 3 + full concealment 2: again, 1
    events = state.apply(Fire("delta_1", "m4", "captain"))
    assert [e.skill for e in events if isinstance(e, Rerolled)] == ["Sharpshooter"]
