"""5.56mm 3.2-3.4 and 4.3 on the board: who may be fired at, the spotting roll, the TN
with its modifiers, Aim, two Fire actions, Auto-Fire, and injuries (5.0/5.01)."""

from __future__ import annotations

from five_five_six_support import give_go, load_dice, new_game, only, place, see

from game.core.api import DieRolled
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Aim, AutoFire, Fire, Stealth
from game.rules.five_five_six.checks import Contest, Modifier
from game.rules.five_five_six.combat.fire_play import shot_check, spotting_checks
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.combat.wounding import injure
from game.rules.five_five_six.events import NotSpotted, ShotFired, Wounded
from game.rules.five_five_six.model import Status


def _duel(*keep: str, seed: int = 21):  # type: ignore[no-untyped-def]
    """Havers (M4, Weapons +1) at 30,30 facing up; the captain 10" up the table."""
    state = new_game(seed=seed)
    board = state.board
    only(board, "havers", "captain", *keep)
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 19, facing=90)
    give_go(board, "havers")
    return state, board


def _mods(check: object) -> dict[str, int]:
    tn = check.tn  # type: ignore[attr-defined]
    return {m.name: m.value for m in tn.modifiers}


def test_3_23_range_category_tn_for_the_m4() -> None:
    """5.56mm 3.23: 10" base to base is Short range for an M4 (Short from 6", Medium
    from 12"): TN 3, rolled with D6 + Weapons +1."""
    state, board = _duel()
    see(board, "havers", "captain", 1.0)
    check = shot_check(board, board.characters["havers"], board.characters["captain"], "m4")
    assert check is not None
    assert check.tn.base == 3 and check.bonus == 1


def test_2_0_a_target_behind_him_is_outside_his_field_of_sight() -> None:
    """5.56mm 2.0: 180 degrees from the front of the miniature."""
    state, board = _duel()
    board.characters["havers"].facing = 90  # facing down the table, away from him
    reason = state.why_not(Fire("havers", "m4", "captain"))
    assert reason is not None and "field of sight" in reason


def test_3_2_no_line_of_sight_no_shot() -> None:
    state, board = _duel()
    see(board, "havers", "captain", 0.0)
    assert "line of sight" in (state.why_not(Fire("havers", "m4", "captain")) or "")


def test_7_0_beyond_maximum_range_no_shot() -> None:
    """5.56mm 7.0: the M9's Maximum Range is 18"."""
    state, board = _duel()
    board.characters["havers"].profile = board.characters["simpson"].profile  # M21, M9
    place(board, "captain", 30, 10)
    see(board, "havers", "captain", 1.0)
    assert "range bands" in (state.why_not(Fire("havers", "m9", "captain")) or "")
    assert state.why_not(Fire("havers", "m21", "captain")) is None


def test_3_2_half_in_sight_needs_no_spotting_roll() -> None:
    """5.56mm 3.2: with 50% or more of the target in sight he may fire at once."""
    state, board = _duel()
    see(board, "havers", "captain", 0.5)
    assert spotting_checks(board, board.characters["havers"], board.characters["captain"]) == ()


def test_3_21_less_than_half_in_sight_needs_the_spotting_roll() -> None:
    """5.56mm 3.21/3.22: under 50% in sight he rolls D6 + Morale against the distance
    TN (10": 4), +1 with less than 25% in sight; a failure means no shot."""
    state, board = _duel()
    see(board, "havers", "captain", 0.2)
    checks = spotting_checks(board, board.characters["havers"], board.characters["captain"])
    assert len(checks) == 1
    assert checks[0].tn.base == 4 and _mods(checks[0]) == {"Less than 25% in sight": 1}
    assert checks[0].bonus == 2  # Morale +2
    load_dice(board, 1)  # 1 + 2 = 3 < 5
    events = state.apply(Fire("havers", "m4", "captain"))
    assert any(isinstance(e, NotSpotted) for e in events)
    assert not any(isinstance(e, ShotFired) for e in events)


def test_3_22_a_target_who_fired_and_did_not_move_is_easier_to_spot() -> None:
    """5.56mm 3.22: +2 to the Morale roll against an enemy who fired this turn (or last
    turn and has not moved)."""
    state, board = _duel()
    see(board, "havers", "captain", 0.3)
    captain = board.characters["captain"]
    captain.fired_turn, captain.moved_since_fired = board.turn - 1, False
    check = spotting_checks(board, board.characters["havers"], captain)[0]
    assert {m.name: m.value for m in check.bonuses}["Target fired and has not moved"] == 2
    captain.moved_since_fired = True
    check = spotting_checks(board, board.characters["havers"], captain)[0]
    assert "Target fired and has not moved" not in {m.name for m in check.bonuses}


def test_3_3_stealth_adds_1_to_the_tn_until_his_next_go() -> None:
    """5.56mm 3.3: a character using Stealth counts as in partial concealment: +1 TN."""
    state, board = _duel()
    see(board, "havers", "captain", 1.0)
    board.characters["captain"].stealth = True
    check = shot_check(board, board.characters["havers"], board.characters["captain"], "m4")
    assert check is not None and _mods(check)["Target using Stealth"] == 1


def test_3_24_partial_concealment_adds_1_full_adds_2() -> None:
    """5.56mm 3.24: 25% obscured +1, 50% obscured +2."""
    state, board = _duel()
    havers, captain = board.characters["havers"], board.characters["captain"]
    see(board, "havers", "captain", 0.7)
    assert _mods(shot_check(board, havers, captain, "m4"))["Partial concealment"] == 1
    see(board, "havers", "captain", 0.5)
    assert _mods(shot_check(board, havers, captain, "m4"))["Full concealment"] == 2


def test_3_24_a_target_not_the_closest_best_seen_enemy_is_plus_1() -> None:
    """5.56mm 3.24: +1 for a target who is not the closest enemy he sees best."""
    state, board = _duel("gunman_1")
    place(board, "gunman_1", 31, 24)
    see(board, "havers", "captain", 1.0)
    see(board, "havers", "gunman_1", 1.0)
    havers = board.characters["havers"]
    far = shot_check(board, havers, board.characters["captain"], "m4")
    near = shot_check(board, havers, board.characters["gunman_1"], "m4")
    assert far is not None and near is not None
    assert _mods(far)["Not the closest enemy in best sight"] == 1
    assert "Not the closest enemy in best sight" not in _mods(near)


def test_3_4_aim_first_gives_plus_1_to_the_fire_after_it() -> None:
    """5.56mm 3.4: Aim as the first action: +1 to the Fire action that follows."""
    state, board = _duel()
    see(board, "havers", "captain", 1.0)
    state.apply(Aim("havers"))
    check = shot_check(board, board.characters["havers"], board.characters["captain"], "m4")
    assert check is not None and {m.name: m.value for m in check.bonuses}["Aim"] == 1


def test_3_4_aim_as_the_second_action_is_refused() -> None:
    state, board = _duel()
    state.apply(Stealth("havers"))
    assert "first action" in (state.why_not(Aim("havers")) or "")


def test_3_2_two_fire_actions_must_be_at_the_same_target() -> None:
    """5.56mm 3.2: two Fire actions in a go at the same target; two targets need
    Auto-Fire."""
    state, board = _duel("gunman_1")
    place(board, "gunman_1", 32, 19, facing=90)
    see(board, "havers", "captain", 1.0)
    see(board, "havers", "gunman_1", 1.0)
    load_dice(board, 2, 2)
    state.apply(Fire("havers", "m4", "captain"))
    assert "same target" in (state.why_not(Fire("havers", "m4", "gunman_1")) or "")
    assert state.why_not(Fire("havers", "m4", "captain")) is None


def test_4_3_auto_fire_at_two_targets_within_2_inches() -> None:
    """5.56mm 4.3: an assault rifle Auto-Fires once more, at the target or another within
    2" of him (+1 TN); it is a special action."""
    state, board = _duel("gunman_1", "gunman_2")
    place(board, "gunman_1", 31.5, 19, facing=90)
    place(board, "gunman_2", 34, 19, facing=90)
    for who in ("captain", "gunman_1", "gunman_2"):
        see(board, "havers", who, 1.0)
    assert state.why_not(AutoFire("havers", "m4", ("captain", "gunman_1"))) is None
    assert "more than 2" in (state.why_not(AutoFire("havers", "m4", ("captain", "gunman_2"))) or "")
    assert "Auto-Fires 1" in (
        state.why_not(AutoFire("havers", "m4", ("captain", "captain", "captain"))) or ""
    )
    load_dice(board, 1, 1)
    events = state.apply(AutoFire("havers", "m4", ("captain", "gunman_1")))
    assert [e.target for e in events if isinstance(e, ShotFired)] == ["captain", "gunman_1"]


def test_4_3_a_handgun_cannot_auto_fire() -> None:
    state, board = _duel()
    board.characters["havers"].profile = board.characters["simpson"].profile
    see(board, "havers", "captain", 1.0)
    assert "cannot Auto-Fire" in (
        state.why_not(AutoFire("havers", "m9", ("captain", "captain"))) or ""
    )


def test_9_2_a_specialist_weapon_without_the_skill_is_plus_2() -> None:
    """5.56mm 9.2: a machinegun without the Machine Gunner skill: +2 TN."""
    state, board = _duel()
    havers = board.characters["havers"]
    havers.profile = board.characters["johnson"].profile  # SAW with Machine Gunner
    see(board, "havers", "captain", 1.0)
    captain = board.characters["captain"]
    assert "Specialist weapon without the skill" not in _mods(
        shot_check(board, havers, captain, "saw")
    )
    from dataclasses import replace

    havers.profile = replace(havers.profile, skills=())
    assert (
        _mods(shot_check(board, havers, captain, "saw"))["Specialist weapon without the skill"] == 2
    )


def test_5_01_wound_results_by_margin() -> None:
    """5.56mm 5.01: the defender's D6 + Strength against the damage TN: -2 Serious,
    -4 Mortal (incapacitated, dying in D6+1), -5 Dead."""
    state, board = _duel()
    captain = board.characters["captain"]  # Strength +1
    contest = Contest((Modifier("Damage", 4),), (Modifier("Strength", 1),))
    load_dice(board, 5, 2)  # TN 9, he makes 3: -6
    events = injure(board, captain, contest)
    assert captain.status is Status.DEAD
    assert [e.wound for e in events if isinstance(e, Wounded)] == ["Dead"]
    other = board.characters["havers"]  # Strength +1
    load_dice(board, 3, 3, 4)  # TN 7, he makes 4: -3 Critical
    injure(board, other, contest)
    assert other.wounds == [Wound.CRITICAL] and other.status is Status.ACTIVE
    load_dice(board, 6, 5, 2)  # TN 10, 6: -4 Mortal, dying in 2 + 1 turns
    injure(board, other, contest)
    assert other.status is Status.INCAPACITATED and other.dying_in == 3


def test_5_01_wound_penalties_stack_on_his_rolls() -> None:
    """5.56mm 5.01: a wounded firer's TNs carry every wound's penalty (+1 and +2)."""
    state, board = _duel()
    havers = board.characters["havers"]
    havers.wounds = [Wound.SERIOUS, Wound.CRITICAL]
    see(board, "havers", "captain", 1.0)
    check = shot_check(board, havers, board.characters["captain"], "m4")
    assert check is not None and _mods(check)["Wounds"] == 3


def test_3_2_a_hit_rolls_damage_and_reports_the_dice() -> None:
    state, board = _duel()
    see(board, "havers", "captain", 1.0)
    load_dice(board, 6, 1, 1)  # hits; damage 1 + 4 = 5 against 1 + 1 = 2: -3 Critical
    events = state.apply(Fire("havers", "m4", "captain"))
    shot = [e for e in events if isinstance(e, ShotFired)]
    assert shot and shot[0].hit
    rolls = [e for e in events if isinstance(e, DieRolled)]
    assert rolls[0].target == 3 and rolls[0].total == 7  # Short range, D6 6 + Weapons 1
    assert board.characters["captain"].wounds == [Wound.CRITICAL]


def test_9_2_firing_reveals_him_for_the_spotting_bonus() -> None:
    state, board = _duel()
    see(board, "havers", "captain", 1.0)
    load_dice(board, 1)
    state.apply(Fire("havers", "m4", "captain"))
    havers = board.characters["havers"]
    assert havers.fired_turn == board.turn and not havers.moved_since_fired
    assert to_point(30, 30) == havers.pos


def test_4_2_failing_to_spot_a_hiding_enemy_leaves_the_action() -> None:
    """5.56mm 4.2 (Interpretation S7): failing to spot a Hiding enemy, he may do
    something else with the action, but not fire at that enemy again this go."""
    state, board = _duel()
    see(board, "havers", "captain", 0.8)
    board.characters["captain"].hidden = True
    load_dice(board, 1)  # 1 + Morale 2 against 4.24 at 10" (6) +1 partial: fails
    events = state.apply(Fire("havers", "m4", "captain"))
    assert any(isinstance(e, NotSpotted) for e in events)
    go = board.go
    assert go is not None and go.character == "havers" and go.left == 2
    assert "could not make out" in (state.why_not(Fire("havers", "m4", "captain")) or "")


def test_3_2_failing_to_spot_an_enemy_in_the_open_spends_the_action() -> None:
    """5.56mm 3.2 (Interpretation S7): the Mujahideen example: he fails to spot the
    sniper, cannot fire at him, and the action is gone."""
    state, board = _duel()
    see(board, "havers", "captain", 0.3)
    load_dice(board, 1)
    state.apply(Fire("havers", "m4", "captain"))
    go = board.go
    assert go is not None and go.left == 1


def test_7_9_a_law_hits_with_its_damage_and_blast_and_is_spent() -> None:
    """5.56mm 7.9/7.91: the target hit takes D6 + 12; a man within 1" of him D6 + 8;
    the LAW fires once."""
    state, board = _duel("gunman_1")
    board.characters["havers"].profile = board.characters["danton"].profile  # LAW, M16
    board.characters["havers"].ammo = dict(board.characters["danton"].ammo)
    place(board, "gunman_1", 31.2, 19, facing=90)
    see(board, "havers", "captain", 1.0)
    load_dice(board, 6, 1, 6, 1, 6)  # hit; captain 1+12 vs 6+1; gunman 1+8 vs 6+0
    events = state.apply(Fire("havers", "law", "captain"))
    hurt = [e.character for e in events if isinstance(e, Wounded)]
    assert hurt == ["captain", "gunman_1"]
    assert board.characters["havers"].empty == ("law",)
    assert "out of ammunition" in (state.why_not(Fire("havers", "law", "captain")) or "")


def test_7_0_an_ammo_low_weapon_may_run_dry_on_a_1() -> None:
    """5.56mm 7.0: Ammo-Low, a 1 to hit calls for an Ammo roll; below AMMO (M4: 4) it is
    empty."""
    state, board = _duel()
    havers = board.characters["havers"]
    havers.ammo["m4"] = "low"
    see(board, "havers", "captain", 1.0)
    load_dice(board, 1, 3)
    events = state.apply(Fire("havers", "m4", "captain"))
    rolls = [
        e
        for e in events
        if isinstance(e, DieRolled) and e.purpose.startswith("rolls for ammunition")
    ]
    assert rolls and rolls[0].faces == (3,)
    assert havers.empty == ("m4",)


def test_7_9_the_rpg_makes_an_ammo_roll_after_every_shot() -> None:
    state, board = _duel()
    board.characters["havers"].profile = board.characters["rpg_man"].profile
    board.characters["havers"].ammo = dict(board.characters["rpg_man"].ammo)
    see(board, "havers", "captain", 1.0)
    load_dice(board, 2, 6)  # a miss (2 + 1 < TN), then the Ammo roll: 6, rounds left
    events = state.apply(Fire("havers", "rpg", "captain"))
    assert [
        e.faces
        for e in events
        if isinstance(e, DieRolled) and e.purpose.startswith("rolls for ammunition")
    ] == [(6,)]
    assert board.characters["havers"].empty == ()


def test_explain_a_shot_lists_range_tn_modifiers_and_exact_outcomes() -> None:
    """The calculator: range in inches and category, the TN with its modifiers, the
    ability, and outcomes (not spotted, miss, each 5.01 result) adding up to 1."""
    state, board = _duel()
    see(board, "havers", "captain", 0.3)
    answer = state.explain(Fire("havers", "m4", "captain"))
    numbers = answer.numbers
    assert numbers["range_in"] == 10.0 and numbers["range_category"] == "short"
    assert numbers["target_number"] == 5 and numbers["ability"] == 1
    assert "Full concealment +2" in numbers["modifiers"]
    assert numbers["spotting_target_number"] == 4  # 8" to 16"; 30% in view: no +1
    assert abs(sum(answer.outcomes.values()) - 1.0) < 1e-9
    assert abs(answer.outcomes["not spotted"] - 1 / 6) < 1e-9  # D6 + Morale 2 >= 4 on 2+


def test_2_3_worked_example_the_ranger_hits_on_6() -> None:
    """5.56mm 2.3/3.23: the Ranger (Weapons +2, M16) fires at a Somali 22" away in
    partial concealment: Long range 5 +1 = TN 6; he rolls 4: 4 + 2 = 6, a hit."""
    from dataclasses import replace

    state, board = _duel()
    havers = board.characters["havers"]
    havers.profile = replace(board.characters["alberto"].profile, weapons=2)  # an M16
    place(board, "captain", 30, 7, facing=90)  # 22" base to base
    see(board, "havers", "captain", 0.7)
    see(board, "captain", "havers", 1.0)  # the Somali sees him: no +1 for that
    load_dice(board, 4, 6, 6)
    events = state.apply(Fire("havers", "m16", "captain"))
    shot = [e for e in events if isinstance(e, DieRolled)][0]
    assert (shot.target, shot.total, shot.success) == (6, 6, True)


def test_3_22_worked_example_the_mujahideen_cannot_spot_the_sniper() -> None:
    """5.56mm 3.21/3.22: the sniper about 30" away (TN 5) uses Stealth (+1) and less than 25%
    of him is in sight (+1): TN 7. He fired last turn and has not moved: +2 to the
    Mujahid's Morale roll (+0). A 4 makes 6: not spotted, no shot."""
    state, board = _duel()
    board.characters["havers"].profile = board.characters["alberto"].profile  # Morale +0
    captain = board.characters["captain"]
    place(board, "captain", 30, 0.5, facing=90)  # 28.5" base to base: 16" to 32", TN 5
    captain.stealth = True
    captain.fired_turn, captain.moved_since_fired = board.turn - 1, False
    see(board, "havers", "captain", 0.2)
    check = spotting_checks(board, board.characters["havers"], captain)[0]
    assert check.tn.value == 7 and check.bonus == 2
    load_dice(board, 4)
    events = state.apply(Fire("havers", "m16", "captain"))
    assert any(isinstance(e, NotSpotted) for e in events)


def test_7_4_a_shot_from_the_mp5sd_does_not_give_the_firer_away() -> None:
    """5.56mm 7.4: firing the suppressed MP5SD, "characters do not receive the +2 modifier
    to their Morale rolls for trying to spot him"; his next shot with anything else does
    (rules version 2)."""
    from dataclasses import replace

    state, board = _duel()
    captain = board.characters["captain"]
    captain.profile = replace(captain.profile, gear=("mp5sd", "ak47"))
    captain.ammo = {"mp5sd": "supplied", "ak47": "supplied"}
    give_go(board, "captain")
    see(board, "captain", "havers", 1.0)
    load_dice(board, 1, 1)  # a miss, nothing else
    state.apply(Fire("captain", "mp5sd", "havers"))
    see(board, "havers", "captain", 0.3)
    check = spotting_checks(board, board.characters["havers"], captain)[0]
    assert "Target fired and has not moved" not in {m.name for m in check.bonuses}
    assert captain.fired_silenced
    give_go(board, "captain")
    load_dice(board, 1, 1)
    state.apply(Fire("captain", "ak47", "havers"))
    check = spotting_checks(board, board.characters["havers"], captain)[0]
    assert {m.name: m.value for m in check.bonuses}["Target fired and has not moved"] == 2


def _behind(board, viewer: str, target: str, piece, share: float) -> None:  # type: ignore[no-untyped-def]
    """Pin the sight between two characters: ``share`` in view, ``piece`` in the way."""
    from game.maps.tabletop_geometry import Sight

    a, b = board.characters[viewer], board.characters[target]
    board.setting.sight_memo[(a.pos, b.pos)] = Sight(
        clear=share > 0,
        visible_share=share,
        in_terrain=True,
        cover=piece.cover,
        blockers=(piece,),
        viewer_in=(),
        target_in=(),
        lines_blocked=5,
        lines=5,
    )


def test_8_0_a_thermal_sight_fires_through_cover_and_8_03_the_cover_adds_to_strength() -> None:
    """5.56mm 8.0: with a thermal imaging sight a man hidden behind a wall can be fired at
    through it, his concealment ignored, no spotting roll; 8.03: hit, he adds the cover's
    bonus to his Strength roll (light +2: a wooden fence), behind heavy cover (brick)
    he passes automatically (rules version 2)."""
    from dataclasses import replace

    state, board = _duel()
    havers = board.characters["havers"]
    wall = next(p for p in board.setting.table.pieces if p.name == "Yard wall")
    _behind(board, "havers", "captain", wall, 0.0)
    assert "line of sight" in (state.why_not(Fire("havers", "m4", "captain")) or "")
    havers.profile = replace(havers.profile, gear=(*havers.profile.gear, "thermal_imaging_sight"))
    assert state.why_not(Fire("havers", "m4", "captain")) is None
    assert spotting_checks(board, havers, board.characters["captain"]) == ()
    check = shot_check(board, havers, board.characters["captain"], "m4")
    assert check is not None and "Full concealment" not in _mods(check)
    load_dice(board, 6)  # a hit: brick stops it, no damage roll
    events = state.apply(Fire("havers", "m4", "captain"))
    assert not [e for e in events if isinstance(e, DieRolled) and "injury" in e.purpose]
    assert board.characters["captain"].wounds == []
    fence = replace(wall, cover="soft", name="Wooden fence")
    give_go(board, "havers")
    _behind(board, "havers", "captain", fence, 0.0)
    load_dice(board, 6, 1, 1)
    events = state.apply(Fire("havers", "m4", "captain"))
    roll = [e for e in events if isinstance(e, DieRolled) and e.purpose == "resists injury"][0]
    assert ("Cover", 2) in roll.modifiers
