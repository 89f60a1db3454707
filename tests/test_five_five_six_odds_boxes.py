"""The rules behind the 5.56mm odds boxes of Carry, Use Radio, Aim and Auto-Fire: the
rolls the boxes show are the rolls the rules make (one function for both)."""

from __future__ import annotations

from fractions import Fraction

from five_five_six_support import give_go, new_game, only, place, see

from game.core.api import DieRolled
from game.rules.five_five_six.actions import Aim, Carry, UseRadio
from game.rules.five_five_six.combat.arms import firearm
from game.rules.five_five_six.combat.autofire import extra_shot_modifiers, first_shot_modifiers
from game.rules.five_five_six.combat.fire_play import auto_fire_extra, auto_fire_profile, shot_check
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.events import Carried
from game.rules.five_five_six.movement.play import carry_odds, carry_roll, radio_roll
from game.rules.five_five_six.movement.rules import carry_check
from game.ui.tables.five_five_six.odds import Roll, preview


def test_carry_odds_follow_the_4_52_table() -> None:
    """5.56mm 4.51/4.52: Strength +0 carrying a Critical man (TN 2): a 1 gets nowhere,
    2 carries 3", 3 4", 4 5", 5 and 6 the full 6"."""
    odds = carry_odds(carry_check(Wound.CRITICAL, 0))
    sixth = Fraction(1, 6)
    assert odds == {0: sixth, 3: sixth, 4: sixth, 5: sixth, 6: 2 * sixth}
    mortal = carry_odds(carry_check(Wound.MORTAL, 0))  # TN 3: a 1 or a 2 fails
    assert mortal[0] == 2 * sixth and sum(mortal.values()) == 1


def test_carry_roll_is_the_roll_the_carry_makes() -> None:
    """4.5: the Carry box's roll (TN, Strength) is the one the action rolls."""
    state = new_game("crash_site")
    board = state.board
    only(board, "kay", "harris")
    place(board, "kay", 10, 30)
    place(board, "harris", 10, 31)
    board.characters["harris"].wounds = [Wound.CRITICAL]
    give_go(board, "kay")
    check = carry_roll(board, board.characters["kay"], board.characters["harris"])
    assert check.tn.value == 2 and check.chance == Fraction(5, 6)
    events = state.apply(Carry("kay", "harris", (1000, 2500)))
    rolled = [e for e in events if isinstance(e, DieRolled) and "carries" in e.purpose]
    assert len(rolled) == 1 and rolled[0].target == check.tn.value
    assert rolled[0].modifiers == tuple((m.name, m.value) for m in check.bonuses)
    assert any(isinstance(e, Carried) for e in events)


def test_radio_roll_uses_the_leader_within_2_inches() -> None:
    """4.9: D6 + Morale against the scenario's TN (crash site: 5); a leader within 2"
    with the better Morale lends it; farther away he does not."""
    state = new_game("crash_site")
    board = state.board
    leader = next(c for c in board.side(0) if c.profile.leader)
    kay = board.characters["kay"]
    place(board, "kay", 10, 30)
    place(board, leader.id, 10, 31.5)
    near = radio_roll(board, kay)
    assert near.tn.value == 5
    assert near.bonus == max(kay.profile.morale, leader.profile.morale)
    place(board, leader.id, 10, 20)
    far = radio_roll(board, kay)
    assert far.bonus == kay.profile.morale
    give_go(board, "kay")
    found = preview(state.view(0), UseRadio("kay"))
    assert found is not None and found.rolls[0].tn == 5 and found.overall == float(far.chance)


def test_aim_box_shows_the_shot_as_it_is_after_aim() -> None:
    """3.4: the Aim box's roll to hit is the roll the Fire after Aim makes (taken on a
    copy of the game), and its note is the same shot without Aim."""
    state = new_game("crash_site")
    board = state.board
    enemy = next(c for c in board.side(1) if c.status.name == "ACTIVE")
    only(board, "kay", enemy.id)
    place(board, "kay", 10, 30, facing=270)
    place(board, enemy.id, 10, 18, facing=90)
    see(board, "kay", enemy.id, 1.0)
    see(board, enemy.id, "kay", 1.0)
    give_go(board, "kay")
    kay = board.characters["kay"]
    found = preview(state.view(0), Aim("kay"))
    assert found is not None and found.title.endswith(enemy.name)
    plain = shot_check(board, kay, board.characters[enemy.id], "m16")
    after = state.clone()
    after.apply(Aim("kay"))
    aimed = shot_check(
        after.board, after.board.characters["kay"], after.board.characters[enemy.id], "m16"
    )
    assert plain is not None and aimed is not None and aimed.chance > plain.chance
    assert Roll.of(f"{firearm('m16').name} after Aim", aimed) in found.rolls
    assert found.overall == float(aimed.chance)
    assert "Aim" in " ".join(aimed.tn.lines()) + " ".join(str(b) for b in aimed.bonuses)


def test_auto_fire_extra_is_each_shots_modifiers() -> None:
    """4.3/7.7: the first shot carries the first-shot penalty; a later shot at a second
    target the extra-shot penalties by its distance from the first."""
    state = new_game("crash_site")
    board = state.board
    enemies = [c for c in board.side(1) if c.status.name == "ACTIVE"][:2]
    place(board, enemies[0].id, 10, 10)
    place(board, enemies[1].id, 13, 10)
    profile = auto_fire_profile(firearm("m16"))
    first, second = board.characters[enemies[0].id], board.characters[enemies[1].id]
    assert auto_fire_extra(board, profile, 0, first, first) == first_shot_modifiers(profile)
    assert auto_fire_extra(board, profile, 1, first, first) == extra_shot_modifiers(
        profile, 1, other_target=False, from_first_in=0.0
    )
    gap_in = board.gap(first, second) / 100
    assert auto_fire_extra(board, profile, 1, first, second) == extra_shot_modifiers(
        profile, 1, other_target=True, from_first_in=gap_in
    )
