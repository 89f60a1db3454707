"""5.56mm sections 8 and 10 read as rules: what a character's skills and equipment
change (traits.py)."""

from __future__ import annotations

from game.rules.five_five_six.squads.traits import (
    SPECIALIST_PENALTY,
    NamedBonus,
    allowed_actions,
    aura_rerolls,
    ignores_modifier,
    missing_skill,
    rerolls,
    roll_bonuses,
    turn_cards,
)


def test_five_five_six_10_elite_has_two_turn_cards() -> None:
    """5.56mm 2.3/10.0 Elite: two cards in the turn deck; everyone else one."""
    assert turn_cards(["elite", "nails"]) == 2
    assert turn_cards(["nails"]) == 1
    assert turn_cards([]) == 1


def test_five_five_six_10_tracker_and_black_belt_bonuses() -> None:
    """5.56mm 10.0: Tracker +1 to spot; Black-Belt +1 in hand-to-hand Strength tests."""
    assert roll_bonuses("spotting", ["tracker", "medic"]) == (NamedBonus("Tracker", 1),)
    assert roll_bonuses("melee_strength", ["black_belt"]) == (NamedBonus("Black-Belt", 1),)
    assert roll_bonuses("fire", ["tracker", "black_belt"]) == ()


def test_five_five_six_8_first_aid_kit_helps_first_aid_and_treat_injury() -> None:
    """5.56mm 8.0: a first aid kit is +1 to First Aid and to Treat Injury."""
    kit = (NamedBonus("First aid kit", 1),)
    assert roll_bonuses("first_aid", equipment=["first_aid_kit"]) == kit
    assert roll_bonuses("treat_injury", ["medic"], ["first_aid_kit"]) == kit
    assert roll_bonuses("spotting", equipment=["first_aid_kit"]) == ()


def test_five_five_six_10_rerolls_of_nails_sharpshooter_fearless() -> None:
    """5.56mm 10.0: Nails re-rolls a damage Strength test, Sharpshooter a failed Fire,
    Fearless a Morale test against fleeing, each once a game."""
    (nails,) = rerolls("damage_strength", ["nails", "fearless"])
    assert nails[0] == "nails" and nails[1].uses_per_game == 1
    (sharp,) = rerolls("fire", ["sharpshooter"])
    assert sharp[1].only_failed
    assert [s for s, _ in rerolls("morale_flee", ["fearless", "nails"])] == ["fearless"]


def test_five_five_six_10_leader_rerolls_within_8_inches() -> None:
    """5.56mm 10.0 Leader: a friend within 8" may re-roll a failed Morale test against
    fleeing; 8" itself is within, beyond it not."""
    assert [s for s, _ in aura_rerolls("morale_flee", ["leader"], 8.0)] == ["leader"]
    assert aura_rerolls("morale_flee", ["leader"], 8.01) == ()
    assert aura_rerolls("fire", ["leader"], 1.0) == ()
    assert aura_rerolls("morale_flee", ["medic"], 1.0) == ()


def test_five_five_six_4_4_4_9_medic_treats_radio_calls() -> None:
    """5.56mm 4.4/4.9/10.0: only a Medic may Treat Injury; Use Radio needs a radio."""
    assert allowed_actions(["medic"], []) == {"treat_injury"}
    assert allowed_actions([], ["patrol_radio"]) == {"use_radio"}
    assert allowed_actions(["nails"], ["body_armour"]) == frozenset()


def test_five_five_six_3_24_specialist_weapon_without_its_skill() -> None:
    """5.56mm 3.24/9.2: a sniper rifle, machinegun or heavy weapon without its skill is
    +2 TN; with it, or for any other weapon, nothing."""
    assert SPECIALIST_PENALTY == 2
    assert missing_skill("m21", []) == "sniper"
    assert missing_skill("m21", ["sniper"]) is None
    assert missing_skill("m60", ["sniper"]) == "machine_gunner"
    assert missing_skill("rpg", []) == "heavy_weapons"
    assert missing_skill("m16", []) is None
    assert missing_skill("frag", []) is None


def test_five_five_six_10_sniper_ignores_not_closest_target() -> None:
    """5.56mm 10.0 Sniper: ignores the +1 TN for not firing at the closest target."""
    assert ignores_modifier("not_closest_target", ["sniper"])
    assert not ignores_modifier("not_closest_target", ["sharpshooter"])
